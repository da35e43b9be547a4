"""Rules §13: the worked examples for the base game and solo, with their exact numbers.

(Examples 5, 6 and 11–20, 26, 27, 29 belong to the Mystic Island modules, a later issue.)
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.chance import Dealer
from fruitbowl.games.juicyfruits import actions as A
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import ACTION, JUICE, OVER, PLACE

from .positions import (
    FRUIT,
    cell,
    end_of_game,
    island,
    new,
    phase,
    put_on_board,
    reserve,
    solo_after_your_turn,
    texts,
    your_solo_turn_ends,
)


def test_1_collector_yield_is_one_fruit_per_space():
    state = new()
    island(state, 0, {"b1": "collector lime", "a3": "collector banana"})
    state.apply("move b1-b4")
    assert state.reserve[0][FRUIT["lime"]] == 3
    state = new()
    island(state, 0, {"a3": "collector banana"})
    state.apply("move a3-c3")
    assert state.reserve[0][FRUIT["banana"]] == 2


@pytest.mark.parametrize("seed", range(5))
def test_2_first_turn_has_twelve_moves_of_one_space(seed):
    state = new(seed=seed)
    moves = state.legal_actions()
    assert len(moves) == 12
    assert {a.fields["distance"] for a in moves} == {1}
    centre = [a for a in moves if a.fields["from"] == cell("c3")]
    assert len(centre) == 4
    before = sum(state.reserve[0])
    state.apply(moves[0])
    assert sum(state.reserve[0]) == before + 1


def test_3_green_cart_four_spaces_one_milkshake_three_green_scores_12():
    state = new()
    island(state, 0, {"a1": "token T21"})
    state.owned[0].append(C.token_index("T21"))
    state.apply("move a1-a5")
    assert "make 3 ice cream + 1 milkshake" in texts(state)
    assert "make 4 ice cream + 0 milkshake" not in texts(state)  # only 3 green markers exist
    state.apply("make 3 ice cream + 1 milkshake")
    assert state.parts[0][3] == 4 + 3 + 2 + 3 == 12
    green = C.ice_kinds.index("green")
    assert state.pool[green] == 0 and state.pool[C.milkshake] == 3
    assert state.markers[0][green] == 3 and state.markers[0][C.milkshake] == 1


def test_4_advanced_collector_claim_bonus_and_three_space_move_gives_4():
    state = new()
    island(state, 0, {"e5": "collector orange"})
    reserve(state, 0, "1B 1L")
    put_on_board(state, "T15", 1, 1)
    phase(state, ACTION)
    state.apply("claim T15")
    state.apply("place a1")
    assert texts(state) == ["bonus banana", "bonus lime"]
    state.apply("bonus lime")
    assert state.reserve[0] == [0, 1, 0, 0, 0]
    # next turn: slide it 3 spaces and split the 3 + 1 fruits
    state = new()
    island(state, 0, {"a1": "token T15"})
    state.apply("move a1-a4")
    assert texts(state) == [f"take {k} banana + {4 - k} lime" for k in (4, 3, 2, 1, 0)]
    state.apply("take 1 banana + 3 lime")
    assert state.reserve[0][:2] == [1, 3]


def test_7_business_display_size():
    for players, shown in ((1, 20), (2, 10), (3, 15), (4, 20)):
        state = new(players)
        # solo: Pineapple's opening boat may already have claimed one
        assert sum(t >= 0 for t in state.board) + len(state.pine_claimed) == shown
        assert len(state.box) == 24 - shown


def test_8_end_trigger_finishes_the_round_and_ignores_further_license_moves():
    state = new(4)
    assert state.first == 0
    state.license = 1
    # seat 0 passes; seat 1 claims onto X
    for seat in range(4):
        island(state, seat, {"e1": "collector banana"})
    state.apply("move e1-e2")
    state.apply("pass")
    reserve(state, 1, "1B 1L")
    put_on_board(state, "T07", 1, 1)
    state.apply("move e1-e2")
    state.apply("claim T07")
    state.apply("place a1")
    assert state.end_triggered and state.license == 0
    # seats 2 and 3 still play; their claims score but do not move the marker below X
    for seat in (2, 3):
        assert state.player == seat
        reserve(state, seat, "1B 1L")
        put_on_board(state, "T08" if seat == 2 else "T09", 1, seat)
        before = state.parts[seat][1]
        state.apply("move e1-e2")
        state.apply(f"claim {'T08' if seat == 2 else 'T09'}")
        state.apply("place a1")
        assert state.parts[seat][1] == before + 1 and state.license == 0
    assert state.phase == OVER and state.turns == [1, 1, 1, 1]


def test_9_tie_goes_to_the_later_player_in_turn_order():
    state = new(4)
    state.parts[0][0] = state.parts[2][0] = 71
    state.phase = OVER
    result = state.result()
    assert result.winners == (2,)
    state = new(4, first_player=4)  # seat 3 starts, so seat 2 is last and seat 0 second
    state.parts[0][0] = state.parts[2][0] = 71
    state.phase = OVER
    assert state.result().winners == (2,)


def test_10_leftover_fruit_scores_nothing():
    state = new()
    reserve(state, 0, "9B")
    state.license = 1
    for seat in (0, 1):
        island(state, seat, {"e1": "collector banana"})
    put_on_board(state, "T07", 1, 1)
    reserve(state, 0, "5B 4L")
    state.apply("move e1-e2")
    state.apply("claim T07")
    state.apply("place a1")
    state.apply("move e1-e2")
    state.apply("pass")
    assert state.phase == OVER and sum(state.reserve[0]) == 9 - 2 + 1
    assert state.result().breakdown[0]["stalls"] == 0


def test_21_supplying_s41():
    state = new()
    island(state, 0, {"b5": "ship S41"})
    reserve(state, 0, "3B 2L")
    phase(state, ACTION)
    state.apply("supply b5")
    assert state.reserve[0] == [0, 0, 0, 0, 0]
    assert state.parts[0][0] == 4 and state.grid[0][cell("b5")] == -1


def test_22_claim_tourist_info_and_its_end_score():
    state = new()
    island(state, 0, {"a5": "token T09"})
    state.owned[0].append(C.token_index("T09"))
    reserve(state, 0, "1B 1L 1P 1O 1M")
    put_on_board(state, "T13", 3, 2)
    license = state.license
    phase(state, ACTION)
    state.apply("claim T13")
    assert state.reserve[0] == [0, 0, 0, 0, 1]
    assert state.parts[0][1] == 3 and state.license == license - 1
    assert state.phase == PLACE and len(state.legal_actions()) == 24  # any free space
    state.apply("place c3")
    state.owned[0].append(C.token_index("T03"))  # LV3, the Spa: 3 stars
    state.license = 0
    end_of_game(state)
    assert state.result().breakdown[0]["stalls"] == 4


def test_23_no_free_block_means_no_large_venue_claims():
    state = new()
    pieces = {n: "ship S01" for n in ("b5", "c5", "d5", "a4", "a3", "a2", "e4", "e3", "e2", "b1", "c1", "d1")}
    pieces.update({"b4": "collector banana", "d4": "collector lime", "c3": "collector orange"})
    pieces.update({"b2": "collector pomegranate", "d2": "collector mangosteen"})
    island(state, 0, pieces)
    reserve(state, 0, "9B 9L 9P 9O 9M")
    for column, token in enumerate(("T01", "T02", "T03", "T04"), start=1):
        put_on_board(state, token, 5, column % 2 + 1)
    put_on_board(state, "T05", 4, 1)
    put_on_board(state, "T07", 4, 2)
    phase(state, ACTION)
    claims = [t for t in texts(state) if t.startswith("claim")]
    assert "claim T07" in claims
    assert not any(t in claims for t in ("claim T01", "claim T02", "claim T03", "claim T04", "claim T05", "claim T06"))
    with pytest.raises(IllegalAction, match="2×2 block"):
        state.apply("claim T05")


def test_24_juice_two_steps_from_j2():
    state = new(juice_factory=True)
    island(state, 0, {"e1": "collector banana"})
    reserve(state, 0, "1M 1L 1P")
    state.juice[0] = 2
    state.apply("move e1-e2")  # +1 banana
    state.apply("pass")
    assert state.phase == JUICE and texts(state) == ["juice", "stop"]
    state.apply("juice")
    state.apply("juice")
    assert state.juice[0] == 4 and state.parts[0][4] == 4
    assert state.player == 1  # two steps end the turn


def test_25_pineapple_claims_from_column_w_highest_row_first():
    """A …3 boat: Pineapple takes the token of the highest row in column W and scores that row's
    points + 2 × (D − 1) beside the boat's value; the license marker moves."""
    state = solo_after_your_turn(solo_board=2)
    before, license = state.pineapple_score(), state.license
    token = state.view(None)["business_board"]["rows"][4]["spaces"][0]["id"]
    events = state.apply("boat S05")  # V = 3, W = 1: row 5, column 1
    assert state.pineapple_score() - before == 3 + 5 + 2 == 10
    assert state.license == license - 1 and state.view(None)["solo"]["claimed"][-1] == token
    assert state.view(None)["business_board"]["rows"][4]["spaces"][0] is None
    assert [e.kind for e in events][:2] == ["pineapple", "pineapple_claim"] and events[1].data["points"] == 7


