"""The bots' moves: one loop per table while a bot is to act, each choice made in a worker
thread within the time limit, then applied through the same path as a player's move; and the
tables' clocks (:class:`ClockKeeper`), which give a player's seat to the table's stand-in bot
when their time runs out.

With several processes (PostgreSQL), only the process that holds a table's claim (see
:mod:`.cluster`) drives its bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from fruitbowl.bots import Bot, SeatHandle
from fruitbowl.engine import FruitbowlError
from fruitbowl.engine.game import State

from . import clocks
from .cluster import Claims, LocalClaims
from .errors import Conflict, ServerError
from .live import LiveTable, Note
from .store import Stale, TableStore
from .tutorials import bot_for_move

log = logging.getLogger("fruitbowl.server")

#: Applies a seat's action at a version, holding the table's lock (the service's one path for moves).
Apply = Callable[[LiveTable, int, int | str, int | None], Awaitable[None]]


def tutorial_bot(table: LiveTable, seat: int, bot: Bot) -> Bot:
    """At a tutorial's table, the bot for this move (see :func:`~.tutorials.bot_for_move`)."""
    level = table.seats[seat].controller if table.seats[seat].controller != "human" else table.takeover
    bot.close()
    return bot_for_move(level or bot.name, table.match.record.seed, seat, table.version)


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
        self.clocks: ClockKeeper | None = None  # the service's, which keeps the clocks running

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running (and keep its clock
        running for the seat to act)."""
        if self.clocks is not None:
            self.clocks.keep(table)
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
            if table.tutorial is not None:  # the same deal plays the same way, after a restart too
                bot = table.bots[seat] = tutorial_bot(table, seat, bot)
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
                    if table.bots.get(seat) is not bot:  # the player took their seat back meanwhile
                        continue
                    await self.apply(table, seat, action, version)
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


class ClockKeeper:
    """The clocks of the tables in memory (see :mod:`.clocks` for the rules): a task per table
    whose clock runs, which stores the time every :data:`~.clocks.CHECKPOINT_S` seconds and, when
    the running seat's time runs out, gives the seat to the table's stand-in bot. A player also
    hands their seat to it by leaving, and takes it back by acting (:meth:`back`)."""

    def __init__(self, store: TableStore, broadcast: Callable[[LiveTable], Coroutine[Any, Any, None]], bots: BotRunner):
        self.store, self.broadcast, self.bots = store, broadcast, bots
        self._telling: set[asyncio.Task[None]] = set()  # broadcasts under way (kept from the collector)

    def keep(self, table: LiveTable) -> None:
        """Run the clock of the seat to act (stopping the others'), storing the change, and watch it."""
        clock = table.clock
        if clock is None:
            return
        seat = table.clock_seat()
        if seat != clock.running:  # the game began (the last seat was taken), or it ended
            table.clock = clock.run(seat, clocks.now())
            try:
                self.store.save_clock(table)
            except SQLAlchemyError as exc:  # kept in memory; stored with the next change
                log.warning("cannot store the clock of table %s: %s", table.id, exc)
            told = asyncio.get_running_loop().create_task(self.broadcast(table))  # everyone sees it run
            self._telling.add(told)
            told.add_done_callback(self._telling.discard)
        watch = table.clock_task
        if watch is not None and watch is asyncio.current_task():
            return  # called by the watch itself, which reads the clock afresh when it goes on
        if watch is not None and not watch.done():
            watch.cancel()  # it sleeps for the clock it read last
        table.clock_task = None
        if seat is not None:
            table.clock_task = asyncio.get_running_loop().create_task(self._watch(table))

    async def _watch(self, table: LiveTable) -> None:
        while table.clock is not None and table.clock.running is not None and table.status == "playing":
            clock, seat = table.clock, table.clock.running
            left = clock.left(seat, clocks.now())
            if left > 0:
                await asyncio.sleep(min(left, clocks.CHECKPOINT_S))
                if table.clock is clock and clock.left(seat, clocks.now()) > 0:
                    async with table.lock:  # the time left, stored: what a killed server resumes from
                        if table.clock is clock:
                            table.clock = clock.checkpoint(clocks.now())
                            with contextlib.suppress(SQLAlchemyError):
                                self.store.save_clock(table)
                continue
            await self.time_out(table, seat)

    async def time_out(self, table: LiveTable, seat: int) -> None:
        """The seat's time ran out: the stand-in plays for it."""
        async with table.lock:
            clock = table.clock
            if clock is None or clock.out_of_time(clocks.now()) != seat or table.seats[seat].takeover:
                return
            try:
                self._stand_in(table, seat, "timeout", clock.ran_out(seat, clocks.now()))
            except Stale:  # another process moved the table on: look again
                self.store.reload(table)
                return
        await self._told(table)

    async def leave(self, table: LiveTable, seat: int) -> Note:
        """A player leaves: the stand-in plays for them from now on (their clock stops)."""
        async with table.lock:
            if table.status != "playing" or table.state.is_terminal():
                raise Conflict("you can leave a game in play; this one is not (there is nothing to hand over)")
            if table.seats[seat].takeover:
                raise Conflict("a stand-in already plays for you; take your seat back to play again")
            try:
                note = self._stand_in(table, seat, "leave", table.clock)
            except Stale:
                self.store.reload(table)
                raise Conflict("the game has moved on: look at the table and leave again") from None
        await self._told(table)
        return note

    async def back(self, table: LiveTable, seat: int) -> Note:
        """A player takes their seat back from the stand-in (see :meth:`back_locked`)."""
        async with table.lock:
            if not table.seats[seat].takeover:
                raise Conflict("your seat is already yours: no stand-in plays for you")
            try:
                note = self.back_locked(table, seat)
            except Stale:
                self.store.reload(table)
                raise Conflict("the game has moved on: look at the table and take your seat back again") from None
        await self._told(table)
        return note

    @staticmethod
    def after_move(table: LiveTable, mover: int, after: State) -> clocks.Clock | None:
        """The table's clock once ``mover``'s move led to ``after`` (``None``: no clock)."""
        if table.clock is None:
            return None
        return table.clock.after_move(mover, table.clock_seat(after), clocks.now())

    def back_locked(self, table: LiveTable, seat: int) -> Note:
        """The seat is its player's again (holding ``table.lock``): on a real-time clock with the
        time they had left, at least :data:`~.clocks.RECLAIM_FLOOR_S` (or the base time); on a
        turn clock a whole turn; their clock runs at once if it is their turn."""
        clock = None if table.clock is None else table.clock.reclaimed(seat)
        if clock is not None:
            clock = clock.run(table.clock_seat(takeover={seat: False}), clocks.now())
        return self.store.set_stand_in(table, seat, "back", clock)

    def _stand_in(self, table: LiveTable, seat: int, kind: str, clock: clocks.Clock | None) -> Note:
        if clock is not None:
            clock = clock.run(table.clock_seat(takeover={seat: True}), clocks.now())
        return self.store.set_stand_in(table, seat, kind, clock)

    async def _told(self, table: LiveTable) -> None:
        """After a seat changed hands: everyone sees it, and the stand-in (or the clock) goes on."""
        if table.bots and table.status == "playing":
            await self.bots.claims.claim(table.id)
        self.bots.kick(table)
        await self.broadcast(table)

    def stop(self, table: LiveTable) -> None:
        """The server stops: store the running clock's time (a restart resumes from it) and stop watching."""
        if table.clock_task is not None:
            table.clock_task.cancel()
        if table.clock is not None and table.clock.running is not None:
            table.clock = table.clock.checkpoint(clocks.now())
            try:
                self.store.save_clock(table)
            except SQLAlchemyError as exc:
                log.warning("cannot store the clock of table %s: %s", table.id, exc)
