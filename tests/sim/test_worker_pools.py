"""Worker processes and root-parallel search: a tournament's worker starts no processes of its
own, yet its ismcts:hard bot searches exactly as it does in a process of its own, and pools are
stopped without waiting for the work they were given."""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from fruitbowl.bots import ISMCTSBot, SeatHandle
from fruitbowl.bots.ismcts import SearchStats
from fruitbowl.bots.pool import in_worker, stop_pool, worker_pool
from fruitbowl.engine import get_game
from fruitbowl.engine.chance import Dealer


def _stats() -> tuple[SearchStats, bool, int]:
    """A two-process search of Tang Hu Lu's opening, where it runs: its root statistics, whether
    this is a worker, and how many child processes the search left running."""
    state = get_game("tanghulu").new_state(2, 11)
    Dealer(11).settle(state)  # dealt as a table deals it
    bot = ISMCTSBot(seed=5, budget=400, processes=2)
    stats = bot.think(SeatHandle(state, state.current_player))
    children = len(multiprocessing.active_children())
    bot.close()
    return stats, in_worker(), children


def test_a_hard_search_in_a_worker_runs_in_it_with_the_same_result() -> None:
    here, here_in_worker, _ = _stats()
    assert not here_in_worker
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        there, there_in_worker, children = pool.submit(_stats).result()
    assert there_in_worker and children == 0
    assert sum(here.visits.values()) > 0
    assert there.visits == here.visits and there.wins == here.wins


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _running(pid: int | None) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_stop_pool_terminates_running_work_at_once() -> None:
    earlier = set(multiprocessing.active_children())  # an earlier test's workers may still be exiting
    pool = worker_pool(2, multiprocessing.get_context("fork"))
    futures = [pool.submit(_sleep, 30) for _ in range(4)]
    while not any(future.running() for future in futures):
        time.sleep(0.01)
    processes = [p for p in multiprocessing.active_children() if p not in earlier]
    started = time.monotonic()
    stop_pool(pool)
    assert time.monotonic() - started < 5
    # Asked of the system, not of multiprocessing's bookkeeping (which another thread's join can
    # leave behind): every worker is gone, or a zombie about to be reaped.
    assert processes and not [p.pid for p in processes if _running(p.pid)]
