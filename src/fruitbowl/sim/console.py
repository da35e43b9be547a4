"""Terminal output for ``fruitbowl tournament`` and ``fruitbowl analyze`` (Rich tables)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from fruitbowl.engine import get_game

from .tournament import TournamentResult


def print_tournament(console: Console, result: TournamentResult) -> None:
    spec = result.spec
    defaults = get_game(spec.game).validate_options(None, spec.players)
    options = ", ".join(f"{k}={v}" for k, v in spec.options.items() if defaults.get(k) != v) or "defaults"
    console.print(
        f"[bold]{spec.game}[/bold] {spec.format} tournament [bold]{result.id}[/bold]: "
        f"{len(spec.tables())} table(s) × {spec.games_per_table} games"
        f"{' (duplicate: each deal once per seat rotation, the same deals at every table)' if spec.duplicate else ''}, "
        f"{spec.players} players, "
        f"seed {spec.seed}, options {options}"
    )
    status = "complete" if result.complete else f"{result.total - len(result.games)} still to play"
    backend = f" on {result.backend} ×{result.workers}" if result.backend else ""
    console.print(
        f"{len(result.games)}/{result.total} games stored ({result.played_now} played now{backend}, "
        f"{result.seconds:.1f} s) · {status}"
    )
    table = Table(title="OpenSkill ratings (Plackett-Luce); ordinal = mu − 3·sigma", title_justify="left")
    for column in ("Rank", "Bot", "Ordinal", "Mu", "Sigma", "Games", "Wins", "Win %"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for rank, rating in enumerate(result.ratings, start=1):
        share = 100 * rating.wins / rating.games if rating.games else 0.0
        table.add_row(
            str(rank),
            rating.bot,
            f"{rating.ordinal:.2f}",
            f"{rating.mu:.2f}",
            f"{rating.sigma:.2f}",
            str(rating.games),
            f"{rating.wins:g}",
            f"{share:.1f}",
        )
    console.print(table)
    if result.games:
        wins = result.seat_wins()
        seats = " · ".join(f"seat {i + 1} {100 * w / len(result.games):.1f}%" for i, w in enumerate(wins))
        console.print(f"wins by seat: {seats}")
    console.print(f"stored in {result.db}")
    console.print(f"report: fruitbowl analyze {spec.game} --tournament {result.id}" + _db_hint(result.db))


def _db_hint(url: str) -> str:
    from .storage import default_db_url

    return "" if url == default_db_url() else f" --db {url}"


def print_analysis(console: Console, data: dict[str, Any], html: str | None) -> None:
    console.print(f"[bold]{data['title']}[/bold]: {data['games']} games, {data['players']} players")
    table = Table(title="Seat order (win rate, 95% CI)", title_justify="left")
    for column in ("Seat", "Win %", "95% CI", "Mean score", "≠ 1/P"):
        table.add_column(column, justify="right")
    for seat in data["seats"]:
        low, high = seat["ci95"]
        table.add_row(
            str(seat["seat"]),
            f"{100 * seat['rate']:.1f}",
            f"{100 * low:.1f}–{100 * high:.1f}",
            "–" if seat["mean_score"] is None else f"{seat['mean_score']:.2f}",
            "yes" if seat["differs_from_even"] else "no",
        )
    console.print(table)
    length = data["length"]
    console.print(f"game length: mean {length['mean']:.1f} actions (median {length['median']}, max {length['max']})")
    for category in data["components"]:
        ranked = [it for it in category["items"] if it["corr"] is not None and it["used_by"] >= 10]
        if len(ranked) < 2:
            continue
        best = max(ranked, key=lambda it: it["corr"])
        worst = min(ranked, key=lambda it: it["corr"])
        console.print(
            f"{category['category']}: goes with winning most {best['name']} (r={best['corr']:+.2f}), "
            f"least {worst['name']} (r={worst['corr']:+.2f})"
        )
    if html is not None:
        console.print(f"report: {html}")
