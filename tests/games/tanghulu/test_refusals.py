"""Refusals name the rule they enforce (a stable key) and say it (one sentence), per the rules reference.

Each test plays to a position through the engine and asks ``state.refusal`` (the key a client or
a test matches on) and ``state.explain`` (the sentence the player reads). Numbers in the
sentences come from ``data.toml`` (through ``COMPONENTS``), never from literals.
"""

from __future__ import annotations

from fruitbowl.engine.legality import GAME_OVER
from fruitbowl.engine.wording import counted
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.rules import ACTION, DIE_TILE, GARNISH, PATTERN, SHOP, TangHuLuState

from .positions import (
    legal,
    new_position,
    quiet_turn,
    set_board,
    set_coins,
    set_drops,
    set_stick,
    set_store,
    table,
    to_turn,
)

DIE_FIRST = "first place the die's tile on a stick or return it to the bag: the die is settled before anything else"


def says(state: TangHuLuState, action: str, key: str, sentence: str) -> None:
    """``action`` is refused by the rule ``key``, in these words, and asking changes nothing."""
    before = state.to_json()
    assert action not in legal(state)
    assert state.refusal(action) == key
    assert state.explain(action) == sentence
    assert state.to_json() == before


def allowed(state: TangHuLuState, *actions: str) -> None:
    for action in actions:
        assert action in legal(state)
        assert state.refusal(action) is None and state.explain(action) is None


# ------------------------------------------------------------------ D1: the die's fruit tile (§5.2, AMB-11)


def test_the_die_tile_is_decided_first_and_goes_only_on_a_stick_with_a_free_spot():
    state = new_position(players=2)
    set_stick(state, 0, 0, "O A K S")
    to_turn(state, 0, "fruit", draw="K")
    assert state.phase == DIE_TILE
    says(state, "work", "phase.die_tile", DIE_FIRST)
    says(state, "buy S1 on 2", "phase.die_tile", DIE_FIRST)
    full = f"stick 1 is full: a stick holds {counted(C.spots, 'tile')}"
    says(state, "place 1", "stick.full", full)  # §6: any stick that is not yet full
    allowed(state, "place 2", "place 3", "return")
    state.apply("return")
    no_tile = (
        "the die's tile is placed or returned at the start of the turn, before working or buying, and cannot be "
        "kept for later"
    )
    says(state, "place 2", "place.no_die_tile", f"there is no die tile to place: {no_tile}")  # never kept for later


def test_without_a_fruit_roll_there_is_no_die_tile():
    state = new_position(players=2)
    to_turn(state, 0, "coin")
    assert state.phase == ACTION
    says(
        state,
        "return",
        "place.no_die_tile",
        ("there is no die tile to return: only a fruit roll draws a tile, and the die did not show fruit"),
    )


# ------------------------------------------------------------------ D2: garnishing (§8, AMB-7, AMB-8)


def test_garnishing_happens_only_in_a_sugar_window():
    state = new_position(players=2)
    set_stick(state, 0, 0, "O A K S")
    set_drops(state, 0, C.garnish_cost)
    quiet_turn(state, 0)
    says(state, "garnish 1", "garnish.no_window", "you can garnish only in the window after a sugar roll")
    says(state, "pass", "garnish.no_window", "you can garnish only in the window after a sugar roll")


def test_in_the_window_only_a_complete_ungarnished_stick_is_garnished_and_nothing_else_is_done():
    state = new_position(players=2)
    set_board(state, 0, "O A K S", "A A", "K K K K")
    state.garnished[0][2] = True
    set_drops(state, 0, C.garnish_cost - 1)  # the roll's drop makes it enough
    to_turn(state, 0, "sugar")
    assert state.phase == GARNISH and state.current_player == 0
    allowed(state, "garnish 1", "pass")
    incomplete = f"stick 2 is not complete: only a stick with all {C.spots} tiles can be garnished"
    says(state, "garnish 2", "garnish.stick_incomplete", incomplete)
    again = "stick 3 is already garnished: a stick is garnished only once"
    says(state, "garnish 3", "garnish.already_garnished", again)
    window = "the garnish window is open: garnish a complete stick or pass before the turn goes on"
    says(state, "work", "phase.garnish_window", window)
    says(state, "buy S1 on 2", "phase.garnish_window", window)


def test_after_the_window_the_roller_is_told_it_has_closed():
    state = new_position(players=2)
    set_board(state, 0, "O A K S", "K K K K", "")
    set_drops(state, 0, 2 * C.garnish_cost)
    to_turn(state, 0, "sugar")
    state.apply("garnish 1")
    assert state.phase == ACTION and state.current_player == 0  # at most one stick each (AMB-8)
    says(
        state,
        "garnish 2",
        "garnish.window_closed",
        "the garnish window of this sugar roll has closed: each player could garnish once, in turn from the roller",
    )


