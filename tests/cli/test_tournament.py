"""``fruitbowl tournament`` and ``fruitbowl analyze`` from the command line (tiny, random bots, in-process)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.bots import base
from fruitbowl.bots.random_bot import RandomBot
from fruitbowl.cli.app import app


@pytest.fixture(autouse=True)
def random_b(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second cheap bot, 'random-b', so a tournament has two to rate (these runs play in-process)."""
    monkeypatch.setitem(base._BOTS, "random-b", RandomBot)


TINY = ["tournament", "tanghulu", "--bots", "random,random-b", "-n", "4", "--workers", "1"]


def _json(output: str) -> dict:
    return json.loads(output.strip().splitlines()[-1])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tournament", "tanghulu", "--bots", "random,ghost"], "unknown bot 'ghost'"),
        (["tournament", "nope", "--bots", "random,random-b"], "nope"),
        (["tournament", "tanghulu", "--bots", "random,random-b", "-o", "round_limit=x"], "round_limit"),
        (["tournament", "tanghulu", "--bots", "random,random-b", "-n", "0"], "at least 1"),
        (["tournament", "tanghulu", "--bots", "random,random-b", "--format", "swiss"], "round-robin"),
        (["tournament", "tanghulu", "--bots", "random"], "two different bots"),
        (["tournament", "tanghulu", "--bots", "random,random-b", "-p", "9"], "9"),
        (["tournament", "tanghulu"], "--bots"),
        (["tournament", "tanghulu", "--bots", "random,random-b", "-n", "3", "--duplicate"], "multiple of 2"),
        (["analyze", "tanghulu", "-n", "0", "--workers", "1"], "at least 1"),
        (["analyze", "tanghulu", "--bots", "random,ghost"], "unknown bot 'ghost'"),
        (["analyze", "nope"], "nope"),
        (["analyze", "tanghulu", "--tournament", "latest"], "no tanghulu tournament"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(home: Path, runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0], result.output


def test_tournament_json_stores_resumes_and_exports_replayable_records(
    home: Path, runner: CliRunner, tmp_path: Path
) -> None:
    first = runner.invoke(app, [*TINY, "--json", "--records", str(tmp_path / "records")])
    assert first.exit_code == 0, first.output
    data = _json(first.stdout)
    assert data["complete"] and data["played_now"] == 4 and len(data["results"]) == 4
    assert [r["seats"] for r in data["results"]][:2] == [["random", "random-b"], ["random-b", "random"]]
    assert {r["bot"] for r in data["ratings"]} == {"random", "random-b"}
    assert set(data["ratings"][0]) == {"bot", "mu", "sigma", "ordinal", "games", "wins"}
    assert (home / "tournaments.db").exists()
    again = _json(runner.invoke(app, [*TINY, "--json"]).stdout)
    assert again["played_now"] == 0 and again["results"] == data["results"]
    records = sorted((tmp_path / "records").glob("game-*.json"))
    assert len(records) == 4
    shown = runner.invoke(app, ["replay", str(records[0]), "--all"])
    assert shown.exit_code == 0, shown.output


def test_tournament_table_output(home: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, TINY)
    assert result.exit_code == 0, result.output
    assert "OpenSkill" in result.output and "random-b" in result.output
    assert "analyze tanghulu --tournament" in result.output


def test_analyze_a_stored_tournament_writes_html_and_json(home: Path, runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(app, [*TINY, "--json"]).exit_code == 0
    out = tmp_path / "report"
    result = runner.invoke(app, ["analyze", "tanghulu", "--tournament", "latest", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = _json(result.stdout)
    assert data["games"] == 4 and data["source"]["kind"] == "tournament" and len(data["seats"]) == 2
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 4 and "Seat order" in page
    assert json.loads((out / "report.json").read_text())["games"] == 4
    shown = runner.invoke(app, ["analyze", "tanghulu", "-t", data["source"]["tournament"][:6], "--out", str(out)])
    assert shown.exit_code == 0 and "report.html" in shown.output
    missing = runner.invoke(app, ["analyze", "tanghulu", "--tournament", "ffffffff"])
    assert missing.exit_code == 2 and "not a stored" in missing.output


def test_analyze_simulates_the_same_games_as_simulate(home: Path, runner: CliRunner) -> None:
    args = ["tanghulu", "-n", "6", "-p", "3", "--seed", "4", "--json"]
    report = _json(runner.invoke(app, ["analyze", *args, "--workers", "1"]).stdout)
    simulated = _json(runner.invoke(app, ["simulate", *args]).stdout)
    assert [round(s["wins"], 4) for s in report["seats"]] == [round(w, 4) for w in simulated["wins"]]
    assert report["length"]["mean"] == pytest.approx(simulated["mean_actions"])


def test_ray_missing_is_a_clear_error(home: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    result = runner.invoke(app, [*TINY[:-2], "--ray", "local"])
    assert result.exit_code == 2 and "pip install 'fruitbowl[study]'" in result.output


def test_a_duplicate_tournament_deals_each_deal_to_every_seat_rotation_and_table(
    home: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--duplicate``: each deal is played once per seat rotation, and every table plays the same
    deals, so the same chance outcomes meet each bot from each seat (read from the exported
    records: the opening's draws, before anyone acts, are the same; the seats are rotated)."""
    folder = tmp_path / "records"
    args = ["tournament", "tanghulu", "--bots", "random,random-b,random-c", "-p", "3", "-n", "6", "--duplicate"]
    monkeypatch.setitem(base._BOTS, "random-c", RandomBot)  # (a third cheap bot: one table of three)
    result = runner.invoke(app, [*args, "--workers", "1", "--json", "--records", str(folder)])
    assert result.exit_code == 0, result.output
    data = _json(result.stdout)
    assert data["duplicate"] is True
    games = data["results"]
    assert [g["seats"] for g in games[:3]] == [
        ["random", "random-b", "random-c"],
        ["random-b", "random-c", "random"],
        ["random-c", "random", "random-b"],
    ]
    seeds = [g["seed"] for g in games]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    records = [json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))]
    assert len(records) == 6 and all(record["chance"] for record in records)  # (every draw is in the record)
    deals: dict[int, list[list[str]]] = {}
    for record in records:
        deals.setdefault(record["seed"], []).append(record["chance"])
    assert len(deals) == 2
    for rotations in deals.values():
        # the same luck in every rotation: the same opening, the same die rolls in the same order
        # (however the games went on, a game that rolled more rolled the others' rolls first)
        assert len({tuple(chance[:5]) for chance in rotations}) == 1
        rolls = sorted(([c for c in chance if c.startswith("die ")] for chance in rotations), key=len)
        assert all(longer[: len(rolls[0])] == rolls[0] for longer in rolls) and len(rolls[0]) > 5
    plain = _json(runner.invoke(app, [*TINY, "--json"]).stdout)
    assert plain["duplicate"] is False and len({g["seed"] for g in plain["results"]}) == 4
