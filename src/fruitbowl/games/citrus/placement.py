"""Building plantations: where a tile may go (§5.3), what placing it does, and whether a set of
waiting tiles can all still be built (§5.1, §5.7).

Regions are kept incrementally: ``rid[space]`` is a region id, and per region id the state
holds its colour, owner (-1 neutral), tiles (a tuple) and well count. Placing a tile creates
a region or merges the regions it touches; harvesting flips the owner to -1; a Bridge over a
neutral tile re-divides that region by connectivity. Nothing scans the whole board.

Feasibility ("can every waiting tile still be built?") is answered without search in the
common case: a placement that is legal now stays legal after other placements of the same
player, except when they take its space, put its colour on another road of the same site
(variety), or use up the workers (§5.5 and the argument in :func:`greedy_plan`). So a greedy
choice of distinct spaces among today's legal placements, counting roads and workers, is a
proof. A "no" is proved as cheaply in the common cases: a type with no option that nothing
else could give one (:func:`_may_enable`), types that must each start a region with more
of them than workers could ever be on the mat (:func:`_short_of_workers`), or types that can
each start only by spending a Bridge or Milestone, more of them than such tiles could ever be
in hand (:func:`_short_of_tiles`). Otherwise
:func:`solve` searches orders of placements completely — there is no budget — trying each set
of placements once whatever its order (the position after them does not depend on it), so the
answer is exact in every position (``tests/games/citrus/brute.py`` is the brute force it is
tested against).

Speed (none of it changes an answer; ``tests/games/citrus/test_fast_path.py`` compares every
legal action list with a plain reference): options are read off bitmasks of the board kept
through builds, harvests and Fincas (:mod:`.masks`, :func:`placements`), and a position caches
them per seat and type (a harvest keeps those it leaves alone); the search
memoises its answers per position and question (:func:`_search`); the positions it looks ahead
to are cached (``CitrusState.child``) and taken over by the real position when the player makes
that placement; board facts are computed once per layout (:func:`tables`).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import TYPE_CHECKING

from .actions import BRIDGE, MILESTONE
from .components import COMPONENTS as C
from .components import ROCK, SITE, Board

if TYPE_CHECKING:
    from .rules import CitrusState

#: Flags of a candidate placement.
NEW = 1  # starts a region (takes a worker)
ROAD = 2  # lies on a road space of some site (variety applies)

Placement = tuple[int, int, int]  # (space, mod, flags)
_SPACE = itemgetter(0)  # a placement's space
_DISTANCE = itemgetter(1)  # a (mark, distance) pair's distance
Step = tuple[int, int, int]  # (space, type, mod)
Plan = list[Step]  # in a legal order


class Tables:
    """Facts about one board layout that the hot loops read, computed once per layout."""

    __slots__ = (
        "all_bits",
        "diamonds",
        "east_ok",
        "near_bits",
        "open",
        "open_bits",
        "other_road_bits",
        "other_roads",
        "ring_open",
        "road_bits",
        "rock_bits",
        "site_road_bits",
        "west_ok",
        "width",
    )

    def __init__(self, geo: Board) -> None:
        #: per space: 0 for a building site (never built on), 1 for a rock (Bridge only), else 2
        self.open = tuple(0 if k == SITE else 1 if k == ROCK else 2 for k in geo.kind)
        #: per road space: the other road spaces of its site (variety), else ()
        other: list[tuple[int, ...]] = [()] * geo.size
        for roads in geo.site_roads:
            for road in roads:
                other[road] = tuple(r for r in roads if r != road)
        self.other_roads = tuple(other)
        #: per site: its surrounding spaces that are not rocks (rocks count as filled), the corners
        #: before the roads: the roads fill first (regions start there), so the end of a turn's
        #: enclosure test finds an empty space sooner (a third fewer spaces looked at)
        self.ring_open = tuple(
            tuple(sorted((s for s in ring if geo.kind[s] != ROCK), key=lambda s: geo.road_site[s] >= 0))
            for ring in geo.site_ring
        )
        # The same as bits of an int (space t is bit t; see .masks):
        #: per space: its orthogonal neighbours
        self.near_bits = tuple(_bits(geo.orth[t]) for t in range(geo.size))
        #: the spaces a plain tile may go on (neither a site nor a rock), the rocks, the road spaces
        self.open_bits = _bits(t for t in range(geo.size) if self.open[t] == 2)
        self.rock_bits = _bits(t for t in range(geo.size) if self.open[t] == 1)
        self.road_bits = _bits(t for t in range(geo.size) if geo.road_site[t] >= 0)
        #: per space: :attr:`other_roads`; per site: its road spaces
        self.other_road_bits = tuple(map(_bits, other))
        self.site_road_bits = tuple(map(_bits, geo.site_roads))
        #: for :meth:`dilated`: the row width, every space, the spaces with a space east / west
        self.width = geo.width
        self.all_bits = (1 << geo.size) - 1
        self.east_ok = _bits(t for t in range(geo.size) if t % geo.width < geo.width - 1)
        self.west_ok = _bits(t for t in range(geo.size) if t % geo.width > 0)
        if any(self.dilated(1 << t) != self.near_bits[t] for t in range(geo.size)):
            raise ValueError(f"board {geo.side}: the neighbours are not those of a grid {geo.width} wide")
        #: per space: the spaces at most :data:`NEAR` steps from it, with their distances, in
        #: reading order (what :func:`near` lists around each Bridge and Milestone)
        self.diamonds = tuple(_diamond(geo, m) for m in range(geo.size))

    def dilated(self, bits: int) -> int:
        """The spaces next to a space of ``bits`` (the union of their :attr:`near_bits`), in a few
        shifts: the spaces are a grid's, row after row (checked when the tables are made)."""
        w = self.width
        return ((bits & self.east_ok) << 1 | (bits & self.west_ok) >> 1 | bits << w | bits >> w) & self.all_bits


