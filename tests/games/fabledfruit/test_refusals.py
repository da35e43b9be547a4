"""Each rule the rulebook names refuses an action by its key, with the sentence a player reads.

Positions are set up with :mod:`.positions` and played to the decision through actions; every
refused action is asked for its key (``state.refusal``), applied (it raises the key's sentence and
changes nothing), and its sentence is read for what the rule says. Numbers in the sentences come
from the game's data (targets, gambling reveals, prices).
"""

from __future__ import annotations

import random

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.fabledfruit.components import COMPONENTS as C
from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.games.fabledfruit.rules import FabledFruitState

from .positions import GAME, act, at_location, cards, position, texts, through

L = parse_loc


def refused(s: FabledFruitState, text: str, key: str) -> str:
    """``text`` is refused here by the rule ``key``; returns the sentence, which applying it raises."""
    assert text not in texts(s)
    assert s.refusal(text) == key
    before = s.to_json()
    with pytest.raises(IllegalAction) as refusal:
        s.apply(text)
    assert s.to_json() == before
    sentence = str(refusal.value)
    assert sentence == s.explain(text) == GAME.refusals[key](s, s.table.parse(text))
    return sentence


def lime(n: int = 3, **kw) -> FabledFruitState:
    """The first game of a Lime campaign with every Lime component brought into play."""
    s = position(n, options={"lime": True}, **kw)
    for label in ("4L", "5L", "10L", "12L", "17L"):
        s.enter_play(L(label), [])
    return s


def test_legal_actions_have_no_refusal():
    s = position(2, hands={0: "P"})
    assert all(s.refusal(text) is None for text in texts(s))


# ---------------------------------------------------------------------- §2.3 the turn


def test_2_3_step_1_you_must_move_to_another_stack_of_the_display():
    """§2.3 step 1: "Move your animal to a different location stack" (it may not stay)."""
    s = position(2, hands={0: "P"})
    assert refused(s, "act", "move.first").startswith("first move your animal")
    s.apply("move 2")
    s.apply("act")  # no banana: the signpost
    s.apply("move 3")  # Bo
    s.apply("act")
    assert refused(s, "move 2", "move.must_move") == (
        "you must move: your animal already stands on #2, and each turn it goes to another stack"
    )
    assert refused(s, "move 7", "move.not_in_display").startswith("#7 is not in the display")


def test_2_3_step_2_pay_each_animal_already_there_while_you_have_fruit():
    """§2.3 step 2: one fruit to each player whose animal is already there; short of fruit, the rest go unpaid."""
    s = position(3, hands={0: "P", 1: "B", 2: "C"})
    s.apply("move 2")
    s.apply("act")
    s.apply("move 2")  # Bo joins Ann: Bo owes Ann a fruit
    assert texts(s) == ["give banana"]
    assert "leave someone unpaid only when you run short" in refused(s, "skip", "movepay.skip")
    assert refused(s, "give coconut", "movepay.not_held") == "you have no coconut to pay with"
    assert "first pay for moving" in refused(s, "act", "movepay.first")


# ---------------------------------------------------------------------- §2.3 step 3, §2.5 buying


def test_2_3_step_3_after_moving_act_or_buy():
    s = position(2, hands={0: "P"})
    s.apply("move 3")
    assert "already moved this turn" in refused(s, "move 4", "actbuy.already_moved")
    assert refused(s, "pay pineapple", "actbuy.choose").startswith("use the location's action or buy it")


def test_2_5_a_juice_costs_its_printed_price():
    """§2.5: the price is paid in full; * (a smoothie) is any fruit."""
    s = at_location(position(2, hands={0: "P P B"}), 1)
    price = C.locations[1].price
    sentence = refused(s, "buy", "buy.too_dear")
    assert sentence == f"#1 {C.locations[1].name} costs {price} (* = any fruit); you have 2 pineapples, 1 banana"


