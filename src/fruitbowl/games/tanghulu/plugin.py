"""Tang Hu Lu's plugin: what every front end needs from this game (see :mod:`fruitbowl.engine.plugin`).

Searches are cut at once (``depth=0``): a position is scored by the greedy evaluator.
"""

from fruitbowl.engine.plugin import GamePlugin, SearchTuning

from .rules import TangHuLu

PLUGIN = GamePlugin(
    game=TangHuLu,
    terminal="fruitbowl.games.tanghulu.terminal:TangHuLuAdapter",
    web_module="fruitbowl:web/js/games/tanghulu.js",
    greedy="fruitbowl.games.tanghulu.greedy:EVALUATOR",
    search=SearchTuning(depth=0, scale=6.0),
    components="fruitbowl.games.tanghulu.analysis:HOOKS",
    score_unit="star",
)
