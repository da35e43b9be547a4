"""Authoritative tables: the one place where the server changes a game.

Every change follows the same path: check who is asking and what they saw, let the engine
validate the action, commit it to the database, only then apply it in memory and tell every
connected client its own view. A table in memory is always its database rows replayed, so a
server restarted after ``kill -9`` continues every table exactly.

:class:`TableService` is what the API calls to change a table (create, join, seat a bot, move,
undo, rematch) and to ask for hints and reviews; it holds the one path of every move. The rest is
one module per concern, reached as the service's parts: :mod:`.store` (``service.store``: the
database), :mod:`.runtime` (``service.runtime``: the live tables, their locks, sockets and
broadcasts), :mod:`.bot_runner` (``service.bots``), :mod:`.sync` (``service.sync``: the other
processes), :mod:`.campaign_tables` (``service.campaigns``), :mod:`.snapshots` (what a viewer
sees) and :mod:`.errors` (every refusal and its HTTP status).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from fruitbowl.bots import bot_names
from fruitbowl.engine import get_game
from fruitbowl.engine.actions import Action
from fruitbowl.engine.rng import random_seed
from fruitbowl.engine.wording import N_, _, ngettext, npgettext
from fruitbowl.sim.counts import players_count

from .bot_runner import BotRunner, ClockKeeper
from .campaign_tables import CampaignTables
from .clocks import Clock, TimeControl
from .cluster import Claims
from .db import SeatRow, TableRow, again_if_disconnected
from .errors import BadRequest, Conflict, Forbidden, InvalidToken
from .expensive import REVIEW_TIMEOUT, ExpensiveWork, hint_job, position_key, review_job
from .limits import Limits, TokenLockout
from .live import (
    CreatedTable,
    LiveTable,
    Note,
    SeatInfo,
    SeatRequest,
    check_chat,
    check_name,
    hash_token,
    new_token,
    same_name,
    seat_name,
    suggested_bot,
)
from .runtime import Runtime
from .snapshots import chat_entry
from .store import Stale, TableStore
from .sync import ClusterSync

__all__ = ["CreatedTable", "LiveTable", "SeatRequest", "TableService", "check_bot"]

#: A name another seat has (the rename's and the join's refusal).
_NAME_TAKEN = N_("seat {seat} is already called {name!r}: choose another name")


def check_bot(level: str) -> str:
    """A bot level as asked (``random``, ``greedy``, ``ismcts:easy``…), or :class:`BadRequest`
    naming every level this server has."""
    if level not in bot_names():
        raise BadRequest(
            _("unknown bot level {level}; the levels are: {bot_names}").format(
                level=repr(level), bot_names=", ".join(bot_names())
            )
        )
    return level


class TableService:
    """Creates, loads and plays tables; the API layer is a thin shell around it."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        *,
        bot_time_limit: float = 5.0,
        bot_delay: float = 0.0,
        executor: Executor | None = None,
        claim_interval: float = 2.0,
    ):
        self.store = TableStore(sessions)
        self.runtime = Runtime(self.store)
        self.bots = BotRunner(
            self._apply_locked, self.runtime.broadcast, time_limit=bot_time_limit, delay=bot_delay, executor=executor
        )
        self.clocks = ClockKeeper(self.store, self.runtime.broadcast, self.bots)
        self.bots.clocks = self.clocks  # the bots' kick keeps each table's clock running
        self.sync = ClusterSync(self.runtime, self.bots, claim_interval)
        self.campaigns = CampaignTables(self.store, self.runtime, self.bots, self.create)
        self.work = ExpensiveWork.from_env()  # hints and reviews, in worker processes
        self.lockout = TokenLockout(Limits.bad_token_rate, Limits.bad_token_burst)  # the API sets its own

    # ------------------------------------------------------------------ the parts, by their usual names

    @property
    def sessions(self) -> sessionmaker[Session]:
        return self.store.sessions

    @property
    def tables(self) -> dict[str, LiveTable]:
        return self.runtime.tables

    @property
    def executor(self) -> Executor:
        return self.bots.executor

    @property
    def claims(self) -> Claims:
        return self.bots.claims

    # ------------------------------------------------------------------ starting and stopping

    async def start(self) -> None:
        """On server start: resume the bots (SQLite), or join the other processes (PostgreSQL)."""
        await self.sync.start()

    async def stop(self) -> None:
        await self.sync.stop()
        for table in self.tables.values():
            self.bots.stop(table)
            self.clocks.stop(table)
        self.work.close()
        await self.claims.close()
        self.store.close()

    async def get(self, table_id: str) -> LiveTable:
        """The table in memory, loaded from the database if it is not (or no longer) there."""
        return await self.runtime.get(table_id)

    async def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token speaks for (``None``: a spectator); :class:`InvalidToken` for a bad one.
        Call it without holding the table's lock (see :meth:`.Runtime.seat_of`)."""
        return await self.runtime.seat_of(table, token)

    # ------------------------------------------------------------------ creating and joining

    async def create(
        self,
        game_id: str,
        num_players: int,
        options: Mapping[str, Any] | None,
        seats: Sequence[SeatRequest] | None,
        you: int | None = 0,
        allow_spectators: bool = True,
        open_join: bool = True,
        seed: int | None = None,
        rematch_of: str | None = None,
        campaign_id: str | None = None,
        spectator_chat: bool = False,
        clock: TimeControl | None = None,
        takeover: str | None = None,
        tutorial: str | None = None,
        rated: bool = True,
    ) -> CreatedTable:
        """A new table. ``clock``: its time control (:mod:`.clocks`; ``None``: none); ``takeover``:
        the level of the stand-in bot that plays for a player who leaves or runs out of time;
        ``tutorial``: the tutorial it plays (its deal's ``seed``, see :mod:`.tutorials`)."""
        game = get_game(game_id)
        stand_in = check_bot(takeover) if takeover is not None else suggested_bot()
        game.check_player_count(num_players)
        checked = game.validate_options(options, num_players)
        requests = list(seats) if seats else [SeatRequest()] + [SeatRequest("random")] * (num_players - 1)
        if len(requests) != num_players:
            raise BadRequest(
                _("give one seat per player: {players}, {seats}").format(
                    players=players_count(num_players),
                    seats=npgettext("count", "{n} seat", "{n} seats", len(requests)).format(n=len(requests)),
                )
            )
        if you is not None and not (0 <= you < num_players and requests[you].controller == "human"):
            raise BadRequest(_("'you' must be a human seat 0–{num_players}").format(num_players=num_players - 1))
        infos: list[SeatInfo] = []
        invites: dict[int, str] = {}
        for index, request in enumerate(requests):
            controller = request.controller.strip().lower()
            if controller != "human" and controller not in bot_names():
                raise BadRequest(
                    _("unknown seat controller {controller}; use human or {bot_names}").format(
                        controller=repr(request.controller), bot_names=", ".join(bot_names())
                    )
                )
            name = seat_name(index, controller, request.name)
            invite = new_token()
            claimed = controller != "human" or request.token_hash is not None
            if not claimed:
                invites[index] = invite
            twin = next((i for i, info in enumerate(infos) if same_name(info.name, name)), None)
            if twin is not None:
                raise BadRequest(
                    _("seats {twin} and {index} are both called {name}: each seat needs its own name").format(
                        twin=twin + 1, index=index + 1, name=repr(name)
                    )
                )
            infos.append(SeatInfo(name, controller, claimed, hash_token(invite), request.token_hash))
        token = None
        if you is not None and infos[you].token_hash is None:
            token = new_token()
            infos[you].claimed, infos[you].token_hash = True, hash_token(token)
            invites.pop(you, None)
        host_token = new_token()
        table_id = secrets.token_urlsafe(8)
        seed = random_seed() if seed is None else seed
        status = "playing" if all(s.claimed for s in infos) else "open"
        row = TableRow(
            id=table_id,
            game=game.id,
            rules_version=game.rules_version,
            options=checked,
            seed=seed,
            num_players=num_players,
            status=status,
            allow_spectators=allow_spectators,
            open_join=open_join,
            spectator_chat=spectator_chat,
            host_token_hash=hash_token(host_token),
            rematch_of=rematch_of,
            campaign_id=campaign_id,
            clock=None if clock is None else Clock.start(clock, num_players).to_json(),
            takeover=stand_in,
            tutorial=tutorial,
            rated=rated,
        )
        self.store.insert_table(row, infos)
        table = await self.get(table_id)
        if table.bots and table.status == "playing":
            await self.claims.claim(table_id)
        self.bots.kick(table)
        return CreatedTable(table_id, host_token, you, token, invites)

    async def join(self, table_id: str, name: str | None, invite: str | None) -> tuple[int, str]:
        """Claim a seat with its invite, or the first free human seat by the open join link."""
        table = await self.get(table_id)
        chosen = None if name is None else check_name(name)
        async with table.lock:
            seat = self._free_seat(table, invite)
            if chosen is not None:
                self._check_unique(table, seat, chosen)
            token = new_token()

            def seat_person(row: SeatRow) -> None:
                row.token_hash = hash_token(token)
                if chosen is not None:
                    row.name = chosen

            self.store.claim_seat(table, seat, seat_person, f"seat {seat + 1} has already been taken")
        await self.runtime.broadcast(table)
        if table.bots and table.status == "playing":
            await self.claims.claim(table_id)
        self.bots.kick(table)
        return seat, token

    @staticmethod
    def _check_unique(table: LiveTable, seat: int, name: str, refusal: str = _NAME_TAKEN) -> None:
        """Refuse a name another seat of the table has (ignoring case)."""
        for index, info in enumerate(table.seats):
            if index != seat and same_name(info.name, name):
                raise Conflict(_(refusal).format(seat=index + 1, name=info.name))

    async def rename(
        self, table_id: str, token: str | None, name: str, allowance: Callable[[], None] | None = None
    ) -> tuple[int, str]:
        """A player's new name (see :func:`~.live.check_name`), unique at the table; everyone is
        told, and the log says it. Returns the seat and its name. ``allowance`` (the API's rate
        limit) is asked once the seat and the name are good, so that only renames count."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("only a seated player can take a new name: send your seat token"))
        chosen = check_name(name)
        if allowance is not None:
            allowance()
        async with table.lock:
            note = self.store.rename_seat(table, seat, chosen)
        if note is not None:
            await self.runtime.broadcast(table)
        return seat, chosen

    async def chat(
        self,
        table_id: str,
        token: str | None,
        text: str,
        allowance: Callable[[], None] | None = None,
        name: str | None = None,
    ) -> Note:
        """A message said in the table's chat (see :func:`~.live.check_chat`): stored with the
        table, then sent to everyone who reads the table. A player writes under their seat's name;
        a spectator (no token) only where the host allows it (``spectator_chat``), under ``name``
        (:func:`~.live.check_name`, no seat's name). ``allowance`` as for renames."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        said = None
        if seat is None:
            if not table.allow_spectators:
                raise Forbidden(_("only this table's players can write in its chat: send your seat token"))
            if not table.spectator_chat:
                raise Forbidden(_("only the players can write in this table's chat: the host lets spectators read it"))
            if name is None:
                raise BadRequest(_("a spectator writes under a name: send 'name' with the message"))
            said = check_name(name, N_("your name"))
            self._check_unique(table, -1, said, N_("a player at this table is called {name!r}: choose another name"))
        elif name is not None:
            raise BadRequest(_("a player writes under their seat's name: send no 'name' (change it with /name)"))
        message = check_chat(text)
        if allowance is not None:
            allowance()
        async with table.lock:
            note = self.store.add_chat(table, seat, message, said)
        self.runtime.tell(table, {"type": "chat", "message": chat_entry(note)})
        return note

    async def reread(self, table_ids: list[str]) -> None:
        """Tables whose rows changed outside their own paths (a deleted account's seats renamed):
        the other processes are told, and those held here re-read and shown afresh."""
        self.store.announce(table_ids)
        for table_id in table_ids:
            await self.runtime.refresh(table_id)

    async def set_spectator_chat(self, table_id: str, host_token: str, allowed: bool) -> None:
        """The host lets spectators write in the table's chat, or stops them; everyone is told."""
        table = await self.get(table_id)
        if not secrets.compare_digest(table.host_token_hash, hash_token(host_token or "")):
            raise InvalidToken(_("only the table's host can change its settings"))
        async with table.lock:
            self.store.set_spectator_chat(table, allowed)
        await self.runtime.broadcast(table)

    def _free_seat(self, table: LiveTable, invite: str | None) -> int:
        if invite:
            digest = hash_token(invite)
            for index, info in enumerate(table.seats):
                if secrets.compare_digest(info.invite_hash, digest):
                    if info.claimed:
                        raise Conflict(_("seat {index} has already been taken").format(index=index + 1))
                    return index
            raise InvalidToken(_("this invitation is not valid for this table"))
        if not table.open_join:
            raise Forbidden(_("this table can be joined only by invitation"))
        for index, info in enumerate(table.seats):
            if info.controller == "human" and not info.claimed:
                return index
        raise Conflict(_("this table has no free seat"))

    async def set_bot(self, table_id: str, host_token: str, seat: int, bot: str) -> None:
        """The host gives an unclaimed human seat to a bot."""
        table = await self.get(table_id)
        if not secrets.compare_digest(table.host_token_hash, hash_token(host_token or "")):
            raise InvalidToken(_("only the table's host can change its seats"))
        check_bot(bot)
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise BadRequest(_("there is no seat {seat}").format(seat=seat))
            info = table.seats[seat]
            if info.claimed:
                raise Conflict(_("seat {seat} is already taken").format(seat=seat + 1))

            def seat_bot(row: SeatRow) -> None:
                row.controller, row.name = bot, seat_name(seat, bot, None)

            self.store.claim_seat(table, seat, seat_bot, f"seat {seat + 1} is already taken")
        await self.runtime.broadcast(table)
        if table.status == "playing":
            await self.claims.claim(table_id)
        self.bots.kick(table)

    # ------------------------------------------------------------------ playing

    async def submit(self, table_id: str, token: str | None, action: int | str, version: int | None) -> int:
        """Apply a player's action; returns the new version. Refusals change nothing."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("spectators cannot play: join a seat first"))
        async with table.lock:
            if version is not None and table.sent.get(seat) == (version, table.state.table.resolve(action).text):
                return table.version  # the same move sent twice (a double click): it went through once
            if table.seats[seat].takeover:  # the player is back: their move takes the seat back
                self._check_turn(table, seat, version)
                table.state.validate(action)  # a refused move changes nothing
                try:
                    self.clocks.back_locked(table, seat)
                except Stale:
                    raise self._moved_on(table) from None
            await self._apply_locked(table, seat, action, version)
            if version is not None:
                table.sent[seat] = (version, table.match.record.actions[-1])
        await self.runtime.broadcast(table)
        if table.status == "finished":
            await self.claims.release(table.id)
        self.bots.kick(table)
        return table.version

    async def leave(self, table_id: str, token: str | None) -> Note:
        """A player leaves the game: the table's stand-in bot plays for them until they act again."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("only a seated player can leave a game: send your seat token"))
        return await self.clocks.leave(table, seat)

    async def back(self, table_id: str, token: str | None) -> Note:
        """A player takes their seat back from the stand-in (making a move does it too)."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("only a seated player can take a seat back: send your seat token"))
        return await self.clocks.back(table, seat)

    async def _apply_locked(self, table: LiveTable, seat: int, action: int | str, version: int | None) -> None:
        """The one path of every move, a player's or a bot's (holding ``table.lock``): check the
        turn, let the engine validate the action, commit it, then apply it in memory."""
        try:
            self._check_turn(table, seat, version)
        except Conflict:
            if not self.store.multi_process:
                raise
            await self.store.resync_off_loop(table)  # another process may have moved the table on: look again
            self._check_turn(table, seat, version)
        legal = table.state.validate(action)  # IllegalAction (400) before anything is written
        await self._store_move(table, seat, legal)

    def _check_turn(self, table: LiveTable, seat: int, version: int | None) -> None:
        if table.status == "open":
            waiting = [str(i + 1) for i, s in enumerate(table.seats) if not s.claimed]
            raise Conflict(
                _("the game starts when every seat is taken (waiting for seat {waiting})").format(
                    waiting=", ".join(waiting)
                )
            )
        if table.status == "cancelled":
            raise Conflict(_("this game was cancelled by its campaign's owner"))
        if table.status == "finished" or table.state.is_terminal():
            raise Conflict(_("the game is over"))
        if version is not None and version != table.version:
            raise Conflict(
                _("the game has moved on (you saw move {version}, it is now at move {now})").format(
                    version=version, now=table.version
                )
            )
        current = table.state.current_player
        if seat != current:
            raise Conflict(_("it is not your turn: {name} is to act").format(name=table.seats[current].name))

    async def _store_move(self, table: LiveTable, seat: int, legal: Action) -> None:
        move = table.match.prepare(legal)  # worked out once: its end is stored in the same commit
        after = move.state
        clock = self.clocks.after_move(table, seat, after)
        try:  # committed (off the event loop) before anyone is told; again if its connection was lost
            await self.store.in_thread(again_if_disconnected, self.store.append_move, table, seat, legal, after, clock)
        except Stale:
            raise self._moved_on(table) from None
        table.match.commit(move)
        table.clock = clock or table.clock
        if after.is_terminal():
            table.status = "finished"
            table.close_bots()
        self.clocks.keep(table)

    def _moved_on(self, table: LiveTable) -> Conflict:
        """After a stale write: catch up with the database and say so."""
        self.store.reload(table)
        self.bots.kick(table)
        return Conflict(
            _("the game has moved on: another move came first (it is now at move {now})").format(now=table.version)
        )

    async def undo(self, table_id: str, token: str | None) -> int:
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("spectators cannot undo"))
        async with table.lock:
            if not table.match.can_undo(seat):
                raise Conflict(
                    _(
                        "nothing to undo: undo goes back only within your own turn, never past a die roll, "
                        "a draw, or another player's decision"
                    )
                )
            try:
                self.store.remove_last_move(table)
            except Stale:
                raise self._moved_on(table) from None
            table.match.undo(seat)
        await self.runtime.broadcast(table)
        return table.version

    async def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A search from the asking seat's own view: the recommended action and its win chance."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("hints are for players: join a seat first"))
        if table.status != "playing" or seat != table.state.current_player:
            raise Conflict(_("a hint is available on your own turn"))
        record = table.match.record.to_json()  # the position, as the worker will replay it
        key = (table.id, seat, position_key(table.match.record.actions))
        timeout = self.bots.time_limit * 2
        advice = await self.work.run("hint", key, timeout, hint_job, record, seat, table.version)
        return {"version": table.version, **advice}

    async def review(self, table_id: str) -> dict[str, Any]:
        """Each seat's estimated chance to win after the moves of a finished game (computed once,
        in a worker process, within a budget: see :mod:`.expensive`)."""
        table = await self.get(table_id)
        if table.status != "finished":
            raise Conflict(_("a game is reviewed when it is over"))
        record = table.match.record
        key = (table.id, position_key(record.actions))
        return await self.work.run("review", key, REVIEW_TIMEOUT, review_job, record.to_json())

    async def rematch(self, table_id: str, token: str | None, bots: Mapping[int, str] | None = None) -> CreatedTable:
        """A new table with the same game, options and players, each keeping their seat and token;
        ``bots`` gives some bot seats another level (a person's seat stays theirs)."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise Forbidden(_("only a player can ask for a rematch"))
        if table.campaign_id is not None:
            raise Conflict(
                _("this game is a campaign's: its owner starts the campaign's next game instead of a rematch")
            )
        if table.status != "finished":
            raise Conflict(_("a rematch can start when the game is over"))
        if table.rematch_id:
            raise Conflict(_("a rematch already exists: table {rematch_id}").format(rematch_id=table.rematch_id))
        levels = dict(bots or {})
        for index, level in sorted(levels.items()):
            if not 0 <= index < len(table.seats):
                raise BadRequest(
                    ngettext(
                        "there is no seat {index} at this table of {seats} seat",
                        "there is no seat {index} at this table of {seats} seats",
                        len(table.seats),
                    ).format(index=index + 1, seats=len(table.seats))
                )
            if table.seats[index].controller == "human":
                raise BadRequest(
                    _("seat {index} is a person's: only a bot's level can change at a rematch").format(index=index + 1)
                )
            check_bot(level)
        seats = [
            SeatRequest(levels[i], seat_name(i, levels[i], None))
            if levels.get(i, s.controller) != s.controller
            else SeatRequest(s.controller, s.name, s.token_hash)
            for i, s in enumerate(table.seats)
        ]
        record = table.match.record
        created = await self.create(
            record.game,
            len(seats),
            record.options,
            seats,
            you=seat,
            allow_spectators=table.allow_spectators,
            open_join=table.open_join,
            rematch_of=table.id,
            spectator_chat=table.spectator_chat,
            clock=None if table.clock is None else table.clock.control,  # the same time control and stand-in
            takeover=table.takeover,
        )
        self.store.set_rematch(table.id, created.id)
        table.rematch_id = created.id
        await self.runtime.broadcast(table)
        return created
