"""The business board: waiting spaces, the license track, token effects and stall scoring.

The board is 5 rows × 4 columns (row 1 cheapest); a player count of N fills columns 1…N
(solo: all four). Tokens are indices into ``COMPONENTS.tokens``; -1 is an empty space.
Claimed tokens are never replaced, and the license marker counts the claims left until X.
"""

from __future__ import annotations

from .components import COMPONENTS as C
from .island import BEACHES, COLLECTOR, empty_beaches

ROWS = len(C.row_costs)
COLUMNS = C.columns
PLACEHOLDER, SMALL_VENUE, STALL, ADVANCED, CART = (
    "placeholder",
    "small_venue",
    "stall",
    "advanced_collector",
    "ice_cream_cart",
)
CATEGORY = tuple(t.category for t in C.all_tokens)


def columns_in_play(num_players: int) -> int:
    return COLUMNS if num_players == 1 else num_players


def full_beaches(grid: list[int]) -> int:
    """Beaches whose 3 spaces all still hold their ship (Module 3's Harbor tour)."""
    return sum(1 for beach in BEACHES if all(0 <= grid[cell] < COLLECTOR for cell in beach))


def row_of(space: int) -> int:
    return space // COLUMNS


def stars(owned: list[int]) -> int:
    """Star icons on a player's venues (small and large)."""
    return sum(C.all_tokens[t].stars for t in owned)


def stall_points(token: int, grid: list[int], owned: list[int], supplied: int, fruits: int, milkshakes: int = 0) -> int:
    """A stall's end-of-game score for its owner (§2.6 T11–T14; Module 3's X05, X06)."""
    spec = C.all_tokens[token]
    formula = spec.formula
    if formula == "per_full_beach":
        units = full_beaches(grid)
    elif formula == "per_milkshake":
        units = milkshakes
    elif formula == "per_empty_beach":
        units = empty_beaches(grid)
    elif formula == "per_supplied_ship":
        units = supplied
    elif formula == "per_star":
        units = stars(owned)
    else:
        units = fruits // 2
    return spec.points * units
