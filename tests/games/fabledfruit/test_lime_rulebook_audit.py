"""An audit of the Lime expansion against its rulebook (the seed) and rules/fabled_fruit.md: the
rules no other test plays through — 2 and 5 players, what is (and is not) a fruit in hand, the
thief V2.0 and the camouflage coat together, a lime pile running out mid-action, the double turn
token on an extra turn, the end of the round, a traded-back juice entering play, and what a game
of a Lime campaign hands to the next.

Every test quotes the sentence it plays; positions come from :mod:`.positions`, the play goes
through action texts, and outcomes are read from the public view.
"""

from __future__ import annotations

import random

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.fabledfruit.campaign import Campaign, CampaignError, simulate_campaign
from fruitbowl.games.fabledfruit.components import loc_label, parse_loc
from fruitbowl.games.fabledfruit.rules import FabledFruitState

from .positions import act, at_location, cards, position, table, texts, through

L = parse_loc


def lime(n: int = 3, **kw) -> FabledFruitState:
    """The first game of a Lime campaign with every Lime component brought into play."""
    s = position(n, options={"lime": True}, **kw)
    for label in ("4L", "5L", "10L", "12L", "17L"):
        s.enter_play(L(label), [])
    return s


def on_display(s: FabledFruitState, label: str, count: int = 4) -> FabledFruitState:
    """Put a stack of ``label`` into the display."""
    loc = L(label)
    if loc not in s.stacks:
        s.stacks.append(loc)
    s.counts[loc] = count
    s.forget_answers()
    return s


def player(s: FabledFruitState, seat: int, viewer: int | None = None) -> dict:
    return s.view(viewer)["players"][seat]


def pay_in_menu_order(s: FabledFruitState) -> None:
    while s.view(None)["decision"]["kind"] == "pay":
        s.apply(texts(s)[0])


# ---------------------------------------------------------------------- 2 and 5 players


@pytest.mark.parametrize(("players", "target", "draw_stack"), [(2, 5, 51), (3, 4, 49), (4, 3, 47), (5, 3, 45)])
def test_first_lime_game_at_every_player_count(players, target, draw_stack):
    """Setup: "Shuffle all 60 Fruit Cards and deal 2 fruits to each player … Place the remaining
    fruits in a face down Fruit Stack … Prepare the Market Area by drawing 5 fruits from the
    stack" and "Place the 15 Lime Fruit Cards as a face up Lime Pile". #20L: "Depending on the
    number of players you need 3-5 fabled juices to trigger the end of the game." """
    view = table(players, 4, {"lime": True}).view(None)
    assert [p["hand_size"] for p in view["players"]] == [2] * players
    assert sum(view["market"].values()) == 5 and view["draw_stack"] == draw_stack == 60 - 2 * players - 5
    assert view["lime_pile"] == 15 and view["target"] == target
    assert sum(st["cards"] for st in view["display"]) == 24 and view["big_stack"]["cards"] == 74


@pytest.mark.parametrize(("players", "needed"), [(2, 4), (5, 2)])
def test_20l_is_bought_only_as_the_last_juice_with_2_and_with_5_players(players, needed):
    """#20L: "You can only buy this fabled juice, if this is the last fabled juice you need to end
    the game. Depending on the number of players you need 3-5 fabled juices" — 5 with 2 players,
    3 with 5 players (rules §2.10), so #20L is the 5th or the 3rd juice."""
    hand = "L L P P B B S S C"
    s = lime(players, hands={0: hand})
    s.juices[0] = [48] * (needed - 1)
    at_location(on_display(s, "20L"), "20L")
    assert "buy" not in texts(s)
    with pytest.raises(IllegalAction) as refusal:
        s.apply("buy")
    assert str(refusal.value) == (
        f"#20L may only be bought as your last fabled juice: you need {needed} juices first and have {needed - 1}"
    )
    s = lime(players, hands={0: hand})
    s.juices[0] = [48] * needed
    at_location(on_display(s, "20L"), "20L")
    s.apply("buy")
    pay_in_menu_order(s)
    assert len(player(s, 0)["juices"]) == needed + 1 and s.view(None)["end_triggered"]


