"""Citrus's legal lines and placements beside the brute force with no budget, in random games.

``python benchmarks/citrus_brute_force.py --games 300``

Issue 20 §1 asks for buildability decided exactly. This plays random games (2–5 players, the
long and the short side, the family version every fourth game) and, at every main decision,
asks the brute force of the tests (``tests/games/citrus/brute.py``: every legal placement in
every order, nothing taken from the engine's ``placement.py``) whether each line the player can
pay for could be built — on the board as it is, or, when the line leaves three tiles or fewer in
the market, with the next Finca on one of the open sites — and, at every placement decision,
whether each placement legal on its own leaves the other waiting tiles buildable. Every
difference from what the engine offers is printed with the game's seed and step; the last line
says how many positions were compared and how many differed (the exit status is 1 if any did).
It found the three kinds of refusal kept in ``tests/games/citrus/lines_refused_in_play.json``; the
comparison itself is ``tests/games/citrus/against_brute.py``, which the test suite runs on a few
games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # (the tests' brute force)

from tests.games.citrus.against_brute import game_differences, setup  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    started, positions, differences = time.perf_counter(), 0, 0
    for seed in range(args.first, args.first + args.games):
        compared, found = game_differences(seed)
        players, options = setup(seed)
        for difference in found:
            print(f"seed {seed} ({players} players, {options}) {difference}", flush=True)
        positions += compared
        differences += len(found)
    seconds = time.perf_counter() - started
    print(f"{args.games} games, {positions:,} positions compared, {differences} differences ({seconds:.0f} s)")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
