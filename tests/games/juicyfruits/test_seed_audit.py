"""An audit against the Mystic Island rulebook (``shared/seeds/000``), played through actions.

Each test quotes the rulebook sentence it plays. Positions are set up as in the other tests
(pieces on cells, fruits, statue tiles on named Mystic spaces); everything after that is the
game's own answer to ``apply`` (actions by their text, Pineapple's boats as chance outcomes),
its events and its result.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.chance import Dealer
from fruitbowl.games.juicyfruits import draws
from fruitbowl.games.juicyfruits.boulders import BOULDER
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import ACTION, EXPLORE, OVER, SPLIT, STATUE

from .positions import (
    FRUIT,
    GAME,
    cell,
    island,
    mcell,
    new,
    put_on_board,
    reserve,
    solo_after_your_turn,
    started,
    statues,
    texts,
)

MI = "mystic_island"
BO = "boulders"
BASE = C.mystic.base


def other_seat_passes(state) -> None:
    """The other seat slides a banana collector one space (collecting it) and passes."""
    island(state, state.player, {"e1": "collector banana"})
    state.apply("move e1-e2")
    if state.phase == EXPLORE:
        state.apply("collect")
    state.apply("pass")


# ---------------------------------------------------------------- explorers


@pytest.mark.parametrize(
    ("move", "target"),
    [("move c3-c5", (0, 2)), ("move c3-e3", (2, 4)), ("move c3-c1", (4, 2)), ("move c3-a3", (2, 0))],
)
def test_the_explorer_copies_the_direction_and_distance_of_the_slide(move, target):
    """ "If you choose to move your explorer, move it on Mystic Island exactly as you moved your
    collector token on your island – the same direction and number of spaces. If your explorer
    ends its move on a statue tile, remove that tile from the island, score its points [...]
    Your explorer stays on the emptied space." Seat 0 sits at the printed bottom edge."""
    state = new(2, modules=MI)
    statues(state, {target: 3})
    island(state, 0, {"c3": "collector lime"})
    state.apply(move)
    events = state.apply("explore")
    assert events[0].data["to"] == mcell(*target) and events[0].data["tile"] == 3
    assert state.view(1)["mystic"]["explorers"][0]["cell"] == mcell(*target)
    assert state.statues[mcell(*target)] == 0 and state.statues_won[0] == [3]
    assert state.standings().breakdown[0]["statues"] == 6, "tile 3 shows 6 points"
    assert state.reserve[0][FRUIT["lime"]] == 0


def test_the_opposite_seat_reads_directions_from_its_own_southern_edge():
    """ "The edge of the Mystic Island board facing you, parallel to the bottom edge of your island
    board, is your southern edge." In a two-player game seat 2 faces the printed top, so its
    east is the printed left."""
    state = new(2, modules=MI)
    statues(state, {(2, 1): 1})
    island(state, 0, {"e1": "collector banana"})
    state.apply("move e1-e2")
    state.apply("collect")
    state.apply("pass")
    island(state, 1, {"c1": "collector lime"})
    state.apply("move c1-d1")
    state.apply("explore")
    assert state.explorers[1] == mcell(2, 1) and state.statues_won[1] == [1]
    assert state.standings().breakdown[1]["statues"] == 4


def test_an_explorer_at_the_edge_cannot_copy_a_slide_off_the_board():
    """ "If you can't move your explorer that many spaces in that direction, you can't choose to
    move your explorer at all." Seat 0's explorer reaches the top row; a later one-space slide
    north collects its fruit without asking, and 'explore' is refused saying why."""
    state = new(2, modules=MI)
    statues(state, {})
    island(state, 0, {"c3": "collector lime", "a1": "collector banana"})
    state.apply("move c3-c5")
    state.apply("explore")
    state.apply("pass")
    other_seat_passes(state)
    events = state.apply("move a1-a2")
    assert state.phase == ACTION and "explore" not in texts(state)
    assert state.reserve[0][FRUIT["banana"]] == 1 and state.explorers[0] == mcell(0, 2)
    assert [e.kind for e in events] == ["move"]
    with pytest.raises(IllegalAction) as refused:
        state.apply("explore")
    assert str(refused.value) == (
        "your explorer moves only instead of collecting, right after a collector or advanced collector "
        "slides, and only when it can copy that slide without leaving Mystic Island"
    )
    assert state.refusal("explore") == "explore.not_now"
    assert state.refusal("collect") == "explore.not_now"
    assert state.explain("collect") == (
        "collect or explore is chosen right after a collector or advanced collector moves"
    )


