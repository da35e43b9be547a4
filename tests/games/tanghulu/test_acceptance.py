"""Rules §14: every worked example (AT-1 … AT-12), with its exact numbers, played through ``apply``."""

from __future__ import annotations

import pytest

from fruitbowl.games.tanghulu.rules import ACTION, DIE_TILE, GARNISH, PATTERN, SHOP

from .positions import (
    first_turn_with,
    give_cards,
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
    tiles_total,
    to_turn,
)

# ------------------------------------------------------------------------------------ AT-1


def test_at1_luigi_cannot_buy_with_no_coins_and_works_for_income_4():
    state = new_position(players=2)
    luigi = 0
    set_board(state, luigi, "O A K", "S O A", "")
    set_coins(state, luigi, 0)
    to_turn(state, luigi, "fruit")
    assert state.phase == DIE_TILE
    state.apply("return")
    bag, store, sticks = len(state.bag), state.store[:], [s[:] for s in state.sticks[luigi]]

    assert legal(state) == ["work"]  # action B is illegal: the price 1 is more than 0 coins
    refused(state, "buy S1 on 3", r"costs 1 .*you have 0 coins")
    assert state.view(luigi)["players"][luigi]["income"] == 4  # stick 1 spot 4, stick 2 spot 4, stick 3 spots 3+4

    script(state, "coin")  # the next player's roll draws nothing from the bag
    events = state.apply("work")
    work = only(events, "work")
    assert (work.data["income"], work.data["gained"]) == (4, 4)
    assert state.coins[luigi] == 4
    assert state.sticks[luigi] == sticks
    assert state.store == store and "refill" not in kinds(events)
    assert len(state.bag) == bag


# ------------------------------------------------------------------------------------ AT-2


def test_at2_viola_pays_1_then_2_and_gets_no_drop():
    state = first_turn_with("fruit")
    viola = 0
    assert state.round == 1 and state.current_player == viola and state.first == viola
    assert (state.coins[viola], state.drops[viola], state.filled[viola]) == (5, 2, 0)
    assert all(t >= 0 for t in state.store) and len(state.bag) == 49  # 50, less the die's tile
    state.apply("return")
    assert len(state.bag) == 50 and state.coins[viola] == 5

    first = state.apply("buy S1 on 1")
    assert only(first, "buy").data["price"] == 1 and state.coins[viola] == 4
    assert only(first, "place").data == {"tile": state.sticks[viola][0][0], "stick": 0, "spot": 1}
    assert state.phase == SHOP

    script(state, "coin")  # the next player's roll draws nothing from the bag
    second = state.apply("buy S2 on 1")
    assert only(second, "buy").data["price"] == 2 and state.coins[viola] == 2
    assert only(second, "place").data["spot"] == 2
    # A 3rd tile would cost 3 > 2 coins: no purchase is legal, so shopping ended by itself.
    assert "stop" not in kinds(second)
    assert not any(e.kind == "drops" and e.data["reason"] == "single purchase" for e in second)
    assert state.drops[viola] == 2
    refill = only(second, "refill")
    assert [space for space, _ in refill.data["tiles"]] == [0, 1]
    assert all(t >= 0 for t in state.store) and len(state.bag) == 48
    assert state.current_player == 1


def test_at2_third_purchase_at_price_3_with_2_coins_is_refused():
    """The refusal itself, in the position where Viola would ask for a 3rd tile."""
    state = new_position(players=2)
    quiet_turn(state, 0)
    set_stick(state, 0, 0, "O A")  # her two purchases
    set_store(state, "- - K S")  # S1 and S2 are empty: the next price is 1 + 2 bags
    set_coins(state, 0, 2)
    state.phase, state.bought = SHOP, 2
    assert legal(state) == ["stop"]
    refused(state, "buy S3 on 2", r"costs 3 \(1 for the till \+ 2 money bags\); you have 2 coins")


# ------------------------------------------------------------------------------------ AT-3


def _viola_shops(stick_2: str, second_tile: str, coins: int):
    state = new_position(players=2)
    viola = 0
    set_stick(state, viola, 1, stick_2)
    set_store(state, f"O {second_tile} A K")
    set_coins(state, viola, coins)
    quiet_turn(state, viola)
    state.apply("buy S1 on 1")  # the 1st purchase goes on another stick
    return state, viola


