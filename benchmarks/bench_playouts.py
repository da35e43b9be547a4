"""Random-playout speed of every game (or the ones named), one core: ``python benchmarks/bench_playouts.py``.

The same measurement as ``fruitbowl bench``; see :mod:`fruitbowl.sim.bench`.
"""

from __future__ import annotations

import argparse

from fruitbowl.engine import all_games
from fruitbowl.sim.bench import bench_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    parser.add_argument("--runs", type=int, default=3, help="number of runs; the median is reported")
    args = parser.parse_args()
    ids = args.games or [game.id for game in all_games()]
    print(f"{'game':<14}{'players':>8}{'actions/s':>14}{'games/s':>10}")
    for game_id in ids:
        result = bench_game(game_id, args.seconds, args.runs)
        print(f"{result.game:<14}{result.players:>8}{result.actions_per_s:>14,.0f}{result.games_per_s:>10,.1f}")


if __name__ == "__main__":
    main()
