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

from fruitbowl.engine import IllegalAction, InvalidOption, all_games
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
    assert e.engine is not None
    return e.engine


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
        e.engine = sample
        resampled = e.observe(agent)["observation"]
        e.engine = state
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


# ---------------------------------------------------------------------- issue 24 §3: as researchers expect


def test_env_state_is_pettingzoos_global_state_and_the_position_is_env_engine() -> None:
    """``AECEnv.state()`` "returns a global view of the environment" for centralized training:
    here every seat's observation in seat order; the position itself is ``env.engine``."""
    e = env("tanghulu", players=3)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before state\(\)"):
        e.state()
    e.reset(seed=4)
    for _ in range(12):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    glob = e.state()
    assert glob.shape == e.state_space.shape and e.state_space.contains(glob)
    expected = np.concatenate([e.observe(agent)["observation"] for agent in e.possible_agents])
    assert np.array_equal(glob, expected)
    assert e.engine is not None and e.engine.game.id == "tanghulu"


def test_an_illegal_action_ends_the_episode_with_a_penalty_when_asked() -> None:
    """``illegal_action="penalty"``: as in PettingZoo's classic games, the agent that made an
    illegal move is paid -1, the others 0, and the episode is over; by default it is an error."""
    with pytest.raises(InvalidOption, match="illegal_action must be one of error, penalty; got 'lose'"):
        env("tanghulu", players=2, illegal_action="lose")
    e = env("tanghulu", players=3, illegal_action="penalty")
    e.reset(seed=6)
    offender = e.agent_selection
    mask = e.observe(offender)["action_mask"]
    before = _state(e).to_json()
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert _state(e).to_json() == before  # the illegal action was not played
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert "played an illegal action" in e.infos[offender]["illegal_action"]
    paid = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        _observation, reward, terminated, _truncated, _info = e.last()
        assert terminated
        paid[agent] += reward
        e.step(None)
    assert paid == {agent: (-1.0 if agent == offender else 0.0) for agent in e.possible_agents}
    strict = env("tanghulu", players=2)
    strict.reset(seed=6)
    with pytest.raises(IllegalAction):
        strict.step(int(np.flatnonzero(strict.observe(strict.agent_selection)["action_mask"] == 0)[0]))


def test_solo_juicy_fruits_score_reward_is_the_score_minus_pineapples() -> None:
    """``reward="score"``, solo: "the seat's score minus the opponent's" (Pineapple, the house)."""
    e = env("juicyfruits", players=1, reward="score")
    total = _play_out(e, np.random.default_rng(3))["player_0"]
    final = _state(e).result()
    assert final.house is not None and final.house.score != 0
    assert total == final.scores[0] - final.house.score


def test_last_and_agent_iter_before_reset_say_to_call_reset() -> None:
    e = env("tanghulu", players=2)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before last\(\)"):
        e.last()
    with pytest.raises(RuntimeError, match=r"call reset\(\) before agent_iter\(\)"):
        e.agent_iter()
