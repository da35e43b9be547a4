"""Several server processes on one PostgreSQL database: change notices and bot claims.

With SQLite the server is one process and none of this runs (:class:`LocalClaims` holds every
claim). With PostgreSQL any number of ``fruitbowl serve`` processes can serve the same tables:

* Every change to a table (a move, an undo, a join, a seat given to a bot) is committed with a
  ``NOTIFY fruitbowl_tables`` in the same transaction. Each process LISTENs on its own
  connection (:class:`Listener`) and, for a table it holds in memory, re-reads the table's
  new rows and pushes the new snapshot to its WebSocket clients. A process whose listening
  connection breaks reconnects and re-reads every table it holds (it may have missed notices).
* Moves are serialized by the database, not by the notices: a move locks its table's row
  (``SELECT … FOR UPDATE``) and is written only if the stored last move is the one this process
  saw; the primary key ``(table_id, number)`` makes a second move number ``n`` impossible.
* Who is at a table (:mod:`.sync`): each process says which seats and how many spectators have
  a socket open to it at a table (``NOTIFY fruitbowl_presence``) when one connects or leaves, and
  again every sync interval; the others count them in their snapshots, and forget a process that
  stopped saying it.
* A table's bots are driven by exactly one process: the one holding the table's session-level
  advisory lock (:class:`PgClaims`). Locks belong to a connection, so a process that dies
  (even by SIGKILL) drops them with its connection, and another process's periodic sweep claims
  the table and resumes its bots within ``interval`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

from sqlalchemy.engine import Engine

log = logging.getLogger("fruitbowl.server")

CHANNEL = "fruitbowl_tables"
#: Where each process says who has a socket open to it at its tables (JSON: see :mod:`.sync`).
PRESENCE_CHANNEL = "fruitbowl_presence"


def conninfo(engine: Engine) -> str:
    """A libpq URL for ``engine``'s database (psycopg's own connections, outside the pool)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def lock_key_sql(param: str) -> str:
    """SQL for a table id's advisory-lock key (computed by PostgreSQL, the same in every process)."""
    return f"hashtextextended('fruitbowl-bots:' || {param}, 0)"


class Claims(Protocol):
    def holds(self, table_id: str) -> bool: ...

    async def claim(self, table_id: str) -> bool: ...

    async def release(self, table_id: str) -> None: ...

    async def sweep(self) -> list[str]: ...

    async def send(self, channel: str, payload: str) -> None: ...

    async def close(self) -> None: ...


class LocalClaims:
    """One process (SQLite): it drives every bot."""

    def holds(self, table_id: str) -> bool:
        return True

    async def claim(self, table_id: str) -> bool:
        return True

    async def release(self, table_id: str) -> None:
        return None

    async def sweep(self) -> list[str]:
        return []

    async def send(self, channel: str, payload: str) -> None:
        return None

    async def close(self) -> None:
        return None


#: Tables in play with a bot seat, not yet held by this process, that this process could lock.
_SWEEP = f"""
WITH candidates AS MATERIALIZED (
    SELECT t.id FROM tables t
    WHERE t.status = 'playing'
      AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.controller <> 'human')
      AND NOT (t.id = ANY(%s::text[]))
)
SELECT id FROM candidates WHERE pg_try_advisory_lock({lock_key_sql("id")})
"""


class PgClaims:
    """Advisory locks held on one dedicated connection: the tables whose bots this process drives."""

    def __init__(self, url: str):
        self.url = url
        self.held: set[str] = set()
        self._conn: Any = None
        self._lock = asyncio.Lock()

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    async def _connection(self) -> Any:
        import psycopg

        if self._conn is None or self._conn.closed:
            self.held.clear()  # a new session holds no lock
            self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=5)
        return self._conn

    async def _run(self, sql: str, params: Iterable[Any]) -> list[tuple[Any, ...]]:
        async with self._lock:
            try:
                conn = await self._connection()
                cursor = await conn.execute(sql, tuple(params))
                return list(await cursor.fetchall()) if cursor.description else []
            except Exception:
                await self._drop()
                raise

    async def _drop(self) -> None:
        self.held.clear()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
        self._conn = None

    async def claim(self, table_id: str) -> bool:
        if table_id in self.held:
            return True
        try:
            rows = await self._run(f"SELECT pg_try_advisory_lock({lock_key_sql('%s')})", [table_id])
        except Exception as exc:
            log.warning("cannot claim table %s's bots: %s", table_id, exc)
            return False
        if rows and rows[0][0]:
            self.held.add(table_id)
            return True
        return False

    async def release(self, table_id: str) -> None:
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        with contextlib.suppress(Exception):
            await self._run(f"SELECT pg_advisory_unlock({lock_key_sql('%s')})", [table_id])

    async def sweep(self) -> list[str]:
        """Claim every unclaimed table in play that has bots; returns the newly claimed ids."""
        rows = await self._run(_SWEEP, [sorted(self.held)])
        claimed = [str(r[0]) for r in rows]
        self.held.update(claimed)
        return claimed

    async def send(self, channel: str, payload: str) -> None:
        """A notice to the other processes, on this process's claims connection."""
        await self._run("SELECT pg_notify(%s, %s)", [channel, payload])

    async def close(self) -> None:
        async with self._lock:
            await self._drop()


class Listener:
    """LISTENs for other processes' table changes and hands each changed table id on, with the
    move it was when the notice carries one (``"<revision before> <action text>"``, else "")."""

    def __init__(
        self,
        url: str,
        origin: str,
        on_change: Callable[[str, str], None],
        on_reconnect: Callable[[], Awaitable[None]],
        on_presence: Callable[[str], None] | None = None,
    ):
        self.url, self.origin = url, origin
        self.on_change, self.on_reconnect, self.on_presence = on_change, on_reconnect, on_presence
        self.connected = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if self.on_presence is not None:
                        await conn.execute(f"LISTEN {PRESENCE_CHANNEL}")
                    self.connected.set()
                    if not first:
                        await self.on_reconnect()  # notices may have been missed meanwhile
                    first = False
                    async for notice in conn.notifies():
                        if notice.channel == PRESENCE_CHANNEL:
                            if self.on_presence is not None:
                                self.on_presence(notice.payload)
                            continue
                        origin, _, rest = notice.payload.partition(" ")
                        table_id, _, move = rest.partition(" ")
                        if origin != self.origin and table_id:
                            self.on_change(table_id, move)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.connected.clear()
                first = False
                log.warning("lost the database's change notices (%s); reconnecting", exc)
                await asyncio.sleep(1.0)


def new_origin() -> str:
    """This process's name in its notices (so that it ignores its own)."""
    return secrets.token_hex(6)
