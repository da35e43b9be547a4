"""Juicy Fruits as numbers: a fixed-length vector of what one seat's view shows, for learning agents.

Seats are listed starting with the viewer, then in turn order. Every value is scaled to about
[0, 1]. The layout:

* the decision: phase (8), the moved token's cell (25) and distance, juice steps this turn;
* the table: round, quiet rounds, licenses left, at X, end triggered, business columns in play,
  the business board (5 rows × 4 spaces × (present, category 5, points)), ice cream pools
  (6 × (left, next value)), ship bags, large venues waiting, Pineapple (score, bag, drawn),
  first player and player to act (relative, one-hot);
* each seat: score, reserve fruits (5), markers (6), juice, stars, turns, empty beaches,
  supplied ships, tokens claimed, and its 25 cells × (piece type 4, fruits 5, ship demand 5,
  points, token category 5).

With Mystic Island modules the vector grows by a fixed block per module in play (so a base
game's vector is unchanged): the module phases (6) always, then

* Mystic Island: the 25 board cells × (statue present, tile number, plateau value), each
  explorer's cell (one-hot 25, viewer first; Pineapple's last in solo), statues collected per
  seat, the statue choice pending;
* boulders: the 4 dealt boulders × (tile 8 one-hot, side), the tray counts, and per seat its
  4 corners (boulder still there) and boulders removed;
* new business: the 2 whales × (beach one-hot 4, owned by the viewer, by another seat), three
  per row, and per seat its active offices (2) and its 25 cells × (boulder, admin, whale
  watching, guesthouse).

:func:`encode` reads the state directly (the game has no private hands: every seat's view is
the same apart from ``viewer``, so the seat only decides the order of the seats). Building the
JSON view first would cost many engine steps, so the positions of every entry are worked out
once, per player count and module set, into lookup tables: a piece on a cell, a token on a board
space or a pool level is one lookup giving the positions and values of its nonzero entries. The
test-only reference encoder of the view (``tests/games/juicyfruits/observation_reference.py``)
is the layout as first written; the tests check the two agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fruitbowl.engine.observation import Observation

from . import island
from . import mystic as mystic_board
from .boulders import BOULDER, BOULDERS
from .components import COMPONENTS as C
from .new_business import WHALE_TOKENS

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

PHASES = ("move", "split", "produce", "action", "place", "bonus", "juice", "over")
PIECES = ("ship", "collector", "token", "venue")
CATEGORIES = ("placeholder", "small_venue", "stall", "advanced_collector", "ice_cream_cart")
FRUITS = tuple(C.fruit_names)
MARKERS = ("yellow", "green", "red", "orange", "purple", "milkshake")
CELLS = 25
CELL = len(PIECES) + len(FRUITS) * 2 + 1 + len(CATEGORIES)
SEAT = 1 + len(FRUITS) + len(MARKERS) + 6 + CELLS * CELL
ROWS, COLUMNS = 5, 4


MODULE_PHASES = ("explore", "statue", "arrange", "discount", "whale", "watch")
BEACHES = ("N", "E", "S", "W")


def observation_size(num_players: int, modules: frozenset[str] = frozenset()) -> int:
    decision = len(PHASES) + CELLS + 2
    table = 6 + ROWS * COLUMNS * (2 + len(CATEGORIES)) + len(MARKERS) * 2 + 2 + 1 + 3 + 2 * num_players
    size = decision + table + num_players * SEAT
    if modules:
        size += len(MODULE_PHASES)
    if "mystic_island" in modules:
        explorers = num_players + (num_players == 1)
        size += CELLS * 3 + explorers * CELLS + num_players + 1
    if "boulders" in modules:
        size += 4 * 9 + 4 + num_players * 5
    if "new_business" in modules:
        size += 2 * 6 + 1 + num_players * (2 + CELLS * 4)
    return size


# ---------------------------------------------------------------------- fixed positions

N_PHASES = len(PHASES)
OVER = PHASES.index("over")  # state.phase numbers PHASES, then MODULE_PHASES (legality.PHASE_NAMES)
MOVED_AT = len(PHASES)
DISTANCE_AT = MOVED_AT + CELLS
JUICE_AT = DISTANCE_AT + 1
ROUND_AT = JUICE_AT + 1
QUIET_AT, LICENSE_AT, AT_X_AT, END_AT, COLUMNS_AT = range(ROUND_AT + 1, ROUND_AT + 6)
BOARD_AT = COLUMNS_AT + 1
SPACE = 2 + len(CATEGORIES)  # present, category, points
POOLS_AT = BOARD_AT + ROWS * COLUMNS * SPACE
BAGS_AT = POOLS_AT + 2 * len(MARKERS)
VENUES_AT = BAGS_AT + 2
SOLO_AT = VENUES_AT + 1
TURN_AT = SOLO_AT + 3  # first player (n), then the player to act (n); the seats follow
#: Within a seat's block.
RESERVE_AT = 1
MARKERS_AT = RESERVE_AT + len(FRUITS)
JUICE_POS_AT = MARKERS_AT + len(MARKERS)
GRID_AT = JUICE_POS_AT + 6
#: Within a cell.
FRUIT_AT = len(PIECES)
DEMAND_AT = FRUIT_AT + len(FRUITS)
POINTS_AT = DEMAND_AT + len(FRUITS)
CATEGORY_AT = POINTS_AT + 1

CODES = BOULDER + len(BOULDERS)  # grid codes run below this (see island.py, boulders.py)
BEACH_TRIPLES = tuple(tuple(beach) for beach in island.BEACHES)
CORNERS = island.CORNERS
STARS = tuple(t.stars for t in C.all_tokens)
PLACEHOLDER = tuple(t.category == "placeholder" for t in C.all_tokens)
JUICE_DIV = max(1, C.juice_steps_per_turn)  # the view's max_steps

Entries = list[tuple[int, float]]  # (offset in a block, value) of the nonzero entries, left to right
Positions = tuple[int, ...]
Values = tuple[float, ...]

# Lookup tables are indexed by a grid code, a token or a count, and give the positions and the
# values of the nonzero entries that piece, token or count writes (values do not depend on where
# the block is, so they are shared; positions are per layout).


def _token_points(token: int) -> int:
    """The ``points`` a token's view shows (stalls, small venues, placeholders), else 0."""
    spec = C.all_tokens[token]
    if spec.category in ("advanced_collector", "ice_cream_cart", "admin", "whale_watching"):
        return 0
    return spec.points


