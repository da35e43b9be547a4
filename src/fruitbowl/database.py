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

    return engine
