"""The fast look-ahead gives exactly the answers of a plain one.

``rules.py`` and ``placement.py`` read placement options off bitmasks of the board kept through
builds, harvests, Bridges and Fincas (``masks.py``), cache them, memoise searches and keep Finca
trials, children, free roads and Bridge/Milestone spaces between actions. This file keeps a
straightforward reference: the same rules computed from the raw position every time, on plain
copies, with no cache that outlives one question. Random games at 2–5 players on both boards
(and the family and free-placement versions) must give the same legal actions, in the same
order, at every position, and every cache the state holds must equal a fresh computation.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from fruitbowl.games.citrus import placement as PL
from fruitbowl.games.citrus.actions import BRIDGE, MILESTONE, MONEY_VALUES
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import ROCK, SITE
from fruitbowl.games.citrus.rules import (
    AFTER,
    BLOCKED_SITE,
    HARVEST,
    OVER,
    PLACE,
    SITE_CHOICE,
    TYPES,
    CitrusState,
)

from . import brute
from .positions import dealt

# ---------------------------------------------------------------------------- the reference


def ref_placements(s: CitrusState, p: int, colour: int) -> list[PL.Placement]:
    """§5.3, §8.5, §8.6 read straight off the position (the engine's first version)."""
    geo = s.geo
    held = {C.landscape[t][0] for t in s.held[p]}
    bridge, milestone = "bridge" in held, "milestone" in held
    workers = s.workers[p]
    cand: set[int] = set()
    for owner, col, cells in zip(s.rown, s.rcol, s.rcells, strict=True):
        if owner == p and col == colour:
            for cell in cells:
                cand.update(geo.orth[cell])
    if workers:
        if milestone:
            cand.update(range(geo.size))
        else:
            for site, f in enumerate(s.fincas):
                if f >= 0:
                    cand.update(geo.site_roads[site])
    out: list[tuple[int, PL.Placement]] = []
    for t in cand:
        if geo.kind[t] == SITE:
            continue
        mod = 0
        if s.plant[t] >= 0:
            if not bridge:
                continue
            r0 = s.rid[t]
            if s.rown[r0] != -1 or (len(s.rcells[r0]) > 1 and s.rcol[r0] == colour):
                continue
            mod = BRIDGE
        elif geo.kind[t] == ROCK:
            if not bridge:
                continue
            mod = BRIDGE
        own = neutral = 0
        seen: list[int] = []
        bad = False
        for nb in geo.orth[t]:
            pk = s.plant[nb]
            if pk < 0 or pk >> 1 != colour:
                continue
            r = s.rid[nb]
            if r in seen:
                continue
            seen.append(r)
            if s.rown[r] == p:
                own += len(s.rcells[r])
            elif s.rown[r] < 0:
                neutral += len(s.rcells[r])
            else:
                bad = True
        if bad:
            continue
        flags = 0
        site = geo.road_site[t]
        if own:
            if neutral > own:
                continue
        else:
            if neutral or not workers:
                continue
            flags = PL.NEW
            if site < 0 or s.fincas[site] < 0:
                if not milestone:
                    continue
                mod |= MILESTONE
        if site >= 0:
            flags |= PL.ROAD
            if not s.family and any(
                road != t and s.plant[road] >= 0 and s.plant[road] >> 1 == colour for road in geo.site_roads[site]
            ):
                continue
        out.append((mod * 4 + (flags & PL.ROAD) * 2 + (flags & PL.NEW), (t, mod, flags)))
    out.sort()
    return [placement for _, placement in out]


class Node:
    """A plain copy of a position with the options asked of it so far (nothing else cached)."""

    def __init__(self, state: CitrusState) -> None:
        self.s = state
        self.opts: dict[tuple[int, int], list[PL.Placement]] = {}

    def options(self, p: int, colour: int) -> list[PL.Placement]:
        if (p, colour) not in self.opts:
            self.opts[(p, colour)] = ref_placements(self.s, p, colour)
        return self.opts[(p, colour)]

    def after(self, p: int, colour: int, t: int, mod: int) -> Node:
        child = _plain_copy(self.s)
        child.place_tile(p, colour * 2, t, mod, None)
        return Node(child)

    def with_finca(self, site: int) -> Node:
        trial = _plain_copy(self.s)
        trial._put_finca(site, trial.finca_stack[0])
        return Node(trial)


def _plain_copy(state: CitrusState) -> CitrusState:
    copy_ = state.scratch()
    copy_.forget_answers()
    return copy_


def ref_solve(node: Node, p: int, counts: list[int]) -> bool:
    """Can ``p`` build ``counts`` from this position? The brute force, with no budget."""
    return brute.buildable(node.s, p, counts)


def ref_legal(state: CitrusState) -> list[int]:
    """The legal codes of ``state`` as the rules define them, computed the slow way."""
    s, p, lay = state, state.player, state.lay
    root = Node(_plain_copy(state))
    trials: dict[int, Node] = {}

    def trial(site: int) -> Node:
        if site not in trials:
            trials[site] = root.with_finca(site)
        return trials[site]

    def finca_comes(taken: int) -> bool:
        return s.market_count() - taken <= C.trigger and s.finca_available()

    def buy_ok(line: int, money: int) -> bool:
        tiles = s.line_tiles(line)
        if not tiles or len(tiles) > money:
            return False
        if s.free:
            if any(root.options(p, k >> 1) for k in tiles):
                return True
            return finca_comes(len(tiles)) and any(
                trial(site).options(p, k >> 1) for site in s.open_sites for k in tiles
            )
        counts = [0] * TYPES
        for k in tiles:
            counts[k >> 1] += 1
        if ref_solve(root, p, counts[:]):
            return True
        return finca_comes(len(tiles)) and any(ref_solve(trial(site), p, counts[:]) for site in s.open_sites)

    def cart_codes() -> list[int]:
        if not any(C.landscape[t][0] == "cart" for t in s.held[p]):
            return []
        out = []
        for m in range(C.market_spaces):
            if s.market[m] < 0:
                continue
            colour = s.market[m] >> 1
            if root.options(p, colour) or (
                finca_comes(1) and any(trial(site).options(p, colour) for site in s.open_sites)
            ):
                out.append(lay.cart + m)
        return out

    def cart_codes_while_waiting() -> list[int]:
        """§5.6 lifted: the Cart's tile joins the bought ones; all must be buildable, and a refill
        already pending covers the Cart (no second Finca)."""
        if not any(C.landscape[t][0] == "cart" for t in s.held[p]):
            return []
        out = []
        for m in range(C.market_spaces):
            if s.market[m] < 0:
                continue
            counts = s._waiting_colours()
            counts[s.market[m] >> 1] += 1
            if ref_solve(root, p, counts[:]) or (
                not s.refill_pending
                and finca_comes(1)
                and any(ref_solve(trial(site), p, counts[:]) for site in s.open_sites)
            ):
                out.append(lay.cart + m)
        return out

    def buy_codes(money: int) -> list[int]:
        return [lay.buy + line for line in range(len(C.lines)) if buy_ok(line, money)]

    harvests = [lay.harvest + min(s.rcells[r]) for r in s.own_regions(p)]
    if s.phase == OVER:
        return []
    if s.phase in (SITE_CHOICE, BLOCKED_SITE):
        counts = s._waiting_colours()
        if s.phase == BLOCKED_SITE or s.free or ref_solve(root, p, counts[:]):
            sites = list(s.open_sites)
        else:
            sites = [site for site in s.open_sites if ref_solve(trial(site), p, counts[:])] or list(s.open_sites)
        return sorted(lay.site + site for site in sites)
    held = [C.landscape[t] for t in s.held[p]]
    values = sorted({value for kind, value in held if kind == "money"})
    codes = [lay.cash + MONEY_VALUES.index(v) for v in values]
    if any(kind == "bull" for kind, _v in held):
        geo = s.geo
        codes += [
            lay.bull + t
            for t in range(geo.size)
            if s.plant[t] < 0 and s.land[t] < 0 and geo.kind[t] not in (ROCK, SITE)
        ]
    if s.phase == HARVEST:  # Money and the Bull at any moment of the turn, no Cart inside a harvest
        return sorted(set([*harvests, lay.income, *codes]))
    if s.phase == PLACE:
        if not s.cart_restriction and not s.from_cart:
            codes += cart_codes_while_waiting()
        return sorted(set(ref_place_codes(s, root) + codes))
    codes += cart_codes()
    if s.phase == AFTER:
        return sorted(set([*codes, lay.end]))
    main = buy_codes(s.money[p]) + harvests
    if not main and not (harvests or buy_codes(s.money_potential(p)) or cart_codes()):
        main = [lay.pass_]
    return sorted(set(codes + main))


def ref_place_codes(s: CitrusState, root: Node) -> list[int]:
    """A placement is offered if the other waiting tiles can all be built after it (§5.7); if
    none is (a position set up by hand), every placement legal on its own."""
    p, lay = s.player, s.lay
    counts = s._waiting_colours()
    chosen: list[tuple[int, int, int]] = []
    fallback: list[tuple[int, int, int]] = []
    for c in range(TYPES):
        if not counts[c]:
            continue
        rest = counts[:]
        rest[c] -= 1
        for t, mod, _flags in root.options(p, c):
            fallback.append((c, t, mod))
            if s.free or not any(rest) or ref_solve(root.after(p, c, t, mod), p, rest[:]):
                chosen.append((c, t, mod))
    picks = chosen or fallback
    return [
        lay.place_code(kind, t, mod) for kind, n in enumerate(s.waiting) if n for c, t, mod in picks if c == kind >> 1
    ]


# ---------------------------------------------------------------------------- the checks


def check_caches(state: CitrusState) -> None:
    """Every cached answer the state holds equals a fresh computation, and so does every seat's
    options of every type read off the board's masks as the state keeps them."""
    fresh = _plain_copy(state)
    for (p, colour), opts in state._opts.items():
        assert opts == ref_placements(fresh, p, colour), ("options", p, colour)
    check_options(state, fresh)
    for site, trial in state._trials.items():
        after = _plain_copy(state)
        after._put_finca(site, after.finca_stack[0])
        check_options(trial, after)
    if state._roads is not None:
        assert sorted(state._roads) == sorted(fresh.free_roads())
    if state._marks is not None:
        assert state._marks == fresh.marks()
    for key, plan in list(state._plans.items())[:4]:
        p, counts = key[0], list(key[1:])
        assert (plan is not None) == ref_solve(Node(fresh), p, counts), ("search", key)
    for (p, colour, t, mod), kid in list(state._kids.items())[:3]:
        after = _plain_copy(state)
        after.place_tile(p, colour * 2, t, mod, None)
        # (a child adopted from a look-ahead has plain tiles where the real ones have wells)
        assert [k >> 1 for k in kid.plant] == [k >> 1 for k in after.plant]
        assert (kid.rid, kid.land, kid.workers, kid.held) == (after.rid, after.land, after.workers, after.held)
        for (q, c), opts in kid._opts.items():
            assert opts == ref_placements(after, q, c), ("child options", q, c)
        check_options(kid, after)


def check_options(state: CitrusState, plain: CitrusState) -> None:
    """Each seat's options of each type in ``state`` (from the masks it keeps) are those read
    straight off ``plain``, the same position."""
    for p in range(state.num_players):
        for colour in range(TYPES):
            assert state.placement_options(p, colour) == ref_placements(plain, p, colour), ("kept", p, colour)


CASES = [
    (2, 11, {"board": "short"}),
    (2, 12, {}),
    (3, 13, {}),
    (3, 14, {"board": "short", "family": True}),
    (4, 15, {"random_sites": True}),
    (4, 16, {"board": "short", "free_placement": True}),
    (5, 17, {"family": True}),
    (5, 18, {}),
    (3, 19, {"cart_restriction": False, "horses_at_once": True}),
    (4, 20, {"random_sites": True, "three_fincas": True, "cart_restriction": False}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_legal_actions_equal_the_plain_reference_in_random_games(players: int, seed: int, options: dict[str, Any]):
    state = dealt(players, seed, options)
    assert isinstance(state, CitrusState)
    chooser = random.Random(seed)
    shadow: CitrusState | None = None
    steps = 0
    while not state.is_terminal():
        codes = [a.code for a in state.legal_actions()]
        assert codes == ref_legal(state), f"action {steps}"
        if steps % 5 == 0:
            check_caches(state)
        if steps % 37 == 0:
            shadow = copy.deepcopy(state)  # a clone shares the caches; it must play on correctly
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        if shadow is not None and shadow.current_player >= 0:
            assert [a.code for a in shadow.legal_actions()] == ref_legal(shadow)
            shadow.apply(chooser.choice(shadow.legal_actions()))
            assert [a.code for a in shadow.legal_actions()] == ref_legal(shadow)
            shadow = None
        steps += 1
    assert state.phase == OVER
