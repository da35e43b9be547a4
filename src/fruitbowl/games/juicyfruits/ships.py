"""Ships and islands at setup: the two linen bags, 6 + 6 ships on the beaches, collectors on ponds.

The bags are kept as *sorted* lists: a bag has contents but no hidden order, and which ship comes
out is decided when it is drawn, at a chance node (:mod:`.draws`). Multiplayer bags are never
drawn from after setup (§3).
"""

from __future__ import annotations

from .components import COMPONENTS as C

BACKS = ("orange", "green")
DEMANDS = tuple(ship.demand for ship in C.ships)
SHIP_POINTS = tuple(ship.points for ship in C.ships)


def fill_bags() -> list[list[int]]:
    """The two bags, sorted by ship index: orange backs (simple ships), then green backs."""
    return [[i for i, ship in enumerate(C.ships) if ship.back == back] for back in BACKS]


def can_pay(reserve: list[int], cost: tuple[int, ...]) -> bool:
    for have, need in zip(reserve, cost, strict=True):  # noqa: SIM110 (a loop is faster than all(); asked often)
        if have < need:
            return False
    return True


Needs = tuple[tuple[int, int], ...]


def needs(cost: tuple[int, ...]) -> Needs:
    """A cost as its (fruit, count) pairs of the fruits it asks for, which :func:`affords` reads."""
    return tuple((fruit, need) for fruit, need in enumerate(cost) if need)


def affords(reserve: list[int], wanted: Needs) -> bool:
    """:func:`can_pay` for a cost given as :func:`needs` (the legal moves ask this often)."""
    for fruit, need in wanted:  # noqa: SIM110 (a loop is faster than all())
        if reserve[fruit] < need:
            return False
    return True


DEMAND_NEEDS = tuple(needs(demand) for demand in DEMANDS)


def pay(reserve: list[int], cost: tuple[int, ...]) -> None:
    for fruit, need in enumerate(cost):
        reserve[fruit] -= need
