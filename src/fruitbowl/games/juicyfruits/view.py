"""What each seat sees of a Juicy Fruits game (the information boundary), and the view's shape, typed.

``state.view(seat)`` is everything a board needs, JSON-ready; :class:`JuicyFruitsView` and the
``TypedDict`` s it nests declare every key it has (``Game.view_type``, from which
``fruitbowl.views`` derives the JSON Schema the conformance kit checks every view against).

The view is the same for every seat apart from ``viewer``: the game has no private hands. Never
shown, to anyone: the bags' and the box's *contents* (only the bags' sizes), Pineapple's bag,
the statue tiles' and boulders' draw order, and the random generator.

* ``fruits`` lists the fruit types in component order; every fruit count is keyed by fruit name.
* ``island`` is the geometry shared by all islands: cell = row × 5 + col, row 0 = north (far from
  the owner), named like a chess board from the owner's chair (``a1`` = south-west).
* ``players[seat].grid`` holds 25 pieces or ``None``: a ship, a collector, a business token, a
  large venue's part (``origin`` on its north-west cell) or a boulder (Module 2).
* ``pending`` is what the current decision is about: the piece moved in step 1 (with the split,
  the production limit or the collect-or-explore choice), the claimed token being placed, the
  statue being scored, the corner being filled.
* ``mystic``, ``boulders`` and ``new_business`` are ``None`` unless their module is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, cast, get_args

from fruitbowl.engine.errors import ComponentDataError

from . import boulders, business, juice, mystic, new_business
from .boulders import BOULDER, condition_text
from .components import BEACH_NAMES, EDGES, MODULES
from .components import COMPONENTS as C
from .island import (
    BEACH_OF,
    BEACHES,
    BLOCK_CELLS,
    CELL_NAMES,
    CELLS,
    COLLECTOR,
    PONDS,
    SHIP,
    SIZE,
    SPACE_KINDS,
    TOKEN,
    VENUE,
    block_name,
    empty_beaches,
)
from .legality import ARRANGE, EXPLORE, OVER, PHASE_NAMES, PRODUCE, SPLIT
from .text import token_text
from .words import token_name

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

# ---------------------------------------------------------------------- closed sets of words

Phase = Literal[
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
]
EndReason = Literal["", "license", "bag", "stalemate", "action_limit"]
Fruit = Literal["banana", "lime", "pomegranate", "orange", "mangosteen"]
FruitCode = Literal["B", "L", "P", "O", "M"]
#: The ice cream kinds, and the milkshake (the markers a player holds and the pools).
Marker = Literal["yellow", "green", "red", "orange", "purple", "milkshake"]
Beach = Literal["N", "E", "S", "W"]
SpaceKind = Literal["beach", "pond", "corner", "inland"]
Category = Literal[
    "placeholder", "small_venue", "stall", "advanced_collector", "ice_cream_cart", "admin", "whale_watching"
]
Module = Literal["mystic_island", "boulders", "new_business"]
#: Score categories (``rules.ALL_CATEGORIES``); a game shows the base ones and its modules'.
ScoreCategory = Literal[
    "ships",
    "businesses",
    "venues",
    "ice_cream",
    "juice",
    "stalls",
    "statues",
    "plateaus",
    "boulders",
    "offices",
    "whales",
]
MysticKind = Literal["base", "plateau", "statue", "compass", "plain"]
Edge = Literal["bottom", "left", "top", "right"]
OfficeEffect = Literal["harbor_office", "construction_office"]


def _closed(words: tuple[str, ...], literal: object, what: str) -> None:
    """Refuse, when the game loads, data that names a word the view type does not declare."""
    unknown = [word for word in words if word not in get_args(literal)]
    if unknown:
        raise ComponentDataError(
            f"Juicy Fruits data names {what} {', '.join(unknown)}, which the view type does not declare"
        )


_closed(C.fruit_names, Fruit, "fruits")
_closed(C.fruit_codes, FruitCode, "fruit codes")
_closed((*C.ice_kinds, "milkshake"), Marker, "ice cream kinds")
_closed(tuple(t.category for t in C.all_tokens), Category, "token categories")
_closed(BEACH_NAMES, Beach, "beaches")
_closed(MODULES, Module, "modules")
_closed(EDGES, Edge, "edges")
_closed(PHASE_NAMES, Phase, "phases")
_closed(tuple(C.all_tokens[o].effect for o in new_business.OFFICES), OfficeEffect, "offices")

FRUITS: tuple[Fruit, ...] = cast(tuple[Fruit, ...], C.fruit_names)
MARKERS: tuple[Marker, ...] = cast(tuple[Marker, ...], (*C.ice_kinds, "milkshake"))
PHASES: tuple[Phase, ...] = cast(tuple[Phase, ...], PHASE_NAMES)

# ---------------------------------------------------------------------- the view's shape

FruitCounts = dict[Fruit, int]


class JuicyFruitsOptions(TypedDict):
    juice_factory: bool
    solo_board: int
    random_first: bool
    first_player: int
    forced_max_distance: bool
    icecream_moves_license: NotRequired[bool]  # AMB-6's variant (absent when off)
    modules: NotRequired[str]  # "mystic_island+boulders" (absent in a base game)
    three_per_row: NotRequired[bool]  # Module 3's two-player variant (absent when off)
    action_limit: NotRequired[int]  # the cut of a learning environment's game (absent without one)


class FruitName(TypedDict):
    code: FruitCode
    name: Fruit


class IslandCell(TypedDict):
    cell: int
    name: str  # "a5"
    row: int
    col: int
    kind: SpaceKind
    beach: Beach | None


class Block(TypedDict):
    block: int
    name: str  # "a5-b4"
    cells: list[int]


class Island(TypedDict):
    size: int
    venue_side: int  # a large venue covers venue_side × venue_side spaces (a block)
    cells: list[IslandCell]
    beaches: dict[Beach, list[int]]
    ponds: list[int]
    blocks: list[Block]


class ShipPiece(TypedDict):
    type: Literal["ship"]
    id: str
    demand: FruitCounts
    points: int


class CollectorPiece(TypedDict):
    type: Literal["collector"]
    fruit: Fruit


class TokenPiece(TypedDict):
    """A business token; which keys it has beyond the first four follows its category."""

    type: Literal["token"]
    id: str
    name: str
    category: Category
    fruits: NotRequired[list[Fruit]]  # advanced collector
    kind: NotRequired[Marker]  # ice cream cart
    formula: NotRequired[str]  # stall
    points: NotRequired[int]  # stall (per unit), small venue, placeholder
    stars: NotRequired[int]  # small venue, placeholder
    text: NotRequired[str]  # stall, office, whale watching: what it does
    effect: NotRequired[str]  # office
    venue: NotRequired[str]  # placeholder: its large venue's id
    pond_only: NotRequired[bool]  # guesthouse at the pond
    module: NotRequired[Module]


class BoardToken(TokenPiece):
    row: int  # 1-5
    column: int  # 1-4


class VenuePiece(TypedDict):
    type: Literal["venue"]
    id: str
    name: str
    points: int
    stars: int
    origin: bool  # its north-west cell


class BoulderPiece(TypedDict):
    type: Literal["boulder"]
    id: str
    text: str  # its condition


Piece = ShipPiece | CollectorPiece | TokenPiece | VenuePiece | BoulderPiece
#: What slides in step 1 (the piece in ``pending.moved``).
MovedPiece = CollectorPiece | TokenPiece
ScorePoints = dict[ScoreCategory, int]


class PlayerView(TypedDict):
    seat: int
    score: int
    breakdown: ScorePoints
    reserve: FruitCounts
    grid: list[Piece | None]  # 25 cells
    supplied: list[str]  # ship ids, in order
    tokens: list[str]  # token ids claimed, in order
    stars: int
    markers: dict[Marker, int]
    juice: int  # 0 (start) … 10
    turns: int
    empty_beaches: int


class BoardRow(TypedDict):
    row: int
    cost: FruitCounts
    points: int
    spaces: list[BoardToken | None]


class BusinessBoard(TypedDict):
    columns_in_play: int
    rows: list[BoardRow]


class License(TypedDict):
    start: int
    left: int  # claims until X
    at_x: bool


class Pool(TypedDict):
    kind: Marker
    values: list[int]
    left: int
    next: int | None


class IceCream(TypedDict):
    pools: list[Pool]  # the milkshake pool last


class LargeVenue(TypedDict):
    id: str
    name: str
    points: int
    stars: int


class JuiceSpace(TypedDict):
    space: int
    cost: FruitCounts
    points: int


class JuiceFactory(TypedDict):
    spaces: list[JuiceSpace]
    steps_this_turn: int
    max_steps: int


class Moved(TypedDict):
    cell: int
    name: str
    distance: int
    piece: MovedPiece


class Split(TypedDict):
    fruits: list[Fruit]
    total: int


class Production(TypedDict):
    max: int


class ExploreTarget(TypedDict):
    cell: int  # a Mystic Island cell
    name: str
    statue: int | None


class CollectOne(TypedDict):
    fruit: Fruit
    count: int


class CollectEither(TypedDict):
    fruits: list[Fruit]
    count: int


class PendingStatue(TypedDict):
    tile: int
    text: str


class Arrange(TypedDict):
    cell: int
    name: str
    boulders: list[str]


class Pending(TypedDict, total=False):
    """What the current decision is about (empty when nothing is pending)."""

    moved: Moved
    split: Split
    production: Production
    explore: ExploreTarget
    collect: CollectOne | CollectEither
    token: TokenPiece
    statue: PendingStatue
    arrange: Arrange


class PineappleScore(TypedDict):
    boats: int
    claims: int


class Boat(TypedDict):
    id: str
    value: int
    wait: int


class SoloView(TypedDict):
    board: int
    pineapple_score: int
    breakdown: PineappleScore
    bag_size: int
    drawn: list[Boat]
    claimed: list[str]


class Bags(TypedDict):
    orange: int
    green: int


class House(TypedDict):
    name: str
    score: int
    breakdown: PineappleScore
    place: int


class Standings(TypedDict):
    """``Result.to_json()`` of a Juicy Fruits game (with Pineapple as the house in solo)."""

    scores: list[int]
    winners: list[int]
    places: list[int]
    categories: list[ScoreCategory]
    breakdown: list[ScorePoints]
    tiebreak_names: list[str]
    tiebreaks: list[list[int]]
    truncated: bool
    house: NotRequired[House]


class MysticCell(TypedDict):
    cell: int
    name: str
    row: int
    col: int
    kind: MysticKind
    plateau: int | None
    statue: int | None


class Explorer(TypedDict):
    seat: int | Literal["pineapple"]
    cell: int
    name: str


class StatueTile(TypedDict):
    tile: int
    effect: str
    value: int
    text: str


class MysticView(TypedDict):
    """Module 1: the board in printed orientation, each seat's edge, explorers and statue tiles."""

    size: int
    side: Literal["compass", "front"]
    cells: list[MysticCell]
    edges: list[Edge]
    explorers: list[Explorer]
    collected: list[list[int]]
    boxed: list[int]
    pineapple_boxed: list[int]
    tiles: list[StatueTile]
    pending_statue: int | None