# ---------------------------------------------------------------------- what is a fruit in hand


def test_16l_counts_the_hand_only_saved_fruits_are_not_in_it():
    """#6L: "Place 1 fruit from your hand face down below your animal token. It is no longer
    considered part of your hand." #16L: "If you have 2 or less fruits in your hand, take 2 limes
    from the lime pile into your hand." """
    s = lime(hands={0: "P B"})
    s.saved[0] = cards("S S S")
    act(s, "16L")
    assert player(s, 0, 0)["hand"] == {"pineapple": 1, "banana": 1, "lime": 2} and s.view(None)["lime_pile"] == 13
    assert player(s, 0)["saved_count"] == 3


def test_7l_the_hand_limit_of_five_leaves_saved_fruits_alone():
    """#7L: "Afterwards, if you have 6 or more fruits in your hand, you must discard fruits of
    your choice, until you only have 5 fruits in your hand." Saved fruits are not in the hand
    (#6L), so they neither count towards the 5 nor are discarded."""
    s = lime(hands={0: "P B C"}, market="S G L")
    s.saved[0] = cards("S S G G")
    act(s, "7L", "take strawberry", "take grapes", "take lime")
    assert player(s, 0)["hand_size"] == 6 and texts(s)[0].startswith("discard")
    with pytest.raises(IllegalAction, match="you cannot stop here"):
        s.apply("done")
    s.apply("discard coconut")
    assert player(s, 0)["hand_size"] == 5 and player(s, 0)["saved_count"] == 4
    assert s.view(None)["discard"] == {"coconut": 1}


def test_the_tie_break_counts_fruits_in_hand_not_saved_fruits_or_fruit_tokens():
    """ "Follow all rules of Fabled Fruit. The game ends at the end of the round when the first
    player has the required number of fabled juices." Tie-break (rules §2.10): most fruit cards in
    hand, saved fruits not counted; #4L: "Fruit Tokens do not count as fruits in your hand." """
    s = lime(2, hands={0: "L L P P B B", 1: "L L L P B"})
    s.juices = [[48] * 4, [49] * 4]
    s.saved[1] = cards("S S S")
    s.ftok[2] = 1  # seat 2 holds the strawberry token too
    s.apply("move 1L")  # LL**
    s.apply("buy")
    for unit in ("pineapple", "pineapple", "lime", "lime"):
        s.apply(f"pay {unit}")
    assert s.view(None)["end_triggered"] and not s.is_terminal()  # seat 2 still plays this round
    s.apply("move 2L")  # LLL*
    s.apply("buy")
    for unit in ("pineapple", "lime", "lime", "lime"):
        s.apply(f"pay {unit}")
    assert s.is_terminal() and s.ended_by == "end_of_round"
    result = s.result()
    assert result.scores == (5, 5)
    assert result.tiebreaks == ((2,), (1,))  # 2 bananas against 1 banana; seat 2's 3 saved fruits and token not counted
    assert result.winners == (0,)


# ---------------------------------------------------------------------- limes running out


def test_15l_the_last_lime_goes_to_the_first_taker_and_the_others_are_not_asked():
    """#15L: "In turn order, all other players may each take 1 lime from the lime pile into their
    hands. For each lime taken you draw 2 fruits from the stack." With 1 lime left, the first
    player to take it empties the pile: nobody after is asked, and you draw 2."""
    s = lime(4, hands={0: ""}, draw="P B S C")
    s.limes = 1
    act(s, "15L")
    assert s.current_player == 1
    s.apply("done")  # seat 2 passes
    assert s.current_player == 2
    s.apply("take lime")  # seat 3 takes the last lime
    view = s.view(None)
    assert view["lime_pile"] == 0 and view["players"][2]["hand_size"] == 1
    assert view["players"][3]["hand_size"] == 0 and view["active_player"] == 1  # seat 4 was not asked
    assert player(s, 0, 0)["hand"] == {"pineapple": 1, "banana": 1}


