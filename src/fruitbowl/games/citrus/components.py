"""Citrus component values and board layouts, loaded from ``data.toml`` and ``boards/*.txt``.

The rules read every printed value from :data:`COMPONENTS` and every board fact from
:data:`BOARDS`; nothing numeric about the physical game is written in the rules code. Both
are validated when loaded, with :class:`ComponentDataError` naming the file and the problem.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fruitbowl.engine.errors import ComponentDataError

HERE = Path(__file__).parent
DATA_FILE = HERE / "data.toml"
STATUSES = ("sourced", "RECONSTRUCTED")
ACTION_KINDS = ("money", "cart", "bull", "bridge", "milestone")

# Space types of the board.
ORDINARY, ROCK, LANDSCAPE, SITE = range(4)


@dataclass(frozen=True)
class Components:
    types: tuple[str, ...]  # short names used in action texts ("blood")
    type_names: tuple[str, ...]  # full names for sentences ("blood orange")
    plain: int
    well: int
    short_remove_plain: int
    short_remove_well: int
    #: landscape tile id -> (kind, value); value is the horses or coins shown, else 0
    landscape: tuple[tuple[str, int], ...]
    fincas: tuple[tuple[int, int], ...]  # finca tile id -> (high, low)
    market_spaces: int
    market_cells: tuple[tuple[int, int], ...]
    line_names: tuple[str, ...]
    lines: tuple[tuple[int, ...], ...]  # 0-based market spaces of each line
    trigger: int
    min_players: int
    max_players: int
    #: player counts the rulebook recommends the short side for (any count may play either side)
    short_recommended: tuple[int, ...]
    start_money: int
    money_cap: int
    workers: int
    income: tuple[int, ...]
    tile_points: int
    well_points: int
    return_penalty: int
    unused_action_points: int
    board_files: dict[str, str]
    status: dict[str, str]
    #: starting Fincas on the long side in the §11.3 sub-variant
    few_start_fincas: int

    @property
    def kinds(self) -> int:
        """Tile kinds: each type plain (even) and with a well (odd)."""
        return 2 * len(self.types)

    def kind_text(self, kind: int) -> str:
        return self.types[kind >> 1] + (" well" if kind & 1 else "")

    def kind_name(self, kind: int) -> str:
        return self.type_names[kind >> 1] + (" with a well" if kind & 1 else "")

    def bag(self, short: bool) -> list[int]:
        """Tiles per kind in the bag at the start."""
        plain = self.plain - (self.short_remove_plain if short else 0)
        well = self.well - (self.short_remove_well if short else 0)
        return [well if k & 1 else plain for k in range(self.kinds)]


@dataclass(frozen=True)
class Board:
    """One side of the board: integer spaces (index = y * width + x) with precomputed neighbours."""

    side: str
    status: str
    width: int
    height: int
    kind: tuple[int, ...]  # ORDINARY / ROCK / LANDSCAPE / SITE per space
    orth: tuple[tuple[int, ...], ...]  # orthogonal neighbours on the board
    labels: tuple[str, ...]  # "C4": column letter, row number
    road_site: tuple[int, ...]  # site index whose road leads onto this space, or -1
    site_letters: tuple[str, ...]
    site_space: tuple[int, ...]
    site_roads: tuple[tuple[int, ...], ...]  # road spaces in N, E, S, W order (3 on an edge)
    site_ring: tuple[tuple[int, ...], ...]  # up to 8 surrounding spaces, diagonals included
    site_of_space: dict[int, int]
    start_sites: tuple[int, ...]
    stack_sites: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.kind)

    def space(self, label: str) -> int:
        """The space named ``label`` ("C4")."""
        return self.labels.index(label.upper())

    def site(self, letter: str) -> int:
        return self.site_letters.index(letter.upper())


def load_components(path: Path = DATA_FILE) -> Components:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ComponentDataError(f"{path}: cannot read Citrus data: {exc}") from None
    try:
        return _build(raw, path.name)
    except (KeyError, TypeError, ValueError) as exc:
        raise ComponentDataError(f"{path.name}: missing or mistyped value {exc}") from None


def _build(raw: dict[str, Any], name: str) -> Components:
    def check(condition: bool, message: str) -> None:
        if not condition:
            raise ComponentDataError(f"{name}: {message}")

    status = {}
    for table, values in raw.items():
        check(values.get("status") in STATUSES, f"[{table}] needs status 'sourced' or 'RECONSTRUCTED'")
        status[table] = values["status"]
    pl, ls, fi, mk = raw["plantations"], raw["landscape"], raw["fincas"], raw["market"]
    types = tuple(pl["types"])
    check(len(types) == 5 and len(set(types)) == 5, "there are 5 distinct plantation types")
    check(all(" " not in t for t in types), "plantation type names in action texts are single words")
    check(len(pl["names"]) == 5, "[plantations] names has one full name per type")
    check(pl["plain"] + pl["well"] == 18, "each plantation type has 18 tiles")
    check(
        0 <= pl["short_remove_plain"] <= pl["plain"] and 0 <= pl["short_remove_well"] <= pl["well"],
        "the short version cannot remove more tiles than there are",
    )
    landscape: list[tuple[str, int]] = [("horses", h) for h in ls["horses"]]
    landscape += [("money", m) for m in ls["money"]]
    for kind in ("cart", "bull", "bridge", "milestone"):
        check(ls[kind] >= 0, f"[landscape] {kind} count is not negative")
        landscape += [(kind, 0)] * ls[kind]
    check(len(landscape) == ls["total"], f"landscape tiles add up to {len(landscape)}, not {ls['total']}")
    check(all(h > 0 for h in ls["horses"]) and all(m > 0 for m in ls["money"]), "horses and coins are positive")
    fincas = tuple((int(h), int(lo)) for h, lo in fi["values"])
    check(len(fincas) == 15, f"there are 15 Finca tiles; data gives {len(fincas)}")
    check(all(h > lo >= 0 for h, lo in fincas), "every Finca's high value is above its low value")
    spaces = mk["spaces"]
    check(spaces == 12 and len(mk["cells"]) == spaces, "the market has 12 spaces, each with a cell")
    lines = tuple(tuple(s - 1 for s in line) for line in mk["lines"])
    check(len(lines) == len(mk["line_names"]), "[market] one name per line")
    check(all(0 <= s < spaces for line in lines for s in line), "market lines name spaces 1–12")
    check(all(1 <= len(line) <= 4 for line in lines), "a line holds 1 to 4 spaces")
    for s in range(spaces):
        check(sum(s in line for line in lines) == 2, f"market space {s + 1} lies on one row and one column")
    players = raw["players"]
    check(1 <= players["min"] <= players["max"], "[players] min is at least 1 and at most max")
    check(
        all(players["min"] <= n <= players["max"] for n in players["short_recommended"]),
        "[players] short_recommended lies within min–max",
    )
    player, income = raw["player"], tuple(raw["income"]["by_workers"])
    check(0 <= player["start_money"] <= player["money_cap"], "start money lies on the money track")
    check(len(income) == player["workers"] + 1, "[income] gives one value for 0..workers workers on the mat")
    sc = raw["scoring"]
    few = raw["variants"]["few_start_fincas"]
    check(isinstance(few, int) and few >= 1, "[variants] few_start_fincas is a whole number of at least 1")
    return Components(
        types=types,
        type_names=tuple(pl["names"]),
        plain=pl["plain"],
        well=pl["well"],
        short_remove_plain=pl["short_remove_plain"],
        short_remove_well=pl["short_remove_well"],
        landscape=tuple(landscape),
        fincas=fincas,
        market_spaces=spaces,
        market_cells=tuple((int(r), int(c)) for r, c in mk["cells"]),
        line_names=tuple(mk["line_names"]),
        lines=lines,
        trigger=mk["trigger"],
        min_players=players["min"],
        max_players=players["max"],
        short_recommended=tuple(players["short_recommended"]),
        start_money=player["start_money"],
        money_cap=player["money_cap"],
        workers=player["workers"],
        income=income,
        tile_points=sc["tile"],
        well_points=sc["well_tile"],
        return_penalty=sc["return_penalty"],
        unused_action_points=sc["unused_action_tile"],
        board_files={k: v for k, v in raw["boards"].items() if k not in ("status", "ref")},
        status=status,
        few_start_fincas=few,
    )


def load_board(side: str, path: Path) -> Board:
    """Parse and validate one board file (format described in its header comments)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ComponentDataError(f"{path}: cannot read the {side} board: {exc}") from None
    return parse_board(side, text, path.name)


