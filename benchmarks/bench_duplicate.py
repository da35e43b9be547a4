"""How much a duplicate tournament narrows the results for the same number of games.

``python benchmarks/bench_duplicate.py [GAME] [--bots A,B] [--games N] [--repeat R] [--json]``

Plays ``R`` tournaments of ``N`` games of the two bots (2 players, seats rotating) with different
base seeds, once as ordinary tournaments (every game its own deal) and once with ``--duplicate``
(each deal once per seat rotation), and reports how much the two bots' measured difference varies
from tournament to tournament: the standard deviation over the ``R`` runs of the first bot's
share of wins and of its OpenSkill ``mu`` minus the second's. A tournament's 95% interval is about
±1.96 standard deviations, so the ratio of the two deviations is how much duplicate deals narrow
it for the same number of games (the square of the ratio: how many fewer games give the same
width). Games are played in this process with the tournament's own worker and ratings.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from fruitbowl.sim.ratings import rate
from fruitbowl.sim.schedule import make_spec
from fruitbowl.sim.worker import play_task


def one_tournament(game: str, bots: list[str], games: int, seed: int, duplicate: bool) -> tuple[float, float]:
    """The first bot's share of wins and its ``mu`` minus the second bot's."""
    spec = make_spec(game, bots, 2, games, seed=seed, duplicate=duplicate)
    played = [play_task(task) for task in spec.tasks()]
    ratings = {r.bot: r for r in rate(played, spec.bots)}
    first, second = (ratings[name] for name in spec.bots)
    return first.wins / first.games, first.mu - second.mu


def measure(game: str, bots: list[str], games: int, repeat: int) -> dict[str, Any]:
    out: dict[str, Any] = {"game": game, "bots": bots, "games": games, "repeat": repeat}
    for duplicate in (False, True):
        started = time.perf_counter()
        runs = [one_tournament(game, bots, games, 1000 + r, duplicate) for r in range(repeat)]
        shares, gaps = [s for s, _ in runs], [g for _, g in runs]
        out["duplicate" if duplicate else "ordinary"] = {
            "win_share_mean": round(statistics.fmean(shares), 4),
            "win_share_sd": round(statistics.stdev(shares), 4),
            "mu_gap_mean": round(statistics.fmean(gaps), 3),
            "mu_gap_sd": round(statistics.stdev(gaps), 3),
            "seconds": round(time.perf_counter() - started, 1),
        }
    ordinary, duplicate_ = out["ordinary"], out["duplicate"]
    out["narrowing"] = {
        key: round(duplicate_[f"{key}_sd"] / ordinary[f"{key}_sd"], 3) if ordinary[f"{key}_sd"] else None
        for key in ("win_share", "mu_gap")
    }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="tanghulu")
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--games", type=int, default=20, help="games per tournament (a multiple of 2)")
    parser.add_argument("--repeat", type=int, default=20, help="tournaments of each kind")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.game, args.bots.split(","), args.games, args.repeat)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.game}: {args.bots}, {args.repeat} tournaments of {args.games} games each")
    for kind in ("ordinary", "duplicate"):
        row = result[kind]
        print(
            f"  {kind:9}  win share {row['win_share_mean']:.3f} ± sd {row['win_share_sd']:.3f}   "
            f"mu gap {row['mu_gap_mean']:.2f} ± sd {row['mu_gap_sd']:.2f}   ({row['seconds']} s)"
        )
    n = result["narrowing"]
    print(f"  duplicate / ordinary spread: win share {n['win_share']}, mu gap {n['mu_gap']}")


if __name__ == "__main__":
    main()
