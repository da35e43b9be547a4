"""Citrus's plugin: what every front end needs from this game (see :mod:`fruitbowl.engine.plugin`).

Citrus's engine is the slowest, so its searches simulate fewer actions (``budget_factor``).
"""

from fruitbowl.engine.plugin import GamePlugin, SearchTuning

from .rules import Citrus

PLUGIN = GamePlugin(
    game=Citrus,
    terminal="fruitbowl.games.citrus.terminal:CitrusAdapter",
    web_module="fruitbowl:web/js/games/citrus.js",
    greedy="fruitbowl.games.citrus.greedy:EVALUATOR",
    search=SearchTuning(depth=30, scale=20.0, budget_factor=0.15),
    components="fruitbowl.games.citrus.analysis:HOOKS",
)
