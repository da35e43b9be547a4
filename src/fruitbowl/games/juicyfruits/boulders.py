"""Module 2 — The boulders (§10.2): blocked corners, their conditions, and the boulder tray.

A boulder is a piece on a corner cell (code ``BOULDER + boulder index``), so the slide and
placement rules treat the corner as taken without knowing about boulders at all. Everyone
plays the same 4 tiles, same side up: the starting player's are dealt at random (chance nodes,
see :mod:`.draws`), the others
choose the corners (D1). Removal is automatic at the three checkpoints of a turn (AMB-18,
AMB-13), repeated until nothing changes so that 6a can follow the others in the same turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import _, ngettext

from . import business
from .components import COMPONENTS as C
from .island import CORNERS, PONDS, SIZE, TOKEN, VENUE, empty_beaches
from .ships import SHIP_POINTS

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

BOULDER = 400  # grid code base: BOULDER + index into C.boulders (see island.py for the others)
BOULDERS = C.boulders
PER_PLAYER = len(CORNERS)
PONDS_SET = frozenset(PONDS)


def boulder_id(code: int) -> str:
    return BOULDERS[code].id


def corners_left(state: JuicyFruitsState, seat: int) -> list[int]:
    """The dealt boulders ``seat`` has not put on a corner yet (sorted codes)."""
    placed = {state.grid[seat][c] - BOULDER for c in CORNERS if state.grid[seat][c] >= BOULDER}
    return sorted(code for code in state.boulder_set if code not in placed)


def next_corner(state: JuicyFruitsState, seat: int) -> int:
    return next(c for c in CORNERS if state.grid[seat][c] < 0)


def on_island(state: JuicyFruitsState, seat: int) -> list[int]:
    return [state.grid[seat][c] - BOULDER for c in CORNERS if state.grid[seat][c] >= BOULDER]


def tokens_off_ponds(grid: list[int]) -> int:
    """Business tokens standing on no pond space; a large venue counts once, if none of its
    4 spaces is a pond (REC-13)."""
    singles = sum(1 for cell, code in enumerate(grid) if TOKEN <= code < VENUE and cell not in PONDS_SET)
    venues: dict[int, bool] = {}
    for cell, code in enumerate(grid):
        if VENUE <= code < BOULDER:
            venues[code] = venues.get(code, True) and cell not in PONDS_SET
    return singles + sum(venues.values())


def longest_collector_line(grid: list[int], mobile: list[int]) -> int:
    """The most collectors (advanced ones included) on consecutive spaces of one row or column."""
    collectors = {c for c in mobile if grid[c] < TOKEN or business.CATEGORY[grid[c] - TOKEN] == business.ADVANCED}
    best = 0
    for cell in collectors:
        row, col = divmod(cell, SIZE)
        if col == 0 or cell - 1 not in collectors:
            run = 0
            while col + run < SIZE and cell + run in collectors:
                run += 1
            best = max(best, run)
        if row == 0 or cell - SIZE not in collectors:
            run = 0
            while row + run < SIZE and cell + run * SIZE in collectors:
                run += 1
            best = max(best, run)
    return best


def holds(state: JuicyFruitsState, seat: int, code: int) -> bool:
    """Whether boulder ``code``'s condition holds for ``seat`` now (only its own state counts)."""
    spec = BOULDERS[code]
    test, value = spec.test, spec.value
    reserve = state.reserve[seat]
    if test == "score_at_least":
        return state.score(seat) >= value
    if test == "ship_points_at_least":
        return sum(SHIP_POINTS[s] for s in state.supplied[seat]) >= value
    if test == "ships_supplied_at_least":
        return len(state.supplied[seat]) >= value
    if test == "one_fruit_type_at_least":
        return max(reserve) >= value
    if test == "fruits_at_least":
        return sum(reserve) >= value
    if test == "tokens_off_ponds_at_least":
        return tokens_off_ponds(state.grid[seat]) >= value
    if test == "business_tokens_at_least":
        return len(state.owned[seat]) >= value
    if test == "collectors_in_a_line":
        return longest_collector_line(state.grid[seat], state.mobile[seat]) >= value
    if test == "placed_on_pond":
        return state.flag_pond
    if test == "other_boulders_removed":
        return len(state.removed[seat]) >= value
    if test == "empty_beaches_at_least":
        return empty_beaches(state.grid[seat]) >= value
    if test == "move_gained_at_least":
        return state.flag_gain >= value
    if test == "every_fruit_type":
        return min(reserve) >= value
    if test == "statues_collected_at_least":
        return len(state.statues_won[seat]) >= value
    return sum(1 for t in state.owned[seat] if C.all_tokens[t].module) >= value  # module_tokens_at_least