class BoulderTile(TypedDict):
    id: str
    text: str


class TraySpace(TypedDict):
    id: str
    count: int
    points: int


class BouldersView(TypedDict):
    """Module 2: the four dealt boulders and their conditions, the tray, removals per seat."""

    tiles: list[BoulderTile]
    tray: list[TraySpace]
    removed: list[list[str]]
    corners: list[int]
    first_points: int
    later_points: int


class Whale(TypedDict):
    token: str
    owner: int | None
    beach: Beach | None
    moved: bool


class Offices(TypedDict, total=False):
    """Per office a seat has claimed: whether it works this turn (from the turn after its claim)."""

    harbor_office: bool
    construction_office: bool


class NewBusinessView(TypedDict):
    """Module 3: the whales' owners and beaches, each seat's offices."""

    whales: list[Whale]
    offices: list[Offices]
    three_per_row: bool
    sighting_points: int


class JuicyFruitsView(TypedDict):
    """``state.view(seat)``: everything a seat (or a spectator) may know."""

    game: Literal["juicyfruits"]
    viewer: int | None
    num_players: int
    options: JuicyFruitsOptions
    phase: Phase
    current_player: int  # -1 once over
    first_player: int
    round: int
    end_triggered: bool
    end_reason: EndReason
    quiet_rounds: int
    fruits: list[FruitName]
    island: Island
    players: list[PlayerView]
    business_board: BusinessBoard
    license: License
    ice_cream: IceCream
    large_venues: list[LargeVenue]  # still waiting beside the board
    juice_factory: JuiceFactory | None  # with the juice_factory option
    pending: Pending
    solo: SoloView | None  # in solo
    bags: Bags  # ships left in the bags (sizes only)
    standings: Standings | None  # once over
    modules: list[Module]  # in rulebook order
    mystic: MysticView | None
    boulders: BouldersView | None
    new_business: NewBusinessView | None


