"""Hints come from the player's own view: legal, with a win chance, blind to hidden information."""

from __future__ import annotations

import random

from fruitbowl.bots import SeatHandle
from fruitbowl.bots.hint import hint

from .test_ismcts import _position_with_hidden_cards


def test_hint_is_legal_with_a_win_chance_and_a_ranking() -> None:
    state, seat = _position_with_hidden_cards(11)
    advice = hint(SeatHandle(state, seat), budget=6_000, seed=1)
    assert advice.action in state.legal_actions()
    assert 0.0 <= advice.win_chance <= 1.0
    assert advice.ranking[0][0] is advice.action and len(advice.ranking) <= 3
    assert sum(share for _, _, share in advice.ranking) <= 1.0 + 1e-9
    assert advice.to_json()["action"]["text"] == advice.action.text


def test_hint_does_not_depend_on_hidden_information() -> None:
    state, seat = _position_with_hidden_cards(12)
    resampled = state.determinize(seat, random.Random(3))
    assert hint(SeatHandle(state, seat), budget=5_000, seed=2) == hint(
        SeatHandle(resampled, seat), budget=5_000, seed=2
    )
