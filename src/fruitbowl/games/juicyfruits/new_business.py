"""Module 3 — New business tokens (§10.3): guesthouses, restaurant, two stalls, two offices, whales.

The ten tokens join the base tokens as indices ``C.base_tokens …`` of ``COMPONENTS.tokens``,
so claiming and placing them reuse the base rules; what is new lives here: the pond-only
guesthouses, the stall formulas, the offices that work "from your next turn on" (AMB-8), and
the whale-watching tokens, which move through free spaces at the end of their owner's turn
and score when they stand on their own whale's beach (the whale then moves on clockwise).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from fruitbowl.engine.events import Event

from .components import BEACH_NAMES
from .components import COMPONENTS as C
from .island import BEACHES, CELL_NAMES, PONDS, SIZE
from .ships import can_pay

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

MODULE_TOKENS = tuple(range(C.base_tokens, len(C.all_tokens)))
WHALE_TOKENS = tuple(i for i, t in enumerate(C.all_tokens) if t.category == "whale_watching")
HARBOR = next(i for i, t in enumerate(C.all_tokens) if t.effect == "harbor_office")
CONSTRUCTION = next(i for i, t in enumerate(C.all_tokens) if t.effect == "construction_office")
OFFICES = (HARBOR, CONSTRUCTION)
POND_ONLY = frozenset(i for i, t in enumerate(C.all_tokens) if t.pond_only)


def less_one(cost: tuple[int, ...], fruit: int) -> tuple[int, ...]:
    return tuple(n - 1 if f == fruit else n for f, n in enumerate(cost))


def leave_out_options(reserve: list[int], cost: tuple[int, ...]) -> list[int]:
    """Fruits of ``cost`` that the construction office may leave out so the rest is payable (D9)."""
    return [f for f, n in enumerate(cost) if n and can_pay(reserve, less_one(cost, f))]


def office_active(state: JuicyFruitsState, seat: int, office: int) -> bool:
    """An office works from the turn after its claim on (AMB-8)."""
    since = state.office_from[seat][OFFICES.index(office)]
    return 0 <= since <= state.turns[seat]


def free_ponds(grid: list[int]) -> list[int]:
    return [cell for cell in PONDS if grid[cell] < 0]


def reachable(grid: list[int], start: int) -> frozenset[int]:
    """Cells a whale-watching token on ``start`` can reach through free spaces (with ``start``)."""
    return _reachable(tuple(grid), start)


@functools.lru_cache(maxsize=256)
def _reachable(grid: tuple[int, ...], start: int) -> frozenset[int]:
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        row, col = divmod(cell, SIZE)
        for nr, nc in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            nxt = nr * SIZE + nc
            if 0 <= nr < SIZE and 0 <= nc < SIZE and nxt not in seen and grid[nxt] < 0:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def owned_whales(state: JuicyFruitsState, seat: int) -> list[int]:
    """Slots (0/1) of the whale-watching tokens ``seat`` owns."""
    return [slot for slot, token in enumerate(WHALE_TOKENS) if token in state.owned[seat]]


def token_cell(grid: list[int], token: int) -> int:
    from .island import TOKEN

    return grid.index(TOKEN + token)


def sightings(state: JuicyFruitsState, events: list[Event]) -> None:
    """Each of the current player's whale-watching tokens on its own whale's beach scores and
    sends that whale to the next beach clockwise (N → E → S → W)."""
    from .rules import WHALE_PTS

    p = state.player
    for slot in owned_whales(state, p):
        beach = state.whales[slot]
        cell = token_cell(state.grid[p], WHALE_TOKENS[slot])
        if cell in BEACHES[beach]:
            state.parts[p][WHALE_PTS] += C.sighting_points
            state.whales[slot] = (beach + 1) % len(BEACHES)
            data = {"token": C.all_tokens[WHALE_TOKENS[slot]].id, "beach": BEACH_NAMES[beach], "cell": cell}
            data.update({"to": BEACH_NAMES[state.whales[slot]], "points": C.sighting_points})
            events.append(Event("whale", p, data))


def cells_text(cells: list[int]) -> str:
    return ", ".join(CELL_NAMES[c] for c in cells)