# ---------------------------------------------------------------------- the thief V2.0 and the coat


def test_17l_robs_the_camouflage_coat_holder_too_but_never_the_active_player():
    """#17L: "Choose 2 locations stacks and place them next to the thief. From each player
    standing on either location, draw 1 random fruit from their hand." #10L's coat only lets its
    holder "move to locations with other players or the thief without giving them fruits": it
    does not protect against the robbery (rules §2.8), and you never rob yourself (I-10)."""
    s = lime(4, hands={0: "P", 1: "B", 2: "C", 3: "G"})
    on_display(s, "17L")
    s.coat = 1
    s.pos[1], s.pos[2], s.pos[3] = 49, L("17L"), 51
    act(s, "17L", "thief 49", "thief 17L")  # seat 2 (in the coat) on #49, seat 3 beside you on #17L
    view = s.view(0)
    assert view["thief_stacks"] == [49, L("17L")]
    assert [p["hand_size"] for p in view["players"]] == [3, 0, 0, 1]
    assert view["players"][0]["hand"] == {"pineapple": 1, "banana": 1, "coconut": 1}


def test_the_coat_holder_is_still_paid_by_the_others():
    """#10L: "As long as you have that, you can move to locations with other players or the thief
    without giving them fruits." The coat frees its holder's moves only: a player without it who
    moves onto the holder's stack pays the holder as usual (rules §1.6 #10L)."""
    s = lime(3, hands={0: "P", 1: ""})
    s.coat = 1
    s.pos[1] = 49
    s.apply("move 49")
    assert s.view(None)["decision"]["kind"] == "occupant_pay" and texts(s) == ["give pineapple"]
    s.apply("give pineapple")
    assert player(s, 1, 1)["hand"] == {"pineapple": 1}


# ---------------------------------------------------------------------- the double turn token


def test_5l_a_token_taken_on_a_turn_serves_at_the_end_of_an_extra_turn_an_older_one_started():
    """#5L: "Return the double turn token to immediately take another turn … You cannot use the
    Double Turn Token on the same turn you acquired it." E-7: allowed "at the end of T+1 (or of an
    extra turn started by an older token)"."""
    s = lime(3, hands={0: ""}, draw="G G G")
    s.double, s.double_pool = [1, 0, 0], 2  # an older token
    on_display(s, "5L")
    s.apply("move 5L")
    s.apply("act")
    s.apply("double")
    assert player(s, 0)["double"] == 2 and player(s, 0)["double_usable"] == 1
    assert texts(s) == ["extra turn", "end turn"]  # the older token only
    s.apply("extra turn")
    assert s.view(None)["active_player"] == 0 and s.view(None)["double_pool"] == 2
    s.apply("move 50")
    s.apply("act")  # a hand of 0: draw 4
    assert texts(s) == ["extra turn", "end turn"]  # the new token now serves: this is another turn
    s.apply("end turn")
    assert s.view(None)["active_player"] == 1 and player(s, 0)["double"] == 1


def test_the_last_player_of_the_round_may_still_take_an_extra_turn_after_the_end_is_triggered():
    """ "The game ends at the end of the round when the first player has the required number of
    fabled juices." The round ends when the player right of the start player finishes their
    turn, extra turns included (rules §2.10)."""
    s = lime(3, hands={0: "L L P P", 1: "", 2: ""}, draw="G G G G G G G G G G G G")
    s.juices[0] = [48] * 3
    s.double, s.double_pool = [0, 0, 1], 2
    s.apply("move 1L")
    s.apply("buy")
    pay_in_menu_order(s)  # seat 1's 4th juice: the end is triggered
    assert s.view(None)["end_triggered"]
    s.apply("move 2L")
    s.apply("act")  # seat 2: no lime, draws 1
    s.apply("move 50")
    s.apply("act")  # seat 3, the last of the round
    assert texts(s) == ["extra turn", "end turn"] and not s.is_terminal()
    s.apply("extra turn")
    assert s.view(None)["active_player"] == 2 and not s.is_terminal()
    s.apply("move 52")
    s.apply("act")
    while not s.is_terminal():  # (#52's choices, then the turn's end)
        s.apply(texts(s)[0])
    assert s.ended_by == "end_of_round" and s.result().winners == (0,)


