"""Authoritative tables: the one place where the server changes a game.

Every change follows the same path: check who is asking and what they saw, let the engine
validate the action, commit it to the database, only then apply it in memory and tell every
connected client its own view. A table in memory is always its database rows replayed, so a
server restarted after ``kill -9`` continues every table exactly.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy import text as sql_text
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from fruitbowl.bots import Bot, SeatHandle, bot_label, bot_names, make_bot
from fruitbowl.engine import FruitbowlError, Match, Player, Record, get_game
from fruitbowl.engine.actions import Action
from fruitbowl.engine.game import Game, State
from fruitbowl.engine.rng import derive_seed, random_seed

from .campaigns import MAX_CAMPAIGN_TOKENS, load_campaign, new_campaign, public_campaign
from .campaigns import summary as campaign_summary
from .cluster import CHANNEL, Claims, Listener, LocalClaims, PgClaims, conninfo, new_origin
from .db import UNFINISHED_STATUSES, ActionRow, CampaignRow, SeatRow, TableRow, now
from .expensive import REVIEW_TIMEOUT, ExpensiveWork, hint_job, position_key, review_job
from .limits import Limits, TokenLockout
from .outbox import Outbox

log = logging.getLogger("fruitbowl.server")

MAX_NAME = 40
#: Log entries in a snapshot: the latest ones; the page keeps those it was sent before, so a
#: player who watches the table sees a longer log while every snapshot stays small.
LOG_LENGTH = 20


# ---------------------------------------------------------------------- the action space


@dataclass(frozen=True)
class ActionSpace:
    """What a client loads once per table (``GET /api/tables/{id}/actions``) so that each
    snapshot can leave it out: every action (code, text, kind, fields and ``label``) and the
    parts of every view that never change (``fixed_view``, see ``ActionTable.fixed_view``)."""

    #: per code, the action's label at the start of a game with these players and options (seed
    #: 0, as the first seat to act sees it; ``None`` where the game cannot describe it there): a
    #: snapshot names a legal action's label only when it differs
    labels: tuple[str | None, ...]
    fixed_view: Mapping[str, Any]
    body: bytes  # the response, as JSON
    gzipped: bytes  # the same, gzip-compressed (Citrus: 1.2 MB of JSON, 71 kB compressed)


@functools.lru_cache(maxsize=32)
def action_space(game_id: str, num_players: int, options: str) -> ActionSpace:
    """The action space of a game with these players and options (``options``: their JSON with
    sorted keys), built once and shared by every table that plays it."""
    game = get_game(game_id)
    start = game.new_state(num_players, 0, json.loads(options))
    view = start.view(start.current_player)
    labels = tuple(_label_at_start(game, view, action) for action in start.table.actions)
    fixed = start.table.fixed_view
    body = {
        "actions": [
            {**action.to_json(), "label": label} for action, label in zip(start.table.actions, labels, strict=True)
        ],
        "fixed_view": fixed,
    }
    encoded = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    return ActionSpace(labels, fixed, encoded, gzip.compress(encoded, compresslevel=6))


def _label_at_start(game: Game, view: Mapping[str, Any], action: Action) -> str | None:
    try:
        return game.describe_action(view, action)
    except (LookupError, TypeError, ValueError, AttributeError):
        return None  # a game describes the actions a position allows; this one needs another


def without_fixed(value: Any, fixed: Any) -> Any:
    """``value`` (a view, or a part of one) without what it shares with ``fixed`` (the view's fixed
    parts): an object keeps only the keys whose values differ, each reduced the same way; a list
    as long as ``fixed``'s keeps every item, objects among them reduced the same way; anything
    else is kept whole. A client puts the fixed parts back the other way round (``withFixed`` in
    ``web/js/table.js``)."""
    if isinstance(value, dict) and isinstance(fixed, dict):
        return {
            key: without_fixed(item, fixed[key]) if key in fixed else item
            for key, item in value.items()
            if key not in fixed or item != fixed[key]
        }
    if isinstance(value, list) and isinstance(fixed, list) and len(value) == len(fixed):
        return [
            without_fixed(item, f) if isinstance(item, dict) else item for item, f in zip(value, fixed, strict=True)
        ]
    return value


# ---------------------------------------------------------------------- errors


class TableError(Exception):
    """A refusal with an HTTP status; the message is shown to the user as is."""

    status = 400


class NotFound(TableError):
    status = 404


class Forbidden(TableError):
    status = 403


class InvalidToken(Forbidden):
    """A seat, host or invitation token this table did not issue (counted by the lockout)."""


class Conflict(TableError):
    status = 409


class TooMany(TableError):
    """A client sends faster than a person plays (HTTP 429)."""

    status = 429

    def __init__(self, message: str, retry_after: float = 1.0):
        super().__init__(message)
        self.retry_after = retry_after


class Busy(TooMany):
    """The server is already computing as much as it will (HTTP 503 with ``Retry-After``)."""

    status = 503


class Unavailable(TableError):
    """The database is busy or unreachable (HTTP 503); nothing was changed."""

    status = 503


class _Stale(Exception):
    """The database holds moves this process has not seen (another process, or a lost reply)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


