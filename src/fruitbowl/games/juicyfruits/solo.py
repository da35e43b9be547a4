"""Solo mode: Pineapple, the automatic opponent (§9, all RECONSTRUCTED as REC-7).

Pineapple is not a seat. After each of your turns (and once during setup) the engine plays her
turn: she draws a random solo boat from her bag (a chance node, see :mod:`.draws`) (the 38 ships not on your
island), scores its value V, and on a V = 3 boat claims a business token from waiting-space
column W (highest row first, moving right and wrapping if the column is empty). A claim scores
its row points + 2 × (solo board − 1), moves the license marker, and the token leaves the game.
The solo board (option ``solo_board``) is the difficulty level.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from fruitbowl.engine.events import Event

from .business import COLUMNS, ROWS
from .components import COMPONENTS as C
from .island import EMPTY


def pineapple_claim_space(board: list[int], wait: int) -> int:
    """The waiting space Pineapple claims for waiting number ``wait`` (1–4), or -1 if none."""
    for shift in range(COLUMNS):
        col = (wait - 1 + shift) % COLUMNS
        for row in range(ROWS - 1, -1, -1):
            if board[row * COLUMNS + col] != EMPTY:
                return row * COLUMNS + col
    return -1


def claim_bonus(level: int) -> int:
    return C.solo_claim_bonus_per_level * (level - 1)


def pineapple_turn(state: Any, boat: int, opening: bool) -> list[Event]:
    """Resolve the boat drawn from Pineapple's bag; returns its events. ``state`` is a JuicyFruitsState."""
    bag: list[int] = state.pine_bag
    del bag[bisect_left(bag, boat)]  # (the bag is sorted)
    ship = C.ships[boat]
    state.pine_drawn.append(boat)
    state.pine_parts[0] += ship.solo_value
    data: dict[str, Any] = {"boat": ship.id, "value": ship.solo_value, "wait": ship.solo_wait, "opening": opening}
    events = [Event("pineapple", None, data, irreversible=True)]
    if ship.solo_value != C.solo_claim_value:
        return events
    if not opening and "mystic_island" in state.mods:
        from .mystic import pineapple_explore

        events.append(pineapple_explore(state, ship.solo_wait))  # before the claim, as the boat orders (§10.1.5)
    space = pineapple_claim_space(state.board, ship.solo_wait)
    claim: dict[str, Any] = {"claim": None}  # (the business board is empty: nothing to claim)
    events.append(Event("pineapple_claim", None, claim))
    if space >= 0:
        token = state.board[space]
        state.board[space] = EMPTY
        state.pine_claimed.append(token)
        row = space // COLUMNS
        points = C.row_points[row] + claim_bonus(state.options["solo_board"])
        state.pine_parts[1] += points
        claim["claim"] = {"token": C.all_tokens[token].id, "row": row + 1, "column": space % COLUMNS + 1}
        claim["points"] = points
        state.note_claim(events)
    return events
