"""Island geometry: 25 integer cells, their names, straight rays and 2×2 blocks, all precomputed.

A cell is ``row * 5 + column`` with row 0 the north edge (far from the owner) and column 0 the
west. Players read cells like a chess board seen from the owner's chair: files ``a``–``e``
west to east and ranks ``1``–``5`` from the owner's (south) edge, so ``a1`` is the south-west
corner and ``c3`` the centre pond. Everything the step-1 slide and the placement rules need
(rays per direction, the 16 block origins and their cells) is a tuple lookup.
"""

from __future__ import annotations

from .components import BEACH_NAMES
from .components import COMPONENTS as C

SIZE = C.size
CELLS = SIZE * SIZE
DIRECTIONS = ("north", "east", "south", "west")
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))


def cell_of(row: int, col: int) -> int:
    return row * SIZE + col


def cell_name(cell: int) -> str:
    row, col = divmod(cell, SIZE)
    return f"{'abcde'[col]}{SIZE - row}"


CELL_NAMES = tuple(cell_name(c) for c in range(CELLS))

#: RAYS[cell][direction]: the cells straight ahead, nearest first, up to the edge.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            cell_of(r + k * dr, c + k * dc) for k in range(1, SIZE) if 0 <= r + k * dr < SIZE and 0 <= c + k * dc < SIZE
        )
        for dr, dc in _STEP
    )
    for r, c in (divmod(cell, SIZE) for cell in range(CELLS))
)

#: The 12 beach cells in N, E, S, W order, and each beach's three cells.
BEACHES: tuple[tuple[int, ...], ...] = tuple(tuple(cell_of(r, c) for r, c in beach) for beach in C.beaches)
BEACH_CELLS: tuple[int, ...] = tuple(cell for beach in BEACHES for cell in beach)
BEACH_OF: dict[int, str] = {cell: BEACH_NAMES[i] for i, beach in enumerate(BEACHES) for cell in beach}
PONDS: tuple[int, ...] = tuple(cell_of(r, c) for r, c in C.ponds)
CORNERS: tuple[int, ...] = (cell_of(0, 0), cell_of(0, SIZE - 1), cell_of(SIZE - 1, 0), cell_of(SIZE - 1, SIZE - 1))


def space_kind(cell: int) -> str:
    if cell in BEACH_OF:
        return "beach"
    if cell in PONDS:
        return "pond"
    if cell in CORNERS:
        return "corner"
    return "inland"


SPACE_KINDS = tuple(space_kind(c) for c in range(CELLS))

#: The 16 blocks a large venue may cover (``C.venue_side`` spaces square, 2×2), named by their
#: north-west cell, and their four cells.
VENUE_SIDE = C.venue_side
#: ``2×2``: a large venue's block as the players' texts name it (read from the data, never typed)
VENUE_SIZE = f"{VENUE_SIDE}×{VENUE_SIDE}"
BLOCK_ORIGINS: tuple[int, ...] = tuple(
    cell_of(r, c) for r in range(SIZE - VENUE_SIDE + 1) for c in range(SIZE - VENUE_SIDE + 1)
)
BLOCK_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(o + r * SIZE + c for r in range(VENUE_SIDE) for c in range(VENUE_SIDE)) for o in BLOCK_ORIGINS
)


def block_name(block: int) -> str:
    """``a5-b4``: the north-west and south-east cells of a block."""
    cells = BLOCK_CELLS[block]
    return f"{CELL_NAMES[cells[0]]}-{CELL_NAMES[cells[-1]]}"


#: Every straight slide on the grid as (from, direction, distance, to), in a fixed order.
SLIDES: tuple[tuple[int, int, int, int], ...] = tuple(
    (cell, d, k + 1, to) for cell in range(CELLS) for d in range(4) for k, to in enumerate(RAYS[cell][d])
)

# ---------------------------------------------------------------- what a cell holds
#: A grid entry is one int: EMPTY, or a piece code = kind base + index into its component list.
EMPTY = -1
SHIP = 0  # + ship index (0..49)
COLLECTOR = 100  # + fruit index (0..4)
TOKEN = 200  # + business token index (0..23)
VENUE = 300  # + large venue index (0..5); one code on each of its four cells


def free_cells(grid: list[int]) -> list[int]:
    return [cell for cell in range(CELLS) if grid[cell] < 0]


def free_blocks(grid: list[int]) -> list[int]:
    """Indices of the 2×2 blocks whose four cells are all free."""
    return [
        b for b, (w, x, y, z) in enumerate(BLOCK_CELLS) if grid[w] < 0 and grid[x] < 0 and grid[y] < 0 and grid[z] < 0
    ]


def has_free_block(grid: list[int]) -> bool:
    return any(grid[w] < 0 and grid[x] < 0 and grid[y] < 0 and grid[z] < 0 for w, x, y, z in BLOCK_CELLS)


def empty_beaches(grid: list[int]) -> int:
    """Beaches none of whose three spaces still holds a ship."""
    return sum(1 for beach in BEACHES if all(not 0 <= grid[cell] < COLLECTOR for cell in beach))
