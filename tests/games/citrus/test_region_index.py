"""The regions a seat owns, kept per type between builds, are always those on the board.

``CitrusState.own_index`` keeps each seat's regions (the harvest actions, the placement options
and the buildability questions read them) until a build or a harvest changes regions or owners.
Here they are compared, at every position of random games and in the look-ahead positions the
engine made there, with the regions read straight off the board; and a saved and reloaded
position (no cache at all) must offer the same actions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fruitbowl.games.citrus.rules import TYPES, CitrusState

from .positions import GAME, dealt


def board_regions(state: CitrusState, p: int) -> tuple[list[int], list[list[int]]]:
    """Seat ``p``'s regions, and per type, read off the region lists."""
    regions = [r for r in range(len(state.rown)) if state.rown[r] == p and state.rcells[r]]
    return regions, [[r for r in regions if state.rcol[r] == c] for c in range(TYPES)]


def check_index(state: CitrusState) -> None:
    for p in range(state.num_players):
        regions, by_type = state.own_index(p)
        assert (regions, list(by_type)) == board_regions(state, p), ("seat", p)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 31, {"board": "short"}), (3, 32, {}), (4, 33, {"family": True, "random_sites": True}), (5, 34, {})],
)
def test_own_regions_match_the_board_at_every_position(players: int, seed: int, options: dict[str, Any]) -> None:
    state = dealt(players, seed, options)
    assert isinstance(state, CitrusState)
    chooser = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        codes = state.legal_codes()
        check_index(state)
        for kid in list(state._kids.values())[:3]:  # look-ahead positions after one placement
            check_index(kid)
        for trial in state._trials.values():  # look-ahead positions with a new Finca
            check_index(trial)
        if steps % 23 == 0:
            loaded = GAME.state_from_json(state.to_json())  # nothing cached
            assert loaded.legal_codes() == codes, f"action {steps}"
        if steps % 31 == 0:
            clone = state.clone()  # shares the cached answers, then plays on alone
            clone.apply(chooser.choice(codes))
            check_index(clone)
            check_index(state)
        state.apply(chooser.choice(codes))
        steps += 1
    check_index(state)
