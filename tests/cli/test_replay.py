"""``fruitbowl replay``: a recorded game, redacted for the seat that watches it."""

from __future__ import annotations

import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.cli.boards import adapter_for
from fruitbowl.engine import Match

from .conftest import bot_game


def game_with_secret_cards() -> Match:
    """A finished two-bot game in which Bruno (seat 2) drew sweet cards during play."""
    for seed in range(200):
        match = bot_game(seed)
        drawn = [e for _, e in match.log if e.kind == "reward" and e.actor == 1 and e.data.get("sweet_cards")]
        if drawn:
            return match
    raise AssertionError("no game where seat 2 drew sweet cards")


def test_replay_for_a_seat_never_shows_another_seats_card_stars(runner: CliRunner, tmp_path: Path) -> None:
    match = game_with_secret_cards()
    path = tmp_path / "game.json"
    match.save(path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "1"])
    assert result.exit_code == 0, result.output
    during_play = result.output.split("The game is over")[0]
    assert "Bruno scored" in during_play
    assert not re.search(r"Bruno scored [^.]*★ sweet card", during_play)
    assert re.search(r"Bruno scored [^.]*\d sweet cards?", during_play)
    assert "Final scores" in result.output


def test_replay_as_the_owner_shows_the_stars(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game_with_secret_cards().save(path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "2", "--all"])
    assert result.exit_code == 0
    assert re.search(r"You scored [^.]*★ sweet card", result.output)


def test_replay_as_spectator_prints_every_move(runner: CliRunner, tmp_path: Path) -> None:
    match = game_with_secret_cards()
    path = tmp_path / "game.json"
    match.save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert "seen by a spectator" in result.output
    assert f"Move {len(match.record.actions)}/{len(match.record.actions)}" in result.output
    assert "★ sweet card" not in result.output.split("The game is over")[0]


def test_replay_of_an_unfinished_game(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    bot_game(5, moves=15).save(path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "1"])
    assert result.exit_code == 0
    assert "Move 15/15" in result.output
    assert "not finished" in result.output


def test_board_shows_only_a_count_of_another_seats_cards() -> None:
    console = Console(width=100, height=25, record=True, color_system=None)
    for seed in range(200):
        match = bot_game(seed)
        # walk the game again, stopping mid-game once Bruno holds cards
        partial = bot_game(seed, moves=len(match.record.actions) - 1)
        view = partial.state.view(0)
        if not partial.state.is_terminal() and view["players"][1]["sweet_cards"]:
            break
    else:
        raise AssertionError("no position where seat 2 holds sweet cards")
    console.print(adapter_for("tanghulu").board(view, ["Ada", "Bruno"]))
    text = console.export_text()
    assert f"Sweets {view['players'][1]['sweet_cards']} hidden" in text
    own = view["players"][0]["sweet_card_stars"]
    assert ("Sweets none" in text) if not own else (f"Sweets {own[0]}★" in text)
