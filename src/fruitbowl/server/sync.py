"""Keeping this process's tables in step with the others' (PostgreSQL), or resuming its bots
(SQLite, one process).

With PostgreSQL, a listener hears every table another process changed and re-reads it here if it
is held (one re-read at a time per table, again if it changed meanwhile), and a sweeper claims
the tables in play whose bots no process drives (see :mod:`.cluster`).

Who is at a table is counted across processes too: this process says, for each table it has
sockets at, which seats are connected and how many spectators watch (``{"o": origin, "t":
{table: [seats, watching]}}`` on :data:`~.cluster.PRESENCE_CHANNEL`), when one connects or
leaves and again every ``claim_interval``; a process holding the table counts them in its
snapshots (``online``, ``watching``) and forgets what is not repeated within three intervals
(a process that died). So a socket on another process shows within a moment of connecting, and
one of a process that died disappears within three intervals; a process that loads a table
hears the others' sockets at their next repetition, within one interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Iterable, Iterator
from typing import Any

from fruitbowl.engine import RecordError

from .bot_runner import BotRunner
from .cluster import PRESENCE_CHANNEL, Listener, PgClaims, conninfo
from .live import LiveTable, Presence
from .runtime import Runtime

log = logging.getLogger("fruitbowl.server")


class ClusterSync:
    """The listener and the bot-claim sweeper of one process (started with the app)."""

    def __init__(self, runtime: Runtime, bots: BotRunner, claim_interval: float = 2.0):
        self.runtime, self.bots = runtime, bots
        self.claim_interval = claim_interval
        self.refreshing: set[str] = set()  # tables being re-read now (never evicted meanwhile)
        self._dirty: set[str] = set()
        self._listener: Listener | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._presence_due: dict[str, LiveTable] = {}  # tables whose sockets the others must hear of
        self._presence_flushing = False

    async def start(self) -> None:
        """On server start: resume the bots (SQLite), or join the other processes (PostgreSQL)."""
        store = self.runtime.store
        if not store.multi_process:
            await self.resume_all()
            return
        url = conninfo(store.sessions.kw["bind"])
        self.bots.claims = PgClaims(url)
        self._listener = Listener(url, store.origin, self._changed_elsewhere, self._refresh_all, self._heard_presence)
        self.runtime.presence_changed = self._presence_changed
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

    async def resume_all(self) -> int:
        """Load every table in play and let its bots continue (on server start)."""
        ids = self.runtime.store.playing_ids()
        for table_id in ids:
            try:
                self.bots.kick(await self.runtime.get(table_id))
            except RecordError as exc:  # (a table this version cannot replay: opening it says why)
                log.warning("table %s cannot be resumed: %s", table_id, exc)
        return len(ids)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.claim_interval)
            await self._sweep_once()
            await self._announce(t for t in list(self.runtime.tables.values()) if t.connections)
            await self._forget_silent()

    # ------------------------------------------------------------------ who is at a table, across processes

    def _presence_changed(self, table: LiveTable) -> None:
        """A socket connected to a table here or left it: tell the other processes (not waiting;
        the tables changed meanwhile are told together, in as few notices as fit)."""
        self._presence_due[table.id] = table
        if not self._presence_flushing:
            self._presence_flushing = True
            self._spawn(self._flush_presence())

    async def _flush_presence(self) -> None:
        try:
            while self._presence_due:
                await asyncio.sleep(0)  # the sockets connecting at this moment come along
                due, self._presence_due = list(self._presence_due.values()), {}
                await self._announce(due)
        finally:
            self._presence_flushing = False

    async def _announce(self, tables: Iterable[LiveTable]) -> None:
        """Say the sockets this process has at ``tables`` (a table with none: so that the others
        forget them at once), in as few notices as fit."""
        try:
            for payload in _presence_payloads(self.runtime.store.origin, tables):
                await self.bots.claims.send(PRESENCE_CHANNEL, payload)
        except Exception as exc:
            log.warning("cannot tell the other processes who is at their tables: %s", exc)

    def _heard_presence(self, payload: str) -> None:
        """Another process said who has sockets open to it at some tables: count them at those
        held here, and tell this process's sockets where the count changed."""
        try:
            said = json.loads(payload)
            origin, tables = str(said["o"]), dict(said["t"])
        except (ValueError, KeyError, TypeError):
            log.warning("a presence notice this process cannot read: %.80s", payload)
            return
        if origin == self.runtime.store.origin:
            return
        heard = time.monotonic()
        for table_id, (seats, watching) in tables.items():
            table = self.runtime.tables.get(table_id)
            if table is None:
                continue
            before = table.remote.get(origin)
            now = Presence(frozenset(int(seat) for seat in seats), int(watching), heard)
            if now.seats or now.watching:
                table.remote[origin] = now
            else:
                table.remote.pop(origin, None)
            if before is None or (before.seats, before.watching) != (now.seats, now.watching):
                self._spawn(self.runtime.broadcast(table))

    async def _forget_silent(self) -> None:
        """Forget the sockets of processes that have not repeated them for three intervals."""
        oldest = time.monotonic() - 3 * self.claim_interval
        for table in list(self.runtime.tables.values()):
            silent = [origin for origin, presence in table.remote.items() if presence.heard < oldest]
            for origin in silent:
                del table.remote[origin]
            if silent:
                await self.runtime.broadcast(table)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _sweep_once(self) -> None:
        """Claim the tables in play whose bots no process drives (new, or their process died)."""
        try:
            claimed = await self.bots.claims.sweep()
        except Exception as exc:
            log.warning("cannot claim tables' bots: %s", exc)
            return
        for table in list(self.runtime.tables.values()):  # a bot loop stopped by a database outage starts again
            if self.bots.claims.holds(table.id):
                self.bots.kick(table)
        for table_id in claimed:
            try:
                held = self.runtime.tables.get(table_id)
                if held is None:
                    held = await self.runtime.get(table_id)
                else:
                    await self.runtime.refresh(table_id, broadcast=False)
                self.bots.kick(held)
            except Exception as exc:
                log.warning("cannot resume the bots of table %s: %s", table_id, exc)

    def _changed_elsewhere(self, table_id: str, move: str = "") -> None:
        """Another process changed a table: if it is held here, apply the move the notice carries,
        or re-read the table (one at a time per table)."""
        if table_id not in self.runtime.tables:
            return
        if table_id in self.refreshing:
            self._dirty.add(table_id)
            return
        self.refreshing.add(table_id)
        task = asyncio.get_running_loop().create_task(self._refresh_loop(table_id, move))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh_loop(self, table_id: str, move: str = "") -> None:
        try:
            while True:
                self._dirty.discard(table_id)
                try:
                    if not (move and await self.runtime.follow(table_id, move)):
                        await self.runtime.refresh(table_id)
                    move = ""  # (a notice heard meanwhile: the table is re-read)
                    table = self.runtime.tables.get(table_id)
                    if table is not None:
                        self.bots.kick(table)
                except Exception as exc:
                    log.warning("cannot refresh table %s: %s", table_id, exc)
                if table_id not in self._dirty:
                    return
        finally:
            self.refreshing.discard(table_id)

    async def _refresh_all(self) -> None:
        for table_id in list(self.runtime.tables):
            self._changed_elsewhere(table_id)


#: The most a presence notice holds (PostgreSQL's limit is 8000 bytes).
_NOTICE_BYTES = 7000


def _presence_payloads(origin: str, tables: Iterable[LiveTable]) -> Iterator[str]:
    """The notices saying this process's sockets at ``tables``, each under :data:`_NOTICE_BYTES`."""
    batch: dict[str, list[Any]] = {}
    size = 0
    for table in tables:
        seats, watching = table.local_presence()
        entry = [sorted(seats), watching]
        cost = len(table.id) + len(json.dumps(entry)) + 6
        if batch and size + cost > _NOTICE_BYTES:
            yield json.dumps({"o": origin, "t": batch}, separators=(",", ":"))
            batch, size = {}, 0
        batch[table.id] = entry
        size += cost
    if batch:
        yield json.dumps({"o": origin, "t": batch}, separators=(",", ":"))