def test_an_advanced_collector_whose_slide_the_explorer_cannot_copy_just_collects():
    """ "whenever you move one of your collector tokens or advanced collector tokens, you may forgo
    collecting its fruits and instead move your explorer" — "If you can't move your explorer
    that many spaces in that direction, you can't choose to move your explorer at all." From the
    base no explorer goes 3 spaces: the advanced collector's 3 + 1 fruits are split at once."""
    state = new(2, modules=MI)
    island(state, 0, {"a1": "token T15"})
    state.apply("move a1-a4")
    assert state.phase == SPLIT and texts(state)[0] == "take 4 banana + 0 lime"
    with pytest.raises(IllegalAction, match="without leaving Mystic Island"):
        state.apply("explore")


def test_a_taken_statue_is_gone_and_explorers_share_its_emptied_space():
    """ "remove that tile from the island [...] Your explorer stays on the emptied space." and
    "Several explorers can share a space." Seat 1 (printed top) slides south two spaces, which is
    towards the printed top, and lands where seat 0 took the tile: it scores nothing."""
    state = new(2, modules=MI)
    statues(state, {(0, 2): 2})
    island(state, 0, {"c3": "collector lime"})
    state.apply("move c3-c5")
    state.apply("explore")
    state.apply("pass")
    island(state, 1, {"c3": "collector lime"})
    state.apply("move c3-c1")
    events = state.apply("explore")
    assert events[0].data == {"from": BASE, "to": mcell(0, 2), "tile": None, "points": 0}
    assert state.explorers == [mcell(0, 2), mcell(0, 2)]
    assert state.statues_won == [[2], []]
    assert [state.standings().breakdown[p]["statues"] for p in (0, 1)] == [5, 0]


def test_explorers_start_on_the_base_one_per_player_and_one_for_pineapple():
    """ "Each player places the explorer of their color onto the base space of Mystic Island. If
    playing solo, put the explorer of Pineapple's color there too." (4 explorers in the box.)"""
    for players in (2, 3, 4):
        view = new(players, modules=MI).view(0)["mystic"]
        assert [e["cell"] for e in view["explorers"]] == [BASE] * players
        assert [e["seat"] for e in view["explorers"]] == list(range(players))
    solo = new(1, modules=MI).view(0)["mystic"]["explorers"]
    assert [e["seat"] for e in solo] == [0, "pineapple"] and solo[0]["cell"] == BASE


# ---------------------------------------------------------------- statue tiles, one by one


def explore_north(state, tile: int, fruit: str = "lime", pieces: dict[str, str] | None = None) -> list:
    """Seat 0 (its island: ``pieces`` and its ``fruit`` collector on c3) slides that collector
    c3→c5 and explores: base → (0,2), holding ``tile``."""
    statues(state, {(0, 2): tile})
    island(state, 0, {"c3": f"collector {fruit}", **(pieces or {})})
    state.apply("move c3-c5")
    return state.apply("explore")


def test_tile_4_counts_ships_already_supplied_not_one_supplied_later_that_turn():
    """ "4. Score 1 point per ship that you've already supplied." The tile is scored in step 1; the
    ship supplied in step 2 of the same turn comes too late for it."""
    state = new(2, modules=MI)
    state.supplied[0] = [C.ship_index("S01")]
    reserve(state, 0, "3B 2L")
    explore_north(state, 4, pieces={"b5": "ship S41"})
    assert state.standings().breakdown[0]["statues"] == 1
    state.apply("supply b5")
    assert state.standings().breakdown[0]["statues"] == 1
    assert state.standings().breakdown[0]["ships"] == 4


def test_tiles_6_and_7_count_the_reserve_without_the_fruit_given_up():
    """ "6. Score 1 point per 2 fruits (regardless of type) in your reserve." and "7. Choose a type of
    fruit. Score 1 point per fruit of this type in your reserve." Exploring gives up the slide's
    fruit ("forgo collecting its fruits"), so a banana collector's 2 bananas are not counted."""
    state = new(2, modules=MI)
    reserve(state, 0, "3B 2M")
    explore_north(state, 7, fruit="banana")
    assert state.phase == STATUE
    state.apply("statue banana")
    assert state.standings().breakdown[0]["statues"] == 3 and state.reserve[0][FRUIT["banana"]] == 3
    state = new(2, modules=MI)
    reserve(state, 0, "3B 2M")
    explore_north(state, 6, fruit="banana")
    assert state.standings().breakdown[0]["statues"] == 2, "5 fruits: 2 points (1 per 2 fruits)"


