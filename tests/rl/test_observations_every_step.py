"""What an agent observes through either adapter is, at every step of a game, exactly the seat's view.

The adapters take shortcuts for speed (an encoder that reuses a section when its inputs did not
change, a tensor list written from the encoding's entries, a dealer that trusts its own draws), so
random games of every game and player count are played through PettingZoo and OpenSpiel, and at
every step each seat's observation is compared with the game's plain reference encoding of the JSON
view (``tests/games/<game>/observation_reference.py``), which shares none of them. Two games are
played in turn, as several environments or a search's states would be, so a section reused from
the other game would show; and a seat that observes only at its turns, game after game, sees no
stale entry either.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install -e '.[rl]'")

from fruitbowl.engine import all_games, get_game  # noqa: E402
from fruitbowl.engine.chance import Dealer  # noqa: E402
from fruitbowl.engine.game import CHANCE  # noqa: E402
from fruitbowl.rl.openspiel import short_name  # noqa: E402
from fruitbowl.rl.pettingzoo import env  # noqa: E402

GAME_COUNTS = [(g.id, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
#: steps of each game compared (a long game's later steps add little)
STEPS = 150


def _reference(game_id: str) -> Callable[[Mapping[str, Any]], list[float]]:
    module = importlib.import_module(f"tests.games.{game_id}.observation_reference")
    encode: Callable[[Mapping[str, Any]], list[float]] = module.encode
    return encode


def _float32(values: list[float]) -> list[float]:
    """The values as a float32 tensor holds them."""
    converted: list[float] = np.asarray(values, dtype=np.float32).tolist()
    return converted


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_pettingzoo_observes_the_view_of_every_seat_at_every_step(game_id: str, players: int) -> None:
    reference = _reference(game_id)
    envs = [env(game_id, players=players), env(game_id, players=players)]
    for seed, e in enumerate(envs):
        e.reset(seed=seed)
    rngs = [random.Random(seed) for seed in range(len(envs))]
    for _step in range(STEPS):
        for e, rng in zip(envs, rngs, strict=True):
            if not e.agents:
                continue
            state = e.engine
            assert state is not None
            for seat, agent in enumerate(e.possible_agents):
                observed = e.observe(agent)
                expected = reference(state.view(seat))
                assert observed["observation"].tolist() == _float32(expected), (agent, _step)
                mask = np.flatnonzero(observed["action_mask"]).tolist()
                assert mask == (state.legal_codes() if state.current_player == seat else [])
            observation, _reward, terminated, truncated, _info = e.last()
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            e.step(None if terminated or truncated else rng.choice(legal))


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_openspiel_tensors_are_the_view_of_every_seat_at_every_step(game_id: str, players: int) -> None:
    reference = _reference(game_id)
    game = pyspiel.load_game(short_name(get_game(game_id)), {"players": players})
    states = [game.new_initial_state(), game.new_initial_state()]
    rngs = [random.Random(seed) for seed in range(len(states))]
    for _step in range(STEPS):
        for state, rng in zip(states, rngs, strict=True):
            if state.is_terminal():
                continue
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            for seat in range(players):
                expected = _float32(reference(state.engine.view(seat)))
                assert state.observation_tensor(seat) == expected, (seat, _step)
                # pyspiel's own (C++) call fills the observer's numpy tensor: the same numbers
                assert pyspiel.State.observation_tensor(state, seat) == expected
                info = state.information_state_tensor(seat)
                assert info[: len(expected)] == expected
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", [g.id for g in all_games() if g.explicit_chance])
def test_a_dealer_deals_the_outcomes_a_checked_deal_would(game_id: str) -> None:
    """The seeded dealer applies its own draws unchecked; dealing the same seed outcome by outcome
    through ``apply`` (which checks each) gives the same outcomes and events, to the game's end."""
    game = get_game(game_id)
    players = max(2, game.min_players)
    trusted, checked = game.new_state(players, 5), game.new_state(players, 5)
    fast, slow = Dealer(5), Dealer(5)
    rng = random.Random(5)
    while True:
        dealt = fast.settle(trusted)
        drawn = []
        while checked.current_player == CHANCE:
            outcome = slow.draw(checked)
            drawn.append((outcome, checked.apply(outcome)))
        assert dealt == drawn
        assert trusted.to_json() == checked.to_json()
        if trusted.is_terminal():
            break
        action = rng.choice(trusted.legal_codes())
        assert trusted.apply(action) == checked.apply(action)
    assert fast.drawn == slow.drawn > 0


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_an_agent_observing_only_at_its_turns_sees_its_view_over_several_games(game_id: str, players: int) -> None:
    """The standard loop observes only the agent to act, several steps (or a whole reset) after
    its last look; it still sees exactly the seat's view, and what an agent was given stays as it
    was while play goes on."""
    reference = _reference(game_id)
    e = env(game_id, players=players)
    rng = random.Random(7)
    for seed in range(3):  # one environment, game after game: a reset must not leave a stale entry
        e.reset(seed=seed)
        given: list[tuple[np.ndarray, list[float]]] = []
        for step, agent in enumerate(e.agent_iter(max_iter=STEPS)):
            observation, _reward, terminated, truncated, _info = e.last()
            state = e.engine
            assert state is not None
            expected = _float32(reference(state.view(e.agent_seat[agent])))
            assert observation["observation"].tolist() == expected, (seed, step, agent)
            if step % 10 == 0:
                given.append((observation["observation"], expected))
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            e.step(None if terminated or truncated else rng.choice(legal))
        for kept, expected in given:
            assert kept.tolist() == expected
        final = e.engine
        assert final is not None
        central = e.state().tolist()  # every seat's, at the end
        assert central == [x for seat in range(players) for x in _float32(reference(final.view(seat)))]
