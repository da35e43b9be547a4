"""``fruitbowl bench`` shows its progress while it measures (issue 18: "``bench`` shows progress").

On a terminal the progress is a bar; piped, as here, each timed run is one line on stderr, so
the table on stdout stays clean to read or parse.
"""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.sim import bench_game


def test_each_run_reports_as_it_ends() -> None:
    seen: list[tuple[int, dict[str, float]]] = []
    result = bench_game("tanghulu", seconds=0.01, runs=3, progress=lambda run, measured: seen.append((run, measured)))
    assert [run for run, _ in seen] == [1, 2, 3]
    assert [measured for _, measured in seen] == result.runs


def test_bench_prints_a_line_per_run_on_stderr() -> None:
    outcome = CliRunner().invoke(app, ["bench", "tanghulu", "citrus", "--seconds", "0.01", "--runs", "2"])
    assert outcome.exit_code == 0, outcome.output
    lines = outcome.stderr.strip().splitlines()
    pattern = re.compile(r"(tanghulu|citrus): run ([12]) of 2: [\d,]+ actions/s")
    steps = [pattern.fullmatch(line) for line in lines]
    assert all(steps), lines
    assert [(m.group(1), m.group(2)) for m in steps if m] == [
        ("tanghulu", "1"),
        ("tanghulu", "2"),
        ("citrus", "1"),
        ("citrus", "2"),
    ]
    assert "Actions/s" in outcome.stdout and "run 1 of 2" not in outcome.stdout


def test_bench_json_stays_one_object() -> None:
    outcome = CliRunner().invoke(app, ["bench", "tanghulu", "--json", "--seconds", "0.01", "--runs", "1"])
    assert outcome.exit_code == 0, outcome.output
    assert set(json.loads(outcome.output)) == {"tanghulu"}
