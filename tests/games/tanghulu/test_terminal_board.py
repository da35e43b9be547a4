"""The terminal board of Tang Hu Lu fits an 80×24 terminal for 2, 3 and 4 players.

The board may take at most 14 lines of 80 columns, so that the recap, the status line and the
largest menu (work + four store tiles) fit beside it; nothing in a player's panel may wrap.
"""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from fruitbowl.cli.boards import adapter_for

from .positions import GAME, table

LABELS = ["Rosalind (you)", "Ada (random)", "Bruno (greedy)", "Chen (ismcts:hard)"]


def _positions(players: int):
    """Views of seat 1 along random games: the start, the middle, the last round, the end."""
    for seed in range(3):
        state = table(players, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                yield state.view(0)
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state.view(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_fits_80_columns_and_14_lines(players):
    adapter = adapter_for("tanghulu")
    for view in _positions(players):
        console = Console(width=80, height=24, record=True, color_system=None)
        console.print(adapter.board(view, LABELS[:players]))
        lines = console.export_text().splitlines()
        assert len(lines) <= 14, "\n".join(lines)
        assert all(len(line) <= 80 for line in lines)
        panels = [line for line in lines if line.startswith(("│", "╭", "╰"))]
        assert len(panels) == 9, "\n".join(lines)  # title, 2 lines, 4 spots, stick numbers, subtitle
        text = "\n".join(lines)
        for player in view["players"]:
            assert f"Coins {player['coins']}/9" in text


def test_every_mark_on_the_board_is_explained_in_the_legend():
    adapter = adapter_for("tanghulu")
    console = Console(width=80, height=24, record=True, color_system=None)
    console.print(adapter.board(next(_positions(4)), LABELS))
    legend = " ".join(console.export_text().splitlines()[-2:])
    marks = ("O orange", "A apple", "K kiwi", "S strawberry", "H haw (wild)", "★", "$ coin", "✓", "✦ sugared", "bag+1")
    for mark in marks:
        assert mark in legend, mark


def test_help_lists_real_commands_and_its_rules_fit_one_screen():
    """Every example command in ``help`` is an action text of this game, and the rules summary
    fits an 80×24 terminal."""
    adapter = adapter_for("tanghulu")
    table = GAME.action_table(2)
    for command in adapter.commands:
        assert table.parse(command).text == command
    console = Console(width=80, height=24, record=True, color_system=None)
    console.print(adapter.rules)
    lines = console.export_text().rstrip("\n").splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
