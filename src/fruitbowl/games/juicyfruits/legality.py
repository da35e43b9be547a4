"""Juicy Fruits' legality: each rule written once, as a check that names the rule it enforces.

A check takes the position and an action's code and returns ``None`` when the action is legal,
else a *refusal key* (``"supply.short"``), a constant string that ``text.REFUSALS`` turns into
the sentence a player reads. The same checks serve twice (see :mod:`fruitbowl.engine.legality`):

* :func:`refusal` (``State._refusal``) runs the turn's *gate* — which decision the current
  player faces, whether the action's module is in play — and then the check of the action's
  family;
* :func:`legal_codes` (``State._legal_codes``) takes the candidate codes of the decision the
  current player faces (the only family the gate lets through) and keeps those whose check
  returns ``None``. Candidates are narrowed by index only (the mobile pieces' slides, the
  tokens on the business board, the moved collector's splits); every condition is the check's.

Decisions are phases (:data:`PHASE_NAMES`): step 1's slide and its follow-ups (split, produce,
the Mystic Island collect-or-explore and statue choices), step 2, placing a claimed token and
its follow-ups, the juice factory, and the modules' setup and end-of-turn decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from fruitbowl.engine.legality import GAME_OVER

from . import actions as A
from . import business, mystic, new_business
from .boulders import corners_left
from .components import COMPONENTS as C
from .island import BLOCK_CELLS, CELLS, COLLECTOR, EMPTY, PONDS, RAYS, SLIDES, TOKEN
from .juice import SPACES, STEPS_PER_TURN
from .ships import DEMAND_NEEDS, affords, needs

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

# ---------------------------------------------------------------------- phases

#: Which decision the current player faces (the last six only with modules).
MOVE, SPLIT, PRODUCE, ACTION, PLACE, BONUS, JUICE, OVER = range(8)
EXPLORE, STATUE, ARRANGE, DISCOUNT, WHALE, WATCH = range(8, 14)
PHASE_NAMES = (
    "move",
    "split",
    "produce",
    "action",
    "place",
    "bonus",
    "juice",
    "over",
    "explore",
    "statue",
    "arrange",
    "discount",
    "whale",
    "watch",
)

#: The phase in which each kind of action is decided, and the module it belongs to.
KIND_PHASE = {
    "move": MOVE,
    "split": SPLIT,
    "produce": PRODUCE,
    "supply": ACTION,
    "claim": ACTION,
    "pass": ACTION,
    "place": PLACE,
    "place_block": PLACE,
    "bonus": BONUS,
    "juice": JUICE,
    "stop": JUICE,
    "collect": EXPLORE,
    "explore": EXPLORE,
    "statue_ship": STATUE,
    "statue_fruit": STATUE,
    "boulder": ARRANGE,
    "leave_out": DISCOUNT,
    "whale_beach": WHALE,
    "watch": WATCH,
}
KIND_MODULE = {
    "collect": "mystic_island",
    "explore": "mystic_island",
    "statue_ship": "mystic_island",
    "statue_fruit": "mystic_island",
    "boulder": "boulders",
    "leave_out": "new_business",
    "whale_beach": "new_business",
    "watch": "new_business",
}

# ---------------------------------------------------------------------- refusal keys

MODULE_OFF = "module.off"
JUICE_OFF = "juice.off"
MOVE_DONE = "move.done"
#: Per phase: "first do what this phase asks".
PHASE_KEYS = tuple(f"phase.{name}" for name in PHASE_NAMES)
#: Per module phase: a module decision asked for outside its moment.
NOT_NOW = {
    EXPLORE: "explore.not_now",
    STATUE: "statue.not_now",
    ARRANGE: "boulder.not_now",
    DISCOUNT: "leave_out.not_now",
    WHALE: "whale.not_now",
    WATCH: "watch.not_now",
}
MOVE_NO_TOKEN = "move.no_token"
MOVE_BLOCKED = "move.blocked"
MOVE_NOT_FAR = "move.not_far_enough"
SPLIT_OTHER = "split.other_collector"
SPLIT_TOTAL = "split.wrong_total"
PRODUCE_TOO_MANY = "produce.too_many"
PRODUCE_NO_ICE = "produce.no_ice_cream"
PRODUCE_NO_SHAKE = "produce.no_milkshake"
SUPPLY_NO_SHIP = "supply.no_ship"
SUPPLY_SHORT = "supply.short"
CLAIM_GONE = "claim.not_on_board"
CLAIM_SHORT = "claim.short"
CLAIM_SHORT_OFFICE = "claim.short_with_office"
CLAIM_NO_ROOM = "claim.no_room"
PLACE_NEEDS_BLOCK = "place.needs_block"
PLACE_ONE_SPACE = "place.one_space"
PLACE_BLOCK_TAKEN = "place.block_taken"
PLACE_POND_ONLY = "place.pond_only"
PLACE_TAKEN = "place.taken"
BONUS_OTHER = "bonus.other_fruit"
JUICE_END = "juice.track_end"
JUICE_TWICE = "juice.twice"
JUICE_SHORT = "juice.short"
STATUE_NOT_SUPPLIED = "statue.not_supplied"
STATUE_FRUIT_WANTED = "statue.counts_fruit"
STATUE_SHIP_WANTED = "statue.counts_ship"
BOULDER_NOT_DEALT = "boulder.not_dealt"
LEAVE_OUT_SHORT = "leave_out.cannot_pay"
WATCH_NOT_YOURS = "watch.not_yours"
WATCH_MOVED = "watch.moved"
WATCH_UNREACHABLE = "watch.unreachable"

# ---------------------------------------------------------------------- per-code tables

_ACTIONS = A.FULL_TABLE.actions
#: Per code (of the full table): its phase and its module (None: the base game's).
CODE_PHASE: tuple[int, ...] = tuple(KIND_PHASE[a.kind] for a in _ACTIONS)
CODE_MODULE: tuple[str | None, ...] = tuple(
    "new_business" if a.kind == "claim" and a.code >= A.CLAIM_X else KIND_MODULE.get(a.kind) for a in _ACTIONS
)
#: Per slide (by its code: the slides come first in the table): where it starts, the cells it
#: crosses (its target last), and the next cell beyond its target on its ray (-1 at the edge).
MOVE_FROM = tuple(start for start, _d, _k, _to in SLIDES)
MOVE_PATH = tuple(RAYS[start][d][:k] for start, d, k, _to in SLIDES)
MOVE_BEYOND = tuple(RAYS[start][d][k] if k < len(RAYS[start][d]) else -1 for start, d, k, _to in SLIDES)
assert A.MOVE == 0
#: The piece codes a player slides in step 1: collectors, advanced collectors, ice cream carts.
MOBILE_PIECES = frozenset(
    [COLLECTOR + f for f in range(len(C.fruit_names))]
    + [TOKEN + t for t, spec in enumerate(C.all_tokens) if spec.mobile]
)
#: Per token: the code that claims it; per code: the token a claim code claims (else -1).
CLAIM_CODES = tuple(A.claim_code(t) for t in range(len(C.all_tokens)))
CODE_TOKEN = tuple(CLAIM_CODES.index(code) if code in CLAIM_CODES else -1 for code in range(len(_ACTIONS)))
COLUMNS = business.COLUMNS
#: What a row of the business board and a juice space cost, as fruits needed.
ROW_NEEDS = tuple(needs(cost) for cost in C.row_costs)
JUICE_NEEDS = tuple(needs(cost) for cost in C.juice_costs)
#: Per split code (code - A.SPLIT): (advanced collector slot, total fruits, fruits of its first type).
SPLIT_ENTRY = tuple(sorted(A.SPLIT_CODE, key=A.SPLIT_CODE.__getitem__))
SPLITS_OF_SLOT = tuple(
    tuple(sorted(code for (slot, _t, _f), code in A.SPLIT_CODE.items() if slot == s)) for s in range(len(A.ADVANCED))
)
PRODUCE_ENTRY = tuple(sorted(A.PRODUCE_CODE, key=A.PRODUCE_CODE.__getitem__))
PRODUCE_CODES = tuple(sorted(A.PRODUCE_CODE.values()))
SUPPLY_CODES = tuple(sorted(A.SUPPLY_CODE.values()))
SUPPLY_CELL = tuple(cell for cell, _code in sorted(A.SUPPLY_CODE.items(), key=lambda item: item[1]))
#: The place codes a token may go to, by its shape: one space, an empty pond, a 2×2 block.
SINGLE_PLACES = tuple(A.PLACE + cell for cell in range(CELLS))
POND_PLACES = tuple(A.PLACE + cell for cell in sorted(PONDS))
BLOCK_PLACES = tuple(A.PLACE_BLOCK + b for b in range(len(BLOCK_CELLS)))
IS_POND = tuple(cell in PONDS for cell in range(CELLS))
BONUS_CODES = tuple(A.BONUS + f for f in range(len(C.fruit_names)))
STATUE_FRUIT_CODES = tuple(A.STATUE_FRUIT + f for f in range(len(C.fruit_names)))
LEAVE_OUT_CODES = tuple(A.LEAVE_OUT + f for f in range(len(C.fruit_names)))
WHALE_BEACH_CODES = tuple(A.WHALE_BEACH + b for b in range(len(C.beaches)))
CHOOSE_SHIP = "choose_supplied_ship"

Check: TypeAlias = Callable[["JuicyFruitsState", int], "str | None"]

# ---------------------------------------------------------------------- the gate


def gate(state: JuicyFruitsState, code: int) -> str | None:
    """Whether the action's module is in play and its family is the decision the current player
    faces now (one key for the whole family when it is not)."""
    module = CODE_MODULE[code]
    if module is not None and module not in state.mods:
        return MODULE_OFF
    wanted, phase = CODE_PHASE[code], state.phase
    if wanted == phase:
        return None
    if phase == OVER:
        return GAME_OVER
    if wanted == JUICE and not state.options["juice_factory"]:
        return JUICE_OFF
    if wanted == MOVE and phase == ACTION:
        return MOVE_DONE
    if wanted >= EXPLORE and phase < EXPLORE:
        return NOT_NOW[wanted]
    return PHASE_KEYS[phase]


# ---------------------------------------------------------------------- step 1


def check_move(state: JuicyFruitsState, code: int) -> str | None:
    """D3: slide one of your collectors, advanced collectors or ice cream carts straight across
    free spaces (with AMB-17's variant, as far as it can)."""
    grid = state.grid[state.player]
    if grid[MOVE_FROM[code]] not in MOBILE_PIECES:
        return MOVE_NO_TOKEN
    for cell in MOVE_PATH[code]:
        if grid[cell] >= 0:
            return MOVE_BLOCKED
    if state.options["forced_max_distance"]:
        beyond = MOVE_BEYOND[code]
        if beyond >= 0 and grid[beyond] < 0:
            return MOVE_NOT_FAR
    return None


def blocking_cell(state: JuicyFruitsState, code: int) -> int:
    """The cell that blocks a slide refused as ``move.blocked``: the target of the shortest
    slide on its ray that :func:`check_move` refuses so."""
    start, direction, _distance, _to = SLIDES[code]
    shorter = next(c for c in A.MOVE_CODE[start][direction] if check_move(state, c) == MOVE_BLOCKED)
    return SLIDES[shorter][3]


def check_split(state: JuicyFruitsState, code: int) -> str | None:
    """D5: the advanced collector just moved gives distance + 1 fruits of its two types."""
    to, distance = state.moved
    slot, total, _first = SPLIT_ENTRY[code - A.SPLIT]
    if A.ADVANCED[slot] != state.grid[state.player][to] - TOKEN:
        return SPLIT_OTHER
    if total != distance + 1:
        return SPLIT_TOTAL
    return None


def check_produce(state: JuicyFruitsState, code: int) -> str | None:
    """D6: one marker per space the cart moved, of its ice cream kind or milkshakes, while any are
    left."""
    ice, shakes = PRODUCE_ENTRY[code - A.PRODUCE]
    to, distance = state.moved
    if ice + shakes > distance:
        return PRODUCE_TOO_MANY
    if ice > state.pool[C.all_tokens[state.grid[state.player][to] - TOKEN].kind]:
        return PRODUCE_NO_ICE
    if shakes > state.pool[C.milkshake]:
        return PRODUCE_NO_SHAKE
    return None


# ---------------------------------------------------------------------- step 2


def check_supply(state: JuicyFruitsState, code: int) -> str | None:
    """D8: supply a ship on your beach by paying the fruits it demands."""
    p = state.player
    ship = state.grid[p][SUPPLY_CELL[code - A.SUPPLY]]
    if not 0 <= ship < COLLECTOR:
        return SUPPLY_NO_SHIP
    if not affords(state.reserve[p], DEMAND_NEEDS[ship]):
        return SUPPLY_SHORT
    return None


def check_claim(state: JuicyFruitsState, code: int) -> str | None:
    """D8: claim a token on the business board by paying its row's cost (with a working
    construction office, all but one fruit of it), if it can be placed on your island (AMB-4)."""
    token = CODE_TOKEN[code]
    board = state.board
    if token not in board:
        return CLAIM_GONE
    row = board.index(token) // COLUMNS
    p = state.player
    if "new_business" in state.mods and new_business.office_active(state, p, new_business.CONSTRUCTION):
        if not new_business.leave_out_options(state.reserve[p], C.row_costs[row]):
            return CLAIM_SHORT_OFFICE
    elif not affords(state.reserve[p], ROW_NEEDS[row]):
        return CLAIM_SHORT
    grid = state.grid[p]
    for place in place_candidates(token):
        if placement(grid, token, place) is None:
            return None
    return CLAIM_NO_ROOM


def place_candidates(token: int) -> tuple[int, ...]:
    """The place codes of a token's shape (which of them are free is :func:`placement`'s to say)."""
    if business.CATEGORY[token] == business.PLACEHOLDER:
        return BLOCK_PLACES
    return POND_PLACES if token in new_business.POND_ONLY else SINGLE_PLACES


def placement(grid: list[int], token: int, code: int) -> str | None:
    """D10: a large venue covers a free 2×2 block, a guesthouse at the pond an empty pond, any
    other token one free space."""
    if business.CATEGORY[token] == business.PLACEHOLDER:
        if code < A.PLACE_BLOCK:
            return PLACE_NEEDS_BLOCK
        for cell in BLOCK_CELLS[code - A.PLACE_BLOCK]:
            if grid[cell] >= 0:
                return PLACE_BLOCK_TAKEN
        return None
    if code >= A.PLACE_BLOCK:
        return PLACE_ONE_SPACE
    cell = code - A.PLACE
    if token in new_business.POND_ONLY and not IS_POND[cell]:
        return PLACE_POND_ONLY
    if grid[cell] != EMPTY:
        return PLACE_TAKEN
    return None


def check_place(state: JuicyFruitsState, code: int) -> str | None:
    return placement(state.grid[state.player], state.pending, code)


def check_bonus(state: JuicyFruitsState, code: int) -> str | None:
    """D11: a claimed advanced collector gives one fruit of one of its two types."""
    if code - A.BONUS not in C.all_tokens[state.pending].fruits:
        return BONUS_OTHER
    return None


def check_juice(state: JuicyFruitsState, code: int) -> str | None:
    """D13: pay the next juice space's fruits to move there, at most twice a turn (stopping is
    always allowed)."""
    if code == A.STOP:
        return None
    p = state.player
    position = state.juice[p]
    if position >= SPACES:
        return JUICE_END
    if state.juice_steps >= STEPS_PER_TURN:
        return JUICE_TWICE
    if not affords(state.reserve[p], JUICE_NEEDS[position]):
        return JUICE_SHORT
    return None


def always(state: JuicyFruitsState, code: int) -> str | None:
    """Pass, stop, collect or explore, and a whale's beach: any of them, once it is their moment."""
    return None


# ---------------------------------------------------------------------- the modules


def check_statue(state: JuicyFruitsState, code: int) -> str | None:
    """D7: statue 5 scores one of the ships you supplied, statue 7 one fruit type."""
    wants_ship = mystic.TILES[state.pending_statue - 1].effect == CHOOSE_SHIP
    if code >= A.STATUE_FRUIT:
        return STATUE_SHIP_WANTED if wants_ship else None
    if not wants_ship:
        return STATUE_FRUIT_WANTED
    if code - A.STATUE_SHIP not in state.supplied[state.player]:
        return STATUE_NOT_SUPPLIED
    return None


def check_boulder(state: JuicyFruitsState, code: int) -> str | None:
    """D1: each of the four dealt boulders goes on one of your corners."""
    if code - A.BOULDER not in corners_left(state, state.player):
        return BOULDER_NOT_DEALT
    return None


def check_leave_out(state: JuicyFruitsState, code: int) -> str | None:
    """D9: the construction office leaves out one fruit the row shows, if you can pay the rest."""
    cost = C.row_costs[state.board.index(state.pending) // business.COLUMNS]
    if code - A.LEAVE_OUT not in new_business.leave_out_options(state.reserve[state.player], cost):
        return LEAVE_OUT_SHORT
    return None


def check_watch(state: JuicyFruitsState, code: int) -> str | None:
    """D14: each of your whale-watching tokens moves once, at the end of your turn, through free
    spaces (or stays)."""
    slot, cell = divmod(code - A.WATCH, CELLS)
    p = state.player
    token = new_business.WHALE_TOKENS[slot]
    if token not in state.owned[p]:
        return WATCH_NOT_YOURS
    if slot in state.watched:
        return WATCH_MOVED
    grid = state.grid[p]
    if cell not in new_business.reachable(grid, grid.index(TOKEN + token)):
        return WATCH_UNREACHABLE
    return None


KIND_CHECK: dict[str, Check] = {
    "move": check_move,
    "split": check_split,
    "produce": check_produce,
    "supply": check_supply,
    "claim": check_claim,
    "pass": always,
    "place": check_place,
    "place_block": check_place,
    "bonus": check_bonus,
    "juice": check_juice,
    "stop": check_juice,
    "collect": always,
    "explore": always,
    "statue_ship": check_statue,
    "statue_fruit": check_statue,
    "boulder": check_boulder,
    "leave_out": check_leave_out,
    "whale_beach": always,
    "watch": check_watch,
}
#: Per code: the check of its family.
CODE_CHECK: tuple[Check, ...] = tuple(KIND_CHECK[a.kind] for a in _ACTIONS)


def refusal(state: JuicyFruitsState, code: int) -> str | None:
    """The key of the rule the action ``code`` breaks now, or ``None`` if it is legal."""
    return gate(state, code) or CODE_CHECK[code](state, code)


# ---------------------------------------------------------------------- legal actions


def move_codes(state: JuicyFruitsState) -> list[int]:
    """The legal slides: each mobile piece's, ray by ray. A slide that is blocked blocks every
    longer one on its ray (they cross the same cell), so the ray ends there."""
    codes: list[int] = []
    check, blocked, rays = check_move, MOVE_BLOCKED, A.MOVE_CODE
    for cell in state.mobile[state.player]:
        for ray in rays[cell]:
            for code in ray:
                rule = check(state, code)
                if rule is None:
                    codes.append(code)
                elif rule == blocked:
                    break
    return codes  # mobile cells are sorted and codes follow (cell, direction, distance)


def produce_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in PRODUCE_CODES if check_produce(state, code) is None]


def _step2_codes(state: JuicyFruitsState) -> list[int]:
    codes = [code for code in SUPPLY_CODES if check_supply(state, code) is None]
    codes += [CLAIM_CODES[t] for t in state.board if t >= 0 and check_claim(state, CLAIM_CODES[t]) is None]
    codes.append(A.PASS)
    codes.sort()
    return codes


def _split_codes(state: JuicyFruitsState) -> list[int]:
    slot = A.ADVANCED.index(state.grid[state.player][state.moved[0]] - TOKEN)
    return [code for code in SPLITS_OF_SLOT[slot] if check_split(state, code) is None]


def _place_codes(state: JuicyFruitsState) -> list[int]:
    token, grid = state.pending, state.grid[state.player]
    return [code for code in place_candidates(token) if placement(grid, token, code) is None]


def _bonus_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in BONUS_CODES if check_bonus(state, code) is None]


