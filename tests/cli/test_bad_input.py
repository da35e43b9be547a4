"""Every kind of bad input: one line on stderr, exit code 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app

from .conftest import bot_game, saves

BAD_COMMANDS = [
    (["play", "tanhulu"], "unknown game 'tanhulu'; the games are: "),
    (["play", "tanghulu", "--players", "7"], "2–4 players"),
    (["play", "tanghulu", "--players", "x"], "--players"),
    (["play", "tanghulu", "--option", "colour=red"], "unknown option 'colour'"),
    (["play", "tanghulu", "--option", "round_limit=lots"], "round_limit"),
    (["play", "tanghulu", "--option", "first_player=5"], "first_player"),
    (["play", "tanghulu", "--option", "nonsense"], "key=value"),
    (["play", "tanghulu", "--bots", "random,wizard"], "unknown bot 'wizard'"),
    (["play", "tanghulu", "--players", "3", "--bots", "random"], "--bots names 1 bot, but 3 players need 2"),
    (["play", "tanghulu", "--bots", "random,,random"], "comma-separated"),
    (["play", "tanghulu", "--seat", "3"], "--seat must be between 1 and 2"),
    (["play", "tanghulu", "--seat", "0"], "--seat"),
    (["play", "tanghulu", "--name", "  "], "--name"),
    (["play", "tanghulu", "--frobnicate"], "No such option"),
    (["simulate", "tanhulu"], "unknown game"),
    (["simulate", "tanghulu", "--players", "5"], "2–4 players"),
    (["simulate", "tanghulu", "--players", "3", "--bots", "random,random"], "--bots names 2 bots for 3 seats"),
    (["simulate", "tanghulu", "--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["simulate", "tanghulu", "--option", "multi_garnish=perhaps"], "multi_garnish"),
    (["simulate", "tanghulu", "-n", "0"], "-n must be at least 1"),
    (["bench", "tanhulu"], "unknown game"),
    (["bench", "tanghulu", "--seconds", "0"], "--seconds"),
    (["resume", "/no/such/save.json"], "cannot read"),
    (["replay", "/no/such/record.json"], "cannot read"),
]


@pytest.mark.parametrize(("args", "message"), BAD_COMMANDS, ids=[" ".join(a) for a, _ in BAD_COMMANDS])
def test_bad_command_lines(runner: CliRunner, home: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output
    assert not home.exists() or not any(home.rglob("*"))


def test_save_file_that_exists_is_not_overwritten(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    existing = tmp_path / "mine.json"
    existing.write_text("precious")
    result = runner.invoke(app, ["play", "tanghulu", "--save", str(existing)], input="quit\n")
    assert result.exit_code == 2
    assert "already exists" in result.stderr
    assert existing.read_text() == "precious"
    assert saves(home) == []


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _tampered(tmp_path: Path) -> Path:
    data = json.loads(bot_game(4, moves=20).record.dumps())
    data["seed"] += 1
    return _write(tmp_path / "tampered.json", json.dumps(data))


def _illegal_moves(tmp_path: Path) -> Path:
    data = json.loads(bot_game(4, moves=20).record.dumps())
    data["actions"][5] = "garnish 3"
    del data["checksum"]
    return _write(tmp_path / "illegal.json", json.dumps(data))


BAD_FILES = {
    "not json": lambda tmp: _write(tmp / "junk.json", "{not json"),
    "wrong format": lambda tmp: _write(tmp / "other.json", json.dumps({"format": "chess/1"})),
    "missing field": lambda tmp: _write(tmp / "nofield.json", json.dumps({"format": "fruitbowl-record/1"})),
    "tampered": _tampered,
    "illegal moves": _illegal_moves,
    "binary": lambda tmp: (tmp / "bin.json").write_bytes(b"\xff\xfe\x00") and tmp / "bin.json",
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_bad_save_files(runner: CliRunner, home: Path, tmp_path: Path, kind: str, command: str) -> None:
    path = BAD_FILES[kind](tmp_path)
    before = path.read_bytes()
    result = runner.invoke(app, [command, str(path)], input="quit\n")
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("error: ")
    assert path.read_bytes() == before
    assert saves(home) == []


def test_resume_refuses_a_game_without_a_human(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    path = _write(tmp_path / "bots.json", bot_game(4, moves=10).record.dumps())
    result = runner.invoke(app, ["resume", str(path)])
    assert result.exit_code == 2
    assert "no human player" in result.stderr


def test_replay_refuses_a_bad_seat(runner: CliRunner, tmp_path: Path) -> None:
    path = _write(tmp_path / "game.json", bot_game(4).record.dumps())
    result = runner.invoke(app, ["replay", str(path), "--seat", "3"])
    assert result.exit_code == 2
    assert "--seat must be between 1 and 2" in result.stderr
