"""Citrus as numbers: a fixed-length vector of what one seat knows, for learning agents.

The vector encodes exactly ``state.view(seat)`` but is read straight from the state (building
the view costs several engine steps). Seats are listed starting with the viewer, then in turn
order, and every owner on the board is given relative to the viewer. Values are scaled to about
[0, 1]. The layout:

* the decision: phase (7), main action done, refill pending, waiting tiles by type and well (10);
* every board space: space type (4), tile type (5) and well, owner (relative, n) or neutral,
  worker, landscape kind (6) and value, bull;
* every building site: finca / open / stacked, Finca high and low values, scored, neighbours filled;
* the market's 12 spaces × (present, type 5, well); the bag by type and well (10);
* first player and player to act (relative, one-hot);
* each seat: money, workers, income, score, held landscape tiles by kind (6), horses, regions.

The plain encoding of the JSON view that this must match, entry for entry, is kept with the
tests (``tests/games/citrus/observation_reference.py``).

Speed: most of the vector is the board's one-hot cells, and most spaces hold nothing but their
fixed space type. Everything that depends only on the board layout and the player count (each
space's offset, the absolute positions of its type, tile, owner, landscape and Bull cells, the
sites' rings) is computed once per layout (:func:`layout`); an encoding walks only the spaces
that hold something and copies the runs of bare spaces' type cells in one slice each.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import and_, invert, itemgetter
from typing import TYPE_CHECKING

from fruitbowl.engine.observation import Observation

from .components import BOARDS, ROCK, Board
from .components import COMPONENTS as C

if TYPE_CHECKING:
    from .rules import CitrusState

PHASES = ("main", "place", "site", "harvest", "after", "blocked_site", "over")
SPACE_TYPES = ("ordinary", "rock", "landscape", "site")
LANDSCAPE = ("horses", "money", "cart", "bull", "bridge", "milestone")
SITE_STATES = ("finca", "open", "stacked")
TYPES = tuple(C.types)
MARKET = 12
FINCA_TOP = max(high for high, _low in C.fincas)

OVER = PHASES.index("over")
DECISION = len(PHASES) + 2 + len(TYPES) * 2
SITE_WIDTH = len(SITE_STATES) + 4
MARKET_WIDTH = 2 + len(TYPES)
SEAT_WIDTH = 4 + len(LANDSCAPE) + 2

#: per landscape tile id: its kind's index in :data:`LANDSCAPE`
LAND_KIND = tuple(LANDSCAPE.index(kind) for kind, _value in C.landscape)
#: per seat's workers on the mat: the income value as encoded
INCOME = tuple(min(income, 20) / 20 for income in C.income)
#: per Finca tile id: its high and low values as encoded
FINCA_VALUES = tuple((high / FINCA_TOP, low / FINCA_TOP) for high, low in C.fincas)


def _space_size(n: int) -> int:
    return len(SPACE_TYPES) + len(TYPES) + 1 + n + 1 + 1 + len(LANDSCAPE) + 1 + 1


def observation_size(num_players: int, board: str) -> int:
    return _size(num_players, BOARDS[board])


def _size(n: int, geo: Board) -> int:
    sites = len(geo.site_letters) * SITE_WIDTH
    table = MARKET * MARKET_WIDTH + len(TYPES) * 2 + 2 * n
    return DECISION + geo.size * _space_size(n) + sites + table + n * SEAT_WIDTH


class Layout:
    """Absolute positions of one (player count, board) layout, computed once (see :func:`layout`)."""

    __slots__ = (
        "bag_at",
        "built",
        "finca",
        "first_at",
        "geo",
        "land",
        "market",
        "n",
        "relative",
        "ring_filled",
        "ring_open",
        "seats_at",
        "sites_at",
        "size",
        "type_at",
        "worker",
    )

    def __init__(self, n: int, geo: Board) -> None:
        self.n, self.geo = n, geo
        self.size = _size(n, geo)
        width = _space_size(n)
        tile_at, owner_at = len(SPACE_TYPES), len(SPACE_TYPES) + len(TYPES) + 1
        worker_at = owner_at + n + 1
        land_at = worker_at + 1
        value_at, bull_at = land_at + len(LANDSCAPE), land_at + len(LANDSCAPE) + 1
        space_at = tuple(DECISION + s * width for s in range(geo.size))
        #: per space: the position of its space-type cell (always 1)
        self.type_at = [at + geo.kind[s] for s, at in enumerate(space_at)]
        #: per viewer: per owner seat (index -1: neutral) the owner cell's place among the n + 1
        self.relative = tuple((*((o - me) % n for o in range(n)), n) for me in range(n))
        #: per space, per tile kind × (n + 1) + owner cell: the positions of the space's type,
        #: tile type, well (for a well) and owner cells, in order
        self.built = tuple(
            tuple(
                (self.type_at[s], at + tile_at + (k >> 1), at + tile_at + len(TYPES), at + owner_at + o)
                if k & 1
                else (self.type_at[s], at + tile_at + (k >> 1), at + owner_at + o)
                for k in range(C.kinds)
                for o in range(n + 1)
            )
            for s, at in enumerate(space_at)
        )
        self.worker = tuple(at + worker_at for at in space_at)
        #: per space, per landscape tile id: the positions of what the view shows of it there
        #: (its kind and, for Horses and Money, value cells; a Bull also its Bull cell), without and with
        #: the space's type cell first, and the value cell's value (0.0: none, so no value cell)
        land: list[tuple[tuple[tuple[int, ...], tuple[int, ...], float], ...]] = []
        for s, at in enumerate(space_at):
            cells = []
            for kind, value in C.landscape:
                shown = min(value or 0, 5) / 5
                kind_at = at + land_at + LANDSCAPE.index(kind)
                positions: tuple[int, ...] = (kind_at, at + value_at) if shown else (kind_at,)
                if kind == "bull":  # a Bull on any space: its kind cell and the Bull cell
                    positions = (kind_at, at + bull_at)
                cells.append((positions, (self.type_at[s], *positions), shown))
            land.append(tuple(cells))
        self.land = tuple(land)
        self.sites_at = DECISION + geo.size * width
        sites_at = range(self.sites_at, self.sites_at + len(geo.site_letters) * SITE_WIDTH, SITE_WIDTH)
        #: per site, per Finca tile id × 2 + scored: the positions and values of its cells
        self.finca = tuple(
            tuple(
                ((at, at + 3, at + 4, at + 5), (1.0, high, low, 1.0))
                if scored
                else ((at, at + 3, at + 4), (1.0, high, low))
                for high, low in FINCA_VALUES
                for scored in (0, 1)
            )
            for at in sites_at
        )
        #: per site: its neighbours that are not rocks (rocks count as filled), as a getter
        self.ring_open = tuple(_getter([s for s in ring if geo.kind[s] != ROCK]) for ring in geo.site_ring)
        #: per site, per count of empty neighbours: the value of its "filled" cell
        self.ring_filled = tuple(
            tuple((len(ring) - k) / max(1, len(ring)) for k in range(len(ring) + 1)) for ring in geo.site_ring
        )
        market_at = self.sites_at + len(geo.site_letters) * SITE_WIDTH
        #: per market space, per tile kind: the positions of its present, type and well cells
        self.market = tuple(
            tuple(
                (at, at + 1 + (k >> 1), at + 1 + len(TYPES)) if k & 1 else (at, at + 1 + (k >> 1))
                for k in range(C.kinds)
            )
            for at in range(market_at, market_at + MARKET * MARKET_WIDTH, MARKET_WIDTH)
        )
        self.bag_at = market_at + MARKET * MARKET_WIDTH
        self.first_at = self.bag_at + len(TYPES) * 2
        self.seats_at = self.first_at + 2 * n
        if self.seats_at + n * SEAT_WIDTH != self.size:
            raise AssertionError("the Citrus observation layout does not add up")


def _getter(items: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """``items``' entries of a list, as a tuple (an ``itemgetter`` also for 0 or 1 items)."""
    if len(items) >= 2:
        return itemgetter(*items)
    return lambda values: tuple(values[i] for i in items)


