"""What each seat sees of a Citrus game (the information boundary), and the view's shape, typed.

``state.view(seat)`` is everything a board renderer needs, JSON-ready; :class:`CitrusView` and
the ``TypedDict`` s it nests declare every key it has (``Game.view_type``, from which
``fruitbowl.views`` derives the JSON Schema that the conformance kit checks every view against).

Nothing in Citrus is private to one seat, so every seat and a spectator see the same view (only
``viewer`` differs). The bag (its counts), the Finca stack (its remaining values, sorted) and
the building-site stack (its remaining letters, sorted) are unordered piles whose next draw is
decided only when it is drawn (a chance node), so nothing the state holds is hidden; the
landscape tiles left in the box after the setup are never drawn and never shown.

The parts that never change, whoever the viewer (:class:`CitrusFixedView`: the board's and the
building sites' geometry, the market's layout, the plantation types), are built once per board
side; :func:`fixed_view` gives a copy for the game plugin's ``fixed_view`` hook,
which the web table sends once instead of in every view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast, get_args

from fruitbowl.engine.errors import ComponentDataError

from .components import ACTION_KINDS, Board
from .components import COMPONENTS as C

if TYPE_CHECKING:
    from .rules import CitrusState

# ---------------------------------------------------------------------- closed sets of words

#: Whose decision it is (``rules.PHASE_NAMES``): the main action, building waiting tiles,
#: choosing a site for a new Finca, harvesting more or taking income, action tiles or ending the
#: turn, choosing a Finca site when the game would otherwise be blocked, and the game's end.
Phase = Literal["main", "place", "site", "harvest", "after", "blocked_site", "over"]
#: A board space's printed type, indexed by ``components.ORDINARY, ROCK, LANDSCAPE, SITE``.
SpaceType = Literal["ordinary", "rock", "landscape", "site"]
#: A plantation type by its one-word name in action texts (``type_names`` gives the full names).
PlantationType = Literal["lemon", "orange", "blood", "lime", "grapefruit"]
#: A landscape tile: wild horses, or an action tile (``components.ACTION_KINDS``).
LandscapeKind = Literal["horses", "money", "cart", "bull", "bridge", "milestone"]
#: A building site: under a Finca, its building-site tile face up (a Finca may be built there),
#: or still in the stack.
SiteState = Literal["finca", "open", "stacked"]
BoardSide = Literal["long", "short"]
#: Whether the board's layout is from a source or reconstructed (``components.STATUSES``).
DataStatus = Literal["sourced", "RECONSTRUCTED"]

SPACE_TYPES: tuple[SpaceType, ...] = get_args(SpaceType)


def _closed(words: tuple[str, ...], literal: object, what: str) -> dict[str, Any]:
    """``words`` (from the game's data) each mapped to itself, once checked to be in the closed
    set ``literal`` the view declares: data that names a word the view type does not know is
    refused when the game loads, not sent to clients."""
    known = get_args(literal)
    unknown = [word for word in words if word not in known]
    if unknown:
        raise ComponentDataError(f"Citrus data names {what} {', '.join(unknown)}, which the view type does not declare")
    return {word: word for word in words}


_TYPE: dict[str, PlantationType] = _closed(C.types, PlantationType, "plantation types")
_KIND: dict[str, LandscapeKind] = _closed(("horses", *ACTION_KINDS), LandscapeKind, "landscape kinds")
_PHASE: dict[str, Phase] = {phase: phase for phase in get_args(Phase)}

TYPES: tuple[PlantationType, ...] = tuple(_TYPE[t] for t in C.types)
#: Per landscape tile id: its kind and value (the horses or coins shown, else 0), and whether it
#: is a Bull (with one more entry at the end, False, for ``-1``: no tile, which indexes it).
_LAND_KIND: tuple[LandscapeKind, ...] = tuple(_KIND[kind] for kind, _ in C.landscape)
_LAND_VALUE: tuple[int, ...] = tuple(value for _, value in C.landscape)
_IS_BULL: tuple[bool, ...] = (*(kind == "bull" for kind, _ in C.landscape), False)


# ---------------------------------------------------------------------- the view's shape


class CitrusOptions(TypedDict):
    """The game's options, every one (``Citrus.option_specs``), as validated."""

    board: BoardSide
    family: bool
    random_sites: bool
    free_placement: bool
    first_player: int  # counted from 1, as the table shows it
    random_first: bool
    cart_restriction: bool
    horses_at_once: bool
    three_fincas: bool


class FixedBoard(TypedDict):
    """The board side's geometry. Per-space lists are indexed ``y * width + x``."""

    side: BoardSide
    status: DataStatus
    width: int
    height: int
    columns: list[str]  # "A", "B", …
    rows: list[int]  # 1, 2, …
    labels: list[str]  # "C4" per space
    type: list[SpaceType]
    road_of: list[str | None]  # the letter of the site whose road leads onto each space


class BoardView(FixedBoard):
    """The board as it stands; per-space lists."""

    tile: list[list[int] | None]  # a plantation: [type index, well 0/1]
    region: list[int | None]  # its region's id
    owner: list[int | None]  # its region's owner: a seat, or -1 (neutral)
    worker: list[bool]  # the owner's worker stands here: on the region's first tile in reading order
    landscape: list[list[LandscapeKind | int] | None]  # [kind, value] of the tile lying here, taken by
    # whoever builds here
    bull: list[bool]  # a Bull stands here (dealt at setup or put down; it is in "landscape" too)


class FixedSite(TypedDict):
    letter: str
    space: str  # the site's label ("E4")
    roads: list[str]  # its road spaces, N, E, S, W (three on an edge)
    ring: list[str]  # the spaces around it, diagonals included
    neighbours: int  # how many: the ring's length


class FincaView(TypedDict):
    high: int
    low: int
    scored: bool  # enclosed and scored (§7)


class SiteView(FixedSite):
    state: SiteState
    finca: FincaView | None
    filled: int  # ring spaces filled for enclosure (§7.1): plantations, landscape tiles, rocks
    totals: list[int] | None  # per seat, its regions' sizes next to an unscored Finca (§7.2)


class TileView(TypedDict):
    type: PlantationType
    well: bool


class FixedMarketSpace(TypedDict):
    number: int  # 1, 2, … as printed
    row: int
    col: int


class MarketSpaceView(FixedMarketSpace):
    tile: TileView | None


class FixedLine(TypedDict):
    name: str  # "R0", "C3"
    spaces: list[int]  # the market spaces' numbers


class LineView(FixedLine):
    tiles: int  # how many tiles it holds (its price)


class FixedMarket(TypedDict):
    spaces: list[FixedMarketSpace]
    lines: list[FixedLine]


class MarketView(TypedDict):
    spaces: list[MarketSpaceView]
    lines: list[LineView]


class RegionView(TypedDict):
    id: int
    type: PlantationType
    owner: int  # a seat, or -1 (neutral)
    size: int
    wells: int
    points: int  # what harvesting it scores
    anchor: str  # its first tile in reading order (top row, then leftmost), which names it
    spaces: list[str]


class BagCount(TileView):
    count: int


class BagView(TypedDict):
    size: int
    counts: list[BagCount]  # per tile kind (type * 2 + well), never the draw order


class FincaStackView(TypedDict):
    size: int
    values: list[list[int]]  # [high, low] of each Finca left, sorted (never their order)


class SiteStackView(TypedDict):
    size: int
    letters: list[str]  # sorted (never their order)


class Points(TypedDict):
    """A seat's score by category (``rules.CATEGORIES``), as it stands."""

    harvests: int
    fincas: int
    penalties: int
    final_fincas: int
    final_harvest: int
    horses: int
    action_tiles: int


class HeldTile(TypedDict):
    kind: LandscapeKind
    value: int


class PlayerView(TypedDict):
    seat: int
    money: int
    workers: int  # on the mat
    income: int  # what taking income brings now
    points: Points
    score: int
    held: list[HeldTile]  # action tiles and wild horses, in the order taken
    horses: list[int]  # wild horses' values, sorted
    regions: int  # regions with the seat's worker


class WaitingTile(TileView):
    kind: int  # type * 2 + well, as in the "place" actions' "tile" field
    count: int


class Standings(TypedDict):
    """``Result.to_json()`` of a Citrus game (it has no house)."""

    scores: list[int]
    winners: list[int]
    places: list[int]
    categories: list[str]
    breakdown: list[Points]
    tiebreak_names: list[str]
    tiebreaks: list[list[int]]
    truncated: bool


class CitrusFixedView(TypedDict):
    """The parts of every view on one board side that never change, whoever the viewer."""

    types: list[PlantationType]
    type_names: list[str]  # "blood orange"
    board: FixedBoard
    sites: list[FixedSite]
    market: FixedMarket


class CitrusView(TypedDict):
    """``state.view(seat)``: everything a seat (or a spectator) may know."""

    game: Literal["citrus"]
    viewer: int | None
    num_players: int
    turn: int
    phase: Phase
    current_player: int  # -1 once over
    first_player: int
    options: CitrusOptions
    types: list[PlantationType]
    type_names: list[str]
    money_cap: int  # the most coins a player holds (data.toml)
    board: BoardView
    regions: list[RegionView]
    sites: list[SiteView]
    market: MarketView
    bag: BagView
    finca_stack: FincaStackView
    site_stack: SiteStackView
    open_sites: list[str]  # the letters of the face-up building-site tiles
    players: list[PlayerView]
    waiting: list[WaitingTile]  # bought (or carted) tiles still to be built
    waiting_from: Literal["buy", "cart"] | None
    main_done: bool
    refill_pending: bool
    standings: Standings | None  # once over


# ---------------------------------------------------------------------- building it


def build_view(state: CitrusState, seat: int | None) -> CitrusView:
    """Everything ``seat`` may know (the same for every seat in Citrus). JSON-ready; no part of it
    is shared with another view or with the state."""
    from .rules import OVER, PHASE_NAMES

    geo = state.geo
    fixed = fixed_view(geo)
    plant, rid, rown, land = state.plant, state.rid, state.rown, state.land
    labels = geo.labels
    worker = [False] * geo.size
    regions: list[RegionView] = []
    for r, cells in enumerate(state.rcells):
        if not cells:
            continue
        first = min(cells)
        if rown[r] >= 0:
            worker[first] = True
        regions.append(
            {
                "id": r,
                "type": TYPES[state.rcol[r]],
                "owner": rown[r],
                "size": len(cells),
                "wells": sum(plant[s] & 1 for s in cells),
                "points": state.region_points(r),
                "anchor": labels[first],
                "spaces": [labels[s] for s in sorted(cells)],
            }
        )
    open_sites, fincas, scored, rings = state.open_sites, state.fincas, state.scored, geo.site_ring
    sites: list[SiteView] = []
    for i, site in enumerate(fixed["sites"]):
        f = fincas[i]
        sites.append(
            {
                **site,
                "state": "finca" if f >= 0 else ("open" if i in open_sites else "stacked"),
                "finca": {"high": C.fincas[f][0], "low": C.fincas[f][1], "scored": bool(scored[i])} if f >= 0 else None,
                "filled": sum(1 for s in rings[i] if state.occupied(s)),
                "totals": state.finca_totals(i) if f >= 0 and not scored[i] else None,
            }
        )
    standings = state.standings()
    players: list[PlayerView] = []
    for p in range(state.num_players):
        players.append(
            {
                "seat": p,
                "money": state.money[p],
                "workers": state.workers[p],
                "income": C.income[state.workers[p]],
                "points": cast(Points, dict(standings.breakdown[p])),
                "score": standings.scores[p],
                "held": [{"kind": _LAND_KIND[t], "value": _LAND_VALUE[t]} for t in state.held[p]],
                "horses": sorted(_LAND_VALUE[t] for t in state.horses[p]),
                "regions": len(state.own_regions(p)),
            }
        )
    market, waiting = fixed["market"], state.waiting
    return {
        "game": "citrus",
        "viewer": seat,
        "num_players": state.num_players,
        "turn": state.turn,
        "phase": _PHASE[PHASE_NAMES[state.phase]],
        "current_player": state.current_player,
        "first_player": state.first,
        "options": cast(CitrusOptions, dict(state.options)),
        "types": fixed["types"],
        "type_names": fixed["type_names"],
        "money_cap": C.money_cap,
        "board": {
            **fixed["board"],
            "tile": [[k >> 1, k & 1] if k >= 0 else None for k in plant],
            "region": [r if r >= 0 else None for r in rid],
            "owner": [rown[r] if r >= 0 else None for r in rid],
            "worker": worker,
            "landscape": [[_LAND_KIND[t], _LAND_VALUE[t]] if t >= 0 else None for t in land],
            "bull": [_IS_BULL[t] for t in land],
        },
        "regions": regions,
        "sites": sites,
        "market": {
            "spaces": [{**space, "tile": _tile(k)} for space, k in zip(market["spaces"], state.market, strict=True)],
            "lines": [{**line, "tiles": len(state.line_tiles(i))} for i, line in enumerate(market["lines"])],
        },
        "bag": {
            "size": state.bag_size(),
            "counts": [{"type": TYPES[k >> 1], "well": bool(k & 1), "count": c} for k, c in enumerate(state.bag)],
        },
        "finca_stack": {"size": len(state.finca_stack), "values": sorted([*C.fincas[f]] for f in state.finca_stack)},
        "site_stack": {"size": len(state.site_stack), "letters": sorted(geo.site_letters[s] for s in state.site_stack)},
        "open_sites": [geo.site_letters[s] for s in open_sites],
        "players": players,
        "waiting": [
            {"kind": k, "type": TYPES[k >> 1], "well": bool(k & 1), "count": c} for k, c in enumerate(waiting) if c
        ],
        "waiting_from": ("cart" if state.from_cart else "buy") if any(waiting) else None,
        "main_done": state.main_done,
        "refill_pending": state.refill_pending,
        "standings": cast(Standings, standings.to_json()) if state.phase == OVER else None,
    }


def _tile(kind: int) -> TileView | None:
    """A market space's tile (``kind``: type * 2 + well, or -1 for none)."""
    return {"type": TYPES[kind >> 1], "well": bool(kind & 1)} if kind >= 0 else None


_FIXED: dict[str, CitrusFixedView] = {}


def _fixed(geo: Board) -> CitrusFixedView:
    """The view's fixed parts on this board side, built once and never handed out (views and
    :func:`fixed_view` copy what they take from it)."""
    fixed = _FIXED.get(geo.side)
    if fixed is None:
        fixed = _FIXED[geo.side] = {
            "types": list(TYPES),
            "type_names": list(C.type_names),
            "board": {
                "side": cast(BoardSide, geo.side),  # (a test's own board may have another name)
                "status": cast(DataStatus, geo.status),
                "width": geo.width,
                "height": geo.height,
                "columns": [chr(65 + x) for x in range(geo.width)],
                "rows": list(range(1, geo.height + 1)),
                "labels": list(geo.labels),
                "type": [SPACE_TYPES[k] for k in geo.kind],
                "road_of": [geo.site_letters[r] if r >= 0 else None for r in geo.road_site],
            },
            "sites": [
                {
                    "letter": letter,
                    "space": geo.labels[geo.site_space[i]],
                    "roads": [geo.labels[s] for s in geo.site_roads[i]],
                    "ring": [geo.labels[s] for s in geo.site_ring[i]],
                    "neighbours": len(geo.site_ring[i]),
                }
                for i, letter in enumerate(geo.site_letters)
            ],
            "market": {
                "spaces": [{"number": m + 1, "row": row, "col": col} for m, (row, col) in enumerate(C.market_cells)],
                "lines": [{"name": name, "spaces": [m + 1 for m in C.lines[i]]} for i, name in enumerate(C.line_names)],
            },
        }
    return fixed


def fixed_view(geo: Board) -> CitrusFixedView:
    """The parts of every view on this board side that never change, whoever the viewer: the
    board's and the building sites' geometry, the market's layout, the plantation types. A fresh
    copy; the game's plugin gives it to front ends (``GamePlugin.fixed_view``) so that the web
    table sends it once, not in every view."""
    fixed = _fixed(geo)
    board, market = fixed["board"], fixed["market"]
    return {
        "types": fixed["types"][:],
        "type_names": fixed["type_names"][:],
        "board": {
            "side": board["side"],
            "status": board["status"],
            "width": board["width"],
            "height": board["height"],
            "columns": board["columns"][:],
            "rows": board["rows"][:],
            "labels": board["labels"][:],
            "type": board["type"][:],
            "road_of": board["road_of"][:],
        },
        "sites": [
            {
                "letter": site["letter"],
                "space": site["space"],
                "roads": site["roads"][:],
                "ring": site["ring"][:],
                "neighbours": site["neighbours"],
            }
            for site in fixed["sites"]
        ],
        "market": {
            "spaces": [{"number": s["number"], "row": s["row"], "col": s["col"]} for s in market["spaces"]],
            "lines": [{"name": line["name"], "spaces": line["spaces"][:]} for line in market["lines"]],
        },
    }


__all__ = ["CitrusFixedView", "CitrusView", "build_view", "fixed_view"]
