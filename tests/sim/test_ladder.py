"""The strength ladder's bookkeeping (``benchmarks/bench_ladder.py``): a run continued with
``--first-game`` plays the games it has not played, and ``--table`` adds the parts up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LADDER = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ladder.py"


def _ladder(*args: str) -> str:
    done = subprocess.run([sys.executable, str(LADDER), *args], capture_output=True, text=True, check=True)
    return done.stdout


def test_a_continued_run_adds_up_to_the_whole_run(tmp_path: Path) -> None:
    quick = ["tanghulu", "--pairing", "greedy:random"]
    whole, first, rest = tmp_path / "whole.json", tmp_path / "first.json", tmp_path / "rest.json"
    _ladder(*quick, "-n", "3", "--out", str(whole))
    _ladder(*quick, "-n", "2", "--out", str(first))
    _ladder(*quick, "-n", "3", "--first-game", "2", "--out", str(rest))
    (only,) = json.loads(rest.read_text())["results"]
    assert only["games"] == 1
    (expected,) = json.loads(whole.read_text())["results"]
    table = _ladder("--table", str(first), str(rest))
    row = next(line for line in table.splitlines() if line.startswith("tanghulu"))
    assert row.split()[4] == "3"  # games: 2 + 1 ("tanghulu greedy v random 3 …")
    assert f"{expected['win_rate']:.1%}" in row  # the same games as one run of three