_LAYOUTS: dict[tuple[int, str], Layout] = {}


def layout(n: int, geo: Board) -> Layout:
    """The :class:`Layout` for ``n`` players on ``geo`` (memoised; boards are immutable)."""
    lay = _LAYOUTS.get((n, geo.side))
    if lay is None or lay.geo is not geo:
        lay = _LAYOUTS[(n, geo.side)] = Layout(n, geo)
    return lay


def encode(state: CitrusState, seat: int | None) -> Observation:
    """The vector of what ``seat`` knows of ``state`` (a spectator, ``None``, is placed at seat 0):
    the same numbers as the reference encoding of ``state.view(seat)``."""
    n = state.num_players
    geo = state.geo
    lay = _LAYOUTS.get((n, geo.side))
    if lay is None or lay.geo is not geo:
        lay = layout(n, geo)
    me = seat if seat is not None else 0
    obs = Observation(lay.size)
    index, value = obs.index, obs.value
    put, val = index.append, value.append
    puts, vals = index.extend, value.extend

    # the decision
    put(state.phase)
    val(1.0)
    if state.main_done:
        put(7)
        val(1.0)
    if state.refill_pending:
        put(8)
        val(1.0)
    if any(state.waiting):
        for k, count in enumerate(state.waiting):
            if count:
                put(9 + k)
                val(min(count, 4) / 4)

    # the board: regions first (owners' anchors, regions per seat), then the spaces that hold
    # something, with the runs of bare spaces between them copied as their type cells
    plant, land, rid, rown = state.plant, state.land, state.rid, state.rown
    anchors = set()
    regions = [0] * n
    for cells, owner in zip(state.rcells, rown, strict=True):
        if owner >= 0 and cells:
            anchors.add(min(cells))
            regions[owner] += 1
    type_at, built, worker_at, land_cells = lay.type_at, lay.built, lay.worker, lay.land
    relative = lay.relative[me]
    owners = n + 1
    # per space: 0 if it holds nothing, else a plantation, landscape tile or Bull (~(-1) == 0)
    filled = list(map(invert, map(and_, plant, land)))
    start = len(index)  # (the board's values are all 1.0 but for landscape values, set after)
    values: list[tuple[int, float]] = []
    done = 0
    for s in compress(range(geo.size), filled):
        if s > done:
            puts(type_at[done:s])
        done = s + 1
        k = plant[s]
        t = land[s]
        if k >= 0:
            puts(built[s][k * owners + relative[rown[rid[s]]]])
            if s in anchors:
                put(worker_at[s])
            if t >= 0:
                cells, _, shown = land_cells[s][t]
                puts(cells)
                if shown:
                    values.append((len(index) - 1, shown))
        else:
            _, cells, shown = land_cells[s][t]
            puts(cells)
            if shown:
                values.append((len(index) - 1, shown))
    if done < geo.size:
        puts(type_at[done:])
    vals([1.0] * (len(index) - start))
    for i, shown in values:
        value[i] = shown

    # the building sites
    at = lay.sites_at
    open_sites, scored, finca_cells = state.open_sites, state.scored, lay.finca
    ring_open, ring_filled = lay.ring_open, lay.ring_filled
    for i, f in enumerate(state.fincas):
        if f >= 0:
            site_cells, site_values = finca_cells[i][f + f + scored[i]]
            puts(site_cells)
            vals(site_values)
        else:
            put(at + 1 if i in open_sites else at + 2)
            val(1.0)
        empty = ring_open[i](filled).count(0)
        if empty < len(ring_filled[i]) - 1:
            put(at + 6)
            val(ring_filled[i][empty])
        at += SITE_WIDTH

    # the market, the bag, first player and player to act
    start = len(index)
    for spaces, k in zip(lay.market, state.market, strict=True):
        if k >= 0:
            puts(spaces[k])
    vals([1.0] * (len(index) - start))
    at = lay.bag_at
    for k, count in enumerate(state.bag):
        if count:
            put(at + k)
            val(min(count, 20) / 20)
    at = lay.first_at
    put(at + (state.first - me) % n)
    val(1.0)
    if state.phase != OVER:
        put(at + n + (state.player - me) % n)
        val(1.0)

    # the seats, starting with the viewer
    at = lay.seats_at
    money, workers, points, final = state.money, state.workers, state.points, state.final
    held, horses = state.held, state.horses
    at_once = state.options["horses_at_once"]
    for k in range(n):
        p = (me + k) % n
        if money[p]:
            put(at)
            val(min(money[p], 12) / 12)
        w = workers[p]
        if w:
            put(at + 1)
            val(min(w, 5) / 5)
        if INCOME[w]:
            put(at + 2)
            val(INCOME[w])
        score = sum(points[p])
        if final is not None:
            score += sum(final[p].values())
        elif at_once:  # wild horses on the score track when collected (§8.1 Yucata)
            score += sum(C.landscape[t][1] for t in horses[p])
        if score > 0:
            put(at + 3)
            val(min(score, 150) / 150)
        if held[p]:
            counts = [0] * len(LANDSCAPE)
            for t in held[p]:
                counts[LAND_KIND[t]] += 1
            for kind, count in enumerate(counts):
                if count:
                    put(at + 4 + kind)
                    val(min(count, 4) / 4)
        if horses[p]:
            put(at + 10)
            val(min(len(horses[p]), 12) / 12)
        if regions[p]:
            put(at + 11)
            val(min(regions[p], 20) / 20)
        at += SEAT_WIDTH
    obs.at = lay.size
    return obs
