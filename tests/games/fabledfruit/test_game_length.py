"""How long a game of Fabled Fruit can last (issue 24 §2), and the action limit that bounds it.

Nothing in the rules bounds a game: with one stack of double turn tokens left, a round goes on for
as long as its players keep taking extra turns. So ``max_actions`` is ``None`` unless option
``action_limit`` cuts the game at the end of the turn that reaches it, as learning environments do
(``rl_defaults``); the bound is then the limit plus the longest turn the rules allow.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from fruitbowl.bots.base import SeatHandle
from fruitbowl.bots.greedy import GreedyBot
from fruitbowl.engine import Event, InvalidOption
from fruitbowl.engine.chance import Dealer
from fruitbowl.games.fabledfruit.rules import turn_actions

from .positions import GAME

LIMIT = GAME.rl_defaults["action_limit"]


@dataclass
class Played:
    actions: int
    longest_turn: int  # actions from a turn's first to the one that starts the next turn or ends the game
    turn_starts: list[int]  # the actions made before each turn began
    events: list[Event]


def play(players: int, options: dict[str, object], seed: int, bot: GreedyBot | None = None) -> Played:
    """A game through actions: random legal ones (or the bot's), the draws dealt as a table deals them."""
    state = GAME.new_state(players, seed, options)
    dealer, chooser = Dealer(seed), random.Random(seed)
    events = [e for _, evs in dealer.settle(state) for e in evs]
    actions = turn = longest = 0
    starts: list[int] = []
    while not state.is_terminal():
        if bot is not None:
            action = bot.choose(SeatHandle(state, state.current_player))
        else:
            legal = state.legal_actions()
            action = legal[chooser.randrange(len(legal))]
        made = state.apply(action) + [e for _, evs in dealer.settle(state) for e in evs]
        actions += 1
        turn += 1
        longest = max(longest, turn)
        if any(e.kind == "turn" for e in made):
            starts.append(actions)
            turn = 0
        events += made
    return Played(actions, longest, starts, events)


def cut(options: dict[str, object]) -> dict[str, object]:
    return {**options, **GAME.rl_defaults}


@pytest.mark.parametrize("lime", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_and_greedy_games_end_within_max_actions_and_their_turns_within_the_longest_turn(players, lime):
    options = cut({"lime": True} if lime else {})
    bound = GAME.max_actions(players, GAME.validate_options(options, players))
    assert bound == LIMIT + turn_actions(players, lime)
    games = [play(players, options, seed) for seed in range(40)]
    games += [play(players, options, 100 + seed, GreedyBot(seed)) for seed in range(2)]
    for game in games:
        assert game.actions <= bound
        assert game.longest_turn <= turn_actions(players, lime) + 1  # (+ the extra-turn choice)


@pytest.mark.slow
@pytest.mark.parametrize("lime", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_three_hundred_random_games_end_within_max_actions(players, lime):
    options = cut({"lime": True} if lime else {})
    bound = GAME.max_actions(players, GAME.validate_options(options, players))
    longest = max(play(players, options, seed).actions for seed in range(300))
    assert longest <= bound < 4 * longest  # true, and realistic: within a few times the longest seen


def test_the_action_limit_ends_the_game_at_the_end_of_the_turn_that_reaches_it():
    """'End the game at the end of the turn in which the players' actions reach this many and score
    it as it stands, marked as cut short.'"""
    for seed in range(5):
        game = play(3, {"action_limit": 40}, seed)
        assert game.turn_starts[-1] <= 40 <= game.actions  # its last turn began below the limit, ended at it
        assert game.actions <= 40 + turn_actions(3, False)
        over = [e for e in game.events if e.kind == "game_over"]
        assert [e.data for e in over] == [{"ended_by": "action_limit"}]
        assert GAME.describe_event(over[0], None, ["A", "B", "C"]) == (
            "The game is over (cut short at the action limit, scored as it stands)."
        )


def test_a_game_cut_short_is_scored_as_it_stands_and_marked_truncated():
    state = GAME.new_state(2, 3, {"action_limit": 25})
    dealer, chooser = Dealer(3), random.Random(3)
    dealer.settle(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        dealer.settle(state)
    result = state.result()
    view = state.view(0)
    assert result.truncated and view["ended_by"] == "action_limit" and view["standings"]["truncated"]
    assert list(result.scores) == [len(view["players"][p]["juices"]) for p in range(2)]
    assert GAME.prompt(view, ["Ada", "Bo"]).startswith("Game over (cut short): ")


def test_the_round_limit_is_marked_truncated_too():
    """max_rounds: 'a safety stop: the game is scored at the end of this round if nobody has ended it'."""
    game = play(2, {"max_rounds": 2}, 1)
    over = [e for e in game.events if e.kind == "game_over"]
    assert over[0].data == {"ended_by": "round_limit"}
    assert GAME.describe_event(over[0], None, ["A", "B"]) == (
        "The game is over (cut short at the round limit, scored as it stands)."
    )


def test_without_an_action_limit_a_round_can_last_forever():
    """With one stack left, and it gives double turn tokens (#37), nobody can move elsewhere: a player
    takes a token, returns the one taken before for an extra turn, and again (§2.9.3)."""
    options = {"display": "37x3", "big_stack": 0, "first_player": 1}
    assert GAME.max_actions(2, GAME.validate_options(options, 2)) is None
    state = GAME.new_state(2, 1, options)
    dealer = Dealer(1)
    dealer.settle(state)
    for _ in range(2000):
        texts = [a.text for a in state.legal_actions()]
        state.apply(next((t for t in ("extra turn", "double", "act") if t in texts), texts[0]))  # (move 37)
        dealer.settle(state)
    assert not state.is_terminal() and state.view(None)["round"] == 2


def test_the_action_limit_is_for_bots_and_a_game_without_it_reads_as_before():
    spec = next(spec for spec in GAME.option_specs if spec.name == "action_limit")
    assert spec.internal and spec.default == 0
    assert "action_limit" not in GAME.validate_options({}, 2)  # (records of games without it are unchanged)
    assert GAME.validate_options({"action_limit": 500}, 2)["action_limit"] == 500
    with pytest.raises(InvalidOption, match="option action_limit is at least 0; got -1"):
        GAME.validate_options({"action_limit": -1}, 2)