def test_tile_7_may_name_a_fruit_you_have_none_of():
    """ "7. Choose a type of fruit." Any of the five is a choice, even one worth 0."""
    state = new(2, modules=MI)
    reserve(state, 0, "4L")
    explore_north(state, 7)
    assert texts(state) == [f"statue {name}" for name in C.fruit_names]
    state.apply("statue orange")
    assert state.standings().breakdown[0]["statues"] == 0 and state.phase == ACTION


def test_tile_5_scores_the_supplied_ship_chosen():
    """ "5. Choose any ship you've supplied. Score the points printed on it." With one ship supplied
    the choice is that ship; a ship still on the island is not a choice."""
    state = new(2, modules=MI)
    state.supplied[0] = [C.ship_index("S26")]
    explore_north(state, 5, pieces={"b5": "ship S41"})
    assert texts(state) == ["statue ship S26"]
    with pytest.raises(IllegalAction, match="not one of the ships you supplied"):
        state.apply("statue ship S41")
    events = state.apply("statue ship S26")
    assert events[0].data == {"tile": 5, "points": 3, "ship": "S26"}


def test_tile_12_counts_every_statue_collected_including_itself_over_two_turns():
    """ "12. Score 2 points per statue tile you've collected (including this one)." Tile 1 taken on
    the first turn, tile 12 on the next: 2 tiles, 4 points (and tile 1's 4)."""
    state = new(2, modules=MI)
    statues(state, {(0, 2): 1, (0, 1): 12})
    island(state, 0, {"c3": "collector lime", "e1": "collector banana"})
    state.apply("move c3-c5")
    state.apply("explore")
    state.apply("pass")
    other_seat_passes(state)
    state.apply("move c5-b5")  # one space west: the explorer goes (0,2) → (0,1)
    events = state.apply("explore")
    assert events[0].data == {"from": mcell(0, 2), "to": mcell(0, 1), "tile": 12, "points": 4}
    assert state.standings().breakdown[0]["statues"] == 4 + 4
    assert state.view(1)["mystic"]["collected"][0] == [1, 12]


def test_tiles_8_to_11_count_module_3_tokens_as_business_tokens_and_their_stars():
    """ "9. Score 3 points per business token (including large venue tokens) on your island." and
    "11. Score 1 point per star icon on your island's venue tokens." The restaurant (a large
    venue) and a guesthouse at the pond are venues with stars; the harbor office is a business
    token without stars."""
    for tile, points in ((9, 3 * 3), (11, 3 + 1)):
        state = new(2, modules="mystic_island,new_business")
        state.owned[0] = [C.token_index(t) for t in ("X04", "X01", "X07")]
        explore_north(state, tile)
        assert state.standings().breakdown[0]["statues"] == points


# ---------------------------------------------------------------- plateaus


def test_a_plateau_is_an_ordinary_space_until_the_end_when_everyone_on_it_scores():
    """ "The plateau spaces are normal spaces during the game. At the end of the game, however, the
    players with their explorers in those spaces will score the points shown." Seat 0 walks to the
    top-left plateau (12) and seat 1, facing the printed top, to the same corner."""
    state = new(2, modules=MI)
    statues(state, {})
    island(state, 0, {"c3": "collector lime"})
    island(state, 1, {"c3": "collector lime"})
    state.apply("move c3-c5")
    state.apply("explore")
    state.apply("pass")
    state.apply("move c3-c1")  # seat 1: south is the printed top
    state.apply("explore")
    state.apply("pass")
    state.apply("move c5-a5")  # seat 0: west 2, (0,2) → (0,0)
    events = state.apply("explore")
    assert events[0].data == {"from": mcell(0, 2), "to": mcell(0, 0), "tile": None, "points": 0}
    state.apply("pass")
    state.license = 1  # seat 1's claim now reaches X, and seat 1 ends the round
    reserve(state, 1, "1B 1L")
    put_on_board(state, "T07", 1, 1)
    state.apply("move c1-e1")  # seat 1: east is the printed left, (0,2) → (0,0)
    state.apply("explore")
    state.apply("claim T07")
    events = state.apply("place a1")
    assert state.phase == OVER
    assert [e.data["points"] for e in events if e.kind == "plateau"] == [12, 12]
    assert [state.result().breakdown[p]["plateaus"] for p in (0, 1)] == [12, 12]


# ---------------------------------------------------------------- solo: Pineapple's explorer


def boat(ship_id: str) -> str:
    return f"boat {ship_id}"


