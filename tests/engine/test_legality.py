"""Refusal keys through the engine's public methods (``State.refusal``, ``State.explain``, ``apply``),
on the toy game Plums, whose one rule is written once as a check."""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.legality import GAME_OVER

from .toys import BROKEN, PLUMS


def test_a_card_not_held_is_refused_by_its_rule_in_its_words_and_a_held_one_is_not() -> None:
    state = PLUMS.new_state(2, seed=4)
    hand = state.hands[0]
    missing = next(v for v in range(1, 7) if v not in hand)
    held = ", ".join(str(v) for v in hand)
    assert state.refusal(f"play {missing}") == "play.not_in_hand"
    assert state.explain(f"play {missing}") == f"you have no {missing} in your hand (you hold {held})"
    with pytest.raises(IllegalAction, match=rf"^you have no {missing} in your hand"):
        state.apply(f"play {missing}")
    assert state.refusal(f"play {hand[0]}") is None and state.explain(f"play {hand[0]}") is None


def test_once_the_game_is_over_every_action_is_refused_as_such() -> None:
    state = PLUMS.new_state(2, seed=4)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.refusal("play 1") == GAME_OVER
    assert state.explain("play 1") == "the game is over; 'play 1' cannot be played"


def test_a_key_without_a_sentence_still_refuses_and_names_the_key() -> None:
    state = BROKEN["unsaid-rule"].new_state(2, seed=4)
    missing = next(v for v in range(1, 7) if v not in state.hands[0])
    assert state.explain(f"play {missing}") == f"'play {missing}' is not allowed now (the rule 'play.not_held')"
