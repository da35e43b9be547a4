"""The bot arena (issue 26): anyone's bot plays these games by the same rules as a person.

A signed-in player registers a bot (``POST /api/bots``) and gets its token once. The bot's client
asks with that token (``X-Bot-Token``) for its seats and their seat tokens, then plays each seat
through the ordinary table API: it sees only its seat's view, moves only on its turn, and the
table's clock applies to it as to anyone. A host seats a registered bot with an invitation of
their table (as they would send a friend); a bot may instead queue for a game
(``POST /api/arena/queue``): two queued bots are matched at a new table, and a bot that waited
:data:`MATCH_WAIT` seconds alone meets the built-in bot of the suggested level. Arena bots are
rated players (``arena:<id>``), on the arena's leaderboard beside the built-in bots.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from fruitbowl.engine import get_game
from fruitbowl.engine.wording import _

from .accounts import SignedIn, check_account_name, name_key
from .clocks import parse_time_control
from .db import ArenaBotRow, ArenaQueueRow, ArenaSeatRow, SeatRow, TableRow, aware, now
from .errors import BadRequest, Conflict, Forbidden, NotFound
from .live import CreatedTable, SeatRequest, hash_token, suggested_bot

#: What the arena asks of the table service (``TableService.create`` and ``.join``): new tables,
#: and seats taken by invitation.
CreateTable = Callable[..., Awaitable[CreatedTable]]
JoinTable = Callable[[str, str | None, str | None], Awaitable[tuple[int, str]]]


#: Seconds a queued bot waits for another arena bot before it meets a built-in one.
MATCH_WAIT = 10.0
#: Bots one account may register.
MAX_BOTS = 10
#: The arena's time control: a bot that stops answering loses its seat to the stand-in (and the
#: game its rating), so no table waits for ever.
ARENA_CLOCK = {"kind": "realtime", "base_s": 300, "increment_s": 5}


class Arena:
    def __init__(
        self, sessions: sessionmaker[Session], create: CreateTable, join: JoinTable, match_wait: float = MATCH_WAIT
    ):
        self.sessions, self.create, self.join, self.match_wait = sessions, create, join, match_wait
        self.matching = asyncio.Lock()  # one match made at a time in this process

    # ------------------------------------------------------------------ registering

    def register(self, owner: SignedIn, name: object) -> dict[str, str]:
        """A new bot of the signed-in player: its name and its token (shown this once)."""
        cleaned = check_account_name(name)
        token = "bot_" + secrets.token_urlsafe(24)
        with self.sessions.begin() as db:
            count = len(db.scalars(select(ArenaBotRow.id).where(ArenaBotRow.account_id == owner.account_id)).all())
            if count >= MAX_BOTS:
                raise Conflict(_("an account may register at most {most} bots").format(most=MAX_BOTS))
            try:
                with db.begin_nested():
                    db.add(
                        ArenaBotRow(
                            id=secrets.token_urlsafe(9),
                            name=cleaned,
                            name_key=name_key(cleaned),
                            account_id=owner.account_id,
                            token_hash=hash_token(token),
                        )
                    )
            except IntegrityError:
                raise Conflict(
                    _("a bot named '{name}' exists (names are compared without regard to case)").format(name=cleaned)
                ) from None
        return {"name": cleaned, "token": token}

    def bots_of(self, owner: SignedIn) -> list[dict[str, Any]]:
        with self.sessions() as db:
            rows = db.scalars(select(ArenaBotRow).where(ArenaBotRow.account_id == owner.account_id)).all()
        return [{"name": r.name, "player": f"arena:{r.name}"} for r in rows if not r.token_hash.startswith("removed:")]

    def remove(self, owner: SignedIn, name: str) -> None:
        """Unregister a bot of one's own (its games stay; its token stops working)."""
        with self.sessions.begin() as db:
            row = db.scalar(select(ArenaBotRow).where(ArenaBotRow.name_key == name_key(name)))
            if row is None or row.account_id != owner.account_id:
                raise Forbidden(_("you have no bot named {name!r}: nothing was removed").format(name=name))
            db.execute(delete(ArenaQueueRow).where(ArenaQueueRow.bot_id == row.id))
            row.token_hash = f"removed:{row.id}"

    def bot(self, token: str | None) -> ArenaBotRow:
        """The bot a token names; one sentence otherwise."""
        if not token:
            raise Forbidden(_("this request needs a bot token (X-Bot-Token)"))
        with self.sessions() as db:
            row = db.scalar(select(ArenaBotRow).where(ArenaBotRow.token_hash == hash_token(token)))
        if row is None:
            raise Forbidden(_("that is not a registered bot's token"))
        return row

    # ------------------------------------------------------------------ seats

    async def seat(self, bot_name: str, table_id: str, invite: str) -> dict[str, Any]:
        """A host seats a registered bot with an invitation of their table."""
        with self.sessions() as db:
            bot = db.scalar(select(ArenaBotRow).where(ArenaBotRow.name_key == name_key(bot_name)))
        if bot is None or bot.token_hash.startswith("removed:"):
            raise NotFound(_("there is no registered bot named {name!r}").format(name=bot_name))
        seat, token = await self.join(table_id, bot.name, invite)
        with self.sessions.begin() as db:
            db.add(ArenaSeatRow(bot_id=bot.id, table_id=table_id, seat=seat, token=token))
        return {"table": table_id, "seat": seat, "bot": bot.name}

    #: How many of a bot's latest seats are followed to a rematch or a campaign's next game.
    FOLLOWED = 20

    def follow_kept_seats(self, bot: ArenaBotRow) -> None:
        """A rematch, or a campaign's next game, keeps each player's seat and token: the bot's
        seats there are its own too (found by their tokens among its latest seats)."""
        with self.sessions() as db:
            latest = db.execute(
                select(ArenaSeatRow.token)
                .join(TableRow, TableRow.id == ArenaSeatRow.table_id)
                .where(ArenaSeatRow.bot_id == bot.id, TableRow.status.in_(("finished", "cancelled")))
                .where(TableRow.rematch_id.is_not(None) | TableRow.campaign_id.is_not(None))
                .order_by(ArenaSeatRow.seated_at.desc())
                .limit(self.FOLLOWED)
            ).all()
            tokens = {hash_token(token): token for (token,) in latest}
            if not tokens:
                return
            known = select(ArenaSeatRow.table_id).where(ArenaSeatRow.bot_id == bot.id)
            kept = db.execute(
                select(SeatRow.table_id, SeatRow.seat, SeatRow.token_hash)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.token_hash.in_(list(tokens)), TableRow.status.in_(("open", "playing")))
                .where(SeatRow.table_id.not_in(known))
            ).all()
        for table_id, seat, digest in kept:
            try:
                with self.sessions.begin() as db:
                    db.add(ArenaSeatRow(bot_id=bot.id, table_id=table_id, seat=seat, token=tokens[digest or ""]))
            except IntegrityError:
                pass  # another poll of the bot's, at the same time, followed it first

    async def seats(self, bot: ArenaBotRow) -> dict[str, Any]:
        """The bot's seats at tables not finished, oldest first, with their seat tokens (those
        kept for it at a rematch or a campaign's next game too); a bot that waited long enough
        in the queue is matched first."""
        await self.match_waiting(bot)
        self.follow_kept_seats(bot)
        with self.sessions() as db:
            rows = db.execute(
                select(ArenaSeatRow, TableRow.game, TableRow.status)
                .join(TableRow, TableRow.id == ArenaSeatRow.table_id)
                .where(ArenaSeatRow.bot_id == bot.id, TableRow.status.in_(("open", "playing")))
                .order_by(ArenaSeatRow.seated_at)
            ).all()
            queued = db.get(ArenaQueueRow, bot.id)
        seats = [
            {"table": s.table_id, "url": f"/t/{s.table_id}", "seat": s.seat, "token": s.token, "game": g, "status": st}
            for s, g, st in rows
        ]
        return {"seats": seats, "queued": queued.game if queued else None}

    # ------------------------------------------------------------------ the queue

    async def queue(self, bot: ArenaBotRow, game_id: str) -> dict[str, Any]:
        """Queue for a rated game: matched at once with a bot already waiting, else later."""
        game = get_game(game_id)
        if game.min_players > 2:
            raise BadRequest(
                _("the arena plays two-player games; {game} needs {players}").format(
                    game=game.id, players=game.min_players
                )
            )
        async with self.matching:
            with self.sessions.begin() as db:
                other = db.scalar(
                    select(ArenaQueueRow)
                    .where(ArenaQueueRow.game == game.id, ArenaQueueRow.bot_id != bot.id)
                    .order_by(ArenaQueueRow.queued_at)
                    .limit(1)
                )
                if other is None:
                    db.merge(ArenaQueueRow(bot_id=bot.id, game=game.id, queued_at=now()))
                    return {"queued": game.id}
                rival = db.get(ArenaBotRow, other.bot_id)
                db.execute(delete(ArenaQueueRow).where(ArenaQueueRow.bot_id.in_((bot.id, other.bot_id))))
            assert rival is not None
            table = await self._new_table(game.id, [rival, bot])
        return {"matched": table}

    async def match_waiting(self, bot: ArenaBotRow) -> None:
        """A bot alone in the queue for :attr:`match_wait` seconds meets the suggested built-in bot."""
        wait = timedelta(seconds=self.match_wait)
        due = lambda queued: queued is not None and now() - aware(queued.queued_at) >= wait  # noqa: E731
        with self.sessions() as db:  # (a bot polls: only a bot whose wait is over writes)
            if not due(db.get(ArenaQueueRow, bot.id)):
                return
        async with self.matching:
            with self.sessions.begin() as db:
                queued = db.get(ArenaQueueRow, bot.id)
                if queued is None or not due(queued):
                    return  # matched meanwhile
                game = queued.game
                db.delete(queued)
            await self._new_table(game, [bot, None])

    async def _new_table(self, game: str, bots: list[ArenaBotRow | None]) -> str:
        """A rated table of arena bots (``None``: the suggested built-in bot), each seated by its invitation."""
        seats = [SeatRequest("human") if b is not None else SeatRequest(suggested_bot()) for b in bots]
        created = await self.create(
            game, len(seats), None, seats, you=None, open_join=False, clock=parse_time_control(ARENA_CLOCK)
        )
        for index, bot in enumerate(bots):
            if bot is not None:
                seat, token = await self.join(created.id, bot.name, created.invites[index])
                with self.sessions.begin() as db:
                    db.add(ArenaSeatRow(bot_id=bot.id, table_id=created.id, seat=seat, token=token))
        return created.id
