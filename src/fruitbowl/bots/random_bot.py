"""The seeded random bot: a baseline opponent and the engine of random playouts."""

from __future__ import annotations

import random

from fruitbowl.engine import Action
from fruitbowl.engine.wording import N_

from .base import Bot, SeatHandle, register_bot


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, handle: SeatHandle) -> Action:
        return self.rng.choice(handle.legal_actions())


register_bot("random", RandomBot, N_("Random"))  # (its word for players: said with _() by a front end)