def test_25_pineapple_wraps_to_the_next_column():
    """Column W empty: she tries W + 1, and so on; a whole empty board: no claim."""
    state = solo_after_your_turn()
    board = state.view(None)["business_board"]["rows"]
    only = board[2]["spaces"][0]["id"]  # row 3, column 1
    state.board = [-1] * len(state.board)
    put_on_board(state, only, 3, 1)
    events = state.apply("boat S15")  # W = 3: columns 3, 4 are empty, then column 1
    claim = next(e for e in events if e.kind == "pineapple_claim").data["claim"]
    assert (claim["row"], claim["column"], claim["token"]) == (3, 1, only)
    your_solo_turn_ends(state)
    events = state.apply("boat S10")
    assert next(e for e in events if e.kind == "pineapple_claim").data["claim"] is None


def test_28_solo_game_ends_when_pineapples_bag_runs_out():
    state = new(1)
    assert len(state.pine_drawn) == 1 and len(state.pine_bag) == 37
    state.license = 99  # never reaches X
    dealer = Dealer(1)
    while state.phase != OVER:
        actions = state.legal_actions()
        state.apply(actions[-1] if actions[-1].text in ("pass", "stop") else actions[0])
        dealer.settle(state)  # Pineapple's boat
    assert state.turns == [37] and not state.pine_bag and state.end_reason == "bag"


def test_solo_result_needs_more_points_than_pineapple():
    state = new(1)
    state.phase = OVER
    state.pine_parts = [20, 10]
    state.parts[0][0] = 30
    result = state.result()
    assert result.to_json()["house"] == {
        "name": "Pineapple",
        "score": 30,
        "breakdown": {"boats": 20, "claims": 10},
        "place": 1,
    }
    assert result.winners == () and result.places == (2,) and result.rank_rewards() == [-1.0]
    state.parts[0][0] = 31
    won = state.result()
    assert won.winners == (0,) and won.house_place == 2 and won.rank_rewards() == [1.0]


def test_claim_codes_cover_row_points_for_every_row():
    assert [C.row_points[r] for r in range(5)] == [1, 2, 3, 4, 5]
    assert A.NUM_ACTIONS == 390
