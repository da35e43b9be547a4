"""The command line's conventions: --version, game ids in any case, options that do not apply
refused before anything starts, plain value names in --help, one sentence for bad input."""

from __future__ import annotations

import dataclasses
import re
from itertools import pairwise, takewhile
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

import fruitbowl
from fruitbowl.cli.app import app
from fruitbowl.engine import Record, get_game

from .conftest import saves


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"fruitbowl {fruitbowl.__version__}"


@pytest.mark.parametrize("typed", ["TangHuLu", "TANGHULU", "Tang-Hu-Lu"])
def test_game_ids_are_case_insensitive(runner: CliRunner, home: Path, typed: str) -> None:
    result = runner.invoke(app, ["play", typed, "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    [save] = saves(home)
    assert Record.load(save).game == "tanghulu" and save.name.startswith("tanghulu-")


def one_sentence(result: Result, *parts: str) -> str:
    """The one ``error:`` line of a refusal, which must contain every part."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ") and lines[0].endswith(tuple("abcdefghijklmnopqrstuvwxyz0123456789)'"))
    for part in parts:
        assert part in lines[0]
    return lines[0]


def test_an_option_for_another_table_size_is_refused_before_anything_starts(
    runner: CliRunner, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game("tanghulu")
    specs = tuple(
        dataclasses.replace(spec, players=(3, 4)) if spec.name == "multi_garnish" else spec
        for spec in game.option_specs
    )
    monkeypatch.setattr(game, "option_specs", specs)
    refused = runner.invoke(app, ["play", "tanghulu", "--players", "2", "--option", "multi_garnish=true"], input="1\n")
    assert refused.exit_code == 2
    one_sentence(refused, "option multi_garnish applies only to games of 3–4 players, not to 2 players")
    assert not home.exists() or not any(home.rglob("*"))
    allowed = runner.invoke(app, ["play", "tanghulu", "--players", "3", "-o", "multi_garnish=true"], input="quit\n")
    assert allowed.exit_code == 0, allowed.output
    listed = runner.invoke(app, ["games"])
    assert "only with 3–4 players" in " ".join(listed.output.split())


def test_a_solo_option_at_a_table_of_two_is_one_sentence(runner: CliRunner, home: Path) -> None:
    refused = runner.invoke(app, ["play", "juicyfruits", "--players", "2", "--option", "solo_board=2"], input="1\n")
    assert refused.exit_code == 2
    one_sentence(refused, "solo_board")
    assert not home.exists() or not any(home.rglob("*"))


def every_command(group: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    for name, command in getattr(group, "commands", {}).items():
        found += every_command(command, (*path, name))
    return found


@pytest.mark.parametrize("command", every_command(typer.main.get_command(app)), ids=" ".join)
def test_help_shows_plain_value_names(runner: CliRunner, command: tuple[str, ...]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert not re.search(r"<(int|str|float|bool|path|list)[^>]*>|\{\w+\}", result.output), result.output


@pytest.mark.parametrize("command", every_command(typer.main.get_command(app)), ids=" ".join)
def test_help_paragraphs_flow_to_the_width_of_the_screen(runner: CliRunner, command: tuple[str, ...]) -> None:
    """A command's description, and its line in its group's list, are wrapped by the screen,
    never by a line break in its text: no line of a paragraph ends where the next line's first
    word would still have fit (a hard break left "game of four" alone on an 80-column line)."""
    shown = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "80"}).output.splitlines()
    start = next(i for i, line in enumerate(shown) if "Usage:" in line) + 1
    end = next((i for i, line in enumerate(shown) if line.startswith("╭")), len(shown))
    description = [line.rstrip() for line in shown[start:end]]
    for line, after in pairwise(description):
        if line and after:
            assert len(line) + 1 + len(after.split()[0]) > 80, f"{line!r} is broken before {after!r}"
    # a group's list of commands: a command's help continued on the next row (under its name)
    listed = next((i for i, line in enumerate(shown) if line.startswith("╭─ Commands")), len(shown))
    rows = [line[1:-1].rstrip() for line in takewhile(lambda line: line.startswith("│"), shown[listed + 1 :])]
    for row, after in pairwise(rows):
        if row.split() and after.startswith("      ") and after.split():
            assert len(row) + 1 + len(after.split()[0]) > 70, f"{row!r} is broken before {after!r}"


def test_play_help_names_its_values(runner: CliRunner) -> None:
    shown = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "120"}).output
    assert "play [OPTIONS] GAME" in shown
    for words in ("--players  -p      INTEGER", "--option   -o      KEY=VALUE", "--save             PATH"):
        assert words in shown, words


BAD = [
    (["campaign", "new", "chess", "x"], "campaigns exist for fabledfruit only"),
    (["campaign", "play", "nothere"], "no campaign 'nothere'"),
    (["campaign", "list", "extra"], "unexpected extra argument"),
    (["replay", "/no/such.json", "--seat", "x"], "--seat"),
    (["play", "tanghulu", "--option", "multi_garnish=perhaps"], "multi_garnish"),
    (["nosuchcommand"], "No such command"),
]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_sentence_and_changes_nothing(
    runner: CliRunner, home: Path, args: list[str], words: str
) -> None:
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code != 0
    one_sentence(result, words)
    assert "Traceback" not in result.output
    assert not home.exists() or not any(home.rglob("*"))


def test_a_save_that_cannot_be_written_is_named(runner: CliRunner, home: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder is needed")
    save = blocker / "game.json"
    result = runner.invoke(app, ["play", "tanghulu", "--save", str(save)], input="quit\n")
    assert result.exit_code == 2
    assert one_sentence(result).startswith(f"error: {save}: ")
    assert blocker.read_text() == "a file where a folder is needed"


VALUES = [
    (["play", "tanghulu", "--seed", "abc"], "Invalid value for '--seed': it takes a whole number"),
    (["bench", "--seconds", "soon"], "Invalid value for '--seconds': it takes a number"),
    (["review", "x.json", "--playouts", "0"], "Invalid value for '--playouts': it must be at least 1"),
    (["review", "x.json", "--every", "0"], "Invalid value for '--every': it must be at least 1"),
]


@pytest.mark.parametrize(("args", "words"), VALUES, ids=[" ".join(a) for a, _ in VALUES])
def test_a_value_of_the_wrong_kind_says_what_is_expected(
    runner: CliRunner, home: Path, args: list[str], words: str
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    one_sentence(result, words)
