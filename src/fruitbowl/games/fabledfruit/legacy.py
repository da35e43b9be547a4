"""Fabled Fruit rules 1: the draws of the engine from before chance was explicit, so that its
records (saves, stored server tables, simulation records) replay and go on to the end.

That engine (git ``cdd040b``, ``rules.py`` and ``market.py``) drew from ``random.Random(seed)``
held in the state, in this order: at setup, ``rng.shuffle(draw)`` of the 60 base fruits
(``[t for t in range(5) for _ in range(12)]``), then the first seat ``rng.randrange(players)``
unless the option ``first_player`` chose one; every fruit drawn, revealed or dealt to the market
came off the end of that list (``draw.pop()``: no draw from the generator); when the list was
empty and a fruit was needed, the discard pile, listed by kind (``[k for k in range(16) for _ in
range(discard[k])]``), was shuffled into a new list (``rng.shuffle``); a random fruit from a hand
was ``rng.randrange(hand size)`` counted through the hand by kind (an empty hand drew nothing).
The current engine meets its chance nodes in the same order (see ``rules.py``), one per fruit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.chance import LegacyDealer
from fruitbowl.engine.game import State

from .components import COMPONENTS as C
from .fruits import NUM_KINDS
from .rules import CARD_OUTCOME, CHANCE_TABLE, HAND_OUTCOME, SEAT_OUTCOME, FabledFruitState

__all__ = ["FabledFruitRules1Dealer"]


class FabledFruitRules1Dealer(LegacyDealer):
    """Draws each chance outcome as Fabled Fruit rules 1 drew it from ``random.Random(seed)``."""

    def __init__(self, seed: int, players: int, options: Mapping[str, Any]):
        super().__init__(seed, players, options)
        #: Rules 1's draw stack in its order, top last (the state's is a pile of the same fruits).
        self.stack = [t for t in range(C.base_types) for _ in range(C.per_type)]
        self.rng.shuffle(self.stack)
        first = self.options["first_player"]
        #: The first seat, drawn right after the shuffle when no seat was chosen.
        self.start = first - 1 if first else self.rng.randrange(players)

    def pick(self, state: State) -> Action:
        assert isinstance(state, FabledFruitState)
        step = state.steps[0]
        kind = step[0]
        if kind == "first":
            return CHANCE_TABLE[SEAT_OUTCOME + self.start]
        if kind == "deal":
            if not self.stack:  # the state has just turned its discard pile into the draw stack
                self.stack = [k for k in range(NUM_KINDS) for _ in range(state.draw[k])]
                self.rng.shuffle(self.stack)
            return CHANCE_TABLE[CARD_OUTCOME + self.stack.pop()]
        assert kind in ("steal", "pick"), f"not a chance node of Fabled Fruit: {step}"
        hand = state.hands[step[2] if kind == "steal" else step[1]]
        left = self.rng.randrange(sum(hand))
        for k in range(NUM_KINDS):
            left -= hand[k]
            if left < 0:
                return CHANCE_TABLE[HAND_OUTCOME + k]
        raise AssertionError("unreachable")