# ---------------------------------------------------------------------- #13L


def test_13l_a_juice_traded_back_as_a_new_stack_brings_its_components_into_play():
    """#13L: "Place your previously purchased fabled juice back as a location adjacent to the
    small stacks of locations." A returned juice that forms a new stack enters play (I-11), so
    #4L's "When this location comes into play, the 6 Fruit Tokens are added to the game" applies."""
    s = lime(hands={0: "P"})
    s.ftok = None  # #4L has not come into play in this game
    s.juices[0] = [L("4L")]
    s.forget_answers()
    assert s.view(None)["fruit_tokens"] is None
    act(s, "13L", "return 4L", "juice 48")
    view = s.view(0)
    assert [(st["label"], st["cards"]) for st in view["display"]][-1] == ("4L", 1)
    assert view["fruit_tokens"] == dict.fromkeys(("pineapple", "banana", "strawberry", "coconut", "grapes", "lime"), -1)
    assert view["players"][0]["juices"] == [48] and view["players"][0]["hand"] == {"pineapple": 1, "lime": 1}
    assert sum(st["cards"] for st in view["display"]) == 24


def test_13l_taking_the_last_card_of_a_stack_sends_its_animals_off_the_display():
    """#13L: "Place 1 of your fabled juices back in the center as a face up location in exchange
    for another location as a fabled juice." The stack whose last card is taken leaves the
    display, and an animal on it goes off it (I-11, rules §2.6 step 3)."""
    s = lime(hands={0: ""})
    s.juices[0] = [48]
    s.counts[49], s.counts[50] = 1, 5  # (still 24 cards)
    s.pos[1] = 49
    act(s, "13L", "return 48", "juice 49")
    view = s.view(None)
    assert "49" not in [st["label"] for st in view["display"]] and view["players"][1]["position"] == 0
    assert view["players"][0]["juices"] == [49] and sum(st["cards"] for st in view["display"]) == 24


# ---------------------------------------------------------------------- the next game of the campaign


def _play_to_the_end(s: FabledFruitState, seed: int) -> None:
    chooser = random.Random(seed)
    while not s.is_terminal():
        legal = texts(s)
        s.apply("buy" if "buy" in legal and chooser.random() < 0.8 else chooser.choice(legal))


def test_the_next_lime_game_starts_with_the_24_cards_left_on_the_table():
    """ "You will start your next game with the 24 Location Cards, which are currently lying in
    separate small stacks on the table!" The juices bought stay out; hands, limes, tokens, saved
    fruits and the market start afresh (rules §2.11, §3.3); with the same seating the next start
    player sits left of the last one (rules §2.2.2)."""
    names = ["Ann", "Bo", "Cy"]
    campaign = Campaign.new(3, names, ruleset="lime")
    s = table(3, campaign.game_seed(), campaign.game_options(3, names))
    _play_to_the_end(s, 3)
    end = s.view(None)
    left = [(st["label"], st["cards"]) for st in end["display"]]
    bought = sorted(loc_label(j) for p in end["players"] for j in p["juices"])
    assert sum(count for _, count in left) == 24

    after = campaign.after_game(s, names)
    assert sorted(str(j["location_id"]) for j in after.to_json()["set_aside_juices"]) == bought
    nxt = table(3, after.game_seed(), after.game_options(3, names))
    view = nxt.view(None)
    assert [(st["label"], st["cards"]) for st in view["display"]] == left
    assert view["big_stack"]["cards"] == end["big_stack"]["cards"] == 74 - len(bought)
    assert view["game_number"] == 2 and view["start_player"] == (end["start_player"] + 1) % 3
    assert view["lime_pile"] == 15 and sum(view["market"].values()) == 5 and view["draw_stack"] == 60 - 6 - 5
    assert all(p["juices"] == [] and p["hand_size"] == 2 and p["saved_count"] == 0 for p in view["players"])
    labels = [label for label, _ in left]
    assert (view["fruit_mix_supply"] is not None) == ("51" in labels)  # only while #51 is displayed
    assert (view["fruit_tokens"] is not None) == ("4L" in labels) and (view["coat"] is not None) == ("10L" in labels)


