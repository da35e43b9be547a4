"""Terminal output for ``fruitbowl tournament`` and ``fruitbowl analyze`` (Rich tables)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from fruitbowl.engine import get_game
from fruitbowl.engine.wording import _, ngettext
from fruitbowl.i18n import fixed, shortest

from .components import category_label, component_label
from .counts import games_count, players_count, tables_count
from .tournament import TournamentResult


def print_tournament(console: Console, result: TournamentResult) -> None:
    spec = result.spec
    defaults = get_game(spec.game).validate_options(None, spec.players)
    options = ", ".join(f"{k}={v}" for k, v in spec.options.items() if defaults.get(k) != v) or _("defaults")
    about = (
        _(
            "[bold]{game}[/bold] {format} tournament [bold]{id}[/bold]: {tables} × {games} "
            "(duplicate: each deal once per seat rotation, the same deals at every table), {players}, "
            "seed {seed}, options {options}"
        )
        if spec.duplicate
        else _(
            "[bold]{game}[/bold] {format} tournament [bold]{id}[/bold]: {tables} × {games}, "
            "{players}, seed {seed}, options {options}"
        )
    )
    console.print(
        about.format(
            game=spec.game,
            format=spec.format,
            id=result.id,
            tables=tables_count(len(spec.tables())),
            games=games_count(spec.games_per_table),
            players=players_count(spec.players),
            seed=spec.seed,
            options=options,
        )
    )
    status = _("complete") if result.complete else _("{n} still to play").format(n=result.total - len(result.games))
    stored = (
        ngettext(
            "{stored}/{total} game stored ({now} played now on {backend} ×{workers}, {seconds} s) · {status}",
            "{stored}/{total} games stored ({now} played now on {backend} ×{workers}, {seconds} s) · {status}",
            result.total,
        )
        if result.backend
        else ngettext(
            "{stored}/{total} game stored ({now} played now, {seconds} s) · {status}",
            "{stored}/{total} games stored ({now} played now, {seconds} s) · {status}",
            result.total,
        )
    )
    console.print(
        stored.format(
            stored=len(result.games),
            total=result.total,
            now=result.played_now,
            backend=result.backend,
            workers=result.workers,
            seconds=fixed(result.seconds, 1),
            status=status,
        )
    )
    table = Table(title=_("OpenSkill ratings (Plackett-Luce); ordinal = mu − 3·sigma"), title_justify="left")
    table.add_column(_("Rank"), justify="right")
    table.add_column(_("Bot"), justify="left")
    for column in (_("Ordinal"), _("Mu"), _("Sigma"), _("Games"), _("Wins"), _("Win %")):
        table.add_column(column, justify="right")
    for rank, rating in enumerate(result.ratings, start=1):
        share = 100 * rating.wins / rating.games if rating.games else 0.0
        table.add_row(
            str(rank),
            rating.bot,
            fixed(rating.ordinal, 2),
            fixed(rating.mu, 2),
            fixed(rating.sigma, 2),
            str(rating.games),
            shortest(rating.wins),
            fixed(share, 1),
        )
    console.print(table)
    if result.games:
        wins = result.seat_wins()
        seats = " · ".join(
            _("seat {seat} {share}%").format(seat=i + 1, share=fixed(100 * w / len(result.games), 1))
            for i, w in enumerate(wins)
        )
        console.print(_("wins by seat: {seats}").format(seats=seats))
    console.print(_("stored in {db}").format(db=result.db))
    command = f"fruitbowl analyze {spec.game} --tournament {result.id}" + _db_hint(result.db)
    console.print(_("report: {report}").format(report=command))


def _db_hint(url: str) -> str:
    from .storage import default_db_url

    return "" if url == default_db_url() else f" --db {url}"


def _signed(value: float) -> str:
    """``value`` with two decimals and its sign, as ``:+.2f`` writes it, the language's way."""
    text = fixed(value, 2)
    return text if text.startswith("-") else f"+{text}"


def print_analysis(console: Console, data: dict[str, Any], html: str | None) -> None:
    console.print(
        _("[bold]{title}[/bold]: {games}, {players}").format(
            title=_(data["title"]), games=games_count(data["games"]), players=players_count(data["players"])
        )
    )
    table = Table(title=_("Seat order (win rate, 95% CI)"), title_justify="left")
    for column in (_("Seat"), _("Win %"), _("95% CI"), _("Mean score"), _("≠ 1/P")):
        table.add_column(column, justify="right")
    for seat in data["seats"]:
        low, high = seat["ci95"]
        table.add_row(
            str(seat["seat"]),
            fixed(100 * seat["rate"], 1),
            f"{fixed(100 * low, 1)}–{fixed(100 * high, 1)}",
            "–" if seat["mean_score"] is None else fixed(seat["mean_score"], 2),
            _("yes") if seat["differs_from_even"] else _("no"),
        )
    console.print(table)
    length = data["length"]
    console.print(
        _("game length: mean {mean} actions (median {median}, max {max})").format(
            mean=fixed(length["mean"], 1), median=fixed(length["median"], 1), max=length["max"]
        )
    )
    for category in data["components"]:
        ranked = [it for it in category["items"] if it["corr"] is not None and it["used_by"] >= 10]
        if len(ranked) < 2:
            continue
        best = max(ranked, key=lambda it: it["corr"])
        worst = min(ranked, key=lambda it: it["corr"])
        console.print(
            _("{category}: goes with winning most {best} (r={best_r}), least {worst} (r={worst_r})").format(
                category=category_label(data["game"], category["category"]),
                best=component_label(data["game"], category["category"], best["name"]),
                best_r=_signed(best["corr"]),
                worst=component_label(data["game"], category["category"], worst["name"]),
                worst_r=_signed(worst["corr"]),
            )
        )
    if html is not None:
        console.print(_("report: {report}").format(report=html))
