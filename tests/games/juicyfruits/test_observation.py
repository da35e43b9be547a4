"""The state-direct observation encoder against the reference encoding of the view.

``observation.encode(state, seat)`` reads the state through precomputed tables; it must give
exactly the vector the reference encoder (``observation_reference.encode``, the layout as first
written) builds from ``state.view(seat)``, at 1-4 players, with every module combination and the
option sets the conformance kit plays, and must not change when the seat's hidden information
(only the random generator: Pineapple's future draws) is resampled.
"""

from __future__ import annotations

import random

import pytest

from fruitbowl.engine.chance import settle
from fruitbowl.games.juicyfruits import new_business, observation
from fruitbowl.games.juicyfruits.legality import MOVE, PHASE_NAMES
from tests.rl.observation_check import check_observations

from .observation_reference import encode as reference
from .positions import GAME, new, start

#: Every n-th position per player count (games grow with the table): about a dozen positions a game.
EVERY = {1: 7, 2: 23, 3: 31, 4: 43}
ALL = "mystic_island+boulders+new_business"


def _cases(players: int) -> list[tuple[int, dict[str, object]]]:
    """The conformance option sets (base; juice factory with first player or Pineapple's board;
    every module), and at one and two players the 7 module combinations too (juice factory
    alternating, three per row at two players): every option that changes the layout or what is
    shown. Three and four players differ from two only in the number of seat blocks."""
    sets = GAME.conformance_option_sets(players)
    if players <= 2:
        sets += GAME.module_option_sets(players)
    return [(players, options) for options in sets]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_encoder_matches_the_view_encoding(players):
    every = EVERY[players]
    checked = check_observations(
        GAME, reference, _cases(players), seeds=[players], every=every, resample_every=2 * every
    )
    assert checked >= 60


def test_the_encoder_matches_the_view_encoding_densely_in_module_games():
    """Module phases (statue choice, construction discount, whale beach, watching) last one
    decision: look at every position of a solo game and every other one of a two-player game."""
    assert check_observations(GAME, reference, [(1, {"modules": ALL})], seeds=[7], every=1, resample_every=5) > 80
    cases = [(2, {"modules": ALL, "juice_factory": True})]
    assert check_observations(GAME, reference, cases, seeds=[7], every=2, resample_every=10) > 200


RARE = {"split", "produce", "bonus", "juice", "over", "statue", "discount", "whale"}


def test_rare_decisions_and_the_end_match_the_view_encoding():
    """Positions a stride seldom lands on: every position in a one-decision phase, and the game over."""
    seen: set[str] = set()
    for players, options in ((2, {"modules": ALL, "juice_factory": True}), (3, {"juice_factory": True})):
        for seed in range(4):
            rng = random.Random(seed)
            state = start(players, seed, options)
            while True:
                phase = PHASE_NAMES[state.phase]
                if phase in RARE:
                    seen.add(phase)
                    for seat in range(players):
                        dense = GAME.observation(state, seat).finish().dense()
                        assert dense == pytest.approx(reference(state.view(seat)), abs=1e-9), (phase, seat)
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_codes()))
                settle(state, rng)
    assert seen >= RARE


def test_module_details_random_games_seldom_reach_match_the_view_encoding():
    """Offices on the turn they start working, whales owned by either seat, a pending statue,
    a crowded tray: set on a real position, then both seats' vectors compared with the view's."""
    state = new(2, 3, modules=ALL, three_per_row=True)
    rng = random.Random(3)
    while state.phase != MOVE or state.turns[0] < 2:
        state.apply(rng.choice(state.legal_codes()))
    state.office_from = [[state.turns[0], state.turns[0] + 1], [-1, state.turns[1]]]
    state.owned[1].append(new_business.WHALE_TOKENS[0])
    state.whales = [2, -1]
    state.pending_statue = 7
    state.tray = [5, 0, 1, 2]
    state.moved = [state.mobile[state.player][0], 3]  # (a piece that slides: the view shows it)
    for seat in range(2):
        dense = GAME.observation(state, seat).finish().dense()
        assert dense == pytest.approx(reference(state.view(seat)), abs=1e-9), seat


def test_phase_numbers_follow_the_layout():
    assert tuple(PHASE_NAMES) == observation.PHASES + observation.MODULE_PHASES


def test_seats_see_the_table_from_their_own_chair():
    """Nothing is private, but each seat is listed first in its own vector: a broken encoder
    that ignores the seat fails here."""
    for players, options in ((2, {}), (3, {"modules": ALL}), (4, {"juice_factory": True})):
        state = start(players, 5, options)
        for _ in range(6):  # an early position, a few moves in
            state.apply(state.legal_codes()[0])
        vectors = [GAME.observation(state, seat).finish().dense() for seat in range(players)]
        assert len({tuple(v) for v in vectors}) == players
        for seat, vector in enumerate(vectors):
            assert vector == reference(state.view(seat))


def test_entries_are_nonzero_and_inside_the_vector():
    state = start(2, 11, {"modules": ALL})
    encoded = GAME.observation(state, 1).finish()
    assert all(encoded.value) and min(encoded.index) >= 0 and max(encoded.index) < encoded.size
    assert len(encoded.index) == len(encoded.value)
