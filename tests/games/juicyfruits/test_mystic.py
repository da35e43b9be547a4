"""Module 1 — Mystic Island: explorers, all 13 statue tiles, plateaus, and Pineapple's compass.

Rules §10.1 and the worked examples 13–17, 20 and 26 of §13, with their exact numbers.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import ACTION, EXPLORE, PLATEAU_PTS, STATUE, STATUE_PTS

from .positions import (
    FRUIT,
    cell,
    end_of_game,
    island,
    mcell,
    new,
    reserve,
    solo_after_your_turn,
    statues,
    texts,
    your_solo_turn_ends,
)

MI = "mystic_island"
BASE = C.mystic.base


def explore_to_top_center(state, tile: int, seat: int = 0) -> list:
    """Seat 0 slides a lime collector c1→c3 (2 north): the explorer goes base → (0,2) with ``tile``."""
    statues(state, {(0, 2): tile})
    island(state, seat, {"c1": "collector lime"})
    state.apply("move c1-c3")
    return state.apply("explore")


# ---------------------------------------------------------------- setup and the explore choice


def test_setup_deals_eleven_statues_without_tile_13_unless_boulders_play():
    for seed in range(6):
        state = new(2, seed, modules=MI)
        shown = sorted(t for t in state.statues if t)
        assert len(shown) == 11 and 13 not in shown
        assert sorted(shown + state.statue_box) == list(range(1, 13))
        assert [c for c, t in enumerate(state.statues) if t] == sorted(C.mystic.statue_cells)
        assert state.explorers == [BASE, BASE]
        with_boulders = new(2, seed, modules="mystic_island,boulders")
        assert sorted([t for t in with_boulders.statues if t] + with_boulders.statue_box) == list(range(1, 14))
    assert new(1, 1, modules=MI).explorers == [BASE, BASE], "Pineapple's explorer starts on the base too"


def test_16_explorer_move_seat_0_takes_the_statue_and_no_fruit():
    state = new(2, modules=MI)
    statues(state, {(0, 2): 1})
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c3")
    assert state.phase == EXPLORE and texts(state) == ["collect", "explore"]
    view = state.view(0)
    assert view["pending"]["explore"] == {"cell": 2, "name": "c5", "statue": 1}
    assert GAME_LABEL(state, "explore").startswith("Give up the fruit: move your explorer to c5 and take statue 1")
    events = state.apply("explore")
    assert state.explorers[0] == mcell(0, 2) and state.statues[mcell(0, 2)] == 0
    assert state.reserve[0][FRUIT["lime"]] == 0, "no fruit from that move"
    assert state.parts[0][STATUE_PTS] == 4 and state.statues_won[0] == [1]
    assert [e.kind for e in events] == ["explore"] and state.phase == ACTION


def test_collect_instead_gives_the_fruit_and_leaves_the_explorer():
    state = new(2, modules=MI)
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c3")
    state.apply("collect")
    assert state.reserve[0][FRUIT["lime"]] == 2 and state.explorers[0] == BASE and state.phase == ACTION


def test_17_seat_1_of_four_sits_at_the_left_so_its_north_is_printed_right():
    state = new(4, modules=MI)
    statues(state, {(2, 4): 9})
    state.player = 1
    island(state, 1, {"c1": "collector lime"})
    state.apply("move c1-c3")
    state.apply("explore")
    assert state.explorers[1] == mcell(2, 4)
    assert state.statues_won[1] == [9]


@pytest.mark.parametrize(
    ("players", "seat", "target"),
    [(2, 1, (4, 2)), (3, 1, (2, 4)), (3, 2, (4, 2)), (4, 2, (4, 2)), (4, 3, (2, 0)), (1, 0, (0, 2))],
)
def test_every_seat_sees_the_board_from_its_own_edge(players, seat, target):
    """REC-9: 2 players sit bottom/top; 3 bottom/left/top; 4 bottom/left/top/right."""
    state = new(players, modules=MI)
    statues(state, {})
    state.player = seat
    island(state, seat, {"c1": "collector lime"})
    state.apply("move c1-c3")  # two spaces "north" on the island
    state.apply("explore")
    assert state.explorers[seat] == mcell(*target)


def test_15_explorer_cannot_copy_a_three_space_move_from_the_base():
    state = new(2, modules=MI)
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c4")
    assert state.phase == ACTION, "no collect-or-explore choice: the explorer would leave the board"
    assert state.reserve[0][FRUIT["lime"]] == 3
    with pytest.raises(IllegalAction, match="right after a collector"):
        state.apply("explore")


def test_ice_cream_carts_never_move_the_explorer():
    state = new(2, modules=MI)
    island(state, 0, {"c1": "token T21"})
    state.owned[0].append(C.token_index("T21"))
    state.apply("move c1-c2")
    assert state.phase != EXPLORE


def test_advanced_collector_can_explore_and_forgoes_its_bonus_fruit():
    state = new(2, modules=MI)
    statues(state, {})
    island(state, 0, {"c1": "token T15"})
    state.apply("move c1-c2")
    assert texts(state) == ["collect", "explore"]
    state.apply("explore")
    assert sum(state.reserve[0]) == 0 and state.explorers[0] == mcell(1, 2)
    state = new(2, modules=MI)
    island(state, 0, {"c1": "token T15"})
    state.apply("move c1-c2")
    state.apply("collect")
    assert texts(state) == [f"take {k} banana + {2 - k} lime" for k in (2, 1, 0)]


def test_explorers_share_spaces_and_ignore_statues_on_the_way():
    state = new(2, modules=MI)
    state.explorers[1] = mcell(0, 2)
    statues(state, {(1, 2): 3, (0, 2): 2})  # (1,2) is in the way
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c3")
    explore = state.apply("explore")
    assert state.explorers == [mcell(0, 2), mcell(0, 2)] and explore[0].data["tile"] == 2
    assert state.statues[mcell(1, 2)] == 3


def test_landing_on_an_empty_space_scores_nothing():
    state = new(2, modules=MI)
    events = explore_to_top_center(state, 0)
    assert events[0].data == {"from": BASE, "to": mcell(0, 2), "tile": None, "points": 0}
    assert state.parts[0][STATUE_PTS] == 0


# ---------------------------------------------------------------- the 13 statue tiles


def test_tiles_1_to_3_score_their_printed_points():
    for tile, points in ((1, 4), (2, 5), (3, 6)):
        state = new(2, modules=MI)
        explore_to_top_center(state, tile)
        assert state.parts[0][STATUE_PTS] == points


def test_tile_4_one_per_supplied_ship():
    state = new(2, modules=MI)
    state.supplied[0] = [0, 1, 40]
    explore_to_top_center(state, 4)
    assert state.parts[0][STATUE_PTS] == 3


def test_tile_5_is_a_choice_among_supplied_ships():
    state = new(2, modules=MI)
    state.supplied[0] = [C.ship_index("S41"), C.ship_index("S01")]
    explore_to_top_center(state, 5)
    assert state.phase == STATUE and texts(state) == ["statue ship S01", "statue ship S41"]
    assert state.view(0)["pending"]["statue"]["tile"] == 5
    with pytest.raises(IllegalAction, match="not one of the ships you supplied"):
        state.apply("statue ship S02")
    events = state.apply("statue ship S41")
    assert state.parts[0][STATUE_PTS] == 4 and events[0].data == {"tile": 5, "points": 4, "ship": "S41"}
    assert state.phase == ACTION


def test_tile_5_without_supplied_ships_scores_0_without_asking():
    state = new(2, modules=MI)
    explore_to_top_center(state, 5)
    assert state.phase == ACTION and state.parts[0][STATUE_PTS] == 0


def test_tile_6_one_per_two_fruits():
    state = new(2, modules=MI)
    reserve(state, 0, "3B 2L 2M")
    explore_to_top_center(state, 6)
    assert state.parts[0][STATUE_PTS] == 3


def test_tile_7_is_a_choice_of_fruit_type():
    state = new(2, modules=MI)
    reserve(state, 0, "3B 5L")
    explore_to_top_center(state, 7)
    assert texts(state) == [f"statue {name}" for name in C.fruit_names]
    state.apply("statue lime")
    assert state.parts[0][STATUE_PTS] == 5


@pytest.mark.parametrize(("tile", "per"), [(8, 2), (9, 3), (10, 4)])
def test_tiles_8_to_10_per_business_token(tile, per):
    state = new(2, modules=MI)
    state.owned[0] = [C.token_index(t) for t in ("T07", "T12")]
    explore_to_top_center(state, tile)
    assert state.parts[0][STATUE_PTS] == 2 * per


def test_14_statue_9_counts_a_large_venue_as_one_token():
    state = new(2, modules=MI)
    state.owned[0] = [C.token_index(t) for t in ("T07", "T08", "T09", "T01")]
    explore_to_top_center(state, 9)
    assert state.parts[0][STATUE_PTS] == 12


def test_tile_11_counts_venue_stars():
    state = new(2, modules=MI)
    state.owned[0] = [C.token_index(t) for t in ("T07", "T03", "T12")]  # 1 + 3 stars; stalls have none
    explore_to_top_center(state, 11)
    assert state.parts[0][STATUE_PTS] == 4


def test_13_statue_12_counts_itself():
    state = new(2, modules=MI)
    state.statues_won[0] = [1, 2]
    explore_to_top_center(state, 12)
    assert state.parts[0][STATUE_PTS] == 6


def test_20_statue_13_counts_boulders_removed_before_it():
    """Two boulders gone: tile 13 scores 4. Taking it is the second statue, which clears 8a —
    after the tile was scored, so 8a does not add to it."""
    state = new(2, modules="mystic_island,boulders")
    while state.phase != 0:
        state.apply(state.legal_actions()[0])
    dealt = [C.boulder_index(b) for b in ("1a", "2a", "8a", "4b")]
    state.boulder_set, state.tray = dealt, [1, 1, 0, 0]
    state.removed[0] = dealt[:2]  # 1a and 2a are gone; 8a waits on a5
    state.statues_won[0] = [3]
    statues(state, {(0, 2): 13})
    island(state, 0, {"c1": "collector lime"})
    state.grid[0][0] = 400 + dealt[2]
    state.apply("move c1-c3")
    events = state.apply("explore")
    assert state.parts[0][STATUE_PTS] == 4
    assert [e.kind for e in events] == ["explore", "boulder"] and events[1].data["boulder"] == "8a"
    assert state.removed[0] == [*dealt[:2], dealt[2]] and state.grid[0][0] == -1


# ---------------------------------------------------------------- plateaus at the end


def test_plateaus_score_10_or_12_at_the_end():
    state = new(3, modules=MI)
    state.explorers = [mcell(0, 0), mcell(0, 4), mcell(2, 2)]
    end_of_game(state)
    assert [state.parts[p][PLATEAU_PTS] for p in range(3)] == [12, 10, 0]
    assert state.result().breakdown[0]["plateaus"] == 12
    assert "statues" in state.result().categories


# ---------------------------------------------------------------- solo: Pineapple's compass


def test_26_pineapple_compass_nearest_statue_then_clockwise():
    state = solo_after_your_turn({(4, 2): 4, (0, 2): 6, (1, 4): 2}, modules=MI)
    events = state.apply("boat S15")  # V = 3, W = 3: south
    assert [e.kind for e in events][:3] == ["pineapple", "pineapple_explorer", "pineapple_claim"]
    assert state.explorers[1] == mcell(4, 2) and state.statues[mcell(4, 2)] == 0
    assert state.pine_statues == [4] and state.pineapple_score() >= 3
    your_solo_turn_ends(state)
    state.apply("boat S20")  # V = 3, W = 4: west is (4,1) plain and (4,0) a plateau -> north
    assert state.explorers[1] == mcell(0, 2) and state.pine_statues == [4, 6]
    assert sum(state.parts[0]) == 0, "boxed tiles score for nobody"


def test_pineapple_falls_back_to_the_lowest_tile_then_stops_when_none_are_left():
    state = solo_after_your_turn({(1, 1): 9, (3, 3): 8}, modules=MI)
    state.explorers[1] = mcell(0, 0)  # neither statue is in a straight line from the corner
    moved = next(e for e in state.apply("boat S05") if e.kind == "pineapple_explorer")  # W = 1
    assert moved.data["direction"] is None and moved.data["tile"] == 8
    assert state.explorers[1] == mcell(3, 3)
    statues(state, {})
    your_solo_turn_ends(state)
    moved = next(e for e in state.apply("boat S10") if e.kind == "pineapple_explorer")
    assert moved.data["to"] is None and state.explorers[1] == mcell(3, 3)


def test_pineapple_explorer_ignores_non_3_boats():
    state = solo_after_your_turn({(0, 2): 5}, modules=MI)
    before = state.statues[:]
    events = state.apply("boat S01")  # V = 1
    assert "pineapple_explorer" not in [e.kind for e in events] and state.statues == before


def test_the_compass_space_is_an_ordinary_space():
    state = new(1, modules=MI)
    statues(state, {})
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c2")
    state.apply("explore")
    assert state.explorers[0] == C.mystic.compass
    assert state.view(0)["mystic"]["side"] == "compass"


def GAME_LABEL(state, text: str) -> str:
    from fruitbowl.engine import get_game

    action = state.parse_action(text)
    return get_game("juicyfruits").describe_action(state.view(state.player), action)


def test_views_show_the_board_explorers_and_collected_tiles():
    state = new(2, modules=MI)
    explore_to_top_center(state, 2)
    view = state.view(1)
    board = view["mystic"]
    assert view["modules"] == [MI]
    assert board["explorers"][0] == {"seat": 0, "cell": 2, "name": "c5"}
    assert board["collected"] == [[2], []] and board["edges"] == ["bottom", "top"]
    kinds = [c["kind"] for c in board["cells"]]
    assert kinds.count("statue") == 11 and kinds.count("plateau") == 4 and kinds[BASE] == "base"
    assert [c["plateau"] for c in board["cells"] if c["plateau"]] == [12, 10, 10, 12]
    assert cell("c3") == BASE  # the island's centre and the Mystic base share a number