def test_pineapple_moves_her_explorer_first_on_a_3_boat_and_boxes_the_tile():
    """ "if you draw a solo boat from the bag and it's a …3 boat, carry out the following action
    before proceeding with the solo boat as usual [...] Find that number on the compass, and if
    there is a statue tile in that direction, move Pineapple's explorer onto it. [...] Return the
    statue tile it finally lands on to the box." S15 waits 3: the printed bottom."""
    state = solo_after_your_turn(modules=MI, tiles={(4, 2): 9, (0, 2): 1})
    events = state.apply(boat("S15"))
    moved = next(e for e in events if e.kind == "pineapple_explorer")
    assert moved.data["to"] == mcell(4, 2) and moved.data["tile"] == 9
    assert state.view(0)["mystic"]["explorers"][1]["cell"] == mcell(4, 2)
    assert state.statues[mcell(4, 2)] == 0 and state.statues[mcell(0, 2)] == 1
    assert state.standings().breakdown[0]["statues"] == 0, "a boxed tile scores for nobody"
    assert GAME.describe_event(moved, 0, ["Ada"]) == "Pineapple's explorer went c3→c1 (compass 3) and boxed statue 9."


def test_the_log_tells_pineapples_explorer_before_her_claim_as_the_rulebook_orders_them():
    """ "carry out the following action before proceeding with the solo boat as usual": the log reads
    the boat drawn, then her explorer's move, then her claim, in your language as in the game."""
    state = solo_after_your_turn(modules=MI, tiles={(4, 2): 9})
    claimable = [t for t in state.board if t >= 0]
    log = [GAME.describe_event(e, 0, ["Ada"]) for e in state.apply(boat("S15"))]
    assert log[:2] == [
        "Pineapple drew S15 (value 3, wait 3): +3.",
        "Pineapple's explorer went c3→c1 (compass 3) and boxed statue 9.",
    ]
    assert log[2].startswith("Pineapple claimed the ") and " from row 5, column 3 (+" in log[2]
    assert len(claimable) - 1 == len([t for t in state.board if t >= 0])


def test_pineapple_claims_nothing_from_an_empty_business_board_after_moving_her_explorer():
    """ "If the whole board is empty, skip the claim" (reference §9): her explorer still moves first."""
    state = solo_after_your_turn(modules=MI, tiles={(4, 2): 9})
    state.board = [-1] * len(state.board)
    log = [GAME.describe_event(e, 0, ["Ada"]) for e in state.apply(boat("S15"))]
    assert log[1:3] == [
        "Pineapple's explorer went c3→c1 (compass 3) and boxed statue 9.",
        "The business board is empty, so Pineapple claims nothing.",
    ]


def test_pineapple_tries_the_next_direction_clockwise_and_crosses_the_compass():
    """ "If there's none in that direction, try the next direction clockwise, and so on." and "The
    compass's space can be entered as normal." S20 waits 4 (printed left): nothing left of the
    base, so direction 1 (printed top), across the compass space to the tile at the top."""
    state = solo_after_your_turn(modules=MI, tiles={(0, 2): 6, (4, 3): 2})
    events = state.apply(boat("S20"))
    moved = next(e for e in events if e.kind == "pineapple_explorer")
    assert moved.data["direction"] == 1 and moved.data["to"] == mcell(0, 2) and moved.data["tile"] == 6
    assert state.statues[mcell(4, 3)] == 2


def test_pineapple_boxes_the_lowest_tile_when_no_direction_reaches_one():
    """ "If no direction would lead Pineapple's explorer to a statue tile, instead return the statue
    tile with the lowest reference number to the box and place her explorer on its now vacant
    space." From the base no straight line reaches (1,1), (3,3) or (4,3)."""
    state = solo_after_your_turn(modules=MI, tiles={(1, 1): 9, (3, 3): 8, (4, 3): 11})
    events = state.apply(boat("S05"))
    moved = next(e for e in events if e.kind == "pineapple_explorer")
    assert moved.data["tile"] == 8 and state.explorers[1] == mcell(3, 3)
    assert sorted(t for t in state.statues if t) == [9, 11]


def test_pineapple_explorer_stays_once_no_statue_is_left_and_on_other_boats():
    """ "If there are no statue tiles left at all, Pineapple's explorer is not moved any more." A boat
    that is not a …3 boat never moves it either."""
    state = solo_after_your_turn(modules=MI, tiles={})
    events = state.apply(boat("S10"))
    moved = next(e for e in events if e.kind == "pineapple_explorer")
    assert moved.data["to"] is None and state.explorers[1] == BASE
    state = solo_after_your_turn(modules=MI, tiles={(0, 2): 3})
    events = state.apply(boat("S01"))  # value 1
    assert "pineapple_explorer" not in [e.kind for e in events] and state.statues[mcell(0, 2)] == 3