def test_2_5_2_payment_one_unit_per_icon_in_menu_order():
    """§2.5.2: each icon takes one unit that matches it; a payment is chosen unit by unit in menu order."""
    s = at_location(position(2, hands={0: "P P P B S"}), 1)  # #1: PPP*
    s.apply("buy")
    assert refused(s, "act", "pay.finish_first") == "finish paying for the juice first"
    assert refused(s, "pay coconut", "pay.not_held") == "you have no coconut left to pay with"
    sentence = refused(s, "pay banana", "pay.cannot_cover")  # banana first: no pineapple may follow it
    assert sentence.startswith("banana cannot be paid now: with it, the rest of PPP* cannot be covered")
    for _ in range(3):
        s.apply("pay pineapple")
    s.apply("pay strawberry")  # the smoothie
    assert s.juices[0] == [1] and s.hands[0] == cards("B")
    s = at_location(position(2, hands={0: "P P P C C"}), 4)  # #4: CCPP
    s.apply("buy")
    s.apply("pay pineapple")
    s.apply("pay pineapple")
    s.apply("pay coconut")
    sentence = refused(s, "pay pineapple", "pay.order")
    assert sentence == "payments are chosen in menu order: pineapple comes before the coconut already chosen"


def test_1_6_20l_only_as_the_last_juice_and_gambling_needs_its_tokens():
    """§1.6: #20L may only be bought as a player's last fabled juice; §2.9.5: one gambling token per reveal set."""
    s = lime(4, hands={0: "L L P P B B S S"})
    s.juices[0] = [48]
    s.stacks.append(L("20L"))
    s.counts[L("20L")] = 4
    at_location(s, "20L")
    target = C.targets[4]
    sentence = refused(s, "buy", "buy.last_juice")
    assert sentence.startswith(f"#20L may only be bought as your last fabled juice: you need {target - 1} juices")
    reveals = C.lime.gambling_reveals
    assert refused(s, "gamble 1", "gamble.no_tokens") == (
        f"you hold 0 gambling tokens; to gamble you return one for every {reveals} reveals"
    )


# ---------------------------------------------------------------------- location decisions


def test_l2_give_a_banana_to_another_player():
    """#2: "Give 1 banana to another player; that player then gives you 2 fruits of their choice"."""
    s = position(3, hands={0: "P B", 1: "S S"})
    act(s, 2)
    assert refused(s, "player 1", "player.choose") == (
        "choose one of the players the location allows: player 2 or player 3"
    )
    s.apply("player 2")
    assert refused(s, "give pineapple", "card.type") == "it must be a banana (or a fruit-mix card showing one)"
    assert refused(s, "done", "card.not_optional") == (
        "you cannot stop here: give a fruit (the location does not let you stop early)"
    )
    assert refused(s, "discard banana", "card.other_verb") == "now give a fruit"
    assert refused(s, "give coconut", "card.none") == "there is no coconut to give"


def test_l30_a_pair_needs_a_partner():
    """#30: discard 2 fruits of the same type (a fruit-mix card counts for either)."""
    s = position(2, hands={0: "P P/B G"}, options=through(51))
    act(s, 30)
    sentence = refused(s, "discard grapes", "card.rule")
    assert sentence == "grapes does not fit: it must have a partner of the same fruit type in your hand"


def test_l24_l25_l33_named_fruit_types():
    """#24 names any fruit type of the game; #25 one in the market; #33 a token you lack, of a fruit you hold."""
    s = position(2, hands={0: ""}, draw="P B P")
    act(s, 24)
    assert refused(s, "name lime", "name.not_in_game") == "lime is not a fruit type of this game"
    assert refused(s, "act", "name.choose") == "now name a fruit type"
    s = position(2, hands={0: ""}, market="P P B", draw="S C G")
    act(s, 25)
    assert refused(s, "name coconut", "name.not_in_market") == "there is no coconut in the market"
    s = position(2, hands={0: "S B"}, options=through(33))
    s.ftok[1] = 0  # Ann holds the banana token
    act(s, 33)
    assert refused(s, "name banana", "name.own_token") == "you already hold the banana token"
    assert refused(s, "name grapes", "name.not_held") == "you have no grapes to show for its token"


