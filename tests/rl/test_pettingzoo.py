"""PettingZoo's own test suites on every game at every player count, and our adapter's contract.

Only PettingZoo's two known warnings about observation spaces of environments outside
PettingZoo are ignored; every other warning fails the test.
"""

from __future__ import annotations

import contextlib
import io
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import pettingzoo
from pettingzoo.test import api_test, render_test, seed_test

from fruitbowl.engine import IllegalAction, all_games
from fruitbowl.rl.pettingzoo import env, raw_env

pytestmark = [
    pytest.mark.filterwarnings("error"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]

GAME_COUNTS = [(g.id, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
GAME_OPTION_SETS = [
    (g.id, g.min_players, options) for g in all_games() for options in g.conformance_option_sets(g.min_players)
]


def _state(e: Any) -> Any:
    """The environment's position, once reset (typed loosely: the tests read a game's fields)."""
    assert e.state is not None
    return e.state


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_pettingzoo_suites(game: str, players: int) -> None:
    api_test(env(game, players=players), num_cycles=300)
    seed_test(lambda: env(game, players=players), num_cycles=100)
    with contextlib.redirect_stdout(io.StringIO()):  # render mode "human" prints
        render_test(lambda render_mode=None: env(game, players=players, render_mode=render_mode))


@pytest.mark.parametrize(("game", "players", "options"), GAME_OPTION_SETS)
def test_every_option_set_passes_the_api_test(game: str, players: int, options: dict) -> None:
    api_test(env(game, players=players, **options), num_cycles=200)


def _play_out(e, rng: np.random.Generator) -> dict:
    """A random-agent loop, as in the docs; returns each agent's total reward."""
    e.reset(seed=7)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        done = terminated or truncated
        e.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_rank_rewards_sum_to_zero_and_are_paid_at_the_end() -> None:
    e = env("tanghulu", players=3)
    totals = _play_out(e, np.random.default_rng(1))
    assert abs(sum(totals.values())) < 1e-9
    assert max(totals.values()) == 1.0 or len(set(totals.values())) < 3  # the winner beat both others


def test_observations_come_from_the_seats_view_only() -> None:
    e = raw_env("tanghulu", players=2)
    e.reset(seed=3)
    while not any(_state(e).hands):  # play until someone holds hidden sweet cards
        e.step(_state(e).legal_actions()[-1].code)
    state = _state(e)
    for agent, seat in e.agent_seat.items():
        sample = state.determinize(seat, random.Random(seat))
        e.state = sample
        resampled = e.observe(agent)["observation"]
        e.state = state
        assert np.array_equal(e.observe(agent)["observation"], resampled)


def test_masks_match_the_engine_and_only_the_player_to_act_has_one() -> None:
    e = raw_env("tanghulu", players=3, reward="score")
    e.reset(seed=5)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        if agent == acting:
            assert sorted(np.flatnonzero(mask)) == [a.code for a in _state(e).legal_actions()]
        else:
            assert not mask.any()


def test_registered_and_refuses_bad_input() -> None:
    made = pettingzoo.make("aec", "fruitbowl/tanghulu-v0", players=2)
    made.reset(seed=1)
    assert made.agent_selection == "player_0"
    with pytest.raises(ValueError, match="reward must be one of rank, score"):
        raw_env("tanghulu", players=2, reward="elo")
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        raw_env("tanghulu", players=2, colour="red")
    e = raw_env("tanghulu", players=2)
    e.reset(seed=1)
    illegal = next(code for code in range(e.num_actions) if not e.observe(e.agent_selection)["action_mask"][code])
    with pytest.raises(IllegalAction):
        e.step(illegal)


def test_calls_out_of_order_and_actions_out_of_bounds_are_refused_with_a_sentence() -> None:
    e = env("tanghulu", players=2)
    for call in (lambda: e.step(0), lambda: e.observe("player_0")):
        with pytest.raises(RuntimeError, match=r"call reset\(\) before"):
            call()
    e.reset(seed=2)
    before = _state(e).to_json()
    for action in (-1, e.num_actions, None):
        with pytest.raises(ValueError, match="outside the action space"):
            e.step(action)
    assert _state(e).to_json() == before
    _play_out(e, np.random.default_rng(2))
    with pytest.warns(UserWarning, match="after every agent is done"):
        e.step(None)
