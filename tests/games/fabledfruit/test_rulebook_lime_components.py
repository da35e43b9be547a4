"""Lime components entering play, written from the Lime rulebook (issue 18 §6).

Each test starts a Lime campaign game whose big stack has the first copy of a Lime location on
top (the campaign options ``display`` and ``big_stack``, as a later game of a campaign gets
them), lets a player *buy* a location so that the purchase reveals it, and then plays on through
``State.apply`` with action texts only: what the rulebook says enters play must be there, and
usable, on the following turns. Hands and the draw stack are written as text (positions.py).
"""

from __future__ import annotations

from typing import Any

from fruitbowl.games.fabledfruit import deck
from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.games.fabledfruit.rules import FabledFruitState

from .positions import lime_options, position, texts

FRUIT = {"pineapple": "P", "banana": "B", "strawberry": "S", "coconut": "C", "grapes": "G", "lime": "L"}


def revealing(label: str, n: int = 3, hands: dict[int, str] | None = None, **kw: Any) -> tuple[FabledFruitState, str]:
    """A Lime game, seat 1 to start, whose next location card is the first ``label``; seat 1
    holds exactly the price of a displayed stack (``*`` paid with a pineapple). Returns the
    state and that stack's label."""
    options = lime_options(deck.LIME_DECK.index(parse_loc(label)))
    probe = position(n, options=options)
    stack = next(s for s in probe.view(0)["display"] if s["cards"] >= 2 and s["label"] not in ("13L", "20L"))
    price = " ".join("P" if letter == "*" else letter for letter in stack["price"])
    return position(n, hands={0: price, **(hands or {})}, options=options, **kw), stack["label"]


def active(s: FabledFruitState) -> int:
    return s.view(None)["active_player"]


def buy(s: FabledFruitState, where: str) -> list:
    """The active player moves to ``where`` and buys it, paying what the menu offers first."""
    s.apply(f"move {where}")
    events = s.apply("buy")
    while s.view(None)["decision"]["kind"] == "pay":
        events += s.apply(texts(s)[0])
    return events


def move(s: FabledFruitState, where: str) -> list:
    """The active player moves to ``where``, paying the thief and the animals there with the
    first fruit the menu offers."""
    events = s.apply(f"move {where}")
    while s.view(None)["decision"]["kind"] in ("thief_pay", "occupant_pay"):
        events += s.apply(texts(s)[0])
    return events


def turn(s: FabledFruitState, where: str, *choices: str) -> list:
    """The active player moves to ``where`` (paying whatever the menu asks first), acts, makes
    ``choices``, then answers every further decision of the turn with its first option —
    except that an offered extra turn is declined. Returns the events."""
    me = active(s)
    events = move(s, where)
    events += s.apply("act")
    for choice in choices:
        events += s.apply(choice)
    while not s.is_terminal() and active(s) == me:
        options = texts(s)
        events += s.apply("end turn" if "end turn" in options else options[0])
    return events


def opens(events: list, label: str) -> bool:
    return any(e.kind == "refill" and e.data["location"] == parse_loc(label) and e.data["new_stack"] for e in events)


def test_4l_a_purchase_reveals_it_and_the_6_fruit_tokens_join_the_game():
    """#4L: "When this location comes into play, the 6 Fruit Tokens are added to the game and
    placed into an available pool. You keep the revealed fruit and take the matching Fruit Token
    … You use a Fruit Token instead of a matching fruit from your hand for buying a fabled juice
    … you keep the Fruit Token after all your future fabled juice purchases." """
    s, stack = revealing("4L", hands={1: "B S", 2: "C"})
    assert s.view(None)["fruit_tokens"] is None  # not in the game before #4L comes into play
    events = buy(s, stack)
    assert opens(events, "4L")
    assert s.view(None)["fruit_tokens"] == {name: -1 for name in FRUIT}  # all 6, in the pool
    turn(s, "4L", "name banana")  # seat 2 reveals a banana and takes the banana token
    view = s.view(1)
    assert view["fruit_tokens"]["banana"] == 1 and view["players"][1]["fruit_tokens"] == ["banana"]
    assert view["players"][1]["hand"] == {"banana": 1, "strawberry": 1}  # the revealed fruit is kept


