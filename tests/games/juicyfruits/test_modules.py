"""The ``modules`` option and everything shared by the Mystic Island modules: parsing and refusal,
a base game left exactly as it was, the action space and observation per option set, the
conformance kit over all 8 module combinations at 1–4 players, and golden games with modules.

Regenerate the module golden files with
``FRUITBOWL_REGEN_GOLDEN=1 python -m pytest tests/games/juicyfruits/test_modules.py`` and review them.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction, InvalidOption
from fruitbowl.engine.conformance import check_game
from fruitbowl.engine.options import parse_option_pairs
from fruitbowl.games.juicyfruits import actions as A
from fruitbowl.games.juicyfruits import modules as M
from fruitbowl.views import view_errors

from ...golden import check_unchanged, playthrough
from .positions import GAME, new, start
from .test_golden import GOLDEN, choose

ALL = "mystic_island+boulders+new_business"


def test_modules_parse_from_command_line_text_in_any_order_and_spelling():
    given = parse_option_pairs(["modules=new_business, Mystic-Island"])
    options = GAME.validate_options(given, 2)
    assert options["modules"] == "mystic_island+new_business"
    assert M.parse(options["modules"]) == {"mystic_island", "new_business"}
    assert GAME.validate_options({"modules": "all"}, 2)["modules"] == ALL
    assert GAME.validate_options({"modules": ["boulders"]}, 2)["modules"] == "boulders"
    assert GAME.validate_options({"modules": "boulders,mystic_island"}, 2)["modules"] == "mystic_island+boulders"


@pytest.mark.parametrize("text", ["mystic", "boulders,volcano", "statues"])
def test_an_unknown_module_is_refused_by_name(text):
    with pytest.raises(InvalidOption, match=r"unknown module .*the modules are mystic_island, boulders, new_business"):
        GAME.validate_options({"modules": text}, 2)
    with pytest.raises(InvalidOption):
        GAME.new_state(2, 1, {"modules": text})


def test_no_modules_is_the_base_game_exactly():
    for given in ({}, {"modules": ""}, {"modules": "none"}):
        options = GAME.validate_options(given, 2)
        assert "modules" not in options and "three_per_row" not in options
        assert GAME.num_distinct_actions(2, options) == A.NUM_ACTIONS == 390
    base, empty = start(3, 9, {}), start(3, 9, {"modules": ""})
    assert base.to_json() == empty.to_json()
    assert "statues" not in base.to_json()
    assert base.view(0)["modules"] == [] and base.view(0)["mystic"] is None


def test_action_space_and_observation_follow_the_options():
    for players in range(1, 5):
        base = GAME.observation_size(players, GAME.validate_options({}, players))
        sizes = set()
        for options in GAME.module_option_sets(players):
            checked = GAME.validate_options(options, players)
            assert GAME.num_distinct_actions(players, checked) == A.FULL_ACTIONS == 532
            size = GAME.observation_size(players, checked)
            assert size > base
            state = start(players, 3, checked)
            vector = GAME.observation(state, 0).finish().dense()
            assert len(vector) == size and all(0.0 <= x <= 1.0 for x in vector)
            sizes.add(size)
        assert len(sizes) == 7, "each module combination has its own layout"


def test_module_actions_are_not_actions_of_a_base_game():
    state = new(2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not an action of this game"):
        state.apply("explore")
    assert state.to_json() == before


def test_every_module_action_has_a_label_and_a_prompt():
    state = new(2, modules=ALL)
    while not state.is_terminal() and state.round < 3:
        view = state.view(state.current_player)
        assert GAME.prompt(view, ["Ada", "Bo"])
        for action in state.legal_actions():
            assert GAME.describe_action(view, action)
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_all_eight_module_combinations_conform(players):
    """One seeded game per combination and player count, every 30th position fully checked."""
    option_sets = [{"modules": ""}, *GAME.module_option_sets(players)]
    assert len({M.parse(o["modules"]) for o in option_sets}) == 8
    for options in option_sets:
        report = check_game(
            GAME, players, options, games=1, seed=2026, full_games=0, full_every=30, view_check=view_errors
        )
        assert report.games == 1


def test_one_game_with_all_modules_is_checked_closely():
    options = {"modules": ALL, "juice_factory": True}
    report = check_game(GAME, 2, options, games=1, seed=5, full_games=0, full_every=5, view_check=view_errors)
    assert report.fully_checked > 20


GOLDEN_GAMES = {
    "all_modules_three_players_seed_5": (3, 5, {"modules": ALL, "juice_factory": True}),
    "all_modules_solo_seed_7": (1, 7, {"modules": ALL, "solo_board": 2}),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_game_with_all_modules_is_unchanged(name):
    stored = check_unchanged(GOLDEN / f"{name}.json", playthrough(GAME, *GOLDEN_GAMES[name], choose=choose))
    kinds = {entry[1]["kind"] for entry in stored["log"]}
    assert {"explore", "boulder", "game_over"} <= kinds
