"""Steps per second through the RL adapters against the bare engine, per game.

* engine: ``legal_actions()`` + a random choice + ``apply`` (what ``fruitbowl bench`` measures),
  chance nodes (Tang Hu Lu's) resolved by ``settle`` as a table's dealer resolves them;
* PettingZoo: the standard AEC loop, ``last()`` (observation and mask) + ``step``; and the same
  with the observation left out (an all-zero array: the adapter's own cost, to show how much of
  the loop the encoding takes when it runs among the engine's steps);
* OpenSpiel: ``legal_actions()`` + ``apply_action``, and the same with ``observation_tensor``
  for the player to act at every step (what a learning loop reads); a chance node is sampled
  from ``chance_outcomes()`` (the opening seed of a game without explicit chance: by the seed);
* ``rl_environment``: OpenSpiel's ``rl_environment.Environment`` with its defaults, as a
  researcher gets it (every player's information state tensor at every step where the game
  provides one, else its observation tensor), random legal actions, and its median ``reset()``
  (of the clock, and of the process's CPU: the steady figure on a shared machine), and the same
  ``reset()`` with a chance sampler in plain Python instead of the default's numpy ``choice``
  (``_python_sampler``: what the game and the adapter take of a reset);
* and, to show where the time goes, one engine step and one ``Game.observation`` in microseconds,
  and what PettingZoo's adapter takes to turn one encoded observation into its array
  (``observation_fill_us``, CPU) with the mean number of nonzero entries it puts in.

Each adapter's rate is given as a share of the engine's (``_vs_engine``: 0.5 is half as fast),
measured in the same run: the loops take turns for ``--rounds`` rounds and each keeps its best
round, so a machine whose load changes during the run slows them alike. Rates are of the
process's CPU time (``--clock cpu``, the default: on a shared machine the wall clock also counts
the time other processes held the core) or of the wall clock (``--clock wall``).

    python benchmarks/bench_rl.py [GAME ...] [--seconds 3] [--rounds 3] [--players 3] [--clock cpu] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment

import fruitbowl.rl.openspiel
from fruitbowl.engine import all_games, get_game
from fruitbowl.engine.chance import settle
from fruitbowl.engine.game import State
from fruitbowl.rl.pettingzoo import FruitbowlEnv, filled
from fruitbowl.rl.pettingzoo import env as pettingzoo_env

#: the clocks a rate can be read from: the process's CPU time (the default: other work on a shared
#: machine does not stretch it) or the wall clock
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def spiel_game(game_id: str, players: int) -> pyspiel.Game:
    """The game as OpenSpiel loads it, through fruitbowl's adapter."""
    return pyspiel.load_game(fruitbowl.rl.openspiel.short_name(get_game(game_id)), {"players": players})


def rate(play_one: Callable[[int], int], seconds: float, clock: Callable[[], float] = time.process_time) -> float:
    """Steps per second (of ``clock``) of repeated seeded games until ``seconds`` have passed."""
    steps, seed, start = 0, 0, clock()
    while clock() - start < seconds:
        steps += play_one(seed)
        seed += 1
    return steps / (clock() - start)


def engine_game(game_id: str, players: int) -> Callable[[int], int]:
    game = get_game(game_id)

    def play(seed: int) -> int:
        rng, state, steps = random.Random(seed), game.new_state(players, seed), 0
        settle(state, rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            settle(state, rng)
            steps += 1
        return steps

    return play


class _Unobserved(FruitbowlEnv):
    """The environment with an all-zero observation: what the adapter costs without the encoding."""

    def _observation(self, state: State, seat: int) -> np.ndarray:
        return self._blank.copy()


def pettingzoo_game(game_id: str, players: int, observe: bool = True) -> Callable[[int], int]:
    e = pettingzoo_env(game_id, players=players) if observe else _Unobserved(game_id, players)

    def play(seed: int) -> int:
        rng, steps = random.Random(seed), 0
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            observation, _reward, terminated, truncated, _info = e.last()
            # the same random policy as the engine loop's, read off the mask
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            action = None if terminated or truncated else rng.choice(legal)
            e.step(action)
            steps += action is not None
        return steps

    return play


def openspiel_game(game_id: str, players: int, observe: bool) -> Callable[[int], int]:
    game = spiel_game(game_id, players)
    explicit = get_game(game_id).explicit_chance

    def play(seed: int) -> int:
        rng, steps = random.Random(seed), 0
        state = game.new_initial_state()
        if not explicit:
            state.apply_action(seed % fruitbowl.rl.openspiel.SEED_OUTCOMES)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def rl_environment_game(game_id: str, players: int, resets: list[tuple[float, float]]) -> Callable[[int], int]:
    """rl_environment with its default observation type; each ``reset()``'s seconds, of the clock
    and of the process's CPU (which other work on a shared machine does not stretch), go to ``resets``."""
    game = spiel_game(game_id, players)
    env = rl_environment.Environment(game)

    def play(seed: int) -> int:
        rng, steps = random.Random(seed), 0
        env.seed(seed)
        started, cpu = time.perf_counter(), time.process_time()
        time_step = env.reset()
        resets.append((time.perf_counter() - started, time.process_time() - cpu))
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = env.step([rng.choice(time_step.observations["legal_actions"][player])])
            steps += 1
        return steps

    return play


class PythonSampler:
    """A chance sampler for ``rl_environment`` that draws with Python's ``random`` instead of
    numpy's ``choice`` with probabilities (the default's), to show how much of a ``reset()``
    the default sampler itself takes."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed(seed)

    def seed(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __call__(self, state: pyspiel.State) -> int:
        outcomes = state.chance_outcomes()
        u, total = self._rng.random(), 0.0
        for outcome, probability in outcomes:
            total += probability
            if u < total:
                return int(outcome)
        return int(outcomes[-1][0])


def reset_cpu_ms(game_id: str, players: int, resets: int = 200) -> float:
    """Median CPU milliseconds of ``rl_environment``'s ``reset()`` with :class:`PythonSampler`."""
    game = spiel_game(game_id, players)
    env = rl_environment.Environment(game, chance_event_sampler=PythonSampler(0))
    times = []
    for _ in range(resets):
        cpu = time.process_time()
        env.reset()
        times.append(time.process_time() - cpu)
    return 1e3 * statistics.median(times)


def random_positions(game_id: str, players: int, positions: int = 400) -> list[State]:
    """About a quarter of the positions of seeded random games, ``positions`` of them (copies)."""
    game, states, seed = get_game(game_id), [], 0
    while len(states) < positions:
        rng, state = random.Random(seed), game.new_state(players, seed)
        settle(state, rng)
        while not state.is_terminal() and len(states) < positions:
            if rng.random() < 0.25:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_codes()))
            settle(state, rng)
        seed += 1
    return states


