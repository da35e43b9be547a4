"""How long a game of Juicy Fruits can last (issue 24 §2), and the action limit that cuts it.

The rules bound a game (the license track, the 30-round safety valve, Pineapple's bag) but far above
its real length; learning environments (``rl_defaults``) cut it with option ``action_limit`` at the
end of the turn that reaches the limit, so ``max_actions`` is then the limit plus one turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from fruitbowl.bots.base import SeatHandle
from fruitbowl.bots.greedy import GreedyBot
from fruitbowl.engine import Event, InvalidOption
from fruitbowl.engine.chance import Dealer
from fruitbowl.games.juicyfruits.rules import turn_actions

from .positions import GAME

LIMIT = GAME.rl_defaults["action_limit"]
EVERY_MODULE = {"modules": "all", "juice_factory": True}


@dataclass
class Played:
    actions: int
    longest_turn: int  # the most actions between two turns' starts (the boulders' setup apart)
    turn_starts: list[int]  # the actions made before each turn began
    events: list[Event]


def play(players: int, options: dict[str, object], seed: int, bot: GreedyBot | None = None) -> Played:
    """A game through actions: random legal ones (or the bot's), the draws dealt as a table deals them."""
    state = GAME.new_state(players, seed, options)
    dealer, chooser = Dealer(seed), random.Random(seed)
    events = [e for _, evs in dealer.settle(state) for e in evs]
    actions = turn = longest = 0
    starts = [0] if any(e.kind == "turn" for e in events) else []
    while not state.is_terminal():
        if bot is not None:
            action = bot.choose(SeatHandle(state, state.current_player))
        else:
            legal = state.legal_actions()
            action = legal[chooser.randrange(len(legal))]
        made = state.apply(action) + [e for _, evs in dealer.settle(state) for e in evs]
        actions += 1
        turn += 1
        if starts:
            longest = max(longest, turn)
        if any(e.kind in ("turn", "game_over") for e in made):
            starts.append(actions)
            turn = 0
        events += made
    return Played(actions, longest, starts, events)


@pytest.mark.parametrize("modules", [False, True])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_and_greedy_games_end_within_max_actions_and_their_turns_within_the_longest_turn(players, modules):
    for options in ({**EVERY_MODULE} if modules else {}, {**(EVERY_MODULE if modules else {}), **GAME.rl_defaults}):
        bound = GAME.max_actions(players, GAME.validate_options(options, players))
        assert bound is not None
        games = [play(players, options, seed) for seed in range(15)]
        games.append(play(players, options, 100, GreedyBot(0)))
        for game in games:
            assert game.actions <= bound
            assert game.longest_turn <= turn_actions(modules)


def test_the_cut_bound_is_the_limit_plus_one_turn_and_never_above_the_rules_own():
    for players in (2, 3, 4):
        for modules in (False, True):
            options = GAME.validate_options({**(EVERY_MODULE if modules else {}), **GAME.rl_defaults}, players)
            assert GAME.max_actions(players, options) == LIMIT - 1 + turn_actions(modules)
    solo = GAME.validate_options(GAME.rl_defaults, 1)
    assert GAME.max_actions(1, solo) == GAME.max_actions(1, GAME.validate_options({}, 1))  # (the bag ends it first)


@pytest.mark.slow
@pytest.mark.parametrize("modules", [False, True])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_three_hundred_random_games_end_within_max_actions(players, modules):
    options = {**(EVERY_MODULE if modules else {}), **GAME.rl_defaults}
    bound = GAME.max_actions(players, GAME.validate_options(options, players))
    longest = max(play(players, options, seed).actions for seed in range(300))
    assert longest <= bound < 5 * longest  # true, and realistic: within a few times the longest seen


def test_the_action_limit_ends_the_game_at_the_end_of_the_turn_that_reaches_it():
    """'End the game at the end of the turn in which the players' actions reach this many and score
    it as it stands, marked as cut short.'"""
    for seed in range(5):
        game = play(3, {"action_limit": 30, **EVERY_MODULE}, seed)
        assert game.turn_starts[-2] < 30 <= game.actions == game.turn_starts[-1]
        reasons = [e.data["reason"] for e in game.events if e.kind == "end_triggered"]
        assert reasons == ["action_limit"]
        over = next(e for e in game.events if e.kind == "game_over")
        assert GAME.describe_event(over, None, ["A", "B", "C"]) == "The game is over (cut short at the action limit)."
        said = next(e for e in game.events if e.kind == "end_triggered")
        assert GAME.describe_event(said, None, ["A", "B", "C"]) == (
            "The action limit is reached: the game is cut short and scored as it stands."
        )


def test_a_game_cut_short_is_scored_as_it_stands_and_marked_truncated():
    state = GAME.new_state(2, 4, {"action_limit": 20})
    dealer, chooser = Dealer(4), random.Random(4)
    dealer.settle(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        dealer.settle(state)
    result = state.result()
    view = state.view(None)
    assert result.truncated and view["standings"]["truncated"] and view["end_reason"] == "action_limit"
    assert list(result.scores) == [sum(parts.values()) for parts in result.breakdown]  # (stalls scored too)
    assert GAME.prompt(view, ["Ada", "Bo"]).startswith("Game over (cut short): ")


def test_a_game_that_ends_by_the_rules_before_the_limit_is_not_truncated():
    game_options = {"action_limit": 5000}
    state = GAME.new_state(2, 2, game_options)
    dealer, chooser = Dealer(2), random.Random(2)
    dealer.settle(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        dealer.settle(state)
    assert not state.result().truncated and state.view(None)["end_reason"] != "action_limit"


def test_the_action_limit_is_for_bots_and_a_game_without_it_reads_as_before():
    spec = next(spec for spec in GAME.option_specs if spec.name == "action_limit")
    assert spec.internal and spec.default == 0
    assert "action_limit" not in GAME.validate_options({}, 2)  # (records of games without it are unchanged)
    assert GAME.validate_options({"action_limit": 500}, 2)["action_limit"] == 500
    with pytest.raises(InvalidOption, match="option action_limit is at least 0; got -1"):
        GAME.validate_options({"action_limit": -1}, 2)
