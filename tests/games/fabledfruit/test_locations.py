"""One test per base location (#1–#59): its action with exact outcomes, and its signpost fallback.

R-dependent: these follow the reconstructed actions of rules/fabled_fruit.md §1.5; a corrected
card means a corrected test here.
"""

from __future__ import annotations

from fruitbowl.games.fabledfruit.locations import EFFECTS

from .positions import act, cards, kinds, position, texts, through


def size(s, p):
    return sum(s.hands[p])


def test_every_location_has_an_effect():
    assert sorted(EFFECTS) == list(range(1, 80))  # #1–#59, then #1L–#20L as 60–79


def test_l01_draw_two():
    s = position(2, hands={0: ""}, draw="P B S")
    act(s, 1)
    assert s.hands[0] == cards("P B")


def test_l02_signpost_without_banana():
    s = position(2, hands={0: "S"}, draw="G")
    act(s, 2)
    assert s.hands[0] == cards("S G")


def test_l03_draws_then_exchanges_three():
    s = position(2, hands={0: "", 1: "C C C"}, draw="P")
    act(s, 3, "give coconut", "give coconut", "give coconut", "give pineapple", "give coconut", "give coconut")
    assert s.hands[0] == cards("C") and s.hands[1] == cards("P C C")


def test_l04_takes_two_random_fruits_from_the_richest():
    s = position(3, hands={0: "", 1: "S S S", 2: "C C C"})
    act(s, 4)
    assert texts(s) == ["player 2", "player 3"]  # tied: you choose
    s.apply("player 3")
    assert s.hands[0] == cards("C C") and s.hands[2] == cards("C")
    s = position(3, hands={0: "", 1: "S", 2: ""}, draw="G")
    act(s, 4)
    assert s.hands[0] == cards("G")  # richest holds fewer than 2: signpost


def test_l05_gamble_stops_after_five():
    s = position(2, hands={0: ""}, draw="P B S C G P")
    act(s, 5, "reveal", "reveal", "reveal", "reveal")
    assert s.hands[0] == cards("P B S C G")


def test_l06_seek_one_fruit():
    s = position(2, hands={0: ""}, draw="P B S C")
    act(s, 6, "name strawberry")
    assert s.hands[0] == cards("S") and s.discard == cards("P B")
    s = position(2, hands={0: ""}, draw="P B")
    act(s, 6, "name grapes")
    assert s.hands[0] == cards("") and s.discard == cards("P B")  # piles ran out: nothing


def _discard_for(loc, letter, need, gain):
    extra = " ".join([letter] * need)
    s = position(2, hands={0: f"{extra} G" if letter != "G" else f"{extra} P"}, draw="P P P P P P")
    act(s, loc, *[f"discard {s_name(letter)}"] * need)
    assert size(s, 0) == 1 + gain
    s = position(2, hands={0: " ".join([letter] * (need - 1))}, draw="C")
    act(s, loc)
    assert size(s, 0) == need  # signpost: draw 1


def s_name(letter):
    return {"P": "pineapple", "B": "banana", "S": "strawberry", "C": "coconut", "G": "grapes"}[letter]


def test_l07_two_pineapples_for_five():
    _discard_for(7, "P", 2, 5)


def test_l08_draw_three_give_one():
    s = position(2, hands={0: ""}, draw="P B S")
    act(s, 8, "give banana")
    assert s.hands[0] == cards("P S") and s.hands[1] == cards("B")


def test_l09_strawberry_for_three():
    _discard_for(9, "S", 1, 3)


def test_l10_from_the_discard_pile():
    s = position(2, hands={0: ""}, discard="P B S")
    act(s, 10, "take strawberry", "take pineapple")
    assert s.hands[0] == cards("P S") and s.discard == cards("B")
    s = position(2, hands={0: ""}, discard="P", draw="G")
    act(s, 10)
    assert s.hands[0] == cards("G")


def test_l11_shared_harvest():
    s = position(3, hands={}, draw="P B S C")
    act(s, 11)
    assert s.hands[0] == cards("P B") and s.hands[1] == cards("S") and s.hands[2] == cards("C")


def test_l12_gift_from_the_left():
    s = position(3, hands={0: "", 1: "P B S"})
    act(s, 12)
    assert s.current_player == 1
    s.apply("give pineapple")
    s.apply("give strawberry")
    assert s.hands[0] == cards("P S")
    s = position(3, hands={0: "", 1: "P", 2: "S S"}, draw="G")
    act(s, 12)
    assert s.hands[0] == cards("G")