def test_l5_choose_one_of_the_two():
    """#5: reveal one more fruit or stop."""
    s = position(2, hands={0: ""}, draw="P B S C G P")
    act(s, 5)
    assert refused(s, "keep", "choose.one_of") == "choose reveal or stop"


def test_l28_the_thief_moves_to_another_stack():
    """#28: "Put the thief next to a location stack" — another one than where it stands."""
    s = position(3, hands={0: ""}, options=through(28))
    s.thief = s.stacks[0]
    act(s, 28)
    here = s.stacks[0]
    assert refused(s, f"thief {here}", "thief.must_move").endswith(f"it is already next to #{here}")
    assert refused(s, "thief 2L", "thief.not_in_display") == "#2L is not in the display"
    assert refused(s, "act", "thief.choose") == "choose the stack to put the thief next to first"


# ---------------------------------------------------------------------- Lime decisions (§3)


def test_6l_save_only_a_fruit_you_hold():
    s = lime(hands={0: "S B"})
    act(s, "6L")
    assert refused(s, "save coconut", "save.not_held").endswith("you have no coconut")
    assert refused(s, "act", "save.choose") == "save a fruit from your hand, or save nothing ('done')"


def test_11l_offers_and_their_acceptance():
    """#11L: the others may offer fruits for the limes; you accept one offer or none."""
    s = lime(4, hands={0: "P", 1: "B", 2: "C", 3: "G"})
    act(s, "11L")
    assert refused(s, "offer grapes", "offer.not_held") == "you have no grapes to offer"
    s.apply("offer banana")
    s.apply("done")  # Cy makes no offer
    s.apply("done")  # Di neither
    assert refused(s, "accept 3", "accept.no_offer").startswith("player 3 made no offer")
    assert refused(s, "done", "accept.choose").startswith("accept the offer of a player who made one")


def test_13l_a_juice_traded_for_the_top_card_of_another_stack():
    """#13L (E-11, I-11): return a juice of this game, take the top card of another stack, never #20L."""
    s = lime(hands={0: ""})
    s.juices[0] = [L("2L"), 48]
    s.stacks.append(L("20L"))
    s.counts[L("20L")] = 1
    act(s, "13L")
    assert refused(s, "return 49", "return.not_owned") == "#49 is not one of your fabled juices of this game"
    s.apply("return 48")
    sentence = refused(s, "juice 48", "juice.returned")
    assert sentence == "#48 is the juice you returned: take the top card of another stack"
    assert refused(s, "juice 20L", "juice.last_juice").startswith("#20L is never taken in a trade")
    assert refused(s, "juice 7", "juice.not_in_display") == "#7 is not in the display"


def test_17l_thief_v2_two_different_stacks_neither_next_to_it_now():
    """#17L, I-10: the thief V2.0 takes two new stacks, not the ones it is next to, not one twice."""
    s = lime(4, hands={0: ""})
    s.thief, s.thief2 = 48, 0
    act(s, "17L", "thief 49")
    sentence = refused(s, "thief 49", "thief.twice")
    assert sentence == "the thief V2.0 needs two different stacks; you chose #49 already"
    assert refused(s, "thief 48", "thief.must_move").startswith(
        "the thief V2.0 must move to two stacks it is not next to now"
    )


# ---------------------------------------------------------------------- a bot's guess stays playable


def test_a_determinized_payment_stays_playable():
    """A bot's sample of the buyer's hidden hand may hold no payment that completes: then it pays with
    whatever it holds, and the sample's refusals agree with its legal actions."""
    s = at_location(position(2, hands={0: "P P P B S", 1: "C G"}), 1)
    s.apply("buy")
    s.apply("pay pineapple")
    for seed in range(20):
        sample = s.determinize(1, random.Random(seed))
        legal = sample.legal_codes()
        assert legal
        assert all(sample.refusal(code) is None for code in legal)
        assert all(sample.refusal(a.code) is not None for a in sample.table.actions if a.code not in legal)
    assert s.hands[0] == cards("P P P B S")