def _piece_entries(code: int) -> Entries:
    """A grid piece within its cell block: type 4, fruits 5, demand 5, points, category 5."""
    entries: Entries = []
    if code < island.COLLECTOR:
        ship = C.ships[code - island.SHIP]
        entries.append((0, 1.0))
        entries += [(DEMAND_AT + f, min(n, 5) / 5) for f, n in enumerate(ship.demand) if n]
        if ship.points:
            entries.append((POINTS_AT, min(ship.points, 10) / 10))
    elif code < island.TOKEN:
        entries += [(1, 1.0), (FRUIT_AT + code - island.COLLECTOR, 1.0)]
    elif code < island.VENUE:
        token = code - island.TOKEN
        spec = C.all_tokens[token]
        entries.append((2, 1.0))
        if spec.category == "advanced_collector":
            entries += [(FRUIT_AT + f, 1.0) for f in sorted(set(spec.fruits))]
        points = _token_points(token)
        if points:
            entries.append((POINTS_AT, min(points, 10) / 10))
        if spec.category in CATEGORIES:
            entries.append((CATEGORY_AT + CATEGORIES.index(spec.category), 1.0))
    elif code < BOULDER:
        venue = C.all_venues[code - island.VENUE]
        entries.append((3, 1.0))
        if venue.points:
            entries.append((POINTS_AT, min(venue.points, 10) / 10))
    return entries  # a boulder is none of the piece types: an empty block


def _nb_entries(code: int) -> Entries:
    """New business's cell block: boulder, admin, whale watching, guesthouse."""
    if code >= BOULDER:
        return [(0, 1.0)]
    entries: Entries = []
    if island.TOKEN <= code < island.VENUE:
        spec = C.all_tokens[code - island.TOKEN]
        if spec.category == "admin":
            entries.append((1, 1.0))
        if spec.category == "whale_watching":
            entries.append((2, 1.0))
        if spec.pond_only:
            entries.append((3, 1.0))
    return entries