def test_l13_pairs():
    s = position(2, hands={0: ""}, draw="P P B S")
    act(s, 13)
    assert s.hands[0] == cards("P P") and s.discard == cards("B S")


def test_l14_coconut_for_three():
    _discard_for(14, "C", 1, 3)


def test_l15_swap_two_then_draw():
    s = position(2, hands={0: "P", 1: "S S"}, draw="G")
    act(s, 15, "give strawberry", "give strawberry", "give pineapple", "give strawberry")
    assert s.hands[0] == cards("S G") and s.hands[1] == cards("P S")


def test_l16_grape_for_three():
    _discard_for(16, "G", 1, 3)


def test_l17_catch_up():
    s = position(3, hands={0: ""}, draw="P B S")
    s.juices = [[1], [2, 2], [3, 3]]
    act(s, 17)
    assert s.hands[0] == cards("P B S")


def test_l18_tribute():
    s = position(3, hands={0: "P", 1: "B B", 2: "C"})
    act(s, 18, "give banana")
    assert s.hands[0] == cards("P B")  # only seat 2 holds more than you
    s = position(3, hands={0: "P P", 1: "B"}, draw="G")
    act(s, 18)
    assert s.hands[0] == cards("P P G")


def test_l19_banana_for_three():
    _discard_for(19, "B", 1, 3)


def test_l20_second_helping():
    s = position(2, hands={0: ""}, draw="P B S")
    act(s, 20, "discard pineapple")
    assert s.hands[0] == cards("B S")
    s = position(2, hands={0: ""}, draw="P B S")
    act(s, 20, "done")
    assert s.hands[0] == cards("P B")


def test_l21_market_swap_cannot_take_back_what_you_give():
    s = position(2, hands={0: "P B"}, market="S C", draw="G")
    act(s, 21, "put pineapple")
    assert texts(s) == ["take strawberry", "take coconut"]
    s.apply("take strawberry")
    s.apply("put banana")
    s.apply("take coconut")
    assert s.hands[0] == cards("S C G") and s.market == cards("P B")


def test_l22_market_stall():
    s = position(2, hands={0: ""}, market="P", draw="B S C G")
    act(s, 22, "take pineapple", "take grapes")
    assert s.hands[0] == cards("P G") and s.market == cards("B S C")


def test_l23_generous_picker():
    s = position(3, hands={0: ""}, draw="P B S C")
    act(s, 23, "player 2", "give pineapple")
    assert texts(s) == ["give banana", "give strawberry", "give coconut"]  # only seat 3 is left
    s.apply("give coconut")
    assert s.hands[1] == cards("P") and s.hands[2] == cards("C") and s.hands[0] == cards("B S")


def test_l24_lucky_guess():
    s = position(2, hands={0: ""}, draw="P B P")
    act(s, 24, "name pineapple")
    assert s.hands[0] == cards("P P") and s.discard == cards("B")
    s = position(2, hands={0: ""}, draw="P B P G")
    act(s, 24, "name coconut")
    assert s.hands[0] == cards("G")  # nothing matched: draw 1


def test_l25_market_sweep():
    s = position(2, hands={0: ""}, market="P P B", draw="S C G")
    act(s, 25)
    assert texts(s) == ["name pineapple", "name banana"]
    s.apply("name pineapple")
    assert s.hands[0] == cards("P P") and s.market == cards("B S C G")


def test_l26_forced_trade():
    s = position(2, hands={0: "G", 1: "P"}, draw="S")
    act(s, 26, "give grapes")
    assert s.hands[0] == cards("P S") and s.hands[1] == cards("G")


def test_l27_big_draw():
    s = position(2, hands={0: ""}, draw="P B S C G")
    act(s, 27, "discard pineapple", "discard grapes")
    assert s.hands[0] == cards("B S C")


def test_l28_thief_robs_everyone_there():
    s = position(3, hands={0: "", 1: "P", 2: "B"}, options=through(28))
    s.pos[1] = s.pos[2] = s.stacks[0]
    act(s, 28, f"thief {s.stacks[0]}")
    assert s.thief == s.stacks[0] and s.hands[0] == cards("P B")
    s.active = 1
    s.hands[1] = cards("S")
    s.steps = [("move",), ("call", "after_move"), ("actbuy",), ("call", "finish")]
    s.forget_answers()
    s.pos[1] = 0
    s.apply(f"move {s.thief}")
    assert texts(s) == ["put strawberry"]  # the thief is paid first, into the market
    s.apply("put strawberry")
    assert s.market[kinds("S")[0]] >= 1


