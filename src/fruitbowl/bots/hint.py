"""Hints: the action an ISMCTS search recommends for one seat, with its estimated win chance.

Computed from that seat's handle only (its view and samples of it), so a hint never tells a
player anything they could not have known.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fruitbowl.engine import Action

from .base import SeatHandle
from .ismcts import ISMCTSBot

HINT_BUDGET = 30_000


@dataclass(frozen=True)
class Hint:
    action: Action
    win_chance: float
    #: The most searched actions, best first: (action, estimated win chance, share of the search).
    ranking: list[tuple[Action, float, float]]

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "win_chance": round(self.win_chance, 3),
            "ranking": [
                {"action": action.to_json(), "win_chance": round(chance, 3), "share": round(share, 3)}
                for action, chance, share in self.ranking
            ],
        }


def hint(handle: SeatHandle, budget: int = HINT_BUDGET, seed: int = 0) -> Hint:
    """The recommended action for ``handle``'s seat (whose turn it must be)."""
    legal = handle.legal_actions()
    if not legal:
        raise ValueError("a hint is only available on your own turn")
    bot = ISMCTSBot(seed, budget=budget, name="hint")
    stats = bot.think(handle)
    best = bot.best(handle, stats)
    total = max(1, sum(stats.visits.values()))
    ranked = sorted(legal, key=lambda a: (-stats.visits.get(a.code, 0), a.code))[:3]
    ranking = [(a, stats.win_chance(a.code), stats.visits.get(a.code, 0) / total) for a in ranked]
    return Hint(best, stats.win_chance(best.code), ranking)
