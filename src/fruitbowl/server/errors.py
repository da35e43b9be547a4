"""The server's refusals: typed errors under the engine's :class:`FruitbowlError`, and their HTTP
statuses in one place.

Every refusal the server makes is a :class:`ServerError` (itself a ``FruitbowlError``), so a front
end catches one base for the engine's refusals and the server's; so is :class:`ServeError`, a
server that cannot start, which the command line prints as one line. The message is one sentence shown
to the user as is; the HTTP status comes from the error's type (:data:`STATUS`, read by
:func:`status_of`), never from its words. A database error is turned into a typed error once, by
:func:`database_error`, from the driver's error codes.
"""

from __future__ import annotations

import sqlite3

from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from fruitbowl.engine.errors import (
    BadPlayerCount,
    ComponentDataError,
    FruitbowlError,
    IllegalAction,
    InvalidOption,
    RecordError,
    UndoError,
    UnknownGame,
    UnsupportedFeature,
)
from fruitbowl.engine.wording import N_, _


class ServerError(FruitbowlError):
    """A refusal by the server; its status is :func:`status_of` its type."""


class BadRequest(ServerError):
    """A request the server cannot act on as sent (a seat list that does not fit, an unknown bot)."""


class NotFound(ServerError):
    """No table, campaign or move by that name."""


class Forbidden(ServerError):
    """The request is not this client's to make (a spectator playing, a stranger reading)."""


class NotSignedIn(ServerError):
    """A request that needs an account's session came without one, or with one that ended
    (signed out, expired, or never issued) (HTTP 401)."""


class InvalidToken(Forbidden):
    """A seat, host or invitation token this table did not issue (counted by the lockout)."""


class Conflict(ServerError):
    """The request does not fit the table as it is now (not your turn, moved on, seat taken)."""


class TooMany(ServerError):
    """A client sends faster than a person plays (HTTP 429 with ``Retry-After``)."""

    def __init__(self, message: str, retry_after: float = 1.0):
        super().__init__(message)
        self.retry_after = retry_after


class Busy(TooMany):
    """The server is already computing as much as it will (HTTP 503 with ``Retry-After``)."""


class Unavailable(ServerError):
    """The database is busy or unreachable, or its disk failed; nothing was changed (HTTP 503)."""

    retry_after = 1.0


class StoreConflict(Conflict):
    """Two changes made at the same moment collided in the database; nothing was changed."""


class StoreFailed(ServerError):
    """The database refused for another reason (a bug or a broken schema; logged) (HTTP 500)."""


class Damaged(ServerError):
    """Something the server stored does not read back as it must (a campaign edited in the database,
    or of a game no longer installed): refused, never repaired, nothing changed (HTTP 500)."""


class ServeError(ServerError):
    """The server cannot start (a database it cannot open, a setting it cannot read): the command
    line prints it as one line and exits with code 2. It never answers a request."""


#: The HTTP status of each error type; a type not named here has its nearest base's status.
STATUS: dict[type[FruitbowlError], int] = {
    FruitbowlError: 400,
    IllegalAction: 400,
    UnknownGame: 400,
    InvalidOption: 400,
    BadPlayerCount: 400,
    RecordError: 400,
    ComponentDataError: 400,
    UndoError: 400,
    UnsupportedFeature: 400,
    ServerError: 400,
    BadRequest: 400,
    NotFound: 404,
    NotSignedIn: 401,
    Forbidden: 403,
    Conflict: 409,
    TooMany: 429,
    Busy: 503,
    Unavailable: 503,
    StoreFailed: 500,
    Damaged: 500,
    ServeError: 500,  # never an HTTP answer: the server did not start
}


def status_of(error: FruitbowlError) -> int:
    """The HTTP status for a refusal: its type's in :data:`STATUS`, else its nearest base's."""
    for kind in type(error).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400  # unreachable: FruitbowlError is in STATUS


def retry_after(error: FruitbowlError) -> float | None:
    """Seconds after which a refused request may succeed, for refusals that pass."""
    wait = getattr(error, "retry_after", None)
    return float(wait) if isinstance(wait, int | float) else None


#: SQLite's primary result codes for a disk that failed or is full (IOERR, FULL, READONLY,
#: TOOBIG) and for a database another writer holds (BUSY, LOCKED).
SQLITE_DISK = frozenset({10, 13, 8, 18})
SQLITE_BUSY = frozenset({5, 6})
#: PostgreSQL's SQLSTATEs for a disk that is full or failed (disk_full, io_error, undefined_file,
#: duplicate_file).
POSTGRES_DISK = frozenset({"53100", "58030", "58P01", "58P02"})
#: PostgreSQL's SQLSTATEs for a database too busy to take this change now (lock_not_available,
#: deadlock_detected, too_many_connections, out_of_memory).
POSTGRES_BUSY = frozenset({"55P03", "40P01", "53300", "53200"})

#: (English everywhere: no translation says it without naming a game's term, the glossary's "store")
DISK_TROUBLE = (
    "the server's disk failed or is full, so the database cannot store anything; nothing was changed, try again later"
)
DATABASE_BUSY = N_("the database is busy (locked by another writer); nothing was changed, try again in a moment")
DATABASE_AWAY = N_("the database is unreachable or busy; nothing was changed, try again in a moment")
COLLIDED = N_("this change conflicts with another one made at the same time; reload and try again")
DATABASE_FAILED = N_("the server could not use its database (the error is logged)")


def database_error(error: Exception) -> ServerError:
    """The typed refusal for a database error, read from the driver's error codes: a collision
    (409), a failed or full disk, a busy or unreachable database (503), anything else (500)."""
    if isinstance(error, IntegrityError):
        return StoreConflict(_(COLLIDED))
    original = getattr(error, "orig", None)
    sqlite_code = original.sqlite_errorcode & 0xFF if isinstance(original, sqlite3.Error) else None
    sqlstate = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    sqlstate = sqlstate if isinstance(sqlstate, str) else ""
    if sqlite_code in SQLITE_DISK or sqlstate in POSTGRES_DISK:
        return Unavailable(DISK_TROUBLE)
    if sqlite_code in SQLITE_BUSY or sqlstate in POSTGRES_BUSY:
        return Unavailable(_(DATABASE_BUSY))
    if isinstance(error, PoolTimeout | ConnectionError) or (
        isinstance(error, DBAPIError)
        and (error.connection_invalidated or isinstance(error, OperationalError | InterfaceError))
    ):
        return Unavailable(_(DATABASE_AWAY))
    return StoreFailed(_(DATABASE_FAILED))
