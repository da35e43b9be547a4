"""Juicy Fruits by its scoring rules: points now, stalls as they would score, and fruit on the way
to a ship.

Points on the score board count in full, and an owned stall counts what it would score if the
game ended now. Fruit in the reserve is worth a quarter of a point for each of the first two of
a kind and little beyond (ships and business rows want several kinds), and the best ship on the
beach and the best business row still on the board each add a share of their points by how much
of their cost is already in the reserve, so the bot gathers towards them and buys when it can.

Step 1 is every turn's income, so room to slide is worth something: each mobile token adds a
little for the longest slide open to it, which keeps business tokens out of the lanes and
collectors off dead ends (without it every placement scores the same, and the bot placed them at
random; with it, ``greedy`` won 2 of 3 games against its old self). An island whose tokens cannot
move at all is costly: a seat with no token able to move (filling the middle with a large venue
does it) loses what many turns of collecting would bring, and one with a single movable token a
little of it. Without this term a search happily trades the whole rest of the game for a venue's
8 points.
"""

from __future__ import annotations

from collections.abc import Mapping

from fruitbowl.engine.game import State
from fruitbowl.engine.plugin import GreedyEvaluator

from . import business
from .components import COMPONENTS as C
from .island import BEACH_CELLS, RAYS, SHIP
from .rules import JuicyFruitsState
from .ships import DEMANDS, SHIP_POINTS

FOLLOW_UP = 12
KIND_BONUS: Mapping[str, float] = {}

FRUIT, FRUIT_BEYOND, FRUIT_USEFUL = 0.25, 0.05, 2
PROGRESS = 0.3
JAMMED, CRAMPED = 15.0, 3.0  # no token can move in step 1; only one can
ROOM = 0.1  # per space of each mobile token's longest open slide
ROWS = business.COLUMNS
NUM_SHIPS = len(SHIP_POINTS)


def values(state: State) -> list[float]:
    assert isinstance(state, JuicyFruitsState)
    out = []
    for p in range(state.num_players):
        reserve, grid = state.reserve[p], state.grid[p]
        value = float(state.score(p)) + sum(
            FRUIT * min(r, FRUIT_USEFUL) + FRUIT_BEYOND * max(0, r - FRUIT_USEFUL) for r in reserve
        )
        if not state.is_terminal():
            for token in state.owned[p]:
                if business.CATEGORY[token] == business.STALL:
                    value += business.stall_points(token, grid, state.owned[p], len(state.supplied[p]), sum(reserve))
        ship_best = row_best = 0.0
        for cell in BEACH_CELLS:
            ship = grid[cell] - SHIP
            if 0 <= ship < NUM_SHIPS:
                ship_best = max(ship_best, SHIP_POINTS[ship] * _covered(reserve, DEMANDS[ship]))
        for row, cost in enumerate(C.row_costs):
            if any(token >= 0 for token in state.board[row * ROWS : (row + 1) * ROWS]):
                row_best = max(row_best, C.row_points[row] * _covered(reserve, cost))
        out.append(value + PROGRESS * (ship_best + row_best) + _room(grid, state.mobile[p]))
    if state.num_players == 1:
        out.append(float(state.pineapple_score()))
    return out


def _covered(reserve: list[int], cost: tuple[int, ...]) -> float:
    """The share of ``cost`` the reserve already holds."""
    need = sum(cost)
    return sum(min(h, c) for h, c in zip(reserve, cost, strict=True)) / need if need else 1.0


def _room(grid: list[int], mobile: list[int]) -> float:
    """What the seat's step 1 is worth from here: :data:`ROOM` per space of each mobile token's
    longest open slide, less what losing step 1 costs when none or only one of them can move."""
    spaces = movable = 0
    for cell in mobile:
        longest = 0
        for ray in RAYS[cell]:
            run = 0
            for ahead in ray:
                if grid[ahead] >= 0:
                    break
                run += 1
            longest = max(longest, run)
        spaces += longest
        movable += longest > 0
    penalty = JAMMED if movable == 0 else CRAMPED if movable == 1 else 0.0
    return ROOM * spaces - penalty


EVALUATOR = GreedyEvaluator(values, KIND_BONUS, FOLLOW_UP)
