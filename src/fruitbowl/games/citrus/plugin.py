"""Citrus's plugin: what every front end needs from this game (see :mod:`fruitbowl.engine.plugin`).

Citrus's engine is the slowest, so its searches simulate fewer actions (``budget_factor``). Its
views share a large fixed part (the board's and the building sites' geometry, the market's
layout), which the web table sends once per table (``fixed_view``).
"""

from __future__ import annotations

from fruitbowl.engine.plugin import GamePlugin, SearchTuning

from .rules import Citrus, CitrusState
from .view import CitrusFixedView
from .view import fixed_view as board_fixed_view


def fixed_view(start: CitrusState) -> CitrusFixedView:
    """The parts of every view of the game ``start`` begins that never change: those of its board side."""
    return board_fixed_view(start.geo)


PLUGIN = GamePlugin(
    game=Citrus,
    terminal="fruitbowl.games.citrus.terminal:CitrusAdapter",
    web_module="fruitbowl:web/js/games/citrus.js",
    greedy="fruitbowl.games.citrus.greedy:EVALUATOR",
    search=SearchTuning(depth=30, scale=20.0, budget_factor=0.15),
    components="fruitbowl.games.citrus.analysis:HOOKS",
    fixed_view="fruitbowl.games.citrus.plugin:fixed_view",
)
