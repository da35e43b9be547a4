"""Juicy Fruits' plugin: what every front end needs from this game (see :mod:`fruitbowl.engine.plugin`).

A turn is a slide and then one of many follow-ups, so the search's root weighs only the greedy
bot's two best plans and plays each out with greedy moves on both sides.
"""

from fruitbowl.engine.plugin import GamePlugin, SearchTuning

from .rules import JuicyFruits

PLUGIN = GamePlugin(
    game=JuicyFruits,
    terminal="fruitbowl.games.juicyfruits.terminal:JuicyFruitsAdapter",
    web_module="fruitbowl:web/js/games/juicyfruits.js",
    greedy="fruitbowl.games.juicyfruits.greedy:EVALUATOR",
    search=SearchTuning(shortlist=2, greedy_rollouts=True, greedy_cost=150, budget_factor=1.5),
    components="fruitbowl.games.juicyfruits.analysis:HOOKS",
)
