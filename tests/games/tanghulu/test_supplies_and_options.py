"""Finite supplies (AMB-18), the round limit (AMB-31), and the options first_player and multi_garnish."""

from __future__ import annotations

import random

import pytest

from fruitbowl.engine import InvalidOption, Match, Player
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.rules import ACTION, DIE_TILE, GARNISH

from .positions import (
    GAME,
    give_cards,
    kinds,
    legal,
    new_position,
    only,
    quiet_turn,
    script,
    set_coins,
    set_drops,
    set_stick,
    set_store,
    table,
    to_turn,
)

# ------------------------------------------------------------------------- AMB-18: drops


def _empty_the_stock(state, holder: int) -> None:
    set_drops(state, holder, state.drops[holder] + state.stock)
    assert state.stock == 0


def test_sugar_roll_with_an_empty_stock_gives_no_drop_but_still_opens_the_window():
    state = new_position(players=2)
    set_stick(state, 1, 0, "O O O O")
    _empty_the_stock(state, holder=1)  # seat 1 now holds 28 drops and a complete stick
    events = to_turn(state, 0, "sugar")
    assert only(events, "drops").data == {"amount": 1, "gained": 0, "reason": "die"}
    assert state.drops[0] == 2 and state.stock == 0
    assert state.phase == GARNISH and state.current_player == 1  # the window opened anyway
    assert legal(state) == ["garnish 1", "pass"]


def test_two_pairs_reward_takes_only_the_drops_left_in_the_stock():
    state = new_position(players=2)
    set_stick(state, 0, 1, "A A S")
    set_store(state, "H O K O")
    _empty_the_stock(state, holder=1)
    set_drops(state, 1, state.drops[1] - 1)  # one drop back in the stock
    quiet_turn(state, 0)
    events = state.apply("buy S1 on 2")
    reward = only(events, "reward")
    assert (reward.data["sweet_cards"], reward.data["drops"]) == (1, 1)  # 1 of 2 drops; the other is lost
    assert "drops" not in kinds(events)  # still shopping
    script(state, "coin")
    events = state.apply("stop")
    assert only(events, "drops").data == {"amount": 1, "gained": 0, "reason": "single purchase"}
    assert state.drops[0] == 3 and state.stock == 0
    assert state.stock + sum(state.drops) == C.drops


# ------------------------------------------------------------------------- AMB-18: sweet cards


def test_sweet_deck_running_out_gives_only_the_cards_left_and_never_reshuffles():
    state = new_position(players=2)
    give_cards(state, 1, sorted(C.sweet_stars)[:19])  # all but one card are in seat 1's hand
    assert len(state.deck) == 1
    set_stick(state, 0, 0, "K K K")
    set_stick(state, 0, 1, "O O A")
    set_store(state, "K A S O")
    set_coins(state, 0, 9)
    quiet_turn(state, 0)
    first = only(state.apply("buy S1 on 1"), "reward")  # all-same: 2 cards wanted, 1 left
    assert (first.data["pattern"], first.data["sweet_cards"]) == ("all-same", 1)
    assert state.deck == [] and len(state.hands[0]) == 1
    second = only(state.apply("buy S2 on 2"), "reward")  # two pairs: no card left, but the drops come
    assert (second.data["sweet_cards"], second.data["drops"]) == (0, 2)
    assert second.secret == {"cards": [], "card_stars": []} and not second.irreversible
    assert len(state.hands[0]) + len(state.hands[1]) == 20


# ------------------------------------------------------------------------- AMB-31: round limit


def _always_work(state) -> int:
    """Everybody works and returns every die tile; returns the number of actions."""
    actions = 0
    while not state.is_terminal() and actions < 2000:
        if state.phase == DIE_TILE:
            state.apply("return")
        elif state.phase == GARNISH:
            state.apply("pass")
        else:
            state.apply("work")
        actions += 1
    return actions


def test_round_limit_stops_after_the_last_seat_of_that_round_and_flags_the_result_truncated():
    state = table(3, seed=5, options={"round_limit": 4, "first_player": 2})
    log = []
    while not state.is_terminal():
        action = {DIE_TILE: "return", GARNISH: "pass"}.get(state.phase, "work")
        log += state.apply(action)
    assert state.turns == [4, 4, 4] and state.round == 4
    assert [e.actor for e in log if e.kind == "turn"][-1] == 0  # seat 0 sits before the first player
    assert only(log, "game_over").data == {"truncated": True}
    result = state.result()
    assert result.truncated and result.to_json()["truncated"] is True
    assert result.scores == tuple(sum(b.values()) for b in result.breakdown)  # scored as §11