def test_l29_draw_and_browse():
    s = position(2, hands={0: ""}, market="C", draw="P B")
    act(s, 29, "take coconut")
    assert s.hands[0] == cards("P B C")


def test_l30_pair_for_four():
    s = position(2, hands={0: "P P/B G"}, draw="S S S S", options=through(51))
    act(s, 30)
    assert texts(s) == ["discard pineapple", "discard pineapple/banana"]  # the grape has no partner
    s.apply("discard pineapple")
    s.apply("discard pineapple/banana")
    assert s.hands[0] == cards("G S S S S")


def test_l31_peek_and_snatch():
    s = position(2, hands={0: "", 1: "P B S"}, draw="G")
    events = act(s, 31)
    assert s.view(0)["peek"] == {"player": 1, "hand": {"pineapple": 1, "banana": 1, "strawberry": 1}}
    assert s.view(1)["peek"] is None and any(e.kind == "peek" for e in events)
    s.apply("take banana")
    s.apply("take strawberry")
    assert s.hands[0] == cards("B S") and s.hands[1] == cards("P G")


def test_l32_pass_it_on():
    s = position(3, hands={0: "P", 1: "B", 2: ""}, draw="S C")
    act(s, 32)
    assert s.hands[0] == cards("S C") and s.hands[1] == cards("P") and s.hands[2] == cards("B")


def test_l33_fruit_token_from_another_player():
    s = position(2, hands={0: "S"}, options=through(33))
    s.ftok[2] = 1
    act(s, 33, "name strawberry")
    assert s.ftok[2] == 0 and s.hands[0] == cards("S")
    s = position(2, hands={0: "S"}, draw="G", options=through(33))
    s.ftok[2] = 0
    act(s, 33)
    assert s.hands[0] == cards("S G")  # already holds that token: signpost


def test_l34_fresh_start():
    s = position(2, hands={0: "P P"}, draw="B S C G")
    act(s, 34)
    assert s.hands[0] == cards("B S C G") and s.discard == cards("P P")


def test_l35_top_picks_are_private():
    s = position(2, hands={0: ""}, draw="P B S C")
    act(s, 35)
    assert s.view(0)["looking_at"] == ["pineapple", "banana", "strawberry", "coconut"]
    assert s.view(1)["looking_at"] == [] and s.view(1)["revealed"] == []
    s.apply("take banana")
    s.apply("take coconut")
    assert s.hands[0] == cards("B C") and s.discard == cards("P S")


def test_l36_twins():
    s = position(2, hands={0: ""}, draw="P P B S")
    act(s, 36)
    assert s.hands[0] == cards("P P B S")
    s = position(2, hands={0: ""}, draw="P B S")
    act(s, 36)
    assert s.hands[0] == cards("P B")


def test_l37_tokens_and_exhaustion():
    s = position(2, hands={0: ""}, options=through(37))
    s.wild_pool, s.wild = 0, [2, 1]
    act(s, 37, "wild")
    assert s.wild == [1, 0] and s.wild_pool == 2
    s = position(2, hands={0: ""}, options=through(37))
    act(s, 37, "double")
    assert s.double == [1, 0] and not s.can_extra_turn(0)  # taken this turn: not usable now


def test_l38_give_to_get():
    s = position(3, hands={0: "P"}, draw="B S C")
    act(s, 38, "give pineapple")
    assert s.hands[1] == cards("P") and s.hands[0] == cards("B S C")


def test_l39_sell_to_the_market():
    s = position(2, hands={0: "P P/B B"}, market="", draw="S S S S", options=through(51))
    act(s, 39, "put pineapple")
    assert texts(s) == ["put pineapple/banana", "done"]  # the banana shares no type with the pineapple
    s.apply("put pineapple/banana")
    assert s.hands[0] == cards("B S S S S")


def test_l40_the_rich_share():
    s = position(3, hands={0: "", 1: "P", 2: "B"}, draw="S")
    s.juices = [[1], [2, 2], [3]]
    act(s, 40, "give pineapple")
    assert s.hands[0] == cards("P S") and s.hands[2] == cards("B")


def test_l41_second_chance():
    s = position(2, hands={0: ""}, draw="P B S C G")
    act(s, 41, "keep")
    assert s.hands[0] == cards("P B")
    s = position(2, hands={0: ""}, draw="P B S C G")
    act(s, 41, "redraw")
    assert s.hands[0] == cards("S C G") and s.discard == cards("P B")