def parse_board(side: str, text: str, name: str = "board") -> Board:
    def fail(message: str) -> ComponentDataError:
        return ComponentDataError(f"{name}: {message}")

    header: dict[str, str] = {}
    rows: list[list[str]] = []
    in_grid = False
    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line or line.startswith(";"):
            continue
        if in_grid:
            rows.append(line.split())
        elif line == "grid:":
            in_grid = True
        else:
            key, sep, value = line.partition(":")
            if not sep:
                raise fail(f"expected 'key: value' or 'grid:', got {line!r}")
            header[key.strip()] = value.strip()
    for key in ("status", "start", "stack"):
        if key not in header:
            raise fail(f"missing '{key}:' line")
    if header["status"] not in STATUSES:
        raise fail("status is 'sourced' or 'RECONSTRUCTED'")
    if not rows:
        raise fail("no grid")
    width, height = len(rows[0]), len(rows)
    if any(len(r) != width for r in rows):
        raise fail("every grid row has the same number of spaces")
    if width > 26:
        raise fail("at most 26 columns (they are named by letters)")
    kinds: list[int] = []
    sites: dict[str, int] = {}
    marked_roads: set[int] = set()
    for y, row in enumerate(rows):
        for x, token in enumerate(row):
            space = y * width + x
            if token == "#":
                kinds.append(ROCK)
            elif token == "*":
                kinds.append(LANDSCAPE)
            elif token in (".", "+"):
                kinds.append(ORDINARY)
                if token == "+":
                    marked_roads.add(space)
            elif len(token) == 1 and token.isalpha() and token.isupper():
                if token in sites:
                    raise fail(f"site {token} appears twice")
                sites[token] = space
                kinds.append(SITE)
            else:
                raise fail(f"unknown symbol {token!r} at {chr(65 + x)}{y + 1}")
    size = width * height

    def xy(space: int) -> tuple[int, int]:
        return space % width, space // width

    orth = []
    for space in range(size):
        x, y = xy(space)
        near = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
        orth.append(tuple(b * width + a for a, b in near if 0 <= a < width and 0 <= b < height))
    letters = tuple(sorted(sites))
    if letters != tuple(chr(65 + i) for i in range(len(letters))):
        raise fail(f"sites must be lettered A, B, C … without gaps; got {' '.join(letters)}")
    road_site = [-1] * size
    site_space, site_roads, site_ring = [], [], []
    for index, letter in enumerate(letters):
        space = sites[letter]
        x, y = xy(space)
        roads = orth[space]
        for road in roads:
            if kinds[road] != ORDINARY:
                raise fail(f"site {letter}'s road space {_label(road, width)} must be an ordinary space")
            if road_site[road] >= 0:
                raise fail(f"{_label(road, width)} is a road of two sites")
            road_site[road] = index
        ring = tuple(
            (y + dy) * width + x + dx
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
        )
        if any(kinds[s] == SITE for s in ring):
            raise fail(f"site {letter} touches another site")
        site_space.append(space)
        site_roads.append(tuple(roads))
        site_ring.append(ring)
    derived = {s for s in range(size) if road_site[s] >= 0}
    if derived != marked_roads:
        wrong = sorted(derived ^ marked_roads)
        raise fail("'+' must mark exactly the sites' road spaces; check " + " ".join(_label(s, width) for s in wrong))
    start = tuple(header["start"].split())
    stack = tuple(header["stack"].split())
    if sorted(start + stack) != list(letters):
        raise fail("start and stack together name every site exactly once")
    return Board(
        side=side,
        status=header["status"],
        width=width,
        height=height,
        kind=tuple(kinds),
        orth=tuple(orth),
        labels=tuple(_label(s, width) for s in range(size)),
        road_site=tuple(road_site),
        site_letters=letters,
        site_space=tuple(site_space),
        site_roads=tuple(site_roads),
        site_ring=tuple(site_ring),
        site_of_space={space: i for i, space in enumerate(site_space)},
        start_sites=tuple(letters.index(s) for s in start),
        stack_sites=tuple(letters.index(s) for s in stack),
    )


def _label(space: int, width: int) -> str:
    return f"{chr(65 + space % width)}{space // width + 1}"


COMPONENTS = load_components()
BOARDS = {side: load_board(side, HERE / file) for side, file in COMPONENTS.board_files.items()}