# ---------------------------------------------------------------------- pieces


def counts(cost: tuple[int, ...]) -> FruitCounts:
    return {FRUITS[f]: n for f, n in enumerate(cost) if n}


def token_json(token: int) -> TokenPiece:
    spec = C.all_tokens[token]
    name = token_name(spec.name)  # (in the reader's language, as the log says it: words.py marks the names)
    out: TokenPiece = {"type": "token", "id": spec.id, "name": name, "category": cast(Category, spec.category)}
    if spec.category == "advanced_collector":
        out["fruits"] = [FRUITS[f] for f in spec.fruits]
    elif spec.category == "ice_cream_cart":
        out["kind"] = MARKERS[spec.kind]
    elif spec.category == "stall":
        out["formula"] = spec.formula
        out["points"] = spec.points
        out["text"] = token_text(spec)
    elif spec.category == "admin":
        out["effect"] = spec.effect
        out["text"] = token_text(spec)
    elif spec.category == "whale_watching":
        out["text"] = token_text(spec)
    else:
        out["points"] = spec.points
        out["stars"] = spec.stars
    if spec.category == "placeholder":
        out["venue"] = C.all_venues[spec.venue].id
    if spec.pond_only:
        out["pond_only"] = True
    if spec.module:
        out["module"] = cast(Module, spec.module)
    return out