def test_4l_a_fruit_token_pays_for_its_fruit_and_is_kept():
    s, stack = revealing("4L", hands={1: "B C L L", 2: "C"})
    buy(s, stack)
    turn(s, "4L", "name banana")  # seat 2 takes the banana token and keeps its banana
    turn(s, "1L")  # seat 3 takes a lime
    turn(s, "2L")  # seat 1 holds nothing: draws 1
    move(s, "3L")  # seat 2 buys #3L (LLBC): coconut, two limes and the banana token
    s.apply("buy")
    for unit in ("coconut", "lime", "lime", "banana token"):
        assert f"pay {unit}" in texts(s), (unit, texts(s))
        s.apply(f"pay {unit}")
    view = s.view(1)
    assert view["players"][1]["juices"] == [parse_loc("3L")]
    assert view["players"][1]["fruit_tokens"] == ["banana"] and view["players"][1]["hand"] == {"banana": 1}


def test_5l_a_purchase_reveals_it_with_3_double_turn_and_3_wild_tokens():
    """#5L: "When this location comes into play, the 3 Double Turn Tokens and the 3 Wild Tokens are
    added to the game and placed into an available pool." """
    s, stack = revealing("5L")
    assert s.view(None)["wild_pool"] is None and s.view(None)["double_pool"] is None
    events = buy(s, stack)
    assert opens(events, "5L")
    view = s.view(None)
    assert (view["wild_pool"], view["double_pool"]) == (3, 3)
    turn(s, "5L", "wild")
    assert s.view(None)["wild_pool"] == 2 and s.view(None)["players"][1]["wild"] == 1


def test_a_double_turn_token_is_usable_on_the_next_turn_not_the_one_it_was_taken():
    """#5L: "Return the double turn token to immediately take another turn … You cannot use the
    Double Turn Token on the same turn you acquired it." """
    s, stack = revealing("5L")
    buy(s, stack)
    s.apply("move 5L")
    s.apply("act")
    s.apply("double")
    assert s.view(None)["players"][1]["double"] == 1
    assert active(s) == 2 and "extra turn" not in texts(s)  # no extra turn on the turn it was taken
    turn(s, "1L")  # seat 3
    turn(s, "1L")  # seat 1
    assert active(s) == 1
    s.apply("move 2L")
    s.apply("act")
    assert texts(s) == ["extra turn", "end turn"]
    events = s.apply("extra turn")
    assert any(e.kind == "turn" and e.data["extra"] for e in events)
    view = s.view(None)
    assert active(s) == 1 and view["players"][1]["double"] == 0 and view["double_pool"] == 3


def test_10l_a_purchase_reveals_it_and_the_camouflage_coat_makes_moving_free():
    """#10L: "When this location comes into play, the Camouflage Coat Token is added to the game and
    placed into an available pool. Take the Camouflage Coat Token from the pool … As long as you
    have that, you can move to locations with other players or the thief without giving them
    fruits." """
    s, stack = revealing("10L", hands={1: "P B", 2: "C S"})
    assert s.view(None)["coat"] is None
    events = buy(s, stack)
    assert opens(events, "10L")
    assert s.view(None)["coat"] == -1  # in the pool
    turn(s, "10L")  # seat 2 takes the coat
    assert s.view(None)["players"][1]["coat"] and s.view(None)["coat"] == 1
    turn(s, "5L", "wild")  # seat 3
    turn(s, "9L")  # seat 1
    sizes = [p["hand_size"] for p in s.view(None)["players"]]
    s.apply("move 5L")  # seat 2, in the coat, joins seat 3: nothing to pay
    assert s.view(None)["decision"]["kind"] == "act_or_buy"
    assert [p["hand_size"] for p in s.view(None)["players"]] == sizes
    s = revealing("10L", hands={1: "P B", 2: "C S"})[0]  # the same without the coat
    buy(s, stack)
    turn(s, "7L")  # seat 2 takes market fruits instead of the coat
    turn(s, "5L", "wild")  # seat 3
    turn(s, "9L")  # seat 1
    s.apply("move 5L")
    assert s.view(None)["decision"]["kind"] == "occupant_pay"


def test_12l_a_purchase_reveals_it_and_gambling_tokens_can_be_returned_when_buying():
    """#12L: "When this location comes into play, the 6 Gambling Tokens are added to the game and
    placed into an available pool … When buying a fabled juice, for each gambling token you return
    reveal 3 fruits from the stack." """
    s, stack = revealing("12L", hands={1: "S P"}, draw="G G G S C C B B")
    assert s.view(None)["gambling_pool"] is None
    events = buy(s, stack)
    assert opens(events, "12L")
    assert s.view(None)["gambling_pool"] == 6
    turn(s, "12L")  # seat 2 takes a gambling token
    assert s.view(None)["gambling_pool"] == 5 and s.view(None)["players"][1]["gambling"] == 1
    turn(s, "12L")  # seat 3 too
    turn(s, "9L")  # seat 1 holds nothing: draws 1 (the first G)
    s.apply("move 10L")  # seat 2 returns its token to buy #10L (SSGG*) holding only S P
    assert "gamble 1" in texts(s)
    s.apply("gamble 1")
    assert s.view(None)["revealed"] == ["grapes", "grapes", "strawberry"]
    while s.view(None)["decision"]["kind"] == "pay":
        s.apply(texts(s)[0])
    view = s.view(1)
    assert view["players"][1]["juices"] == [parse_loc("10L")] and view["players"][1]["gambling"] == 0
    assert view["gambling_pool"] == 5 and view["players"][1]["hand"] == {}  # the token went back


