"""Record and save errors name their file, read as sentences, and a record without its
checksum is loaded only with a warning that it is unverified."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine.record import checksum

from .conftest import bot_game


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def human_save() -> dict[str, Any]:
    """An unfinished two-player game whose first seat is a person, without its checksum."""
    data = json.loads(bot_game(4, moves=12).record.dumps())
    data["players"][0]["controller"] = "human"
    del data["checksum"]
    return data


def with_checksum(data: dict[str, Any]) -> str:
    return json.dumps({**data, "checksum": checksum(data)}, indent=1)


@pytest.mark.parametrize("command", ["resume", "replay", "review"])
def test_a_broken_json_file_is_named_with_its_line(runner: CliRunner, home: Path, tmp_path: Path, command: str) -> None:
    text = with_checksum(human_save())
    cut = text.index('"actions"') + 20
    path = write(tmp_path / "cut.json", text[:cut])  # a save cut off inside an action text
    result = runner.invoke(app, [command, str(path)], input="quit\n")
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {path}: not valid JSON: Unterminated string starting at line ")
    assert "at at" not in line
    assert path.read_text() == text[:cut]


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_other_refusals_name_the_file_too(runner: CliRunner, home: Path, tmp_path: Path, command: str) -> None:
    data = human_save()
    data["actions"][3] = "garnish 3"
    path = write(tmp_path / "illegal.json", with_checksum(data))
    result = runner.invoke(app, [command, str(path)], input="quit\n")
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {path}: move 4 ('garnish 3') is not legal")
    wrong = write(tmp_path / "wrong.json", json.dumps({"format": "chess/1"}))
    result = runner.invoke(app, [command, str(wrong)], input="quit\n")
    assert result.stderr.startswith(f"error: {wrong}: not a fruitbowl-record/1 record")


def test_a_record_without_checksum_is_loaded_with_a_warning(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "hand.json", json.dumps(human_save()))
    watched = runner.invoke(app, ["replay", str(path), "--all"])
    assert watched.exit_code == 0, watched.output
    [warning] = watched.stderr.strip().splitlines()
    assert warning.startswith(f"warning: {path} has no checksum") and "unverified" in warning
    resumed = runner.invoke(app, ["resume", str(path)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"warning: {path} has no checksum" in resumed.stderr
    assert "checksum" in json.loads(path.read_text())  # saved by fruitbowl again: from now on checked


def test_a_record_with_its_checksum_loads_without_a_warning(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", with_checksum(human_save()))
    watched = runner.invoke(app, ["replay", str(path), "--all"])
    assert watched.exit_code == 0 and watched.stderr == ""
