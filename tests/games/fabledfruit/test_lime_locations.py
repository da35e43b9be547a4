"""One test per Lime location (#1L–#20L, §1.6 and the seed's glossary), with exact outcomes,
its "only draw 1 fruit" fallback, and the seed's worked examples (§7 E-1 … E-12).

R-dependent: prices are RECONSTRUCTED (§5.3); a corrected card means a corrected test here.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.games.fabledfruit.fruits import LIME
from fruitbowl.games.fabledfruit.locations import EFFECTS

from .positions import act, at_location, cards, kinds, position, texts

L = parse_loc


def lime(n=3, **kw):
    """The first game of a Lime campaign with every Lime component brought into play."""
    s = position(n, options={"lime": True}, **kw)
    for label in ("4L", "5L", "10L", "12L", "17L"):
        s.enter_play(L(label), [])
    return s


def on_display(s, label):
    """Put a stack of ``label`` into the display (to buy it)."""
    loc = L(label)
    if loc not in s.stacks:
        s.stacks.append(loc)
    s.counts[loc] = 4
    return s


def test_every_lime_location_has_an_effect():
    assert all(L(f"{i}L") in EFFECTS for i in range(1, 21))


def test_1l_takes_a_lime_from_the_pile_or_draws_when_it_is_empty():
    s = lime(hands={0: "P"}, draw="G")
    act(s, "1L")
    assert s.hands[0] == cards("P L") and s.limes == 14 and s.draw == cards("G")
    s = lime(hands={0: "P"}, draw="G")
    s.limes = 0
    act(s, "1L")
    assert s.hands[0] == cards("P G") and s.limes == 0


def test_2l_discards_a_lime_for_three_fruits_or_draws_one():
    s = lime(hands={0: "L P"}, draw="B S C G")
    act(s, "2L")
    assert s.hands[0] == cards("P B S C") and s.discard == cards("L")
    s = lime(hands={0: "P"}, draw="B S")
    act(s, "2L")
    assert s.hands[0] == cards("P B")


def test_3l_restocks_a_lime_only_without_one_and_shows_the_hand():
    s = lime(hands={0: "P B"}, draw="G")
    events = act(s, "3L")
    assert s.hands[0] == cards("P B L G") and s.limes == 14
    shown = [e for e in events if e.kind == "reveal_hand"]
    assert shown and shown[0].data["hand"] == ["pineapple", "banana"]  # public: everybody sees it
    s = lime(hands={0: "L"}, draw="G")
    act(s, "3L")
    assert s.hands[0] == cards("L G") and s.limes == 15


def test_4l_fruit_token_from_the_pool_or_another_player():
    s = lime(hands={0: "L P", 1: ""})
    assert s.ftok == [-1] * 6  # I-3: 5 base tokens + the lime token
    act(s, "4L")
    assert texts(s) == ["name pineapple", "name lime"]
    s.apply("name lime")
    assert s.ftok[LIME] == 0 and s.hands[0] == cards("L P")  # the shown fruit is kept
    s = lime(hands={0: "B/S"})
    s.ftok[1] = 2  # another player holds the banana token: it is taken from them
    act(s, "4L")
    assert texts(s) == ["name banana", "name strawberry"]  # a fruit-mix card names one of its types
    s.apply("name banana")
    assert s.ftok[1] == 0
    s = lime(hands={0: ""}, draw="G")
    act(s, "4L")
    assert s.hands[0] == cards("G")  # empty hand: draw 1


def test_5l_double_or_wild_token_with_the_empty_pool_rule():
    # E-7: wild pool empty, players hold 2 + 1: all return, P takes 1
    s = lime(hands={0: ""})
    s.wild, s.wild_pool = [0, 2, 1], 0
    act(s, "5L", "wild")
    assert s.wild == [1, 0, 0] and s.wild_pool == 2
    s = lime(hands={0: ""})
    act(s, "5L", "double")
    assert s.double[0] == 1 and s.double_pool == 2
    assert s.current_player == 1  # no extra turn on the turn it was taken (E-7)


def test_6l_saved_fruit_leaves_the_hand_is_private_and_pays_twice():
    s = lime(hands={0: "S B", 1: "C"}, draw="G")
    act(s, "6L")
    assert texts(s) == ["save banana", "save strawberry", "done"]
    s.apply("save strawberry")
    assert s.hands[0] == cards("B") and s.saved[0] == cards("S")
    assert s.view(0)["players"][0]["saved"] == {"strawberry": 1}
    assert "saved" not in s.view(1)["players"][0] and s.view(1)["players"][0]["saved_count"] == 1
    s = lime(hands={0: ""}, draw="G")
    act(s, "6L")
    assert s.hands[0] == cards("G")


def test_e8_saved_strawberry_covers_both_strawberry_icons():
    s = lime(hands={0: "G G B"})
    s.saved[0] = cards("S")
    at_location(on_display(s, "10L"), "10L")  # SSGG*
    s.apply("buy")
    for unit in ("banana", "grapes", "grapes", "saved strawberry", "saved strawberry"):
        s.apply(f"pay {unit}")
    assert s.juices[0] == [L("10L")] and s.hands[0] == cards("") and s.saved[0] == cards("")
    assert s.discard == cards("S G G B")


def test_7l_takes_three_market_fruits_then_discards_down_to_five():
    # E-6: hand of 4, market of 5 → 7 → discard 2 of choice → 5
    s = lime(hands={0: "P P B B"}, market="S S C G L")
    act(s, "7L", "take strawberry", "take coconut", "take lime")
    assert sum(s.hands[0]) == 7 and texts(s)[0].startswith("discard")
    s.apply("discard pineapple")
    s.apply("discard banana")
    assert s.hands[0] == cards("P B S C L") and s.market == cards("S G")
    s = lime(hands={0: "P P B B"}, market="S C")
    act(s, "7L", "take strawberry", "take coconut", "discard pineapple")
    assert sum(s.hands[0]) == 5 and s.market == cards("")
    s = lime(hands={0: "P"}, market="", draw="G")
    act(s, "7L")
    assert s.hands[0] == cards("P G")


def test_8l_refills_then_trades_a_lime_for_two_non_lime_market_fruits():
    s = lime(hands={0: "L"}, market="L L P", draw="B C")
    act(s, "8L")
    assert s.market == cards("L L P B C L")  # refilled to 5, then the lime went in
    assert texts(s) == ["take pineapple", "take banana", "take coconut"]  # never a lime
    s.apply("take banana")
    s.apply("take pineapple")
    assert s.hands[0] == cards("P B") and s.market == cards("L L L C")
    s = lime(hands={0: "P"}, draw="G")
    act(s, "8L")
    assert s.hands[0] == cards("P G")


def test_9l_discards_any_number_and_draws_one_more():
    s = lime(hands={0: "P B C"}, draw="S S G L")
    act(s, "9L", "discard pineapple", "discard banana", "done")
    assert s.hands[0] == cards("C S S G") and s.discard == cards("P B")
    s = lime(hands={0: "P"}, draw="S")
    act(s, "9L", "done")
    assert s.hands[0] == cards("P S")


def test_10l_camouflage_coat_waives_every_movement_payment():
    s = lime(hands={0: "P", 1: "B"})
    assert s.coat == -1
    act(s, "10L")
    assert s.coat == 0
    # E-12 with the coat: moving onto an occupied stack next to the thief costs nothing
    s = lime(hands={0: "P B", 1: "C"})
    s.coat, s.thief, s.thief2 = 0, L("3L"), 49
    s.pos[1] = 49
    s.apply("move 49")
    assert s.hands == [cards("P B"), cards("C"), cards("")] and s.steps[0] == ("actbuy",)
    s = lime(hands={0: "P"}, draw="G")
    s.coat = 0
    act(s, "10L")
    assert s.hands[0] == cards("P G")  # already yours: draw 1 (R)
    s = lime(hands={0: "P", 2: ""})
    s.coat = 2
    act(s, "10L")
    assert s.coat == 0  # taken from another player


def test_11l_offer_two_limes_accepting_an_offer():
    s = lime(4, hands={0: "P", 1: "B B", 2: "C P", 3: "G"})
    act(s, "11L")
    assert s.current_player == 1 and texts(s) == ["offer banana", "done"]
    s.apply("offer banana")
    s.apply("offer banana")  # the hand is empty now: the offer is complete
    assert s.current_player == 2
    s.apply("offer coconut")
    s.apply("done")
    assert s.current_player == 3
    view = s.view(3)["offer_round"]
    assert view["limes"] == 2 and view["offers"][0] == {"seat": 1, "fruits": {"banana": 2}, "done": True}
    s.apply("done")  # no offer
    assert s.current_player == 0 and texts(s) == ["accept 2", "accept 3", "refuse"]
    s.apply("accept 2")
    assert s.hands[0] == cards("P B B") and s.hands[1] == cards("L L") and s.hands[2] == cards("C P")
    assert s.limes == 13 and s.offers is None


def test_11l_refusing_every_offer_gives_the_limes_and_one_fruit_to_each_other():
    s = lime(3, hands={0: "", 1: "B", 2: ""}, draw="S G")
    act(s, "11L", "offer banana", "refuse")  # seat 2 has nothing to offer
    assert s.hands[0] == cards("L L") and s.hands[1] == cards("B S") and s.hands[2] == cards("G")
    s = lime(3, hands={0: "", 1: "B", 2: "C"}, draw="S G")
    act(s, "11L", "done", "done")  # nobody offers: nothing to choose
    assert s.hands[0] == cards("L L") and s.hands[1] == cards("B S")
    s = lime(hands={0: ""}, draw="G")
    s.limes = 0
    act(s, "11L")
    assert s.hands[0] == cards("G")


def test_11l_bad_answers_are_refused_and_change_nothing():
    s = lime(3, hands={0: "P", 1: "B", 2: "C"})
    act(s, "11L")
    before = s.to_json()
    for bad in ("offer coconut", "accept 2", "refuse", "take lime"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_json() == before


def test_12l_gambling_token_with_the_empty_pool_rule():
    s = lime(hands={0: ""})
    act(s, "12L")
    assert s.gamble == [1, 0, 0] and s.gamble_pool == 5
    s = lime(hands={0: ""})
    s.gamble, s.gamble_pool = [0, 4, 2], 0
    act(s, "12L")
    assert s.gamble == [1, 0, 0] and s.gamble_pool == 5


def test_e1_gambling_example_with_10l():
    # Paul buys #10L (SSGG*) with 1 token; reveals S, B, P; S → S, B → smoothie, hand S, G, G
    s = lime(hands={0: "S G G C"}, draw="S B P")
    s.gamble = [1, 0, 0]
    s.gamble_pool = 5
    at_location(on_display(s, "10L"), "10L")
    assert texts(s)[0] == "gamble 1"
    s.apply("gamble 1")
    assert s.buf == kinds("S B P") and s.view(1)["revealed"] == ["strawberry", "banana", "pineapple"]
    for unit in ("banana", "strawberry", "strawberry", "grapes", "grapes"):
        s.apply(f"pay {unit}")
    assert s.juices[0] == [L("10L")] and s.gamble_pool == 6 and s.gamble == [0, 0, 0]
    assert s.hands[0] == cards("C")  # the hand kept what was not needed
    assert s.discard == cards("S S B P G G")  # all three reveals + the three hand cards


def test_e2_gambling_failure_is_binding():
    s = lime(hands={0: "G G C"}, draw="P P P")
    s.gamble = [1, 0, 0]
    s.gamble_pool = 5
    at_location(on_display(s, "10L"), "10L")
    events = s.apply("gamble 1")
    assert any(e.kind == "gamble_failed" for e in events)
    assert s.juices[0] == [] and s.hands[0] == cards("G G C") and s.discard == cards("P P P")
    assert s.gamble_pool == 6 and s.gamble[0] == 0 and s.active != 0  # no action; the turn ended
    # ... and a double turn token held since the turn began may still give another turn (§2.9.5)
    s = lime(hands={0: "G G C"}, draw="P P P")
    s.gamble, s.gamble_pool = [1, 0, 0], 5
    s.double, s.double_pool = [1, 0, 0], 2
    at_location(on_display(s, "10L"), "10L")
    s.apply("gamble 1")
    assert texts(s) == ["extra turn", "end turn"] and s.juices[0] == []


def test_13l_trades_a_juice_for_another_stack_then_takes_a_lime():
    # E-11: P owns #2L and #48; returns #48 and takes the top card of #49
    s = lime(hands={0: ""})
    s.juices[0] = [L("2L"), 48]
    cards_before = sum(s.counts[loc] for loc in s.stacks)
    act(s, "13L")
    assert texts(s) == ["return 48", "return 2L", "decline"]
    s.apply("return 48")
    assert "juice 48" not in texts(s) and "juice 20L" not in texts(s)
    s.apply("juice 49")
    assert sorted(s.juices[0]) == [49, L("2L")] and s.hands[0] == cards("L")
    assert sum(s.counts[loc] for loc in s.stacks) == cards_before  # no refill, 24 stay 24


def test_13l_declining_or_without_a_juice_draws_one():
    s = lime(hands={0: ""}, draw="G")
    act(s, "13L")
    assert s.hands[0] == cards("G")
    s = lime(hands={0: ""}, draw="G")
    s.juices[0] = [48]
    act(s, "13L", "decline")
    assert s.hands[0] == cards("G") and s.juices[0] == [48]


def test_14l_takes_a_fruit_of_choice_from_the_discard_pile():
    s = lime(hands={0: ""}, discard="P L")
    act(s, "14L")
    assert texts(s) == ["take pineapple", "take lime"]
    s.apply("take lime")
    assert s.hands[0] == cards("L") and s.discard == cards("P")
    s = lime(hands={0: ""}, draw="G")
    act(s, "14L")
    assert s.hands[0] == cards("G")


def test_e3_15l_camille_draws_four_for_two_limes():
    s = lime(4, hands={0: ""}, draw="P B S C")
    act(s, "15L")
    assert s.current_player == 1 and texts(s) == ["take lime", "done"]
    s.apply("take lime")
    s.apply("take lime")
    s.apply("done")
    assert s.limes == 13 and s.hands[1] == cards("L") and s.hands[2] == cards("L") and s.hands[3] == cards("")
    assert s.hands[0] == cards("P B S C")
    s = lime(4, hands={0: ""}, draw="P")
    act(s, "15L", "done", "done", "done")
    assert s.hands[0] == cards("L") and s.limes == 14


def test_16l_two_limes_for_the_poor():
    s = lime(hands={0: "P B"})
    act(s, "16L")
    assert s.hands[0] == cards("P B L L") and s.limes == 13
    s = lime(hands={0: "P B C"}, draw="G")
    act(s, "16L")
    assert s.hands[0] == cards("P B C G")
    s = lime(hands={0: ""})
    s.limes = 1
    act(s, "16L")
    assert s.hands[0] == cards("L") and s.limes == 0


def test_17l_thief_v2_two_new_stacks_and_robs_both():
    s = lime(4, hands={0: "", 1: "B", 2: "C", 3: "G"})
    assert s.thief == 0
    s.pos[1], s.pos[2], s.pos[3] = 49, 50, 51
    act(s, "17L", "thief 49")
    assert "thief 49" not in texts(s)
    s.apply("thief 50")
    assert (s.thief, s.thief2) == (49, 50) and s.hands[0] == cards("B C") and s.hands[3] == cards("G")
    assert s.view(None)["thief_stacks"] == [49, 50]
    # I-10: both new stacks must differ from the two now next to the thief
    s.active = 0
    act(s, "17L")
    assert "thief 49" not in texts(s) and "thief 50" not in texts(s)


def test_e12_thief_v2_payment_goes_into_the_market_before_the_occupants():
    s = lime(hands={0: "P B", 1: ""}, market="")
    s.thief, s.thief2 = 49, L("3L")
    s.pos[1] = 49
    s.apply("move 49")
    s.apply("put pineapple")  # the thief first: into the market
    assert s.market == cards("P")
    s.apply("give banana")
    assert s.hands[1] == cards("B")
    s = lime(hands={0: "P", 1: ""}, market="")
    s.thief, s.thief2 = 49, L("3L")
    s.pos[1] = 49
    s.apply("move 49")
    s.apply("put pineapple")
    assert s.market == cards("P") and s.hands[1] == cards("") and s.steps[0] == ("actbuy",)


def test_e4_18l_anne_puts_a_banana_and_a_lime_and_draws_four():
    s = lime(hands={0: "B B L"}, market="", draw="P S C G")
    act(s, "18L", "put banana")
    assert texts(s) == ["put lime", "done"]  # a second banana is refused
    with pytest.raises(IllegalAction):
        s.apply("put banana")
    s.apply("put lime")
    assert s.market == cards("B L") and s.hands[0] == cards("B P S C G")
    s = lime(hands={0: ""}, draw="G")
    act(s, "18L")
    assert s.hands[0] == cards("G")


def test_e5_19l_rachel_takes_a_coconut_a_lime_and_a_strawberry():
    s = lime(hands={0: ""}, market="C L S S P")
    act(s, "19L", "take coconut", "take lime")
    with pytest.raises(IllegalAction):
        s.apply("take coconut")
    s.apply("take strawberry")
    assert "take strawberry" not in texts(s)
    s.apply("done")
    assert s.hands[0] == cards("C L S") and s.market == cards("S P")
    s = lime(hands={0: ""}, market="", draw="G")
    act(s, "19L")
    assert s.hands[0] == cards("G")


def test_e10_20l_only_as_the_last_juice_even_after_the_trigger():
    s = lime(4, hands={0: "L L P P B B S S"}, draw="G G")
    s.juices[0] = [48]
    at_location(on_display(s, "20L"), "20L")
    assert "buy" not in texts(s)
    with pytest.raises(IllegalAction, match="last fabled juice"):
        s.apply("buy")
    s.apply("act")
    assert s.hands[0] == cards("L L P P B B S S G G")
    s = lime(4, hands={0: "L L P P B B S S"})
    s.juices[0] = [48, 49]
    at_location(on_display(s, "20L"), "20L")
    assert "buy" in texts(s)
    s = lime(4, hands={0: "L L P P B B S S"})
    s.juices[0] = [48, 49, 50]
    s.end_triggered = True
    at_location(on_display(s, "20L"), "20L")
    assert "buy" not in texts(s)


def test_e25_fruit_tokens_never_fill_a_smoothie():
    s = lime(hands={0: "S G G"})
    s.ftok[2] = s.ftok[LIME] = 0  # strawberry and lime tokens
    at_location(on_display(s, "10L"), "10L")
    assert "buy" not in texts(s)
    s = lime(hands={0: "S G G C"})
    s.ftok[2] = s.ftok[LIME] = 0
    at_location(on_display(s, "10L"), "10L")
    s.apply("buy")
    for unit in ("strawberry", "coconut", "grapes", "grapes", "strawberry token"):
        s.apply(f"pay {unit}")
    assert s.juices[0] == [L("10L")] and s.ftok[2] == 0 and s.hands[0] == cards("")


def test_i1_the_setup_spelling_l1_is_accepted_for_1l():
    s = lime(hands={0: "P"})
    assert s.parse_action("move L1").text == "move 1L" == s.parse_action("MOVE 1l").text
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not in the display"):
        s.apply("move 7L")
    assert s.to_json() == before
