"""Citrus rules 1: the draws of the engine from before chance was explicit, so that its records
(saves, stored server tables, simulation records) replay and go on to the end.

That engine (git ``d8f9cac``, ``rules.py``) drew from ``random.Random(seed)`` held in the state,
in this order. At setup: ``rng.shuffle`` of the landscape tiles (``list(range(tiles))``), dealt
by ``pop()`` onto the landscape spaces in space order; ``rng.shuffle`` of the Finca stack
(``list(range(fincas))``); with random starting sites ``rng.shuffle`` of every site
(``list(range(sites))``), the first ones starting, otherwise ``rng.shuffle`` of the stack sites
(in the board's order); a Finca ``pop()``-ed from the stack for each starting site in site
order; the three open sites ``pop()``-ed from the site stack; the first seat
``rng.randrange(players)`` if ``random_first``. In play: each market space refilled (space
order) ``rng.randrange(tiles in the bag)``, counted kind by kind; a Finca put on a site the
stack's ``pop()``, then the next site the site stack's ``pop()`` (no draw: both stacks were
shuffled at setup). The current engine meets its chance nodes in the same order (see
``rules.py``), one per draw; copies of a tile are one outcome (the state takes the lowest
numbered), so a rules-1 game shows the same tiles, values and letters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.chance import LegacyDealer
from fruitbowl.engine.game import State

from . import chance as K
from .components import BOARDS
from .components import COMPONENTS as C
from .rules import LANDSCAPE_SPACES, CitrusState

__all__ = ["CitrusRules1Dealer"]


class CitrusRules1Dealer(LegacyDealer):
    """Draws each chance outcome as Citrus rules 1 drew it from ``random.Random(seed)``."""

    def __init__(self, seed: int, players: int, options: Mapping[str, Any]):
        super().__init__(seed, players, options)
        rng, geo = self.rng, BOARDS[self.options["board"]]
        tiles = list(range(len(C.landscape)))
        rng.shuffle(tiles)
        #: The landscape tiles as rules 1 dealt them, in space order.
        self.land = [tiles.pop() for _ in LANDSCAPE_SPACES[geo.side]]
        #: The Finca stack in rules 1's order; a Finca put on a site comes from its end.
        self.fincas = list(range(len(C.fincas)))
        rng.shuffle(self.fincas)
        if self.options["random_sites"]:
            letters = list(range(len(geo.site_letters)))
            rng.shuffle(letters)
            count = C.few_start_fincas if self.options["three_fincas"] else len(geo.start_sites)
            starts, rest = letters[:count], letters[count:]
        else:
            starts, rest = list(geo.start_sites), list(geo.stack_sites)
            rng.shuffle(rest)
        #: The starting sites in site order, each with its Finca.
        self.starts = sorted(starts)
        self.start_fincas = {site: self.fincas.pop() for site in self.starts}
        #: The building-site stack in rules 1's order (the open sites are turned up from its end).
        self.sites = rest
        #: The first seat, drawn after the whole deal.
        self.first = rng.randrange(players) if self.options["random_first"] else -1

    def pick(self, state: State) -> Action:
        assert isinstance(state, CitrusState)
        chance = state.chance
        if chance == K.REFILL_DRAW:
            at = self.rng.randrange(state.bag_size())
            for kind, n in enumerate(state.bag):
                if at < n:
                    return K.CHANCE_TABLE[K.TILE_OUTCOME + kind]
                at -= n
            raise AssertionError("the bag count is inconsistent")
        if chance == K.LANDSCAPE_DRAW:
            return K.CHANCE_TABLE[K.LAND_OUTCOME + K.LAND_GROUP[self.land.pop(0)]]
        if chance == K.START_DRAW:
            return K.CHANCE_TABLE[K.SITE_OUTCOME + self.starts.pop(0)]
        if chance == K.FINCA_DRAW:
            finca = self.start_fincas.pop(state.pending) if not state.turn else self.fincas.pop()
            return K.CHANCE_TABLE[K.FINCA_OUTCOME + K.FINCA_GROUP[finca]]
        if chance == K.SITE_DRAW:
            return K.CHANCE_TABLE[K.SITE_OUTCOME + self.sites.pop()]
        assert chance == K.FIRST_DRAW, f"not a chance node of Citrus: {chance}"
        return K.CHANCE_TABLE[K.SEAT_OUTCOME + self.first]
