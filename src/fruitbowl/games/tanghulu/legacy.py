"""Tang Hu Lu rules 1: the draws of the engine from before chance was explicit, so that its
records (saves, stored server tables, simulation records) replay and go on to the end.

That engine (git ``3795352``, ``rules.py``) drew from ``random.Random(seed)`` held in the state,
in this order: at setup, ``rng.shuffle(deck)`` of the sweet cards (``list(range(cards))``), then
the first seat ``rng.randrange(players)`` if ``random_first``; each tile refilling an empty store
space (space order) ``bag.pop(rng.randrange(len(bag)))``; each turn's die face
``die_faces[rng.randrange(len(die_faces))]`` (the data's faces, a face printed twice listed
twice); a fruit roll's tile ``bag.pop(rng.randrange(len(bag)))``; a reward's sweet cards
``deck.pop()`` (the top of the deck shuffled at setup: no draw). Its bag began as
``list(range(tiles))`` and a tile returned to it (by a player, or forced when a board is full)
went to its end, so the bag's order, which the draws index, is kept here as that engine kept it.
The current engine meets its chance nodes in the same order (see ``rules.py``), one per draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.chance import LegacyDealer
from fruitbowl.engine.game import State

from .components import COMPONENTS as C
from .rules import (
    CHANCE_TABLE,
    DIE_DRAW,
    FACES,
    FIRST_DRAW,
    REFILL_DRAW,
    ROLL,
    SEAT_OUTCOME,
    SWEET_DRAW,
    SWEET_OUTCOME,
    TILE_OUTCOME,
    TangHuLuState,
)

__all__ = ["TangHuLuRules1Dealer"]


class TangHuLuRules1Dealer(LegacyDealer):
    """Draws each chance outcome as Tang Hu Lu rules 1 drew it from ``random.Random(seed)``."""

    def __init__(self, seed: int, players: int, options: Mapping[str, Any]):
        super().__init__(seed, players, options)
        #: The sweet deck as rules 1 shuffled it at setup; a reward draws from its end.
        self.deck = list(range(len(C.sweet_stars)))
        self.rng.shuffle(self.deck)
        #: The bag in rules 1's order (the state's bag is sorted: it holds the same tiles).
        self.bag = list(range(C.num_tiles))

    def pick(self, state: State) -> Action:
        assert isinstance(state, TangHuLuState)
        rng, chance = self.rng, state.chance
        if chance == ROLL:
            return CHANCE_TABLE[FACES.index(C.die_faces[rng.randrange(len(C.die_faces))])]
        if chance in (REFILL_DRAW, DIE_DRAW):
            bag = self._bag(state.bag)
            return CHANCE_TABLE[TILE_OUTCOME + bag.pop(rng.randrange(len(bag)))]
        if chance == SWEET_DRAW:
            return CHANCE_TABLE[SWEET_OUTCOME + self.deck.pop()]
        assert chance == FIRST_DRAW, f"not a chance node of Tang Hu Lu: {chance}"
        return CHANCE_TABLE[SEAT_OUTCOME + rng.randrange(self.players)]

    def _bag(self, tiles: list[int]) -> list[int]:
        """The bag in rules 1's order, after the tiles returned to it since the last draw (at most
        one: a die's tile, returned before the next draw) went to its end, as rules 1 put them."""
        bag = self.bag
        if len(bag) != len(tiles):
            kept = set(bag)
            bag += [tile for tile in tiles if tile not in kept]
        return bag