def microseconds_each(work: Callable[[Any], object], items: list[Any], clock: Callable[[], float]) -> float:
    """Mean microseconds of ``work`` on one item, the best of five passes over ``items`` (the
    pass least disturbed by other work)."""
    best = float("inf")
    for _ in range(5):
        started = clock()
        for item in items:
            work(item)
        best = min(best, clock() - started)
    return best / len(items) * 1e6


def fill_microseconds(game_id: str, players: int) -> tuple[float, float]:
    """Mean CPU microseconds PettingZoo's adapter takes to turn one encoded observation into its
    array (:func:`fruitbowl.rl.pettingzoo.filled`), and the mean number of nonzero entries: the
    least an observation costs in the loop, whatever the encoder."""
    game = get_game(game_id)
    encoded = [game.observation(state, state.current_player) for state in random_positions(game_id, players)]
    blank = np.zeros(encoded[0].size, np.float32)
    each = microseconds_each(lambda one: filled(blank, one), encoded, time.process_time)
    return each, statistics.mean(len(one.index) for one in encoded)


def encoding_microseconds(game_id: str, players: int, clock: Callable[[], float] = time.process_time) -> float:
    """Mean cost of one ``Game.observation`` (the seat to act's), over positions of random games."""
    game = get_game(game_id)
    return microseconds_each(
        lambda state: game.observation(state, state.current_player), random_positions(game_id, players), clock
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per loop, split over the rounds")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; each loop's best counts")
    parser.add_argument("--players", type=int, default=None, help="default: each game's minimum (at least 2)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="what a rate's seconds are")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {}
    for game in [get_game(g) for g in args.games] or all_games():
        players = args.players or max(2, game.min_players)
        resets: list[tuple[float, float]] = []
        loops = {
            "engine": engine_game(game.id, players),
            "pettingzoo": pettingzoo_game(game.id, players),
            "pettingzoo_unobserved": pettingzoo_game(game.id, players, observe=False),
            "openspiel": openspiel_game(game.id, players, observe=False),
            "openspiel_observed": openspiel_game(game.id, players, observe=True),
            "rl_environment": rl_environment_game(game.id, players, resets),
        }
        best = dict.fromkeys(loops, 0.0)
        for _ in range(args.rounds):  # interleaved, the best of each: fair on a machine whose load varies
            for name, play in loops.items():
                best[name] = max(best[name], rate(play, args.seconds / args.rounds, CLOCKS[args.clock]))
        engine = best.pop("engine")
        row = {
            "players": players,
            "clock": args.clock,
            "engine_steps_per_s": round(engine),
            "engine_step_us": round(1e6 / engine, 1),
            "observation_us": round(encoding_microseconds(game.id, players, clock=CLOCKS[args.clock]), 1),
        }
        fill, nonzero = fill_microseconds(game.id, players)
        row["observation_fill_us"], row["observation_nonzero"] = round(fill, 1), round(nonzero)
        for name, steps in best.items():
            row[f"{name}_steps_per_s"] = round(steps)
            row[f"{name}_vs_engine"] = round(steps / engine, 3)
        row["rl_environment_reset_ms"] = round(1e3 * statistics.median(wall for wall, _ in resets), 3)
        row["rl_environment_reset_cpu_ms"] = round(1e3 * statistics.median(cpu for _, cpu in resets), 3)
        row["rl_environment_reset_python_sampler_cpu_ms"] = round(reset_cpu_ms(game.id, players), 3)
        row["rl_environment_observes"] = (
            "information_state"
            if spiel_game(game.id, players).get_type().provides_information_state_tensor
            else "observation"
        )
        report[game.id] = row
        if not args.json:
            print(game.id, json.dumps(row))
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
