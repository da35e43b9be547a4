"""Module 3 — New business tokens: guesthouses, restaurant, stalls, offices and whale watching.

Rules §10.3, AMB-8/14/19/22/23, and the worked examples 5, 7, 11, 12, 18, 19 and 29 of §13.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction, InvalidOption, get_game
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import (
    ACTION,
    BUSINESSES,
    DISCOUNT,
    OFFICE_PTS,
    OVER,
    PLACE,
    STALLS,
    VENUES,
    WATCH,
    WHALE,
    WHALE_PTS,
)

from .positions import cell, end_of_game, island, new, phase, put_on_board, reserve, texts

NB = "new_business"


def own(state, seat: int, pieces: dict[str, str]) -> None:
    """Put tokens on ``seat``'s island (keeping the rest) and count them as claimed."""
    island(state, seat, pieces, keep=True)
    state.owned[seat] += [C.token_index(spec.split()[1]) for spec in pieces.values() if spec.startswith("token")]


def test_7_display_sizes_with_module_3_and_the_two_player_variant():
    for players, shown in ((2, 10), (3, 15), (4, 20)):
        state = new(players, modules=NB)
        assert sum(t >= 0 for t in state.board) == shown
        assert len(state.box) == 34 - shown
    state = new(2, modules=NB, three_per_row=True)
    assert sum(t >= 0 for t in state.board) == 15
    assert state.view(0)["business_board"]["columns_in_play"] == 3
    assert state.license == C.license_start[2], "the license track does not change"


def test_the_two_player_variant_needs_module_3_and_two_players():
    game = get_game("juicyfruits")
    with pytest.raises(InvalidOption, match="add new_business"):
        game.validate_options({"three_per_row": True}, 2)
    with pytest.raises(InvalidOption, match="three_per_row applies only to games of 2 players, not to 3 players"):
        game.validate_options({"three_per_row": True, "modules": NB}, 3)


def test_guesthouse_only_on_an_empty_pond_and_scores_5():
    state = new(modules=NB)
    island(state, 0, {n: "collector banana" for n in ("b4", "d4", "c3", "b2")})
    reserve(state, 0, "1B 1L")
    put_on_board(state, "X01", 1, 1)
    phase(state, ACTION)
    state.apply("claim X01")
    assert texts(state) == ["place d2"], "the one empty pond"
    with pytest.raises(IllegalAction, match="only on an empty pond"):
        state.apply("place a4")
    state.apply("place d2")
    assert state.parts[0][VENUES] == 5 and state.parts[0][BUSINESSES] == 1
    # with every pond taken it cannot be claimed at all (AMB-4)
    state = new(modules=NB)
    island(state, 0, {n: "collector banana" for n in ("b4", "d4", "c3", "b2", "d2")})
    reserve(state, 0, "1B 1L")
    put_on_board(state, "X02", 1, 1)
    phase(state, ACTION)
    assert "claim X02" not in texts(state)
    with pytest.raises(IllegalAction, match="goes only on an empty pond space, and your island has none"):
        state.apply("claim X02")


def test_restaurant_placeholder_becomes_the_restaurant_large_venue():
    state = new(modules=NB)
    island(state, 0, {})
    reserve(state, 0, "1B 1L")
    put_on_board(state, "X04", 1, 1)
    phase(state, ACTION)
    state.apply("claim X04")
    state.apply("place a5-b4")
    assert state.parts[0][VENUES] == 8
    assert state.view(0)["players"][0]["grid"][0]["name"] == "Restaurant"
    assert all(v["id"] != "LV7" for v in state.view(0)["large_venues"])
    assert any(v["id"] == "LV7" for v in new(modules=NB).view(0)["large_venues"])
    assert all(v["id"] != "LV7" for v in new().view(0)["large_venues"]), "no restaurant in a base game"


def end_now(state) -> None:
    state.license = 0
    end_of_game(state)


def test_11_harbor_tour_5_per_beach_with_all_3_ships():
    state = new(modules=NB)
    ships = {n: "ship S01" for n in ("b5", "c5", "d5", "a4", "a3", "a2", "b1", "c1")}
    island(state, 0, ships)
    own(state, 0, {"c3": "token X05"})
    end_now(state)
    assert state.parts[0][STALLS] == 10


def test_12_milkshake_stand_3_per_milkshake_marker():
    state = new(modules=NB)
    own(state, 0, {"c3": "token X06"})
    state.markers[0][C.milkshake] = 2
    end_now(state)
    assert state.parts[0][STALLS] == 6


def test_18_harbor_office_adds_1_per_business_token_from_the_next_turn():
    state = new(modules=NB)
    island(state, 0, {"e1": "collector banana", "b5": "ship S26"})
    own(state, 0, {"a4": "token T07", "a3": "token T12", "a2": "token T15", "b4": "token T08"})
    reserve(state, 0, "1B 1L 2B 2L")
    put_on_board(state, "X07", 1, 1)
    phase(state, ACTION)
    state.apply("claim X07")
    assert state.office_from[0][0] == 1 and state.view(0)["new_business"]["offices"][0] == {"harbor_office": False}
    state.apply("place c3")
    while state.player != 0:
        state.apply(state.legal_actions()[-1])  # the other seat passes
    assert state.view(0)["new_business"]["offices"][0] == {"harbor_office": True}
    while state.phase != ACTION:
        state.apply(state.legal_actions()[0])
    reserve(state, 0, "2B 2L")
    before = state.parts[0][OFFICE_PTS]
    events = state.apply("supply b5")
    assert state.parts[0][0] == 3 and state.parts[0][OFFICE_PTS] - before == 5
    assert [e.data["points"] for e in events if e.kind == "harbor_office"] == [5]