def test_at3_kiwi_stick_with_a_haw_gives_two_sweet_cards():
    state, viola = _viola_shops("K K K", "H", coins=5)
    deck, drops = len(state.deck), state.drops[viola]
    script(state, "coin")
    events = state.apply("buy S2 on 2")  # the haw, on stick 2, spot 4: price 2
    assert only(events, "buy").data["price"] == 2
    assert only(events, "complete").data["patterns"] == ["all-same"]  # not all-different, not two pairs
    reward = only(events, "reward")
    assert reward.data["pattern"] == "all-same" and reward.data["sweet_cards"] == 2
    assert len(state.hands[viola]) == 2 and len(state.deck) == deck - 2
    assert state.coins[viola] == 5 - 1 - 2 == 2  # the reward changes no coins ...
    assert state.drops[viola] == drops  # ... and no drops; 2 purchases earn no drop either


def test_at3_counterfactual_orange_apple_kiwi_plus_strawberry_gives_5_coins():
    state, viola = _viola_shops("O A K", "S", coins=5)
    events = state.apply("buy S2 on 2")
    assert only(events, "complete").data["patterns"] == ["all-different"]
    assert only(events, "reward").data["coins"] == 5
    assert state.coins[viola] == 7
    assert state.phase == SHOP  # 7 coins pay for a 3rd tile at 3, so she may keep shopping


def test_at3_counterfactual_from_6_coins_caps_at_9_and_2_coins_are_lost():
    state, viola = _viola_shops("O A K", "S", coins=9)
    reward = only(state.apply("buy S2 on 2"), "reward")  # 9 - 1 - 2 = 6 coins when the reward comes
    assert (reward.data["amount"], reward.data["coins"]) == (5, 3)
    assert state.coins[viola] == 9


# ------------------------------------------------------------------------------------ AT-4


def _at4(third_on: int):
    state = new_position(players=2)
    p = 0
    set_coins(state, p, 9)
    set_board(state, p, "O A K", "", "")
    set_store(state, "A K S O")
    events = to_turn(state, p, "coin")
    coin = only(events, "coins")
    assert (coin.data["amount"], coin.data["gained"]) == (1, 0) and state.coins[p] == 9  # capped; 1 lost
    script(state, "coin")  # the next player's roll draws nothing from the bag
    steps = [state.apply("buy S1 on 2"), state.apply("buy S2 on 2"), state.apply(f"buy S3 on {third_on}")]
    return state, p, steps


def test_at4_a_5_coin_reward_pays_for_a_4th_purchase():
    state, p, steps = _at4(third_on=1)
    assert [only(s, "buy").data["price"] for s in steps] == [1, 2, 3]
    assert only(steps[0], "place").data == {"tile": state.sticks[p][1][0], "stick": 1, "spot": 1}
    assert only(steps[1], "place").data["spot"] == 2
    assert only(steps[2], "place").data["spot"] == 4
    assert only(steps[2], "complete").data["patterns"] == ["all-different"]
    assert only(steps[2], "reward").data["coins"] == 5
    assert state.coins[p] == 8 and state.phase == SHOP

    bag = len(state.bag)
    fourth = state.apply("buy S4 on 3")
    assert only(fourth, "buy").data["price"] == 4 and state.coins[p] == 4
    assert only(fourth, "place").data == {"tile": state.sticks[p][2][0], "stick": 2, "spot": 1}
    # The store is empty: shopping ended by itself, with no drop for 4 purchases.
    assert "stop" not in kinds(fourth) and "drops" not in kinds(fourth)
    assert state.drops[p] == 2
    assert len(only(fourth, "refill").data["tiles"]) == 4 and len(state.bag) == bag - 4
    assert state.view(p)["players"][p]["income"] == 4  # stick 2 spots 3+4, stick 3 spots 3+4


def test_at4_control_without_the_reward_the_4th_purchase_is_unaffordable():
    state, p, steps = _at4(third_on=3)  # the strawberry goes on stick 3: nothing completes
    assert "reward" not in kinds(steps[2])
    assert state.coins[p] == 3  # < 4, the price of a 4th tile
    assert "stop" not in kinds(steps[2])  # shopping ended by itself ...
    assert [space for space, _ in only(steps[2], "refill").data["tiles"]] == [0, 1, 2]  # ... S4 unsold
    assert state.current_player == 1


# ------------------------------------------------------------------------------------ AT-5


