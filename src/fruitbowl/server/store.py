"""The tables' database reads and writes: a table's rows replayed into a :class:`LiveTable`, and
every change committed (with a row lock and a check that nothing moved meanwhile) before the
position in memory changes.

With PostgreSQL, every commit that changes a table also tells the other processes
(``NOTIFY``, see :mod:`.cluster`), in the same transaction.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from fruitbowl.engine import FruitbowlError, Match, Player, Record, UnknownGame, get_game
from fruitbowl.engine.actions import Action
from fruitbowl.engine.game import State
from fruitbowl.engine.wording import _

from .campaigns import load_campaign
from .clocks import Clock
from .cluster import CHANNEL, new_origin
from .db import UNFINISHED_STATUSES, ActionRow, Base, CampaignRow, NoteRow, SeatRow, TableRow, now
from .errors import Conflict, NotFound
from .live import CHAT_KEPT, LiveTable, Note, SeatInfo, same_name, suggested_bot
from .ratings import rate_finished

log = logging.getLogger("fruitbowl.server")


def move_notice(origin: str, table_id: str, revision: int, text: str) -> str:
    """The notice of a plain move (no clock, not the last): the other processes holding the table
    apply it from the notice when they are at ``revision`` (see :meth:`.cluster.Listener`), and
    re-read the table otherwise. Within PostgreSQL's 8,000 bytes: an action's text is short."""
    return f"{origin} {table_id} {revision} {text}"


class Stale(Exception):
    """The database holds moves this process has not seen (another process, or a lost reply)."""


def seat_info(row: SeatRow) -> SeatInfo:
    return SeatInfo(row.name, row.controller, row.claimed, row.invite_hash, row.token_hash, row.takeover, row.stood_in)


def _title(game_id: str) -> str:
    """A game's title; a table of a game no longer installed keeps its place in the lists."""
    try:
        return get_game(game_id).title
    except UnknownGame:
        return f"{game_id} (not installed)"


_T = TypeVar("_T")

#: The tables' and actions' rows as Core tables: a move's statements skip the ORM's bookkeeping.
TABLES = Base.metadata.tables["tables"]
ACTIONS = Base.metadata.tables["actions"]

#: Threads that commit moves for one process on PostgreSQL (SQLite writes one at a time anyway: one).
WRITER_THREADS = 4

#: A move that does not end the game, on PostgreSQL, as one statement (see
#: :meth:`TableStore.append_prepared`): the revision checked and moved on, the action
#: inserted only then, the other processes told only if it was.
_MOVE = """
WITH locked AS (
    UPDATE tables SET updated_at = %(at)s, revision = %(revision)s + 1{clock}
    WHERE id = %(id)s AND revision = %(revision)s AND status <> 'cancelled'
    RETURNING id
), added AS (
    INSERT INTO actions (table_id, number, text, seat, created_at)
    SELECT id, %(number)s, %(text)s, %(seat)s, %(at)s FROM locked
    RETURNING table_id
)
SELECT pg_notify(%(channel)s, %(payload)s) FROM added
"""
MOVE, MOVE_WITH_CLOCK = _MOVE.format(clock=""), _MOVE.format(clock=", clock = %(clock)s::json")

#: The same on SQLite (no data-modifying ``WITH``): two prepared statements in one transaction,
#: the action inserted only if the revision was the one in memory.
_SQLITE_LOCK = (
    "UPDATE tables SET updated_at = :at, revision = :revision + 1{clock}"
    " WHERE id = :id AND revision = :revision AND status <> 'cancelled'"
)
SQLITE_LOCK, SQLITE_LOCK_WITH_CLOCK = _SQLITE_LOCK.format(clock=""), _SQLITE_LOCK.format(clock=", clock = :clock")
SQLITE_INSERT = (
    "INSERT INTO actions (table_id, number, text, seat, created_at) VALUES (:id, :number, :text, :seat, :at)"
)


@dataclass(frozen=True)
class StoredTable:
    """A table's rows as :meth:`TableStore.read_since` read them, for :meth:`TableStore.catch_up`."""

    seats: list[SeatInfo]
    status: str
    rematch_id: str | None
    spectator_chat: bool
    revision: int
    clock: Any
    notes: list[Note]
    moves: list[tuple[int, str]]