def construction_office(state) -> None:
    own(state, 0, {"a4": "token X08"})
    state.office_from[0][1] = 0  # claimed on an earlier turn: working now


def test_5_construction_office_row_3_pays_3_of_4_and_scores_4():
    state = new(modules=NB)
    island(state, 0, {})
    construction_office(state)
    reserve(state, 0, "1B 1L 1P")  # no orange: the full row 3 cost is out of reach
    put_on_board(state, "T12", 3, 1)
    phase(state, ACTION)
    assert "claim T12" in texts(state)
    state.apply("claim T12")
    assert state.phase == DISCOUNT and texts(state) == ["leave out orange"]
    events = state.apply("leave out orange")
    assert state.reserve[0] == [0, 0, 0, 0, 0]
    assert state.parts[0][BUSINESSES] + state.parts[0][OFFICE_PTS] == 4
    assert events[0].data["office_points"] == 1 and state.phase == PLACE


def test_29_construction_office_only_choice_is_the_missing_fruit():
    state = new(modules=NB)
    island(state, 0, {})
    construction_office(state)
    reserve(state, 0, "1P 1O")
    put_on_board(state, "T07", 2, 1)
    phase(state, ACTION)
    state.apply("claim T07")
    assert texts(state) == ["leave out mangosteen"]
    with pytest.raises(IllegalAction, match="still cannot pay"):
        state.apply("leave out pomegranate")
    state.apply("leave out mangosteen")
    assert state.reserve[0] == [0, 0, 0, 0, 0]
    assert state.parts[0][BUSINESSES] + state.parts[0][OFFICE_PTS] == 3


def whale_game(beach: str = "N"):
    state = new(modules=NB)
    island(state, 0, {"e1": "collector banana"})
    reserve(state, 0, "1B 1L")
    put_on_board(state, "X09", 1, 1)
    state.apply("move e1-e2")
    state.apply("claim X09")
    state.apply("place c3")
    assert state.phase == WHALE and texts(state) == ["whale N", "whale E", "whale S", "whale W"]
    state.apply(f"whale {beach}")
    return state


def test_19_whale_sighting_scores_2_and_the_whale_swims_on_clockwise():
    state = whale_game("N")
    assert state.phase == WATCH
    legal = texts(state)
    assert "watch X09 c3" in legal and "watch X09 d5" in legal and "watch X09 e2" not in legal
    events = state.apply("watch X09 d5")
    assert state.parts[0][WHALE_PTS] == 2 and state.whales[0] == 1, "from N to E"
    whale = next(e for e in events if e.kind == "whale")
    assert whale.data == {"token": "X09", "beach": "N", "cell": cell("d5"), "to": "E", "points": 2}
    # next turn the token stays on d5: the whale is at E now, so nothing
    state.apply(state.legal_actions()[0])
    while state.player != 0:
        state.apply(state.legal_actions()[0])
    while state.phase != WATCH:
        state.apply([a for a in state.legal_actions() if a.kind != "claim"][-1])
    state.apply("watch X09 d5")
    assert state.parts[0][WHALE_PTS] == 2 and state.whales[0] == 1


def test_a_token_only_sees_its_own_whale_and_paths_must_be_free():
    state = whale_game("E")
    state.whales[1] = 0  # the other whale at N, owned by nobody: it does not count
    state.apply("watch X09 d5")
    assert state.parts[0][WHALE_PTS] == 0 and state.whales == [1, 0]
    state = new(modules=NB)
    island(state, 0, {"c3": "token X09", "b3": "ship S01", "d3": "ship S02", "c4": "ship S03", "c2": "ship S04"})
    state.owned[0] = [C.token_index("X09")]
    state.whales[0] = 0
    state.watched, state.phase = [], WATCH
    state.forget_answers()
    assert texts(state) == ["watch X09 c3"], "boxed in: it can only stay"


def test_both_whale_tokens_move_one_at_a_time_before_sightings():
    state = new(modules=NB)
    island(state, 0, {"c3": "token X09", "c4": "token X10"})
    state.owned[0] = [C.token_index("X09"), C.token_index("X10")]
    state.whales = [0, 2]
    state.watched, state.phase = [], WATCH
    state.forget_answers()
    first = texts(state)
    assert any(t.startswith("watch X09") for t in first) and any(t.startswith("watch X10") for t in first)
    assert "watch X09 c4" not in first, "the other token blocks it"
    state.apply("watch X10 c1")  # X10's whale is at S: c1 is on the south beach
    assert state.phase == WATCH and all(t.startswith("watch X09") for t in texts(state))
    assert "watch X09 c4" in texts(state)
    events = state.apply("watch X09 c5")
    assert [e.data["token"] for e in events if e.kind == "whale"] == ["X09", "X10"]
    assert state.parts[0][WHALE_PTS] == 4 and state.whales == [1, 3]


def test_pineapple_may_take_module_3_tokens_and_they_leave_the_game():
    state = new(1, 4, modules=NB)
    assert len([t for t in state.board if t >= 0]) + len(state.pine_claimed) == 20
    view = state.view(0)
    assert view["new_business"]["whales"][0]["owner"] is None


def test_module_3_actions_are_refused_in_a_game_without_it():
    state = new(2, modules="mystic_island")
    phase(state, ACTION)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="Module 3"):
        state.apply("claim X01")
    with pytest.raises(IllegalAction, match="not in play"):
        state.apply("whale N")
    assert state.to_json() == before
    assert state.phase != OVER