# ---------------------------------------------------------------------- what a refused purchase says


def test_a_refused_purchase_lists_saved_fruits_and_tokens_with_the_hand():
    """E-25: "#10L costs SSGG*. P holds the strawberry and lime tokens and hand S, G, G: tokens and
    cards cover S, S, G, G, but the smoothie is left — the lime token cannot cover it → no
    purchase." #6L's saved fruit "counts twice when used to buy fabled juice" and #5L's wild token
    pays "as any 1 fruit", so the refusal names everything that pays, not only the hand."""
    s = lime(hands={0: "S G G"})
    s.ftok[2] = s.ftok[5] = 0  # the strawberry and lime tokens
    at_location(on_display(s, "10L"), "10L")
    with pytest.raises(IllegalAction) as refusal:
        s.apply("buy")
    assert str(refusal.value) == (
        "#10L Be invisible costs SSGG* (* = any fruit); you have 1 strawberry, 2 grapes, strawberry token, lime token"
    )
    s = lime(hands={0: "G"})
    s.saved[0] = cards("S")
    s.wild[0] = 1
    at_location(on_display(s, "10L"), "10L")
    with pytest.raises(IllegalAction) as refusal:
        s.apply("buy")
    assert str(refusal.value).endswith("you have 1 grapes, saved 1 strawberry (pays twice), 1 wild token")


def test_a_lime_campaign_is_complete_once_a_game_ends_with_the_big_stack_empty():
    """ "DO NOT SHUFFLE THESE LOCATIONS! They are presorted … with location #1L visible on top and
    #20L on the bottom." A Lime campaign ends when a game ends with its big stack empty (rules
    §3.1, R); its 98 cards (18 base + 80 Lime) are then all displayed or set aside as juices."""
    campaign = simulate_campaign(4, 11, 5, lime=True)
    data = campaign.to_json()
    assert data["big_stack"] == [] and data["campaign_complete"] and data["games_completed"] == 11
    assert sum(d["count"] for d in data["display"]) + len(data["set_aside_juices"]) == 98
    assert sum(d["count"] for d in data["display"]) < 24  # nothing was left to turn up
    with pytest.raises(CampaignError, match="this campaign is complete"):
        campaign.game_options(4)
    before = simulate_campaign(4, 10, 5, lime=True)
    assert before.to_json()["big_stack"] and not before.to_json()["campaign_complete"]


# ---------------------------------------------------------------------- base locations in a Lime game


def test_48_counts_the_lime_as_a_sixth_flavour_in_a_lime_game():
    """#48 (first Lime display): "Draw 1 fruit for every fruit type in play (5; 6 in a Lime
    campaign) of which you hold none; minimum 1." The lime is "a fruit as all other Fruit Cards"
    (#1L)."""
    s = lime(hands={0: "P B S C G"}, draw="P P P P P P")
    act(s, 48)
    assert player(s, 0)["hand_size"] == 6  # only the lime is missing
    s = lime(hands={0: "L"}, draw="P P P P P P")
    act(s, 48)
    assert player(s, 0)["hand_size"] == 6  # five base fruits missing
    s = lime(hands={0: "B/S L"}, draw="P P P P P P")
    act(s, 48)
    assert player(s, 0)["hand_size"] == 5  # pineapple, coconut and grapes missing