def _token_entries(token: int) -> Entries:
    """A token waiting on a business board space: present, category 5, points."""
    spec = C.all_tokens[token]
    entries = [(0, 1.0)]
    if spec.category in CATEGORIES:
        entries.append((1 + CATEGORIES.index(spec.category), 1.0))
    points = _token_points(token)
    if points:
        entries.append((SPACE - 1, min(points, 10) / 10))
    return entries


def _pool_entries(kind: int, left: int) -> Entries:
    """An ice cream pool with ``left`` markers: left / pool size, the next marker's value / 5."""
    pool = C.ice_values[kind]
    if not left:
        return []
    entries = [(0, left / max(1, len(pool)))]
    if pool[-left]:
        entries.append((1, pool[-left] / 5))
    return entries


def _statue_entries(cell: int, tile: int) -> Entries:
    """A Mystic Island cell with statue ``tile`` (0: none): present, tile / 13, plateau / 12."""
    entries: Entries = [(0, 1.0), (1, tile / 13)] if tile else []
    plateau = mystic_board.plateau_points(cell)
    if plateau:
        entries.append((2, plateau / 12))
    return entries


def _boulder_entries(code: int) -> Entries:
    """A dealt boulder: its tile number (one-hot 8, as the view's id "4b" spells it), side b."""
    spec = BOULDERS[code]
    entries = [(int(spec.id[:-1]) - 1, 1.0)]
    if spec.id[-1] == "b":
        entries.append((8, 1.0))
    return entries


def _positions(at: int, entries: list[Entries]) -> list[Positions]:
    """Per key, the positions ``at + offset`` of its entries."""
    return [tuple(at + o for o, _ in e) if e else () for e in entries]


def _values(entries: list[Entries]) -> tuple[Values, ...]:
    return tuple(tuple(v for _, v in e) for e in entries)


_VALID = frozenset(
    [island.SHIP + s for s in range(len(C.ships))]
    + [island.COLLECTOR + f for f in range(len(FRUITS))]
    + [island.TOKEN + t for t in range(len(C.all_tokens))]
    + [island.VENUE + v for v in range(len(C.all_venues))]
    + [BOULDER + b for b in range(len(BOULDERS))]
)
_PIECES = [_piece_entries(code) if code in _VALID else [] for code in range(CODES)]
_NB_PIECES = [_nb_entries(code) if code in _VALID else [] for code in range(CODES)]
_TOKENS = [_token_entries(token) for token in range(len(C.all_tokens))]
_STATUE_TILES = max(t.tile for t in mystic_board.TILES) + 1
_STATUES = [[_statue_entries(cell, tile) for tile in range(_STATUE_TILES)] for cell in range(CELLS)]

#: PIECE_VALUES[code]: the values of a grid piece's nonzero entries (their positions are per layout).
PIECE_VALUES = _values(_PIECES)
NB_VALUES = _values(_NB_PIECES)
#: BOARD_POSITIONS[space][token], BOARD_VALUES[token]: a token waiting on a business board space.
BOARD_POSITIONS = tuple(_positions(BOARD_AT + space * SPACE, _TOKENS) for space in range(ROWS * COLUMNS))
BOARD_VALUES = _values(_TOKENS)
#: BOARD_SPACES[columns in play]: (space, BOARD_POSITIONS[space]) of the spaces tokens are dealt to.
BOARD_SPACES = tuple(
    tuple((space, BOARD_POSITIONS[space]) for space in range(ROWS * COLUMNS) if space % COLUMNS < columns)
    for columns in range(COLUMNS + 1)
)
#: POOL_POSITIONS[kind][left], POOL_VALUES[kind][left].
_POOLS = [[_pool_entries(kind, left) for left in range(len(pool) + 1)] for kind, pool in enumerate(C.ice_values)]
POOL_POSITIONS = tuple(_positions(POOLS_AT + 2 * kind, entries) for kind, entries in enumerate(_POOLS))
POOL_VALUES = tuple(_values(entries) for entries in _POOLS)
#: STATUE_VALUES[cell][tile] (positions per layout); statues stand only on the statue spaces.
STATUE_VALUES = tuple(_values(entries) for entries in _STATUES)
STATUE_CELLS = tuple(sorted(set(mystic_board.BOARD.statue_cells) | set(mystic_board.BOARD.plateaus)))
_BOULDERS = [_boulder_entries(code) for code in range(len(BOULDERS))]
BOULDER_VALUES = _values(_BOULDERS)
#: NB_TOKEN[token]: a token with an entry in Module 3's cell blocks (offices, whale watching, guesthouses).
NB_TOKEN = tuple(bool(_NB_PIECES[island.TOKEN + t]) for t in range(len(C.all_tokens)))
NB_TOKENS = frozenset(t for t, hit in enumerate(NB_TOKEN) if hit)
WHALES = tuple(enumerate(WHALE_TOKENS))