def test_the_opening_3_boat_does_not_move_pineapples_explorer_but_is_played_as_usual():
    """ "If the boat that you draw during setup is a …3 boat, Pineapple's explorer is, as an
    exception, not moved." The boat is otherwise played as usual: she scores it and claims."""
    state = GAME.new_state(1, 3, {"modules": MI})
    dealer = Dealer(3)
    while state.chance != draws.BOAT_DRAW:
        state.apply(dealer.draw(state))
    before = list(state.statues)
    three = next(s.id for i, s in enumerate(C.ships) if s.solo_value == 3 and i in state.pine_bag)
    events = state.apply(boat(three))
    assert "pineapple_explorer" not in [e.kind for e in events]
    assert state.statues == before and state.view(0)["mystic"]["explorers"][1]["cell"] == BASE
    assert events[0].data["opening"] and events[1].kind == "pineapple_claim" and events[1].data["claim"] is not None
    assert state.current_player == 0


def test_pineapple_reaching_x_ends_the_solo_game_at_once_with_your_plateau_scored():
    """ "The game ends as usual [...] if your explorer is on one, score its points (10 or 12) now."
    Pineapple is last in the round, so her claim onto X ends the game after her turn; her
    statues score nothing and she has no plateau."""
    state = new(1, modules=MI)
    statues(state, {})
    state.explorers[0] = mcell(4, 0)  # the bottom-left plateau: 10
    state.license = 1
    island(state, 0, {"e1": "collector banana"})
    state.pine_bag = sorted(set(state.pine_bag) | {C.ship_index("S05")})
    state.apply("move e1-e2")
    state.apply("collect")
    state.apply("pass")
    events = state.apply(boat("S05"))
    assert state.phase == OVER and state.end_reason == "license"
    result = state.result()
    assert result.breakdown[0]["plateaus"] == 10 and [e.kind for e in events][-1] == "game_over"
    assert set(result.to_json()["house"]["breakdown"]) == {"boats", "claims"}


# ---------------------------------------------------------------- boulders, removed in play


def deal(state, seat: int, corners: dict[str, str], removed: tuple[str, ...] = ()) -> None:
    dealt = [C.boulder_index(b) for b in (*corners.values(), *removed)]
    state.boulder_set = dealt
    state.tray = [0] * len(corners) + [1] * len(removed)
    for name, boulder in corners.items():
        state.grid[seat][cell(name)] = BOULDER + C.boulder_index(boulder)
    state.removed[seat] = [C.boulder_index(b) for b in removed]
    state.forget_answers()


def cleared(events) -> list[tuple[str, int]]:
    return [(e.data["boulder"], e.data["points"]) for e in events if e.kind == "boulder"]


def test_a_boulder_cleared_in_step_1_frees_its_corner_for_step_2():
    """ "In order to use a corner space, you must first clear its boulder by fulfilling its
    condition." and "3b: [...] at least 12 fruits, of any types, in your reserve." 10 fruits and a
    2-space slide clear 3b; the claimed café then goes on that corner."""
    state = started()
    island(state, 0, {"c3": "collector banana"})
    deal(state, 0, {"a5": "3b", "e5": "1b", "a1": "2b", "e1": "4b"})
    reserve(state, 0, "4B 4L 2M")
    put_on_board(state, "T07", 1, 1)
    assert "place a5" not in texts(state)
    events = state.apply("move c3-c1")
    assert cleared(events) == [("3b", 3)]
    state.apply("claim T07")
    assert "place a5" in texts(state)
    state.apply("place a5")
    assert state.view(0)["players"][0]["grid"][cell("a5")]["type"] != "boulder"


def test_2a_clears_when_the_supplied_ships_reach_12_points():
    """ "2a: You may remove this boulder if the points shown on your supplied ships add up to 12 or
    more." 4 + 4 supplied, then a 4-point ship: 12, cleared after step 2."""
    state = started()
    island(state, 0, {"c3": "collector banana", "b1": "ship S43"})
    deal(state, 0, {"a5": "2a", "e5": "1b", "a1": "2b", "e1": "4b"})
    state.supplied[0] = [C.ship_index("S41"), C.ship_index("S42")]
    reserve(state, 0, "3L 2P")
    events = state.apply("move c3-c4")
    assert cleared(events) == []
    events = state.apply("supply b1")
    assert cleared(events) == [("2a", 3)] and state.standings().breakdown[0]["boulders"] == 3