def moved_piece(code: int) -> MovedPiece:
    """The piece a step-1 slide moved: a collector, an advanced collector or an ice cream cart."""
    if code < TOKEN:
        return {"type": "collector", "fruit": FRUITS[code - COLLECTOR]}
    return token_json(code - TOKEN)


def _grid_json(grid: list[int]) -> list[Piece | None]:
    out: list[Piece | None] = []
    for cell, code in enumerate(grid):
        if code < 0:
            out.append(None)
        elif code < COLLECTOR:
            ship = C.ships[code - SHIP]
            out.append({"type": "ship", "id": ship.id, "demand": counts(ship.demand), "points": ship.points})
        elif code < VENUE:
            out.append(moved_piece(code))
        elif code >= BOULDER:
            out.append({"type": "boulder", "id": C.boulders[code - BOULDER].id, "text": condition_text(code - BOULDER)})
        else:
            venue = C.all_venues[code - VENUE]
            west = cell % SIZE > 0 and grid[cell - 1] == code
            north = cell >= SIZE and grid[cell - SIZE] == code
            out.append(
                {
                    "type": "venue",
                    "id": venue.id,
                    "name": token_name(venue.name),
                    "points": venue.points,
                    "stars": venue.stars,
                    "origin": not west and not north,
                }
            )
    return out


def _island() -> Island:
    return {
        "size": SIZE,
        "venue_side": C.venue_side,
        "cells": [
            {
                "cell": cell,
                "name": CELL_NAMES[cell],
                "row": cell // SIZE,
                "col": cell % SIZE,
                "kind": cast(SpaceKind, SPACE_KINDS[cell]),
                "beach": cast(Beach | None, BEACH_OF.get(cell)),
            }
            for cell in range(CELLS)
        ],
        "beaches": {cast(Beach, name): list(BEACHES[i]) for i, name in enumerate(BEACH_NAMES)},
        "ponds": list(PONDS),
        "blocks": [{"block": b, "name": block_name(b), "cells": list(cells)} for b, cells in enumerate(BLOCK_CELLS)],
    }


#: The islands' geometry, the same in every view (shared, never changed).
ISLAND = _island()
FRUIT_NAMES: list[FruitName] = [
    {"code": cast(FruitCode, code), "name": name} for code, name in zip(C.fruit_codes, FRUITS, strict=True)
]


# ---------------------------------------------------------------------- the view


