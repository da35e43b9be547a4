"""Rules §12 invariants, checked after every action of random games (hypothesis picks the games)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import ROCK, SITE
from fruitbowl.games.citrus.rules import OVER, CitrusState

from .positions import dealt


def check_state(s: CitrusState, short: bool) -> None:
    geo = s.geo
    # conservation: every plantation tile is in the bag, the market, waiting or on the board
    on_board = sum(1 for k in s.plant if k >= 0)
    total = sum(s.bag) + sum(1 for k in s.market if k >= 0) + sum(s.waiting) + on_board
    assert total <= sum(C.bag(short))
    for p in range(s.num_players):
        owned = [r for r in range(len(s.rown)) if s.rown[r] == p and s.rcells[r]]
        assert s.workers[p] + len(owned) == C.workers  # workers on the mat + owned regions = 5
        assert 0 <= s.money[p] <= C.money_cap
    regions_seen: dict[int, set[int]] = {}
    for space, k in enumerate(s.plant):
        if k < 0:
            assert s.rid[space] == -1
            continue
        assert geo.kind[space] != SITE  # never on a site
        r = s.rid[space]
        assert space in s.rcells[r] and s.rcol[r] == k >> 1
        regions_seen.setdefault(r, set()).add(space)
        for nb in geo.orth[space]:  # adjacent same-colour tiles are one region
            if s.plant[nb] >= 0 and s.plant[nb] >> 1 == k >> 1:
                assert s.rid[nb] == r
    for r, cells in enumerate(s.rcells):
        assert set(cells) == regions_seen.get(r, set())
        if cells:  # connected
            todo, seen = [cells[0]], {cells[0]}
            while todo:
                x = todo.pop()
                for nb in geo.orth[x]:
                    if nb in cells and nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            assert seen == set(cells)
    if not s.family:  # variety on every site's roads
        for roads in geo.site_roads:
            colours = [s.plant[x] >> 1 for x in roads if s.plant[x] >= 0]
            assert len(colours) == len(set(colours))
    for space in range(geo.size):
        if geo.kind[space] == ROCK and s.plant[space] >= 0:
            pass  # only with a Bridge; the event log shows it (checked below)
    if s.phase != OVER:
        codes = s.legal_codes()
        assert codes and codes == sorted(set(codes))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), short=st.booleans(), family=st.booleans())
def test_invariants_hold_through_random_games(seed, players, short, family):
    options = {"board": "short" if short else "long", "family": family}
    s = dealt(players, seed, options)
    rng = random.Random(seed)
    bridged_rocks: set[int] = set()
    while not s.is_terminal():
        action = rng.choice(s.legal_actions())
        events = s.apply(action)
        for e in events:
            if e.kind == "place" and e.data.get("bridge"):
                bridged_rocks.add(e.data["space"])
        check_state(s, short)
        for space in range(s.geo.size):
            if s.geo.kind[space] == ROCK and s.plant[space] >= 0:
                assert space in bridged_rocks
    assert s.final is not None
    result = s.result()
    assert result.scores == tuple(sum(b.values()) for b in result.breakdown)
