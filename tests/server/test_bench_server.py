"""The capacity benchmark runs as issue 25 gives its command, and prints what the issue asks:
``bench_server.py --mix --tables N --seconds S --json`` → one JSON object with ``tables``,
``moves_per_s``, ``p50_ms``, ``p95_ms``, ``p99_ms``, ``bytes_per_move`` and ``rss_mb``, and the
servers' CPU per move (``server_cpu_ms_per_move``, ``cpu_cores``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_server.py"


@pytest.mark.slow  # a server process and a few seconds of play
def test_the_mixed_load_prints_one_json_object_with_the_issues_fields() -> None:
    command = [sys.executable, str(SCRIPT), "--mix", "--tables", "6", "--seconds", "6", "--think", "0.2"]
    done = subprocess.run(
        [*command, "--bot-delay", "0.1", "--warmup", "0", "--json"], capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert row["tables"] == 6 and row["servers"] == 1 and row["db"] == "sqlite" and row["load"] == "mix"
    assert row["failed_tables"] == 0, row["failures"]
    assert row["person_moves"] > 0 and row["moves_per_s"] > 0
    assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"] <= row["max_ms"]
    # compressed on the wire (permessage-deflate), so a move costs less than its JSON
    assert 0 < row["bytes_per_move"] < row["json_bytes_per_move"]
    assert row["rss_mb"] > 10 and row["snapshot_max_kib"] <= 24
    # what a move costs the server, and who used the cores (no PostgreSQL here)
    assert row["server_cpu_ms_per_move"] > 0
    assert row["cpu_cores"]["servers"] > 0 and row["cpu_cores"]["client"] > 0 and row["cpu_cores"]["postgres"] == 0


def test_several_servers_need_postgresql() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--mix", "--servers", "2", "--tables", "1"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "several servers share one database only on PostgreSQL" in done.stderr


@pytest.mark.slow  # a server process and a few tables
def test_the_idle_footprint_gives_the_memory_per_idle_table() -> None:
    command = [sys.executable, str(SCRIPT), "--idle", "8", "--bot-delay", "0"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert row["load"] == "idle" and row["tables"] == 8 and row["rss_mb"] >= row["rss_before_mb"] > 10
    assert row["mib_per_idle_table"] == round((row["rss_mb"] - row["rss_before_mb"]) / 8, 3)