def test_a_roller_the_window_passed_by_is_told_why_it_could_not_garnish():
    """§8: "pay 4 crystal sugar drops" — a roller the window skipped for too few drops, or for a
    stick that is not complete, hears that reason, not only that the window has closed."""
    state = new_position(players=2)
    set_board(state, 0, "O A K S", "K K", "")
    set_drops(state, 0, C.garnish_cost - 2)  # one short even after the roll's drop
    to_turn(state, 0, "sugar")
    assert state.phase == ACTION and state.current_player == 0  # the window passed seat 0 by
    have = C.garnish_cost - 1
    says(state, "garnish 1", "garnish.too_few_drops", f"garnishing costs {C.garnish_cost} drops; you have {have}")
    state = new_position(players=2)
    set_board(state, 0, "O A K", "K K", "")
    set_drops(state, 0, C.garnish_cost)
    to_turn(state, 0, "sugar")
    assert state.phase == ACTION and state.current_player == 0
    incomplete = f"stick 1 is not complete: only a stick with all {C.spots} tiles can be garnished"
    says(state, "garnish 1", "garnish.stick_incomplete", incomplete)


def test_with_multi_garnish_the_closed_window_does_not_say_once():
    state = new_position(players=2, multi_garnish=True)
    set_board(state, 0, "O A K S", "", "")
    set_drops(state, 0, C.garnish_cost)
    to_turn(state, 0, "sugar")
    state.apply("garnish 1")
    assert state.phase == ACTION
    assert state.explain("pass") == (
        "the garnish window of this sugar roll has closed: each player could garnish, in turn from the roller"
    )


def test_a_seat_that_cannot_pay_is_skipped_and_its_rule_names_the_cost():
    state = new_position(players=3)
    for seat in range(3):
        set_stick(state, seat, 0, "O A K S")
    set_drops(state, 0, C.garnish_cost - 1)  # the roller: one drop short, made up by the roll
    set_drops(state, 1, C.garnish_cost - 1)  # too few: skipped without being asked (§8)
    set_drops(state, 2, C.garnish_cost)
    to_turn(state, 0, "sugar")
    assert (state.current_player, state.phase) == (0, GARNISH)
    state.apply("pass")
    assert (state.current_player, state.phase) == (2, GARNISH)  # seat 1 was passed over
    state.apply("pass")
    assert (state.current_player, state.phase) == (0, ACTION)


# ------------------------------------------------------------------ D3: the pattern of a completed stick (§7)


def test_only_a_pattern_the_stick_makes_may_be_chosen_and_it_comes_first():
    state = new_position(players=2)
    set_stick(state, 0, 0, "K H H")
    to_turn(state, 0, "fruit", draw="K")
    state.apply("place 1")  # K H H K: all-same or two pairs (§7.2)
    assert state.phase == PATTERN
    allowed(state, "all-same", "two-pairs")
    says(
        state,
        "all-different",
        "pattern.not_possible",
        "stick 1 (K H H K) cannot make all-different, even with its haws wild; it can make all-same or two-pairs",
    )
    first = "first choose the pattern for stick 1: a finished stick pays its reward at once"
    says(state, "work", "phase.pattern", first)
    state.apply("all-same")
    says(
        state,
        "two-pairs",
        "pattern.none_waiting",
        "there is no completed stick waiting for a pattern: you choose one only when a stick you just finished "
        "fits more than one",
    )


# ------------------------------------------------------------------ D4/D5: work or buy, then buy or stop (§5.3)


def test_action_b_buys_at_least_one_tile_and_then_work_is_no_longer_a_choice():
    state = new_position(players=2)
    quiet_turn(state, 0)
    says(
        state,
        "stop",
        "stop.nothing_bought",
        "you have not bought anything: shopping means buying at least one tile, so buy one or work instead",
    )
    state.apply("buy S1 on 1")
    assert state.phase == SHOP
    says(
        state,
        "work",
        "work.already_buying",
        "you have already chosen to shop this turn: buy another tile or stop (a turn has one action, work or shop)",
    )
    allowed(state, "stop")


def test_a_purchase_needs_the_price():
    state = new_position(players=2)
    set_coins(state, 0, C.till - 1)
    quiet_turn(state, 0)
    assert state.price() == C.till  # a full store: the till alone (AMB-16)
    says(
        state,
        "buy S1 on 1",
        "buy.too_dear",
        f"the next tile costs {C.till} ({C.till} for the till + 0 money bags); you have {counted(C.till - 1, 'coin')}",
    )
    allowed(state, "work")


def test_a_purchase_needs_a_tile_in_the_space_and_a_free_spot():
    state = new_position(players=2)
    set_stick(state, 0, 0, "O A K S")
    set_store(state, "O A K S")
    set_coins(state, 0, C.coin_cap)
    quiet_turn(state, 0)
    state.apply("buy S1 on 2")
    assert state.phase == SHOP and state.price() == C.till + C.money_bags[0]  # S1's money bag shows
    says(
        state,
        "buy S1 on 3",
        "buy.space_empty",
        f"store space {C.spaces[0]} is empty: the store is refilled only at the end of a turn",
    )
    says(state, "buy S2 on 1", "stick.full", f"stick 1 is full: a stick holds {counted(C.spots, 'tile')}")
    allowed(state, "buy S2 on 3", "stop")


def test_once_the_game_is_over_every_action_is_refused_as_such():
    state = table(2, seed=3, options={"round_limit": 1})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.refusal("work") == GAME_OVER
    assert state.explain("work") == "the game is over; 'work' cannot be played"
