"""Windfall for the greedy bot: apples count, and so does leaving a basket the next player
cannot empty (a multiple of ``most_taken + 1`` apples left is a basket they must leave to you)."""

from __future__ import annotations

from fruitbowl.engine import State
from fruitbowl.engine.plugin import GreedyEvaluator

from .rules import BONUS, MOST, WindfallState


def values(state: State) -> list[float]:
    assert isinstance(state, WindfallState)
    out = [float(apples + state.windfall(seat)) for seat, apples in enumerate(state.apples)]
    if state.basket and state.last >= 0 and state.basket % (MOST + 1) == 0:
        out[state.last] += BONUS  # the next player cannot reach the last apple
    return out


EVALUATOR = GreedyEvaluator(values)
