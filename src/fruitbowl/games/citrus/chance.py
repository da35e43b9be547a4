"""Citrus' random events as chance nodes: what each one decides and its outcomes' table.

Every random event of Citrus is public (a tile drawn from the bag, a landscape tile dealt, a
Finca or a building site turned face up) and is drawn from an unordered pile: a draw says which
*kind* of thing comes out ("which tile", never "which permutation"), with the probability of its
copies among what is left. Identical copies (three 8/4 Fincas, four Bulls) are one outcome; the
state takes the lowest-numbered copy still in the pile.

The first word of each outcome's text names its kind (``landscape``, ``finca``, ``site``,
``tile``, ``first``), which a duplicate tournament's dealer streams by.
"""

from __future__ import annotations

from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.errors import ComponentDataError

from .components import BOARDS
from .components import COMPONENTS as C

__all__ = [
    "CHANCE_TABLE",
    "FINCA_GROUP",
    "FINCA_GROUPS",
    "FINCA_OUTCOME",
    "LAND_GROUP",
    "LAND_GROUPS",
    "LAND_OUTCOME",
    "SEAT_OUTCOME",
    "SITE_OUTCOME",
    "TILE_OUTCOME",
]

# What a chance node decides (the state's ``chance``; 0: a player acts).
NO_CHANCE, LANDSCAPE_DRAW, START_DRAW, FINCA_DRAW, SITE_DRAW, FIRST_DRAW, REFILL_DRAW = range(7)
# What follows a finished refill (the state's ``resume``).
RESUME_PLAY, RESUME_TURN = range(2)

#: The different landscape tiles, each once: (kind, value) in the order of their first copy.
LAND_GROUPS: tuple[tuple[str, int], ...] = tuple(dict.fromkeys(C.landscape))
#: Per landscape tile id: its group (copies of one tile share it).
LAND_GROUP: tuple[int, ...] = tuple(LAND_GROUPS.index(tile) for tile in C.landscape)
#: The different Finca tiles, each once: (high, low).
FINCA_GROUPS: tuple[tuple[int, int], ...] = tuple(dict.fromkeys(C.fincas))
#: Per Finca tile id: its group.
FINCA_GROUP: tuple[int, ...] = tuple(FINCA_GROUPS.index(finca) for finca in C.fincas)
#: The groupings whose copies have consecutive ids (as ``data.toml`` lists them), by ``id()``.
_CONSECUTIVE = {id(group) for group in (LAND_GROUP, FINCA_GROUP) if list(group) == sorted(group)}
#: The building sites' letters of the side with the most; an outcome ``site F`` names a site by
#: its index, so every side's letters must run as these do (A, B, C…).
SITE_LETTERS: tuple[str, ...] = max((board.site_letters for board in BOARDS.values()), key=len)
for _board in BOARDS.values():
    if _board.site_letters != SITE_LETTERS[: len(_board.site_letters)]:
        raise ComponentDataError(
            f"the {_board.side} side's building sites must be lettered in order from A, as the other side's are"
        )

LAND_OUTCOME = 0
FINCA_OUTCOME = LAND_OUTCOME + len(LAND_GROUPS)
SITE_OUTCOME = FINCA_OUTCOME + len(FINCA_GROUPS)
TILE_OUTCOME = SITE_OUTCOME + len(SITE_LETTERS)
SEAT_OUTCOME = TILE_OUTCOME + C.kinds


def _landscape_text(kind: str, value: int) -> str:
    return f"landscape {kind} {value}" if value else f"landscape {kind}"


def _chance_table() -> ActionTable:
    outcomes = [
        Action(LAND_OUTCOME + g, _landscape_text(kind, value), "landscape", {"landscape": kind, "value": value})
        for g, (kind, value) in enumerate(LAND_GROUPS)
    ]
    outcomes += [
        Action(FINCA_OUTCOME + g, f"finca {high}/{low}", "finca", {"high": high, "low": low})
        for g, (high, low) in enumerate(FINCA_GROUPS)
    ]
    outcomes += [
        Action(SITE_OUTCOME + s, f"site {letter}", "site", {"site": s, "letter": letter})
        for s, letter in enumerate(SITE_LETTERS)
    ]
    outcomes += [
        Action(
            TILE_OUTCOME + k,
            f"tile {C.kind_text(k)}",
            "tile",
            {"plantation": k, "type": C.types[k >> 1], "well": bool(k & 1)},
        )
        for k in range(C.kinds)
    ]
    outcomes += [
        Action(SEAT_OUTCOME + seat, f"first seat {seat + 1}", "first", {"seat": seat}) for seat in range(C.max_players)
    ]
    return ActionTable(outcomes)


#: Every outcome of a Citrus chance node (one table for both sides of the board).
CHANCE_TABLE = _chance_table()


def grouped(pile: list[int], group: tuple[int, ...], first: int) -> list[tuple[int, float]]:
    """The outcomes of a draw from ``pile`` (ids): each group with a copy left, by code
    (``first`` + group), with the share of the pile its copies make."""
    counts = [0] * (max(group) + 1)
    for item in pile:
        counts[group[item]] += 1
    each = 1.0 / len(pile)
    return [(first + g, count * each) for g, count in enumerate(counts) if count]


def pick_grouped(pile: list[int], group: tuple[int, ...], u: float) -> int:
    """The group a draw with ``u`` (in [0, 1)) takes from a sorted ``pile``: the ``floor(u ×
    size)``-th copy's, counting the copies group by group as :func:`grouped` lists them."""
    at = int(u * len(pile))
    if id(group) in _CONSECUTIVE:
        return group[pile[at]]  # (a sorted pile lists the copies group by group)
    counts = [0] * (max(group) + 1)
    for item in pile:
        counts[group[item]] += 1
    for g, count in enumerate(counts):
        if at < count:
            return g
        at -= count
    raise AssertionError("the pile is empty")


def lowest_copy(pile: list[int], group: tuple[int, ...], g: int) -> int:
    """The lowest-numbered id of group ``g`` in ``pile`` (the copy a draw of ``g`` takes)."""
    for item in pile:
        if group[item] == g:
            return item
    raise ValueError(f"no copy of outcome group {g} is left in the pile")