def test_without_a_round_limit_a_table_that_only_works_never_ends():
    state = table(2, seed=5)
    assert _always_work(state) == 2000 and not state.is_terminal()
    assert GAME.max_actions(2, GAME.validate_options({})) is None


def test_max_actions_bounds_a_round_limited_game():
    options = GAME.validate_options({"round_limit": 3, "multi_garnish": True}, 4)
    bound = GAME.max_actions(4, options)
    assert bound is not None
    for seed in range(5):
        state = table(4, seed, options)
        rng, actions = random.Random(seed), 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        assert actions <= bound


def test_a_game_that_ends_normally_before_the_limit_is_not_truncated():
    state = table(2, seed=1, options={"round_limit": 100})
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.end_triggered and not state.result().truncated


# ------------------------------------------------------------------------- multi_garnish (AMB-8 variant)


def _window_with_two_complete_sticks(**options):
    state = new_position(players=2, **options)
    set_stick(state, 0, 0, "O O O O")
    set_stick(state, 0, 1, "A A K K")
    set_drops(state, 0, 8)
    to_turn(state, 0, "sugar")  # 9 drops: enough for two garnishes
    assert state.phase == GARNISH and state.drops[0] == 9
    return state


def test_by_default_a_player_garnishes_at_most_once_per_window():
    state = _window_with_two_complete_sticks()
    state.apply("garnish 1")
    assert state.phase == ACTION and state.garnished[0] == [True, False, False] and state.drops[0] == 5


def test_multi_garnish_lets_a_player_garnish_again_or_pass():
    state = _window_with_two_complete_sticks(multi_garnish="yes")
    state.apply("garnish 1")
    assert state.phase == GARNISH and legal(state) == ["garnish 2", "pass"]
    branch = state.clone()
    branch.apply("pass")
    assert branch.phase == ACTION and branch.drops[0] == 5
    state.apply("garnish 2")
    assert state.garnished[0] == [True, True, False] and state.drops[0] == 1
    assert state.phase == ACTION  # 1 drop left: nothing more to ask


# ------------------------------------------------------------------------- first_player (AMB-25)


def test_first_player_defaults_to_the_first_seat_and_can_be_any_seat_counted_from_1():
    assert table(3, seed=1).first == 0
    state = table(3, seed=1, options={"first_player": 3})
    assert state.first == 2 and state.current_player == 2 and state.round == 1
    assert table(3, seed=1, options={"first_player": "2"}).first == 1  # as text from the command line


def test_random_first_player_is_seeded_and_reaches_every_seat():
    firsts = {table(4, seed, {"random_first": True}).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    again = [table(4, seed, {"random_first": True}).first for seed in range(10)]
    assert again == [table(4, seed, {"random_first": "true"}).first for seed in range(10)]


@pytest.mark.parametrize(
    ("value", "players", "message"),
    [
        (4, 3, r"must be a seat 1–3; got 4"),
        ("3", 2, r"must be a seat 1–2; got 3"),
        (0, 2, r"first_player is at least 1; got 0"),
        ("-1", 2, r"first_player is at least 1; got -1"),
        ("youngest", 2, r"first_player is a whole number; got 'youngest'"),
        (5, 4, r"first_player is at most 4; got 5"),
        (True, 2, r"first_player is a whole number; got True"),
    ],
)
def test_invalid_first_player_is_refused_before_the_game_starts(value, players, message):
    with pytest.raises(InvalidOption, match=message):
        GAME.new_state(players, seed=1, options={"first_player": value})


def test_unknown_options_and_bad_values_are_refused():
    with pytest.raises(InvalidOption, match="unknown option 'garnish_twice'"):
        GAME.validate_options({"garnish_twice": True})
    with pytest.raises(InvalidOption, match="round_limit is at least 0"):
        GAME.validate_options({"round_limit": -1})
    with pytest.raises(InvalidOption, match="multi_garnish is true or false"):
        GAME.validate_options({"multi_garnish": "sometimes"})


def test_options_are_recorded_in_a_match_and_replay_exactly(tmp_path):
    players = [Player("Ada"), Player("Bo", "random"), Player("Cy", "random")]
    match = Match.new(GAME, players, seed=9, options={"random_first": "true", "multi_garnish": "true"})
    rng = random.Random(9)
    while not match.state.is_terminal():
        match.apply(rng.choice(match.state.legal_actions()))
    match.save(tmp_path / "game.json")
    again = Match.load(tmp_path / "game.json")
    assert again.record.options == {
        "first_player": 1,
        "random_first": True,
        "round_limit": 0,
        "multi_garnish": True,
    }
    assert again.state.to_json() == match.state.to_json()
    assert kinds([e for _, e in again.log]) == kinds([e for _, e in match.log])
