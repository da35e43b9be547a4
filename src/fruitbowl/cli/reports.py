"""Human-readable tables for ``fruitbowl simulate`` and ``fruitbowl bench``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from fruitbowl.sim import BenchResult, SimulationResult


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
