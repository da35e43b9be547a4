"""An independent brute-force answer to "can these waiting tiles all be built?" (§5.1, §5.7).

No budget, no bound, no greedy shortcut: every legal placement (read off the position by the
rulebook's §5.3, §8.5 and §8.6, in :func:`legal_placements`) is tried in every order, each
placement made on a plain copy of the position with the engine's ``place_tile`` (which applies
§5.3 rules 5–7). The only saving is that a set of placements that led nowhere once is not tried
again in another order — the position after a set of placements does not depend on their order.
Nothing here comes from ``placement.py``.
"""

from __future__ import annotations

from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import ROCK, SITE
from fruitbowl.games.citrus.rules import CitrusState

Move = tuple[int, int, bool, bool]  # (space, type, bridge, milestone)


def legal_placements(s: CitrusState, p: int, colour: int) -> list[Move]:
    """Every (space, bridge, milestone) where ``p`` may build a tile of ``colour`` now.

    §5.3.1 where a tile may go; §5.3.2 extend or start a region on a Finca road (a worker);
    §5.3.3 variety on each site's roads (not in the family version); §5.3.4 no contact with
    another player's region of that type; §5.3.6 a neutral region only merges into own regions
    at least as large (counted before, without the tile); §8.5 a Bridge covers a rock or a
    neutral tile (of another type if its region has more tiles); §8.6 a Milestone starts a region
    off the roads. A modifier is spent only where the space needs it.
    """
    geo = s.geo
    kinds = [C.landscape[t][0] for t in s.held[p]]
    has_bridge, has_milestone = "bridge" in kinds, "milestone" in kinds
    road_of = {}
    for site, roads in enumerate(geo.site_roads):
        for road in roads:
            road_of[road] = site
    out: list[Move] = []
    for t in range(geo.size):
        if geo.kind[t] == SITE:
            continue
        bridge = False
        if s.plant[t] >= 0:
            r = s.rid[t]
            if not has_bridge or s.rown[r] != -1:
                continue
            if len(s.rcells[r]) > 1 and s.rcol[r] == colour:
                continue
            bridge = True
        elif geo.kind[t] == ROCK:
            if not has_bridge:
                continue
            bridge = True
        own_regions: set[int] = set()
        neutral_regions: set[int] = set()
        foreign = False
        for nb in geo.orth[t]:
            if s.plant[nb] < 0 or s.plant[nb] // 2 != colour:
                continue
            r = s.rid[nb]
            if s.rown[r] == p:
                own_regions.add(r)
            elif s.rown[r] == -1:
                neutral_regions.add(r)
            else:
                foreign = True
        if foreign:
            continue
        own = sum(len(s.rcells[r]) for r in own_regions)
        neutral = sum(len(s.rcells[r]) for r in neutral_regions)
        milestone = False
        if own_regions:
            if neutral > own:
                continue
        else:
            if neutral_regions or s.workers[p] == 0:
                continue
            on_finca_road = t in road_of and s.fincas[road_of[t]] >= 0
            if not on_finca_road:
                if not has_milestone:
                    continue
                milestone = True
        variety = t in road_of and not s.family
        if variety and any(u != t and s.plant[u] // 2 == colour for u in geo.site_roads[road_of[t]] if s.plant[u] >= 0):
            continue
        out.append((t, colour, bridge, milestone))
    return out


def after(s: CitrusState, p: int, move: Move) -> CitrusState:
    t, colour, bridge, milestone = move
    child = s.scratch()
    child.forget_answers()
    child.place_tile(p, colour * 2, t, (1 if bridge else 0) | (2 if milestone else 0), None)
    return child


def buildable(s: CitrusState, p: int, counts: list[int]) -> bool:
    """Can ``p`` build ``counts[type]`` tiles of each type, in some order, from position ``s``?"""
    return plan(s, p, counts) is not None


def plan(s: CitrusState, p: int, counts: list[int]) -> list[Move] | None:
    """An order of placements that builds ``counts[type]`` tiles of each type (``None``: none does)."""
    return _try(s, p, list(counts), (), set())


def _try(
    s: CitrusState, p: int, counts: list[int], path: tuple[Move, ...], dead: set[frozenset[Move]]
) -> list[Move] | None:
    if not any(counts):
        return list(path)
    for colour, n in enumerate(counts):
        if not n:
            continue
        for move in legal_placements(s, p, colour):
            key = frozenset((*path, move))
            if key in dead:
                continue
            counts[colour] -= 1
            found = _try(after(s, p, move), p, counts, (*path, move), dead)
            counts[colour] += 1
            if found is not None:
                return found
            dead.add(key)
    return None
