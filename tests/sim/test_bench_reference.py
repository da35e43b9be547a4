"""``benchmarks/bench_reference.py``: a game's random playouts beside OpenSpiel's tic-tac-toe,
and, with ``--beside``, a variant of the game timed against the same tic-tac-toe figure (issue 20
§2 measures Citrus's exact rules beside its free-placement variant this way)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("open_spiel.python.games.tic_tac_toe")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_reference.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def test_a_variant_is_timed_beside_the_game_in_each_run() -> None:
    done = run("citrus", "--seconds", "0.05", "--runs", "2", "--beside", "free_placement=true")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    run_line = re.compile(
        r"run [12]: citrus [\d,]+ actions/s \([\d.]+×\), citrus free_placement=true [\d,]+ actions/s \([\d.]+×\),"
        r" tic-tac-toe [\d,]+/s"
    )
    assert all(run_line.fullmatch(line) for line in lines[:2]), lines
    assert re.fullmatch(r"citrus: [\d.]+–[\d.]+× tic-tac-toe \(median [\d.]+×\)", lines[2]), lines
    assert re.fullmatch(r"citrus free_placement=true: [\d.]+–[\d.]+× tic-tac-toe \(median [\d.]+×\)", lines[3]), lines


def test_an_unknown_option_is_refused_in_one_sentence_before_anything_is_timed() -> None:
    done = run("citrus", "--seconds", "0.05", "--runs", "1", "--beside", "free_placment=true")
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip().startswith("unknown option 'free_placment'"), done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
