"""Citrus's legal actions beside an earlier revision's, step by step, in random games.

``python benchmarks/citrus_against.py 71214dd --games 300``

A speed change to Citrus must not change a single answer. This takes the Citrus package of an
earlier revision (``git archive``, imported under another name next to the working tree's) and
plays random games on both in lockstep — 2–5 players, six option sets, the same chance outcomes
and moves — checking at every step that the legal actions are the same, in the same order. Now
and then the working tree's state is replaced by a clone or a reload of itself (its caches are
then lost or shared), and the refusal of a random illegal action is compared too. The first
difference stops the run with the game, step and codes; otherwise it prints the steps checked.
The earlier revision's package must run on the working tree's engine.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from bench_revisions import full_hash  # (benchmarks/ is the script's folder, first on sys.path)

from fruitbowl.engine import get_game

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "src/fruitbowl/games/citrus"
#: The option sets the games cycle through (each game also cycles through 2–5 players).
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"board": "short"},
    {"family": True, "random_sites": True},
    {"board": "short", "family": True, "free_placement": True},
    {"random_sites": True, "three_fincas": True, "cart_restriction": False},
    {"horses_at_once": True, "random_first": True},
)


def earlier_citrus(revision: str) -> Any:
    """The Game of ``revision``'s Citrus package, imported as a package of its own."""
    sha = full_hash(revision)
    name = f"citrus_{sha[:12]}"
    folder = Path(tempfile.gettempdir()) / "fruitbowl-citrus-against"
    if not (folder / name).is_dir():
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha, PACKAGE], check=True, capture_output=True)
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(folder / sha, filter="data")
        (folder / sha / PACKAGE).rename(folder / name)
    sys.path.insert(0, str(folder))
    return importlib.import_module(f"{name}.rules").Citrus()


def compare(earlier: Any, first: int, games: int) -> int:
    """Play ``games`` random games from seed ``first`` on both; the steps checked (exits on a difference)."""
    game = get_game("citrus")
    steps = 0
    for seed in range(first, first + games):
        rng = random.Random(seed)
        players = 2 + seed % 4
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        now = game.new_state(players, seed, game.validate_options(options, players))
        then = earlier.new_state(players, seed, earlier.validate_options(options, players))
        while not now.is_terminal():
            if now.chance:
                outcome = now.sample_outcome(rng)
                now.apply(outcome)
                then.apply(outcome)
                continue
            codes, expected = now.legal_codes(), then.legal_codes()
            if codes != expected:
                sys.exit(f"game {seed}, step {steps}: legal actions differ in {sorted(set(codes) ^ set(expected))}")
            if rng.random() < 0.05:
                now = now.clone() if rng.random() < 0.5 else game.state_from_json(now.to_json())
            if rng.random() < 0.02:
                code = rng.randrange(len(now.table.actions))
                if code not in codes and now.refusal(code) != then.refusal(code):
                    sys.exit(f"game {seed}, step {steps}: the refusal of action {code} differs")
            code = rng.choice(codes)
            now.apply(code)
            then.apply(code)
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", help="the earlier revision (a commit, tag or branch)")
    parser.add_argument("--games", type=int, default=100, help="random games to play")
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    steps = compare(earlier_citrus(args.revision), args.first, args.games)
    print(f"the same legal actions as {args.revision} at all {steps:,} steps of {args.games} games")


if __name__ == "__main__":
    main()
