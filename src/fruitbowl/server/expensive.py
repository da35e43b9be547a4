"""Expensive work (hints and reviews) off the event loop: one computation per question, cached.

A hint runs an ISMCTS search and a review plays thousands of random games: seconds of CPU each.
Run in the server's own process they would hold its interpreter (and with it every other table)
for that long, so they run in a small pool of worker processes (:func:`fruitbowl.bots.pool.worker_pool`,
started on first use). Around it:

* **single flight**: identical questions asked at the same time (twelve people opening the same
  review, a player pressing "hint" eight times) share one computation;
* **a cache** of recent answers: a finished table's review never changes, and a hint is for one
  position (the table, its moves so far and the seat);
* **a bounded queue**: at most ``workers`` computations run and ``max_waiting`` more wait; beyond
  that the request is refused at once (503 with ``Retry-After``), never queued without end;
* **a deadline**: a computation that runs too long is stopped by terminating its worker, and the
  request is answered with a sentence (503); the pool starts afresh.

A review's cost is bounded before it starts (:func:`review_settings`): a long game is estimated at
fewer points and with fewer playouts, so it takes seconds, not minutes.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fruitbowl.bots.pool import stop_pool, worker_pool

from .errors import Busy

log = logging.getLogger("fruitbowl.server")

#: Playouts per seat and point of a review that fits the budget (as ``fruitbowl review`` by default).
REVIEW_PLAYOUTS = 24
#: The fewest playouts and points a long game's review is cut down to.
REVIEW_MIN_PLAYOUTS = 8
REVIEW_MIN_POINTS = 16
#: A review's budget in random moves played (seats × playouts × points × half the game's length).
REVIEW_BUDGET = 60_000


#: Seconds a review may run before its worker is stopped (a hint has twice a bot's time limit).
REVIEW_TIMEOUT = 120.0


@dataclass
class Counts:
    """What happened to the questions of one kind (``GET /api/stats``)."""

    computed: int = 0  # computations finished in a worker
    shared: int = 0  # questions answered by a computation already running for the same question
    cached: int = 0  # questions answered from the cache
    refused: int = 0  # questions refused because the queue was full
    failed: int = 0  # computations that ran out of time or whose worker died

    def to_json(self) -> dict[str, int]:
        return dict(self.__dict__)


@dataclass
class ExpensiveWork:
    """The worker pool with its single-flight table, cache and queue bound (see the module)."""

    workers: int = 1
    max_waiting: int = 16
    cache_size: int = 512
    counts: dict[str, Counts] = field(default_factory=dict)
    _pool: ProcessPoolExecutor | None = None
    _slots: asyncio.Semaphore | None = None
    _flights: dict[Hashable, asyncio.Task[Any]] = field(default_factory=dict)
    _cache: OrderedDict[Hashable, Any] = field(default_factory=OrderedDict)
    _waiting: int = 0
    _running: int = 0

    @classmethod
    def from_env(cls) -> ExpensiveWork:
        """``FRUITBOWL_WORKERS`` processes (default: one, leaving the other cores to the tables)."""
        workers = int(os.environ.get("FRUITBOWL_WORKERS", "1") or 1)
        return cls(workers=max(1, workers))

    async def run(self, kind: str, key: Hashable, timeout: float, job: Callable[..., Any], *args: Any) -> Any:
        """``job(*args)`` in a worker, or the answer already known or being computed for ``key``."""
        counts = self.counts.setdefault(kind, Counts())
        key = (kind, key)
        if key in self._cache:
            self._cache.move_to_end(key)
            counts.cached += 1
            return self._cache[key]
        flight = self._flights.get(key)
        if flight is not None:
            counts.shared += 1
            return await asyncio.shield(flight)
        if self._running + self._waiting >= self.workers + self.max_waiting:
            counts.refused += 1
            raise Busy("the server is busy computing hints and reviews; try again in a few seconds", 5.0)
        flight = asyncio.get_running_loop().create_task(self._compute(kind, key, timeout, job, args))
        self._flights[key] = flight
        flight.add_done_callback(lambda _task: self._flights.pop(key, None))
        return await asyncio.shield(flight)

    async def _compute(self, kind: str, key: Hashable, timeout: float, job: Callable[..., Any], args: Any) -> Any:
        counts = self.counts[kind]
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        self._waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self._waiting -= 1
        self._running += 1
        try:
            for attempt in (1, 2):  # a worker killed for another computation's overrun: once more
                pool = self._ensure_pool()
                try:
                    result = await asyncio.wait_for(asyncio.wrap_future(pool.submit(job, *args)), timeout)
                    break
                except TimeoutError:
                    counts.failed += 1
                    log.warning("a %s took longer than %.0f s; its worker is stopped", kind, timeout)
                    self._restart(pool)
                    raise Busy(f"the {kind} took too long and was stopped; try again later", 30.0) from None
                except BrokenExecutor:
                    self._restart(pool)
                    if attempt == 2:
                        counts.failed += 1
                        raise Busy(f"the {kind} could not be computed (its worker stopped); try again", 5.0) from None
            counts.computed += 1
        finally:
            self._running -= 1
            self._slots.release()
        self._cache[key] = result
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return result

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Workers are started fresh ("spawn"), not forked from a server that runs threads.
            self._pool = worker_pool(self.workers, multiprocessing.get_context("spawn"))
        return self._pool

    def _restart(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
            stop_pool(pool)

    def stats(self) -> dict[str, Any]:
        return {
            "workers": self.workers,
            "running": self._running,
            "waiting": self._waiting,
            **{kind: counts.to_json() for kind, counts in sorted(self.counts.items())},
        }

    def close(self) -> None:
        for flight in self._flights.values():
            flight.cancel()
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None


def position_key(actions: list[str]) -> str:
    """A short fingerprint of the moves so far (a position after an undo and another move is a
    different position at the same version)."""
    return hashlib.sha256("\n".join(actions).encode()).hexdigest()[:32]


def review_settings(players: int, moves: int) -> tuple[int, int]:
    """Playouts per seat and point, and the step between points, for a review within
    :data:`REVIEW_BUDGET` random moves: every move with full playouts when the game is short;
    fewer playouts, then fewer points, when it is long."""
    length = max(1, moves)
    per_point = players * max(1, length // 2)  # random moves per playout of every seat, on average
    points = length + 1
    playouts = min(REVIEW_PLAYOUTS, max(REVIEW_MIN_PLAYOUTS, REVIEW_BUDGET // (per_point * points)))
    fitting = max(REVIEW_MIN_POINTS, REVIEW_BUDGET // (per_point * playouts))
    every = max(1, math.ceil(length / max(1, fitting - 1)))
    return playouts, every


# ---------------------------------------------------------------------- in a worker process


def review_job(record_json: dict[str, Any]) -> dict[str, Any]:
    """A finished game's review within the budget (runs in a worker)."""
    from fruitbowl.engine import Record
    from fruitbowl.sim.review import review

    record = Record.from_json(record_json)
    playouts, every = review_settings(len(record.players), len(record.actions))
    return review(record, playouts=playouts, every=every).to_json()


def hint_job(record_json: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    """The hint for ``seat`` at the position the record reaches (runs in a worker)."""
    from fruitbowl.bots import SeatHandle
    from fruitbowl.bots.hint import hint
    from fruitbowl.engine import Match, Record

    state = Match.from_record(Record.from_json(record_json)).state
    return hint(SeatHandle(state, seat), seed=seed).to_json()