def test_at5_die_tile_completes_a_stick_and_the_cap_applies():
    state = new_position(players=2)
    p = 0
    set_coins(state, p, 6)
    set_stick(state, p, 0, "A K S")
    events = to_turn(state, p, "fruit", draw="H")
    assert state.phase == DIE_TILE and only(events, "die_tile").data["tile"] == state.die_tile
    events = state.apply("place 1")
    assert only(events, "complete").data["patterns"] == ["all-different"]
    assert only(events, "reward").data["coins"] == 3  # 6 + 5 = 11, capped: 2 lost
    assert state.coins[p] == 9
    assert state.phase == ACTION
    assert "buy S1 on 2" in legal(state) and state.price() == 1


# ------------------------------------------------------------------------------------ AT-6


def test_at6_one_purchase_earns_two_pairs_and_the_single_purchase_drop():
    state = new_position(players=2)
    p, other = 0, 1
    set_coins(state, p, 2)
    set_drops(state, p, 1)
    set_drops(state, other, 5)  # enough drops to garnish, but no complete stick
    set_stick(state, p, 1, "A A S")
    set_store(state, "O H K O")
    stock, deck = state.stock, len(state.deck)

    events = to_turn(state, p, "sugar")
    assert only(events, "drops").data == {"amount": 1, "gained": 1, "reason": "die"}
    assert state.drops[p] == 2 and state.stock == stock - 1
    # Nobody has a complete stick: every player is skipped and nobody is asked.
    assert "garnish" not in kinds(events) and "pass" not in kinds(events)
    assert state.phase == ACTION and state.current_player == p

    script(state, "coin")
    events = state.apply("buy S2 on 2")
    assert only(events, "buy").data["price"] == 1 and state.coins[p] == 1
    assert only(events, "complete").data["patterns"] == ["two-pairs"]
    reward = only(events, "reward")
    assert (reward.data["sweet_cards"], reward.data["drops"]) == (1, 2)
    single = only(events, "drops")
    assert single.data == {"amount": 1, "gained": 1, "reason": "single purchase"}
    assert kinds(events).index("reward") < kinds(events).index("drops")
    assert state.drops[p] == 5 and len(state.hands[p]) == 1 and len(state.deck) == deck - 1
    assert state.stock == stock - 4  # -1 (die) -2 (two pairs) -1 (single purchase)


# ------------------------------------------------------------------------------------ AT-7

AT7 = [
    ("O O O K", []),
    ("O O K A", []),
    ("K O K O", ["two-pairs"]),
    ("A A K K", ["two-pairs"]),
    ("O K H H", ["all-different", "two-pairs"]),
    ("K K H H", ["all-same", "two-pairs"]),
    ("S H H H", ["all-different", "all-same", "two-pairs"]),
    ("H H H H", ["all-different", "all-same", "two-pairs"]),
    ("O O O O", ["all-same"]),
]


def _complete_with_die_tile(stick: str):
    state = new_position(players=2)
    p = 0
    *first_three, last = stick.split()
    set_stick(state, p, 0, " ".join(first_three))
    to_turn(state, p, "fruit", draw=last)
    before = (state.coins[p], state.drops[p], len(state.hands[p]))
    return state, p, before, state.apply("place 1")


@pytest.mark.parametrize(("stick", "patterns"), AT7)
def test_at7_pattern_table(stick, patterns):
    state, p, before, events = _complete_with_die_tile(stick)
    assert only(events, "complete").data["patterns"] == patterns
    if not patterns:  # no reward: coins, drops and sweet cards unchanged
        assert "reward" not in kinds(events)
        assert (state.coins[p], state.drops[p], len(state.hands[p])) == before
        assert state.phase == ACTION
    elif len(patterns) == 1:  # applied automatically
        assert only(events, "reward").data["pattern"] == patterns[0]
        assert state.phase == ACTION
    else:  # the owner chooses
        assert state.phase == PATTERN and legal(state) == patterns
        for choice in patterns:
            branch = state.clone()
            chosen = branch.apply(choice)
            assert only(chosen, "reward").data["pattern"] == choice  # exactly one reward
            assert branch.phase == ACTION and branch.pattern_options == ()


def test_at7_choosing_a_pattern_the_stick_cannot_make_is_refused():
    state, _, _, _ = _complete_with_die_tile("O K H H")
    cannot = r"stick 1 \(O K H H\) cannot make all-same, even with its haws wild; "
    refused(state, "all-same", cannot + "it can make all-different or two-pairs")


# ------------------------------------------------------------------------------------ AT-8


def _at8(**options):
    state = new_position(players=3, **options)
    p1, p2, p3 = 0, 1, 2
    set_drops(state, p1, 3)
    set_stick(state, p1, 0, "O0 A1 K2 S1")
    set_drops(state, p2, 8)
    set_board(state, p2, "O O A A", "K K S S", "")
    set_drops(state, p3, 3)
    set_stick(state, p3, 0, "S S S S")
    stock = state.stock
    events = to_turn(state, p1, "sugar")
    return state, (p1, p2, p3), stock, events


