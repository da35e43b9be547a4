"""The juice factory (juicy side of the score board, option ``juice_factory``; REC-6).

At the end of your turn you may pay the fruits of the next juice space to move your disc
there and score it, then once more for the following space. Discs never block each other,
the last space ends the track, and juice never moves the license marker.
"""

from __future__ import annotations

from .components import COMPONENTS as C

SPACES = len(C.juice_costs)
STEPS_PER_TURN = C.juice_steps_per_turn


def next_cost(position: int) -> tuple[int, ...] | None:
    return C.juice_costs[position] if position < SPACES else None