def build_view(state: JuicyFruitsState, seat: int | None) -> JuicyFruitsView:
    """Everything ``seat`` may know; ``None`` is a spectator. JSON-ready."""
    from .rules import ALL_CATEGORIES

    n = state.num_players
    shown = state.categories()
    players: list[PlayerView] = []
    for p in range(n):
        players.append(
            {
                "seat": p,
                "score": state.score(p),
                "breakdown": {cast(ScoreCategory, ALL_CATEGORIES[i]): state.parts[p][i] for i in shown},
                "reserve": {FRUITS[f]: state.reserve[p][f] for f in range(len(FRUITS))},
                "grid": _grid_json(state.grid[p]),
                "supplied": [C.ships[s].id for s in state.supplied[p]],
                "tokens": [C.all_tokens[t].id for t in state.owned[p]],
                "stars": business.stars(state.owned[p]),
                "markers": {kind: state.markers[p][k] for k, kind in enumerate(MARKERS)},
                "juice": state.juice[p],
                "turns": state.turns[p],
                "empty_beaches": empty_beaches(state.grid[p]),
            }
        )
    rows: list[BoardRow] = []
    for row in range(business.ROWS):
        spaces: list[BoardToken | None] = []
        for col in range(business.COLUMNS):
            token = state.board[row * business.COLUMNS + col]
            spaces.append(None if token < 0 else {**token_json(token), "row": row + 1, "column": col + 1})
        rows.append({"row": row + 1, "cost": counts(C.row_costs[row]), "points": C.row_points[row], "spaces": spaces})
    pools: list[Pool] = []
    for kind, values in enumerate(C.ice_values):
        left = state.pool[kind]
        pools.append(
            {"kind": MARKERS[kind], "values": list(values), "left": left, "next": values[-left] if left else None}
        )
    gone = {C.all_tokens[t].venue for p in range(n) for t in state.owned[p]} | {
        C.all_tokens[t].venue for t in state.pine_claimed
    }
    waiting: list[LargeVenue] = [
        {"id": v.id, "name": token_name(v.name), "points": v.points, "stars": v.stars}
        for i, v in enumerate(C.all_venues)
        if i not in gone and (i < C.base_venues or state.nb)
    ]
    juice_view: JuiceFactory | None = None
    if state.options["juice_factory"]:
        juice_view = {
            "spaces": [
                {"space": i + 1, "cost": counts(cost), "points": C.juice_points[i]}
                for i, cost in enumerate(C.juice_costs)
            ],
            "steps_this_turn": state.juice_steps,
            "max_steps": juice.STEPS_PER_TURN,
        }
    solo_view: SoloView | None = None
    if n == 1:
        boats, claims = state.pine_parts
        solo_view = {
            "board": state.options["solo_board"],
            "pineapple_score": state.pineapple_score(),
            "breakdown": {"boats": boats, "claims": claims},
            "bag_size": len(state.pine_bag),
            "drawn": [
                {"id": C.ships[b].id, "value": C.ships[b].solo_value, "wait": C.ships[b].solo_wait}
                for b in state.pine_drawn
            ],
            "claimed": [C.all_tokens[t].id for t in state.pine_claimed],
        }
    over = state.phase == OVER
    return {
        "game": "juicyfruits",
        "viewer": seat,
        "num_players": n,
        "options": cast(JuicyFruitsOptions, dict(state.options)),
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "first_player": state.first,
        "round": state.round,
        "end_triggered": state.end_triggered,
        "end_reason": cast(EndReason, state.end_reason),
        "quiet_rounds": state.quiet_rounds,
        "fruits": [{"code": f["code"], "name": f["name"]} for f in FRUIT_NAMES],
        "island": ISLAND,
        "players": players,
        "business_board": {"columns_in_play": _columns(state), "rows": rows},
        "license": {"start": C.license_start[n], "left": state.license, "at_x": state.license == 0},
        "ice_cream": {"pools": pools},
        "large_venues": waiting,
        "juice_factory": juice_view,
        "pending": _pending(state),
        "solo": solo_view,
        "bags": {"orange": len(state.bags[0]), "green": len(state.bags[1])},
        "standings": cast(Standings, state.standings().to_json()) if over else None,
        "modules": [cast(Module, m) for m in MODULES if m in state.mods],
        "mystic": mystic_view(state) if state.mi else None,
        "boulders": boulders_view(state) if state.bo else None,
        "new_business": new_business_view(state) if state.nb else None,
    }


def _pending(state: JuicyFruitsState) -> Pending:
    pending: Pending = {}
    if state.moved[0] >= 0 and state.phase != OVER:
        to, distance = state.moved
        piece = moved_piece(state.grid[state.player][to])
        pending["moved"] = {"cell": to, "name": CELL_NAMES[to], "distance": distance, "piece": piece}
        if state.phase == SPLIT and piece["type"] == "token" and "fruits" in piece:
            pending["split"] = {"fruits": piece["fruits"], "total": distance + 1}
        elif state.phase == PRODUCE:
            pending["production"] = {"max": distance}
        elif state.phase == EXPLORE:
            target = mystic.explorer_target(state, state.player, state.moved_dir, distance)
            tile = state.statues[target]
            pending["explore"] = {"cell": target, "name": mystic.CELL_NAMES[target], "statue": tile or None}
            if piece["type"] == "collector":
                pending["collect"] = {"fruit": piece["fruit"], "count": distance}
            else:
                pending["collect"] = {"fruits": piece.get("fruits", []), "count": distance + 1}
    if state.pending >= 0:
        pending["token"] = token_json(state.pending)
    if state.pending_statue:
        pending["statue"] = {"tile": state.pending_statue, "text": mystic.tile_text(state.pending_statue)}
    if state.phase == ARRANGE:
        corner = boulders.next_corner(state, state.player)
        ids = [C.boulders[c].id for c in boulders.corners_left(state, state.player)]
        pending["arrange"] = {"cell": corner, "name": CELL_NAMES[corner], "boulders": ids}
    return pending


