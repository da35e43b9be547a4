"""Juicy Fruits rules 1's draws, so that its records replay and go on to the end.

Rules 1 drew everything from ``random.Random(seed)`` in the state: at setup it shuffled the
business tokens, then for each island the collectors and 6 + 6 ships, then (if drawn) the first
player, the statue tiles and the boulders, in that order; in solo, each of Pineapple's boats
was a random index into her sorted bag. :class:`Rules1Dealer` makes those same calls in the
same order and answers each chance node of today's engine (:mod:`.draws`) with what rules 1
drew there: the setup at once, as rules 1 did, at the first chance node, then one boat at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from fruitbowl.engine.actions import Action
from fruitbowl.engine.chance import LegacyDealer
from fruitbowl.engine.game import State

from . import business, draws, mystic
from . import modules as M
from .boulders import BOULDERS, PER_PLAYER
from .components import COMPONENTS as C
from .island import BEACH_CELLS, PONDS
from .ships import fill_bags

TABLE = draws.CHANCE_TABLE


class Rules1Dealer(LegacyDealer):
    """The dealer of a Juicy Fruits rules 1 record (see the module's docstring)."""

    setup: dict[tuple[int, int, int], int] | None

    def __init__(self, seed: int, players: int, options: Mapping[str, Any]):
        super().__init__(seed, players, options)
        self.setup = None  # (kind, seat, slot) of each setup draw → its outcome code, once drawn

    def pick(self, state: State) -> Action:
        from .rules import JuicyFruitsState

        s = cast(JuicyFruitsState, state)
        if s.chance == draws.BOAT_DRAW:
            bag = s.pine_bag  # (sorted, as rules 1 kept it)
            return TABLE[draws.BOAT_OUT + bag[self.rng.randrange(len(bag))]]
        if self.setup is None:
            self.setup = self._old_setup()
        return TABLE[self.setup[s.steps[s.dealt]]]

    def _old_setup(self) -> dict[tuple[int, int, int], int]:
        """Rules 1's setup draws, made as it made them, by the step of today's schedule."""
        rng, n, options = self.rng, self.players, self.options
        mods = M.parse(options.get("modules"))
        out: dict[tuple[int, int, int], int] = {}
        # the business board: all tokens shuffled, popped from the end row by row
        tokens = list(range(len(C.all_tokens) if "new_business" in mods else C.base_tokens))
        rng.shuffle(tokens)
        used = 3 if options.get("three_per_row") and n == 2 else business.columns_in_play(n)
        for row in range(business.ROWS):
            for col in range(used):
                out[draws.BOARD_DRAW, -1, row * business.COLUMNS + col] = draws.TOKEN_OUT + tokens.pop()
        # each island: collectors shuffled onto the ponds, 6 ships from each bag shuffled onto the beaches
        bags = fill_bags()
        for seat in range(n):
            fruits = list(range(len(C.fruit_codes)))
            rng.shuffle(fruits)
            for cell, fruit in zip(PONDS, fruits, strict=True):
                out[draws.POND_DRAW, seat, cell] = draws.FRUIT_OUT + fruit
            ships = [bag.pop(rng.randrange(len(bag))) for bag in bags for _ in range(C.ships_per_bag)]
            rng.shuffle(ships)
            for cell, ship in zip(BEACH_CELLS, ships, strict=True):
                out[draws.BEACH_DRAW, seat, cell] = draws.SHIP_OUT + ship
        if n > 1 and options["random_first"]:
            out[draws.FIRST_DRAW, -1, -1] = draws.SEAT_OUT + rng.randrange(n)
        if "mystic_island" in mods:
            tiles = [t.tile for t in mystic.TILES if not t.module or "boulders" in mods]
            rng.shuffle(tiles)
            for cell in mystic.BOARD.statue_cells:
                out[draws.STATUE_DRAW, -1, cell] = draws.STATUE_OUT - 1 + tiles.pop()
        if "boulders" in mods:
            for corner, code in enumerate(self._old_boulders(mods)):
                out[draws.BOULDER_DRAW, -1, corner] = draws.BOULDER_OUT + code
        return out

    def _old_boulders(self, modules: frozenset[str]) -> list[int]:
        """Rules 1's deal of the starting player's boulders: 4 tiles and sides; tile 8 flipped if
        its side's module is not played, or replaced by a spare tile if neither side's is."""
        rng = self.rng
        tiles = rng.sample(range(1, 9), PER_PLAYER)
        sides = [rng.randrange(2) for _ in tiles]
        out = []
        for tile, side in zip(tiles, sides, strict=True):
            code = (tile - 1) * 2 + side
            spec = BOULDERS[code]
            if spec.module and spec.module not in modules:
                other = BOULDERS[code ^ 1]
                if not other.module or other.module in modules:
                    code ^= 1
                else:
                    spare = sorted(set(range(1, 9)) - set(tiles))
                    code = (rng.choice(spare) - 1) * 2 + rng.randrange(2)
            out.append(code)
        return out