class TableStore:
    """Reads tables from the database and commits their changes (one session per call)."""

    def __init__(self, sessions: sessionmaker[Session]):
        self.sessions = sessions
        bind = sessions.kw.get("bind")
        self.multi_process = bind is not None and bind.dialect.name == "postgresql"
        #: Connections whose every statement is its own transaction (a move in one statement).
        self.autocommit: Engine | None = (
            bind.execution_options(isolation_level="AUTOCOMMIT") if bind is not None and self.multi_process else None
        )
        self.origin = new_origin()  # this process, in the notices it sends
        #: SQLite: a time as SQLAlchemy stores it (the prepared statements of a move bind it as text)
        self._stored_time: Callable[[Any], Any] | None = None
        if bind is not None and bind.dialect.name == "sqlite":
            self._stored_time = ACTIONS.c.created_at.type.dialect_impl(bind.dialect).bind_processor(bind.dialect)
        #: Where moves are committed, off the event loop (a commit waits for the disk or the
        #: database server: milliseconds in which the loop serves other tables).
        self.writer = ThreadPoolExecutor(WRITER_THREADS if self.multi_process else 1, thread_name_prefix="fruitbowl-db")

    async def in_thread(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` on a writer thread. The caller holds the table's lock, so the table in
        memory does not change meanwhile; readers go on seeing it as it was until the commit is in.
        It runs in a copy of the caller's context, so a refusal it raises is said in the reader's
        language (:mod:`fruitbowl.engine.wording` reads it from a ``ContextVar``)."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self.writer, partial(context.run, work, *args))

    def close(self) -> None:
        self.writer.shutdown(wait=True)

    # ------------------------------------------------------------------ reading

    def load(self, table_id: str) -> LiveTable:
        """A table from its rows: its actions replayed, its bots made; :class:`NotFound` if none."""
        with self.sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                raise NotFound(_("there is no table {table!r}").format(table=table_id))
            seats = [seat_info(s) for s in row.seats]
            actions = db.scalars(
                select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.number)
            ).all()
            record = Record(
                row.game,
                row.rules_version,
                dict(row.options),
                [Player(s.name, s.controller) for s in seats],
                row.seed,
                list(actions),
            )
            match = Match.from_record(record)
            table = LiveTable(
                id=row.id,
                status=row.status,
                allow_spectators=row.allow_spectators,
                open_join=row.open_join,
                host_token_hash=row.host_token_hash,
                seats=seats,
                match=match,
                rematch_id=row.rematch_id,
                campaign_id=row.campaign_id,
                spectator_chat=row.spectator_chat,
                clock=None if row.clock is None else Clock.from_json(row.clock),
                takeover=row.takeover or suggested_bot(),
                tutorial=row.tutorial,
                revision=row.revision,
            )
            table.add_notes(self.notes(db, table_id))
        if match.state.is_terminal() and table.status != "finished":
            self.finish(table)  # the server stopped between the last move and marking the end
        if table.clock is not None and table.clock.unattended(now(), self.multi_process):
            # Loaded after a restart: the running clock goes on from what was stored, and the time
            # nobody kept it (the server was down) is not charged.
            table.clock = table.clock.resumed(now())
            self.save_clock(table)
        table.seat_bots()
        return table

    def resync(self, table: LiveTable) -> bool:
        """Re-read a table's rows (holding its lock); returns whether anything changed."""
        return self.catch_up(table, self.read_since(table.id, table.version))

    async def resync_off_loop(self, table: LiveTable) -> bool:
        """:meth:`resync` with its reads on a writer thread (the event loop serves other tables
        meanwhile); the caller holds the table's lock."""
        return self.catch_up(table, await self.in_thread(self.read_since, table.id, table.version))

    def read_since(self, table_id: str, version: int) -> StoredTable | None:
        """What :meth:`catch_up` needs of a table's rows: its row's fields, seats and notes, and
        its moves from number ``version`` on (the last one known, to check it is still there);
        None if the table is gone. Plain data: read on a writer thread, off the event loop."""
        with self.sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = [seat_info(s) for s in row.seats]
            rows = db.execute(
                select(ActionRow.number, ActionRow.text)
                .where(ActionRow.table_id == table_id, ActionRow.number >= max(version, 1))
                .order_by(ActionRow.number)
            ).all()
            return StoredTable(
                seats=seats,
                status=row.status,
                rematch_id=row.rematch_id,
                spectator_chat=row.spectator_chat,
                revision=row.revision,  # (read before the moves: a move committed between is caught as Stale)
                clock=row.clock,
                notes=self.notes(db, table_id),
                moves=[(int(number), str(action_text)) for number, action_text in rows],
            )

    def catch_up(self, table: LiveTable, stored: StoredTable | None) -> bool:
        """Bring a table in memory up to its rows as :meth:`read_since` read them (holding its
        lock); returns whether anything changed. Moves it never saw, or an undo, replay the record."""
        if stored is None:
            return False
        if stored.clock is not None:
            table.clock = Clock.from_json(stored.clock)
        noted = table.add_notes(stored.notes, whole=True)
        seats = stored.seats
        changed = noted or seats != table.seats or stored.status != table.status
        changed = changed or stored.rematch_id != table.rematch_id or stored.spectator_chat != table.spectator_chat
        table.seats, table.status, table.rematch_id = seats, stored.status, stored.rematch_id
        table.spectator_chat = stored.spectator_chat
        for index, info in enumerate(seats):
            table.match.record.players[index] = Player(info.name, info.controller)
        table.seat_bots()
        moves = stored.moves
        if table.version:  # the first row must be the last move this process knows
            continues = bool(moves) and moves[0] == (table.version, table.match.record.actions[-1])
            moves = moves[1:]
        else:
            continues = True
        expected = list(range(table.version + 1, table.version + 1 + len(moves)))
        continues = continues and [n for n, _ in moves] == expected
        if not continues:  # an undo, or moves this process never saw: replay the whole record
            self.reload(table)
            return True
        for _number, action_text in moves:
            table.match.apply(action_text)
            changed = True
        table.revision = stored.revision
        return changed

    def reload(self, table: LiveTable) -> None:
        """Replace a table's match, status, seats and bots by its rows replayed afresh."""
        fresh = self.load(table.id)
        table.match, table.status, table.seats = fresh.match, fresh.status, fresh.seats
        table.rematch_id, table.bots, table.renames = fresh.rematch_id, fresh.bots, fresh.renames
        table.clock, table.revision = fresh.clock, fresh.revision

    @staticmethod
    def notes(db: Session, table_id: str) -> list[Note]:
        """A table's notes (renames), in the order they were made."""
        rows = db.scalars(select(NoteRow).where(NoteRow.table_id == table_id).order_by(NoteRow.id)).all()
        return [Note(r.id, r.kind, r.seat, r.name, r.text, r.move, r.created_at) for r in rows]

    def playing_ids(self) -> list[str]:
        """The tables in play (their bots resume when the server starts)."""
        with self.sessions() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.status == "playing")).all())

    def list_tables(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        with self.sessions() as db:
            query = (  # a private table (no spectators, no open join) is never listed
                select(TableRow)
                .where(or_(TableRow.allow_spectators.is_(True), TableRow.open_join.is_(True)))
                .order_by(TableRow.updated_at.desc())
                .limit(limit)
            )
            if status:
                query = query.where(TableRow.status == status)
            rows = db.scalars(query).all()
            counts = dict(
                db.execute(
                    select(ActionRow.table_id, func.count())
                    .where(ActionRow.table_id.in_([r.id for r in rows]))
                    .group_by(ActionRow.table_id)
                ).all()
            )
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "title": _title(r.game),
                    "status": r.status,
                    "players": [
                        {"seat": s.seat, "name": s.name, "controller": s.controller, "claimed": s.claimed}
                        for s in r.seats
                    ],
                    "open_seats": sum(1 for s in r.seats if not s.claimed),
                    "open_join": r.open_join,
                    "allow_spectators": r.allow_spectators,
                    "moves": counts.get(r.id, 0),
                    "tutorial": r.tutorial,
                    "result": r.result,
                    "updated_at": r.updated_at.isoformat(),
                }
                for r in rows
            ]

    # ------------------------------------------------------------------ writing

    def notify(self, db: Session, table_id: str) -> None:
        """Tell the other processes, when this transaction commits, that a table changed."""
        if self.multi_process:
            payload = f"{self.origin} {table_id}"
            db.execute(sql_text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def announce(self, table_ids: list[str]) -> None:
        """Tell the other processes that these tables changed (their rows were written elsewhere)."""
        if self.multi_process and table_ids:
            with self.sessions.begin() as db:
                for table_id in table_ids:
                    self.notify(db, table_id)

    def lock_table(self, db: Session, table: LiveTable, **changes: Any) -> None:
        """Lock the table's row for this transaction and check that its moves are the ones in
        memory, in one statement: ``UPDATE … WHERE revision = <the table's>``, which also moves
        the revision on and stores ``changes`` and the time (the caller counts the new revision
        in memory once the transaction commits: :meth:`_committed`). :class:`Stale` if another
        change came first; :class:`NotFound` or a cancelled game's :class:`Conflict` if so."""
        locked = db.execute(
            update(TABLES)
            .where(TABLES.c.id == table.id, TABLES.c.revision == table.revision, TABLES.c.status != "cancelled")
            .values(updated_at=now(), revision=table.revision + 1, **changes)
        )
        if getattr(locked, "rowcount", 1) == 1:
            return
        status = db.scalar(select(TABLES.c.status).where(TABLES.c.id == table.id))
        if status is None:
            raise NotFound(_("there is no table {table!r}").format(table=table.id))
        if status == "cancelled":  # by its campaign's owner, perhaps through another server a moment ago
            table.status = "cancelled"
            raise Conflict(_("this game was cancelled by its campaign's owner; nothing was changed"))
        raise Stale()

    @staticmethod
    def _committed(table: LiveTable) -> None:
        """After a transaction that went through :meth:`lock_table` committed: its new revision."""
        table.revision += 1

    def table_exists(self, table_id: str) -> bool:
        with self.sessions() as db:
            return db.get(TableRow, table_id) is not None

    @staticmethod
    def table_row(db: Session, table_id: str) -> TableRow:
        row = db.get(TableRow, table_id)
        if row is None:
            raise NotFound(_("there is no table {table!r}").format(table=table_id))
        return row

    def insert_table(self, row: TableRow, seats: list[SeatInfo]) -> None:
        """Store a new table and its seats in one transaction."""
        with self.sessions.begin() as db:
            db.add(row)
            db.flush()
            for index, info in enumerate(seats):
                db.add(
                    SeatRow(
                        table_id=row.id,
                        seat=index,
                        name=info.name,
                        controller=info.controller,
                        claimed=info.claimed,
                        invite_hash=info.invite_hash,
                        token_hash=info.token_hash,
                    )
                )

    def claim_seat(self, table: LiveTable, seat: int, fill: Callable[[SeatRow], None], taken: str) -> None:
        """Claim a free seat (its row locked with the table's), let ``fill`` name who sits there,
        and start the game once every seat is taken; if another process claimed it first, the
        seat is ``taken`` (Conflict). Called holding ``table.lock``."""
        try:
            with self.sessions.begin() as db:
                table_row = db.get(TableRow, table.id, with_for_update=True)
                row = db.get(SeatRow, (table.id, seat))
                assert table_row is not None and row is not None
                if row.claimed:  # another process seated someone there meanwhile
                    raise Stale()
                fill(row)
                row.claimed = True
                db.flush()
                if table_row.status == "open" and all(s.claimed for s in table_row.seats):
                    table_row.status = "playing"
                self.notify(db, table.id)
        except Stale:
            self.resync(table)
            raise Conflict(taken) from None
        self.resync(table)

    def rename_seat(self, table: LiveTable, seat: int, name: str) -> Note | None:
        """Give a seat a new name (checked by :func:`~.live.check_name`), unique at the table
        ignoring case, and note it in the log; ``None`` when it already has exactly that name.
        The table's row is locked while other seats' names are compared, so two processes never
        give one name twice. Called holding ``table.lock``."""
        with self.sessions.begin() as db:
            table_row = db.get(TableRow, table.id, with_for_update=True)
            if table_row is None:
                raise NotFound(_("there is no table {table!r}").format(table=table.id))
            if table_row.status not in UNFINISHED_STATUSES:
                if table_row.status == "cancelled":
                    raise Conflict(_("this game was cancelled: its players keep the names they played under"))
                raise Conflict(_("this game is over: its players keep the names they played under"))
            rows = {row.seat: row for row in table_row.seats}
            taken = next((r for r in rows.values() if r.seat != seat and same_name(r.name, name)), None)
            if taken is not None:
                raise Conflict(
                    _("seat {seat} is already called {name!r}: choose another name").format(
                        seat=taken.seat + 1, name=taken.name
                    )
                )
            old = rows[seat].name
            if old == name:
                return None
            rows[seat].name = name
            table_row.updated_at = now()
            row = NoteRow(
                table_id=table.id, kind="rename", seat=seat, name=name, text=old, move=table.version, created_at=now()
            )
            db.add(row)
            db.flush()
            note = Note(row.id, row.kind, seat, name, old, row.move, row.created_at)
            self.notify(db, table.id)
        table.seats[seat].name = name
        table.match.record.players[seat] = Player(name, table.seats[seat].controller)
        table.add_notes([note])
        return note

    def set_spectator_chat(self, table: LiveTable, allowed: bool) -> None:
        """The host's setting: whether spectators may write in the chat. Called holding ``table.lock``."""
        with self.sessions.begin() as db:
            self.table_row(db, table.id).spectator_chat = allowed
            self.notify(db, table.id)
        table.spectator_chat = allowed

    def add_chat(self, table: LiveTable, seat: int | None, text: str, name: str | None = None) -> Note:
        """Store a message said in the table's chat, by a seat (under the seat's name now) or by a
        spectator (``seat`` ``None``, under the ``name`` they gave), keeping the latest
        :data:`~.live.CHAT_KEPT` of the table's messages. Called holding ``table.lock``."""
        with self.sessions.begin() as db:
            row = NoteRow(
                table_id=table.id,
                kind="chat",
                seat=seat,
                name=table.seats[seat].name if seat is not None else name,
                text=text,
                move=table.version,
                created_at=now(),
            )
            db.add(row)
            db.flush()
            note = Note(row.id, row.kind, seat, row.name, text, row.move, row.created_at)
            oldest_kept = db.scalar(
                select(NoteRow.id)
                .where(NoteRow.table_id == table.id, NoteRow.kind == "chat")
                .order_by(NoteRow.id.desc())
                .offset(CHAT_KEPT - 1)
                .limit(1)
            )
            if oldest_kept is not None:
                db.execute(
                    delete(NoteRow).where(
                        NoteRow.table_id == table.id, NoteRow.kind == "chat", NoteRow.id < oldest_kept
                    )
                )
            self.notify(db, table.id)
        table.add_notes([note])
        return note

    def append_move(self, table: LiveTable, seat: int, legal: Action, after: State, clock: Clock | None = None) -> None:
        """Commit a move (and, if ``after`` ends the game, its end and the campaign's next step;
        the table's ``clock`` after it) before the position in memory changes: lock and check,
        insert, notify (a game's last move rates it too, see :mod:`.ratings`); on PostgreSQL a
        move that does not end the game in one statement. :class:`Stale` if another move came first."""
        finished = after.is_terminal()
        changes: dict[str, Any] = {}
        if finished:
            changes.update(status="finished", result={**after.result().to_json(), **table.stand_in_marks()})
        if clock is not None:
            changes.update(clock=clock.to_json())
        if not finished and self.append_prepared(table, seat, legal, changes):
            self._committed(table)
            return
        self.append_in_transaction(table, seat, legal, after, changes)

    def append_prepared(self, table: LiveTable, seat: int, legal: Action, changes: dict[str, Any]) -> bool:
        """A move that does not end the game (most moves), as prepared SQL with no statement built
        and none of the ORM session's work: on PostgreSQL lock and check, insert and notify in one
        statement, its own transaction (one round trip instead of five); on SQLite the check and
        the insert in one transaction. False, with nothing changed, when the table's revision is
        not the one in memory (the general path then says why)."""
        assert set(changes) <= {"clock"}, "a move that does not end the game"
        on_sqlite = self._stored_time is not None
        if not on_sqlite and self.autocommit is None:
            return False  # (another database: the general path)
        with_clock = "clock" in changes
        params = {
            "id": table.id,
            "revision": table.revision,
            "at": self._stored_time(now()) if self._stored_time is not None else now(),
            "number": table.version + 1,
            "text": legal.text,
            "seat": seat,
            "clock": json.dumps(changes["clock"]) if with_clock else None,
        }
        if on_sqlite:
            return self._append_on_sqlite(params, with_clock)
        assert self.autocommit is not None
        # (a clock's change is read from the table's row: that notice names only the table)
        notice = (
            f"{self.origin} {table.id}"
            if with_clock
            else move_notice(self.origin, table.id, table.revision, legal.text)
        )
        params.update(channel=CHANNEL, payload=notice)
        try:
            with self.autocommit.connect() as conn:
                told = conn.exec_driver_sql(MOVE_WITH_CLOCK if with_clock else MOVE, params).all()
        except IntegrityError:  # the same move number stored meanwhile
            raise Stale() from None
        return len(told) == 1

    def _append_on_sqlite(self, params: dict[str, Any], with_clock: bool) -> bool:
        """SQLite's half of :meth:`append_prepared`: the check, then the insert, one transaction."""
        try:
            with self.sessions.kw["bind"].connect() as conn:  # (left without a commit: rolled back)
                locked = conn.exec_driver_sql(SQLITE_LOCK_WITH_CLOCK if with_clock else SQLITE_LOCK, params)
                if locked.rowcount != 1:
                    return False
                conn.exec_driver_sql(SQLITE_INSERT, params)
                conn.commit()
        except IntegrityError:  # the same move number stored meanwhile
            raise Stale() from None
        return True

    def append_in_transaction(
        self, table: LiveTable, seat: int, legal: Action, after: State, changes: dict[str, Any]
    ) -> None:
        """The general path of :meth:`append_move`: a transaction of several statements."""
        finished = after.is_terminal()
        try:
            with self.sessions.begin() as db:
                self.lock_table(db, table, **changes)
                db.execute(
                    insert(ACTIONS).values(
                        table_id=table.id, number=table.version + 1, text=legal.text, seat=seat, created_at=now()
                    )
                )
                if finished and table.campaign_id is not None:
                    self.advance_campaign(db, table, after)
                if finished:
                    rate_finished(db, table.id, table.match.game.id, changes["result"])  # with its last move
                self.notify(db, table.id)
        except IntegrityError:  # the same move number stored meanwhile
            raise Stale() from None
        self._committed(table)

    def remove_last_move(self, table: LiveTable) -> None:
        """Commit an undo of the table's last move; :class:`Stale` if another move came first."""
        with self.sessions.begin() as db:
            self.lock_table(db, table)
            db.execute(delete(ACTIONS).where(ACTIONS.c.table_id == table.id, ACTIONS.c.number == table.version))
            self.notify(db, table.id)
        self._committed(table)

    def finish(self, table: LiveTable) -> None:
        """Mark a table whose game is over finished (and its campaign advanced), in memory and rows."""
        table.status = "finished"
        table.close_bots()
        with self.sessions.begin() as db:
            row = self.table_row(db, table.id)
            result = table.match.record.result
            row.status, row.result = "finished", None if result is None else {**result, **table.stand_in_marks()}
            if table.campaign_id is not None:
                self.advance_campaign(db, table)
            if row.result is not None:
                rate_finished(db, table.id, table.match.game.id, row.result)

    def advance_campaign(self, db: Session, table: LiveTable, state: State | None = None) -> None:
        """The fable step after a campaign game: store the next campaign state (checked), or leave
        the campaign untouched and say why if this game no longer fits it."""
        row = db.get(CampaignRow, table.campaign_id)
        if row is None:
            return
        try:
            campaign = load_campaign(row.id, row.game, row.data)
            final = table.state if state is None else state
            after = campaign.after_game(final, [seat.name for seat in table.seats])
        except FruitbowlError as exc:
            log.warning("campaign %s not advanced by table %s: %s", row.id, table.id, exc)
            return
        row.data, row.updated_at = after.to_json(), now()

    def save_clock(self, table: LiveTable) -> None:
        """Store a table's clock as it is in memory (its time read now: see :mod:`.clocks`)."""
        if table.clock is None:
            return
        with self.sessions.begin() as db:
            db.execute(update(TableRow).where(TableRow.id == table.id).values(clock=table.clock.to_json()))

    def set_stand_in(self, table: LiveTable, seat: int, kind: str, clock: Clock | None) -> Note:
        """A stand-in takes a player's seat (``kind`` ``timeout`` or ``leave``) or the player takes
        it back (``back``): the seat, the table's ``clock`` and a note in the log, committed
        together; :class:`Stale` if a move came first. Called holding ``table.lock``."""
        on = kind != "back"
        with self.sessions.begin() as db:
            self.lock_table(db, table, **({} if clock is None else {"clock": clock.to_json()}))
            row = db.get(SeatRow, (table.id, seat))
            assert row is not None
            if row.takeover == on:  # another server gave the seat away (or back) a moment ago
                raise Stale()
            row.takeover = on
            row.stood_in = row.stood_in or on
            note_row = NoteRow(
                table_id=table.id,
                kind=kind,
                seat=seat,
                name=row.name,
                text=table.takeover or "",
                move=table.version,
                created_at=now(),
            )
            db.add(note_row)
            db.flush()
            note = Note(note_row.id, kind, seat, note_row.name, note_row.text, note_row.move, note_row.created_at)
            self.notify(db, table.id)
        self._committed(table)
        info = table.seats[seat]
        info.takeover, info.stood_in = on, info.stood_in or on
        if clock is not None:
            table.clock = clock
        table.add_notes([note])
        table.seat_bots()
        return note

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self.sessions.begin() as db:
            self.table_row(db, table_id).rematch_id = rematch_id
