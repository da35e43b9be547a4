"""Rules §14: the invariants, checked after every action of random games (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fruitbowl.engine.chance import settle
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.island import BEACH_CELLS, BLOCK_CELLS, COLLECTOR, TOKEN, VENUE
from fruitbowl.games.juicyfruits.rules import OVER, JuicyFruitsState

from .positions import GAME, start


def check_state(s: JuicyFruitsState, before: JuicyFruitsState | None) -> None:
    n = s.num_players
    # every ship is exactly once on an island beach, supplied, in a bag, or drawn by Pineapple
    ships = [c for g in s.grid for c in g if 0 <= c < COLLECTOR] + [x for sup in s.supplied for x in sup]
    ships += s.bags[0] + s.bags[1] + s.pine_bag + s.pine_drawn
    assert sorted(ships) == list(range(50))
    for p in range(n):
        grid = s.grid[p]
        for cell, code in enumerate(grid):
            if 0 <= code < COLLECTOR:
                assert cell in BEACH_CELLS  # ships only on beaches
        assert sorted(c - COLLECTOR for c in grid if COLLECTOR <= c < TOKEN) == [0, 1, 2, 3, 4]
        for v in range(6):  # a large venue covers exactly one 2×2 block
            cells = [c for c, code in enumerate(grid) if code == VENUE + v]
            assert not cells or tuple(cells) in BLOCK_CELLS
        assert all(f >= 0 for f in s.reserve[p])
        if before is not None:
            assert sum(1 for c in grid if 0 <= c < COLLECTOR) <= sum(1 for c in before.grid[p] if 0 <= c < COLLECTOR)
            assert s.score(p) >= before.score(p)  # scores never decrease
    # tokens: every business token is on the board, in the box, on an island or with Pineapple, once
    on_islands = [t for p in range(n) for t in s.owned[p]]
    tokens = [t for t in s.board if t >= 0] + s.box + on_islands + s.pine_claimed
    assert sorted(tokens) == list(range(24))
    placed = {code - TOKEN for g in s.grid for code in g if TOKEN <= code < VENUE}
    placed |= {t for t in on_islands if C.tokens[t].category == "placeholder"}
    assert len(placed) >= len(on_islands) - (1 if s.pending >= 0 else 0)
    # claims made = tokens on islands + tokens Pineapple took; the license marker tracks them
    claims = len(on_islands) + len(s.pine_claimed)
    assert s.license == max(0, C.license_start[n] - claims)
    # markers: held + left = the starting count per kind
    for kind, values in enumerate(C.ice_values):
        assert s.pool[kind] + sum(s.markers[p][kind] for p in range(n)) == len(values)
    if s.phase != OVER:
        codes = s.legal_codes()
        assert codes and codes == sorted(set(codes))
    else:
        assert len(set(s.turns)) == 1  # everyone had the same number of turns
        if n == 1:
            assert s.turns[0] <= 37


@st.composite
def games(draw):
    players = draw(st.integers(1, 4))
    options = {"juice_factory": draw(st.booleans()), "forced_max_distance": draw(st.booleans())}
    if players == 1:
        options["solo_board"] = draw(st.integers(1, 4))
    else:
        options["random_first"] = draw(st.booleans())
        if not options["random_first"]:  # first_player applies only then
            options["first_player"] = draw(st.integers(1, players))
    return players, options, draw(st.integers(0, 2**32)), draw(st.sampled_from(["uniform", "greedy"]))


def choose(state: JuicyFruitsState, chooser: random.Random, policy: str):
    actions = state.legal_actions()
    if policy == "greedy" and len(actions) > 1:
        productive = [a for a in actions if a.kind not in ("pass", "stop")]
        return chooser.choice(productive or actions)
    return chooser.choice(actions)


@settings(max_examples=40, deadline=None)
@given(games())
def test_invariants_hold_after_every_action_of_random_games(game):
    players, options, seed, policy = game
    state = start(players, seed, options)
    chooser = random.Random(seed)
    check_state(state, None)
    actions = 0
    while not state.is_terminal():
        before = state.clone()
        state.apply(choose(state, chooser, policy))
        settle(state, chooser)  # (Pineapple's boat)
        check_state(state, before)
        actions += 1
        assert actions <= GAME.max_actions(players, state.options)
    result = state.result()
    assert sum(result.scores) == sum(state.score(p) for p in range(players))