def test_17l_a_purchase_reveals_it_and_the_thief_comes_into_the_game():
    """#17L: "When this location enters play, the thief token is added to the game … Choose 2
    locations stacks and place them next to the thief. From each player standing on either
    location, draw 1 random fruit from their hand … If you move to a location next to the thief,
    you must place 1 fruit from your hand into the market." """
    s, stack = revealing("17L", n=4, hands={1: "B", 2: "C", 3: "G G"})
    assert s.view(None)["thief"] is None
    events = buy(s, stack)
    assert opens(events, "17L")
    assert s.view(None)["thief"] == 0 and not s.view(None)["thief_stacks"]  # in the game, waiting
    turn(s, "11L")  # seat 2 (a lime offer round for the others; answered with the first option)
    turn(s, "12L")  # seat 3
    robbed = s.view(None)["players"]
    hands = [p["hand_size"] for p in robbed]
    turn(s, "17L", "thief 11L", "thief 12L")  # seat 4 robs seat 2 and seat 3
    view = s.view(None)
    assert view["thief_stacks"] == [parse_loc("11L"), parse_loc("12L")]
    assert [p["hand_size"] for p in view["players"]][1:3] == [hands[1] - 1, hands[2] - 1]
    market = sum(view["market"].values())
    s.apply("move 12L")  # seat 1 moves next to the thief: a fruit into the market first
    assert s.view(None)["decision"]["kind"] == "thief_pay"
    s.apply(texts(s)[0])
    assert sum(s.view(None)["market"].values()) == market + 1


def test_20l_forms_a_new_stack_after_the_end_is_triggered_and_only_a_last_juice_buys_it():
    """#20L: "If you purchase a fabled juice which triggers the game end and this location enters
    play as a newly available stack, the other players can buy this fable juice if it provides
    them enough fable juices to meet the already triggered end of game condition." And: "The game
    ends at the end of the round when the first player has the required number of fabled
    juices." """
    s, stack = revealing("20L", hands={1: "L L P P P P P", 2: "L L P P P P P"})
    target = s.view(None)["target"]
    s.juices = [[48] * (target - 1), [49] * (target - 1), [50] * (target - 2)]  # earlier purchases
    events = buy(s, stack)  # seat 1's last juice: the end is triggered, and #20L is revealed
    assert opens(events, "20L") and s.view(None)["end_triggered"]
    assert [st["cards"] for st in s.view(None)["display"] if st["label"] == "20L"] == [1]  # a new stack
    s.apply("move 20L")  # seat 2 needs one more juice: #20L is its last
    assert "buy" in texts(s)
    s.apply("buy")
    while s.view(None)["decision"]["kind"] == "pay":
        s.apply(texts(s)[0])
    assert len(s.view(None)["players"][1]["juices"]) == target and not s.is_terminal()
    move(s, "20L")  # seat 3 would still be short: it may only act
    assert "buy" not in texts(s)
    s.apply("act")
    while not s.is_terminal() and active(s) == 2:
        s.apply(texts(s)[0])
    assert s.is_terminal()  # the end of the round in which the target was reached
    assert set(s.result().winners) <= {0, 1}  # both reached the target; seat 3 did not


def test_paid_limes_go_to_the_discard_pile_and_come_back_through_the_draw_stack():
    """#1L: "If you discard a lime from your hand or if you pay for a fabled juice with a lime, it is
    placed on the discard pile together with all other fruits. Thus, after shuffling the discard
    pile you can draw limes randomly from the Draw Stack, too." """
    options = lime_options(24)
    s = position(3, hands={0: "L L L L", 1: "", 2: ""}, draw="", discard="", options=options)
    buy(s, "1L")  # LL**, paid with four limes
    view = s.view(None)
    assert view["discard"] == {"lime": 4} and view["draw_stack"] == 0
    events = turn(s, "2L")  # seat 2 holds no lime: it draws 1 fruit, from the reshuffled discard pile
    assert [e.data["cards"] for e in events if e.kind == "reshuffle"] == [4]
    assert s.view(1)["players"][1]["hand"] == {"lime": 1}
    assert s.view(None)["draw_stack"] == 3 and s.view(None)["discard"] == {}