def _diamond(geo: Board, m: int) -> tuple[tuple[int, int], ...]:
    """The spaces at most :data:`NEAR` steps from space ``m`` and their distances, in reading order."""
    width, height = geo.width, geo.size // geo.width
    mx, my = m % width, m // width
    return tuple(
        (y * width + x, abs(x - mx) + abs(y - my))
        for y in range(max(0, my - NEAR), min(height, my + NEAR + 1))
        for x in range(max(0, mx - NEAR), min(width, mx + NEAR + 1))
        if abs(x - mx) + abs(y - my) <= NEAR
    )


def _bits(spaces: Iterable[int]) -> int:
    """``spaces`` as the bits of an int."""
    bits = 0
    for t in spaces:
        bits |= 1 << t
    return bits


def _spaces(bits: int) -> list[int]:
    """The spaces whose bits are set, ascending."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


_TABLES: dict[int, tuple[Board, Tables]] = {}


def tables(geo: Board) -> Tables:
    """The :class:`Tables` of ``geo`` (memoised; boards are immutable)."""
    entry = _TABLES.get(id(geo))
    if entry is None or entry[0] is not geo:
        entry = _TABLES[id(geo)] = (geo, Tables(geo))
    return entry[1]


#: Per landscape tile id: is it a Bridge / a Milestone / either.
IS_BRIDGE = tuple(kind == "bridge" for kind, _value in C.landscape)
IS_MILESTONE = tuple(kind == "milestone" for kind, _value in C.landscape)
IS_BRIDGE_OR_MILESTONE = tuple(a or b for a, b in zip(IS_BRIDGE, IS_MILESTONE, strict=True))
BRIDGES_AND_MILESTONES = frozenset(t for t, (kind, _value) in enumerate(C.landscape) if kind in ("bridge", "milestone"))


def hand_mods(held: list[int]) -> int:
    """The Bridge and Milestone tiles in this hand as placement ``mod`` bits."""
    mods = 0
    for tile in held:
        if IS_BRIDGE[tile]:
            mods |= BRIDGE
        elif IS_MILESTONE[tile]:
            mods |= MILESTONE
    return mods


def held_bridge_milestone(held: list[int]) -> tuple[bool, bool]:
    """Does this hand of action tiles hold a Bridge, a Milestone?"""
    bridge = milestone = False
    for tile in held:
        if IS_BRIDGE[tile]:
            bridge = True
        elif IS_MILESTONE[tile]:
            milestone = True
    return bridge, milestone


def space_rule(
    state: CitrusState,
    p: int,
    colour: int,
    spaces: Iterable[int],
    hand: tuple[bool, bool] | None = None,
    why: dict[int, str] | None = None,
) -> list[int]:
    """The placement rule of one space (§5.3, §8.5, §8.6), written once: the spaces among
    ``spaces`` where ``p`` may build a tile of ``colour`` today, each as an int that sorts in
    :func:`order` and :func:`decoded` gives as ``(space, mod, flags)`` — ``mod`` the
    Bridge/Milestone it takes, ``flags`` :data:`NEW` and :data:`ROAD`;
    with ``why``, each refused space's refusal key is put there.
    :func:`placements` keeps the spaces it allows; a refused placement is explained by it
    (``CitrusState._refusal``). ``hand``: :func:`held_bridge_milestone` of ``p``'s tiles, if
    the caller has it."""
    geo = state.geo
    plant, rid, rown, rcol, rcells = state.plant, state.rid, state.rown, state.rcol, state.rcells
    orth, road_site, fincas = geo.orth, geo.road_site, state.fincas
    tab = state.tab
    space_open, other_roads = tab.open, tab.other_roads
    bridge, milestone = held_bridge_milestone(state.held[p]) if hand is None else hand
    workers = state.workers[p]
    family = state.family
    out: list[int] = []
    allow = out.append
    rank = _ORDER
    for t in spaces:
        so = space_open[t]
        if plant[t] >= 0:
            if not so:
                if why is not None:
                    why[t] = "place.site"
                continue
            if not bridge:
                if why is not None:
                    why[t] = "place.occupied"
                continue
            r0 = rid[t]
            if rown[r0] != -1:
                if why is not None:
                    why[t] = "place.bridge_owned_region"
                continue
            if rcol[r0] == colour and len(rcells[r0]) > 1:
                if why is not None:
                    why[t] = "place.bridge_same_type"
                continue
            mod = BRIDGE
        elif so == 2:
            mod = 0
        elif so == 0:
            if why is not None:
                why[t] = "place.site"
            continue
        elif not bridge:
            if why is not None:
                why[t] = "place.rock"
            continue
        else:
            mod = BRIDGE
        own = neutral = 0
        first = -1
        for nb in orth[t]:
            if plant[nb] >> 1 != colour:  # also skips empty spaces: -1 >> 1 == -1
                continue
            r = rid[nb]
            if r == first:
                continue
            if first < 0:
                first = r
            elif _counted(orth[t], nb, rid, r):
                continue
            o = rown[r]
            if o == p:
                own += len(rcells[r])
            elif o < 0:
                neutral += len(rcells[r])
            else:
                if why is not None:
                    why[t] = "place.touches_rival"
                break
        else:
            s = road_site[t]
            if own:
                if neutral > own:
                    if why is not None:
                        why[t] = "place.neutral_larger"
                    continue
                flags = 0
            else:
                if neutral:
                    if why is not None:
                        why[t] = "place.new_touches_neutral"
                    continue
                if not workers:
                    if why is not None:
                        why[t] = "place.no_worker"
                    continue
                flags = NEW
                if s < 0 or fincas[s] < 0:
                    if not milestone:
                        if why is not None:
                            why[t] = "place.not_connected"
                        continue
                    mod |= MILESTONE
            if s >= 0:
                flags |= ROAD
                if not family:
                    for road in other_roads[t]:
                        if plant[road] >> 1 == colour:
                            if why is not None:
                                why[t] = "place.variety"
                            break
                    else:
                        allow(rank[mod * 4 + flags] + t * 16 + mod * 4 + flags)
                    continue
            allow(rank[mod * 4 + flags] + t * 16 + mod * 4 + flags)
    return out


def placements(state: CitrusState, p: int, colour: int) -> list[Placement]:
    """Every legal (space, mod, flags) for a tile of ``colour`` by player ``p`` now: the spaces
    :func:`space_rule` allows, read off the position's masks (:mod:`.masks`).

    Sorted (:func:`order`): plain extensions off the roads first, then other plain ones, then
    those spending tiles, so that greedy plans use the cheapest placements.

    From the masks: a plain extension is an empty open space next to an own tile of ``colour``
    and to no rival's; a start (with a worker on the mat) is one next to no tile of ``colour``,
    on a free Finca road or, with a Milestone, anywhere; a road space is left out where the
    variety rule closes it. The spaces next to a neutral tile of ``colour`` too (the neutral
    region may not be larger) and those a Bridge could open are asked of :func:`space_rule`.
    """
    masks, tab, n = state.masks(), state.tab, state.num_players
    adj = masks.adj
    at = colour * (n + 1)
    own, neutral = adj[at + p], adj[at + n]
    rival = 0
    for q in _RIVALS[n][p]:
        rival |= adj[at + q]
    workers = state.workers[p]
    empty = tab.open_bits & ~masks.tiles
    grow = own & empty & ~rival
    asked = grow & neutral
    held = state.held[p]
    bridge = milestone = False
    if held:
        bridge, milestone = held_bridge_milestone(held)
        if bridge:  # a neutral tile or an empty rock, next to an own tile or where a start may go
            reach = own
            if workers:
                reach |= ~neutral & (-1 if milestone else _bits_of_fincas(state))
            asked |= (masks.neutral | tab.rock_bits & ~masks.tiles) & ~rival & reach
    out: list[Placement] = []
    add = out.append
    roads = tab.road_bits
    closed = 0 if state.family else masks.barred[colour]
    asked &= ~closed  # (space_rule would refuse them for variety)
    bits = grow & ~neutral & ~roads
    while bits:
        low = bits & -bits
        add((low.bit_length() - 1, 0, 0))
        bits ^= low
    bits = grow & ~neutral & roads & ~closed
    while bits:
        low = bits & -bits
        add((low.bit_length() - 1, 0, ROAD))
        bits ^= low
    if workers:
        starts = empty & ~(own | neutral | rival) & ~closed
        bits = starts & masks.free
        while bits:
            low = bits & -bits
            add((low.bit_length() - 1, 0, NEW | ROAD))
            bits ^= low
        if milestone:
            bits = starts & ~masks.free & ~roads
            while bits:
                low = bits & -bits
                add((low.bit_length() - 1, MILESTONE, NEW))
                bits ^= low
            bits = starts & ~masks.free & roads
            while bits:
                low = bits & -bits
                add((low.bit_length() - 1, MILESTONE, NEW | ROAD))
                bits ^= low
    if asked:
        keys = space_rule(state, p, colour, _spaces(asked), (bridge, milestone))
        if keys:
            out += map(decoded, keys)
            out.sort(key=order)
    return out


#: Per player count and seat: the other seats.
_RIVALS = tuple(tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(C.max_players + 1))


def _bits_of_fincas(state: CitrusState) -> int:
    """The road spaces of the sites holding a Finca."""
    site_roads = state.tab.site_road_bits
    bits = 0
    for site, finca in enumerate(state.fincas):
        if finca >= 0:
            bits |= site_roads[site]
    return bits


def decoded(key: int) -> Placement:
    """``(space, mod, flags)`` of a placement as :func:`space_rule` gives it."""
    return (key >> 4) & 65535, (key >> 2) & 3, key & 3


#: Per ``mod * 4 + flags``: :func:`order`'s key without the space, shifted past the space and those.
_ORDER = tuple(((r >> 2) * 4 + (r & ROAD) * 2 + (r & NEW)) * 65536 * 16 for r in range(16))


def order(option: Placement) -> int:
    """The sort key of :func:`placements` (spaces break ties). An option spending a Milestone
    starts a region, and its key's rank (``mod * 4 + …``, at least 9) is above that of every
    option that does not start one (at most 8: no Milestone), so every option after it starts
    a region too (:func:`strands` stops there)."""
    t, mod, flags = option
    return (mod * 4 + (flags & ROAD) * 2 + (flags & NEW)) * 65536 + t


def _counted(near: tuple[int, ...], upto: int, rid: list[int], r: int) -> bool:
    """Is region ``r`` already the region of a neighbour in ``near`` before ``upto``?"""
    for nb in near:
        if nb == upto:
            return False
        if rid[nb] == r:
            return True
    return False


def greedy_plan(
    options: dict[int, list[Placement]],
    counts: list[int],
    workers: int,
    road_site: tuple[int, ...],
    family: bool,
    grow: CitrusState | None = None,
    first: tuple[int, int, int] | None = None,
    player: int = -1,
) -> Plan | None:
    """A plan for ``counts[type]`` tiles made of placements legal now, or ``None``.

    Why it is sound: a plain placement legal now stays legal after the player's other
    placements unless one of them takes its space, the same colour goes on another road of its
    site, or the workers run out: extension only grows own regions (so no-contact and the
    neutral-size test still hold), and landscape pickups and merges only add. Those three
    conflicts are exactly what this avoids, so the plan works in any order.

    Types are served fewest options first (ties: lower type first), each tile taking the first
    of its type's options that is plain and free of those conflicts. With ``grow`` (the
    position), a type that runs out of options may also grow from its tiles planned so far
    (:func:`_grow`); such a tile comes after the one it grows from, so the plan then works in
    its own order, and still after any other placement of the player made first.

    With ``first`` = ``(space, type, flags)``, a plain placement (legal now) made before the
    plan: its space, its road's variety and its worker are taken into account, and with
    ``grow`` its type may grow from it as from a planned tile.
    """
    if grow is None:
        for c, n in enumerate(counts):
            if n and len(options[c]) < n:  # (it would run out of options for this type)
                return None
    used: set[int] = set()
    roads: set[tuple[int, int]] = set()
    plan: Plan = []
    skip = 0
    if first is not None:
        t, c, flags = first
        used.add(t)
        if grow is not None:  # (its tile is there to grow from too; left out of the plan returned)
            plan.append((t, c, 0))
            skip = 1
        if flags & ROAD and not family:
            roads.add((road_site[t], c))
        if flags & NEW:
            workers -= 1
    for _size, c in sorted([(len(opts), c) for c, opts in options.items() if counts[c]]):
        opts = options[c]
        # The planned tiles of this type (``first``'s too) that _grow may grow from.
        anchors = [first[0]] if skip and first is not None and first[1] == c else []
        for _ in range(counts[c]):
            grown = grow is None or not anchors  # (_grow has been asked for this tile, or cannot help)
            for t, mod, flags in opts:
                if mod or t in used:
                    continue
                if flags:
                    if flags & NEW and not grown and grow is not None:  # growing a planned tile saves a worker
                        u = _grow(grow, player, c, anchors, used, roads)
                        if u >= 0:
                            used.add(u)
                            plan.append((u, c, 0))
                            anchors.append(u)
                            break
                        grown = True  # (no side effect when it fails: it would fail again for this tile)
                    if flags & NEW and workers <= 0:
                        continue
                    if flags & ROAD and not family:
                        road = (road_site[t], c)
                        if road in roads:
                            continue
                        roads.add(road)
                    if flags & NEW:
                        workers -= 1
                used.add(t)
                plan.append((t, c, mod))
                if grow is not None:
                    anchors.append(t)
                break
            else:
                t = -1 if grown or grow is None else _grow(grow, player, c, anchors, used, roads)
                if t < 0:
                    return None
                used.add(t)
                plan.append((t, c, 0))
                anchors.append(t)
    return plan[skip:] if skip else plan


def roomy(opts: list[Placement], total: int) -> bool:
    """Has a type, whatever the other tiles take, a plain extension off the roads for each of
    ``total`` tiles (options sort these first; :func:`_roomy`'s case)?"""
    return len(opts) >= total and not opts[total - 1][1] and not opts[total - 1][2]


def _roomy(options: dict[int, list[Placement]], counts: list[int]) -> Plan | None:
    """The common easy case: every type has as many plain extensions off the roads as there
    are tiles in all (options sort these first), so each type finds distinct spaces whatever
    the others take, with no worker and no variety to mind (the argument of
    :func:`greedy_plan`). ``None`` otherwise."""
    total = sum(counts)
    for opts in options.values():
        if not roomy(opts, total):
            return None
    used: set[int] = set()
    plan: Plan = []
    for c, opts in options.items():
        need = counts[c]
        for t, _mod, _flags in opts:
            if t not in used:
                used.add(t)
                plan.append((t, c, 0))
                need -= 1
                if not need:
                    break
    return plan


def _grow(
    state: CitrusState, player: int, colour: int, anchors: list[int], used: set[int], roads: set[tuple[int, int]]
) -> int:
    """A space next to a planned tile of ``colour`` (``anchors``: their spaces, in plan order)
    where that tile's region can surely grow: empty, neither a rock nor a site, touching no tile
    of ``colour`` on the board but the player's own (so no other player's region and no neutral
    one, §5.3 rules 4 and 6; own regions it touches merge), and on a road only if no tile of
    ``colour`` is on, or planned for, another road of its site (variety; ``roads`` is updated).
    Own tiles planned next to it only make it an extension of the same region. -1 if none."""
    plant, rid, rown, geo = state.plant, state.rid, state.rown, state.geo
    orth, road_site = geo.orth, geo.road_site
    tab = state.tab
    space_open, other_roads = tab.open, tab.other_roads
    family = state.family
    for anchor in anchors:
        for u in orth[anchor]:
            if plant[u] >= 0 or space_open[u] != 2 or u in used:
                continue
            for nb in orth[u]:
                if plant[nb] >> 1 == colour and rown[rid[nb]] != player:  # (-1 >> 1 == -1)
                    break
            else:
                site = road_site[u]
                if site < 0 or family:
                    return u
                if (site, colour) in roads:
                    continue
                for road in other_roads[u]:
                    if plant[road] >> 1 == colour:
                        break
                else:
                    roads.add((site, colour))
                    return u
    return -1


def solve(state: CitrusState, p: int, counts: list[int]) -> Plan | None:
    """An order in which player ``p`` can build tiles of the given types (counts per type), or
    ``None`` if there is none: the answer is exact (the search is complete, see :func:`_walk`)."""
    if not any(counts):
        return []
    return _search(state, p, counts, set(), frozenset())


def _search(
    state: CitrusState, p: int, counts: list[int], failed: set[frozenset[Step]], path: frozenset[Step]
) -> Plan | None:
    """One node of the complete depth-first search behind :func:`solve`.

    Two memos, neither of which changes an answer: per position (``state._plans``, keyed by
    seat and counts), and per question the sets of placements already known to lead nowhere
    (``failed``): the position after a set of placements does not depend on their order (the
    same tiles, regions, workers and hands), so each set is searched once, not once per order.
    """
    key = (p, *counts)
    memo = state._plans
    if key in memo:
        return memo[key]
    plan = _walk(state, p, counts, failed, path)
    memo[key] = plan
    return plan


def _walk(
    state: CitrusState, p: int, counts: list[int], failed: set[frozenset[Step]], path: frozenset[Step]
) -> Plan | None:
    known, option = state._opts, state.placement_options
    options = {}
    empty = False
    for c, n in enumerate(counts):
        if n:
            opts = known.get((p, c))
            if opts is None:
                opts = option(p, c)
            options[c] = opts
            empty = empty or not opts
    return walk_options(state, p, counts, options, empty, failed, path)


def walk_options(
    state: CitrusState,
    p: int,
    counts: list[int],
    options: dict[int, list[Placement]],
    empty: bool,
    failed: set[frozenset[Step]],
    path: frozenset[Step],
    roomy_known: bool = False,
) -> Plan | None:
    """:func:`_walk` given the options of the waiting types (``options``, types ascending) and
    whether one of them has none (``empty``); ``roomy_known``: the caller already found that
    :func:`_roomy` does not apply."""
    if empty:  # (no greedy plan can place a type without options: only a search might)
        for c, opts in options.items():
            if not opts and not _may_enable(state, p, counts, c, options):
                return None
    else:
        if len(options) == 1:
            ((c, opts),) = options.items()
            if counts[c] == 1:  # a single tile: any placement legal now is a whole plan
                t, mod, _flags = opts[0]
                return [(t, c, mod)]
        plan = None if roomy_known else _roomy(options, counts)
        if plan is not None:
            return plan
        workers, road_site, family = state.workers[p], state.geo.road_site, state.family
        plan = greedy_plan(options, counts, workers, road_site, family, state, None, p)
        if plan is not None:
            return plan
        if any(n > 1 for n in counts):  # the first choice of where a type starts may leave it no room
            backwards = {c: opts[::-1] for c, opts in options.items()}
            plan = greedy_plan(backwards, counts, workers, road_site, family, state, None, p)
            if plan is not None:
                return plan
    nets = _needy(options)
    if nets and (
        _short_of_workers(state, p, counts, options, nets) or _short_of_starts(state, p, counts, options, nets)
    ):
        return None
    if not empty and _short_of_tiles(state, p, counts, options):
        return None
    total = sum(counts)
    plant, land, rid, rown = state.plant, state.land, state.rid, state.rown
    types = [c for _size, c in sorted([(len(opts), c) for c, opts in options.items()])]
    if empty and state.marks():
        # A type has no place yet and can only get one from a Bridge or Milestone picked up (or a
        # worker brought back): the tiles that pick one up, then those nearest to one, are tried
        # first. The order changes which plan is found first, never whether there is one.
        near = state.near_marks()
        options = {c: sorted(options[c], key=lambda option: _distance(near, option[0])) for c in types}
        types.sort(key=lambda c: _distance(near, options[c][0][0]) if options[c] else NEAR + 1)
    for c in types:
        alike: dict[int, int] = {}  # starts of a single tile tried so far, per mod (see below)
        single = counts[c] == 1
        lone = single and len(types) == 2  # (after this tile, tiles of one other type are left)
        for t, mod, flags in options[c]:
            if (
                single
                and flags & NEW
                and land[t] < 0
                and (plant[t] < 0 or (rown[rid[t]] < 0 and not counts[plant[t] >> 1]))
            ):
                # The last tile of a type starting a region where there is nothing to pick up
                # changes, for the other tiles, only that this space is taken — it was empty,
                # a rock, or (with a Bridge) a neutral tile of a type none of them is — since
                # they are of other types, and the worker and any tile spent are the same
                # wherever it goes. So if the rest can be built after one such start, its plan
                # (at most total - 1 spaces, none of them this start's) leaves one of any
                # ``total`` such starts free, and works after that one too: trying ``total``
                # of them decides them all.
                tried = alike.get(mod, 0)
                if tried >= total:
                    continue
                alike[mod] = tried + 1
            step = (t, c, mod)
            after = path | {step}
            if after in failed:
                continue
            counts[c] -= 1
            if lone and strands(state, p, c, t, mod, flags, counts):
                rest = None  # (the one other type left would have no place: no look-ahead needed)
            else:
                rest = _search(state.child(p, c, t, mod), p, counts, failed, after)
            counts[c] += 1
            if rest is not None:
                return [step, *rest]
            failed.add(after)
    return None


def _short_of_tiles(state: CitrusState, p: int, counts: list[int], options: dict[int, list[Placement]]) -> bool:
    """Do more types need a Bridge or Milestone for their first tile than ``p`` can ever spend?

    A type every option of which spends a tile ("spender") keeps needing one for its first tile
    unless a placement legal without a tile opens for it, and with a worker on the mat (so that
    the options list every start) the only way one opens is a Bridge taking away a neutral tile
    of that type: spaces are only ever filled (a Bridge's tile takes the place of the tile it
    removes), rival regions and the Finca roads stay as they are, the variety of a site's roads
    only tightens, and without neutral tiles of the type there is no larger neutral region to
    shrink. So if no Bridge or Milestone can be picked up in time (:func:`_pickups`) and no neutral
    tile of a spender could open a place for it — one next to, or on another road of the site of,
    a free Finca road; any at all for a spender with own regions, whose extensions a smaller
    neutral region could let through — each spender spends a tile of its own, and there must
    be as many in hand.
    """
    if not state.workers[p]:
        return False  # (without a worker the options list no starts: a merge may bring one back)
    spenders = [c for c, opts in options.items() if all(mod for _t, mod, _flags in opts)]
    if len(spenders) < 2:
        return False
    held = state.held[p]
    tiles = sum(1 for t in held if IS_BRIDGE_OR_MILESTONE[t])
    if len(spenders) <= tiles:
        return False
    rown, rcol, rcells, orth, road_site = state.rown, state.rcol, state.rcells, state.geo.orth, state.geo.road_site
    roads = set(state.free_roads())
    other_roads = state.tab.other_roads
    owned = state.own_index(p)[1]
    for r, owner in enumerate(rown):
        if owner >= 0 or rcol[r] not in spenders or not rcells[r]:
            continue
        if owned[rcol[r]]:
            return False
        for u in rcells[r]:
            if road_site[u] >= 0 and roads.intersection(other_roads[u]):
                return False
            if roads.intersection(orth[u]):
                return False
    return _pickups(state, p, counts, options, IS_BRIDGE_OR_MILESTONE) == 0


def strands(state: CitrusState, p: int, colour: int, t: int, mod: int, flags: int, rest: list[int]) -> bool:
    """Does ``p`` building ``colour`` on ``t`` (``mod``, ``flags``: the option) surely leave the
    tiles still waiting after it (``rest``), all of one other type, without a place (§5.7)?

    When that type is not the one of a tile a Bridge takes away there, and the build brings no
    Bridge or Milestone to hand and no worker back to an empty mat, it changes nothing the
    type's options depend on (its regions, the neighbours of its spaces, the variety of its
    roads) but takes options away: the one on ``t``, a Bridge option over a neutral tile the new
    region absorbs, the starts if the last worker leaves (a merge of own regions of ``colour``
    brings workers back), and those spending the last Bridge or Milestone spent. If none of the
    others is left, nothing else is built before those tiles, so they cannot be built (the
    search would find the same after a look-ahead).
    """
    waiting = [c for c, n in enumerate(rest) if n]
    if len(waiting) != 1 or waiting[0] == colour:
        return False
    other = waiting[0]
    plant, rid, rown, land, orth = state.plant, state.rid, state.rown, state.land, state.geo.orth
    tile = land[t]
    if tile >= 0 and IS_BRIDGE_OR_MILESTONE[tile]:
        return False  # (picked up: new places anywhere)
    if mod & BRIDGE and plant[t] >= 0 and plant[t] >> 1 == other:
        return False  # (a tile of the other type taken away: its neutral region is re-divided)
    workers = state.workers[p]
    merged = {rid[nb] for nb in orth[t] if plant[nb] >> 1 == colour and rown[rid[nb]] == p}  # (-1 >> 1 == -1)
    left = workers - (1 if flags & NEW else 0) + max(0, len(merged) - 1)
    if not workers and left:
        return False  # (a worker back on an empty mat: new starts)
    held = state.held[p]
    lost = 0
    if mod & BRIDGE and sum(IS_BRIDGE[x] for x in held) == 1:
        lost |= BRIDGE
    if mod & MILESTONE and sum(IS_MILESTONE[x] for x in held) == 1:
        lost |= MILESTONE
    opts = state.placement_options(p, other)
    if left:
        for u, spent, _kind in opts:
            if u != t and not spent & lost:
                break
        else:
            return True
        return False
    for u, spent, kind in opts:
        if spent & MILESTONE:
            return True  # (it and the options after it start regions: options sort by cost, see order)
        if u != t and not kind & NEW and not spent & lost:
            return False
    return True


def _distance(near: Near, t: int) -> int:
    """How far space ``t`` is from the nearest Bridge or Milestone on the board (``NEAR + 1``
    if further than :data:`NEAR`)."""
    close = near.table.get(t)
    return close[0][1] if close else NEAR + 1  # (nearest first)


def _needy(options: dict[int, list[Placement]]) -> list[int]:
    """The waiting types none of whose options extends an own region: each must start one,
    unless a Bridge helps (see :func:`_short_of_workers`)."""
    nets = []
    for c, opts in options.items():
        for _t, _mod, flags in opts:
            if not flags & NEW:
                break
        else:
            nets.append(c)
    return nets


def _short_of_starts(
    state: CitrusState, p: int, counts: list[int], options: dict[int, list[Placement]], nets: list[int]
) -> bool:
    """Do the needy types need more places to start than there can be?

    With a worker on the mat, the options list every start allowed today. Without a Bridge, a
    needy type gets no extension before it starts a region, and it starts either on a Finca
    road where it may start today (an option without a tile spent: without a Bridge such spaces
    never open up while tiles are built — other types only take spaces, its own tiles only make
    extensions, the roads' variety only tightens — and Fincas come before the build), or
    anywhere with a Milestone, held or picked up in time (also on a place a Bridge opened:
    :func:`_pickups`). Different types start on different spaces, so the needy types without a
    Milestone must be matched to distinct road spaces. A Bridge helps at most two needy types
    (the one built with it and the one whose neutral tile it takes away,
    :func:`_short_of_workers`), and is counted so here.
    """
    if not state.workers[p]:
        return False  # (options list starts only while a worker is on the mat; a merge may bring one)
    held = state.held[p]
    spare = sum(IS_MILESTONE[t] for t in held) + 2 * sum(IS_BRIDGE[t] for t in held)
    if spare >= len(nets):
        return False
    roads = [[t for t, mod, _flags in options[c] if not mod] for c in nets]
    matched = _matching(roads)
    if matched + spare >= len(nets):
        return False
    spare += _pickups(state, p, counts, options, IS_MILESTONE) + 2 * _pickups(state, p, counts, options, IS_BRIDGE)
    return matched + spare < len(nets)


def _matching(choices: list[list[int]]) -> int:
    """The largest number of lists that can each be given a different space of their own
    (augmenting paths; the lists are few and short)."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for t in choices[i]:
            if t in seen:
                continue
            seen.add(t)
            if t not in owner or place(owner[t], seen):
                owner[t] = i
                return True
        return False

    return sum(place(i, set()) for i in range(len(choices)))


def _short_of_workers(
    state: CitrusState, p: int, counts: list[int], options: dict[int, list[Placement]], nets: list[int]
) -> bool:
    """Do the waiting types need more new regions than ``p`` can ever have workers for?

    A type none of whose options extends an own region ("needy") must start a region, which
    takes a worker, unless a Bridge helps a type that has own regions: a placement with a
    Bridge can make its type an extension (over a rock or a neutral tile next to its region)
    and, by removing a neutral tile, free spaces next to its own regions for that tile's type —
    at most two needy types per Bridge held or picked up in time (:func:`_pickups`). Without a
    Bridge, extensions appear only by building that type; a type without own regions starts
    one with its first tile whatever happens.
    Workers come back only through merges: a type with ``k`` own regions before the build ends
    with at least one, so building it returns at most ``k - 1`` workers more than it takes (a
    single tile at most one less than the own regions it touches), and a needy type with a
    single tile takes one and returns none. When the last needy type starts its region, the
    others have started theirs; if even this generous account leaves no worker for it, the set
    cannot be built.
    """
    workers = state.workers[p]
    if len(nets) > 1 and len(nets) <= workers:
        # Each needy type's first tile starts a region on one of today's options: if they cannot
        # all have different spaces, the set cannot be built — unless a Bridge or a Milestone
        # (a start anywhere) could come to hand.
        if not (held_bridge_milestone(state.held[p])[0] or _pickups(state, p, counts, options, IS_BRIDGE_OR_MILESTONE)):
            return not _distinct(sorted((options[c] for c in nets), key=len), set())
        return False
    if len(nets) <= workers:
        return False
    rcol, rid, rown, orth = state.rcol, state.rid, state.rown, state.geo.orth
    owned = [len(regions) for regions in state.own_index(p)[1]]
    # A type without own regions starts one with its first tile, Bridge or not.
    soft = sorted((-1 if counts[c] == 1 else owned[c] - 1, c) for c in nets if owned[c])
    # (a Bridge also lets a single tile join two own regions over a rock or a neutral tile, so it
    # counts for the merges below even when it helps no needy type)
    bridges = sum(IS_BRIDGE[t] for t in state.held[p]) + _pickups(state, p, counts, options, IS_BRIDGE)
    helped = {c for _net, c in soft[: 2 * bridges]}
    needy = [net for net, c in soft[2 * bridges :]] + [-1] * sum(1 for c in nets if not owned[c])
    if len(needy) <= workers:
        return False
    spare = 0
    masks = state.masks()
    for c, opts in options.items():
        if (c in nets and c not in helped) or owned[c] < 2:
            continue
        if counts[c] > 1:
            spare += owned[c] - 1
            continue
        # a single tile joins the own regions next to where it goes: one of its options, or,
        # with a Bridge, a rock or a neutral tile next to its own tiles
        spaces = [t for t, _mod, _flags in opts]
        if bridges:
            spaces += _spaces(
                (masks.neutral | state.tab.rock_bits & ~masks.tiles) & masks.adj[c * (state.num_players + 1) + p]
            )
        best = 0
        for t in spaces:
            touched = {rid[nb] for nb in orth[t] if rid[nb] >= 0 and rcol[rid[nb]] == c and rown[rid[nb]] == p}
            best = max(best, len(touched) - 1)
        spare += best
    return workers + sum(needy) - min(needy) + spare <= 0


def _distinct(choices: list[list[Placement]], taken: set[int]) -> bool:
    """Can each list give a different space (a small matching, tried exhaustively)?"""
    if not choices:
        return True
    for t, _mod, _flags in choices[0]:
        if t not in taken:
            taken.add(t)
            found = _distinct(choices[1:], taken)
            taken.discard(t)
            if found:
                return True
    return False


def _pickups(
    state: CitrusState,
    p: int,
    counts: list[int],
    options: dict[int, list[Placement]],
    wanted: tuple[bool, ...],
    exclude: int = -1,
) -> int:
    """How many landscape tiles of the ``wanted`` kinds ``p`` might pick up, with tiles of the
    types in ``counts`` other than ``exclude``, in time for a later tile to use them (an
    over-count; asked for both kinds, only whether there is one: then every mark is counted as
    soon as one is found).

    Tiles land on today's options, or grow their type's regions: a tile ends up at distance
    ``d`` from today's options, own regions and neutral regions of its type no earlier than as
    the ``d + 1``-th tile of its type (a tile that joins a neutral region takes it over, §5.3.6,
    so the next can grow from the neutral region's far side). Three things can move a start
    further: a worker brought back by a merge when the mat is empty (the Finca roads are then
    counted as options of every type); a Milestone (a new region anywhere: then every such tile
    on the board is counted); and a Bridge, held or picked up, since a tile built with it takes a
    neutral tile away, which can open a place to the neutral tile's type next to the rest of its
    region (§5.3.6) or on another road of its site (§5.3.3): then the spaces next to the neutral
    tiles of each type and the free Finca roads the variety rule closes to it are counted as
    options too.
    """
    land, marks = state.land, state.marks()
    if not marks or (wanted is not IS_BRIDGE_OR_MILESTONE and not any(wanted[land[t]] for t in marks)):
        return 0
    roads = state.free_roads() if state.workers[p] == 0 else ()
    bridge, milestone = held_bridge_milestone(state.held[p])
    if roads and milestone:
        return sum(1 for t in marks if wanted[land[t]])
    found = _reached(state, p, counts, options, wanted, exclude, roads, bridge)
    if found is not None and not bridge and any(IS_BRIDGE[land[m]] for m in found):
        found = _reached(state, p, counts, options, wanted, exclude, roads, True)
    if found is None or any(IS_MILESTONE[land[m]] for m in found):
        return sum(1 for t in marks if wanted[land[t]])
    return sum(1 for m in found if wanted[land[m]])


def _reached(
    state: CitrusState,
    p: int,
    counts: list[int],
    options: dict[int, list[Placement]],
    wanted: tuple[bool, ...],
    exclude: int,
    roads: Iterable[int],
    opened: bool,
) -> set[int] | None:
    """The marks ``p``'s tiles might reach in time (:func:`_pickups`), with the places a Bridge
    could open counted if ``opened``; ``None`` for every mark: when the tiles reach further than
    the look-up tables, or as soon as one is found when every mark is wanted (one is enough)."""
    tables = state.near_marks()
    total = sum(counts)
    rcells, own = state.rcells, state.own_index(p)[1]
    masks = state.masks()
    neutral, barred = masks.neutral_kind, masks.barred
    opened_roads = opened and not state.family  # (roads the variety rule closed, §5.3.3)
    anywhere = state.workers[p] > 0 and held_bridge_milestone(state.held[p])[1]  # (a start with the Milestone)
    found: set[int] = set()
    for c, opts in options.items():
        reach = min(counts[c], total - 1) - 1
        if reach < 0 or c == exclude:
            continue
        if reach > NEAR or (opened and reach == NEAR and neutral[c]):  # (beyond the tables)
            return None
        # The sources within ``reach`` of a mark, found by set operations (no loop in Python
        # over the sources, which are many with a Milestone in hand).
        within = tables.within[reach]
        hits = within.intersection(map(_SPACE, opts))
        if roads:
            hits |= within.intersection(roads)
        if reach:
            for r in own[c]:
                hits |= within.intersection(rcells[r])
        if opened_roads and barred[c] & masks.free:  # (a road a Bridge opened to the type)
            hits |= within.intersection(_spaces(barred[c] & masks.free))
        if neutral[c] and (opened or anywhere):  # (a place next to a neutral tile a Bridge opened)
            hits |= tables.within[reach + opened].intersection(_spaces(neutral[c]))
        elif neutral[c] and reach:  # (a neutral region an earlier tile of the type took over)
            hits |= within.intersection(_joinable(state, p, c, reach - 1))
        if not hits:
            continue
        if wanted is IS_BRIDGE_OR_MILESTONE:  # (every mark is wanted: one is enough)
            return None
        table = tables.table
        for t in hits:
            for m, d in table[t]:  # (nearest first)
                if d > reach + opened:
                    break
                found.add(m)
    return found


def _joinable(state: CitrusState, p: int, colour: int, steps: int) -> set[int]:
    """The tiles of the neutral regions of ``colour`` that a tile of ``p``'s could take over
    (§5.3.6) within ``steps`` steps of where ``p`` may build one today (next to its own tiles of
    the type, or on a free Finca road): an over-count, since it asks neither whether the
    neutral region may join nor whether a worker is there for a start."""
    masks, tab = state.masks(), state.tab
    zone = masks.adj[colour * (state.num_players + 1) + p] | masks.free
    for _ in range(steps):
        zone |= tab.dilated(zone)
    touching = masks.neutral_kind[colour] & tab.dilated(zone)
    cells: set[int] = set()
    if touching:
        rid, rcells = state.rid, state.rcells
        for t in _spaces(touching):
            cells.update(rcells[rid[t]])
    return cells


#: Per board and set of marked spaces: each space within :data:`NEAR` steps of a mark, with
#: the marks and their distances, nearest first, and per distance ``d`` the set of spaces at
#: most ``d`` steps from a mark (look-up tables for :func:`_pickups`; see :func:`near`).
_NEAR: dict[tuple[int, tuple[int, ...]], tuple[Board, Near]] = {}
NEAR = 3  # the farthest a pick-up can matter: four tiles, the last using it


class Near:
    """The look-up tables of one board's Bridge and Milestone spaces (:func:`near`)."""

    __slots__ = ("table", "within")

    def __init__(self, table: dict[int, list[tuple[int, int]]]) -> None:
        #: per space within :data:`NEAR` steps of a mark: the marks and their distances, nearest first
        self.table = table
        #: per distance ``d`` up to :data:`NEAR`: the spaces at most ``d`` steps from a mark
        rings: list[list[int]] = [[] for _ in range(NEAR + 1)]  # (by the nearest mark's distance)
        for t, close in table.items():
            rings[close[0][1]].append(t)
        within: list[frozenset[int]] = []
        spaces: list[int] = []
        for ring in rings:
            spaces += ring
            within.append(frozenset(spaces))
        self.within = tuple(within)


def near(geo: Board, marks: tuple[int, ...]) -> Near:
    key = (id(geo), marks)
    entry = _NEAR.get(key)
    if entry is None or entry[0] is not geo:
        if len(_NEAR) > 4096:
            _NEAR.clear()
        around = tables(geo).diamonds
        table: dict[int, list[tuple[int, int]]] = {}
        for m in marks:
            for t, d in around[m]:
                table.setdefault(t, []).append((m, d))
        for close in table.values():
            close.sort(key=_DISTANCE)
        entry = _NEAR[key] = (geo, Near(table))
    return entry[1]


def helpless(state: CitrusState, p: int) -> bool:
    """Is :func:`_may_enable` ``False`` for every type of ``p`` without options, whatever the
    other waiting tiles (at most ``NEAR + 2`` in all)? Then it is decided for the whole position.

    That holds when ``p`` holds no Bridge, no merge could bring a worker back that matters (no
    type with two own regions, or a worker on the mat, or nowhere to start), and no Bridge or
    Milestone lies on the board within ``NEAR`` steps of where ``p``'s tiles could go: its own
    tiles and their neighbours (extensions), the free Finca roads (starts), and the neutral
    regions a tile could join on the way (:func:`_joinable`), which become its own — every option
    of ``p`` is there unless a Milestone lets a region start anywhere, which is counted too.
    With at most ``NEAR + 2`` tiles, no pick-up is looked for further away (:func:`_pickups`).
    """
    bridge, milestone = held_bridge_milestone(state.held[p])
    if bridge:
        return False
    workers, roads = state.workers[p], state.free_roads()
    regions, by_type = state.own_index(p)
    if workers == 0 and (milestone or roads) and any(len(typed) > 1 for typed in by_type):
        return False
    marks = state.marks()
    if not marks:
        return True
    if milestone and (workers or roads):
        return False
    near = state.near_marks().within[NEAR]
    if not near.isdisjoint(roads):
        return False
    orth, rcells = state.geo.orth, state.rcells
    for r in regions:
        for cell in rcells[r]:
            if cell in near or not near.isdisjoint(orth[cell]):
                return False
    for colour in range(len(C.types)):
        for cell in _joinable(state, p, colour, NEAR):
            if cell in near or not near.isdisjoint(orth[cell]):
                return False
    return True


def _may_enable(
    state: CitrusState, p: int, counts: list[int], colour: int, options: dict[int, list[Placement]]
) -> bool:
    """Could placing the other waiting tiles ever give ``colour`` (which has no option) a place?

    Other types never create space for a type; they can only help by returning a worker (a
    merge, which needs two own regions of a type — a single tile joining two where it is
    placed — and, for the worker to matter, a free Finca road or a Milestone), by freeing a
    space with a Bridge, or by picking up a Bridge or Milestone (:func:`_pickups`). This
    over-approximates, so refusing on ``False`` never refuses a buildable set.
    """
    if sum(counts) == counts[colour]:
        return False
    bridge, milestone = held_bridge_milestone(state.held[p])
    if bridge:
        return True
    if state.workers[p] == 0 and (milestone or state.free_roads()):
        # A worker brought back lets ``colour`` start, on a Finca road or with the Milestone.
        rcol, rid, rown, orth = state.rcol, state.rid, state.rown, state.geo.orth
        owned = [len(regions) for regions in state.own_index(p)[1]]
        for c in range(len(counts)):
            if c == colour or not counts[c] or owned[c] < 2:
                continue
            if counts[c] > 1:
                return True
            for t, _mod, _flags in options[c]:  # a single tile must join two regions where it goes
                touched = {rid[nb] for nb in orth[t] if rid[nb] >= 0 and rcol[rid[nb]] == c and rown[rid[nb]] == p}
                if len(touched) > 1:
                    return True
    return _pickups(state, p, counts, options, IS_BRIDGE_OR_MILESTONE, colour) > 0
