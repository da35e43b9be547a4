"""PettingZoo AEC environments for every fruitbowl game.

    >>> from fruitbowl.rl.pettingzoo import env
    >>> e = env("tanghulu", players=3, round_limit=50)
    >>> e.reset(seed=1)
    >>> agent = e.agent_selection
    >>> observation, reward, terminated, truncated, info = e.last()
    >>> sorted(observation)
    ['action_mask', 'observation']

Each agent (``player_0`` …) observes a dict: ``observation``, the game's numeric encoding of
that seat's view (never the true state), and ``action_mask``, the legal actions of the game's
fixed action space (all zero when it is not that agent's turn). Rewards are paid when the game
ends (:mod:`fruitbowl.rl.rewards`); a game stopped by a limit option is a truncation. Chance
(die rolls, draws) is resolved inside the environment by a dealer seeded with the game's seed, as
a fruitbowl table resolves it: agents never see a chance node, and the same seed deals the same
game. Every game
is also registered with PettingZoo as ``fruitbowl/<game>-v0`` (``pettingzoo.make("aec",
"fruitbowl/tanghulu-v0", players=2)``).

The position itself is ``env.engine`` (the engine's state, which knows every hidden card: for
tools, never for an agent). ``env.state()`` is PettingZoo's global view for centralized training
(every seat's observation, one after another; see :meth:`FruitbowlEnv.state`).

An illegal action (one the mask forbids) raises :class:`~fruitbowl.engine.IllegalAction` and
changes nothing; with ``illegal_action="penalty"`` it ends the episode instead, as PettingZoo's
classic games do: the agent that made it is paid ``illegal_reward`` (-1), the others 0, and
every agent is terminated (``info["illegal_action"]`` says what was refused and why).
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pettingzoo
from gymnasium import spaces
from pettingzoo import AECEnv

from fruitbowl.engine import Game, InvalidOption, all_games, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.game import State
from fruitbowl.engine.observation import Observation
from fruitbowl.engine.rng import random_seed

from .rewards import check_reward_kind, rewards

#: What an illegal action does: raise (``error``), or end the episode with a penalty (``penalty``).
ILLEGAL_ACTION_MODES = ("error", "penalty")


def filled(blank: np.ndarray, encoded: Observation) -> np.ndarray:
    """The observation's array: a copy of ``blank`` (zeros made once: cheaper than ``np.zeros``)
    with the encoding's nonzero entries put in (read into arrays by ``fromiter``, which knows
    their type and number: a third cheaper than ``put`` converting the two lists itself)."""
    index, value = encoded.index, encoded.value
    observation = blank.copy()
    observation.put(np.fromiter(index, np.intp, len(index)), np.fromiter(value, np.float32, len(value)))
    return observation


class FruitbowlEnv(AECEnv):
    """One fruitbowl game as an AEC environment; the rules live in the engine, this only adapts."""

    RENDER_MODES = ("ansi", "human")
    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it per instance; each env sets its name)
        "render_modes": list(RENDER_MODES),
        "name": "fruitbowl_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        render_mode: str | None = None,
        reward: str = "rank",
        illegal_action: str = "error",
        illegal_reward: float = -1.0,
        **options: Any,
    ):
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        self.num_players = players if players is not None else self.game.min_players
        self.game.check_player_count(self.num_players)
        self.options = self.game.validate_options(options, self.num_players)
        self.reward_kind = check_reward_kind(reward)
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise InvalidOption(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}; got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}; got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"fruitbowl_{self.game.id}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.num_players)]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.num_actions = self.game.num_distinct_actions(self.num_players, self.options)
        size = self.observation_size = self.game.observation_size(self.num_players, self.options)
        self._blank = np.zeros(size, dtype=np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        #: PettingZoo's global state (:meth:`state`): every seat's observation in seat order
        self.state_space = spaces.Box(low=0.0, high=1.0, shape=(self.num_players * size,), dtype=np.float32)
        #: the engine's position (``None`` until :meth:`reset`)
        self.engine: State | None = None
        self.dealer: Dealer | None = None
        self._next_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = seed
        game_seed = self._next_seed if self._next_seed is not None else random_seed()
        if self._next_seed is not None:
            self._next_seed += 1  # the next reset without a seed plays a different, still seeded, game
        self.engine = self.game.new_state(self.num_players, game_seed, self.options)
        self.dealer = Dealer(game_seed)
        self.dealer.settle(self.engine)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.engine.current_player]

    def _started(self, call: str) -> State:
        if self.engine is None:
            raise RuntimeError(f"call reset() before {call}()")
        return self.engine

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.engine is None:
            raise RuntimeError("call reset() before last()")
        agent = self.agent_selection  # (AECEnv.last's answer, without its extra call per step)
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._started("agent_iter")
        return super().agent_iter(max_iter)

    def _observation(self, state: State, seat: int) -> np.ndarray:
        return filled(self._blank, self.game.observation(state, seat))

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.engine
        if state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self.agent_seat[agent]
        mask = bytearray(self.num_actions)  # (set byte by byte: cheaper than numpy for a few codes)
        if state.current_player == seat:  # -1 once the game is over
            for code in state._legal_codes():  # (read, not changed: no copy needed)
                mask[code] = 1
        return {"observation": self._observation(state, seat), "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def state(self) -> np.ndarray:
        """PettingZoo's global view of the environment, for centralized training (a critic that
        sees more than one agent): every seat's observation, in seat order (``state_space``).
        Together they show every seat's hidden things, so it is not for an agent to act on."""
        state = self._started("state")
        return np.concatenate([self._observation(state, seat) for seat in range(self.num_players)])

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent selected (``None`` for an agent that is done).

        The checks PettingZoo's order-enforcing and out-of-bounds wrappers would add are made
        here, so :func:`env` needs no wrappers (they cost more than a game's own step): stepping
        before ``reset`` and an action outside the action space each raise with a sentence and
        change nothing; so does an illegal one, unless the environment was made with
        ``illegal_action="penalty"`` (see the module's docstring).
        """
        state = self._started("step")
        if not self.agents:
            warnings.warn("step() was called after every agent is done; call reset() to play again", stacklevel=2)
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= action < self.num_actions:
            raise ValueError(f"action {action!r} is outside the action space 0..{self.num_actions - 1} of {agent}")
        self._cumulative_rewards[agent] = 0.0
        if self.illegal_action == "penalty":
            refusal = state.explain(int(action))
            if refusal is not None:
                self._end_with_penalty(agent, f"{agent} played an illegal action ({refusal})")
                return
        code = int(action)
        if code in state._legal_codes():  # (the check apply makes; a legal code is applied as it is)
            state._apply_code(code)
        else:
            state.apply(code)  # (raises IllegalAction with the rule's sentence)
        if self.dealer is not None:
            self.dealer.settle(state)
        if state.is_terminal():
            result = state.result()
            paid = rewards(result, self.num_players, self.reward_kind)
            for seat, name in enumerate(self.agents):
                self.rewards[name] = paid[seat]
                self.terminations[name] = not result.truncated
                self.truncations[name] = result.truncated
                self.infos[name] = {"result": result.to_json()}
            self._accumulate_rewards()
        else:  # (rewards are paid at the end only: nothing to add up before it)
            self.agent_selection = self.possible_agents[state.current_player]

    def _end_with_penalty(self, offender: str, sentence: str) -> None:
        """End the episode after an illegal action, as PettingZoo's classic games do."""
        for name in self.agents:
            self.rewards[name] = self.illegal_reward if name == offender else 0.0
            self.terminations[name] = True
            self.infos[name] = {"illegal_action": sentence}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the public position as text; ``human``: the same, printed."""
        if self.render_mode is None:
            return None
        view = self._started("render").view(None)
        names = [f"player_{seat}" for seat in range(self.num_players)]
        text = f"{self.game.prompt(view, names)}\n{json.dumps(view, sort_keys=True)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.engine = None


def raw_env(game: str | Game, players: int | None = None, **kwargs: Any) -> FruitbowlEnv:
    return FruitbowlEnv(game, players, **kwargs)


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> FruitbowlEnv:
    """The environment to use. PettingZoo's classic games wrap theirs in bounds and call-order
    checks; these make the same checks themselves (see :meth:`FruitbowlEnv.step`), at a
    fraction of the wrappers' cost, so ``env`` and ``raw_env`` are the same."""
    return raw_env(game, players, **kwargs)


def register_all() -> list[str]:
    """Register every game with PettingZoo as ``fruitbowl/<game>-v0``; returns the ids."""
    ids = []
    for game in all_games():
        env_id = f"fruitbowl/{game.id}-v0"
        if env_id not in pettingzoo.aec_registry:
            pettingzoo.register("aec", env_id, entry_point=env, kwargs={"game": game.id})
        ids.append(env_id)
    return ids


register_all()
