"""A menu number is accepted only if the menu printed it: a board adapter that shows some
legal actions without a number (grouped, or left out) must not have those numbers played."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.cli.boards import GenericAdapter, Label
from fruitbowl.engine import Action, Record, get_game
from fruitbowl.engine.chance import Dealer

from .conftest import first_seed_where


class FirstOnlyMenu(GenericAdapter):
    """A toy adapter whose menu numbers only the first legal action (as a plain (indices, label)
    pair, as an adapter written before rows had shared words still may)."""

    def menu(  # type: ignore[override]
        self, view: dict[str, Any], legal: Sequence[Action], label: Label
    ) -> list[tuple[list[int], str]]:
        return [([0], "the only numbered choice")]


def opening(seed: int) -> list[str]:
    state = get_game("tanghulu").new_state(2, seed)
    Dealer(seed).settle(state)  # the opening as the match deals it
    return [a.text for a in state.legal_actions()]


@pytest.fixture
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("fruitbowl.cli.session.adapter_for", lambda game_id: FirstOnlyMenu())
    return first_seed_where(lambda s: s.current_player == 0 and len(s.legal_actions()) > 2)


def test_a_number_the_menu_did_not_show_is_refused_and_plays_nothing(runner: CliRunner, home: Path, seed: int) -> None:
    save = home / "game.json"
    result = runner.invoke(app, ["play", "tanghulu", "--seed", str(seed), "--save", str(save)], input="2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "There is no choice 2 on the menu" in result.output
    assert Record.load(save).actions == []


def test_a_shown_number_and_an_action_text_still_play(runner: CliRunner, home: Path, seed: int) -> None:
    save = home / "game.json"
    first = runner.invoke(app, ["play", "tanghulu", "--seed", str(seed), "--save", str(save)], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    assert Record.load(save).actions[0] == opening(seed)[0]
    other = home / "other.json"
    hidden = opening(seed)[1]  # not numbered, but it may still be typed as text
    typed = runner.invoke(
        app, ["play", "tanghulu", "--seed", str(seed), "--save", str(other)], input=f"{hidden}\nquit\n"
    )
    assert typed.exit_code == 0, typed.output
    assert Record.load(other).actions[0] == hidden
