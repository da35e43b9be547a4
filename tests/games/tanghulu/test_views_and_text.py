"""Hidden information (§11.4, AMB-23) in views and events, event sentences, prompts and refusals."""

from __future__ import annotations

import json
import random

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.rules import ACTION, GARNISH, PATTERN, SHOP
from fruitbowl.games.tanghulu.text import action_label, describe_event, prompt

from .positions import (
    GAME,
    legal,
    new_position,
    only,
    quiet_turn,
    refused,
    set_board,
    set_coins,
    set_drops,
    set_stick,
    set_store,
    table,
    to_turn,
)

NAMES = ["Ada", "Bo", "Cy"]


def _stack_deck(state, *stars: int) -> list[int]:
    """Steer the next sweet card draws to cards with these star values, in this order."""
    cards = []
    for value in stars:
        card = next(c for c in state.deck if C.sweet_stars[c] == value and c not in cards)
        cards.append(card)
    state.cards.extend(cards)
    return cards


def _ada_draws_two_cards():
    """Ada (seat 0) completes K K K H by a purchase and draws a 3★ and a 1★ sweet card."""
    state = new_position(players=3)
    set_stick(state, 0, 1, "K K K")
    set_store(state, "H O A S")
    cards = _stack_deck(state, 3, 1)
    quiet_turn(state, 0)
    events = state.apply("buy S1 on 2")
    return state, cards, only(events, "reward")


# ------------------------------------------------------------------------------- views


def test_view_shows_own_sweet_card_stars_and_only_counts_for_others():
    state, _, _ = _ada_draws_two_cards()
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        for p, player in enumerate(view["players"]):
            assert player["sweet_cards"] == len(state.hands[p])
            assert ("sweet_card_stars" in player) == (p == viewer)
        assert view["sweet_deck"] == 18 and "deck" not in view
        text = json.dumps(view)
        assert "rng" not in text and "sweet_0" not in text and "sweet_1" not in text
    assert state.view(0)["players"][0]["sweet_card_stars"] == [1, 3]  # the hand is kept sorted


def test_view_is_unchanged_by_determinize_for_the_seat_it_belongs_to():
    state = table(3, seed=11)
    rng = random.Random(11)
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in range(3):
            for sample in range(3):
                assert state.determinize(seat, random.Random(sample)).view(seat) == state.view(seat)
        state.apply(rng.choice(state.legal_actions()))


def test_view_makes_the_bag_contents_public_but_not_its_order():
    state = table(2, seed=3)
    bag = state.view(1)["bag"]
    assert bag["size"] == len(state.bag) == 50 - (state.die_tile >= 0)
    assert sum(entry["count"] for entry in bag["contents"]) == bag["size"]
    assert state.view(0)["bag"] == state.view(None)["bag"]


