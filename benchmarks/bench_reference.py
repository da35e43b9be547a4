"""Random-playout speed of a game beside OpenSpiel's pure-Python tic-tac-toe, in one process.

``python benchmarks/bench_reference.py citrus --seconds 3 --runs 5``

The machine is shared and its speed changes from minute to minute, so a figure alone says
little; each run here times the game's random playouts (the same loop as ``fruitbowl bench``,
:func:`fruitbowl.sim.bench.random_playouts`) between two timings of OpenSpiel's tic-tac-toe
written in Python (``open_spiel.python.games.tic_tac_toe``: ``legal_actions``, a uniform
choice, ``apply_action``), and reports the ratio of the game's actions per second to the mean
of the two. Needs the ``rl`` extra (``pip install -e ".[rl]"``).

``--option KEY=VALUE`` sets the game's options; ``--beside KEY=VALUE`` also times, in each run
and against the same tic-tac-toe figure, the game with those options added, to compare a
variant side by side (``citrus --beside free_placement=true``: Citrus without the question of
whether a line's tiles can all be built, the ceiling of what making that question cheaper can
give).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from fruitbowl.engine import get_game, parse_option_pairs
from fruitbowl.engine.rng import derive_seed
from fruitbowl.sim.bench import default_players, random_playouts


def tic_tac_toe(seconds: float, seed: int) -> float:
    """Actions per second of random tic-tac-toe playouts in OpenSpiel's Python implementation."""
    from open_spiel.python.games.tic_tac_toe import TicTacToeGame

    game = TicTacToeGame()
    rng = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. citrus")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each timed part of a run")
    parser.add_argument("--runs", type=int, default=3, help="number of runs")
    parser.add_argument("--players", "-p", type=int, default=None, help="players per game (default: 3)")
    parser.add_argument("--option", action="append", default=[], help="a game option, KEY=VALUE (repeatable)")
    parser.add_argument(
        "--beside",
        action="append",
        default=[],
        help="also time the game with this option added, KEY=VALUE (repeatable)",
    )
    args = parser.parse_args()
    try:
        import open_spiel.python.games.tic_tac_toe  # noqa: F401
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install -e '.[rl]'")
    game = get_game(args.game)
    players = args.players or default_players(game)
    try:
        options = parse_option_pairs(args.option)
        beside = parse_option_pairs(args.beside)
        timed = {game.id: game.validate_options(options, players)}
        if beside:
            label = " ".join(f"{key}={value}" for key, value in beside.items())
            timed[f"{game.id} {label}"] = game.validate_options({**options, **beside}, players)
    except ValueError as error:
        sys.exit(str(error))
    ratios: dict[str, list[float]] = {name: [] for name in timed}
    for run in range(args.runs):
        before = tic_tac_toe(args.seconds, run)
        speeds = {}
        for name, checked in timed.items():
            actions, _games, elapsed = random_playouts(game, players, args.seconds, derive_seed(0, "run", run), checked)
            speeds[name] = actions / elapsed
        after = tic_tac_toe(args.seconds, run)
        reference = (before + after) / 2
        parts = []
        for name, speed in speeds.items():
            ratios[name].append(speed / reference)
            parts.append(f"{name} {speed:,.0f} actions/s ({ratios[name][-1]:.2f}×)")
        print(f"run {run + 1}: {', '.join(parts)}, tic-tac-toe {reference:,.0f}/s")
    for name, values in ratios.items():
        print(f"{name}: {min(values):.2f}–{max(values):.2f}× tic-tac-toe (median {statistics.median(values):.2f}×)")


if __name__ == "__main__":
    main()
