"""§5.1 and §5.7 in play: at every main decision of a few random games, each line the player can
pay for is offered exactly when the brute force can build its tiles (with the next Finca where
one comes), and at every placement decision each placement legal on its own is offered exactly
when the other waiting tiles stay buildable. Game 33 is the one in which such a comparison first
found a buildable line refused; the rest cover 2–5 players, the short side and the family
version. ``benchmarks/citrus_brute_force.py --games 300`` runs the same comparison at length."""

from __future__ import annotations

import pytest

from .against_brute import game_differences, setup


@pytest.mark.parametrize("seed", [33, 4, 7, 10, 11])
def test_every_offer_of_a_random_game_is_the_brute_forces_answer(seed: int) -> None:
    players, options = setup(seed)
    positions, found = game_differences(seed)
    assert positions > 40, (players, options)
    assert found == [], found
