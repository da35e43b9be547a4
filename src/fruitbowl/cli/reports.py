"""Human-readable tables for ``fruitbowl simulate``, ``bench`` and ``review``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from fruitbowl.sim import BenchResult, SimulationResult
from fruitbowl.sim.review import Review


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
    table.add_column("Mean score", justify="right")
    for seat, bot in enumerate(result.bots):
        wins = result.wins[seat]
        table.add_row(
            str(seat + 1),
            bot,
            f"{wins:g}",
            f"{100 * wins / result.games:.1f}",
            f"{result.mean_scores[seat]:.2f}",
        )
    console.print(table)
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
    """The turning points of a reviewed game, and where its chart was saved."""
    table = Table(title="Turning points", title_style="bold")
    table.add_column("Move", justify="right")
    table.add_column("Played")
    for name in result.names:
        table.add_column(name, justify="right")
    for point in result.swings:
        mover = result.movers[point]
        who = result.names[mover] if mover is not None and mover >= 0 else ""
        before, after = result.chances[point - 1], result.chances[point]
        cells = [f"{b:.0%} → {a:.0%}" for b, a in zip(before, after, strict=True)]
        table.add_row(str(point), f"{who}: {result.moves[point]}", *cells)
    console.print(table)
    console.print(f"Chart saved to {png}", soft_wrap=True)
