"""Fabled Fruit by its scoring rules: juices, fruit to pay for the next one, and a juice in reach.

A juice is the score (ten here); a fruit card in hand is worth a little over half a point (it
pays for juices and breaks ties), a wild token a little more. A purchase under way counts as the
juice it will be, less the cards it will cost. Standing, with the action still to choose, at a
stack the seat can afford is worth most of a juice, so the bot walks to what it can buy, and
the number of stacks on display it could afford adds a little.
"""

from __future__ import annotations

from collections.abc import Mapping

from fruitbowl.engine.game import State
from fruitbowl.engine.plugin import GreedyEvaluator

from .legality import ICONS
from .rules import FabledFruitState

FOLLOW_UP = 8
KIND_BONUS: Mapping[str, float] = {"extra_turn": 1.0}

JUICE = 10.0
CARD = 0.6
WILD = 0.8
BUYING = 8.0
AFFORDABLE = 0.5


def values(state: State) -> list[float]:
    assert isinstance(state, FabledFruitState)
    out = []
    step = state.steps[0][0] if state.steps else ""
    for p in range(state.num_players):
        value = JUICE * len(state.juices[p]) + CARD * state.hand_size(p)
        if state.wild is not None:
            value += WILD * state.wild[p]
        if p == state.active:
            loc = state.pos[p]
            buying = step == "pay" or any(s[0] == "call" and s[1] == "bought" for s in state.steps)
            if buying and loc > 0:
                value += JUICE - CARD * len(ICONS[loc])
            elif step == "actbuy" and state.can_buy(p, loc):
                value += BUYING - CARD * len(ICONS[loc])
        value += AFFORDABLE * min(3, sum(1 for loc in state.stacks if state.can_buy(p, loc)))
        out.append(value)
    return out


EVALUATOR = GreedyEvaluator(values, KIND_BONUS, FOLLOW_UP)
