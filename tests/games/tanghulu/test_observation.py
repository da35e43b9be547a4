"""The state-direct observation encoder: the same vector as the reference encoding of the view."""

from __future__ import annotations

import pytest

from fruitbowl.games.tanghulu import observation
from fruitbowl.games.tanghulu.rules import PHASE_NAMES
from tests.rl.observation_check import check_observations

from .observation_reference import encode as reference
from .positions import GAME, give_cards, new_position, set_board, set_store

CASES = [(players, options) for players in (2, 3, 4) for options in GAME.conformance_option_sets(players)]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_observation_matches_the_views_encoding(players, options) -> None:
    assert check_observations(GAME, reference, [(players, options)], seeds=range(4), every=2, resample_every=5) > 0


def test_phase_numbers_are_the_layouts_phases() -> None:
    assert observation.PHASES == PHASE_NAMES


def test_each_seat_sees_its_own_position_and_only_its_own_cards() -> None:
    state = new_position(3)
    give_cards(state, 0, [3, 1])
    give_cards(state, 1, [2])
    seen = [GAME.observation(state, seat).finish().dense() for seat in range(3)]
    for seat in range(3):
        assert seen[seat] == pytest.approx(reference(state.view(seat)), abs=1e-9)
    assert seen[0] != seen[1] != seen[2] != seen[0]
    own = slice(-len(observation.SWEET_VALUES), None)
    assert seen[0][own] == [1 / 20, 0.0, 1 / 20]
    assert seen[1][own] == [0.0, 1 / 20, 0.0]
    assert seen[2][own] == [0.0, 0.0, 0.0]
    # another hand of the same size changes nothing for the others
    state.deck += state.hands[1]
    state.hands[1] = []
    give_cards(state, 1, [3])
    assert GAME.observation(state, 0).dense() == seen[0]
    assert GAME.observation(state, 2).dense() == seen[2]
    assert GAME.observation(state, 1).dense() != seen[1]


def test_boards_store_and_an_emptied_bag() -> None:
    state = new_position(2, multi_garnish=True)
    set_board(state, 0, "O A K S", "H H", "")
    set_board(state, 1, "K2 K1 K H", "", "S2")
    state.garnished[0][0] = True
    set_store(state, "O2 - H -")
    bags: tuple[list[int], ...] = (state.bag[:], state.bag[:1], [])
    for bag in bags:
        state.bag = bag
        for seat in (0, 1, None):
            encoded = observation.encode(state, seat).finish()
            assert encoded.dense() == pytest.approx(reference(state.view(seat)), abs=1e-9)
            assert encoded.index == sorted(set(encoded.index))
            assert 0.0 not in encoded.value
