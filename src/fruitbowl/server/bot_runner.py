"""The bots' moves: one loop per table while a bot is to act, each choice made in a worker
thread within the time limit, then applied through the same path as a player's move.

With several processes (PostgreSQL), only the process that holds a table's claim (see
:mod:`.cluster`) drives its bots.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor

from sqlalchemy.exc import SQLAlchemyError

from fruitbowl.bots import SeatHandle
from fruitbowl.engine import FruitbowlError

from .cluster import Claims, LocalClaims
from .errors import ServerError
from .live import LiveTable

log = logging.getLogger("fruitbowl.server")

#: Applies a seat's action at a version, holding the table's lock (the service's one path for moves).
Apply = Callable[[LiveTable, int, int | str, int | None], None]


class BotRunner:
    """Starts and runs the bot loop of each table whose bot is to act."""

    def __init__(
        self,
        apply: Apply,
        broadcast: Callable[[LiveTable], Awaitable[None]],
        *,
        time_limit: float = 5.0,
        delay: float = 0.0,
        executor: Executor | None = None,
    ):
        self.apply = apply
        self.broadcast = broadcast
        self.time_limit = time_limit
        self.delay = delay
        self.executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="fruitbowl-bot")
        self.claims: Claims = LocalClaims()  # the cluster's, once it starts with PostgreSQL

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running."""
        if table.status != "playing" or table.state.is_terminal():
            return
        if table.state.current_player not in table.bots:
            return
        if not self.claims.holds(table.id):  # another process drives this table's bots
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        while table.status == "playing" and not table.state.is_terminal():
            seat = table.state.current_player
            bot = table.bots.get(seat)
            if bot is None or not self.claims.holds(table.id):
                return
            if self.delay:
                await asyncio.sleep(self.delay)
            version = table.version
            handle = SeatHandle(table.state.clone(), seat)
            try:
                choice = await asyncio.wait_for(
                    loop.run_in_executor(self.executor, bot.choose, handle), self.time_limit
                )
                action: int | str = choice.code
            except TimeoutError:
                log.warning("bot at table %s seat %s ran out of time; playing its first legal action", table.id, seat)
                action = table.state.legal_actions()[0].code
            try:
                async with table.lock:
                    self.apply(table, seat, action, version)
                failures = 0
            except ServerError:
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

    def stop(self, table: LiveTable) -> None:
        """Stop a table's bot loop and release its bots (the server stops)."""
        if table.bot_task is not None:
            table.bot_task.cancel()
        table.close_bots()
