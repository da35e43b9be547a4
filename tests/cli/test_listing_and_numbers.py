"""``fruitbowl games``, ``simulate`` and ``bench`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from fruitbowl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def test_games_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = json.loads(result.output)
    [tanghulu] = [g for g in games if g["id"] == "tanghulu"]
    assert tanghulu["title"] == "Tang Hu Lu"
    assert (tanghulu["min_players"], tanghulu["max_players"]) == (2, 4)
    assert tanghulu["rules_version"]
    options = {o["name"]: o for o in tanghulu["options"]}
    assert options["round_limit"]["default"] == 0 and options["round_limit"]["help"]


def test_games_table(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "tanghulu" in result.output and "2–4 players" in result.output and "round_limit" in result.output
    # a set of parts (Mystic Island's modules) is named with commas on the command line
    said = " ".join(result.output.split())
    assert "(any of mystic_island, boulders, new_business, separated by commas, or all)" in said


def test_no_command_shows_help(runner: CliRunner) -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0
    assert "simulate" in result.output and "replay" in result.output


def test_simulate_json(runner: CliRunner) -> None:
    args = ["simulate", "tanghulu", "-n", "12", "--players", "3", "--seed", "5", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {
        "games",
        "players",
        "bots",
        "options",
        "seed",
        "wins",
        "win_ci95",
        "mean_scores",
        "mean_actions",
        "truncated",
        "seconds",
    }
    assert data["games"] == 12 and data["players"] == 3 and data["seed"] == 5
    assert data["bots"] == ["random"] * 3
    assert abs(sum(data["wins"]) - 12) < 1e-6
    assert len(data["mean_scores"]) == 3 and data["mean_actions"] > 0
    again = json.loads(runner.invoke(app, args).output)
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in data.items() if k != "seconds"}


def test_simulate_with_options_and_bots(runner: CliRunner) -> None:
    args = ["simulate", "tanghulu", "-n", "4", "--bots", "random,random", "--option", "round_limit=1", "--json"]
    data = json.loads(runner.invoke(app, args).output)
    assert data["players"] == 2
    assert data["options"]["round_limit"] == 1
    assert data["truncated"] == 4


def test_simulate_table(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "tanghulu", "-n", "5"])
    assert result.exit_code == 0
    assert "Win %" in result.output and "actions per game" in result.output


def test_bench_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "tanghulu", "--json", "--seconds", "0.02", "--runs", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"tanghulu"}
    assert data["tanghulu"]["actions_per_s"] > 0 and data["tanghulu"]["games_per_s"] > 0


def test_bench_script() -> None:
    script = ROOT / "benchmarks" / "bench_playouts.py"
    done = subprocess.run(
        [sys.executable, str(script), "--seconds", "0.02", "--runs", "1"], capture_output=True, text=True, check=True
    )
    assert "tanghulu" in done.stdout and "actions/s" in done.stdout
