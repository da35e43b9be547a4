"""Opening a database, the one way every store does it (the web table's tables, tournaments).

It accepts the URLs people type (``postgresql://…`` means the psycopg 3 driver we install),
creates the folder of an SQLite file, and puts SQLite in WAL mode, so that a killed process
loses no committed row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine


def open_engine(url: str, pre_ping: bool = True) -> Engine:
    """An SQLAlchemy engine for ``url``; raises SQLAlchemy's errors for a malformed URL.
    ``pre_ping``: the pool tests a connection before every use (the server tests only those
    that rested, see :func:`fruitbowl.server.db.ping_after_rest`)."""
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, future=True, pool_pre_ping=pre_ping)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    if engine.dialect.name == "postgresql":
        event.listen(engine, "handle_error", _lost_connection_is_a_disconnect)
    return engine


def _lost_connection_is_a_disconnect(context: Any) -> None:
    """Count every error psycopg raises without a server's error code (its own "connection
    socket closed", "another command is already in progress" on a connection whose socket
    closed mid-command) as a lost connection. SQLAlchemy counts only a connection psycopg marked
    broken, and psycopg does not mark one whose socket closed while it waited for it; such a
    connection then stayed in the pool, its rollback failed, and the move was refused instead of
    being retried on a new connection. A server's error (a serialization failure, a timeout)
    has its code and is not a disconnect."""
    error = context.original_exception
    if isinstance(error, context.dialect.loaded_dbapi.OperationalError) and getattr(error, "sqlstate", None) is None:
        context.is_disconnect = True
