"""Juicy Fruits' component values, loaded from ``data.toml`` and validated.

The rules read every printed value from :data:`COMPONENTS`; nothing numeric about the physical
game is written in the rules code. Validation checks the *sourced* facts (50 ships, 25 of each
back, two fruit types per demand, 24 business tokens, six large venues with one placeholder
each, 13 + 4 markers …) so that a corrected value cannot silently break the game, while the
RECONSTRUCTED values themselves stay free to change.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from fruitbowl.engine.errors import ComponentDataError

DATA_FILE = Path(__file__).with_name("data.toml")
CATEGORIES = ("placeholder", "small_venue", "stall", "advanced_collector", "ice_cream_cart")
#: Module 3 adds two categories of its own.
MODULE_CATEGORIES = ("admin", "whale_watching")
STALL_FORMULAS = ("per_empty_beach", "per_supplied_ship", "per_star", "per_two_fruits")
MODULE_STALL_FORMULAS = ("per_full_beach", "per_milkshake")
MODULES = ("mystic_island", "boulders", "new_business")
STATUE_EFFECTS = (
    "points",
    "per_supplied_ship",
    "choose_supplied_ship",
    "per_two_fruits",
    "choose_fruit_type",
    "per_business_token",
    "per_star",
    "per_statue",
    "per_boulder_removed",
)
BOULDER_TESTS = (
    "score_at_least",
    "ship_points_at_least",
    "ships_supplied_at_least",
    "one_fruit_type_at_least",
    "fruits_at_least",
    "tokens_off_ponds_at_least",
    "business_tokens_at_least",
    "collectors_in_a_line",
    "placed_on_pond",
    "other_boulders_removed",
    "empty_beaches_at_least",
    "move_gained_at_least",
    "every_fruit_type",
    "statues_collected_at_least",
    "module_tokens_at_least",
)
EDGES = ("bottom", "left", "top", "right")
BEACH_NAMES = ("N", "E", "S", "W")
Cost = tuple[int, int, int, int, int]  # fruits per type, in component order


@dataclass(frozen=True)
class Ship:
    id: str
    back: str  # "orange" (simple set) or "green" (complex set)
    demand: Cost
    points: int
    solo_value: int  # V: Pineapple's points for the boat; V = 3 boats make her claim
    solo_wait: int  # W: the waiting-space column she claims from


@dataclass(frozen=True)
class Venue:
    id: str
    name: str
    points: int
    stars: int


@dataclass(frozen=True)
class Token:
    id: str
    category: str
    name: str
    points: int = 0  # printed points on claim (small venues; a placeholder's are its venue's)
    stars: int = 0
    venue: int = -1  # large venue index, for placeholders
    formula: str = ""  # stall formula
    fruits: tuple[int, ...] = ()  # advanced collectors: its two fruit types
    kind: int = -1  # ice cream carts: the marker kind it makes
    pond_only: bool = False  # guesthouses: only on an empty pond space (Module 3)
    effect: str = ""  # administration buildings: harbor_office / construction_office
    module: str = ""  # "" for the base game, "new_business" for Module 3's tokens

    @property
    def mobile(self) -> bool:
        return self.category in ("advanced_collector", "ice_cream_cart")


@dataclass(frozen=True)
class StatueTile:
    tile: int  # the reference number, 1-13
    effect: str  # one of STATUE_EFFECTS
    value: int  # printed points (effect "points") or points per unit
    module: str  # a module the tile needs besides Mystic Island ("" = none)


@dataclass(frozen=True)
class Boulder:
    id: str  # "4b": reference number and side
    tile: int  # 1-8
    side: int  # 0 = a, 1 = b
    test: str  # one of BOULDER_TESTS
    value: int
    module: str  # the module this side needs ("" = none)


@dataclass(frozen=True)
class Mystic:
    """The Mystic Island board in its printed orientation (row 0 = printed top)."""

    size: int
    base: int  # cell = row * size + column
    compass: int
    statue_cells: tuple[int, ...]
    plateaus: dict[int, int]  # cell -> points
    seating: dict[int, tuple[int, ...]]  # players -> the printed edge (EDGES index) facing each seat


@dataclass(frozen=True)
class Components:
    fruit_codes: tuple[str, ...]
    fruit_names: tuple[str, ...]
    size: int
    beaches: tuple[tuple[tuple[int, int], ...], ...]  # N, E, S, W: their three spaces
    ponds: tuple[tuple[int, int], ...]
    ships_per_bag: int
    ships: tuple[Ship, ...]
    columns: int
    row_costs: tuple[Cost, ...]
    row_points: tuple[int, ...]
    license_start: dict[int, int]  # players -> claims until X
    venues: tuple[Venue, ...]
    venue_side: int  # a large venue covers venue_side × venue_side island spaces
    tokens: tuple[Token, ...]
    ice_kinds: tuple[str, ...]
    ice_values: tuple[tuple[int, ...], ...]  # per kind, then the milkshake pool last
    juice_costs: tuple[Cost, ...]
    juice_points: tuple[int, ...]
    juice_steps_per_turn: int
    solo_boards: int
    solo_claim_value: int
    solo_claim_bonus_per_level: int
    quiet_rounds_limit: int
    status: dict[str, str]
    base_tokens: int  # len(tokens): the base game's; all_tokens[base_tokens:] are Module 3's
    base_venues: int
    all_tokens: tuple[Token, ...]  # the base tokens, then Module 3's (X01-X10)
    all_venues: tuple[Venue, ...]  # LV1-LV6, then Module 3's restaurant
    mystic: Mystic
    statue_tiles: tuple[StatueTile, ...]  # index = tile number - 1
    boulders: tuple[Boulder, ...]  # index = (tile - 1) * 2 + side: 1a, 1b, 2a, ... 8b
    tray_spaces: int
    tray_space_points: int
    tray_first_bonus: int
    tray_later_points: int
    sighting_points: int  # table name -> "sourced" / "RECONSTRUCTED"

    @property
    def milkshake(self) -> int:
        """Index of the milkshake pool in :attr:`ice_values` (after the five kinds)."""
        return len(self.ice_kinds)

    def boulder_index(self, boulder_id: str) -> int:
        return [b.id for b in self.boulders].index(boulder_id)

    def token_index(self, token_id: str) -> int:
        return [t.id for t in self.all_tokens].index(token_id)

    def ship_index(self, ship_id: str) -> int:
        return [s.id for s in self.ships].index(ship_id)


def load_components(path: Path = DATA_FILE) -> Components:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ComponentDataError(f"{path}: cannot read Juicy Fruits data: {exc}") from None
    try:
        return build_components(raw)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ComponentDataError(f"{path}: missing or mistyped value {exc}") from None


def build_components(raw: dict[str, Any]) -> Components:
    """Components from parsed TOML, or :class:`ComponentDataError` naming the broken fact."""
    status = {}
    for table, values in raw.items():
        if not isinstance(values, dict) or values.get("status") not in ("sourced", "RECONSTRUCTED"):
            raise ComponentDataError(f"data.toml [{table}] needs status 'sourced' or 'RECONSTRUCTED'")
        status[table] = values["status"]

    fruits = raw["fruits"]
    codes, names = tuple(fruits["codes"]), tuple(fruits["names"])
    _check(len(codes) == 5 == len(names) and len(set(codes)) == 5, "[fruits] lists five distinct fruit types")

    def cost(table: dict[str, int], where: str) -> Cost:
        unknown = set(table) - set(codes)
        _check(not unknown, f"{where}: unknown fruit {sorted(unknown)}; the fruits are {', '.join(codes)}")
        counts = [int(table.get(code, 0)) for code in codes]
        _check(all(c >= 0 for c in counts) and sum(counts) > 0, f"{where}: fruit counts are positive")
        return (counts[0], counts[1], counts[2], counts[3], counts[4])

    island = raw["island"]
    size = island["size"]
    _check(size == 5, "[island] the island is a 5x5 grid")
    beaches = tuple(tuple((int(r), int(c)) for r, c in island["beaches"][name]) for name in BEACH_NAMES)
    beach_cells = [cell for beach in beaches for cell in beach]
    _check(all(len(b) == 3 for b in beaches), "[island] each of the 4 beaches has 3 spaces")
    ponds = tuple((int(r), int(c)) for r, c in island["ponds"])
    _check(len(ponds) == 5, "[island] there are 5 pond spaces, one per collector")
    every = beach_cells + list(ponds)
    _check(len(set(every)) == len(every), "[island] beach and pond spaces do not overlap")
    _check(all(0 <= r < size and 0 <= c < size for r, c in every), "[island] spaces lie on the 5x5 grid")
    for r, c in beach_cells:
        _check(r in (0, size - 1) or c in (0, size - 1), f"[island] beach space {[r, c]} is on the edge")
    per_bag = island["ships_per_bag"]
    _check(2 * per_bag == len(beach_cells), "[island] the ships drawn from both bags cover the beach spaces")

    ships: list[Ship] = []
    for entry in raw["ships"]["tokens"]:
        where = f"ship {entry.get('id', '?')}"
        demand = cost(entry["demand"], where)
        _check(sum(1 for c in demand if c) == 2, f"{where}: a demand has exactly two different fruit types")
        _check(entry["back"] in ("orange", "green"), f"{where}: the back is orange or green")
        _check(entry["points"] > 0, f"{where}: a ship scores points")
        _check(1 <= entry["solo_value"] <= 3, f"{where}: the solo value is 1–3")
        _check(1 <= entry["solo_wait"] <= 4, f"{where}: the waiting number names a column 1–4")
        ships.append(Ship(entry["id"], entry["back"], demand, entry["points"], entry["solo_value"], entry["solo_wait"]))
    _check(len(ships) == 50, f"there are 50 ship tokens; data gives {len(ships)}")
    _check(len({s.id for s in ships}) == 50, "ship ids are unique")
    backs = [s.back for s in ships]
    _check(backs.count("orange") == 25, "25 ships have an orange back and 25 a green back")
    by_size = sorted((sum(s.demand), s.points) for s in ships)
    _check(
        all(a[1] <= b[1] for a, b in pairwise(by_size) if a[0] < b[0]),
        "ship points grow with the number of fruits demanded",
    )

    rows = raw["business_rows"]
    row_costs = tuple(cost(c, f"[business_rows] row {i + 1}") for i, c in enumerate(rows["costs"]))
    row_points = tuple(rows["points"])
    _check(len(row_costs) == 5 == len(row_points), "[business_rows] the business board has 5 rows")
    _check(rows["columns"] == 4, "[business_rows] each row has 4 waiting spaces")
    _check(sum(row_costs[2]) == 4 and row_points[2] == 3, "[business_rows] row 3 costs 4 fruits and scores 3 [MI]")

    start = {int(k): int(v) for k, v in raw["license_track"]["start"].items()}
    _check(sorted(start) == [1, 2, 3, 4], "[license_track] gives a start space for 1, 2, 3 and 4 players")
    for players, claims in start.items():
        shown = 5 * (4 if players == 1 else players)
        _check(0 < claims <= shown, f"[license_track] {players} players: 1..{shown} claims (tokens on display)")

    venues = tuple(Venue(v["id"], v["name"], v["points"], v["stars"]) for v in raw["large_venues"]["venues"])
    _check(len(venues) == 6, f"there are 6 large venue tokens; data gives {len(venues)}")
    venue_side = raw["large_venues"]["side"]
    _check(venue_side == 2, "[large_venues] a large venue covers a 2x2 block of spaces [RB]")
    venue_ids = [v.id for v in venues]

    tokens: list[Token] = []
    for entry in raw["business_tokens"]["tokens"]:
        where = f"business token {entry.get('id', '?')}"
        category = entry["category"]
        _check(category in CATEGORIES, f"{where}: category is one of {', '.join(CATEGORIES)}")
        if category == "placeholder":
            _check(entry["venue"] in venue_ids, f"{where}: its venue {entry['venue']!r} is not a large venue")
            venue = venue_ids.index(entry["venue"])
            token = Token(entry["id"], category, entry["name"], venues[venue].points, venues[venue].stars, venue)
        elif category == "small_venue":
            token = Token(entry["id"], category, entry["name"], entry["points"], entry["stars"])
        elif category == "stall":
            _check(entry["formula"] in STALL_FORMULAS, f"{where}: formula is one of {', '.join(STALL_FORMULAS)}")
            token = Token(entry["id"], category, entry["name"], entry["points"], formula=entry["formula"])
        elif category == "advanced_collector":
            pair = tuple(codes.index(f) for f in entry["fruits"])
            _check(len(set(pair)) == 2, f"{where}: an advanced collector has two different fruit types")
            token = Token(entry["id"], category, entry["name"], fruits=pair)
        else:
            _check(entry["kind"] in raw["ice_cream"]["kinds"], f"{where}: its kind is an ice cream kind")
            token = Token(entry["id"], category, entry["name"], kind=raw["ice_cream"]["kinds"].index(entry["kind"]))
        tokens.append(token)
    _check(len(tokens) == 24, f"there are 24 business tokens; data gives {len(tokens)}")
    _check(len({t.id for t in tokens}) == 24, "business token ids are unique")
    placed = sorted(t.venue for t in tokens if t.category == "placeholder")
    _check(placed == list(range(len(venues))), "each large venue has exactly one placeholder token")
    pairs = [frozenset(t.fruits) for t in tokens if t.category == "advanced_collector"]
    _check(len(set(pairs)) == len(pairs), "advanced collectors have different fruit pairs")
    base_tokens, base_venues = len(tokens), len(venues)
    module_tokens, module_venue = _new_business(raw["new_business_tokens"])
    all_venues = (*venues, module_venue)
    all_tokens = tokens + [
        Token(t.id, t.category, t.name, module_venue.points, module_venue.stars, base_venues, module="new_business")
        if t.category == "placeholder"
        else t
        for t in module_tokens
    ]
    _check(len({t.id for t in all_tokens}) == len(all_tokens), "token ids are unique across the base game and Module 3")

    ice = raw["ice_cream"]
    kinds = tuple(ice["kinds"])
    values = tuple(tuple(v) for v in ice["values"])
    _check(len(kinds) == len(values) == 5, "[ice_cream] five ice cream kinds, one value list each")
    _check(sorted(len(v) for v in values) == [2, 2, 3, 3, 3], "[ice_cream] 13 markers in groups 3/3/2/2/3 [RB]")
    shakes = tuple(ice["milkshakes"])
    _check(len(shakes) == 4, "[ice_cream] there are 4 milkshake markers [RB]")
    for pool in (*values, shakes):
        _check(list(pool) == sorted(pool, reverse=True) and min(pool) > 0, "[ice_cream] values best first, positive")
    carts = sorted(t.kind for t in tokens if t.category == "ice_cream_cart")
    _check(carts == list(range(len(kinds))), "one ice cream cart per ice cream kind")

    juice = raw["juice_factory"]
    juice_costs = tuple(cost(s["cost"], f"[juice_factory] space J{i + 1}") for i, s in enumerate(juice["spaces"]))
    juice_points = tuple(s["points"] for s in juice["spaces"])
    _check(len(juice_costs) > 0 and all(p >= 0 for p in juice_points), "[juice_factory] spaces with points")
    _check(juice["max_steps_per_turn"] == 2, "[juice_factory] one or two spaces per turn [REV]")

    solo = raw["solo"]
    _check(solo["boards"] == 4, "[solo] there are 4 solo boards [RB]")
    _check(1 <= solo["claim_value"] <= 3, "[solo] the claiming boat value is 1–3")

    return Components(
        fruit_codes=codes,
        fruit_names=names,
        size=size,
        beaches=beaches,
        ponds=ponds,
        ships_per_bag=per_bag,
        ships=tuple(ships),
        columns=rows["columns"],
        row_costs=row_costs,
        row_points=row_points,
        license_start=start,
        venues=venues,
        venue_side=venue_side,
        tokens=tuple(tokens),
        ice_kinds=kinds,
        ice_values=(*values, shakes),
        juice_costs=juice_costs,
        juice_points=juice_points,
        juice_steps_per_turn=juice["max_steps_per_turn"],
        solo_boards=solo["boards"],
        solo_claim_value=solo["claim_value"],
        solo_claim_bonus_per_level=solo["claim_bonus_per_level"],
        quiet_rounds_limit=raw["engine"]["quiet_rounds_limit"],
        status=status,
        base_tokens=base_tokens,
        base_venues=base_venues,
        all_tokens=tuple(all_tokens),
        all_venues=all_venues,
        mystic=_mystic(raw["mystic_island"], raw["mystic_seating"]),
        statue_tiles=_statues(raw["statue_tiles"], raw["statue_points"]),
        boulders=_boulders(raw["boulder_tiles"]["conditions"] + raw["boulder_tiles_reconstructed"]["conditions"]),
        tray_spaces=raw["boulder_tray"]["spaces"],
        tray_space_points=raw["boulder_tray"]["space_points"],
        tray_first_bonus=raw["boulder_tray"]["first_bonus"],
        tray_later_points=raw["boulder_tray"]["later_points"],
        sighting_points=raw["new_business_tokens"]["sighting_points"],
    )


def _mystic(board: dict[str, Any], seating: dict[str, Any]) -> Mystic:
    """The Mystic Island board: 25 cells, 1 base, 11 statue spaces, plateaus of 10 and 12 [MI]."""
    size = board["size"]
    _check(size == 5, "[mystic_island] the board is a 5x5 grid (REC-8)")

    def cell(pair: list[int], what: str) -> int:
        r, c = int(pair[0]), int(pair[1])
        _check(0 <= r < size and 0 <= c < size, f"[mystic_island] {what} {[r, c]} lies off the board")
        return r * size + c

    base = cell(board["base"], "the base space")
    statues = tuple(cell(p, "statue space") for p in board["statues"])
    _check(len(statues) == 11 and len(set(statues)) == 11, "[mystic_island] there are 11 statue spaces [MI]")
    plateaus = {cell(p["cell"], "plateau"): int(p["points"]) for p in board["plateaus"]}
    _check(sorted(set(plateaus.values())) == [10, 12], "[mystic_island] plateaus are worth 10 and 12 [MI]")
    used = [base, *statues, *plateaus]
    _check(len(set(used)) == len(used), "[mystic_island] base, statue and plateau spaces do not overlap")
    compass = cell(board["compass"], "the compass")
    _check(compass not in statues, "[mystic_island] the compass is on a plain space")
    _check(tuple(board["compass_directions"]) == ("top", "right", "bottom", "left"), "[mystic_island] compass 1-4")
    edges = {int(k): tuple(EDGES.index(e) for e in v) for k, v in seating["edges"].items()}
    _check(sorted(edges) == [1, 2, 3, 4], "[mystic_seating] an edge list for 1, 2, 3 and 4 players")
    for players, seats in edges.items():
        _check(len(seats) == players == len(set(seats)), f"[mystic_seating] {players} players face different edges")
    return Mystic(size, base, compass, statues, plateaus, edges)


def _statues(tiles: dict[str, Any], points: dict[str, Any]) -> tuple[StatueTile, ...]:
    printed = {int(k): int(v) for k, v in points["points"].items()}
    out = []
    for number, entry in enumerate(tiles["tiles"], start=1):
        _check(entry["tile"] == number, f"[statue_tiles] tiles are listed 1-13 in order; got {entry['tile']}")
        effect = entry["effect"]
        _check(effect in STATUE_EFFECTS, f"[statue_tiles] tile {number}: effect is one of {', '.join(STATUE_EFFECTS)}")
        value = printed.get(number, 0) if effect == "points" else int(entry.get("value", 0))
        _check(effect != "points" or value > 0, f"[statue_points] tile {number} needs its printed points")
        module = entry.get("module", "")
        _check(module in ("", *MODULES), f"[statue_tiles] tile {number}: unknown module {module!r}")
        out.append(StatueTile(number, effect, value, module))
    _check(len(out) == 13, f"there are 13 statue tiles [MI]; data gives {len(out)}")
    _check([t.tile for t in out if t.module] == [13], "[statue_tiles] only tile 13 needs another module [MI]")
    return tuple(out)


def _boulders(conditions: list[dict[str, Any]]) -> tuple[Boulder, ...]:
    by_id = {}
    for entry in conditions:
        bid = entry["id"]
        _check(entry["test"] in BOULDER_TESTS, f"boulder {bid}: test is one of {', '.join(BOULDER_TESTS)}")
        module = entry.get("module", "")
        _check(module in ("", *MODULES), f"boulder {bid}: unknown module {module!r}")
        _check(bid not in by_id, f"boulder {bid} is listed twice")
        by_id[bid] = Boulder(bid, int(bid[:-1]), "ab".index(bid[-1]), entry["test"], int(entry["value"]), module)
    wanted = [f"{t}{side}" for t in range(1, 9) for side in "ab"]
    _check(sorted(by_id) == sorted(wanted), "boulders: 8 double-sided tiles, sides 1a-8b, each listed once [MI]")
    moduled = [b.id for b in by_id.values() if b.module]
    only_eight = bool(moduled) and all(m.startswith("8") for m in moduled)
    _check(only_eight, "only boulder tile 8 depends on another module [MI]")
    return tuple(by_id[bid] for bid in wanted)


def _new_business(raw: dict[str, Any]) -> tuple[list[Token], Venue]:
    """Module 3's 10 tokens and the restaurant large venue [MI]."""
    v = raw["venue"]
    venue = Venue(v["id"], v["name"], v["points"], v["stars"])
    tokens = []
    for entry in raw["tokens"]:
        where = f"Module 3 token {entry.get('id', '?')}"
        category = entry["category"]
        _check(category in CATEGORIES + MODULE_CATEGORIES, f"{where}: unknown category {category!r}")
        if category == "placeholder":
            _check(entry["venue"] == venue.id, f"{where}: the placeholder stands for {venue.id}")
            tokens.append(Token(entry["id"], category, entry["name"], module="new_business"))
        elif category == "small_venue":
            pond = bool(entry.get("pond_only", False))
            tokens.append(
                Token(
                    entry["id"],
                    category,
                    entry["name"],
                    entry["points"],
                    entry["stars"],
                    pond_only=pond,
                    module="new_business",
                )
            )
        elif category == "stall":
            formula = entry["formula"]
            _check(formula in MODULE_STALL_FORMULAS, f"{where}: formula is one of {', '.join(MODULE_STALL_FORMULAS)}")
            tokens.append(
                Token(entry["id"], category, entry["name"], entry["points"], formula=formula, module="new_business")
            )
        elif category == "admin":
            effect = entry["effect"]
            _check(effect in ("harbor_office", "construction_office"), f"{where}: unknown effect {effect!r}")
            tokens.append(
                Token(entry["id"], category, entry["name"], entry["points"], effect=effect, module="new_business")
            )
        else:
            _check(category == "whale_watching", f"{where}: Module 3 has no {category} tokens")
            tokens.append(Token(entry["id"], category, entry["name"], module="new_business"))
    _check(len(tokens) == 10, f"Module 3 has 10 business tokens [MI]; data gives {len(tokens)}")
    kinds = sorted(t.category for t in tokens)
    _check(kinds.count("whale_watching") == 2, "Module 3 has 2 whale watching tokens [MI]")
    _check(sum(t.pond_only for t in tokens) == 3, "Module 3 has 3 guesthouses at the pond [MI]")
    _check(kinds.count("admin") == 2 and kinds.count("stall") == 2, "Module 3: 2 administration buildings, 2 stalls")
    return tokens, venue


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(f"data.toml: {message}")


COMPONENTS = load_components()
