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

from fruitbowl.engine.wording import _
from fruitbowl.sim import BenchResult, SimulationResult
from fruitbowl.sim.review import Review

from .crash import stop_code


def print_simulation(console: Console, result: SimulationResult) -> None:
    options = ", ".join(f"{k}={v}" for k, v in result.options.items())
    console.print(
        f"[bold]{result.game}[/bold]: {result.games} games, {result.players} players, seed {result.seed}, "
        f"options {options or 'none'}"
    )
    table = Table()
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column("Wins", justify="right")
    table.add_column("Win %", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Mean score", justify="right")
    for seat, bot in enumerate(result.bots):
        wins = result.wins[seat]
        low, high = result.win_ci95[seat]
        table.add_row(
            str(seat + 1),
            bot,
            f"{wins:g}",
            f"{100 * wins / result.games:.1f}",
            f"{100 * low:.1f}–{100 * high:.1f}",
            f"{result.mean_scores[seat]:.2f}",
        )
    console.print(table)
    console.print("[dim]Shared wins count as fractions; 95% interval: Wilson score interval of Win %.[/dim]")
    console.print(f"{result.mean_actions:.1f} actions per game · {result.truncated} truncated · {result.seconds:.2f} s")


def print_bench(console: Console, results: Sequence[BenchResult], seconds: float, runs: int) -> None:
    table = Table(title=f"Random playouts, one core: median of {runs} run(s) of about {seconds:g} s")
    table.add_column("Game")
    table.add_column("Players", justify="right")
    table.add_column("Actions/s", justify="right")
    table.add_column("Games/s", justify="right")
    for result in results:
        table.add_row(result.game, str(result.players), f"{result.actions_per_s:,.0f}", f"{result.games_per_s:,.1f}")
    console.print(table)


def print_review(console: Console, result: Review, png: Path) -> None:
    """The turning points of a reviewed game, and where its chart was saved (in the language being
    spoken; the chart's own words stay English, as its fonts may lack another script)."""
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
    return f"{game}: run {run} of {runs}: {rate:,.0f} actions/s"


def interrupted(message: str) -> typer.Exit:
    """After Ctrl-C (or SIGTERM) in a study command, inside its ``except KeyboardInterrupt``:
    ``message`` as one line on stderr, and the exit to raise (code 130, or 143 after SIGTERM)."""
    sys.stderr.write(f"{message}\n")
    sys.stderr.flush()
    return typer.Exit(stop_code(sys.exc_info()[1]))
