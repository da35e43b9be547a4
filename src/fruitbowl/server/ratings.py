"""Ratings of people and of the built-in bots, per game (issue 26).

A finished table is **rated** when every person at it plays under an account (a guest's seat
makes the game unrated), no stand-in bot ever played for anyone, it was no tutorial, and at least
two different players sat at it; the built-in bots are rated players too, each level under its
``bot:`` name. The update is OpenSkill's Plackett-Luce (:func:`fruitbowl.sim.ratings.rate_game`,
the tournaments' own), from the result's places, made in the same database transaction as the
game's last move, and stored with the rating after each game (a rating over time). A table is
rated at most once.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from fruitbowl.bots import bot_label
from fruitbowl.engine.wording import _
from fruitbowl.sim.ratings import default_rating, rate_game

from .accounts import name_key
from .db import (
    AccountRow,
    AccountSeatRow,
    ArenaBotRow,
    ArenaSeatRow,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    TableRow,
    aware,
    now,
)
from .errors import NotFound

#: Rating keys: an account's, a built-in bot level's, an arena bot's.
ACCOUNT, BOT, ARENA = "account:", "bot:", "arena:"
#: How many players a leaderboard and a profile's recent games show.
LEADERBOARD_SIZE, RECENT_GAMES = 50, 20


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate: the player is very probably at least this good."""
    return mu - 3 * sigma


def rated_players(db: Session, table_id: str, result: dict[str, Any]) -> list[str] | None:
    """Each seat's rating key, or ``None`` when the game is not rated (see the module's rule)."""
    table = db.get(TableRow, table_id)
    if table is None or not table.rated or table.tutorial is not None or result.get("stand_ins"):
        return None
    seats = db.execute(select(SeatRow.seat, SeatRow.controller).where(SeatRow.table_id == table_id)).all()
    owners = dict(
        db.execute(
            select(AccountSeatRow.seat, AccountSeatRow.account_id).where(AccountSeatRow.table_id == table_id)
        ).all()
    )
    arena = dict(
        db.execute(select(ArenaSeatRow.seat, ArenaSeatRow.bot_id).where(ArenaSeatRow.table_id == table_id)).all()
    )
    players: list[str] = []
    for seat, controller in sorted(seats):
        if controller != "human":
            players.append(f"{BOT}{controller}")
        elif seat in owners:
            players.append(f"{ACCOUNT}{owners[seat]}")
        elif seat in arena:
            players.append(f"{ARENA}{arena[seat]}")
        else:
            return None  # a guest at the table
    rated = len(set(players)) > 1 and any(not p.startswith(BOT) for p in players)
    return players if rated else None


def rate_finished(db: Session, table_id: str, game: str, result: dict[str, Any]) -> None:
    """Rate a table whose game just ended, inside the transaction that stores its last move."""
    players = rated_players(db, table_id, result)
    places = result.get("places")
    if players is None or not places or len(places) != len(players):
        return
    if db.scalar(select(RatingChangeRow.table_id).where(RatingChangeRow.table_id == table_id).limit(1)):
        return  # rated already
    stored = {
        r.player: r for r in db.scalars(select(RatingRow).where(RatingRow.game == game, RatingRow.player.in_(players)))
    }
    current = {p: (r.mu, r.sigma) for p, r in stored.items()}
    updated = rate_game(current, players, [float(p) for p in places])
    winners = set(result.get("winners") or [])
    for seat, player in enumerate(players):
        mu, sigma = updated[player]
        row = stored.get(player)
        before = row.ordinal if row is not None else ordinal(*default_rating())
        if row is None:
            row = stored[player] = RatingRow(player=player, game=game, games=0, wins=0.0)
            db.add(row)
        row.mu, row.sigma, row.ordinal, row.updated_at = mu, sigma, ordinal(mu, sigma), now()
        row.games += 1
        row.wins += 1 / len(winners) if seat in winners else 0.0
        db.add(
            RatingChangeRow(
                table_id=table_id,
                player=player,
                game=game,
                before=before,
                ordinal=row.ordinal,
                mu=mu,
                sigma=sigma,
                place=int(places[seat]),
            )
        )


