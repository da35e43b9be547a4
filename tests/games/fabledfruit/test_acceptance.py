"""The base-game worked examples of rules/fabled_fruit.md §7 (E-14 … E-24), with exact outcomes.

E-1 … E-13 and E-25 concern the Lime expansion, which is not implemented yet.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.fabledfruit import deck
from fruitbowl.games.fabledfruit.campaign import Campaign

from .positions import act, at_location, cards, display_options, hand_text, kinds, position, table, texts, through


def test_e14_paying_with_one_fruit_chooses_who_is_paid_and_with_none_pays_nothing():
    s = position(3, hands={0: "B", 1: "", 2: ""})
    s.pos[1] = s.pos[2] = 4
    s.apply("move 4")
    assert texts(s) == ["give banana", "skip"]  # seat 2 is asked first (seat order from P's left)
    s.apply("skip")  # Q gets nothing …
    s.apply("give banana")  # … X gets the banana
    assert s.hands[2] == cards("B") and s.hands[1] == cards("")
    assert s.current_player == 0 and texts(s)[0] == "act"

    s = position(3, hands={0: "", 1: "P", 2: "P"})
    s.pos[1] = s.pos[2] = 4
    s.apply("move 4")
    assert texts(s) == ["act"]  # with no fruit there is nothing to pay
    s = position(3, hands={0: "P S", 1: "", 2: ""})
    s.pos[1] = s.pos[2] = 4
    s.apply("move 4")
    assert "skip" not in texts(s)  # enough fruit: both must be paid


def test_e15_gazelle_exchange():
    s = position(2, hands={0: "P", 1: "S"}, draw="C")
    act(s, 2)
    assert s.hands[0] == cards("P C")  # no banana: signpost, draw 1
    s = position(2, hands={0: "B", 1: ""})
    act(s, 2, "give banana", "give banana")
    assert s.hands[0] == cards("B") and s.hands[1] == cards("")  # Q held nothing: gives the banana back
    s = position(2, hands={0: "B", 1: "G"})
    act(s, 2, "give banana", "give grapes", "give banana")
    assert s.hands[0] == cards("G B") and s.hands[1] == cards("")  # P +1, Q -1
    s = position(2, hands={0: "B", 1: "G S C"})
    act(s, 2, "give banana")
    assert s.current_player == 1 and texts(s) == ["give banana", "give strawberry", "give coconut", "give grapes"]
    s.apply("give coconut")
    s.apply("give grapes")
    assert s.hands[0] == cards("C G") and s.hands[1] == cards("B S")


def test_e16_mosquito_exchange():
    s = position(3, hands={0: "P", 1: "S S", 2: "C C"}, draw="G")
    act(s, 3)
    assert s.hands[0] == cards("P G")  # nobody holds 3: only the draw
    s = position(3, hands={0: "P", 1: "S S S", 2: "C"}, draw="G")
    act(s, 3, "give strawberry", "give strawberry", "give strawberry", "give pineapple", "give grapes")
    assert s.current_player == 0 and texts(s) == ["give strawberry"]
    s.apply("give strawberry")
    assert sum(s.hands[0]) == 2 and sum(s.hands[1]) == 3  # P +1, the other player ±0
    assert s.hands[1] == cards("P S G")


def test_e17_reshuffle_mid_draw():
    s = position(2, hands={0: "", 1: ""}, draw="P", discard="B B S S C")
    act(s, 1)
    assert sum(s.hands[0]) == 2 and s.hands[0][0] == 1
    assert sum(s.draw) == 4 and sum(s.discard) == 0


def test_e18_rhino_price():
    s = at_location(position(2, hands={0: "P P P B"}), 1)
    assert "buy" in texts(s)
    s = at_location(position(2, hands={0: "P P B B"}), 1)
    assert texts(s) == ["act"]
    with pytest.raises(IllegalAction, match=r"#1 Draw 2 fruits costs PPP\* .*you have 2 pineapples, 2 bananas"):
        s.apply("buy")


def test_e19_first_juice_of_a_campaign_and_the_bear():
    s = position(3, hands={0: "G G G G P P S"})
    s.apply("move 3")
    s.apply("buy")
    assert texts(s) == ["pay pineapple", "pay strawberry", "pay grapes"]  # any one fills the smoothie
    for text in ("pay strawberry", "pay grapes", "pay grapes", "pay grapes"):
        s.apply(text)
    assert s.hands[0] == cards("G P P")
    assert s.counts[3] == 3 and s.juices[0] == [3]
    assert s.stacks == [1, 2, 3, 4, 5, 6, 7] and sum(s.counts) == 24
    assert deck.DECK_SIZE - s.top == 215
    at_location(s, 7, seat=0)
    s.hands[0] = cards("G P P")
    s.draw = list(reversed([0, 1, 2, 3, 4]))
    s.apply("act")
    s.apply("discard pineapple")
    s.apply("discard pineapple")
    assert sum(s.hands[0]) == 6
    from fruitbowl.games.fabledfruit.components import COMPONENTS

    assert COMPONENTS.locations[7].price == "******"


def _play_to_round_end(s):
    while not s.is_terminal() and s.steps[0][0] != "move":
        s.apply(s.legal_actions()[0])


def test_e20_end_of_round_and_tie_break():
    s = position(3, hands={1: "P P P B", 2: "S S S C"}, active=0)
    s.juices = [[], [1, 1, 1], [2, 2, 2]]
    s.apply("move 5")
    s.apply("act")
    _play_to_round_end(s)
    assert s.active == 1
    s.apply("move 1")
    s.apply("buy")
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert len(s.juices[1]) == 4 and s.end_triggered
    assert s.active == 2 and not s.is_terminal()  # C still plays
    s.apply("move 2")
    s.apply("buy")
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    _play_to_round_end(s)
    assert s.is_terminal() and s.ended_by == "end_of_round"
    result = s.result()
    assert result.scores == (0, 4, 4)
    # both hold 0 fruits after paying: still tied, the victory is shared
    assert result.winners == (1, 2)

    s = position(3, hands={1: "P P P B"}, active=1, options={"immediate_end": True})
    s.juices = [[], [1, 1, 1], []]
    s.apply("move 1")
    s.apply("buy")
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.ended_by == "immediate"


def test_e20_tie_break_most_fruits_in_hand():
    s = position(2, hands={0: "P", 1: "P P"})
    s.juices = [[1, 1], [2, 2]]
    s.game_over("end_of_round", [])
    assert s.result().winners == (1,)
    assert s.result().tiebreaks == ((1,), (2,))


def test_e21_campaign_carry_over():
    s = position(3)
    buys = [1, 1, 1, 1, 2, 2, 2, 3]
    price = {1: "P P P B", 2: "S S S B", 3: "G G G B"}  # PPP*, SSS*, GGG*
    for i, loc in enumerate(buys):
        seat = i % 3
        s.hands[seat] = cards(price[loc])
        at_location(s, loc, seat)
        s.apply("buy")
        while s.current_player == seat and s.steps[0][0] != "move":  # pay, and the purchase's end
            s.apply(s.legal_actions()[0])
    assert s.stacks == [2, 3, 4, 5, 6, 7, 8]
    assert [s.counts[loc] for loc in s.stacks] == [1, 3, 4, 4, 4, 4, 4]
    s.game_over("end_of_round", [])
    campaign = Campaign.new(seed=5).after_game(s, ["Ann", "Bo", "Cy"])
    assert campaign.display == [(2, 1), (3, 3), (4, 4), (5, 4), (6, 4), (7, 4), (8, 4)]
    assert len(campaign.big_stack) == 208 and campaign.big_stack[0] == 9
    assert len(campaign.set_aside_juices) == 8
    assert sum(c for _, c in campaign.display) + len(campaign.big_stack) + len(campaign.set_aside_juices) == 240
    nxt = table(3, 9, campaign.game_options(3))
    assert nxt.stacks == [2, 3, 4, 5, 6, 7, 8] and [sum(h) for h in nxt.hands] == [2, 2, 2]
    assert nxt.market is None and nxt.thief == -1 and nxt.ftok is None and nxt.wild is None


def test_e22_refill_onto_a_momentarily_empty_slot():
    first10 = deck.DECK.index(10)
    s = position(3, hands={0: "P P G G B"}, options={**display_options(first10 + 1)})
    assert s.counts[10] == 1 and deck.DECK[s.top] == 10
    s.pos[1] = 10
    at_location(s, 10)
    s.apply("buy")
    while s.steps[0][0] == "pay":
        s.apply(s.legal_actions()[0])
    assert s.counts[10] == 1 and 10 in s.stacks and s.pos[1] == 10
    assert not any(e for e in s.stacks if e > 10)


def test_e23_push_your_luck():
    s = position(2, hands={0: ""}, draw="B S B")
    act(s, 5, "reveal", "reveal")
    assert s.hands[0] == cards("") and s.discard == cards("B S B")
    s = position(2, hands={0: ""}, draw="B S B")
    act(s, 5, "reveal", "stop")
    assert s.hands[0] == cards("B S")


def test_e24_fruit_mix_types():
    s = position(2, hands={0: "B/S", 1: "P"}, options=through(51))
    act(s, 2)
    assert texts(s) == ["give banana/strawberry"]  # it is a banana: no signpost draw
    s = position(2, hands={0: ""}, draw="G B/S B", options=through(51))
    act(s, 5, "reveal")
    assert s.buf == kinds("G B/S") and hand_text(s.hands[0]) == ""
    s.apply("reveal")
    assert s.hands[0] == cards("") and s.discard == cards("G B/S B")  # B after B/S busts
    s = position(2, hands={0: ""}, draw="B B/S S G", options=through(51))
    act(s, 13)
    assert s.hands[0] == cards("B B/S S") and s.discard == cards("G")
    s = position(2, hands={0: "B/S"}, draw="P C G P", options=through(51))
    act(s, 48)
    assert sum(s.hands[0]) == 4  # P, C and G missing: draws 3
    s = position(2, hands={0: "B/S"}, options=through(51))
    s.ftok = [-1] * 5
    act(s, 33)
    assert texts(s) == ["name banana", "name strawberry"]
