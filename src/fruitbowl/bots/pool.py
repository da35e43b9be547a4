"""Worker processes that leave Ctrl-C to their parent, and a pool that stops at once.

A terminal's Ctrl-C sends SIGINT to every process of the foreground group, workers included.
Workers that raised ``KeyboardInterrupt`` themselves would each print a traceback and leave the
parent waiting on a broken pool, so they ignore SIGINT: the parent alone is interrupted, and
:func:`stop_pool` cancels what is queued and terminates the workers (killing any that do not
stop within a moment) instead of waiting for the calls they are running. A worker never starts
workers of its own (:func:`in_worker`), so terminating the workers leaves no process behind.
SIGTERM is the parent's too: the terminal commands turn it into an interrupt
(:func:`fruitbowl.cli.crash.terminate_as_interrupt`), but a worker forked from such a parent
would inherit that, so a worker's SIGTERM is put back to its default: it ends the worker, which
is how :func:`stop_pool` terminates them.
Root-parallel searches (:mod:`.ismcts`) and the simulation backends
(:mod:`fruitbowl.sim.backends`) both use it.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import BaseContext

#: Seconds a terminated worker has to exit before it is killed.
TERMINATE_GRACE = 0.5
#: Seconds to wait for a killed worker to be gone (it cannot refuse; this only bounds a stuck kernel).
KILLED_REAP = 10.0


def worker_pool(workers: int, context: BaseContext | None = None) -> ProcessPoolExecutor:
    """A process pool whose workers ignore SIGINT (see the module docstring)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=ignore_interrupts)


def ignore_interrupts() -> None:
    """A worker's initializer: SIGINT is the parent's to handle (one that arrived while the
    worker was being forked, held back by :func:`forking`, is dropped here), and SIGTERM ends
    the worker (a handler inherited from the parent is dropped)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)


#: The signals held back while workers are forked: Ctrl-C and SIGTERM.
HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def forking() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back in this thread while a pool may fork workers (on
    ``submit``): a forked worker starts with them held until its initializer has set them up,
    and the parent gets them after, once the pool knows its workers."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)


def in_worker() -> bool:
    """Whether this process is a worker started by another (a tournament's): it should not start
    workers of its own, since its parent already keeps every core busy."""
    return multiprocessing.parent_process() is not None


def stop_pool(pool: ProcessPoolExecutor, grace: float = TERMINATE_GRACE) -> None:
    """Stop a pool now: cancel queued calls, terminate the workers, kill those still running after
    ``grace`` seconds, and reap them all, so that no process outlives the interrupt."""
    # The executor keeps its workers in a private mapping (pid -> process) until Python 3.14's
    # terminate_workers(); without it there is nothing to terminate but the queue.
    processes = [p for p in list((getattr(pool, "_processes", None) or {}).values()) if p.is_alive()]
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(KILLED_REAP)  # SIGKILL always ends it; a loaded machine may take a moment