def _display(db: Session, players: list[str]) -> dict[str, str]:
    """The names players are shown under: an account's name, a bot level's label ("Hard bot")."""
    ids = [p.removeprefix(ACCOUNT) for p in players if p.startswith(ACCOUNT)]
    names = dict(db.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids))).all()) if ids else {}
    bots = [p.removeprefix(ARENA) for p in players if p.startswith(ARENA)]
    if bots:
        names.update(db.execute(select(ArenaBotRow.id, ArenaBotRow.name).where(ArenaBotRow.id.in_(bots))).all())
    shown = {}
    for p in players:
        if p.startswith(BOT):
            shown[p] = f"{bot_label(p.removeprefix(BOT))} bot"
        else:
            shown[p] = names.get(p.split(":", 1)[1], "Former player")
    return shown


def _rating_json(row: RatingRow) -> dict[str, Any]:
    return {
        "game": row.game,
        "rating": round(row.ordinal, 2),
        "mu": round(row.mu, 3),
        "sigma": round(row.sigma, 3),
        "games": row.games,
        "wins": round(row.wins, 2),
    }


def player_key(db: Session, name: str) -> tuple[str, str]:
    """(rating key, name as shown) for an account's name or a bot's ``bot:<level>`` name."""
    if name.casefold().startswith(BOT):
        level = name[len(BOT) :]
        return f"{BOT}{level}", f"{bot_label(level)} bot"
    if name.casefold().startswith(ARENA):
        bot = db.scalar(select(ArenaBotRow).where(ArenaBotRow.name_key == name_key(name[len(ARENA) :])))
        if bot is None:
            raise NotFound(_("there is no arena bot named {name!r}").format(name=name[len(ARENA) :]))
        return f"{ARENA}{bot.id}", bot.name
    row = db.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
    if row is None:
        raise NotFound(_("there is no player named {name!r}").format(name=name))
    return f"{ACCOUNT}{row.id}", row.name


def profile(db: Session, name: str) -> dict[str, Any]:
    """A player's page: ratings per game, games played and won, recent rated games, the rating over time."""
    key, shown = player_key(db, name)
    ratings = db.scalars(select(RatingRow).where(RatingRow.player == key).order_by(RatingRow.game)).all()
    if not ratings and key.startswith(BOT):
        raise NotFound(_("there is no rated player named {name!r}").format(name=name))
    changes = db.execute(
        select(RatingChangeRow, TableRow.result)
        .join(TableRow, TableRow.id == RatingChangeRow.table_id)
        .where(RatingChangeRow.player == key)
        .order_by(RatingChangeRow.at.desc())
        .limit(RECENT_GAMES)
    ).all()
    return {
        "name": shown,
        "kind": "bot" if key.startswith(BOT) else "arena" if key.startswith(ARENA) else "account",
        "ratings": [_rating_json(r) for r in ratings],
        "games": sum(r.games for r in ratings),
        "wins": round(sum(r.wins for r in ratings), 2),
        "recent": [
            {
                "table": c.table_id,
                "game": c.game,
                "place": c.place,
                "rating_before": round(c.before, 2),
                "rating": round(c.ordinal, 2),
                "at": aware(c.at).isoformat(),
                "replay": f"/t/{c.table_id}?replay=1",
                "review": f"/api/tables/{c.table_id}/review",
                "scores": (result or {}).get("scores"),
            }
            for c, result in changes
        ],
    }


def leaderboard(db: Session, game: str, bots_only: bool = False) -> dict[str, Any]:
    """The best ratings of a game (conservative estimate first) with their uncertainty; the
    arena's (``bots_only``): its bots and the built-in ones."""
    chosen = select(RatingRow).where(RatingRow.game == game)
    if bots_only:
        chosen = chosen.where(RatingRow.player.like(f"{ARENA}%") | RatingRow.player.like(f"{BOT}%"))
    rows = db.scalars(chosen.order_by(RatingRow.ordinal.desc()).limit(LEADERBOARD_SIZE)).all()
    shown = _display(db, [r.player for r in rows])
    return {
        "game": game,
        "players": [
            {
                "rank": i + 1,
                "name": shown[r.player],
                "bot": r.player.startswith(BOT),
                "arena": r.player.startswith(ARENA),
                "handle": (  # GET /api/players/{handle}
                    r.player
                    if r.player.startswith(BOT)
                    else f"{ARENA}{shown[r.player]}"
                    if r.player.startswith(ARENA)
                    else shown[r.player]
                ),
                **_rating_json(r),
            }
            for i, r in enumerate(rows)
        ],
    }
