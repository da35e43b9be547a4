"""Where games are played: in this process, in local worker processes, or on a Ray cluster.

Every backend runs the same pure function (:func:`~fruitbowl.sim.worker.play_task`) on the
same tasks, so the same seeds give the same games everywhere. Cheap games are sent in chunks
to save round trips, and only a few calls per worker are in flight at any time. Failures are
retried: a chunk whose worker raised or died is split into single games and each is tried
again (before any new work), up to ``max_attempts`` times in all; a result is handed
on exactly once, in whatever order games finish (the caller stores by game index). A game that
fails every attempt is reported in :class:`GamesFailed` after everything else has finished.

Ray is optional: ``RayBackend`` imports it only when it is used and otherwise explains how to
install it (``pip install 'fruitbowl[study]'``).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import re
import socket
import warnings
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from fruitbowl.bots.pool import forking, stop_pool, worker_pool
from fruitbowl.engine import FruitbowlError
from fruitbowl.engine.wording import ngettext

from .schedule import GameTask
from .worker import GameData, play_chunk

#: Bots cheap enough that many of their games fit in one remote call (with any other bot, a
#: game may take seconds, and one game per call keeps the workers evenly loaded).
CHEAP_BOTS = frozenset({"random"})

#: Calls submitted ahead per worker: enough to keep every worker busy, few enough that waiting
#: on them stays cheap and an interrupt stops quickly.
INFLIGHT_PER_WORKER = 3

Chunk = tuple[GameTask, ...]


class BackendUnavailable(FruitbowlError):
    """The chosen backend cannot run here (Ray not installed, cluster unreachable)."""


class GamesFailed(FruitbowlError):
    """Some games failed on every attempt; the others were all handed on."""

    def __init__(self, failures: dict[int, str]):
        self.failures = failures
        first = min(failures)
        failed = ngettext(
            "{n} game failed after every retry (first: game {first}: {why}); "
            "the games that finished are kept — run the same command again to retry the rest",
            "{n} games failed after every retry (first: game {first}: {why}); "
            "the games that finished are kept — run the same command again to retry the rest",
            len(failures),
        )
        super().__init__(failed.format(n=len(failures), first=first, why=failures[first]))


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def chunk_size(tasks: Sequence[GameTask], workers: int) -> int:
    """1 for searching bots (each game is long); else about 8 chunks per worker, at most 16 games."""
    if any(bot not in CHEAP_BOTS for task in tasks for bot in task.seats):
        return 1
    return max(1, min(16, len(tasks) // (8 * max(1, workers))))


class Backend(ABC):
    """Runs tasks and hands each finished game to ``on_result`` exactly once."""

    name = "backend"
    workers = 1

    def run(
        self,
        tasks: Sequence[GameTask],
        on_result: Callable[[GameData], None],
        max_attempts: int = 3,
        chunk: int | None = None,
    ) -> None:
        size = chunk if chunk is not None else chunk_size(tasks, self.workers)
        attempts: dict[int, int] = {}
        failures: dict[int, str] = {}
        handed: set[int] = set()
        pending: dict[Any, Chunk] = {}
        waiting = deque(tuple(tasks[start : start + size]) for start in range(0, len(tasks), size))
        in_flight = max(2, INFLIGHT_PER_WORKER * self.workers)

        def top_up() -> None:
            while waiting and len(pending) < in_flight:
                group = waiting.popleft()
                for task in group:
                    attempts[task.index] = attempts.get(task.index, 0) + 1
                pending[self._submit(group)] = group

        try:
            top_up()
            while pending:
                for handle in self._wait(list(pending)):
                    group = pending.pop(handle)
                    try:
                        results = self._outcome(handle)
                    except Exception as exc:  # a worker raised or died: retry each game alone, first
                        message = f"{type(exc).__name__}: {exc}"
                        for task in reversed(group):
                            if attempts[task.index] < max_attempts:
                                waiting.appendleft((task,))
                            else:
                                failures[task.index] = message
                        continue
                    for data in results:
                        if data.index not in handed:
                            handed.add(data.index)
                            on_result(data)
                top_up()
        except BaseException:
            # Ctrl-C or an error in on_result: abandon what is running, including a call
            # submitted just before the interrupt that never reached ``pending``.
            self._cancel(list(pending))
            raise
        if failures:
            raise GamesFailed(failures)

    @abstractmethod
    def _submit(self, group: Chunk) -> Any: ...

    @abstractmethod
    def _wait(self, handles: list[Any]) -> list[Any]:
        """Block until at least one handle is done; return the done ones."""

    @abstractmethod
    def _outcome(self, handle: Any) -> list[GameData]:
        """The results of a done handle, or the exception its worker raised."""

    def _cancel(self, handles: list[Any]) -> None:  # noqa: B027  (optional hook)
        """Give up on handles not yet done (after an interrupt)."""

    def close(self) -> None:  # noqa: B027  (optional hook)
        """Release workers."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InlineBackend(Backend):
    """Plays every game in this process, one after another (one core; no start-up cost)."""

    name = "inline"

    def _submit(self, group: Chunk) -> Any:
        return _Done(group)

    def _wait(self, handles: list[Any]) -> list[Any]:
        return handles[:1]

    def _outcome(self, handle: Any) -> list[GameData]:
        return play_chunk(handle.group)


class _Done:
    __slots__ = ("group",)

    def __init__(self, group: Chunk):
        self.group = group


