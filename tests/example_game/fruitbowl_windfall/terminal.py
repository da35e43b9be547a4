"""Windfall in the terminal: the basket, each player's apples and the viewer's secret card.

The status line and the menu's labels are the game's own (``Windfall.prompt`` and
``describe_action``); the terminal asks the game for them, so the board only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from fruitbowl.cli.boards import Label, MenuRow, one_per_line
from fruitbowl.engine import Action
from fruitbowl.engine.wording import counted

from .rules import BONUS, MOST


class WindfallBoard:
    rules = (
        f"Take 1 to {MOST} apples from the basket on your turn; each is a point. Whoever takes the last "
        f"apple scores a windfall of {counted(BONUS, 'point')}. Each player has a secret bonus card, "
        "revealed and added at the end."
    )
    commands: tuple[str, ...] = ("take 2", "3")

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        out = Text(f"Basket: {counted(view['basket'], 'apple')}\n", style="bold")
        for player in view["players"]:
            card = f", bonus card {player['card']}" if "card" in player else ""
            windfall = " + windfall" if player["windfall"] else ""
            out.append(f"{labels[player['seat']]}: {counted(player['apples'], 'apple')}{windfall}{card}\n")
        return out

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        return one_per_line(legal, label)  # each action labelled by Windfall.describe_action