# ---------------------------------------------------------------------- live tables


@dataclass(eq=False)
class Connection:
    """One open WebSocket: the seat it speaks for (``None``: a spectator) and its outbox, which
    takes messages without ever waiting for the client (see :mod:`.outbox`)."""

    seat: int | None
    outbox: Outbox


@dataclass
class SeatInfo:
    name: str
    controller: str
    claimed: bool
    invite_hash: str
    token_hash: str | None


@dataclass(eq=False)
class LiveTable:
    id: str
    status: str
    allow_spectators: bool
    open_join: bool
    host_token_hash: str
    seats: list[SeatInfo]
    match: Match
    rematch_id: str | None = None
    campaign_id: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle tables leave memory)

    @property
    def version(self) -> int:
        return len(self.match.record.actions)

    def close_bots(self) -> None:
        """Release the bots' resources (a searching bot's worker processes) once no bot will move
        here again: the game is over, the table leaves memory, or the server stops."""
        for bot in self.bots.values():
            bot.close()

    @property
    def state(self) -> State:
        return self.match.state

    def seat_for(self, token: str | None) -> int | None:
        """The seat a token speaks for, ``None`` for no token; :class:`Forbidden` for a bad one."""
        if not token:
            return None
        digest = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return index
        raise InvalidToken("this seat token is not valid for this table")

    def online(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}


@dataclass
class SeatRequest:
    controller: str = "human"
    name: str | None = None
    token_hash: str | None = None  # a seat already claimed with this token (a rematch keeps players' tokens)


