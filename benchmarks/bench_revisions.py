"""Random-playout speed of two revisions of fruitbowl, side by side in one run.

``python benchmarks/bench_revisions.py 0c2e09d f600a20 [GAME ...] --seconds 2 --rounds 5``

The machine is shared and its speed changes from minute to minute, so two figures measured at
different times say little about a change. This checks out each revision once (a detached git
worktree under the system's temporary folder, reused by later runs) and, round after round,
times each game's random playouts (:func:`fruitbowl.sim.bench.bench_game`, the loop of
``fruitbowl bench``) in a fresh process of each revision, the order swapped every round. It
reports each revision's median actions per second and the median of the rounds' ratios (second
revision ÷ first: above 1 is faster): a ratio measured a few seconds apart is what the noise leaves alone.

``--instructions N`` counts instead the CPU instructions per action of N seeded random games
(``valgrind --tool=callgrind``, the same games for both revisions where their rules draw alike):
a count is the same whatever else the machine is doing, so it settles what the noise hides (a
run takes a minute or so per game and revision).

Each revision's code is imported through ``PYTHONPATH`` in place of the installed one, so both
must be importable with this environment's packages.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("tanghulu", "citrus", "juicyfruits", "fabledfruit")
#: What each timed process runs: the revision's own bench loop, one run, the rate printed.
PROBE = (
    "import sys; from fruitbowl.sim.bench import bench_game; "
    "print(bench_game(sys.argv[1], float(sys.argv[2]), 1).actions_per_s)"
)

#: ... and under callgrind: N whole games (``seconds=0`` plays exactly one), the actions printed.
COUNTED = (
    "import sys; from fruitbowl.engine import get_game; "
    "from fruitbowl.sim.bench import default_players, random_playouts; "
    "game = get_game(sys.argv[1]); "
    "print(sum(random_playouts(game, default_players(game), 0, seed)[0] for seed in range(int(sys.argv[2]))))"
)


def full_hash(revision: str) -> str:
    """The commit a revision names (a short hash, a branch, ``HEAD``), as its full hash."""
    return subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{revision}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def checkout(revision: str) -> Path:
    """A worktree of ``revision`` (its full hash names the folder, so a later run reuses it)."""
    sha = full_hash(revision)
    folder = Path(tempfile.gettempdir()) / f"fruitbowl-rev-{sha}"
    if not (folder / "src" / "fruitbowl").is_dir():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(folder), sha],
            check=True,
            capture_output=True,
        )
    return folder


def rate(tree: Path, game: str, seconds: float) -> float:
    """Actions per second of one timed run of ``game`` with the code of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, game, str(seconds)], env=env, check=True, capture_output=True, text=True
    )
    return float(done.stdout.strip().splitlines()[-1])


def counted(tree: Path, game: str, games: int) -> tuple[int, int]:
    """(instructions, actions) of a process playing ``games`` seeded random games with ``tree``'s code."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", COUNTED]
    done = subprocess.run([*command, game, str(games)], env=env, check=True, capture_output=True, text=True)
    actions = int(done.stdout.strip().splitlines()[-1])
    collected = [line for line in done.stderr.splitlines() if "Collected :" in line]
    return int(collected[-1].split(":")[-1]), actions


def instructions_per_action(tree: Path, game: str, games: int) -> float:
    """CPU instructions per action of random play with ``tree``'s code: the games ``games`` to
    ``3 × games`` (the difference of two processes, so that start-up and imports do not count)."""
    (few, few_actions), (more, more_actions) = counted(tree, game, games), counted(tree, game, 3 * games)
    return (more - few) / (more_actions - few_actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("first", help="the revision before (a commit, tag or branch)")
    parser.add_argument("second", help="the revision after")
    parser.add_argument("games", nargs="*", help=f"game ids (default: {', '.join(GAMES)})")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    parser.add_argument("--rounds", type=int, default=5, help="timed runs of each revision per game")
    parser.add_argument("--instructions", type=int, metavar="N", help="count instructions over N games instead")
    args = parser.parse_args()
    trees = [checkout(args.first), checkout(args.second)]
    if args.instructions:
        print(f"{'game':<14}{args.first:>14}{args.second:>14}{'ratio':>8}  (instructions per action)")
        for game in args.games or GAMES:
            before, after = (instructions_per_action(tree, game, args.instructions) for tree in trees)
            print(f"{game:<14}{before:>14,.0f}{after:>14,.0f}{before / after:>8.2f}")
        return
    print(f"{'game':<14}{args.first:>14}{args.second:>14}{'ratio':>8}  (actions/s, medians of {args.rounds} rounds)")
    for game in args.games or GAMES:
        rates: list[list[float]] = [[], []]
        for round_ in range(args.rounds):
            order = (0, 1) if round_ % 2 == 0 else (1, 0)
            for which in order:
                rates[which].append(rate(trees[which], game, args.seconds))
        ratio = statistics.median(after / before for before, after in zip(*rates, strict=True))
        before, after = (statistics.median(r) for r in rates)
        print(f"{game:<14}{before:>14,.0f}{after:>14,.0f}{ratio:>8.2f}")


if __name__ == "__main__":
    main()
