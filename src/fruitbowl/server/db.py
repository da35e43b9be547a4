"""The server's database: tables, seats, every action and the table's notes (renames), committed
before anyone is told.

SQLite (a file in the user's data directory) by default; any SQLAlchemy URL works, and the
tests run against PostgreSQL too. A table's position is never stored: it is rebuilt by
replaying its actions, so the database holds exactly a record per table.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    event,
    false,
    inspect,
    text,
    true,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError, IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker

from fruitbowl.database import open_engine
from fruitbowl.paths import data_home

log = logging.getLogger("fruitbowl.server")


def default_db_url() -> str:
    return f"sqlite:///{data_home() / 'fruitbowl.db'}"


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite keeps none, and the server stores UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


#: A table still going on; a campaign has at most one (``finished`` and ``cancelled`` are over).
UNFINISHED_STATUSES = ("open", "playing")
UNFINISHED = "status IN ('open', 'playing')"
NOT_TUTORIAL = "tutorial IS NULL"

#: Indexes of earlier versions, replaced by another (the seed's, which tutorials share).
REPLACED_INDEXES = ("tables_seed_unique",)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[str] = mapped_column(String(16))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    num_players: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | playing | finished | cancelled
    allow_spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    open_join: Mapped[bool] = mapped_column(Boolean, default=True)
    #: whether spectators may write in the table's chat (the host decides; players always may)
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    host_token_hash: Mapped[str] = mapped_column(String(64))
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    campaign_id: Mapped[str | None] = mapped_column(ForeignKey("campaigns.id"), nullable=True, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: the time control and each seat's time left (``clocks.Clock.to_json``); ``None``: no clock
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: the level of the stand-in bot that plays for a player who left or ran out of time
    takeover: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: the tutorial this table plays (``engine/tutorials.py``: its id), ``None`` for a real game
    tutorial: Mapped[str | None] = mapped_column(String(48), nullable=True)
    #: how many times the table's moves have changed (each move, undo and stand-in counts one): a
    #: change commits only over the revision its process holds (``UPDATE … WHERE revision = …``,
    #: one statement that locks the row and checks that nothing moved meanwhile)
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    #: whether the game counts for ratings (see ``ratings.rated_players`` for who is rated)
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", cascade="all, delete-orphan")

    __table_args__ = (
        # A seed is never used by two tables: a finished table publishes its record (with the
        # seed), which would reveal every hidden card of the other. A tutorial's deal is public
        # by design: every table of one tutorial has its seed.
        Index(
            "tables_seed_unique_but_tutorials",
            "seed",
            unique=True,
            sqlite_where=text(NOT_TUTORIAL),
            postgresql_where=text(NOT_TUTORIAL),
        ),
        # One unfinished (open or playing) table per campaign, whichever process inserts it.
        Index(
            "tables_one_unfinished_per_campaign",
            "campaign_id",
            unique=True,
            sqlite_where=text(UNFINISHED),
            postgresql_where=text(UNFINISHED),
        ),
    )


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    controller: Mapped[str] = mapped_column(String(32))  # "human" or a bot's name
    #: a stand-in bot plays for this player now (they left, or their time ran out) …
    takeover: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: … or did at some time in this game (kept in the result: see ``stand_ins``)
    stood_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    invite_hash: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class CampaignRow(Base):
    """A campaign that carries over from game to game (Fabled Fruit's fables): its state as JSON."""

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(80))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: SHA-256 of the owner's token (``None``: a campaign created before campaigns had owners).
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based; unique per table
    text: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class NoteRow(Base):
    """Something that happened at a table outside the game, in order: a seat took a new name
    (``kind`` ``rename``: ``name`` the new name, ``text`` the old one), or a seat said something
    in the table's chat (``chat``: ``name`` the seat's name then, ``text`` the message; the latest
    500 are kept; ``seat`` ``None``: a spectator, under the name they gave). ``move`` is the
    number of moves made when it happened."""

    __tablename__ = "table_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(500))
    move: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class AccountRow(Base):
    """A player's account (optional: guests play with a name and a link). ``name_key`` is the
    name as compared (case-folded), unique; the password is kept only as its Argon2 hash."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SessionRow(Base):
    """A signed-in browser: the hash of its session cookie, and the token its state-changing
    requests must repeat in ``X-CSRF-Token`` (a page of another site cannot read it)."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """A seat that is an account's: taken while signed in, or a guest's seat claimed into it.
    ``token`` is the seat's token, given back to the account's browsers so the player continues
    from any of them (the seats table keeps only its hash)."""

    __tablename__ = "account_seats"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64))
    linked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingRow(Base):
    """A player's OpenSkill rating in one game: an account (``player`` ``account:<id>``) or a
    built-in bot level (``bot:<level>``). ``ordinal`` (mu - 3 sigma) orders the leaderboards."""

    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(String(80), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float, index=True)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingChangeRow(Base):
    """A rating after one rated game (a player's rating over time); one per table and player, so
    a game is never rated twice."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    player: Mapped[str] = mapped_column(String(80), primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(32))
    before: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ArenaBotRow(Base):
    """A bot a signed-in player registered: it plays over the public API with its token (kept
    only as a hash), seated by a host's invitation or matched by the arena's queue."""

    __tablename__ = "arena_bots"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ArenaSeatRow(Base):
    """A seat an arena bot plays (its token given to the bot's client, which asks with its bot token)."""

    __tablename__ = "arena_seats"

    bot_id: Mapped[str] = mapped_column(ForeignKey("arena_bots.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64))
    seated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ArenaQueueRow(Base):
    """A bot waiting for a rated game of ``game`` against another arena bot (or, after a while, a built-in one)."""

    __tablename__ = "arena_queue"

    bot_id: Mapped[str] = mapped_column(ForeignKey("arena_bots.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    queued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


#: Seconds a pooled connection may rest unused before it is tested on its next use.
PING_AFTER_REST = 10.0

_T = TypeVar("_T")


def ping_after_rest(engine: Engine) -> None:
    """Test a pooled connection before use only if it rested :data:`PING_AFTER_REST` seconds or
    more, and replace it if it is dead. A busy server's connections never rest that long, so its
    moves pay no extra round trip (testing before every use was a sixth of the server's CPU under
    load); one that sat idle may have been closed by a restarted database or a firewall, and is
    replaced before it is used. A connection lost while in use is retried once
    (:func:`again_if_disconnected`)."""

    @event.listens_for(engine, "checkin")
    def _rested(_dbapi_connection: Any, record: Any) -> None:
        record.info["rested_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _woken(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        rested_at = record.info.pop("rested_at", None)
        if rested_at is None or time.monotonic() - rested_at < PING_AFTER_REST:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError("a pooled connection rested and died") from exc  # the pool opens another
        if not alive:
            raise DisconnectionError("a pooled connection rested and died")


def again_if_disconnected(work: Callable[..., _T], *args: Any) -> _T:
    """``work(*args)``, done once more if its database connection was lost (the database
    restarted, its backend was killed): the pool has then dropped its connections, and the second
    attempt gets a new one. A transaction lost with its connection was not committed, so doing it
    again is safe; a commit whose answer was lost is found by the second attempt's revision check
    (:class:`~.store.Stale`), as another process's move would be."""
    try:
        return work(*args)
    except DBAPIError as exc:
        if not exc.connection_invalidated:
            raise
        log.warning("the database connection was lost (%s); trying again on a new one", type(exc.orig).__name__)
        return work(*args)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode so a killed server loses no committed action.
    Its pooled connections are tested only after a rest (:func:`ping_after_rest`)."""
    engine = open_engine(url, pre_ping=False)
    ping_after_rest(engine)
    if engine.dialect.name == "postgresql":
        # Several servers may start at once on one database: one creates the tables, the
        # others wait for it (a transaction-level advisory lock) and find them there.
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtextextended('fruitbowl-schema', 0))"))
            Base.metadata.create_all(conn)
            upgrade(conn)
    else:
        with engine.begin() as conn:
            Base.metadata.create_all(conn)
            upgrade(conn)
    return engine


def upgrade(conn: Connection) -> None:
    """Bring a database made by an earlier version up to this schema: ``create_all`` adds missing
    tables but neither columns nor indexes to tables that exist, so those are added here."""
    inspector = inspect(conn)
    for table in Base.metadata.sorted_tables:
        add_missing_columns(conn, table.name, {c["name"] for c in inspector.get_columns(table.name)})
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_campaigns_owner_hash ON campaigns (owner_hash)"))
    for name in REPLACED_INDEXES:
        conn.execute(text(f"DROP INDEX IF EXISTS {name}"))
    existing = {i["name"] for i in inspector.get_indexes("tables")}
    for index in Base.metadata.tables["tables"].indexes:
        if index.name in existing:
            continue
        try:
            with conn.begin_nested():
                index.create(conn)
        except IntegrityError as exc:  # rows stored before the rule: the operator must settle them
            log.error(
                "cannot add the database rule %s: rows stored before it break it (%s); the server runs "
                "without it until those duplicate tables are deleted and it restarts",
                index.name,
                str(exc.orig).strip().splitlines()[0],
            )


def add_missing_columns(conn: Connection, table_name: str, present: set[str]) -> None:
    """Add the columns a table of an earlier version lacks. Each new column must be nullable or
    have a ``server_default`` (the rows already stored get it), which this checks."""
    table = Base.metadata.tables[table_name]
    for column in table.columns:
        if column.name in present:
            continue
        if not column.nullable and column.server_default is None:
            raise RuntimeError(
                f"column {table_name}.{column.name} is new: give it a server_default or make it nullable"
            )
        kind = column.type.compile(dialect=conn.dialect)
        default = ""
        if column.server_default is not None:
            value = column.server_default.arg  # type: ignore[attr-defined]
            default = (
                f" DEFAULT '{value}'" if isinstance(value, str) else f" DEFAULT {value.compile(dialect=conn.dialect)}"
            )
        null = "" if column.nullable else " NOT NULL"
        conn.execute(text(f"ALTER TABLE {table_name} ADD COLUMN {column.name} {kind}{default}{null}"))


def make_sessionmaker(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)