def test_e24_18l_a_fruit_mix_card_conflicts_with_both_of_its_fruits():
    """#18L: "You can only place 1 fruit of each type into the market." E-24: "#18L: a banana and
    the B/S card cannot both be put in; the B/S card and a grape can." """
    s = lime(hands={0: "B B/S G"}, market="", draw="P P P P")
    act(s, "18L", "put banana")
    assert texts(s) == ["put grapes", "done"]
    with pytest.raises(IllegalAction, match="different from every fruit chosen before"):
        s.apply("put banana/strawberry")
    s.apply("done")
    s = lime(hands={0: "B B/S G"}, market="", draw="P P P P")
    act(s, "18L", "put banana/strawberry", "put grapes")
    assert s.view(None)["market"] == {"banana/strawberry": 1, "grapes": 1}
    assert player(s, 0, 0)["hand"] == {"pineapple": 4, "banana": 1}


# ---------------------------------------------------------------------- later base games


@pytest.mark.parametrize(
    ("last", "market", "thief", "fruit_tokens", "wild_double", "fruit_mix"),
    [
        (21, True, False, False, False, False),  # #15–#21: #21 brings the market
        (33, True, True, True, False, False),  # #27–#33: the thief (#28) and the fruit tokens (#33)
        (37, False, False, True, True, False),  # #31–#37: no market location left, tokens of #33 and #37
        (51, True, False, False, False, True),  # #45–#51: #46's market and #51's fruit-mix cards
    ],
)
def test_a_later_base_game_brings_in_what_its_starting_display_introduces(
    last, market, thief, fruit_tokens, wild_double, fruit_mix
):
    """Rules §2.2.2: "Every location number present in the starting display counts as entering
    play at setup … If any market-using location is present, deal a market of 5 fruits from the
    draw stack after dealing hands … All tokens start in the pool; no player starts with tokens."
    Components of locations no longer displayed are gone (§2.11 step 4)."""
    view = table(3, 2, through(last)).view(None)
    assert (view["market"] is not None) == market
    assert view["draw_stack"] == 60 - 6 - (5 if market else 0)
    assert (view["thief"] is not None) == thief and not view["thief_stacks"]  # in play, next to no stack
    assert (view["fruit_tokens"] is not None) == fruit_tokens
    if view["fruit_tokens"] is not None:
        assert set(view["fruit_tokens"].values()) == {-1}  # all in the pool
    assert (view["wild_pool"], view["double_pool"]) == ((3, 3) if wild_double else (None, None))
    assert len(view["fruit_mix_supply"] or []) == (10 if fruit_mix else 0)
    assert all(p["fruit_tokens"] == [] and p["wild"] == p["double"] == 0 for p in view["players"])


def test_the_first_lime_purchases_of_2l_refill_it_from_the_big_stack_before_3l_opens():
    """Setup: "DO NOT SHUFFLE THESE LOCATIONS! They are presorted … with location #1L visible on top
    and #20L on the bottom", and the first display takes "4 copies of location #L1 and 2 copies of
    location #L2" — so the big stack starts with the two other #2L. A purchase reveals the next
    card onto its own stack (rules §2.6): two #2L purchases refill #2L, the third opens #3L."""
    s = position(3, hands={0: "L L L P", 1: "L L L P P", 2: "L L L P P P"}, options={"lime": True})
    seen = []
    for _ in range(3):
        s.apply("move 2L")
        while s.view(None)["decision"]["kind"] == "occupant_pay":
            s.apply(texts(s)[0])
        s.apply("buy")
        pay_in_menu_order(s)
        view = s.view(None)
        seen.append(([(st["label"], st["cards"]) for st in view["display"]][6:], view["big_stack"]["cards"]))
    assert seen == [
        ([("1L", 4), ("2L", 2)], 73),
        ([("1L", 4), ("2L", 2)], 72),
        ([("1L", 4), ("2L", 1), ("3L", 1)], 71),
    ]
    assert s.view(None)["big_stack"]["top"] == L("3L")