def test_l42_two_bananas_for_five():
    _discard_for(42, "B", 2, 5)


def test_l43_two_strawberries_for_five():
    _discard_for(43, "S", 2, 5)


def test_l44_two_coconuts_for_five():
    _discard_for(44, "C", 2, 5)


def test_l45_two_grapes_for_five():
    _discard_for(45, "G", 2, 5)


def test_l46_new_market():
    s = position(2, hands={0: ""}, market="P P", draw="B S C G G")
    act(s, 46, "take banana", "take grapes")
    assert s.hands[0] == cards("B G") and s.market == cards("S C G") and s.discard == cards("P P")


def test_l47_three_different_for_six():
    s = position(2, hands={0: "P P/B S C"}, draw="G G G G G G", options=through(51))
    act(s, 47)
    assert "discard pineapple/banana" in texts(s)
    s.apply("discard pineapple/banana")
    assert texts(s) == ["discard strawberry", "discard coconut"]
    s.apply("discard strawberry")
    s.apply("discard coconut")
    assert s.hands[0] == cards("P G G G G G G")
    s = position(2, hands={0: "P P S"}, draw="C")
    act(s, 47)
    assert s.hands[0] == cards("P P S C")


def test_l48_missing_flavours():
    s = position(2, hands={0: "P B S C G"}, draw="P")
    events = act(s, 48)
    assert size(s, 0) == 6 and any(e.kind == "reveal_hand" for e in events)


def test_l49_visit_a_neighbour():
    s = position(2, hands={0: "", 1: ""}, draw="P P B B")
    act(s, 49)
    assert size(s, 0) == 3 and size(s, 1) == 1


def test_l50_poor_harvest():
    s = position(2, hands={0: "P P P"}, draw="B B B B")
    act(s, 50)
    assert size(s, 0) == 7
    s = position(2, hands={0: "P P P P"}, draw="B B B B")
    act(s, 50)
    assert size(s, 0) == 5


def test_l51_fruit_mix_card():
    s = position(2, hands={0: ""}, draw="P", options=through(51))
    act(s, 51, "take banana/strawberry")
    assert s.hands[0] == cards("B/S P") and s.supply[kinds("B/S")[0]] == 0


def test_l52_market_exchange_any_number():
    s = position(2, hands={0: "P B S"}, market="C G C", draw="G")
    act(s, 52, "put pineapple", "take coconut", "put banana", "take coconut", "put strawberry", "take grapes")
    assert s.hands[0] == cards("C C G G") and s.market == cards("P B S")


def test_l53_pickpocket_round():
    s = position(3, hands={0: "", 1: "P P P", 2: "B B"}, draw="G")
    act(s, 53)
    assert s.hands[0] == cards("P") and s.hands[1] == cards("P P")
    s = position(3, hands={0: "", 1: "P P", 2: "B B"}, draw="G")
    act(s, 53)
    assert s.hands[0] == cards("G")


def test_l54_shuffle_the_hands():
    s = position(3, hands={0: "", 1: "P", 2: "B"}, draw="S")
    act(s, 54, "give pineapple", "give banana", "give banana", "give pineapple")
    assert s.hands[1] == cards("B") and s.hands[2] == cards("P") and s.hands[0] == cards("S")


def test_l55_big_harvest():
    s = position(2, hands={0: ""}, draw="P B S C G")
    act(s, 55)
    assert s.hands[0] == cards("P B S C")


def test_l56_feast():
    s = position(3, hands={}, draw="P B S C G")
    act(s, 56)
    assert s.hands[0] == cards("P B S") and s.hands[1] == cards("C") and s.hands[2] == cards("G")


def test_l57_clear_out():
    s = position(2, hands={0: "P B S S"}, draw="C C C C C C")
    act(s, 57, "discard pineapple", "discard banana", "discard strawberry")
    assert s.hands[0] == cards("S C C C C C C")  # 3 discarded: draw 6
    s = position(2, hands={0: "P P"}, draw="C")
    act(s, 57)
    assert s.hands[0] == cards("P P C")


def test_l58_greed():
    s = position(3, hands={0: "", 1: "P", 2: ""}, draw="G")
    act(s, 58)
    assert s.hands[0] == cards("P G")  # takes as many as there are, then draws 1


def test_l59_grand_orchard():
    s = position(2, hands={0: ""}, draw="P B S")
    act(s, 59)
    assert s.hands[0] == cards("P B S")
