"""A small load run in the test suite: a few tables with two people and a bot each, played over
WebSockets from this process against a ``fruitbowl serve`` child process for a few seconds.
It asserts correctness (every confirmed move stored once, in order, every shown view the one the
record gives), not speed; ``benchmarks/bench_load.py`` measures the speed."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from fruitbowl.server.loadgen import LoadConfig, run_load, summary, verify
from fruitbowl.server.run import free_port, spawn


def test_a_small_load_run_keeps_every_move(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    server = spawn(port, db_url, env={"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_RATE_LIMITS": "off"})
    try:
        config = LoadConfig(
            [f"http://127.0.0.1:{port}"], "tanghulu", tables=3, humans=2, players=3, seconds=3, keep_views=True
        )
        logs, stats = asyncio.run(run_load(config))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
    assert not stats.failures, summary(stats, config.seconds)
    assert stats.confirmed >= 10 and len(stats.latencies) == stats.confirmed
    verdict = verify(db_url, logs)
    assert not verdict.problems, verdict.problems[:10]
    assert verdict.confirmed == stats.confirmed and verdict.moves > stats.confirmed  # the bots moved too
