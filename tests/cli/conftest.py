"""Shared fixtures: a CLI runner and a private FRUITBOWL_HOME per test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.bots import SeatHandle, make_bot
from fruitbowl.engine import Match, Player, State, get_game
from fruitbowl.engine.chance import Dealer


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    base = tmp_path / "home"
    monkeypatch.setenv("FRUITBOWL_HOME", str(base))
    monkeypatch.setenv("COLUMNS", "100")
    return base


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def saves(home: Path) -> list[Path]:
    folder = home / "saves"
    return sorted(folder.glob("*.json")) if folder.exists() else []


def first_seed_where(predicate: Callable[[State], bool], players: int = 2) -> int:
    """The first seed whose opening position (dealt as a match deals it) satisfies ``predicate(state)``."""
    game = get_game("tanghulu")
    for seed in range(1000):
        state = game.new_state(players, seed)
        Dealer(seed).settle(state)
        if predicate(state):
            return seed
    raise AssertionError("no seed found")


def bot_game(seed: int, players: int = 2, moves: int | None = None) -> Match:
    """A match between random bots, played to the end (or for ``moves`` actions)."""
    names = [Player(name, "random") for name in ("Ada", "Bruno", "Chen", "Dita")[:players]]
    match = Match.new(get_game("tanghulu"), names, seed)
    bots = [make_bot("random", seed + seat) for seat in range(players)]
    while not match.state.is_terminal() and (moves is None or len(match.record.actions) < moves):
        seat = match.state.current_player
        match.apply(bots[seat].choose(SeatHandle(match.state, seat)))
    return match


@pytest.fixture
def english_locale(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A terminal whose locale names no language but the one a test sets."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return monkeypatch
