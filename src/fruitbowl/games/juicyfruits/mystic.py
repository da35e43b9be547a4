"""Module 1 — Mystic Island (§10.1): explorers, statue tiles, plateaus, Pineapple's compass.

The Mystic Island board is a 5×5 grid kept in its *printed* orientation (row 0 = printed top).
Each seat looks at it from its own edge (REC-9), so an island direction is turned into a
printed direction before the explorer moves: that is why the same "move north" sends seat 0's
explorer up and seat 1's (sitting at the printed left in a 4-player game) to the right.
Statue scoring reads the state at the moment the tile is taken, in step 1 (§10.1.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import _, ngettext

from . import business
from .components import COMPONENTS as C
from .ships import SHIP_POINTS

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

BOARD = C.mystic
SIZE = BOARD.size
CELLS = SIZE * SIZE
TILES = C.statue_tiles
#: Printed directions: 0 top, 1 right, 2 bottom, 3 left (compass 1-4 = index + 1), as (dr, dc).
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))
PRINTED = ("top", "right", "bottom", "left")


def cell_name(cell: int) -> str:
    """Mystic cells are named like island cells but in printed orientation: ``a5`` = top left."""
    row, col = divmod(cell, SIZE)
    return f"{'abcde'[col]}{SIZE - row}"


CELL_NAMES = tuple(cell_name(c) for c in range(CELLS))


def space_kind(cell: int) -> str:
    if cell == BOARD.base:
        return "base"
    if cell in BOARD.plateaus:
        return "plateau"
    if cell in BOARD.statue_cells:
        return "statue"
    return "compass" if cell == BOARD.compass else "plain"


def edge(seat: int, num_players: int) -> int:
    """The printed edge facing ``seat`` (0 bottom, 1 left, 2 top, 3 right; REC-9)."""
    return BOARD.seating[num_players][seat]


def printed_direction(island_direction: int, seat: int, num_players: int) -> int:
    """Island N/E/S/W (0-3) seen from ``seat``'s edge, as a printed direction (0 top … 3 left).

    Sitting at the bottom the two agree; every quarter turn of the seat clockwise around the
    table turns the mapping one step (your north is printed right when you sit at the left)."""
    return (island_direction + edge(seat, num_players)) % 4


def step(cell: int, direction: int, distance: int) -> int:
    """The cell ``distance`` spaces from ``cell`` in printed ``direction``, or -1 off the board."""
    row, col = divmod(cell, SIZE)
    dr, dc = _STEP[direction]
    row, col = row + dr * distance, col + dc * distance
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1


def explorer_target(state: JuicyFruitsState, seat: int, island_direction: int, distance: int) -> int:
    """Where ``seat``'s explorer would land copying a collector move, or -1 if it cannot."""
    return step(state.explorers[seat], printed_direction(island_direction, seat, state.num_players), distance)


def needs_choice(state: JuicyFruitsState, seat: int, tile: int) -> bool:
    """Tiles 5 (which supplied ship) and 7 (which fruit type) are decisions (D7)."""
    effect = TILES[tile - 1].effect
    return effect == "choose_fruit_type" or (effect == "choose_supplied_ship" and bool(state.supplied[seat]))


def statue_points(state: JuicyFruitsState, seat: int, tile: int, choice: int = -1) -> int:
    """A statue's points for ``seat`` now; ``choice`` is the ship index (tile 5) or fruit (tile 7).

    Called after the tile joined ``state.statues_won[seat]``, so tile 12 counts itself."""
    spec = TILES[tile - 1]
    effect, value = spec.effect, spec.value
    if effect == "points":
        return value
    if effect == "per_supplied_ship":
        return value * len(state.supplied[seat])
    if effect == "choose_supplied_ship":
        return SHIP_POINTS[choice] if choice >= 0 else 0
    if effect == "per_two_fruits":
        return value * (sum(state.reserve[seat]) // 2)
    if effect == "choose_fruit_type":
        return value * state.reserve[seat][choice]
    if effect == "per_business_token":
        return value * len(state.owned[seat])
    if effect == "per_star":
        return value * business.stars(state.owned[seat])
    if effect == "per_statue":
        return value * len(state.statues_won[seat])
    return value * len(state.removed[seat])  # per_boulder_removed


def plateau_points(cell: int) -> int:
    return BOARD.plateaus.get(cell, 0)


def pineapple_explore(state: JuicyFruitsState, wait: int) -> Event:
    """Pineapple's explorer on a …3 boat (§10.1.5): compass direction = waiting number, then
    clockwise; the nearest statue in the first direction that has one is boxed; if no
    direction reaches one, the lowest-numbered tile is boxed and she goes to its space."""
    seat = state.num_players  # her explorer follows the players'
    start = state.explorers[seat]
    data: dict[str, Any] = {"from": start, "wait": wait}
    statues = state.statues
    if not any(statues):
        data["to"] = None
        return Event("pineapple_explorer", None, data)
    target = -1
    for turn in range(4):
        direction = (wait - 1 + turn) % 4
        for distance in range(1, SIZE):
            cell = step(start, direction, distance)
            if cell < 0:
                break
            if statues[cell]:
                target = cell
                data["direction"] = direction + 1
                break
        if target >= 0:
            break
    if target < 0:
        tile = min(t for t in statues if t)
        target = statues.index(tile)
        data["direction"] = None
    data["to"], data["tile"] = target, statues[target]
    state.pine_statues.append(statues[target])
    statues[target] = 0
    state.explorers[seat] = target
    return Event("pineapple_explorer", None, data)


def tile_text(tile: int) -> str:
    """What statue ``tile`` scores, in the current language."""
    spec = TILES[tile - 1]
    v, effect = spec.value, spec.effect
    if effect == "points":
        text = ngettext("{n} point", "{n} points", v)
    elif effect == "per_supplied_ship":
        text = _("{n} per ship you supplied")
    elif effect == "choose_supplied_ship":
        text = _("the points of one ship you supplied")
    elif effect == "per_two_fruits":
        text = _("{n} per 2 fruits in your reserve")
    elif effect == "choose_fruit_type":
        text = _("{n} per fruit of one type in your reserve")
    elif effect == "per_business_token":
        text = _("{n} per business token on your island")
    elif effect == "per_star":
        text = _("{n} per venue star on your island")
    elif effect == "per_statue":
        text = _("{n} per statue tile you collected")
    else:  # per_boulder_removed
        text = _("{n} per boulder you removed")
    return text.format(n=v)