class ProcessBackend(Backend):
    """Local worker processes (``concurrent.futures.ProcessPoolExecutor``), one per core by default.

    Workers start from a fork server, so a progress bar's thread in the parent is never copied
    (``start_method="fork"`` instead lets tests hand workers bots they registered themselves).
    They ignore Ctrl-C: the parent stores what finished and terminates them (:mod:`fruitbowl.bots.pool`).
    A worker that dies breaks the pool: the pool is replaced and the lost games are retried.
    """

    name = "processes"

    def __init__(self, workers: int | None = None, start_method: str | None = None):
        self.workers = max(1, workers if workers is not None else cpu_count())
        if start_method is None:
            start_method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        self._context = multiprocessing.get_context(start_method)
        if start_method == "forkserver":  # the server imports the games once; each worker forks ready
            self._context.set_forkserver_preload(["fruitbowl.sim.worker"])
        self._pool: cf.ProcessPoolExecutor | None = None
        self._pool_of: dict[Any, cf.ProcessPoolExecutor] = {}

    def _executor(self) -> cf.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, self._context)
        return self._pool

    def _submit(self, group: Chunk) -> Any:
        pool = self._executor()
        with forking():
            try:
                future = pool.submit(play_chunk, group)
            except BrokenProcessPool:
                self._replace(pool)
                pool = self._executor()
                future = pool.submit(play_chunk, group)
        self._pool_of[future] = pool
        return future

    def _wait(self, handles: list[Any]) -> list[Any]:
        done, _ = cf.wait(handles, return_when=cf.FIRST_COMPLETED)
        return [h for h in handles if h in done]  # in submission order: deterministic hand-on order

    def _outcome(self, handle: Any) -> list[GameData]:
        pool = self._pool_of.pop(handle, None)
        try:
            result: list[GameData] = handle.result()
        except BrokenProcessPool:
            if pool is not None:
                self._replace(pool)
            raise
        return result

    def _replace(self, pool: cf.ProcessPoolExecutor) -> None:
        """Drop a broken pool (only once, however many of its futures report it)."""
        if pool is self._pool:
            pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _cancel(self, handles: list[Any]) -> None:
        """Abandoned calls (after Ctrl-C or an error in the caller) are not waited for: the
        workers are terminated whatever they run (an interrupt may land between a submit and its
        bookkeeping, so ``handles`` need not name every running call), and the next call starts
        a new pool."""
        for handle in handles:
            handle.cancel()
        self._pool_of.clear()
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class RayBackend(Backend):
    """Ray tasks, on a cluster (``address="ray://host:10001"`` or ``"auto"``) or a local one (``"local"``).

    Ray's own retries are off (``max_retries=0``): the shared retry loop above decides, the
    same way as for local processes. The cluster's workers need fruitbowl installed.
    """

    name = "ray"

    def __init__(self, address: str = "local", workers: int | None = None):
        try:
            import ray
        except ImportError:
            raise BackendUnavailable(
                "--ray needs Ray, which is not installed; install it with: pip install 'fruitbowl[study]'"
            ) from None
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address == "local":
                kwargs["num_cpus"] = workers if workers is not None else cpu_count()
                kwargs["runtime_env"] = {"env_vars": _forwarded_env()}
            else:
                _check_reachable(address)
                kwargs["address"] = address
            try:
                with warnings.catch_warnings():  # Ray's own warnings would bury the one-line error
                    warnings.simplefilter("ignore")
                    ray.init(**kwargs)
            except Exception as exc:  # unreachable address, bad URL…
                raise BackendUnavailable(f"cannot start or reach Ray at {address!r}: {exc}") from None
        self.workers = max(1, int(ray.available_resources().get("CPU", 1)))
        self._remote = ray.remote(max_retries=0)(play_chunk)

    def _submit(self, group: Chunk) -> Any:
        return self._remote.remote(group)

    def _wait(self, handles: list[Any]) -> list[Any]:
        done, _ = self._ray.wait(handles, num_returns=1)
        return list(done)

    def _outcome(self, handle: Any) -> list[GameData]:
        result: list[GameData] = self._ray.get(handle)
        return result

    def _cancel(self, handles: list[Any]) -> None:
        for handle in handles:
            with contextlib.suppress(Exception):  # already finished or gone
                self._ray.cancel(handle, force=True)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
            self._started = False


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast, with one clear line, when a ``host:port`` or ``ray://host:port`` cannot be reached.

    (Ray itself retries an unreachable address for a long time.) ``auto`` and other forms are
    left to Ray.
    """
    match = re.fullmatch(r"(?:ray://)?\[?([\w.:-]+?)\]?:(\d+)", address)
    if match is None:
        return
    host, port = match.group(1), int(match.group(2))
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        raise BackendUnavailable(f"cannot reach Ray at {address!r}: {exc.strerror or exc}") from None


def _forwarded_env() -> dict[str, str]:
    """Environment that local Ray workers must share with us (the data home and the test hook)."""
    keys = ("FRUITBOWL_HOME", "FRUITBOWL_SIM_FAULT")
    return {key: os.environ[key] for key in keys if key in os.environ}


def make_backend(ray: str | None = None, workers: int | None = None) -> Backend:
    """``ray`` (an address or ``"local"``) picks Ray; else one worker plays inline, more use processes."""
    if ray is not None:
        return RayBackend(ray, workers)
    if workers is not None and workers < 1:
        raise FruitbowlError(f"--workers must be at least 1; got {workers}")
    if workers == 1:
        return InlineBackend()
    return ProcessBackend(workers)