def test_at_game_end_every_hand_is_revealed_to_everyone():
    state = table(3, seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        stars = [sorted(C.sweet_stars[c] for c in hand) for hand in state.hands]
        assert [sorted(p["sweet_card_stars"]) for p in view["players"]] == stars
        assert view["standings"] == state.result().to_json()


# ------------------------------------------------------------------------------- events


def test_reward_event_reveals_the_cards_only_to_their_owner():
    _, cards, reward = _ada_draws_two_cards()
    assert reward.secret == {"cards": cards, "card_stars": [3, 1]} and reward.owner == 0
    assert reward.irreversible
    assert reward.for_viewer(0)["card_stars"] == [3, 1]
    for viewer in (None, 1, 2):
        seen = reward.for_viewer(viewer)
        assert "cards" not in seen and "card_stars" not in seen
        assert seen["sweet_cards"] == 2


def test_reward_sentence_names_the_stars_for_the_owner_and_the_count_for_others():
    _, _, reward = _ada_draws_two_cards()
    assert describe_event(reward, 0, NAMES) == "You scored all-same: drew a 3★ sweet card and a 1★ sweet card."
    assert describe_event(reward, 1, NAMES) == "Ada scored all-same: drew 2 sweet cards."
    assert describe_event(reward, None, NAMES) == "Ada scored all-same: drew 2 sweet cards."
    assert GAME.describe_event(reward, 2, NAMES) == "Ada scored all-same: drew 2 sweet cards."


def test_two_pairs_and_capped_all_different_sentences():
    state = new_position(players=2)
    set_board(state, 0, "A A S", "O A K", "")
    set_store(state, "H S O O")
    set_coins(state, 0, 9)
    _stack_deck(state, 2)
    quiet_turn(state, 0)
    pairs = only(state.apply("buy S1 on 1"), "reward")
    assert describe_event(pairs, 0, NAMES) == "You scored two-pairs: drew a 2★ sweet card and took 2 drops."
    assert describe_event(pairs, 1, NAMES) == "Ada scored two-pairs: drew 1 sweet card and took 2 drops."
    different = only(state.apply("buy S2 on 2"), "reward")  # 9 - 1 - 2 = 6 coins, +5 capped at 9
    assert describe_event(different, 1, NAMES) == "Ada scored all-different: +3 coins (2 lost to the 9-coin cap)."


def test_drop_shortage_and_other_turn_sentences():
    state = new_position(players=2)
    set_stick(state, 1, 0, "O O O O")
    set_drops(state, 1, state.drops[1] + state.stock)  # the stock is empty
    events = to_turn(state, 0, "sugar")
    said = [describe_event(e, 1, NAMES) for e in events]
    assert said == [
        "Ada's turn.",
        "Ada rolled sugar.",
        "Ada earned 1 drop (sugar roll), but the drop stock is empty.",
    ]
    garnish = only(state.apply("garnish 1"), "garnish")
    assert describe_event(garnish, 1, NAMES) == "You garnished stick 1 for 4 drops (+4★)."
    work = only(state.apply("work"), "work")
    assert describe_event(work, 1, NAMES) == "Ada worked for 4 coins (2 lost to the 9-coin cap)."  # 5 + 6 > 9


# ------------------------------------------------------------------------------- prompts and labels


def test_prompt_and_action_labels_say_who_must_do_what():
    state = new_position(players=2)
    set_stick(state, 0, 0, "O A K")
    to_turn(state, 0, "fruit", draw="S2")
    view = state.view(0)
    assert prompt(view, NAMES) == "Choose a stick for the strawberry (2★), or return it"
    assert prompt(state.view(1), NAMES) == "Waiting for Ada to place the strawberry (2★)"
    assert action_label(view, state.table.parse("place 1")) == "Put the die's strawberry on stick 1"
    state.apply("place 1")
    view = state.view(0)
    assert prompt(view, NAMES) == "Work, or buy a tile for 1 coin"
    # 5 coins + 5 for the all-different stick, capped at 9: working adds nothing
    assert action_label(view, state.table.parse("work")) == "Work for 0 coins (income 4, 4 lost to the 9-coin cap)"


# ------------------------------------------------------------------------------- refusals


def _shopping():
    state = new_position(players=2)
    set_stick(state, 0, 0, "O A K S")
    set_store(state, "O A K S")
    quiet_turn(state, 0)
    state.apply("buy S1 on 2")
    assert state.phase == SHOP
    return state


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ("shopping", "buy S1 on 3", r"^store space S1 is empty: the store is refilled only at the end of a turn$"),
        ("shopping", "buy S2 on 1", r"^stick 1 is full: a stick holds 4 tiles$"),
        ("shopping", "work", r"already chosen to shop this turn: buy another tile or stop \(a turn has one action"),
        ("action", "stop", r"not bought anything: shopping means buying at least one tile, so buy one or work instead"),
        ("action", "garnish 1", r"only in the window after a sugar roll$"),
        ("action", "place 2", r"no die tile to place"),
        ("action", "place 1", r"no die tile to place"),  # (stick 1 is full too, but that is not the point)
        ("action", "all-same", r"no completed stick waiting for a pattern"),
        ("poor", "buy S4 on 2", r"^the next tile costs 1 \(1 for the till \+ 0 money bags\); you have 0 coins$"),
    ],
)
def test_why_illegal_names_the_rule(setup, action, message):
    if setup == "shopping":
        state = _shopping()
    else:
        state = new_position(players=2)
        set_stick(state, 0, 0, "O A K S")
        set_coins(state, 0, 0 if setup == "poor" else 5)
        quiet_turn(state, 0)
        assert state.phase == ACTION
    refused(state, action, message)


def test_why_illegal_inside_the_die_tile_garnish_and_pattern_decisions():
    state = new_position(players=2)
    set_board(state, 0, "O O O O", "A A A", "K H")
    set_drops(state, 0, 4)
    to_turn(state, 0, "fruit", draw="H")
    refused(state, "work", "first place the die's tile on a stick or return it")
    state.apply("place 3")  # K H H: not complete yet
    assert state.phase == ACTION

    state = new_position(players=2)
    set_board(state, 0, "O O O O", "A A A", "K H H")
    set_drops(state, 0, 3)
    to_turn(state, 0, "sugar")
    assert state.phase == GARNISH and legal(state) == ["garnish 1", "pass"]
    refused(state, "buy S1 on 2", "the garnish window is open: garnish a complete stick or pass")
    refused(state, "garnish 2", "stick 2 is not complete")
    set_stick(state, 0, 2, "K K K K", garnished=True)
    refused(state, "garnish 3", "stick 3 is already garnished")

    state = new_position(players=2)
    set_stick(state, 0, 0, "K H H")
    to_turn(state, 0, "fruit", draw="K")
    state.apply("place 1")  # K H H K: all-same or two pairs
    assert state.phase == PATTERN
    refused(state, "work", "first choose the pattern for stick 1")
    cannot = r"stick 1 \(K H H K\) cannot make all-different, even with its haws wild; "
    refused(state, "all-different", cannot + "it can make all-same or two-pairs")


def test_garnish_with_too_few_drops_is_refused_with_the_cost():
    state = new_position(players=2, multi_garnish=True)
    set_board(state, 0, "O O O O", "A A A A", "")
    set_drops(state, 0, 3)
    set_drops(state, 1, 4)
    set_stick(state, 1, 0, "S S S S")
    to_turn(state, 0, "sugar")  # 4 drops: one garnish
    state.apply("garnish 1")
    assert state.current_player == 1  # Ada, with 0 drops, is not asked again
    state.player = 0  # (as if Ada were asked: the refusal names the cost)
    state.forget_answers()
    refused(state, "garnish 2", "garnishing costs 4 drops; you have 0")


def test_unknown_text_and_moves_after_the_end_are_refused():
    state = table(2, seed=2)
    with pytest.raises(IllegalAction, match="'dance' is not an action of this game"):
        state.apply("dance")
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("work")
