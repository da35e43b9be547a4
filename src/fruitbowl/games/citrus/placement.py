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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BRIDGE, MILESTONE
from .components import ROCK, SITE

if TYPE_CHECKING:
    from .rules import CitrusState

#: Flags of a candidate placement.
NEW = 1  # starts a region (takes a worker)
ROAD = 2  # lies on a road space of some site (variety applies)

#: Search nodes one feasibility question may visit before giving up (and refusing the option).
SEARCH_BUDGET = 30

Placement = tuple[int, int, int]  # (space, mod, flags)
Plan = list[tuple[int, int, int]]  # (space, type, mod) in a legal order


def placements(state: CitrusState, p: int, colour: int) -> list[Placement]:
    """Every legal (space, mod, flags) for a tile of ``colour`` by player ``p`` now (§5.3, §8.5, §8.6).

    Sorted: plain extensions off the roads first, then other plain ones, then those spending
    tiles, so that greedy plans use the cheapest placements.
    """
    geo = state.geo
    plant, rid, rown, rcol, rcells = state.plant, state.rid, state.rown, state.rcol, state.rcells
    kind, orth, road_site, fincas = geo.kind, geo.orth, geo.road_site, state.fincas
    held = state.held_kinds(p)
    bridge, milestone = "bridge" in held, "milestone" in held
    workers = state.workers[p]
    family = state.family
    cand: set[int] = set()
    for owner, col, cells in zip(rown, rcol, rcells, strict=True):
        if owner == p and col == colour:
            for cell in cells:
                cand.update(orth[cell])
    if workers:
        if milestone:
            cand.update(range(geo.size))
        else:
            for s, f in enumerate(fincas):
                if f >= 0:
                    cand.update(geo.site_roads[s])
    out: list[tuple[int, Placement]] = []
    for t in cand:
        kt = kind[t]
        if kt == SITE:
            continue
        mod = 0
        old = plant[t]
        if old >= 0:
            if not bridge:
                continue
            r0 = rid[t]
            if rown[r0] != -1 or (len(rcells[r0]) > 1 and rcol[r0] == colour):
                continue
            mod = BRIDGE
        elif kt == ROCK:
            if not bridge:
                continue
            mod = BRIDGE
        own = neutral = 0
        seen: list[int] = []
        bad = False
        for nb in orth[t]:
            pk = plant[nb]
            if pk < 0 or pk >> 1 != colour:
                continue
            r = rid[nb]
            if r in seen:
                continue
            seen.append(r)
            o = rown[r]
            if o == p:
                own += len(rcells[r])
            elif o < 0:
                neutral += len(rcells[r])
            else:
                bad = True
                break
        if bad:
            continue
        flags = 0
        s = road_site[t]
        if own:
            if neutral > own:
                continue
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
                clash = False
                for road in geo.site_roads[s]:
                    if road != t and plant[road] >= 0 and plant[road] >> 1 == colour:
                        clash = True
                        break
                if clash:
                    continue
        if mod & BRIDGE and mod & MILESTONE and not (bridge and milestone):
            continue
        out.append((mod * 4 + (flags & ROAD) * 2 + (flags & NEW) * 1, (t, mod, flags)))
    out.sort()
    return [p for _, p in out]


def greedy_plan(
    options: dict[int, list[Placement]],
    counts: list[int],
    workers: int,
    used: set[int] | None = None,
    roads: set[tuple[int, int]] | None = None,
    road_site: tuple[int, ...] = (),
    family: bool = False,
) -> Plan | None:
    """A plan for ``counts[type]`` tiles made only of placements legal now, or ``None``.

    Why it is sound: a plain placement legal now stays legal after the player's other
    placements unless one of them takes its space, the same colour goes on another road of its
    site, or the workers run out: extension only grows own regions (so no-contact and the
    neutral-size test still hold), and landscape pickups and merges only add. Those three
    conflicts are exactly what this avoids, so the plan works in any order.
    """
    used = set(used or ())
    roads = set(roads or ())
    plan: Plan = []
    order = sorted((c for c in range(len(counts)) if counts[c]), key=lambda c: len(options[c]))
    for c in order:
        for _ in range(counts[c]):
            for t, mod, flags in options[c]:
                if mod or t in used:
                    continue
                if flags & NEW and workers <= 0:
                    continue
                if flags & ROAD and not family and (road_site[t], c) in roads:
                    continue
                used.add(t)
                if flags & ROAD:
                    roads.add((road_site[t], c))
                if flags & NEW:
                    workers -= 1
                plan.append((t, c, mod))
                break
            else:
                return None
    return plan


def solve(state: CitrusState, p: int, counts: list[int], budget: list[int] | None = None) -> Plan | None:
    """An order in which player ``p`` can build tiles of the given types (counts per type), or
    ``None`` if none was found within :data:`SEARCH_BUDGET` nodes."""
    if not any(counts):
        return []
    if budget is None:
        key = (p, *counts)
        if key in state._plans:
            return state._plans[key]
        found = solve(state, p, counts, [SEARCH_BUDGET])
        state._plans[key] = found
        return found
    budget[0] -= 1
    if budget[0] < 0:
        return None
    options = {c: state.placement_options(p, c) for c in range(len(counts)) if counts[c]}
    plan = greedy_plan(options, counts, state.workers[p], road_site=state.geo.road_site, family=state.family)
    if plan is not None:
        return plan
    for c, opts in options.items():
        if not opts and not _may_enable(state, p, counts, c):
            return None
    for c in sorted(options, key=lambda c: len(options[c])):
        for t, mod, _flags in options[c]:
            child = state.scratch()
            child.place_tile(p, c * 2, t, mod, None)
            counts[c] -= 1
            rest = solve(child, p, counts, budget)
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
        for c in range(len(counts)):
            if c != colour and counts[c]:
                owned = sum(1 for r in range(len(state.rown)) if state.rown[r] == p and state.rcol[r] == c)
                if owned >= 2:
                    return True
    if "bridge" in state.held_kinds(p):
        return True
    targets = [s for s, t in enumerate(state.land) if t >= 0 and state.landscape_kind(t) in ("bridge", "milestone")]
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
