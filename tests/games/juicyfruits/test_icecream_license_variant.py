"""AMB-6's variant (rules reference §11): "Config flag ``icecream_moves_license`` (default off): if
on, each step-1 cart move that produces at least one ice cream marker moves the license marker
one space." Played through actions: a green cart (T21) slides two spaces and makes ice cream."""

from __future__ import annotations

import pytest

from fruitbowl.engine import InvalidOption
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import PRODUCE

from .positions import GAME, island, new, reserve

NAMES = ["Ada", "Ben"]


def slid_cart(variant: bool = False):
    state = new(2, icecream_moves_license=True) if variant else new(2)
    island(state, 0, {"a1": "token T21", "b5": "ship S41"})
    reserve(state, 0, "3B 2L")
    state.apply("move a1-a3")
    assert state.phase == PRODUCE
    return state


def test_off_by_default_ice_cream_leaves_the_license_marker_where_it_is():
    state = slid_cart()
    before = state.view(0)["license"]["left"]
    events = state.apply("make 1 ice cream + 1 milkshake")
    assert state.view(0)["license"]["left"] == before == C.license_start[2]
    assert "license" not in [event.kind for event in events]
    assert "icecream_moves_license" not in GAME.validate_options({}, 2)  # (records stay as they were)


def test_with_the_variant_a_cart_that_makes_ice_cream_moves_the_license_marker_one_space():
    state = slid_cart(variant=True)
    before = state.view(0)["license"]["left"]
    events = state.apply("make 2 ice cream + 0 milkshake")
    assert state.view(0)["license"]["left"] == before - 1
    said = [GAME.describe_event(event, 1, NAMES) for event in events]
    n = before - 1
    assert f"The ice cream moves the license marker a space: {n} claims until X." in said
    assert state.view(0)["options"]["icecream_moves_license"] is True


@pytest.mark.parametrize("made", ["make 0 ice cream + 0 milkshake", "make 0 ice cream + 1 milkshake"])
def test_with_the_variant_a_cart_that_makes_no_ice_cream_does_not_move_it(made: str):
    state = slid_cart(variant=True)
    before = state.view(0)["license"]["left"]
    events = state.apply(made)
    assert state.view(0)["license"]["left"] == before
    assert "license" not in [event.kind for event in events]


def test_ice_cream_that_moves_the_marker_onto_x_makes_the_round_the_last():
    state = slid_cart(variant=True)
    state.license = 1
    state.forget_answers()
    events = state.apply("make 1 ice cream + 0 milkshake")
    kinds = [event.kind for event in events]
    assert kinds.index("license") < kinds.index("end_triggered")
    assert state.view(0)["license"]["left"] == 0
    said = [GAME.describe_event(event, 0, NAMES) for event in events]
    assert "The license marker reached X: this round is the last." in said


def test_the_variant_is_a_yes_or_no_option():
    with pytest.raises(InvalidOption):
        GAME.validate_options({"icecream_moves_license": "sometimes"}, 2)