def test_at8_garnish_window_runs_from_the_roller_clockwise_once_each():
    state, (p1, p2, _), stock, _ = _at8()
    assert state.drops[p1] == 4 and state.stock == stock - 1
    assert state.phase == GARNISH and state.current_player == p1
    assert legal(state) == ["garnish 1", "pass"]
    stick_value = state.view(p1)["players"][p1]["tile_stars"]
    assert stick_value == 4

    state.apply("garnish 1")
    assert state.drops[p1] == 0
    board = state.view(None)["players"][p1]["sticks"][0]
    assert board["garnished"] and all(t["pink"] for t in board["tiles"])
    assert sum(t["stars"] for t in board["tiles"]) == 8

    assert state.current_player == p2
    assert legal(state) == ["garnish 1", "garnish 2", "pass"]
    events = state.apply("garnish 2")
    assert state.drops[p2] == 4
    # P2 still has 4 drops and an ungarnished complete stick, yet is not asked again, and
    # P3 (3 drops) is skipped without being asked: the window is over and P1 acts.
    assert kinds(events) == ["garnish"]
    assert state.current_player == p1 and state.phase == ACTION
    assert state.stock == stock - 1 + 4 + 4  # net +7
    refused(state, "garnish 1", r"window .* closed.*once")


def test_at8_later_coin_and_fruit_rolls_open_no_garnish_window():
    state, (_, p2, p3), _, _ = _at8()
    state.apply("garnish 1")
    state.apply("garnish 2")
    script(state, "coin", "fruit")
    state.apply("work")  # P1 acts; P2 rolls COIN
    assert state.current_player == p2 and state.phase == ACTION and state.die == "coin"
    refused(state, "garnish 1", r"only in the window after a sugar roll$")
    state.apply("work")  # P3 rolls FRUIT
    assert state.current_player == p3 and state.phase == DIE_TILE
    refused(state, "garnish 1", r"only in the window after a sugar roll$")


def test_at8_multi_garnish_variant_lets_p2_garnish_both_sticks():
    state, (p1, p2, _), stock, _ = _at8(multi_garnish=True)
    state.apply("garnish 1")
    state.apply("garnish 1")
    assert state.current_player == p2 and legal(state) == ["garnish 2", "pass"]  # a 2nd garnish, 4 more drops
    state.apply("garnish 2")
    assert state.drops[p2] == 0 and state.garnished[p2][:2] == [True, True]
    assert state.current_player == p1 and state.phase == ACTION  # P3 is still skipped
    assert state.stock == stock - 1 + 4 + 8


# ------------------------------------------------------------------------------------ AT-9

A, B, C, D = range(4)


def _at9(trigger: int, turns_taken: list[int]):
    """Round 6 with A first; ``trigger`` holds 11 tiles, rolls COIN, and buys the 12th."""
    state = new_position(players=4, first=A)
    for seat in (trigger, B) if trigger == A else (trigger,):
        set_board(state, seat, "O A K S", "A K S O", "K S O")
    state.round, state.turns = 6, turns_taken
    to_turn(state, trigger, "coin")
    script(state, "coin", "coin", "coin")
    return state


def test_at9_case1_c_triggers_d_finishes_round_6_and_nobody_plays_a_7th_turn():
    state = _at9(C, [6, 6, 5, 5])
    events = state.apply("buy S1 on 3")
    assert state.filled[C] == 12 and "end_triggered" in kinds(events)
    assert state.current_player == D and not state.is_terminal()
    events = state.apply("work")
    assert state.is_terminal() and kinds(events)[-1] == "game_over"
    assert "turn" not in kinds(events)  # A and B do not start a 7th turn
    assert state.turns == [6, 6, 6, 6]


def test_at9_case2_d_triggers_and_the_game_ends_after_ds_refill():
    state = _at9(D, [6, 6, 6, 5])
    events = state.apply("buy S1 on 3")
    assert kinds(events)[-3:] == ["drops", "refill", "game_over"]
    assert state.is_terminal() and all(t >= 0 for t in state.store)
    assert state.turns == [6, 6, 6, 6]


