"""Idle tables leave memory; they are read back from the database when someone asks for them.

A table in memory is always its database rows replayed (see :mod:`.tables`), so forgetting one
loses nothing: :meth:`TableService.get` loads it again on demand, exactly as it was. A table is
forgotten only when nothing is going on there: no open WebSocket, no bot to move (nor a bot
loop running), nobody holding its lock, no re-read from another process under way, and nobody
asked for it for ``idle_after`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tables import LiveTable, TableService

log = logging.getLogger("fruitbowl.server")

#: Default: a table nobody used for 15 minutes leaves memory.
IDLE_AFTER = 15 * 60.0


def is_idle(service: TableService, table: LiveTable, idle_after: float, now: float) -> bool:
    if table.connections or table.lock.locked() or table.id in service.sync.refreshing:
        return False
    if table.bot_task is not None and not table.bot_task.done():
        return False
    if table.clock_task is not None and not table.clock_task.done():
        return False  # a clock runs: it must fire when the time is up
    playing = table.status == "playing" and not table.state.is_terminal()
    if playing and table.state.current_player in table.bots:
        return False  # a bot is to move (its loop may be waiting for the database to come back)
    return now - table.touched >= idle_after


class Evictor:
    """Every ``idle_after / 4`` seconds (at most a minute), forgets the tables that are idle."""

    def __init__(self, service: TableService, idle_after: float = IDLE_AFTER):
        self.service, self.idle_after = service, idle_after
        self._task: asyncio.Task[None] | None = None

    def evict_idle(self) -> list[str]:
        now = time.monotonic()
        gone = [t.id for t in list(self.service.tables.values()) if is_idle(self.service, t, self.idle_after, now)]
        for table_id in gone:
            table = self.service.tables.pop(table_id, None)
            if table is not None:
                table.close_bots()  # no bot is moving (see is_idle); a reload makes new ones
        if gone:
            log.info("%d idle tables left memory (%d remain)", len(gone), len(self.service.tables))
        return gone

    async def _run(self) -> None:
        interval = min(60.0, max(0.05, self.idle_after / 4))
        while True:
            await asyncio.sleep(interval)
            try:
                self.evict_idle()
            except Exception:  # never let a bug here stop the server
                log.exception("evicting idle tables failed")

    def start(self) -> None:
        if self.idle_after > 0:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
