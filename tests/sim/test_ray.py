"""The Ray backend, in local mode: one small tournament (Ray takes seconds to start, so only one test).

It proves the same seeds give the same games and ratings on Ray as in this process, and that a
game whose Ray worker raised is retried and stored exactly once.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.bots import bot_names
from fruitbowl.cli.app import app
from fruitbowl.sim.worker import FAULT_ENV

pytest.importorskip("ray")


def test_ray_local_tournament_matches_the_local_backend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRUITBOWL_HOME", str(tmp_path / "home"))
    bots = "random,greedy" if "greedy" in bot_names() else "random,ismcts:easy"
    args = ["tournament", "tanghulu", "--bots", bots, "-n", "2", "--seed", "11", "--json"]
    runner = CliRunner()
    inline = runner.invoke(app, [*args, "--workers", "1", "--db", f"sqlite:///{tmp_path / 'inline.db'}"])
    assert inline.exit_code == 0, inline.output
    monkeypatch.setenv(FAULT_ENV, f"raise:{tmp_path}:1")
    on_ray = runner.invoke(app, [*args, "--ray", "local", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'ray.db'}"])
    assert on_ray.exit_code == 0, on_ray.output
    assert (tmp_path / "failed-1").exists()  # game 1 failed once on a Ray worker, then was retried
    local, ray = json.loads(inline.stdout.strip().splitlines()[-1]), json.loads(on_ray.stdout.strip().splitlines()[-1])
    assert [r["index"] for r in ray["results"]] == [0, 1]
    assert ray["results"] == local["results"] and ray["ratings"] == local["ratings"]
