"""Tang Hu Lu by its scoring rules: stars now, and what coins, drops and live sticks will become.

Stars count in full (tiles, sweet cards, the Crystal Sugar King). A coin is worth about half
a star (a tile costs two to five and brings a star plus progress on a stick), a drop a little
less (four garnish a full stick for four stars). A stick still able to make a pattern is worth
a share of its reward per tile on it (all-same pays two sweet cards, about four stars); a stick
that can make no pattern any more only keeps its tiles' stars, so the bot avoids spoiling one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from fruitbowl.engine.game import State
from fruitbowl.engine.plugin import GreedyEvaluator

from .components import COMPONENTS as C
from .rules import TangHuLuState

FOLLOW_UP = 0
KIND_BONUS: Mapping[str, float] = {}

COIN = 0.45
DROP = 0.35
#: Per tile on an unfinished stick, by the best pattern it can still make.
ALL_SAME_TILE, TWO_PAIRS_TILE, ALL_DIFFERENT_TILE, DEAD_TILE = 0.9, 0.6, 0.55, -0.4


def values(state: State) -> list[float]:
    assert isinstance(state, TangHuLuState)
    result = state.standings()
    out = []
    for p in range(state.num_players):
        value = float(result.scores[p]) + COIN * state.coins[p] + DROP * state.drops[p]
        for stick in state.sticks[p]:
            if 0 < len(stick) < C.spots:
                value += len(stick) * _stick_promise([C.tile_fruit[t] for t in stick])
        out.append(value)
    return out


def _stick_promise(fruits: list[int]) -> float:
    """Value per tile of an unfinished stick, by the best pattern its tiles still allow."""
    counts = Counter(f for f in fruits if f != C.haw)
    distinct, most = len(counts), max(counts.values(), default=0)
    if distinct <= 1:
        return ALL_SAME_TILE
    if distinct <= 2 and most <= 2:
        return TWO_PAIRS_TILE
    if most <= 1:
        return ALL_DIFFERENT_TILE
    return DEAD_TILE


EVALUATOR = GreedyEvaluator(values, KIND_BONUS, FOLLOW_UP)
