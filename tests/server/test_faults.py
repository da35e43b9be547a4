"""Faults under load: the server is killed with SIGKILL at random moments while clients play
several tables, and restarted; every table's stored record must hold exactly the moves the
clients saw confirmed (nothing lost, nothing twice) and give every view they were shown.

The longer version (more kills, more tables, minutes) is ``benchmarks/bench_load.py --kills``.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

from fruitbowl.server.loadgen import Deadline, LoadConfig, run_load, verify
from fruitbowl.server.run import free_port, spawn

KILLS = 2


def test_sigkill_during_load_loses_and_duplicates_nothing(db_url: str, tmp_path: Path) -> None:
    seed = int(os.environ.get("FRUITBOWL_FAULT_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    port = free_port()
    env = {"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_RATE_LIMITS": "off"}
    server = spawn(port, db_url, env=env)
    deadline = Deadline(time.monotonic() + 300)  # moved once the last restarted server has served a while
    config = LoadConfig(
        [f"http://127.0.0.1:{port}"],
        "tanghulu",
        tables=3,
        humans=2,
        players=3,
        keep_views=True,
        seed=seed,
        deadline=deadline,
    )
    outcome: dict[str, Any] = {}

    def load() -> None:
        outcome["logs"], outcome["stats"] = asyncio.run(run_load(config))

    worker = threading.Thread(target=load)
    worker.start()
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(1.0, 3.0))
            assert worker.is_alive()
            server.send_signal(signal.SIGKILL)
            server.wait()
            server = spawn(port, db_url, env=env)
        time.sleep(2.0)
    finally:
        deadline.at = min(deadline.at, time.monotonic() + 1.0)  # also when the test fails midway
        worker.join(timeout=60)
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert not worker.is_alive()
    logs, stats = outcome["logs"], outcome["stats"]
    assert not stats.failures, (seed, stats.failures)
    assert stats.confirmed > 0 and stats.reconnects > 0, (seed, stats)
    verdict = verify(db_url, logs)
    assert not verdict.problems, (f"seed {seed}", verdict.problems[:10])
    assert verdict.confirmed == stats.confirmed and verdict.moves >= verdict.confirmed