class Layout:
    """Every position that depends on the player count and the modules in play."""

    __slots__ = (
        "bo_at",
        "boulders",
        "columns",
        "explorers",
        "grid",
        "license_div",
        "mi_at",
        "modules_at",
        "nb_at",
        "nb_grid",
        "seat_at",
        "size",
        "statues",
    )

    def __init__(self, n: int, mods: frozenset[str]):
        self.size = observation_size(n, mods)
        self.license_div = max(1, C.license_start[n])
        self.columns = COLUMNS if n == 1 else n  # business.columns_in_play
        first_seat = TURN_AT + 2 * n
        self.seat_at = tuple(first_seat + k * SEAT for k in range(n))
        #: grid[k][cell][code]: positions of a piece's entries, for the k-th seat listed
        self.grid = tuple(
            tuple(_positions(at + GRID_AT + cell * CELL, _PIECES) for cell in range(CELLS)) for at in self.seat_at
        )
        at = first_seat + n * SEAT
        self.modules_at = at
        at += len(MODULE_PHASES) if mods else 0
        self.explorers = n + (n == 1)
        self.mi_at = self.bo_at = self.nb_at = -1
        self.statues: tuple[tuple[int, list[Positions], tuple[Values, ...]], ...] = ()
        self.boulders: tuple[list[Positions], ...] = ()
        self.nb_grid: tuple[tuple[list[Positions], ...], ...] = ()
        if "mystic_island" in mods:
            self.mi_at = at
            self.statues = tuple(
                (cell, _positions(at + 3 * cell, _STATUES[cell]), STATUE_VALUES[cell]) for cell in STATUE_CELLS
            )
            at += CELLS * 3 + self.explorers * CELLS + n + 1
        if "boulders" in mods:
            self.bo_at = at
            self.boulders = tuple(_positions(at + 9 * slot, _BOULDERS) for slot in range(len(CORNERS)))
            at += 4 * 9 + 4 + n * 5
        if "new_business" in mods:
            self.nb_at = at
            seat_block = 2 + CELLS * 4
            self.nb_grid = tuple(
                tuple(_positions(at + 13 + k * seat_block + 2 + cell * 4, _NB_PIECES) for cell in range(CELLS))
                for k in range(n)
            )
            at += 2 * 6 + 1 + n * seat_block
        if at != self.size:
            raise AssertionError(f"observation layout: {at} positions, observation_size says {self.size}")


_LAYOUTS: dict[tuple[int, frozenset[str]], Layout] = {}


def layout(num_players: int, modules: frozenset[str]) -> Layout:
    """The layout for a player count and module set (built once, then cached)."""
    key = (num_players, modules)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = Layout(num_players, modules)
    return found


# ---------------------------------------------------------------------- the encoder


