"""Citrus through the real ``fruitbowl play`` / ``resume`` entry points with piped input."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.segment import Segment
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.cli.boards.citrus import CitrusAdapter
from fruitbowl.engine import Record, get_game, replay_to_end
from fruitbowl.games.citrus.components import COMPONENTS as C

SHORT_THREE = ["play", "citrus", "--players", "3", "--option", "board=short", "--bots", "random,random"]


def test_a_placement_menu_after_buying_a_line_plays_and_resumes(runner: CliRunner, home: Path) -> None:
    """Issue 18 §1: ``buy C2`` then the placement menu crashed with ``KeyError: 'kind'``;
    so did ``resume`` of that save."""
    save = home / "citrus.json"
    first = runner.invoke(app, [*SHORT_THREE, "--seed", "5", "--save", str(save)], input="buy C2\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Traceback" not in first.output
    played = Record.parse(save.read_text()).actions
    assert played[0] == "buy C2" and played[1].startswith("place ")
    second = runner.invoke(app, ["resume", str(save)], input="1\nquit\n")
    assert second.exit_code == 0, second.output
    assert "Traceback" not in second.output
    record = Record.parse(save.read_text())
    assert record.actions[:2] == played and record.actions[2].startswith("place ")
    replay_to_end(record)


def _menu_numbers(output: str) -> list[int]:
    """Every menu number printed on the last screen (after the last status line)."""
    screen = output.rsplit("number or action", 1)[1]
    return [int(n) for n in re.findall(r"(?:^|\s)(\d+) (?:place|bull|buy|harvest|site|cash|cart|end|collect)", screen)]


def test_every_placement_number_is_shown(runner: CliRunner, home: Path) -> None:
    """Issue 18 §2: "Menu numbers that are not shown are accepted (Citrus: typing 5 built a tile
    that had no visible number). Show every number." Each legal placement has its number on screen."""
    save = home / "citrus.json"
    result = runner.invoke(app, [*SHORT_THREE, "--seed", "5", "--save", str(save)], input="buy C2\nquit\n")
    assert result.exit_code == 0, result.output
    state = replay_to_end(Record.parse(save.read_text()))
    legal = state.legal_actions()
    assert len(legal) > 2
    assert sorted(_menu_numbers(result.output)) == list(range(1, len(legal) + 1))


def test_help_names_every_game_number_from_the_data(runner: CliRunner, home: Path) -> None:
    """Help tells the truth: an edge Finca has 5 neighbours, not always 8; the money cap and start
    money come from data.toml."""
    result = runner.invoke(app, [*SHORT_THREE, "--seed", "5"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "8 neighbours" not in text
    assert "5 on an edge" in text
    assert f"never hold more than {C.money_cap}" in text and f"start with {C.start_money} coins" in text
    assert "place lime C4 bridge" in text


@pytest.mark.parametrize(
    ("board", "players", "family"),
    [("long", 5, False), ("long", 2, False), ("short", 3, False), ("short", 4, True), ("long", 4, True)],
)
def test_the_board_fits_80_by_24(board: str, players: int, family: bool) -> None:
    """Every board must be readable in an 80×24 terminal: the picture (grid, market, players,
    legend) is at most 80 columns wide and leaves room on a 24-line screen for the status line."""
    options = {"board": board, "family": family}
    state = get_game("citrus").new_state(players, 3, options)
    view = state.view(0)
    console = Console(width=80, record=True, color_system=None)
    picture = CitrusAdapter().board(view, [f"Player {n + 1}" for n in range(players)])
    lines = console.render_lines(picture, pad=False)
    text = [Segment.get_line_length(line) for line in lines]
    assert max(text) <= 80
    assert len(lines) <= 22


def test_the_legend_explains_every_mark() -> None:
    """Issue 18 §2: the legend missed ``h3 $2 Ca Bu Br Mi``; unopened sites looked like plantations."""
    view = get_game("citrus").new_state(3, 5, {"board": "short"}).view(0)
    console = Console(width=80, record=True, color_system=None)
    console.print(CitrusAdapter().board(view, ["A", "B", "C"]))
    legend = console.export_text()
    for mark in ("h3", "$2", "Ca", "Bu", "Br", "Mi", "+ road", "# rock", "neutral", "open site", "not opened"):
        assert mark in legend


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"board": "short"}), (4, {"board": "long", "family": True}), (5, {"board": "long"})],
)
def test_every_position_of_a_random_game_draws_and_numbers_every_action(players: int, options: dict[str, Any]) -> None:
    """Every decision of a whole game (placements, Finca sites, harvests, Money, Carts, Bulls)
    draws its board in 80 columns and a menu that shows every legal action's number once."""
    adapter = CitrusAdapter()
    state = get_game("citrus").new_state(players, 7, options)
    rng = random.Random(7)
    console = Console(width=80, record=True, color_system=None)
    names = [f"P{n + 1}" for n in range(players)]
    kinds: set[str] = set()
    while not state.is_terminal():
        view = state.view(state.current_player)
        legal = state.legal_actions()
        rows = adapter.menu(view, legal)
        shown = [index for indices, _ in rows for index in indices]
        assert sorted(shown) == list(range(len(legal)))
        assert all(isinstance(label, str) for _, label in rows)
        assert adapter.status(view, names)
        lines = console.render_lines(adapter.board(view, names), pad=False)
        assert max(Segment.get_line_length(line) for line in lines) <= 80
        kinds.update(a.kind for a in legal)
        state.apply(rng.choice(legal))
    assert {"buy", "place", "harvest", "income", "end"} <= kinds
