"""The greedy bot: a fast heuristic player, by each game's scoring rules.

Each move looks one action ahead on a single determinized sample of the bot's own view and
keeps the action its game's evaluator likes best (see :mod:`.core`). A game's evaluator is its
plugin's ``greedy`` hook (:class:`~fruitbowl.engine.plugin.GreedyEvaluator`, usually in
``games/<id>/greedy.py``). A game without an evaluator, or a position an evaluator cannot read
(an expansion it does not know), is scored by the standings. Seeded: the same seed plays the
same moves.
"""

from __future__ import annotations

import random

from fruitbowl.engine import Action
from fruitbowl.engine.plugin import GreedyEvaluator
from fruitbowl.engine.registry import get_plugin
from fruitbowl.engine.wording import N_

from ..base import Bot, SeatHandle, register_bot
from .core import rank


def evaluator_for(game_id: str) -> GreedyEvaluator | None:
    """The game's greedy evaluator (its plugin's ``greedy`` hook), or ``None``."""
    return get_plugin(game_id).greedy_evaluator()


class GreedyBot(Bot):
    """Plays the action that looks best one step ahead, by its game's scoring rules."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hooks = evaluator_for(handle.game_id)
        sample = handle.sample(self.rng)  # a state consistent with the seat's view, never the true one
        if hooks is None:
            return rank(sample, handle.seat, legal, None, self.rng)[0]
        return rank(sample, handle.seat, legal, hooks.values, self.rng, hooks.kind_bonus, hooks.follow_up)[0]


register_bot("greedy", GreedyBot, N_("Greedy"))  # (its word for players: said with _() by a front end)

__all__ = ["GreedyBot", "evaluator_for"]
