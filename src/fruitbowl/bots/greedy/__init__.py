"""The greedy bot: a fast heuristic player, one module of scoring rules per game.

Each move looks one action ahead on a single determinized sample of the bot's own view and
keeps the action its game's evaluator likes best (see :mod:`.core`). A game without an
evaluator, or a position an evaluator cannot read (an expansion it does not know), is scored
by the standings. Seeded: the same seed plays the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from fruitbowl.engine import Action

from ..base import Bot, SeatHandle, register_bot
from . import citrus, fabledfruit, juicyfruits, tanghulu
from .core import Evaluator, rank

#: game id -> (evaluator, preference per action kind, follow-up width: see :func:`.core.rank`)
EVALUATORS: dict[str, tuple[Evaluator, Mapping[str, float], int]] = {
    module.GAME_ID: (module.values, module.KIND_BONUS, module.FOLLOW_UP)
    for module in (tanghulu, juicyfruits, fabledfruit, citrus)
}


class GreedyBot(Bot):
    """Plays the action that looks best one step ahead, by its game's scoring rules."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        evaluator, bonus, follow_up = EVALUATORS.get(handle.game_id, (None, {}, 0))
        sample = handle.sample(self.rng)  # a state consistent with the seat's view, never the true one
        return rank(sample, handle.seat, legal, evaluator, self.rng, bonus, follow_up)[0]


register_bot("greedy", GreedyBot, "Greedy")

__all__ = ["EVALUATORS", "GreedyBot"]
