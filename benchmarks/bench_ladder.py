"""The bots' strength ladder over seeded two-player games: ``python benchmarks/bench_ladder.py``.

For every game (or the ones named) it plays each pairing — by default the default ISMCTS level
against ``random`` and against ``greedy``, and ``greedy`` against ``random`` — for
``--games-per-pairing`` games at two players, seats alternating, and reports the first bot's
win rate (ties count half) with a Wilson 95% confidence interval, against the targets (ISMCTS
wins at least 95% against random and 65% against greedy: ``confirmed`` when the whole interval
is at or above the target, ``reached`` when the win rate is, ``below`` when it is not but the
interval reaches the target, ``missed`` when the whole interval is below), and
each bot's median and 95th-percentile time per move (moves with a real choice: a single legal
action is not timed), in CPU seconds of this one process, so a busy machine does not inflate
them. Every game's seed and every bot's seed derive from ``--seed``, so a run is reproducible;
``--json`` prints the same as JSON and ``--out FILE`` also writes it to FILE after every game.
Games are played round by round across every pairing (game 1 of each, then game 2 of each, …),
so a run stopped part way, or read part way from ``--out``, has about as many games in every
pairing.

By default one process plays every game; ``--workers K`` plays K games at once, one process each
(move times stay per process CPU time). Run it under ``nice`` while other work goes on. See
docs/bots.md.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

from fruitbowl.bots import Bot, SeatHandle, make_bot
from fruitbowl.engine import Action, all_games, get_game
from fruitbowl.engine.rng import derive_seed
from fruitbowl.sim.confidence import wilson
from fruitbowl.sim.simulate import play_game

#: (first bot, second bot, the first bot's target win rate or None)
PAIRINGS: tuple[tuple[str, str, float | None], ...] = (
    ("ismcts", "random", 0.95),
    ("ismcts", "greedy", 0.65),
    ("greedy", "random", None),
)


class TimedBot(Bot):
    """A bot that records the CPU time of each real choice (more than one legal action)."""

    def __init__(self, bot: Bot, times: list[float]):
        self.bot, self.times, self.name = bot, times, bot.name

    def choose(self, handle: SeatHandle) -> Action:
        started = time.process_time()
        action = self.bot.choose(handle)
        if len(handle.legal_actions()) > 1:
            self.times.append(time.process_time() - started)
        return action


def play_one(game_id: str, first: str, second: str, seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of a pairing (the first bot sits first in even games): the first bot's
    share, the scores, each bot's CPU time per real choice and the wall time. Runs in a worker
    process with ``--workers``."""
    started = time.perf_counter()
    game = get_game(game_id)
    game_seed = derive_seed(seed, game_id, first, second, index)
    seat = index % 2
    names = [first, second] if seat == 0 else [second, first]
    times: dict[str, list[float]] = {first: [], second: []}
    bots: list[Bot] = [
        TimedBot(make_bot(name, derive_seed(game_seed, "bot", s)), times[name]) for s, name in enumerate(names)
    ]
    outcome = play_game(game, 2, game.validate_options({}, 2), bots, game_seed)
    share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    return {"share": share, "scores": outcome.scores, "times": times, "seconds": time.perf_counter() - started}


class Pairing:
    """One bot against another in one game: the first bot's score and both bots' move times."""

    def __init__(self, game_id: str, first: str, second: str, seed: int):
        self.game_id, self.first, self.second, self.seed = game_id, first, second, seed
        self.times: dict[str, list[float]] = {first: [], second: []}
        self.games = 0
        self.score = 0.0
        self.seconds = 0.0

    def args(self, index: int) -> tuple[str, str, str, int, int]:
        return self.game_id, self.first, self.second, self.seed, index

    def add(self, played: dict[str, Any]) -> None:
        """Count one game played by :func:`play_one`."""
        self.games += 1
        self.score += played["share"]
        self.seconds += played["seconds"]
        for name, values in played["times"].items():
            self.times[name].extend(values)

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.score, self.games)
        return {
            "game": self.game_id,
            "bot": self.first,
            "opponent": self.second,
            "games": self.games,
            "score": self.score,
            "win_rate": round(self.score / self.games, 4) if self.games else None,
            "ci95": [round(low, 4), round(high, 4)],
            "seconds": round(self.seconds, 1),
            "move_seconds": {name: _timing(values) for name, values in self.times.items()},
        }


def _timing(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values)
    if not ordered:
        return {"moves": 0, "median": None, "p95": None}
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"moves": len(ordered), "median": round(statistics.median(ordered), 5), "p95": round(p95, 5)}


def _fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def table(rows: list[dict[str, Any]], targets: dict[tuple[str, str], float | None]) -> str:
    lines = [
        f"{'game':<12}{'pairing':<18}{'games':>6}{'win rate':>10}{'95% CI':>16}{'target':>15}"
        f"{'median/move':>14}{'p95/move':>12}{'opp. median':>13}"
    ]
    for row in rows:
        target = targets.get((row["bot"], row["opponent"]))
        own, other = row["move_seconds"][row["bot"]], row["move_seconds"][row["opponent"]]
        low, high = row["ci95"]
        mark = "" if target is None else f"{target:.0%} {_verdict(row['win_rate'], low, high, target)}"
        interval = f"{low:.0%}–{high:.0%}"
        lines.append(
            f"{row['game']:<12}{row['bot'] + ' v ' + row['opponent']:<18}{row['games']:>6}{row['win_rate']:>10.1%}"
            f"{interval:>16}{mark:>15}"
            f"{_fmt_time(own['median']):>14}{_fmt_time(own['p95']):>12}{_fmt_time(other['median']):>13}"
        )
    return "\n".join(lines)


