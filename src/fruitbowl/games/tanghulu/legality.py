"""Tang Hu Lu's legality, each rule written once (see :mod:`fruitbowl.engine.legality`).

Every rule is a check that returns ``None`` when it allows the action, else a refusal key
(``text.REFUSALS`` words each one). The legal actions are the candidates the checks allow, and a
refused action is explained by the same checks, so the two cannot disagree.

A turn's decisions come one at a time, and the phase says which one is pending:

=========  ===========================================================  ==================
phase      decision (rules "Decision points")                           families
=========  ===========================================================  ==================
DIE_TILE   D1: place the die's fruit tile on a stick or return it         place, return
GARNISH    D2: garnish a complete stick in a sugar window, or pass        garnish, pass
PATTERN    D3: the pattern (reward) for a completed stick                 pattern
ACTION     D4: work (action A) or buy (action B)                          work, buy
SHOP       D5: buy another tile or stop                                   buy, stop
OVER       the game is over (the engine refuses everything then)          —
=========  ===========================================================  ==================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from fruitbowl.engine.legality import GAME_OVER

from . import actions as A
from .components import COMPONENTS as C
from .patterns import PATTERN_NAMES

if TYPE_CHECKING:
    from .rules import TangHuLuState

# Phases: which decision the seat to act faces.
DIE_TILE, GARNISH, PATTERN, ACTION, SHOP, OVER = range(6)
PHASE_NAMES = ("die_tile", "garnish", "pattern", "action", "shop", "over")

STICKS, SPOTS, SPACES = C.sticks, C.spots, len(C.spaces)

#: The phases in which each family of actions is the decision (the table above).
FAMILY_PHASES: dict[str, tuple[int, ...]] = {
    "place": (DIE_TILE,),
    "return": (DIE_TILE,),
    "garnish": (GARNISH,),
    "pass": (GARNISH,),
    "pattern": (PATTERN,),
    "work": (ACTION,),
    "buy": (ACTION, SHOP),
    "stop": (SHOP,),
}
#: A decision that must be taken before anything else: the key refusing every other family then.
PENDING = {DIE_TILE: "phase.die_tile", GARNISH: "phase.garnish_window", PATTERN: "phase.pattern"}
#: The key refusing a family in the action or shopping phase, when it is not that family's turn.
OUT_OF_TURN = {
    "place": "place.no_die_tile",  # the die's tile is dealt with first, or there is none
    "return": "place.no_die_tile",
    "pattern": "pattern.none_waiting",
    "work": "work.already_buying",  # (in the shopping phase)
    "stop": "stop.nothing_bought",  # (in the action phase)
}


# ---------------------------------------------------------------------- the rules


def turn_gate(state: TangHuLuState, family: str) -> str | None:
    """A family is decided only in its phases, and a pending decision (D1–D3) comes first; but
    garnishing outside a window is refused as such: only a sugar roll opens one (AMB-7, AMB-8)."""
    phase = state.phase
    if phase in FAMILY_PHASES[family]:
        return None
    if family == "garnish" or family == "pass":
        return "garnish.window_closed" if state.die == "sugar" else "garnish.no_window"
    return PENDING.get(phase) or OUT_OF_TURN.get(family, GAME_OVER)


def stick_open(state: TangHuLuState, seat: int, stick: int) -> str | None:
    """A stick holds ``spots`` tiles, placed from the bottom (§6)."""
    return "stick.full" if len(state.sticks[seat][stick]) >= SPOTS else None


def can_garnish(state: TangHuLuState, seat: int) -> str | None:
    """Garnishing costs drops, and only once per sugar window unless ``multi_garnish`` (AMB-8)."""
    if state.drops[seat] < C.garnish_cost:
        return "garnish.too_few_drops"
    if state.window_garnished[seat] and not state.options["multi_garnish"]:
        return "garnish.once_per_window"
    return None


def garnishable_stick(state: TangHuLuState, seat: int, stick: int) -> str | None:
    """Only a complete stick is garnished, and only once (§8)."""
    if len(state.sticks[seat][stick]) < SPOTS:
        return "garnish.stick_incomplete"
    if state.garnished[seat][stick]:
        return "garnish.already_garnished"
    return None


def pattern_fits(state: TangHuLuState, pattern: int) -> str | None:
    """The reward chosen must be one the completed stick makes (§7.2)."""
    return None if pattern in state.pattern_options else "pattern.not_possible"


def affordable(state: TangHuLuState, seat: int) -> str | None:
    """The next tile costs the till plus the money bags on the empty spaces (AMB-16)."""
    return "buy.too_dear" if state.coins[seat] < state.price() else None


def space_filled(state: TangHuLuState, space: int) -> str | None:
    """A tile is bought from a store space that holds one."""
    return "buy.space_empty" if state.store[space] < 0 else None


# ---------------------------------------------------------------------- legal actions, made from the rules


def garnishable(state: TangHuLuState, seat: int) -> list[int]:
    """The sticks ``seat`` may garnish in a sugar window (also: whom the window passes to)."""
    if can_garnish(state, seat) is not None:
        return []
    return [stick for stick in range(STICKS) if garnishable_stick(state, seat, stick) is None]


def buys(state: TangHuLuState, seat: int) -> list[int]:
    """The codes of the purchases ``seat`` can make (shopping ends by itself without one, D5)."""
    if affordable(state, seat) is not None:
        return []
    open_sticks = [stick for stick in range(STICKS) if stick_open(state, seat, stick) is None]
    if not open_sticks:
        return []
    base = A.BUY
    return [
        base + space * STICKS + stick
        for space in range(SPACES)
        if space_filled(state, space) is None
        for stick in open_sticks
    ]


def _places(state: TangHuLuState, seat: int) -> list[int]:
    return [A.PLACE + stick for stick in range(STICKS) if stick_open(state, seat, stick) is None]


def _patterns(state: TangHuLuState, seat: int) -> list[int]:
    return [A.PATTERN + pattern for pattern in range(len(PATTERN_NAMES)) if pattern_fits(state, pattern) is None]


def _garnishes(state: TangHuLuState, seat: int) -> list[int]:
    return [A.GARNISH + stick for stick in garnishable(state, seat)]


#: Per family with rules of its own: its candidates that those rules allow (the turn gate aside).
_RULED: dict[str, Callable[[TangHuLuState, int], list[int]]] = {
    "place": _places,
    "garnish": _garnishes,
    "pattern": _patterns,
    "buy": buys,
}
_Plan: TypeAlias = "tuple[tuple[int, ...], Callable[[TangHuLuState, int], list[int]] | None, tuple[int, ...]]"


def _plan(phase: int) -> _Plan:
    """The families the turn gate lets through in ``phase``, in code order (so codes come sorted): the
    codes of those whose only rule is the gate (return, pass, work, stop), around the one with rules."""
    before: list[int] = []
    after: list[int] = []
    ruled = None
    for code in range(len(A.ACTION_TABLE)):
        family = A.ACTION_TABLE[code].kind
        if phase not in FAMILY_PHASES[family]:
            continue
        if family in _RULED:
            assert ruled in (None, _RULED[family]), "one family with rules per phase"
            ruled = _RULED[family]
        else:
            (before if ruled is None else after).append(code)
    return tuple(before), ruled, tuple(after)


_PLANS = tuple(_plan(phase) for phase in range(len(PHASE_NAMES)))


def legal_codes(state: TangHuLuState) -> list[int]:
    """The codes every check allows, sorted: the families open in this phase, each filtered by its rules."""
    before, ruled, after = _PLANS[state.phase]
    if ruled is None:
        return [*before, *after]
    return [*before, *ruled(state, state.player), *after]


# ---------------------------------------------------------------------- refusals, from the same rules


def refusal(state: TangHuLuState, family: str, fields: Mapping[str, Any]) -> str | None:
    """The key of the first rule that refuses an action of ``family`` with these fields (``None``: legal)."""
    gate = turn_gate(state, family)
    seat = state.player
    if gate == "garnish.window_closed" and family == "garnish" and not state.window_garnished[seat]:
        # a window that passed this seat by: why it could not garnish says more than "closed"
        return can_garnish(state, seat) or garnishable_stick(state, seat, fields["stick"]) or gate
    if gate is not None:
        return gate
    if family == "place":
        return stick_open(state, seat, fields["stick"])
    if family == "garnish":
        return can_garnish(state, seat) or garnishable_stick(state, seat, fields["stick"])
    if family == "pattern":
        return pattern_fits(state, PATTERN_NAMES.index(fields["pattern"]))
    if family == "buy":
        space, stick = fields["space"], fields["stick"]
        return affordable(state, seat) or space_filled(state, space) or stick_open(state, seat, stick)
    return None  # return, pass, work, stop: the turn gate is their only rule