@dataclass
class CreatedTable:
    id: str
    host_token: str
    seat: int | None
    token: str | None
    invites: dict[int, str]


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
        self.sessions = sessions
        self.bot_time_limit = bot_time_limit
        self.bot_delay = bot_delay
        self.executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="fruitbowl-bot")
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        bind = sessions.kw.get("bind")
        self.multi_process = bind is not None and bind.dialect.name == "postgresql"
        self.origin = new_origin()
        self.claims: Claims = LocalClaims()
        self.claim_interval = claim_interval
        self._listener: Listener | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._refreshing: set[str] = set()
        self._dirty: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.work = ExpensiveWork.from_env()  # hints and reviews, in worker processes
        self.lockout = TokenLockout(Limits.bad_token_rate, Limits.bad_token_burst)  # the API sets its own

    # ------------------------------------------------------------------ starting and stopping

    async def start(self) -> None:
        """On server start: resume the bots (SQLite), or join the other processes (PostgreSQL)."""
        if not self.multi_process:
            await self.resume_all()
            return
        bind = self.sessions.kw["bind"]
        url = conninfo(bind)
        self.claims = PgClaims(url)
        self._listener = Listener(url, self.origin, self._changed_elsewhere, self._refresh_all)
        self._listener.start()
        with contextlib.suppress(TimeoutError):  # without notices we still serve; they come when they can
            await asyncio.wait_for(self._listener.connected.wait(), 5)
        await self._sweep_once()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sweeper
        if self._listener is not None:
            await self._listener.stop()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            table.close_bots()
        self.work.close()
        await self.claims.close()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.claim_interval)
            await self._sweep_once()

    async def _sweep_once(self) -> None:
        """Claim the tables in play whose bots no process drives (new, or their process died)."""
        try:
            claimed = await self.claims.sweep()
        except Exception as exc:
            log.warning("cannot claim tables' bots: %s", exc)
            return
        for table in list(self.tables.values()):  # a bot loop stopped by a database outage starts again
            if self.claims.holds(table.id):
                self._kick_bots(table)
        for table_id in claimed:
            try:
                held = self.tables.get(table_id)
                if held is None:
                    held = await self.get(table_id)
                else:
                    await self.refresh(table_id, broadcast=False)
                self._kick_bots(held)
            except Exception as exc:
                log.warning("cannot resume the bots of table %s: %s", table_id, exc)

    def _changed_elsewhere(self, table_id: str) -> None:
        """Another process changed a table: re-read it if it is held here (one refresh at a time)."""
        if table_id not in self.tables:
            return
        if table_id in self._refreshing:
            self._dirty.add(table_id)
            return
        self._refreshing.add(table_id)
        task = asyncio.get_running_loop().create_task(self._refresh_loop(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh_loop(self, table_id: str) -> None:
        try:
            while True:
                self._dirty.discard(table_id)
                try:
                    await self.refresh(table_id)
                except Exception as exc:
                    log.warning("cannot refresh table %s: %s", table_id, exc)
                if table_id not in self._dirty:
                    return
        finally:
            self._refreshing.discard(table_id)

    async def _refresh_all(self) -> None:
        for table_id in list(self.tables):
            self._changed_elsewhere(table_id)

    async def refresh(self, table_id: str, broadcast: bool = True) -> None:
        """Bring a table held in memory up to its database rows; tell its clients if it moved."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            changed = self._resync_locked(table)
        if changed and broadcast:
            await self.broadcast(table)
        self._kick_bots(table)

    def _resync_locked(self, table: LiveTable) -> bool:
        """Re-read a table's rows (holding its lock); returns whether anything changed."""
        with self.sessions() as db:
            row = db.get(TableRow, table.id)
            if row is None:
                return False
            seats = [SeatInfo(s.name, s.controller, s.claimed, s.invite_hash, s.token_hash) for s in row.seats]
            first = max(table.version, 1)
            rows = db.execute(
                select(ActionRow.number, ActionRow.text)
                .where(ActionRow.table_id == table.id, ActionRow.number >= first)
                .order_by(ActionRow.number)
            ).all()
            status, rematch_id = row.status, row.rematch_id
        changed = seats != table.seats or status != table.status or rematch_id != table.rematch_id
        table.seats, table.status, table.rematch_id = seats, status, rematch_id
        for index, info in enumerate(seats):
            table.match.record.players[index] = Player(info.name, info.controller)
            if info.controller != "human" and index not in table.bots:
                table.bots[index] = make_bot(info.controller, derive_seed(table.match.record.seed, "bot", index))
        stored = [(int(number), str(action_text)) for number, action_text in rows]
        if table.version:  # the first row must be the last move this process knows
            continues = bool(stored) and stored[0] == (table.version, table.match.record.actions[-1])
            stored = stored[1:]
        else:
            continues = True
        expected = list(range(table.version + 1, table.version + 1 + len(stored)))
        continues = continues and [n for n, _ in stored] == expected
        if not continues:  # an undo, or moves this process never saw: replay the whole record
            self._reload_match(table)
            return True
        for _number, action_text in stored:
            table.match.apply(action_text)
            changed = True
        return changed

    def _reload_match(self, table: LiveTable) -> None:
        fresh = self._load(table.id)
        table.match, table.status, table.seats = fresh.match, fresh.status, fresh.seats
        table.rematch_id, table.bots = fresh.rematch_id, fresh.bots

    def _notify(self, db: Session, table_id: str) -> None:
        """Tell the other processes, when this transaction commits, that a table changed."""
        if self.multi_process:
            payload = f"{self.origin} {table_id}"
            db.execute(sql_text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def _lock_table(self, db: Session, table: LiveTable, **changes: Any) -> None:
        """Lock the table's row for this transaction (an UPDATE, which also stores ``changes`` and
        the time), then check that no move was stored meanwhile (a second statement, so that it
        sees what a transaction that held the lock before us committed)."""
        locked = db.execute(
            update(TableRow)
            .where(TableRow.id == table.id, TableRow.status != "cancelled")
            .values(updated_at=now(), **changes)
        )
        if getattr(locked, "rowcount", 1) == 0:
            if db.get(TableRow, table.id) is None:
                raise NotFound(f"there is no table {table.id!r}")
            # cancelled by its campaign's owner, perhaps through another server a moment ago
            table.status = "cancelled"
            raise Conflict("this game was cancelled by its campaign's owner; nothing was changed")
        last = db.execute(
            select(ActionRow.number, ActionRow.text)
            .where(ActionRow.table_id == table.id)
            .order_by(ActionRow.number.desc())
            .limit(1)
        ).first()
        mine = (table.version, table.match.record.actions[-1]) if table.version else None
        if (tuple(last) if last is not None else None) != mine:
            raise _Stale()

    def _moved_on(self, table: LiveTable) -> Conflict:
        """After a stale write: catch up with the database and say so."""
        self._reload_match(table)
        self._kick_bots(table)
        return Conflict(f"the game has moved on: another move came first (it is now at move {table.version})")

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
    ) -> CreatedTable:
        game = get_game(game_id)
        game.check_player_count(num_players)
        checked = game.validate_options(options, num_players)
        requests = list(seats) if seats else [SeatRequest()] + [SeatRequest("random")] * (num_players - 1)
        if len(requests) != num_players:
            raise TableError(f"give one seat per player: {num_players} players, {len(requests)} seats")
        if you is not None and not (0 <= you < num_players and requests[you].controller == "human"):
            raise TableError(f"'you' must be a human seat 0–{num_players - 1}")
        infos, invites = [], {}
        for index, request in enumerate(requests):
            controller = request.controller.strip().lower()
            if controller != "human" and controller not in bot_names():
                raise TableError(
                    f"unknown seat controller {request.controller!r}; use human or {', '.join(bot_names())}"
                )
            name = _seat_name(index, controller, request.name)
            invite = new_token()
            claimed = controller != "human" or request.token_hash is not None
            if not claimed:
                invites[index] = invite
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
        with self.sessions.begin() as db:
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
                host_token_hash=hash_token(host_token),
                rematch_of=rematch_of,
                campaign_id=campaign_id,
            )
            db.add(row)
            db.flush()
            for index, info in enumerate(infos):
                db.add(
                    SeatRow(
                        table_id=table_id,
                        seat=index,
                        name=info.name,
                        controller=info.controller,
                        claimed=info.claimed,
                        invite_hash=info.invite_hash,
                        token_hash=info.token_hash,
                    )
                )
        table = await self.get(table_id)
        if table.bots and table.status == "playing":
            await self.claims.claim(table_id)
        self._kick_bots(table)
        return CreatedTable(table_id, host_token, you, token, invites)

    async def join(self, table_id: str, name: str | None, invite: str | None) -> tuple[int, str]:
        """Claim a seat with its invite, or the first free human seat by the open join link."""
        table = await self.get(table_id)
        async with table.lock:
            seat = self._free_seat(table, invite)
            token = new_token()

            def seat_person(row: SeatRow) -> None:
                row.token_hash = hash_token(token)
                if _clean_name(name):
                    row.name = _clean_name(name) or row.name

            self._claim_seat(table, seat, seat_person, f"seat {seat + 1} has already been taken")
        await self.broadcast(table)
        if table.bots and table.status == "playing":
            await self.claims.claim(table_id)
        self._kick_bots(table)
        return seat, token

    def _claim_seat(self, table: LiveTable, seat: int, fill: Callable[[SeatRow], None], taken: str) -> None:
        """Claim a free seat (its row locked with the table's), let ``fill`` name who sits there,
        and start the game once every seat is taken; if another process claimed it first, the
        seat is ``taken`` (Conflict). Called holding ``table.lock``."""
        try:
            with self.sessions.begin() as db:
                table_row = db.get(TableRow, table.id, with_for_update=True)
                row = db.get(SeatRow, (table.id, seat))
                assert table_row is not None and row is not None
                if row.claimed:  # another process seated someone there meanwhile
                    raise _Stale()
                fill(row)
                row.claimed = True
                db.flush()
                if table_row.status == "open" and all(s.claimed for s in table_row.seats):
                    table_row.status = "playing"
                self._notify(db, table.id)
        except _Stale:
            self._resync_locked(table)
            raise Conflict(taken) from None
        self._resync_locked(table)

    def _free_seat(self, table: LiveTable, invite: str | None) -> int:
        if invite:
            digest = hash_token(invite)
            for index, info in enumerate(table.seats):
                if secrets.compare_digest(info.invite_hash, digest):
                    if info.claimed:
                        raise Conflict(f"seat {index + 1} has already been taken")
                    return index
            raise InvalidToken("this invitation is not valid for this table")
        if not table.open_join:
            raise Forbidden("this table can be joined only by invitation")
        for index, info in enumerate(table.seats):
            if info.controller == "human" and not info.claimed:
                return index
        raise Conflict("this table has no free seat")

    async def set_bot(self, table_id: str, host_token: str, seat: int, bot: str) -> None:
        """The host gives an unclaimed human seat to a bot."""
        table = await self.get(table_id)
        if not secrets.compare_digest(table.host_token_hash, hash_token(host_token or "")):
            raise InvalidToken("only the table's host can change its seats")
        if bot not in bot_names():
            raise TableError(f"unknown bot {bot!r}; the bots are: {', '.join(bot_names())}")
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise TableError(f"there is no seat {seat}")
            info = table.seats[seat]
            if info.claimed:
                raise Conflict(f"seat {seat + 1} is already taken")

            def seat_bot(row: SeatRow) -> None:
                row.controller, row.name = bot, _seat_name(seat, bot, None)

            self._claim_seat(table, seat, seat_bot, f"seat {seat + 1} is already taken")
        await self.broadcast(table)
        if table.status == "playing":
            await self.claims.claim(table_id)
        self._kick_bots(table)

    # ------------------------------------------------------------------ campaigns

    def create_campaign(self, game_id: str, name: str | None, ruleset: str = "base") -> dict[str, Any]:
        """A new campaign; the answer carries its owner's token (stored only as a hash)."""
        game = get_game(game_id)
        campaign = new_campaign(game.id, random_seed(), ruleset)
        campaign_id = secrets.token_urlsafe(8)
        token = new_token()
        title = _clean_name(name) or f"{game.title} campaign"
        with self.sessions.begin() as db:
            db.add(
                CampaignRow(
                    id=campaign_id, game=game.id, name=title, data=campaign.to_json(), owner_hash=hash_token(token)
                )
            )
        summary = campaign_summary(campaign_id, game.id, title, campaign)
        return {**summary, "going_on": None, "tables": [], "token": token}

    def list_campaigns(self, tokens: Sequence[str]) -> list[dict[str, Any]]:
        """The campaigns whose owner tokens are presented (nobody else's), most recently played first."""
        hashes = [hash_token(t) for t in tokens]
        if not hashes:
            return []
        with self.sessions() as db:
            rows = db.scalars(
                select(CampaignRow)
                .where(CampaignRow.owner_hash.in_(hashes))
                .order_by(CampaignRow.updated_at.desc())
                .limit(MAX_CAMPAIGN_TOKENS)
            ).all()
            going_on = dict(
                db.execute(
                    select(TableRow.campaign_id, TableRow.id).where(
                        TableRow.campaign_id.in_([r.id for r in rows]), TableRow.status.in_(UNFINISHED_STATUSES)
                    )
                ).all()
            )
            return [
                {
                    **campaign_summary(r.id, r.game, r.name, load_campaign(r.game, r.data)),
                    "going_on": going_on.get(r.id),
                }
                for r in rows
            ]

    def campaign(self, campaign_id: str, token: str | None) -> dict[str, Any]:
        """A campaign: all of it for its owner; for anyone else only what its name and progress say."""
        with self.sessions() as db:
            row = db.get(CampaignRow, campaign_id)
            if row is None:
                raise NotFound(f"there is no campaign {campaign_id!r}")
            info = campaign_summary(row.id, row.game, row.name, load_campaign(row.game, row.data))
            if not _owns(row, token):
                return public_campaign(info)
            info["going_on"] = self._unfinished_table(db, campaign_id)
            info["tables"] = [
                {"id": t.id, "status": t.status}
                for t in db.scalars(
                    select(TableRow).where(TableRow.campaign_id == campaign_id).order_by(TableRow.created_at)
                ).all()
            ]
            return info

    def _owned_campaign(self, db: Session, campaign_id: str, token: str | None) -> CampaignRow:
        row = db.get(CampaignRow, campaign_id)
        if row is None:
            raise NotFound(f"there is no campaign {campaign_id!r}")
        if not _owns(row, token):
            raise Forbidden(
                "only the campaign's owner can start or cancel its tables "
                "(send the campaign's token in the X-Campaign-Token header)"
            )
        return row

    @staticmethod
    def _unfinished_table(db: Session, campaign_id: str) -> str | None:
        return db.scalar(
            select(TableRow.id).where(TableRow.campaign_id == campaign_id, TableRow.status.in_(UNFINISHED_STATUSES))
        )

    async def campaign_table(
        self,
        campaign_id: str,
        token: str | None,
        num_players: int,
        seats: Sequence[SeatRequest] | None,
        you: int | None = 0,
        allow_spectators: bool = True,
        open_join: bool = True,
    ) -> CreatedTable:
        """The campaign's next game at a new table. The database allows one unfinished table per
        campaign (whichever process inserts it) and never two tables with one seed."""
        with self.sessions() as db:
            row = self._owned_campaign(db, campaign_id, token)
            unfinished = self._unfinished_table(db, campaign_id)
            game_id, campaign = row.game, load_campaign(row.game, row.data)
            seed = campaign.game_seed()
            if db.scalar(select(TableRow.id).where(TableRow.seed == seed)) is not None:
                seed = random_seed()  # this game of the campaign was started before (and cancelled)
        if unfinished:
            raise Conflict(_going_on(unfinished))
        requests = list(seats) if seats else [SeatRequest()] + [SeatRequest("random")] * (num_players - 1)
        names = [_seat_name(i, r.controller.strip().lower(), r.name) for i, r in enumerate(requests)]
        requests = [SeatRequest(r.controller, names[i], r.token_hash) for i, r in enumerate(requests)]
        options = campaign.game_options(num_players, names)
        try:
            return await self.create(
                game_id,
                num_players,
                options,
                requests,
                you=you,
                allow_spectators=allow_spectators,
                open_join=open_join,
                seed=seed,
                campaign_id=campaign_id,
            )
        except IntegrityError:  # another request (perhaps at another server) started it first
            with self.sessions() as db:
                unfinished = self._unfinished_table(db, campaign_id)
            raise Conflict(
                _going_on(unfinished)
                if unfinished
                else "another table of this campaign was started at the same moment; reload and try again"
            ) from None

    async def cancel_campaign_table(self, campaign_id: str, token: str | None) -> dict[str, Any]:
        """The owner ends the campaign's unfinished game without a result; the campaign is unchanged."""
        with self.sessions() as db:
            self._owned_campaign(db, campaign_id, token)
            unfinished = self._unfinished_table(db, campaign_id)
        if unfinished is None:
            raise Conflict("this campaign has no game going on to cancel")
        table = await self.get(unfinished)
        async with table.lock:
            with self.sessions.begin() as db:
                cancelled = db.execute(
                    update(TableRow)
                    .where(TableRow.id == table.id, TableRow.status.in_(UNFINISHED_STATUSES))
                    .values(status="cancelled", updated_at=now())
                )
                if getattr(cancelled, "rowcount", 1):
                    self._notify(db, table.id)
            if not getattr(cancelled, "rowcount", 1):
                self._resync_locked(table)
                raise Conflict(f"the game at table {table.id} has just ended; there is nothing to cancel")
            table.status = "cancelled"
            if table.bot_task is not None:
                table.bot_task.cancel()
        await self.broadcast(table)
        await self.claims.release(table.id)
        return {"campaign": campaign_id, "cancelled": table.id}

    # ------------------------------------------------------------------ loading

    async def get(self, table_id: str) -> LiveTable:
        """The table in memory, loaded from the database if it is not (or no longer) there."""
        table = self.tables.get(table_id)
        if table is None:
            async with self._loading:
                table = self.tables.get(table_id)
                if table is None:
                    table = self._load(table_id)
                    # built once per game setup (Citrus: ~0.1 s), in a thread, before any snapshot needs it
                    await asyncio.to_thread(self.action_space, table)
                    self.tables[table_id] = table
        table.touched = time.monotonic()
        return table

    def _load(self, table_id: str) -> LiveTable:
        with self.sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                raise NotFound(f"there is no table {table_id!r}")
            seats = [SeatInfo(s.name, s.controller, s.claimed, s.invite_hash, s.token_hash) for s in row.seats]
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
            )
        if match.state.is_terminal() and table.status != "finished":
            self._finish(table)  # the server stopped between the last move and marking the end
        for index, info in enumerate(seats):
            if info.controller != "human":
                table.bots[index] = make_bot(info.controller, derive_seed(record.seed, "bot", index))
        return table

    async def resume_all(self) -> int:
        """Load every table in play and let its bots continue (on server start)."""
        with self.sessions() as db:
            ids = db.scalars(select(TableRow.id).where(TableRow.status == "playing")).all()
        for table_id in ids:
            self._kick_bots(await self.get(table_id))
        return len(ids)

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
                    "title": get_game(r.game).title,
                    "status": r.status,
                    "players": [
                        {"seat": s.seat, "name": s.name, "controller": s.controller, "claimed": s.claimed}
                        for s in r.seats
                    ],
                    "open_seats": sum(1 for s in r.seats if not s.claimed),
                    "open_join": r.open_join,
                    "allow_spectators": r.allow_spectators,
                    "moves": counts.get(r.id, 0),
                    "result": r.result,
                    "updated_at": r.updated_at.isoformat(),
                }
                for r in rows
            ]

    # ------------------------------------------------------------------ playing

    async def submit(self, table_id: str, token: str | None, action: int | str, version: int | None) -> int:
        """Apply a player's action; returns the new version. Refusals change nothing."""
        table = await self.get(table_id)
        seat = self._seat_of(table, token)
        if seat is None:
            raise Forbidden("spectators cannot play: join a seat first")
        async with table.lock:
            self._apply_locked(table, seat, action, version)
        await self.broadcast(table)
        if table.status == "finished":
            await self.claims.release(table.id)
        self._kick_bots(table)
        return table.version

    def _seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token speaks for; with several processes, a token this one has not seen yet
        (a seat just taken through another process) is looked up in the database first."""
        try:
            return table.seat_for(token)
        except Forbidden:
            if not self.multi_process:
                raise
        self._resync_locked(table)
        return table.seat_for(token)

    def _apply_locked(self, table: LiveTable, seat: int, action: int | str, version: int | None) -> None:
        try:
            self._check_turn(table, seat, version)
        except Conflict:
            if not self.multi_process:
                raise
            self._resync_locked(table)  # another process may have moved the table on: look again
            self._check_turn(table, seat, version)
        legal = table.state.validate(action)  # IllegalAction (400) before anything is written
        self._store_move(table, seat, legal)

    def _check_turn(self, table: LiveTable, seat: int, version: int | None) -> None:
        if table.status == "open":
            waiting = [str(i + 1) for i, s in enumerate(table.seats) if not s.claimed]
            raise Conflict(f"the game starts when every seat is taken (waiting for seat {', '.join(waiting)})")
        if table.status == "cancelled":
            raise Conflict("this game was cancelled by its campaign's owner")
        if table.status == "finished" or table.state.is_terminal():
            raise Conflict("the game is over")
        if version is not None and version != table.version:
            raise Conflict(f"the game has moved on (you saw move {version}, it is now at move {table.version})")
        current = table.state.current_player
        if seat != current:
            raise Conflict(f"it is not your turn: {table.seats[current].name} is to act")

    def _store_move(self, table: LiveTable, seat: int, legal: Action) -> None:
        after = table.state.clone()  # the position after the move, to store its end in the same commit
        after.apply(legal)
        finished = after.is_terminal()
        try:
            with self.sessions.begin() as db:  # committed before the position changes or anyone is told
                changes: dict[str, Any] = {}
                if finished:
                    changes.update(status="finished", result=after.result().to_json())
                self._lock_table(db, table, **changes)
                db.execute(
                    insert(ActionRow).values(table_id=table.id, number=table.version + 1, text=legal.text, seat=seat)
                )
                if finished and table.campaign_id is not None:
                    self._advance_campaign(db, table, after)
                self._notify(db, table.id)
        except (_Stale, IntegrityError):
            raise self._moved_on(table) from None
        table.match.apply(legal)
        if finished:
            table.status = "finished"
            table.close_bots()

    def _finish(self, table: LiveTable) -> None:
        table.status = "finished"
        table.close_bots()
        with self.sessions.begin() as db:
            row = self._table_row(db, table.id)
            row.status, row.result = "finished", table.match.record.result
            if table.campaign_id is not None:
                self._advance_campaign(db, table)

    def _advance_campaign(self, db: Session, table: LiveTable, state: State | None = None) -> None:
        """The fable step after a campaign game: store the next campaign state (checked), or leave
        the campaign untouched and say why if this game no longer fits it."""
        row = db.get(CampaignRow, table.campaign_id)
        if row is None:
            return
        try:
            campaign = load_campaign(row.game, row.data)
            final = table.state if state is None else state
            after = campaign.after_game(final, [seat.name for seat in table.seats])
        except FruitbowlError as exc:
            log.warning("campaign %s not advanced by table %s: %s", row.id, table.id, exc)
            return
        row.data, row.updated_at = after.to_json(), now()

    async def undo(self, table_id: str, token: str | None) -> int:
        table = await self.get(table_id)
        seat = self._seat_of(table, token)
        if seat is None:
            raise Forbidden("spectators cannot undo")
        async with table.lock:
            if not table.match.can_undo(seat):
                raise Conflict(
                    "nothing to undo: undo goes back only within your own turn, never past a die roll, "
                    "a draw, or another player's decision"
                )
            try:
                with self.sessions.begin() as db:
                    self._lock_table(db, table)
                    db.execute(
                        delete(ActionRow).where(ActionRow.table_id == table.id, ActionRow.number == table.version)
                    )
                    self._notify(db, table.id)
            except _Stale:
                raise self._moved_on(table) from None
            table.match.undo(seat)
        await self.broadcast(table)
        return table.version

    async def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A search from the asking seat's own view: the recommended action and its win chance."""
        table = await self.get(table_id)
        seat = self._seat_of(table, token)
        if seat is None:
            raise Forbidden("hints are for players: join a seat first")
        if table.status != "playing" or seat != table.state.current_player:
            raise Conflict("a hint is available on your own turn")
        record = table.match.record.to_json()  # the position, as the worker will replay it
        key = (table.id, seat, position_key(table.match.record.actions))
        timeout = self.bot_time_limit * 2
        advice = await self.work.run("hint", key, timeout, hint_job, record, seat, table.version)
        return {"version": table.version, **advice}

    async def review(self, table_id: str) -> dict[str, Any]:
        """Each seat's estimated chance to win after the moves of a finished game (computed once,
        in a worker process, within a budget: see :mod:`.expensive`)."""
        table = await self.get(table_id)
        if table.status != "finished":
            raise Conflict("a game is reviewed when it is over")
        record = table.match.record
        key = (table.id, position_key(record.actions))
        return await self.work.run("review", key, REVIEW_TIMEOUT, review_job, record.to_json())

    def _kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running."""
        if table.status != "playing" or table.state.is_terminal():
            return
        if table.state.current_player not in table.bots:
            return
        if not self.claims.holds(table.id):  # another process drives this table's bots
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        while table.status == "playing" and not table.state.is_terminal():
            seat = table.state.current_player
            bot = table.bots.get(seat)
            if bot is None or not self.claims.holds(table.id):
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            version = table.version
            handle = SeatHandle(table.state.clone(), seat)
            try:
                choice = await asyncio.wait_for(
                    loop.run_in_executor(self.executor, bot.choose, handle), self.bot_time_limit
                )
                action: int | str = choice.code
            except TimeoutError:
                log.warning("bot at table %s seat %s ran out of time; playing its first legal action", table.id, seat)
                action = table.state.legal_actions()[0].code
            try:
                async with table.lock:
                    self._apply_locked(table, seat, action, version)
                failures = 0
            except TableError:
                continue  # the table moved (an undo, a reload): look again
            except FruitbowlError:
                log.exception("bot at table %s seat %s chose an illegal action", table.id, seat)
                return
            except SQLAlchemyError as exc:  # the database is busy or away: try again, more slowly
                failures += 1
                log.warning("bot at table %s cannot store its move (%s); retrying", table.id, exc)
                await asyncio.sleep(min(5.0, 0.2 * 2**failures))
                continue
            await self.broadcast(table)
        if table.status == "finished":
            await self.claims.release(table.id)

    # ------------------------------------------------------------------ what clients see

    def snapshot(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """Everything one client may know about a table, as one message."""
        state, game = table.state, table.match.game
        view = state.view(seat)
        names = [s.name for s in table.seats]
        my_turn = seat is not None and seat == state.current_player and table.status == "playing"
        legal = state.legal_actions() if my_turn else []
        online = table.online()
        entries = table.match.log
        start = max(0, len(entries) - LOG_LENGTH)
        while start > 0 and entries[start - 1][0] == entries[-1][0]:  # the last move's entries, all of them
            start -= 1
        space = self.action_space(table)
        message: dict[str, Any] = {
            "type": "state",
            "table": table.id,
            "game": game.id,
            "title": game.title,
            "status": table.status,
            "version": table.version,
            "seat": seat,
            # The view without its fixed parts, which the table's action space carries.
            "view": without_fixed(view, space.fixed_view),
            "prompt": self._prompt(table, view, names),
            # Each legal action by its code, and its label where it is not the action space's:
            # its text, kind, fields and usual label are in the table's action space
            # (``GET /api/tables/{id}/actions``), and why another action is not possible is asked
            # for one action at a time (:meth:`explain`).
            "legal": [_legal_entry(a.code, game.describe_action(view, a), space.labels) for a in legal],
            "can_undo": seat is not None and table.match.can_undo(seat),
            "players": [
                {
                    "seat": i,
                    "name": s.name,
                    "controller": s.controller,
                    "claimed": s.claimed,
                    "online": i in online or s.controller != "human",
                }
                for i, s in enumerate(table.seats)
            ],
            "log": [
                {"move": n, "kind": e.kind, "actor": e.actor, "text": game.describe_event(e, seat, names)}
                for n, e in entries[start:]
            ],
            "log_start": start,  # the first entry's place in the table's whole log
            "result": table.match.record.result,
            "rematch": table.rematch_id,
        }
        return message

    @staticmethod
    def action_space(table: LiveTable) -> ActionSpace:
        record = table.match.record
        return action_space(record.game, len(record.players), json.dumps(record.options, sort_keys=True))

    def explain(self, table: LiveTable, token: str | None, code: int) -> dict[str, Any]:
        """Why the action ``code`` is not possible for the seat to act (``reason`` ``None``: it
        is legal), at the table's current ``version``; asked when a player clicks a target."""
        seat = self._seat_of(table, token)
        if seat is None:
            raise Forbidden("only a seated player can ask why an action is not possible (send your seat token)")
        state = table.state
        if not 0 <= code < len(state.table):
            raise TableError(f"there is no action {code} in this game: codes go from 0 to {len(state.table) - 1}")
        if table.status != "playing" or seat != state.current_player:
            names = [s.name for s in table.seats]
            raise Conflict(f"it is not your turn: {self._prompt(table, state.view(seat), names)}")
        return {"code": code, "version": table.version, "reason": state.explain(code)}

    def _prompt(self, table: LiveTable, view: dict[str, Any], names: list[str]) -> str:
        if table.status == "cancelled":
            return "This game was cancelled by its campaign's owner"
        if table.status == "open":
            free = [s.name for s in table.seats if not s.claimed]
            return f"Waiting for players to join ({', '.join(free)})"
        return table.match.game.prompt(view, names)

    async def broadcast(self, table: LiveTable) -> None:
        """Put each connection's new snapshot in its outbox; never waits for a socket (a client
        that falls behind is dropped by its outbox and forgotten here)."""
        cache: dict[int | None, str] = {}
        for connection in list(table.connections):
            if connection.outbox.dropped is not None:
                table.connections.discard(connection)
                continue
            if connection.seat not in cache:
                cache[connection.seat] = json.dumps(self.snapshot(table, connection.seat), separators=(",", ":"))
            connection.outbox.snapshot(cache[connection.seat])

    async def connect(self, table_id: str, token: str | None, outbox: Outbox) -> tuple[LiveTable, Connection]:
        table = await self.get(table_id)
        seat = self._seat_of(table, token)
        if seat is None and not table.allow_spectators:
            raise Forbidden("the host does not allow spectators at this table")
        connection = Connection(seat, outbox)
        table.connections.add(connection)
        await self.broadcast(table)
        return table, connection

    async def disconnect(self, table: LiveTable, connection: Connection) -> None:
        table.connections.discard(connection)
        await self.broadcast(table)

    def view_for(self, table: LiveTable, token: str | None) -> dict[str, Any]:
        seat = self._seat_of(table, token)
        if seat is None and not table.allow_spectators:
            raise Forbidden("the host does not allow spectators at this table")
        return self.snapshot(table, seat)

    async def rematch(self, table_id: str, token: str | None) -> CreatedTable:
        """A new table with the same game, options and players, each keeping their seat and token."""
        table = await self.get(table_id)
        seat = self._seat_of(table, token)
        if seat is None:
            raise Forbidden("only a player can ask for a rematch")
        if table.status != "finished":
            raise Conflict("a rematch can start when the game is over")
        if table.rematch_id:
            raise Conflict(f"a rematch already exists: table {table.rematch_id}")
        seats = [SeatRequest(s.controller, s.name, s.token_hash) for s in table.seats]
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
        )
        with self.sessions.begin() as db:
            self._table_row(db, table.id).rematch_id = created.id
        table.rematch_id = created.id
        await self.broadcast(table)
        return created

    @staticmethod
    def _table_row(db: Session, table_id: str) -> TableRow:
        row = db.get(TableRow, table_id)
        if row is None:
            raise NotFound(f"there is no table {table_id!r}")
        return row


def _seat_name(index: int, controller: str, name: str | None) -> str:
    """A seat's name: the one given, else "Player 2" or "Random bot 2"."""
    return _clean_name(name) or (
        f"Player {index + 1}" if controller == "human" else f"{bot_label(controller)} bot {index + 1}"
    )


def _clean_name(name: str | None) -> str | None:
    if name is None:
        return None
    cleaned = " ".join(name.split())[:MAX_NAME]
    return cleaned or None


def _owns(row: CampaignRow, token: str | None) -> bool:
    """Whether ``token`` is the campaign's owner token; a campaign stored before campaigns had
    owners (no hash) stays open to anyone, as it was."""
    if row.owner_hash is None:
        return True
    return bool(token) and secrets.compare_digest(row.owner_hash, hash_token(token or ""))


def _going_on(table_id: str) -> str:
    return f"this campaign's game is still going on at table {table_id}; finish or cancel it first"


def _legal_entry(code: int, label: str, usual: Sequence[str | None]) -> dict[str, Any]:
    """A legal action in a snapshot: its code, and its label unless the action space gives it."""
    return {"code": code} if label == usual[code] else {"code": code, "label": label}
