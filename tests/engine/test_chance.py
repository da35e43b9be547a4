"""Chance in the engine contract: the seeded dealer, matches that record every outcome, records
that replay them (or draw them again from the seed, as a server replays its stored moves), and
positions that decide nothing in advance. Played through Tang Hu Lu, whose chance is explicit."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

from fruitbowl.engine import IllegalAction, Match, Record, RecordError, get_game
from fruitbowl.engine.chance import CHANCE, Dealer, DuplicateDealer, draw, settle

from .helpers import new_match, play_random

TANGHULU = get_game("tanghulu")


def test_the_dealer_draws_each_outcome_by_its_probability() -> None:
    dealer_rng = random.Random(3)
    outcomes = [(0, 0.25), (5, 0.75)]
    drawn = [draw(outcomes, dealer_rng) for _ in range(4000)]
    assert set(drawn) == {0, 5}
    assert 0.22 < drawn.count(0) / 4000 < 0.28


def test_a_dealer_rebuilt_from_its_seed_and_count_goes_on_as_the_first_would() -> None:
    first = Dealer(11)
    state = TANGHULU.new_state(3, 0, {})
    first.settle(state)  # the deal: four store tiles and the first roll (and maybe a tile)
    twin_state = state.clone()
    later = Dealer(11, drawn=first.drawn)
    play = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        code = play.choice(state.legal_codes())
        state.apply(code)
        twin_state.apply(code)
        assert [o.text for o, _ in first.settle(state)] == [o.text for o, _ in later.settle(twin_state)]
    assert state.to_json() == twin_state.to_json()


def test_a_duplicate_dealer_gives_every_game_of_a_seed_the_same_rolls_however_it_is_played() -> None:
    """Two games dealt from one seed and played differently roll the same die faces in the same
    order (each kind of event has its own stream); a copy of the dealer goes on as the original."""
    rolls = []
    for moves in (random.Random(1), random.Random(2)):
        dealer, state = DuplicateDealer(5), TANGHULU.new_state(2, 0, {})
        seen = [o.text for o, _ in dealer.settle(state)]
        for move in range(60):
            if state.is_terminal():
                break
            state.apply(moves.choice(state.legal_codes()))
            if move == 20:  # (a copy of the dealer, on a clone, draws what the dealer will draw)
                twin, twin_state = dealer.copy(), state.clone()
                copied = [o.text for o, _ in twin.settle(twin_state)]
                assert copied == [o.text for o, _ in dealer.copy().settle(state.clone())]
            seen += [o.text for o, _ in dealer.settle(state)]
            if move == 20:
                assert seen[len(seen) - len(copied) :] == copied
        rolls.append([text for text in seen if text.startswith("die ")])
    shorter, longer = sorted(rolls, key=len)
    assert len(shorter) >= 10 and longer[: len(shorter)] == shorter


def test_a_new_game_stands_at_its_deal_and_holds_no_future() -> None:
    """Tang Hu Lu's first position is a chance node: the first tile drawn to the store, one of
    the bag's 54 at 1/54 each; no state saves a random generator."""
    state: Any = TANGHULU.new_state(2, 1, {})  # (a Tang Hu Lu state: its store is read below)
    assert state.current_player == CHANCE and state.is_chance_node()
    assert state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 54 and {p for _, p in outcomes} == {1 / 54}
    assert "rng" not in state.to_json()
    with pytest.raises(IllegalAction, match="must wait: a random event is being decided first"):
        state.apply("work")
    with pytest.raises(IllegalAction, match="'die sugar' cannot be the outcome of this random event"):
        state.apply("die sugar")  # the store is being filled: no die is rolled yet
    first, second = state.clone(), state.clone()
    first.apply(outcomes[0][0])
    second.apply(outcomes[-1][0])
    assert first.store != second.store  # nothing was decided before the draw


def test_a_matchs_state_is_always_a_players_decision_or_the_end() -> None:
    match = new_match(3, 2)
    rng = random.Random(2)
    while not match.state.is_terminal():
        assert match.state.current_player in (0, 1, 2)
        match.apply(rng.choice(match.state.legal_actions()))
    assert match.record.chance and len(match.record.chance) == match.dealer.drawn


def test_the_record_lists_the_outcomes_and_replays_them() -> None:
    match = play_random(new_match(2, 5), choice_seed=5)
    data = json.loads(match.record.dumps())
    assert data["chance"] == match.record.chance
    assert data["chance"][:4] == [t for t in data["chance"][:4] if t.startswith("tile ")]  # the store's deal
    rebuilt = Match.from_record(Record.from_json(data))
    assert rebuilt.state.to_json() == match.state.to_json()
    assert rebuilt.events_for(None) == match.events_for(None)


def test_moves_without_their_outcomes_replay_the_same_game_from_the_seed() -> None:
    """A server stores only the players' moves: replaying them draws the same outcomes again, and
    the rebuilt match's dealer goes on drawing what the first one would have."""
    live = new_match(3, 8)
    rng = random.Random(8)
    for _ in range(12):
        live.apply(rng.choice(live.state.legal_actions()))
    stored = Record(**{**live.record.__dict__, "chance": [], "result": None})
    reloaded = Match.from_record(stored)
    assert reloaded.record.chance == live.record.chance
    assert reloaded.state.to_json() == live.state.to_json()
    while not live.state.is_terminal():
        action = rng.choice(live.state.legal_actions())
        live.apply(action)
        reloaded.apply(action.text)
    assert reloaded.record.chance == live.record.chance
    assert reloaded.state.to_json() == live.state.to_json()


def test_the_recorded_outcomes_decide_the_replay_not_the_dealer() -> None:
    match = new_match(2, 4)
    record = Record(**{**match.record.__dict__, "chance": list(match.record.chance)})
    opening = cast(Any, match.state).store[:]
    bag = sorted(t for t in range(54) if t not in opening)
    record.chance[0] = TANGHULU.chance_table(2)[3 + bag[0]].text  # another tile than the dealer drew
    replayed = Match.from_record(record)
    assert cast(Any, replayed.state).store[0] == bag[0] != opening[0]


def test_an_impossible_recorded_outcome_is_refused_naming_its_number() -> None:
    match = new_match(2, 4)
    record = Record(**{**match.record.__dict__, "chance": list(match.record.chance)})
    record.chance[1] = record.chance[0]  # the same tile twice: it is no longer in the bag
    with pytest.raises(RecordError, match=r"chance outcome 2 \('tile [a-z]+_\d+'\) is not possible in the recorded"):
        Match.from_record(record)
    finished = play_random(new_match(2, 4), choice_seed=4).record
    dealt = len(finished.chance)
    record = Record(**{**finished.__dict__, "chance": [*finished.chance, "die coin"]})
    with pytest.raises(
        RecordError, match=f"the record lists {dealt + 1} chance outcomes, but its moves meet only {dealt}"
    ):
        Match.from_record(record)


def test_undo_never_crosses_a_chance_outcome() -> None:
    match = new_match(3, 6)
    match.apply("work")  # the next seat's roll is drawn
    assert not match.can_undo(match.state.current_player)


def test_settle_samples_chance_for_a_search_with_its_own_generator() -> None:
    state = TANGHULU.new_state(2, 0, {})
    events = settle(state, random.Random(1))
    assert state.current_player == 0 and {"refill", "roll"} <= {e.kind for e in events}
    again = TANGHULU.new_state(2, 0, {})
    settle(again, random.Random(1))
    assert again.to_json() == state.to_json()
    assert settle(state, random.Random(2)) == []  # (a player's decision: nothing to settle)
