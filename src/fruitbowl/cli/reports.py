"""Human-readable tables for ``fruitbowl simulate``, ``bench`` and ``review``, and the progress
the study commands show on stderr while they work."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from fruitbowl.engine.wording import _, ngettext
from fruitbowl.i18n import fixed, shortest
from fruitbowl.sim import BenchResult, SimulationResult
from fruitbowl.sim.counts import games_count, players_count
from fruitbowl.sim.review import Review

from .crash import stop_code


def print_simulation(console: Console, result: SimulationResult) -> None:
    options = ", ".join(f"{k}={v}" for k, v in result.options.items())
    console.print(
        _("[bold]{game}[/bold]: {games}, {players}, seed {seed}, options {options}").format(
            game=result.game,
            games=games_count(result.games),
            players=players_count(result.players),
            seed=result.seed,
            options=options or _("none"),
        )
    )
    table = Table()
    table.add_column(_("Seat"), justify="right")
    table.add_column(_("Bot"))
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Win %"), justify="right")
    table.add_column(_("95% interval"), justify="right")
    table.add_column(_("Mean score"), justify="right")
    for seat, bot in enumerate(result.bots):
        wins = result.wins[seat]
        low, high = result.win_ci95[seat]
        table.add_row(
            str(seat + 1),
            bot,
            shortest(wins),
            fixed(100 * wins / result.games, 1),
            f"{fixed(100 * low, 1)}–{fixed(100 * high, 1)}",
            fixed(result.mean_scores[seat], 2),
        )
    console.print(table)
    console.print(
        "[dim]" + _("Shared wins count as fractions; 95% interval: Wilson score interval of Win %.") + "[/dim]"
    )
    console.print(
        _("{actions} actions per game · {truncated} truncated · {seconds} s").format(
            actions=fixed(result.mean_actions, 1), truncated=result.truncated, seconds=fixed(result.seconds, 2)
        )
    )


def print_bench(console: Console, results: Sequence[BenchResult], seconds: float, runs: int) -> None:
    title = ngettext(
        "Random playouts, one core: {runs} run of about {seconds} s",
        "Random playouts, one core: median of {runs} runs of about {seconds} s",
        runs,
    ).format(runs=runs, seconds=shortest(seconds))
    table = Table(title=title)
    table.add_column(_("Game"))
    table.add_column(_("Players"), justify="right")
    table.add_column(_("Actions/s"), justify="right")
    table.add_column(_("Games/s"), justify="right")
    for result in results:
        table.add_row(
            result.game, str(result.players), fixed(result.actions_per_s, 0, True), fixed(result.games_per_s, 1, True)
        )
    console.print(table)


def print_review(console: Console, result: Review, png: Path) -> None:
    """The turning points of a reviewed game, and where its chart was saved, in the language being
    spoken (as the chart is)."""
    table = Table(title=_("Turning points"), title_style="bold")
    table.add_column(_("Move"), justify="right")
    table.add_column(_("Played"))
    for name in result.names:
        table.add_column(name, justify="right")
    for point in result.swings:
        mover = result.movers[point]
        who = result.names[mover] if mover is not None and mover >= 0 else ""
        before, after = result.chances[point - 1], result.chances[point]
        cells = [f"{b:.0%} → {a:.0%}" for b, a in zip(before, after, strict=True)]
        table.add_row(result.span(point), f"{who}: {result.moves[point]}", *cells)
    console.print(table)
    console.print(_("Chart saved to {path}").format(path=png), soft_wrap=True)


def progress_bar() -> Progress:
    """A bar on stderr while a study command works, labelled by its task's description; on a
    terminal only (piped, it would print a blank line and nothing more, so it is left out)."""
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    return Progress(*columns, console=console, transient=True, disable=not console.is_terminal)


def bench_step(game: str, run: int, runs: int, measured: dict[str, float]) -> str:
    """One line of ``bench``'s progress: a timed run and what it measured."""
    rate = measured["actions"] / measured["seconds"]
    return _("{game}: run {run} of {runs}: {rate} actions/s").format(
        game=game, run=run, runs=runs, rate=fixed(rate, 0, True)
    )


def interrupted(message: str) -> typer.Exit:
    """After Ctrl-C (or SIGTERM) in a study command, inside its ``except KeyboardInterrupt``:
    ``message`` as one line on stderr, and the exit to raise (code 130, or 143 after SIGTERM)."""
    sys.stderr.write(f"{message}\n")
    sys.stderr.flush()
    return typer.Exit(stop_code(sys.exc_info()[1]))