def _juice_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in (A.JUICE, A.STOP) if check_juice(state, code) is None]


def _explore_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in (A.COLLECT, A.EXPLORE) if always(state, code) is None]


def _statue_codes(state: JuicyFruitsState) -> list[int]:
    ships = [A.STATUE_SHIP + ship for ship in sorted(state.supplied[state.player])]
    return [code for code in (*ships, *STATUE_FRUIT_CODES) if check_statue(state, code) is None]


def _boulder_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in sorted(A.BOULDER + b for b in state.boulder_set) if check_boulder(state, code) is None]


def _leave_out_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in LEAVE_OUT_CODES if check_leave_out(state, code) is None]


def _whale_codes(state: JuicyFruitsState) -> list[int]:
    return [code for code in WHALE_BEACH_CODES if always(state, code) is None]


def _watch_codes(state: JuicyFruitsState) -> list[int]:
    codes: list[int] = []
    for slot in new_business.owned_whales(state, state.player):
        first = A.WATCH + slot * CELLS
        codes += [code for code in range(first, first + CELLS) if check_watch(state, code) is None]
    return codes


def _none(state: JuicyFruitsState) -> list[int]:
    return []


#: Per phase: the legal codes of the one family the gate lets through.
PHASE_CODES: tuple[Callable[[JuicyFruitsState], list[int]], ...] = (
    move_codes,
    _split_codes,
    produce_codes,
    _step2_codes,
    _place_codes,
    _bonus_codes,
    _juice_codes,
    _none,
    _explore_codes,
    _statue_codes,
    _boulder_codes,
    _leave_out_codes,
    _whale_codes,
    _watch_codes,
)


def legal_codes(state: JuicyFruitsState) -> list[int]:
    """The legal codes now, sorted: the candidates of the current decision its checks let pass."""
    return PHASE_CODES[state.phase](state)


def can_make_juice(state: JuicyFruitsState) -> bool:
    return check_juice(state, A.JUICE) is None
