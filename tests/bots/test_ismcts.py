"""The ISMCTS bot: legal, deterministic for a seed, blind to hidden information, and stronger than random."""

from __future__ import annotations

import random
from typing import cast

import pytest

from fruitbowl.bots import ISMCTSBot, SeatHandle, bot_names, make_bot
from fruitbowl.engine import get_game, get_plugin
from fruitbowl.engine.chance import Dealer, settle
from fruitbowl.games.tanghulu.rules import TangHuLu

GAME = cast(TangHuLu, get_game("tanghulu"))  # (typed: the tests read its states' fields)


def _position_with_hidden_cards(seed: int) -> tuple:
    """A Tang Hu Lu position where the seat to act, with a choice to make, cannot see another
    seat's sweet cards (random games from ``seed`` on, until one gets there)."""
    for game_seed in range(seed, seed + 50):
        rng = random.Random(game_seed)
        state = GAME.new_state(3, game_seed)
        dealer = Dealer(game_seed)  # chance resolved as a table resolves it
        dealer.settle(state)
        while not state.is_terminal():
            seat = state.current_player
            if any(state.hands[other] for other in range(3) if other != seat) and len(state.legal_actions()) > 1:
                return state, seat
            state.apply(rng.choice(state.legal_actions()))
            dealer.settle(state)
    raise AssertionError("no position with hidden cards")


def test_levels_are_registered_everywhere_bots_are_offered() -> None:
    assert {"random", "ismcts:easy", "ismcts", "ismcts:hard"} <= set(bot_names())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_choice_is_the_same_whether_hidden_information_is_true_or_resampled(seed: int) -> None:
    state, seat = _position_with_hidden_cards(seed)
    resampled = state.determinize(seat, random.Random(seed + 100))
    others = [o for o in range(3) if o != seat]
    assert any(state.hands[o] != resampled.hands[o] for o in others) or state.deck != resampled.deck
    true_choice = ISMCTSBot(seed, budget=6_000).choose(SeatHandle(state, seat))
    blind_choice = ISMCTSBot(seed, budget=6_000).choose(SeatHandle(resampled, seat))
    assert true_choice is blind_choice


def test_deterministic_for_a_seed_and_legal() -> None:
    state, seat = _position_with_hidden_cards(7)
    first = ISMCTSBot(5, budget=5_000).choose(SeatHandle(state, seat))
    again = ISMCTSBot(5, budget=5_000).choose(SeatHandle(state, seat))
    assert first is again and first in state.legal_actions()


def test_root_parallel_level_adds_the_searches_of_several_processes() -> None:
    state, seat = _position_with_hidden_cards(4)
    bot = ISMCTSBot(3, budget=2_000, processes=2, name="ismcts:hard")
    try:
        assert bot.choose(SeatHandle(state, seat)) in state.legal_actions()
    finally:
        bot.close()


def test_easy_ismcts_beats_random_at_two_players() -> None:
    wins = 0.0
    for game_number in range(6):
        state = GAME.new_state(2, 500 + game_number)
        dealer = Dealer(500 + game_number)
        dealer.settle(state)
        me = game_number % 2
        bots = {me: make_bot("ismcts:easy", game_number), 1 - me: make_bot("random", game_number)}
        while not state.is_terminal():
            seat = state.current_player
            state.apply(bots[seat].choose(SeatHandle(state, seat)))
            dealer.settle(state)
        result = state.result()
        wins += (me in result.winners) / len(result.winners)
    assert wins >= 5, f"ismcts:easy won only {wins} of 6 games against random"


def test_a_restricted_root_searches_only_the_actions_given() -> None:
    from fruitbowl.bots.ismcts import search

    state, seat = _position_with_hidden_cards(5)
    codes = state.legal_codes()
    allowed = frozenset(codes[:2])
    stats = search(state, seat, budget=3_000, seed=1, root_actions=allowed)
    assert set(stats.visits) == allowed and sum(stats.visits.values()) > 10


def test_juicy_fruits_searches_the_greedy_shortlist(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Juicy Fruits the root holds only the greedy bot's best few actions (see GameTuning),
    ranked on the bot's own sample of its view (the first ranking; the rollouts rank too)."""
    from fruitbowl.bots import ismcts

    ranked: list = []

    def spy(*args, **kwargs):
        result = original(*args, **kwargs)
        if not ranked:
            ranked.extend(result)
        return result

    original = ismcts.rank
    monkeypatch.setattr(ismcts, "rank", spy)
    game = get_game("juicyfruits")
    state = game.new_state(2, 11)
    rng = random.Random(3)
    settle(state, rng)  # (the deal: its draws are chance nodes)
    while len(state.legal_actions()) <= 6:
        state.apply(rng.choice(state.legal_codes()))
        settle(state, rng)
    stats = ISMCTSBot(2, budget=3_000).think(SeatHandle(state, state.current_player))
    assert len(ranked) == len(state.legal_actions())
    shortlist = get_plugin("juicyfruits").search.shortlist
    assert shortlist and set(stats.visits) == {action.code for action in ranked[:shortlist]}


def _juicy_fruits_position(seed: int, choices: int = 6):
    """A two-player Juicy Fruits position with more than ``choices`` legal actions."""
    state = get_game("juicyfruits").new_state(2, seed)
    rng = random.Random(seed)
    settle(state, rng)  # (the deal: its draws are chance nodes)
    while len(state.legal_actions()) <= choices:
        state.apply(rng.choice(state.legal_codes()))
        settle(state, rng)
    return state


def test_greedy_rollouts_play_the_greedy_moves_and_charge_their_cost() -> None:
    from fruitbowl.bots.ismcts import GreedyPolicy, _rollout

    policy = GreedyPolicy("juicyfruits")
    start = _juicy_fruits_position(21)
    rolled = start.clone()
    result, cost = _rollout(rolled, random.Random(5), depth=12, policy=policy, policy_cost=150)
    assert result is None  # twelve moves do not finish a game from its first turns
    replay, rng, expected = start.clone(), random.Random(5), 0
    for _move in range(12):
        codes = replay.legal_codes()
        replay.apply(policy(replay, rng) if len(codes) > 1 else rng.choice(codes))
        expected += 150 if len(codes) > 1 else 1
    assert cost == expected and rolled.view(0) == replay.view(0)


def test_juicy_fruits_choice_is_the_same_whether_the_ship_draws_are_true_or_resampled() -> None:
    """Juicy Fruits' ship draws are chance nodes, decided when they come: a position holds no
    future draw for the search to follow, so it chooses the same on the position as on a sample
    of the seat's view."""
    state = _juicy_fruits_position(8)
    seat = state.current_player
    resampled = state.determinize(seat, random.Random(99))
    assert "rng" not in state.to_json() and resampled.view(seat) == state.view(seat)
    true_choice = ISMCTSBot(6, budget=3_000).choose(SeatHandle(state, seat))
    blind_choice = ISMCTSBot(6, budget=3_000).choose(SeatHandle(resampled, seat))
    assert true_choice is blind_choice