def _columns(state: JuicyFruitsState) -> int:
    if state.options.get("three_per_row") and state.num_players == 2:
        return 3
    return business.columns_in_play(state.num_players)


# ---------------------------------------------------------------------- the modules' parts


def mystic_view(state: JuicyFruitsState) -> MysticView:
    """Module 1: the 25 cells in printed orientation with statues and plateaus, each seat's edge,
    the explorers (Pineapple's too in solo), collected and boxed tiles, the statue legend."""
    n = state.num_players
    names = mystic.CELL_NAMES
    explorers: list[Explorer] = [
        {"seat": p, "cell": state.explorers[p], "name": names[state.explorers[p]]} for p in range(n)
    ]
    if n == 1:
        cell = state.explorers[1]
        explorers.append({"seat": "pineapple", "cell": cell, "name": names[cell]})
    return {
        "size": mystic.SIZE,
        "side": "compass" if n == 1 else "front",
        "cells": [
            {
                "cell": c,
                "name": names[c],
                "row": c // mystic.SIZE,
                "col": c % mystic.SIZE,
                "kind": cast(MysticKind, mystic.space_kind(c)),
                "plateau": mystic.plateau_points(c) or None,
                "statue": state.statues[c] or None,
            }
            for c in range(mystic.CELLS)
        ],
        "edges": [cast(Edge, EDGES[mystic.edge(p, n)]) for p in range(n)],
        "explorers": explorers,
        "collected": [list(state.statues_won[p]) for p in range(n)],
        "boxed": sorted(state.statue_box),
        "pineapple_boxed": list(state.pine_statues),
        "tiles": [
            {"tile": t.tile, "effect": t.effect, "value": t.value, "text": mystic.tile_text(t.tile)}
            for t in mystic.TILES
        ],
        "pending_statue": state.pending_statue or None,
    }


def boulders_view(state: JuicyFruitsState) -> BouldersView:
    """Module 2: the dealt boulders and their conditions, the tray, removals per seat (boulders on
    corners are grid pieces)."""
    tiles = boulders.BOULDERS
    return {
        "tiles": [{"id": tiles[c].id, "text": condition_text(c)} for c in state.boulder_set],
        "tray": [
            {"id": tiles[c].id, "count": state.tray[i], "points": C.tray_space_points}
            for i, c in enumerate(state.boulder_set)
        ],
        "removed": [[tiles[c].id for c in state.removed[p]] for p in range(state.num_players)],
        "corners": list(boulders.CORNERS),
        "first_points": C.tray_space_points + C.tray_first_bonus,
        "later_points": C.tray_later_points,
    }


def new_business_view(state: JuicyFruitsState) -> NewBusinessView:
    """Module 3: the whales' owners and beaches, each seat's offices and whether they work yet."""
    whales: list[Whale] = []
    for slot, token in enumerate(new_business.WHALE_TOKENS):
        owner = next((p for p in range(state.num_players) if token in state.owned[p]), None)
        beach = state.whales[slot]
        whales.append(
            {
                "token": C.all_tokens[token].id,
                "owner": owner,
                "beach": cast(Beach, BEACH_NAMES[beach]) if beach >= 0 else None,
                "moved": slot in state.watched,
            }
        )
    offices: list[Offices] = []
    for p in range(state.num_players):
        works: Offices = {}
        for index, office in enumerate(new_business.OFFICES):
            if state.office_from[p][index] >= 0:
                effect = cast(OfficeEffect, C.all_tokens[office].effect)
                works[effect] = new_business.office_active(state, p, office)
        offices.append(works)
    return {
        "whales": whales,
        "offices": offices,
        "three_per_row": bool(state.options.get("three_per_row", False)),
        "sighting_points": C.sighting_points,
    }


__all__ = ["JuicyFruitsView", "build_view", "moved_piece", "token_json"]