def test_at9_case3_a_triggers_b_c_d_finish_and_a_second_full_board_changes_nothing():
    state = _at9(A, [5, 5, 5, 5])
    triggered = state.apply("buy S1 on 3")
    assert "end_triggered" in kinds(triggered) and state.current_player == B
    second = state.apply("buy S1 on 3")  # B fills their board too
    assert state.filled[B] == 12 and "end_triggered" not in kinds(second)
    assert state.current_player == C
    state.apply("work")
    assert state.current_player == D and not state.is_terminal()
    state.apply("work")
    assert state.is_terminal() and state.turns == [6, 6, 6, 6]
    assert not state.result().truncated


# ------------------------------------------------------------------------------------ AT-10


def test_at10_player_who_fills_the_board_with_the_die_tile_must_still_work():
    state = new_position(players=2)
    p = 0
    set_board(state, p, "O A K S", "A K S O", "O A K")
    set_coins(state, p, 3)
    to_turn(state, p, "fruit", draw="S")
    events = state.apply("place 3")
    assert state.filled[p] == 12 and "end_triggered" in kinds(events)
    assert only(events, "complete").data["patterns"] == ["all-different"]
    assert state.coins[p] == 8  # the completion reward is resolved
    assert legal(state) == ["work"]  # no free spot: B is illegal
    refused(state, "buy S1 on 1", "stick 1 is full")
    script(state, "coin")
    events = state.apply("work")
    assert only(events, "work").data == {"income": 0, "gained": 0}
    assert state.coins[p] == 8
    assert not state.is_terminal() and state.current_player == 1  # the final round goes on (AT-9)
    state.apply("work")
    assert state.is_terminal() and state.turns == [1, 1]


# ------------------------------------------------------------------------------------ AT-11


def _at11(p1_drops: int = 3, p1_coins: int = 2):
    state = new_position(players=3, first=0)
    p1, p2, p3 = 0, 1, 2
    set_stick(state, p1, 0, "O0 A1 K2 S1", garnished=True)  # 4 front stars, +4 garnished
    set_stick(state, p1, 1, "O1 A1 K1 S0")
    set_stick(state, p1, 2, "O1 A1 S0 K0")
    set_board(state, p2, "O2 A2 K2 S2", "O1 A1 K0 S0", "O0 A0 K0")
    set_board(state, p3, "H H H H", "O2 A2 K2 S2", "O0 A0")
    give_cards(state, p1, [2, 3])
    give_cards(state, p2, [1, 2, 3, 2])
    give_cards(state, p3, [3])
    for seat, drops, coins in ((p1, p1_drops, p1_coins), (p2, 3, 5), (p3, 1, 9)):
        set_drops(state, seat, drops)
        set_coins(state, seat, coins)
    assert (state.filled, tiles_total(state)) == ([12, 11, 10], 54)
    # P1 filled the board; P3, the last seat, takes the last turn of the round.
    state.end_triggered = True
    state.phase, state.player, state.roller = ACTION, p3, p3
    state.forget_answers()
    state.apply("work")  # 9 coins: income is lost to the cap
    assert state.is_terminal() and state.coins[p3] == 9
    return state.result()


def test_at11_king_tie_gives_nobody_the_king_and_coins_break_the_star_tie():
    result = _at11()
    assert [dict(b) for b in result.breakdown] == [
        {"tiles": 13, "sweets": 5, "king": 0},
        {"tiles": 10, "sweets": 8, "king": 0},
        {"tiles": 8, "sweets": 3, "king": 0},
    ]
    assert result.scores == (18, 18, 11)
    assert result.tiebreaks == ((2,), (5,), (9,))
    assert result.winners == (1,) and result.places == (2, 1, 3)
    assert not result.truncated


def test_at11_variant1_p1_with_4_drops_is_king_and_wins_outright():
    result = _at11(p1_drops=4)
    assert result.breakdown[0]["king"] == 2 and result.scores == (20, 18, 11)
    assert result.winners == (0,) and result.places == (1, 2, 3)


def test_at11_variant2_level_on_stars_and_coins_share_the_win():
    result = _at11(p1_coins=5)
    assert result.scores[:2] == (18, 18) and result.tiebreaks[:2] == ((5,), (5,))
    assert result.winners == (0, 1) and result.places == (1, 1, 3)


# ------------------------------------------------------------------------------------ AT-12


def test_at12_income_of_6_from_7_coins_is_capped_at_9():
    state = new_position(players=2)
    p = 0
    set_coins(state, p, 7)
    quiet_turn(state, p)
    work = only(state.apply("work"), "work")
    assert (work.data["income"], work.data["gained"]) == (6, 2)
    assert state.coins[p] == 9
