"""Citrus by its scoring rules: points now, and what owned regions, Fincas and tiles will score.

Harvest and Finca points count in full. An owned region is worth most of what it would pay at
the final harvest (it can still be harvested, or lose a Finca majority), a Finca not yet
scored is worth half its high award to the seat leading around it, and horses, unused action
tiles and money count as the final scoring would count them (money a little, as it buys tiles).
"""

from __future__ import annotations

from collections.abc import Mapping

from fruitbowl.engine.game import State
from fruitbowl.engine.plugin import GreedyEvaluator

from .components import COMPONENTS as C
from .rules import CitrusState

FOLLOW_UP = 0
KIND_BONUS: Mapping[str, float] = {}

REGION = 0.6
WAITING = 1.5
WORKER = 0.5
FINCA_LEAD = 0.5
MONEY = 0.4


def values(state: State) -> list[float]:
    assert isinstance(state, CitrusState)
    n = state.num_players
    out = [
        float(sum(state.points[p]))
        + sum(C.landscape[t][1] for t in state.horses[p])
        + C.unused_action_points * len(state.held[p])
        + MONEY * state.money[p]
        + WORKER * state.workers[p]
        + (WAITING * sum(state.waiting) if p == state.player else 0.0)
        for p in range(n)
    ]
    for r, owner in enumerate(state.rown):
        if owner >= 0 and state.rcells[r]:
            out[owner] += REGION * state.region_points(r)
    for site, finca in enumerate(state.fincas):
        if finca >= 0 and not state.scored[site]:
            for p in state.finca_leaders(site):
                out[p] += FINCA_LEAD * C.fincas[finca][0]
    return out


EVALUATOR = GreedyEvaluator(values, KIND_BONUS, FOLLOW_UP)
