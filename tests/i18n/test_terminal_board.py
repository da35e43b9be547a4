"""Tang Hu Lu's terminal menu and board in German and Chinese: the short menu still says when the
coin cap cut a gain (issue 27: every action label in each language), and the board's columns are
measured in terminal cells (Chinese characters take two)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.console import Console

from fruitbowl.cli.boards import adapter_for
from fruitbowl.engine import get_game
from fruitbowl.engine.wording import speaking
from fruitbowl.i18n import translations

from ..games.tanghulu.positions import new_position, quiet_turn, set_coins

CAPPED = {
    "en": "Work for 2 coins (capped)",
    "de": "Arbeite für 2 Münzen (gedeckelt)",
    "zh_Hans": "打工赚2枚硬币（已达上限）",
}


@pytest.mark.parametrize("language", sorted(CAPPED))
def test_the_short_menu_marks_work_the_coin_cap_cuts(language):
    game = get_game("tanghulu")
    state = new_position(players=2)
    set_coins(state, 0, 7)  # two short of the cap, with an income of 6
    quiet_turn(state, 0)
    with speaking(translations(language)):
        view = state.view(0)
        legal = state.legal_actions()
        rows = adapter_for("tanghulu").menu(view, legal, lambda action: game.describe_action(view, action))
    work = next(row.label for row in rows if legal[row.indices[0]].text == "work")
    assert work == CAPPED[language]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_chinese_board_lines_up_as_the_english_one_within_80_columns(players):
    """The same panels, each line as many cells wide and none wrapped: the board measures its
    Chinese words in cells, not characters."""
    state = new_position(players=players)
    labels = [f"Seat {seat + 1}" for seat in range(players)]
    panels = {}
    for language in ("en", "zh_Hans"):
        console = Console(width=80, height=24, record=True, color_system=None)
        with speaking(translations(language)):
            console.print(adapter_for("tanghulu").board(state.view(0), labels))
        lines = console.export_text().splitlines()
        assert all(cell_len(line) <= 80 for line in lines), lines
        panels[language] = [cell_len(line.rstrip()) for line in lines if line.startswith(("╭", "│", "╰"))]
    assert panels["en"] == panels["zh_Hans"]