def test_1a_then_6a_clear_in_the_same_turn_when_a_claim_reaches_25_points():
    """ "1a: You may remove this boulder if you have reached at least 25 points on the score track."
    and "6a: You may remove this boulder if you have already removed your other 3 boulders." The
    claim's point reaches 25; 1a goes, and with it the last of the other three, so 6a follows."""
    state = started()
    island(state, 0, {"c3": "collector banana"})
    deal(state, 0, {"a5": "1a", "e5": "6a"}, removed=("2b", "4b"))
    state.parts[0][0] = 24
    reserve(state, 0, "1B 1L")
    put_on_board(state, "T07", 1, 1)
    state.apply("move c3-c4")
    state.apply("claim T07")
    events = state.apply("place b4")
    assert cleared(events) == [("1a", 3), ("6a", 3)]
    assert state.score(0) == 24 + 1 + 2 + 6


def test_5a_clears_when_a_slide_completes_a_line_of_four_collectors():
    """ "5a: You may remove this boulder if you have 4 or 5 collector tokens (including advanced
    collector tokens) in an unbroken straight line on your island." Sliding the pomegranate
    collector into c3 closes the line a3–d3."""
    state = started()
    line = {"a3": "collector banana", "b3": "collector lime", "d3": "token T17", "c5": "collector pomegranate"}
    island(state, 0, line)
    deal(state, 0, {"a5": "5a", "e5": "1b", "a1": "2b", "e1": "4b"})
    events = state.apply("move c5-c3")
    assert cleared(events) == [("5a", 3)]


def test_8b_clears_when_a_module_3_token_is_claimed():
    """ "(If tile 8a/8b was selected, and is showing a module that is not being played with [...])":
    8b shows Module 3, played here; it clears once a new business token is on your island."""
    state = started(modules="boulders,new_business")
    island(state, 0, {"c3": "collector banana"})
    deal(state, 0, {"a5": "8b", "e5": "1b", "a1": "2b", "e1": "4b"})
    reserve(state, 0, "1B 1L")
    put_on_board(state, "X05", 1, 1)
    state.apply("move c3-c4")
    state.apply("claim X05")
    events = state.apply("place b4")
    assert cleared(events) == [("8b", 3)]


def test_the_second_remover_of_a_number_stacks_it_for_1_point():
    """ "If there are already boulders with that reference number on the tray, place yours on top of
    them and only score 1 point in total." Both players clear 3b, seat 0 first."""
    state = started()
    for seat in (0, 1):
        island(state, seat, {"c3": "collector banana"})
    dealt = {"a5": "3b", "e5": "1b", "a1": "2b", "e1": "4b"}
    deal(state, 0, dealt)
    deal(state, 1, dealt)
    reserve(state, 0, "11B")
    reserve(state, 1, "11L")
    assert cleared(state.apply("move c3-c4")) == [("3b", 3)]
    state.apply("pass")
    assert cleared(state.apply("move c3-c4")) == [("3b", 1)]
    assert state.view(0)["boulders"]["tray"][0]["count"] == 2


def test_a_corner_under_a_boulder_is_refused_with_the_boulder_and_its_condition():
    """ "The four corners of your island are blocked by huge boulders. In order to use a corner
    space, you must first clear its boulder by fulfilling its condition." A slide into the corner
    and a token placed on it are refused naming the boulder and what clears it."""
    state = started()
    island(state, 0, {"a3": "collector banana"})
    deal(state, 0, {"a5": "3b", "e5": "1b", "a1": "2b", "e1": "4b"})
    with pytest.raises(IllegalAction) as refused:
        state.apply("move a3-a5")
    assert str(refused.value) == "a5 is in the way: boulder 3b lies there until you clear it (12+ fruits)"
    assert state.refusal("move a3-a5") == "move.blocked"
    reserve(state, 0, "1B 1L")
    put_on_board(state, "T07", 1, 1)
    state.apply("move a3-b3")
    state.apply("claim T07")
    with pytest.raises(IllegalAction) as refused:
        state.apply("place e1")
    assert str(refused.value) == "e1 is not free: boulder 4b lies there until you clear it (3+ business tokens)"
    assert state.refusal("place e1") == "place.taken"
    assert state.explain("place b3") == "b3 is not free"