def merged(paths: list[str]) -> tuple[list[dict[str, Any]], dict[tuple[str, str], float | None]]:
    """The rows and targets of JSON files written by ``--out``. Parts of one run (``--first-game``
    continues one) are added up: games and scores summed, the interval recomputed, and each move
    time the largest of the parts' (the medians and 95th percentiles of parts do not combine
    exactly, so the table shows a bound)."""
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    targets: dict[tuple[str, str], float | None] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            saved = json.load(handle)
        for key, value in saved["targets"].items():
            bot, opponent = key.split(":", 1)
            targets[bot, opponent] = value
        for row in saved["results"]:
            if not row["games"]:
                continue
            key = (row["game"], row["bot"], row["opponent"])
            if key not in rows:
                rows[key] = copy.deepcopy(row)
                continue
            total = rows[key]
            total["games"] += row["games"]
            total["score"] += row["score"]
            total["seconds"] = round(total["seconds"] + row["seconds"], 1)
            for name, timing in row["move_seconds"].items():
                kept = total["move_seconds"][name]
                kept["moves"] += timing["moves"]
                for figure in ("median", "p95"):
                    if timing[figure] is not None:
                        kept[figure] = max(kept[figure] or 0.0, timing[figure])
    for total in rows.values():
        total["win_rate"] = round(total["score"] / total["games"], 4)
        total["ci95"] = [round(bound, 4) for bound in wilson(total["score"], total["games"])]
    return list(rows.values()), targets


def _verdict(rate: float, low: float, high: float, target: float) -> str:
    """``confirmed`` when the whole interval is at or above the target; ``reached`` when the win
    rate is but the interval still reaches below it (more games would tell); ``below`` when the
    rate is under the target but the interval reaches it; ``missed`` when it is all below."""
    if low >= target:
        return "confirmed"
    if high < target:
        return "missed"
    return "reached" if rate >= target else "below"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--games-per-pairing", "-n", type=int, default=40, help="games per pairing per game")
    parser.add_argument("--seed", type=int, default=0, help="base seed of every game and bot")
    parser.add_argument(
        "--first-game", type=int, default=0, help="play games K+1.. of each pairing (continues a run stopped at K)"
    )
    parser.add_argument("--pairing", action="append", help="BOT:OPPONENT, repeatable (default: the ladder)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--table",
        nargs="+",
        metavar="FILE",
        help="print the table of JSON files written by --out (parts of one run are added up), and stop",
    )
    parser.add_argument("--out", help="also write the JSON to this file, after every game")
    parser.add_argument("--workers", type=int, default=1, help="games played at once, one process each")
    parser.add_argument("--progress", action="store_true", help="print each game's outcome to stderr")
    args = parser.parse_args()
    if args.table:
        rows, saved_targets = merged(args.table)
        print(table(rows, saved_targets))
        return
    ids = args.games or [game.id for game in all_games()]
    if args.pairing:
        pairings = [(*p.split(":", 1), None) for p in args.pairing]
        pairings = [(a, b, next((t for x, y, t in PAIRINGS if (x, y) == (a, b)), None)) for a, b, _ in pairings]
    else:
        pairings = list(PAIRINGS)
    targets = {(a, b): t for a, b, t in pairings}
    ladder = [Pairing(game_id, first, second, args.seed) for game_id in ids for first, second, _ in pairings]
    # Game by game across every pairing, so a run stopped part way is still balanced.
    jobs = [(index, pairing) for index in range(args.first_game, args.games_per_pairing) for pairing in ladder]
    report: dict[str, Any] = {}
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else nullcontext() as pool:
        outcomes: Iterator[dict[str, Any]]
        if pool is None:
            outcomes = (play_one(*pairing.args(index)) for index, pairing in jobs)
        else:  # results in submission order, so the report grows round by round
            outcomes = pool.map(play_one, *zip(*(pairing.args(index) for index, pairing in jobs), strict=True))
        for (index, pairing), played in zip(jobs, outcomes, strict=True):
            pairing.add(played)
            if args.progress:
                print(
                    f"{pairing.game_id} {pairing.first}-{pairing.second} #{index + 1}: "
                    f"{played['share']} {played['scores']}",
                    file=sys.stderr,
                )
            report = {
                "seed": args.seed,
                "games_per_pairing": args.games_per_pairing,
                "first_game": args.first_game + 1,
                "players": 2,
                "targets": {f"{a}:{b}": t for (a, b), t in targets.items() if t is not None},
                "results": [p.to_json() for p in ladder],
            }
            if args.out:
                with open(args.out, "w", encoding="utf-8") as handle:
                    json.dump(report, handle, indent=2)
    rows = report["results"]
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(table(rows, targets))


if __name__ == "__main__":
    main()
