"""Acceptance audit: rulebook sentences at their edges, played through the public contract.

Each test quotes the sentence of the rulebook (shared/seeds/004) or the reference
(rules/tang_hu_lu.md) it plays; the expected numbers are written out here, never computed by
the engine's helpers. Positions start from a real game and move components as
``positions.py`` does; chance is resolved by naming outcomes (``tile kiwi_03``, ``die sugar``).
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import BadPlayerCount, get_game
from fruitbowl.engine.tutorials import find_tutorial
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.rules import TangHuLuState

from .positions import (
    kinds,
    legal,
    new_position,
    only,
    quiet_turn,
    refused,
    script,
    set_board,
    set_coins,
    set_drops,
    set_stick,
    set_store,
    to_turn,
)

GAME = get_game("tanghulu")

# ------------------------------------------------------------------------- set-up per player count


@pytest.mark.parametrize("players", [1, 5])
def test_tang_hu_lu_is_for_2_to_4_players_and_other_counts_are_refused_with_a_sentence(players):
    """Overview: "Players: 2 to 4"."""
    with pytest.raises(BadPlayerCount) as info:
        GAME.new_state(players, 0)
    assert str(info.value) == f"Tang Hu Lu is for 2–4 players; got {players}"


def test_two_player_setup_dealt_by_naming_each_draw():
    """Set-up 2: "draw 4 tiles to put in the spaces on the fruit store. Place the tiles so that
    they show the white side, filling from left to right, first row and then second row."
    Set-up 3: "Put the coin marker on the number FIVE ... each player takes 2 crystal sugar
    drops"; 5: "The remaining crystal sugar drops" are the stock (30 - 2 x 2 = 26 with two
    players). Turn of Play: "First of all, the current player must roll the custom dice"."""
    state = GAME.new_state(2, 0)
    assert state.current_player == -2  # the deal is a chance node, decided by naming its draws
    drawn = ["kiwi_03", "haw_2", "orange_12", "strawberry_07"]
    for tile in drawn:
        state.apply(f"tile {tile}")
    view = state.view(None)
    assert [t["id"] for t in view["store"]] == drawn  # S1, S2 (first row), then S3, S4
    assert not any(t["pink"] for t in view["store"])
    assert view["bag"]["size"] == 50
    assert view["drop_stock"] == 26 and view["sweet_deck"] == 20
    assert [(p["coins"], p["drops"], p["sweet_cards"]) for p in view["players"]] == [(5, 2, 0), (5, 2, 0)]
    assert [[len(s["tiles"]) for s in p["sticks"]] for p in view["players"]] == [[0, 0, 0], [0, 0, 0]]
    assert view["round"] == 1 and view["first_player"] == 0
    assert state.current_player == -2 and state.legal_actions() == []  # the die is rolled first
    events = state.apply("die coin")
    assert kinds(events) == ["roll", "coins"]
    assert state.current_player == 0 and state.view(None)["players"][0]["coins"] == 6


def test_four_player_setup_gives_each_seat_the_same_start_and_a_22_drop_stock():
    """Set-up 3 with the largest table: every one of 4 players starts with 5 coins and 2 drops,
    so 30 - 4 x 2 = 22 drops remain in the centre."""
    state = GAME.new_state(4, 0)
    for tile in ("apple_01", "apple_02", "apple_03", "apple_04"):
        state.apply(f"tile {tile}")
    state.apply("die fruit")
    state.apply("tile haw_6")  # the roller's die tile, shown to everyone
    view = state.view(3)
    assert view["drop_stock"] == 22 and view["bag"]["size"] == 54 - 4 - 1
    assert [(p["coins"], p["drops"]) for p in view["players"]] == [(5, 2)] * 4
    assert view["die_tile"] is not None and view["die_tile"]["id"] == "haw_6"
    assert legal(state) == ["place 1", "place 2", "place 3", "return"]


# ------------------------------------------------------------------------- the die


def test_a_sugar_roll_gives_the_drop_to_the_roller_only():
    """Roll the Custom Dice: "Obtain 1 crystal sugar drop and all the players may garnish" —
    the roller obtains the drop; the others only get the chance to garnish (reference AMB-9)."""
    state = new_position(players=3)
    stock = state.stock
    events = to_turn(state, 1, "sugar")
    assert only(events, "drops").actor == 1
    assert state.drops == [2, 3, 2] and state.stock == stock - 1


def test_a_coin_roll_gives_the_coin_to_the_roller_only():
    """Roll the Custom Dice: "Obtain 1 coin." (the current player's bonus)."""
    state = new_position(players=3)
    events = to_turn(state, 2, "coin")  # (seat 2 worked to end its turn first)
    assert only(events, "coins").actor == 2
    assert (state.coins[0], state.coins[2]) == (5, 6) and state.coins[1] == 9


def test_a_returned_die_tile_goes_back_into_the_bag_and_changes_nothing_else():
    """Roll the Custom Dice: "Draw a random fruit tile from the bag: you can use it to arrange
    your sticks or you can put it back in the bag." """
    state = new_position(players=2)
    bag = len(state.bag)
    to_turn(state, 0, "fruit", draw="K2")
    tile = state.die_tile
    assert len(state.bag) == bag - 1
    events = state.apply("return")
    assert kinds(events) == ["return"]
    assert tile in state.bag and len(state.bag) == bag
    assert state.filled[0] == 0 and state.coins[0] == 5 and legal(state)[0] == "work"


# ------------------------------------------------------------------------- the garnish window


def test_the_garnish_window_goes_clockwise_from_a_roller_who_is_not_the_first_seat():
    """ "all the players may garnish" — one after another from the roller, clockwise (reference
    §8): with seat 3 rolling at a table of 3, seat 3 decides first, then seat 1, then seat 2."""
    state = new_position(players=3)
    for seat in range(3):
        set_stick(state, seat, 0, "O A K S")
        set_drops(state, seat, 4)
    to_turn(state, 2, "sugar")
    order = []
    while state.view(None)["phase"] == "garnish":
        order.append(state.current_player)
        state.apply("pass")
    assert order == [2, 0, 1]
    assert state.current_player == 2 and legal(state)[0] == "work"  # the roller then takes the action


def test_a_player_with_a_full_board_still_garnishes_in_the_final_round():
    """ "all the players may garnish: spend 4 crystal sugar drops ... to garnish 1 complete fruit
    stick. Flip the four tiles on the back side ...; each tile is worth 1 star more on the back
    side." The window also opens in the last round, for a player whose board is full
    (reference §8)."""
    state = new_position(players=2)
    set_board(state, 0, "O0 A0 K0 S0", "A1 K1 S1 O1", "K2 S2 O2 A2")
    set_drops(state, 0, 4)
    state.end_triggered = True  # seat 1 finishes the round
    state.forget_answers()
    before = state.view(None)["players"][0]["tile_stars"]
    assert before == 0 + 4 + 8
    to_turn(state, 1, "sugar")
    assert state.current_player == 0  # (the roller, seat 2, has no complete stick: skipped)
    assert legal(state) == ["garnish 1", "garnish 2", "garnish 3", "pass"]
    events = state.apply("garnish 3")
    assert kinds(events) == ["garnish"]  # no pattern is checked again and no reward is paid
    assert state.drops[0] == 0
    assert state.view(None)["players"][0]["tile_stars"] == before + 4
    script(state, "coin")
    state.apply("work")  # seat 2, the last seat, ends the round and the game
    assert state.is_terminal()
    assert state.result().breakdown[0]["tiles"] == 16


# ------------------------------------------------------------------------- buying


def test_a_purchase_with_a_choice_of_patterns_is_chosen_then_shopping_goes_on_and_stopping_gives_the_drop():
    """ "When you complete a stick, immediately receive a bonus ... (you may continue buying fruit
    tiles ...)"; "For all the patterns, the haw fruit acts as a wild"; "Notice: If the player
    buys only 1 fruit tile in his turn, they also receive 1 crystal sugar drop." K K H + H can be
    four kiwis or two pairs: the owner picks one, shopping continues, and a stop after that single
    purchase earns the drop."""
    state = new_position(players=2)
    set_stick(state, 0, 1, "K K H")
    set_store(state, "H O A S")
    set_coins(state, 0, 5)
    quiet_turn(state, 0)
    events = state.apply("buy S1 on 2")
    assert only(events, "complete").data["patterns"] == ["all-same", "two-pairs"]
    assert "reward" not in kinds(events) and state.view(0)["phase"] == "pattern"
    assert legal(state) == ["all-same", "two-pairs"]
    refused(state, "stop", "first choose the pattern for stick 2")
    events = state.apply("two-pairs")
    reward = only(events, "reward")
    assert (reward.data["sweet_cards"], reward.data["drops"]) == (1, 2)
    assert state.view(0)["phase"] == "shop" and state.coins[0] == 4 and state.drops[0] == 4
    assert "buy S2 on 1" in legal(state) and legal(state)[-1] == "stop"
    script(state, "coin")
    events = state.apply("stop")
    assert only(events, "drops").data == {"amount": 1, "gained": 1, "reason": "single purchase"}
    assert state.drops[0] == 5


@pytest.mark.parametrize("first", ["S1", "S2", "S3", "S4"])
def test_the_price_depends_on_how_many_tiles_were_bought_never_on_which_tile(first):
    """Buy Fruits: "The cost of the first tile you take will be 1 coin (shown on the POS), the
    second one will be 2 coins and so on" — whichever store space the tile comes from (reference
    AMB-15: "The price depends only on the empty spaces, so any store tile may be bought")."""
    state = new_position(players=2)
    set_coins(state, 0, 9)
    quiet_turn(state, 0)
    assert state.view(0)["price"] == 1
    events = state.apply(f"buy {first} on 1")
    assert only(events, "buy").data["price"] == 1 and state.coins[0] == 8
    rest = [space for space in ("S1", "S2", "S3", "S4") if space != first]
    assert only(state.apply(f"buy {rest[-1]} on 2"), "buy").data["price"] == 2
    assert only(state.apply(f"buy {rest[0]} on 3"), "buy").data["price"] == 3
    assert state.coins[0] == 9 - 1 - 2 - 3


def test_the_tutorials_shop_lesson_tells_the_price_rule_not_a_price_per_store_position():
    """The coach's words on shopping must agree with "the first tile you take will be 1 coin
    ..., the second one will be 2 coins and so on": the price grows with each purchase, never
    with where the tile lies in the store (it once said "Tiles further along cost more", which
    its German and Chinese words read as "tiles further back cost more")."""
    tutorial = find_tutorial("tanghulu")
    assert tutorial is not None
    lesson = tutorial.lesson_for("buy")
    assert lesson is not None
    said = tutorial.say(lesson.text)
    assert "further along" not in said
    assert "Every store tile costs the same" in said and "each further tile you buy in a turn costs more" in said


def test_stopping_after_two_purchases_gives_no_drop():
    """Viola's example: "She can not obtain the free crystal sugar drop because she has bought 2
    fruit tiles." — also when she stops with coins and tiles left."""
    state = new_position(players=2)
    set_coins(state, 0, 9)
    quiet_turn(state, 0)
    state.apply("buy S1 on 1")
    state.apply("buy S2 on 2")
    assert state.coins[0] == 6 and "buy S3 on 3" in legal(state)
    script(state, "coin")
    events = state.apply("stop")
    assert "drops" not in kinds(events) and state.drops[0] == 2


def test_the_purchase_that_fills_the_board_ends_shopping_with_coins_and_tiles_left():
    """How to Place: "the tile must be put on the lower blank spot on that stick" — a full board
    has none, so a player who fills the 12th spot cannot buy again; the game end does not cut the
    turn short (reference AMB-30): 2 purchases, no drop, then the refill."""
    state = new_position(players=2)
    set_board(state, 0, "O A K S", "A K S O", "K S")
    set_store(state, "O O K S")  # stick 3 ends K S O O: no pattern, no reward
    set_coins(state, 0, 9)
    quiet_turn(state, 0)
    state.apply("buy S1 on 3")
    script(state, "coin")
    events = state.apply("buy S2 on 3")
    assert "end_triggered" in kinds(events)
    assert "refill" in kinds(events) and "stop" not in kinds(events) and "drops" not in kinds(events)
    assert state.coins[0] == 9 - 1 - 2 and state.drops[0] == 2 and state.current_player == 1


# ------------------------------------------------------------------------- the store


def test_the_refill_proceeds_left_to_right_then_top_to_bottom_whatever_was_bought_first():
    """What Happens at the End of a Turn: "refill the blank spaces on the fruit store with new
    fruit tiles randomly taken from the bag, always proceeding from left to right and from top to
    bottom" — S4 bought before S2, yet the first tile drawn goes to S2."""
    state = new_position(players=2)
    set_coins(state, 0, 9)
    quiet_turn(state, 0)
    state.apply("buy S4 on 1")
    state.apply("buy S2 on 2")
    TangHuLuState.apply(state, "stop")  # (not steered: the test names the refill's draws)
    assert state.current_player == -2
    first, second = (C.tile_ids[t] for t in state.bag[-2:])
    TangHuLuState.apply(state, f"tile {first}")
    TangHuLuState.apply(state, f"tile {second}")
    store = state.view(None)["store"]
    assert store[1] is not None and store[1]["id"] == first
    assert store[3] is not None and store[3]["id"] == second


def test_with_an_empty_bag_a_fruit_roll_draws_nothing_the_refill_stops_short_and_prices_count_the_gaps():
    """Reference AMB-17 (it cannot happen in legal play): "Refill as many spaces as possible and
    leave the rest empty; they raise prices through AMB-16. A die FRUIT draw from an empty bag
    gives nothing." The rulebook's price: "the total of coin bags showed on those free spaces on
    the fruit store ..., then plus the fixed cost of 1 coin depicted on the POS"."""
    state = new_position(players=2)
    state.bag = state.bag[:1]  # tiles taken out of the game: one left in the bag
    state.forget_answers()
    set_coins(state, 0, 9)
    quiet_turn(state, 0)
    state.apply("buy S1 on 1")
    state.apply("buy S3 on 2")
    script(state, "fruit")  # the next roll: a fruit, with the bag empty after the refill
    events = state.apply("stop")
    refill = only(events, "refill")
    assert [space for space, _ in refill.data["tiles"]] == [0]  # S1 refilled; S3 left empty
    view = state.view(1)
    assert view["bag"]["size"] == 0 and view["store"][2] is None
    assert view["die"] == "fruit" and view["die_tile"] is None  # nothing to draw
    assert state.current_player == 1 and view["phase"] == "action"
    assert view["price"] == 2  # the till and S3's money bag
    refused(state, "buy S3 on 1", "store space S3 is empty")
    set_coins(state, 1, 1)
    assert legal(state) == ["work"]
    refused(state, "buy S1 on 1", r"costs 2 \(1 for the till \+ 1 money bag\); you have 1 coin$")


# ------------------------------------------------------------------------- the end of the game


def test_with_the_marker_on_seat_2_the_round_ends_with_seat_1():
    """Game End: "The game ends when one player has completed all his 3 sticks; continue playing
    until the other players finish their last turn" — "so that each player has played the same
    number of turns": with seat 2 first at a table of 3, seat 2 fills the board, seats 3 and 1
    play, and seat 1 (to the right of the marker) plays the last turn."""
    state = new_position(players=3, first=1)
    set_board(state, 1, "O A K S", "A K S O", "K S O")
    state.round, state.turns = 4, [3, 3, 3]
    to_turn(state, 1, "coin")
    script(state, "coin", "coin")
    events = state.apply("buy S1 on 3")  # seat 2 fills the board as round 4 begins
    assert "end_triggered" in kinds(events) and state.current_player == 2
    events = state.apply("work")
    assert not state.is_terminal() and state.current_player == 0 and "round" not in kinds(events)
    events = state.apply("work")
    assert state.is_terminal() and kinds(events)[-1] == "game_over" and "turn" not in kinds(events)
    assert [p["turns"] for p in state.view(None)["players"]] == [4, 4, 4]


def test_at_two_players_the_trigger_by_the_first_player_gives_the_second_one_last_turn():
    """Game End: "continue playing until the other players finish their last turn" (2 players)."""
    state = new_position(players=2)
    set_board(state, 0, "O A K S", "A K S O", "K S O")
    state.round, state.turns = 5, [4, 4]
    to_turn(state, 0, "coin")
    script(state, "coin")
    state.apply("buy S1 on 3")
    assert state.current_player == 1 and not state.is_terminal()
    state.apply("work")
    assert state.is_terminal() and state.turns == [5, 5]


# ------------------------------------------------------------------------- scoring and ties


def test_a_four_way_tie_on_stars_and_coins_is_shared_by_everyone():
    """ "The player with the most stars ... is the winner. The coins remaining on the personal
    board are the tie breaker." Still level, the tied players share the win (reference
    AMB-22); "In case of a tie, no player obtains this marker" — all four hold 2 drops."""
    state = new_position(players=4)
    for seat in range(4):
        set_board(state, seat, "O1 A1 K1 S1", "", "")
        set_coins(state, seat, 9)  # working from 9 gains nothing: everyone ends on 9
    state.end_triggered = True
    state.forget_answers()
    quiet_turn(state, 3)
    state.apply("work")
    result = state.result()
    assert result.scores == (4, 4, 4, 4)
    assert all(b["king"] == 0 for b in result.breakdown)
    assert result.winners == (0, 1, 2, 3) and result.places == (1, 1, 1, 1)


def test_the_king_with_the_most_drops_wins_two_stars_at_two_players():
    """ "The player with the most crystal sugar drops remaining is the Crystal Sugar King and
    obtains the "Crystal Sugar King" marker, which is worth 2 stars." Seat 2 with 1 drop more and
    1 star less wins by the marker."""
    state = new_position(players=2)
    set_board(state, 0, "O2 A0 K0 S0", "", "")
    set_board(state, 1, "O1 A0 K0 S0", "", "")
    set_drops(state, 0, 2)
    set_drops(state, 1, 3)
    set_coins(state, 1, 0)
    state.end_triggered = True
    state.forget_answers()
    quiet_turn(state, 1)
    state.apply("work")
    result = state.result()
    assert [dict(b) for b in result.breakdown] == [
        {"tiles": 2, "sweets": 0, "king": 0},
        {"tiles": 1, "sweets": 0, "king": 2},
    ]
    assert result.winners == (1,)


def test_the_tutorials_pass_and_return_lesson_says_garnishing_costs_drops_only():
    """Roll the Custom Dice: "spend 4 crystal sugar drops (return them to the general stock) to
    garnish 1 complete fruit stick" and "you can use it to arrange your sticks or you can put it
    back in the bag": passing a garnish keeps drops, never coins (it once said "passing here keeps
    your drops and coins"), and the same lesson, told for a returned die tile, says where it goes."""
    tutorial = find_tutorial("tanghulu")
    assert tutorial is not None
    lesson = tutorial.lesson_for("return")
    assert lesson is not None and lesson is tutorial.lesson_for("pass")
    said = tutorial.say(lesson.text)
    assert "coin" not in said
    assert "passing keeps your drops" in said and "goes back in the bag" in said


def test_a_die_tile_and_one_purchase_still_earn_the_single_purchase_drop():
    """ "Notice: If the player buys only 1 fruit tile in his turn, they also receive 1 crystal
    sugar drop." The die's tile is drawn, not bought (reference §5.3: "A tile drawn with the die
    never counts as a purchase")."""
    state = new_position(players=2)
    to_turn(state, 0, "fruit", draw="O")
    state.apply("place 1")
    state.apply("buy S1 on 1")
    assert state.view(0)["purchases"] == 1
    script(state, "coin")
    events = state.apply("stop")
    assert only(events, "drops").data == {"amount": 1, "gained": 1, "reason": "single purchase"}
    assert state.drops[0] == 3 and state.filled[0] == 2


def test_coins_from_a_stick_the_die_tile_finishes_pay_for_shopping_the_same_turn():
    """ "If all the fruits are in different colors, the player obtains 5 coins (you may continue
    buying fruit tiles with the coins obtained in this way)" — also when the die's tile finished
    the stick (reference AMB-12): with 0 coins only work was possible; after the reward the
    player buys."""
    state = new_position(players=2)
    set_coins(state, 0, 0)
    set_stick(state, 0, 0, "A K S")
    to_turn(state, 0, "fruit", draw="O")
    events = state.apply("place 1")
    assert only(events, "reward").data["coins"] == 5 and state.coins[0] == 5
    assert legal(state)[0] == "work" and "buy S1 on 2" in legal(state)
    events = state.apply("buy S1 on 2")
    assert only(events, "buy").data["price"] == 1 and state.coins[0] == 4
