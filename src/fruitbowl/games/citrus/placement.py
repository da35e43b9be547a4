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
proof. Only when it fails does :func:`solve` search orders of placements, with a node budget.

Speed (none of it changes an answer; ``tests/games/citrus/test_fast_path.py`` compares every
legal action list with a plain reference): a position caches each seat's options per type and,
after a build, derives them from the previous position's (:func:`after_build`) instead of
recomputing; the search memoises its subtrees with their exact node counts (:func:`_search`),
so a repeated question costs what the walk would have cost without walking; the positions it
looks ahead to are cached (``CitrusState.child``) and taken over by the real position when the
player makes that placement; board facts are computed once per layout (:func:`tables`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BRIDGE, MILESTONE
from .components import COMPONENTS as C
from .components import ROCK, SITE, Board

if TYPE_CHECKING:
    from .rules import CitrusState

#: Flags of a candidate placement.
NEW = 1  # starts a region (takes a worker)
ROAD = 2  # lies on a road space of some site (variety applies)

#: Search nodes one feasibility question may visit before giving up (and refusing the option).
SEARCH_BUDGET = 30

Placement = tuple[int, int, int]  # (space, mod, flags)
Plan = list[tuple[int, int, int]]  # (space, type, mod) in a legal order


class Tables:
    """Facts about one board layout that the hot loops read, computed once per layout."""

    __slots__ = ("open", "other_roads", "ring_open")

    def __init__(self, geo: Board) -> None:
        #: per space: 0 for a building site (never built on), 1 for a rock (Bridge only), else 2
        self.open = tuple(0 if k == SITE else 1 if k == ROCK else 2 for k in geo.kind)
        #: per road space: the other road spaces of its site (variety), else ()
        other: list[tuple[int, ...]] = [()] * geo.size
        for roads in geo.site_roads:
            for road in roads:
                other[road] = tuple(r for r in roads if r != road)
        self.other_roads = tuple(other)
        #: per site: its surrounding spaces that are not rocks (rocks count as filled)
        self.ring_open = tuple(tuple(s for s in ring if geo.kind[s] != ROCK) for ring in geo.site_ring)


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


def placements(state: CitrusState, p: int, colour: int) -> list[Placement]:
    """Every legal (space, mod, flags) for a tile of ``colour`` by player ``p`` now (§5.3, §8.5, §8.6).

    Sorted: plain extensions off the roads first, then other plain ones, then those spending
    tiles, so that greedy plans use the cheapest placements.
    """
    geo = state.geo
    plant, rid, rown, rcol, rcells = state.plant, state.rid, state.rown, state.rcol, state.rcells
    orth, road_site, fincas = geo.orth, geo.road_site, state.fincas
    tab = tables(geo)
    space_open, other_roads = tab.open, tab.other_roads
    bridge, milestone = held_bridge_milestone(state.held[p])
    workers = state.workers[p]
    family = state.family
    cells = [cell for r, owner in enumerate(rown) if owner == p and rcol[r] == colour for cell in rcells[r]]
    cand: set[int] = set().union(*map(orth.__getitem__, cells))
    cand.difference_update(cells)  # own tiles: never built on
    if workers:
        if milestone:
            cand.update(range(geo.size))
        elif bridge:  # a Bridge may cover a neutral tile on a road
            site_roads = geo.site_roads
            for s, f in enumerate(fincas):
                if f >= 0:
                    cand.update(site_roads[s])
        else:
            cand.update(state.free_roads())
    out: list[tuple[int, Placement]] = []
    append = out.append
    for t in cand:
        so = space_open[t]
        if plant[t] >= 0:
            if not bridge or not so:
                continue
            r0 = rid[t]
            if rown[r0] != -1 or (rcol[r0] == colour and len(rcells[r0]) > 1):
                continue
            mod = BRIDGE
        elif so == 2:
            mod = 0
        elif so == 0 or not bridge:
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
                break
        else:
            s = road_site[t]
            if own:
                if neutral > own:
                    continue
                flags = 0
            else:
                if neutral or not workers:
                    continue
                flags = NEW
                if s < 0 or fincas[s] < 0:
                    if not milestone:
                        continue
                    mod |= MILESTONE
            if s >= 0:
                flags |= ROAD
                if not family:
                    for road in other_roads[t]:
                        if plant[road] >> 1 == colour:
                            break
                    else:
                        append(((mod * 4 + 4 + (flags & NEW)) * 65536 + t, (t, mod, flags)))
                    continue
            append(((mod * 4 + (flags & ROAD) * 2 + (flags & NEW)) * 65536 + t, (t, mod, flags)))
    out.sort()
    return [placement for _, placement in out]


def _counted(near: tuple[int, ...], upto: int, rid: list[int], r: int) -> bool:
    """Is region ``r`` already the region of a neighbour in ``near`` before ``upto``?"""
    for nb in near:
        if nb == upto:
            return False
        if rid[nb] == r:
            return True
    return False


def after_build(opts: list[Placement], t: int, no_workers: bool, lost: int, state: CitrusState) -> list[Placement]:
    """A seat's options for one type, given its options before someone built on ``t`` (``state``
    is the position after).

    A build changes nothing those options depend on — the type's regions, the neighbours of
    its spaces, the variety of its roads — if the type is neither the one built nor the one of
    a tile a Bridge removed there. What changes: ``t`` is taken; a Bridge option over a
    neutral tile ends if the new tile absorbed it into a region; and if the seat is the
    builder, options starting a region end with its last worker (``no_workers``) and options
    spending a Bridge or Milestone end if it spent its last one (``lost``, mod bits). Callers
    make sure the build gave the seat no Bridge, Milestone or worker on an empty mat, which
    would open new options.
    """
    if not opts:
        return opts  # (option lists are never changed once made)
    plant, rid, rown = state.plant, state.rid, state.rown
    if not no_workers and not lost:
        return [o for o in opts if o[0] != t and not (o[1] & BRIDGE and plant[o[0]] >= 0 and rown[rid[o[0]]] >= 0)]
    return [
        o
        for o in opts
        if o[0] != t
        and not (no_workers and o[2] & NEW)
        and not o[1] & lost
        and not (o[1] & BRIDGE and plant[o[0]] >= 0 and rown[rid[o[0]]] >= 0)
    ]


def greedy_plan(
    options: dict[int, list[Placement]],
    counts: list[int],
    workers: int,
    road_site: tuple[int, ...],
    family: bool,
) -> Plan | None:
    """A plan for ``counts[type]`` tiles made only of placements legal now, or ``None``.

    Why it is sound: a plain placement legal now stays legal after the player's other
    placements unless one of them takes its space, the same colour goes on another road of its
    site, or the workers run out: extension only grows own regions (so no-contact and the
    neutral-size test still hold), and landscape pickups and merges only add. Those three
    conflicts are exactly what this avoids, so the plan works in any order.

    Types are served fewest options first (ties: lower type first), each tile taking the first
    of its type's options that is plain and free of those conflicts.
    """
    for c, n in enumerate(counts):
        if n and len(options[c]) < n:  # (it would run out of options for this type)
            return None
    used: set[int] = set()
    roads: set[tuple[int, int]] = set()
    plan: Plan = []
    for _size, c in sorted([(len(options[c]), c) for c in range(len(counts)) if counts[c]]):
        opts = options[c]
        for _ in range(counts[c]):
            for t, mod, flags in opts:
                if mod or t in used:
                    continue
                if flags:
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
                break
            else:
                return None
    return plan


def solve(state: CitrusState, p: int, counts: list[int]) -> Plan | None:
    """An order in which player ``p`` can build tiles of the given types (counts per type), or
    ``None`` if none was found within :data:`SEARCH_BUDGET` nodes."""
    if not any(counts):
        return []
    return _search(state, p, counts, [SEARCH_BUDGET])


def _search(state: CitrusState, p: int, counts: list[int], budget: list[int]) -> Plan | None:
    """One node of the depth-first search behind :func:`solve`; ``budget[0]`` counts down the
    nodes left, and the search gives up once it goes below 0.

    Memoised per position (``state._plans``) without changing which nodes are visited: a
    subtree is a fixed depth-first walk, so one that finished within its budget is stored with
    its answer and its exact node count ``n``, and any later visit with ``n`` or more nodes left
    takes the answer and pays ``n``; with fewer left the walk would run dry, so it returns
    ``None`` with the budget at -1, as the walk itself would. A subtree that ran dry is stored
    as such ("more than the budget it had"), which settles later visits with no more budget.
    """
    if not any(counts):
        return []  # (costs no node)
    key = (p, *counts)
    memo = state._plans
    left = budget[0]
    hit = memo.get(key)
    if hit is not None:
        plan, nodes, exact = hit
        if exact:
            if nodes <= left:
                budget[0] = left - nodes
                return plan
            budget[0] = -1
            return None
        if left <= nodes:  # it ran dry with ``nodes`` left before: so it does again
            budget[0] = -1
            return None
    plan = _walk(state, p, counts, budget)
    if budget[0] >= 0:
        memo[key] = (plan, left - budget[0], True)
    else:
        memo[key] = (None, left, False)
    return plan


def _walk(state: CitrusState, p: int, counts: list[int], budget: list[int]) -> Plan | None:
    budget[0] -= 1
    if budget[0] < 0:
        return None
    known, option = state._opts, state.placement_options
    options = {}
    for c, n in enumerate(counts):
        if n:
            opts = known.get((p, c))
            options[c] = option(p, c) if opts is None else opts
    plan = greedy_plan(options, counts, state.workers[p], state.geo.road_site, state.family)
    if plan is not None:
        return plan
    for c, opts in options.items():
        if not opts and not _may_enable(state, p, counts, c):
            return None
    for _size, c in sorted([(len(opts), c) for c, opts in options.items()]):
        for t, mod, _flags in options[c]:
            child = state.child(p, c, t, mod)
            counts[c] -= 1
            rest = _search(child, p, counts, budget)
            counts[c] += 1
            if rest is not None:
                return [(t, c, mod), *rest]
            if budget[0] < 0:
                return None
    return None


def _may_enable(state: CitrusState, p: int, counts: list[int], colour: int) -> bool:
    """Could placing the other waiting tiles ever give ``colour`` a place?

    Other colours never create space for a colour; they can only help by returning a worker
    (a merge), by freeing a space with a held Bridge, or by picking up a Bridge or Milestone
    from the board. The last needs a tile to reach that landscape space: within ``others - 1``
    steps of a space where some other waiting colour can be built now. This over-approximates,
    so refusing on ``False`` never refuses a buildable set.
    """
    others = sum(counts) - counts[colour]
    if not others:
        return False
    if state.workers[p] == 0:
        rcol = state.rcol
        owned = [0] * len(counts)
        for r, owner in enumerate(state.rown):
            if owner == p:
                owned[rcol[r]] += 1
        for c in range(len(counts)):
            if c != colour and counts[c] and owned[c] >= 2:
                return True
    if held_bridge_milestone(state.held[p])[0]:
        return True
    targets = state.marks()
    if not targets:
        return False
    width = state.geo.width
    reach = others - 1
    for c in range(len(counts)):
        if c == colour or not counts[c]:
            continue
        for t, _mod, _flags in state.placement_options(p, c):
            tx, ty = t % width, t // width
            for target in targets:
                if abs(target % width - tx) + abs(target // width - ty) <= reach:
                    return True
    return False


def conflicts(plan: Plan, space: int, colour: int, road_site: tuple[int, ...], family: bool) -> bool:
    """Does placing ``colour`` on ``space`` break a greedy plan (same space, or variety)?"""
    site = road_site[space]
    for t, c, _mod in plan:
        if t == space:
            return True
        if not family and site >= 0 and c == colour and road_site[t] == site:
            return True
    return False