def checkpoint(state: JuicyFruitsState, events: list[Event]) -> None:
    """Remove every boulder of the current player whose condition holds, until none does."""
    p = state.player
    grid = state.grid[p]
    changed = True
    while changed:
        changed = False
        for corner in CORNERS:
            code = grid[corner] - BOULDER
            if code >= 0 and holds(state, p, code):
                _remove(state, p, corner, code, events)
                changed = True


def _remove(state: JuicyFruitsState, seat: int, corner: int, code: int, events: list[Event]) -> None:
    from .rules import BOULDER_PTS

    slot = state.boulder_set.index(code)
    first = state.tray[slot] == 0
    points = C.tray_space_points + C.tray_first_bonus if first else C.tray_later_points
    state.tray[slot] += 1
    state.grid[seat][corner] = -1
    state.removed[seat].append(code)
    state.parts[seat][BOULDER_PTS] += points
    events.append(
        Event("boulder", seat, {"boulder": BOULDERS[code].id, "cell": corner, "first": first, "points": points})
    )


def condition_text(code: int) -> str:
    """What must hold for boulder ``code`` to clear, in the current language."""
    spec = BOULDERS[code]
    v, test = spec.value, spec.test
    if test == "placed_on_pond":
        return _("a newly claimed token placed on a pond")
    if test == "other_boulders_removed":
        return _("your other 3 boulders gone")
    if test == "every_fruit_type":
        return _("a fruit of every type")
    if test == "score_at_least":
        text = ngettext("{n}+ point", "{n}+ points", v)
    elif test == "ship_points_at_least":
        text = ngettext("supplied ships worth {n}+ point", "supplied ships worth {n}+ points", v)
    elif test == "ships_supplied_at_least":
        text = ngettext("{n}+ ship supplied", "{n}+ ships supplied", v)
    elif test == "one_fruit_type_at_least":
        text = ngettext("{n}+ fruit of one type", "{n}+ fruits of one type", v)
    elif test == "fruits_at_least":
        text = ngettext("{n}+ fruit", "{n}+ fruits", v)
    elif test == "tokens_off_ponds_at_least":
        text = ngettext("{n}+ business token off the ponds", "{n}+ business tokens off the ponds", v)
    elif test == "business_tokens_at_least":
        text = ngettext("{n}+ business token", "{n}+ business tokens", v)
    elif test == "collectors_in_a_line":
        text = ngettext("{n}+ collector in an unbroken line", "{n}+ collectors in an unbroken line", v)
    elif test == "empty_beaches_at_least":
        text = ngettext("{n}+ empty beach", "{n}+ empty beaches", v)
    elif test == "move_gained_at_least":
        text = ngettext("one step-1 move gains {n}+ fruit", "one step-1 move gains {n}+ fruits", v)
    elif test == "statues_collected_at_least":
        text = ngettext("{n}+ statue tile collected", "{n}+ statue tiles collected", v)
    else:  # module_tokens_at_least
        text = ngettext("{n}+ Module 3 business token", "{n}+ Module 3 business tokens", v)
    return text.format(n=v)