def encode(state: JuicyFruitsState, seat: int) -> Observation:
    """What ``state.view(seat)`` shows, as an :class:`Observation` (seat ``seat`` listed first)."""
    n = state.num_players
    mods = state.mods
    lay = _LAYOUTS.get((n, mods)) or layout(n, mods)
    obs = Observation(lay.size)
    idx = obs.index
    val = obs.value
    ia, va = idx.append, val.append
    phase = state.phase
    options = state.options

    # the decision
    if phase < N_PHASES:
        ia(phase)
        va(1.0)
    to, distance = state.moved
    if to >= 0 and phase != OVER:
        ia(MOVED_AT + to)
        va(1.0)
        if distance:
            ia(DISTANCE_AT)
            va((distance if distance < 4 else 4) / 4)
    if options["juice_factory"] and state.juice_steps:
        ia(JUICE_AT)
        va(state.juice_steps / JUICE_DIV)

    # the table
    x = state.round
    if x:
        ia(ROUND_AT)
        va((x if x < 60 else 60) / 60)
    x = state.quiet_rounds
    if x:
        ia(QUIET_AT)
        va((x if x < 10 else 10) / 10)
    x = state.license
    if x:
        ia(LICENSE_AT)
        va(x / lay.license_div)
    else:
        ia(AT_X_AT)
        va(1.0)
    if state.end_triggered:
        ia(END_AT)
        va(1.0)
    columns = 3 if n == 2 and options.get("three_per_row") else lay.columns
    ia(COLUMNS_AT)
    va(columns / COLUMNS)
    board = state.board
    for space, positions in BOARD_SPACES[columns]:  # the columns out of play stay empty
        token = board[space]
        if token >= 0:
            idx += positions[token]
            val += BOARD_VALUES[token]
    for positions, values, left in zip(POOL_POSITIONS, POOL_VALUES, state.pool, strict=True):
        if left:
            idx += positions[left]
            val += values[left]
    orange, green = state.bags
    if orange:
        ia(BAGS_AT)
        va((len(orange) if len(orange) < 25 else 25) / 25)
    if green:
        ia(BAGS_AT + 1)
        va((len(green) if len(green) < 25 else 25) / 25)
    owned = state.owned
    claimed = sum(map(PLACEHOLDER.__getitem__, state.pine_claimed))  # large venues gone, one per placeholder
    for tokens in owned:
        claimed += sum(map(PLACEHOLDER.__getitem__, tokens))
    nb = lay.nb_at >= 0
    waiting = (len(C.all_venues) if nb else C.base_venues) - claimed  # Module 3 adds the restaurant
    if waiting:
        ia(VENUES_AT)
        va(waiting / (7 if nb else 6))
    if n == 1:
        x = sum(state.pine_parts)
        if x:
            ia(SOLO_AT)
            va((x if x < 150 else 150) / 150)
        x = len(state.pine_bag)
        if x:
            ia(SOLO_AT + 1)
            va((x if x < 50 else 50) / 50)
        x = len(state.pine_drawn)
        if x:
            ia(SOLO_AT + 2)
            va((x if x < 10 else 10) / 10)
    ia(TURN_AT + (state.first - seat) % n)
    va(1.0)
    if phase != OVER:
        ia(TURN_AT + n + (state.player - seat) % n)
        va(1.0)

    # the seats, the viewer first
    order = [(seat + k) % n for k in range(n)]
    grids, parts, reserves, markers = state.grid, state.parts, state.reserve, state.markers
    juices, turns, supplied = state.juice, state.turns, state.supplied
    for s, at, cells in zip(order, lay.seat_at, lay.grid, strict=True):
        x = sum(parts[s])
        if x:
            ia(at)
            va((x if x < 150 else 150) / 150)
        at += RESERVE_AT
        for x in reserves[s]:
            if x:
                ia(at)
                va((x if x < 20 else 20) / 20)
            at += 1
        for x in markers[s]:
            if x:
                ia(at)
                va((x if x < 5 else 5) / 5)
            at += 1
        x = juices[s]
        if x:
            ia(at)
            va(x / 10)
        mine = owned[s]
        x = sum(map(STARS.__getitem__, mine))
        if x:
            ia(at + 1)
            va((x if x < 30 else 30) / 30)
        x = turns[s]
        if x:
            ia(at + 2)
            va((x if x < 60 else 60) / 60)
        grid = grids[s]
        x = 0
        for a, b, c in BEACH_TRIPLES:  # empty: none of its three spaces holds a ship (codes 0-99)
            if not (0 <= grid[a] < 100 or 0 <= grid[b] < 100 or 0 <= grid[c] < 100):
                x += 1
        if x:
            ia(at + 3)
            va((x if x < 16 else 16) / 16)
        x = len(supplied[s])
        if x:
            ia(at + 4)
            va((x if x < 25 else 25) / 25)
        x = len(mine)
        if x:
            ia(at + 5)
            va((x if x < 12 else 12) / 12)
        for positions, code in zip(cells, grid, strict=True):
            if code >= 0:
                idx += positions[code]
                val += PIECE_VALUES[code]

    if mods:
        _modules(state, lay, idx, val, order)
    obs.at = lay.size
    return obs


