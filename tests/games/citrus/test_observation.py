"""The state-direct observation encoder against the reference encoding of the view.

``observation.encode(state, seat)`` reads the state through tables precomputed per board layout;
it must give exactly the vector the reference encoder (``observation_reference.encode``, the
layout as first written) builds from ``state.view(seat)``: at 2-5 players, on both boards, with
the family, random-sites and free-placement options (the conformance option sets), and it must
not change when what nobody knows (the Finca and site stacks' order, the bag's draws) is
resampled. Nothing in Citrus is private to one seat, but the vector is told from the viewer's
seat (seats and owners relative to it), so each seat's vector is its own.
"""

from __future__ import annotations

import random

import pytest

from fruitbowl.games.citrus import observation
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import ORDINARY
from fruitbowl.games.citrus.rules import CitrusState
from tests.rl.observation_check import check_observations

from .observation_reference import encode as reference
from .positions import GAME, begin_placing, dealt, fresh, give, region, sandbox, set_market

#: Every n-th position (a prime, so strides land on every phase): 4-9 positions a game, as the
#: reference encoding and the comparison of some 3,000 numbers cost milliseconds a seat.
EVERY = {2: 31, 3: 41, 4: 47, 5: 59}


def _same(state: CitrusState, seat: int) -> list[float]:
    """The seat's vector, checked against the reference encoding of its view."""
    encoded = GAME.observation(state, seat).finish()
    assert encoded.index == sorted(set(encoded.index)), "entries are written left to right"
    dense = encoded.dense()
    assert dense == pytest.approx(reference(state.view(seat)), abs=1e-9)
    return dense


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_encoder_matches_the_view_encoding(players: int) -> None:
    cases = [(players, options) for options in GAME.conformance_option_sets(players)]
    every = EVERY[players]
    checked = check_observations(GAME, reference, cases, seeds=[players], every=every, resample_every=2 * every)
    assert checked >= 15 * players


def test_the_encoder_matches_the_view_encoding_densely_at_two_players() -> None:
    """The usual learning set-up (two players, long board): every 11th position of a game."""
    assert check_observations(GAME, reference, [(2, {})], seeds=[11], every=11, resample_every=22) > 40


def test_the_end_of_the_game_matches_the_view_encoding() -> None:
    """Final scores (Finca, harvest, horse and action-tile points) and no player to act."""
    for players, seed in ((2, 3), (3, 4), (5, 5)):
        rng = random.Random(seed)
        state = dealt(players, seed, {"board": "short"} if players == 2 else {})
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_codes()))
        for seat in range(players):
            _same(state, seat)


def test_details_random_games_seldom_reach_match_the_view_encoding() -> None:
    """Owned and neutral regions with wells and workers, a Bull on an ordinary space, a scored
    Finca, capped money and action tiles, waiting tiles, an empty market space: set on a real
    position, then every seat's vector compared with its view's."""
    state = fresh(4)
    region(state, 0, "lemon", ["C3", "C4", "D4"], wells=2)
    region(state, 1, "orange", ["H5", "H6"], wells=1)
    region(state, 2, "lime", ["K8"])
    region(state, -1, "blood", ["E8", "F8"], wells=1)
    give(state, 1, "money", "money", "cart", "bull", "bridge", "milestone")
    give(state, 3, "horses", "horses", "horses")
    give(state, 2, "cart", "cart", "cart")
    bull = next(t for t in state.held[1] if C.landscape[t][0] == "bull")
    state.held[1].remove(bull)
    space = next(s for s in range(state.geo.size) if state.geo.kind[s] == ORDINARY and state.plant[s] < 0)
    state.land[space] = bull
    site = next(i for i, f in enumerate(state.fincas) if f >= 0)
    state.scored[site] = 1
    state.money[2] = C.money_cap
    state.points[0] = [160, 4, -3]
    state.points[3] = [0, 0, -6]
    set_market(state, {1: "lemon well", 2: "lime", 5: "blood well", 12: "orange"})
    begin_placing(state, 1, "lemon", "lime well", "lime well")
    state.refill_pending = True
    for seat in range(4):
        dense = _same(state, seat)
        resampled = state.determinize(seat, random.Random(seat))
        assert GAME.observation(resampled, seat).dense() == dense


def test_a_board_outside_the_registered_layouts() -> None:
    """The tables are built per board layout, not looked up by name: a test board works too."""
    state = sandbox(3)
    state.open_sites, state.site_stack = [], []
    region(state, 1, "lemon", ["F4", "G4"], wells=1)
    for seat in range(3):
        _same(state, seat)
    assert len(GAME.observation(state, 0).finish().dense()) == observation.layout(3, state.geo).size


def test_each_seat_sees_the_position_from_its_own_seat() -> None:
    """Early in a game every seat's vector differs (seats and owners are relative to the
    viewer), and each matches its own view's encoding, not another seat's: an encoder that
    ignored the seat would fail."""
    for players in (2, 3):
        rng = random.Random(players)
        state = dealt(players, players, {})
        while not any(owner >= 0 for owner in state.rown):  # up to the first region with a worker
            state.apply(rng.choice(state.legal_codes()))
        vectors = [_same(state, seat) for seat in range(players)]
        for seat in range(players):
            for other in range(players):
                if other != seat:
                    assert vectors[seat] != vectors[other]
                    assert vectors[seat] != pytest.approx(reference(state.view(other)), abs=1e-9)