def _modules(state: JuicyFruitsState, lay: Layout, idx: list[int], val: list[float], order: list[int]) -> None:
    """The module blocks: module phases, then Mystic Island, boulders, new business if played."""
    ia, va = idx.append, val.append
    phase = state.phase
    if phase >= N_PHASES:
        ia(lay.modules_at + phase - N_PHASES)
        va(1.0)
    n = len(order)
    grids = state.grid
    at = lay.mi_at
    if at >= 0:
        statues = state.statues
        for cell, positions, values in lay.statues:
            tile = statues[cell]
            idx += positions[tile]
            val += values[tile]
        at += 3 * CELLS
        explorers = state.explorers
        for cell in [explorers[s] for s in order] + explorers[n:]:  # Pineapple's last in solo
            if cell >= 0:
                ia(at + cell)
                va(1.0)
            at += CELLS
        won = state.statues_won
        for s in order:
            x = len(won[s])
            if x:
                ia(at)
                va((x if x < 11 else 11) / 11)
            at += 1
        if state.pending_statue:
            ia(at)
            va(state.pending_statue / 13)
    at = lay.bo_at
    if at >= 0:
        # (fewer while the setup deals them, one corner per chance node)
        for positions, code in zip(lay.boulders, state.boulder_set, strict=False):
            idx += positions[code]
            val += BOULDER_VALUES[code]
        at += 36
        for x in state.tray:
            if x:
                ia(at)
                va((x if x < 4 else 4) / 4)
            at += 1
        removed = state.removed
        for s in order:
            grid = grids[s]
            for corner in CORNERS:
                if grid[corner] >= BOULDER:
                    ia(at)
                    va(1.0)
                at += 1
            x = len(removed[s])
            if x:
                ia(at)
                va(x / 4)
            at += 1
    at = lay.nb_at
    if at >= 0:
        owned = state.owned
        me = order[0]
        for slot, token in WHALES:
            beach = state.whales[slot]
            if beach >= 0:
                ia(at + beach)
                va(1.0)
            for p in range(n):  # the first seat owning it, as the view looks for it
                if token in owned[p]:
                    ia(at + (4 if p == me else 5))
                    va(1.0)
                    break
            at += 6
        if state.options.get("three_per_row", False):
            ia(at)
            va(1.0)
        at += 1
        boulders = lay.bo_at >= 0
        for s, cells in zip(order, lay.nb_grid, strict=True):
            since, turn = state.office_from[s], state.turns[s]
            if 0 <= since[0] <= turn:  # an office works from the turn after its claim (AMB-8)
                ia(at)
                va(1.0)
            if 0 <= since[1] <= turn:
                ia(at + 1)
                va(1.0)
            at += 2 + CELLS * 4
            # Module 3's cell entries: boulders (only ever on corners) and this seat's offices,
            # whale watching and guesthouses (a claimed token waiting to be placed is on no cell)
            grid = grids[s]
            found = [corner for corner in CORNERS if grid[corner] >= BOULDER] if boulders else []
            if not NB_TOKENS.isdisjoint(owned[s]):
                for token in owned[s]:
                    if NB_TOKEN[token] and island.TOKEN + token in grid:
                        found.append(grid.index(island.TOKEN + token))
            if found:
                found.sort()
                for cell in found:
                    code = grid[cell]
                    idx += cells[cell][code]
                    val += NB_VALUES[code]
