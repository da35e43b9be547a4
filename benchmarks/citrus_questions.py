"""Where Citrus's line questions spend their time: each "may this line be bought?" of seeded
random games, grouped by its answer and the look-ahead positions its search made.

``python benchmarks/citrus_questions.py --games 100``

Half of Citrus's playing time is the lines a player may buy (§5.1), and most of that is a
small tail of questions that need a search. This plays the games of ``fruitbowl bench citrus``
(random playouts, three players, seeds ``0 … N-1``), times every ``_buy_ok`` and counts the
look-ahead positions made during it, and prints per group the questions, their time, its share
of the playing time and the mean per question; then the look-ahead positions of the whole run
(lines, the §5.7 placement lists and Finca sites together). Shares move little with the
machine's load; the times do. A speed change to the search shows up here before it shows up in
``bench_reference.py``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from fruitbowl.engine import get_game
from fruitbowl.games.citrus.rules import CitrusState, LineFacts
from fruitbowl.sim.bench import random_playouts

#: The groups of questions by the look-ahead positions they made: (label, most positions).
GROUPS = (("0", 0), ("1", 1), ("2–4", 4), ("5–19", 19), ("20+", 1 << 62))


def group(positions: int) -> int:
    """The index in :data:`GROUPS` of a question that made ``positions`` look-ahead positions."""
    return next(i for i, (_label, most) in enumerate(GROUPS) if positions <= most)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="seeded random games to play")
    args = parser.parse_args()
    made = [0]
    asked: Counter[tuple[bool, int]] = Counter()
    spent: Counter[tuple[bool, int]] = Counter()
    lookahead, buy_ok = CitrusState.lookahead, CitrusState._buy_ok

    def counted_lookahead(self: CitrusState, t: int, mod: int) -> CitrusState:
        made[0] += 1
        return lookahead(self, t, mod)

    def timed_buy_ok(self: CitrusState, p: int, line: LineFacts) -> bool:
        before, started = made[0], time.perf_counter()
        answer = buy_ok(self, p, line)
        key = (answer, group(made[0] - before))
        spent[key] += time.perf_counter() - started
        asked[key] += 1
        return answer

    CitrusState.lookahead = counted_lookahead  # type: ignore[method-assign]
    CitrusState._buy_ok = timed_buy_ok  # type: ignore[method-assign]
    game = get_game("citrus")
    started = time.perf_counter()
    actions = sum(random_playouts(game, 3, 0, seed)[0] for seed in range(args.games))
    total = time.perf_counter() - started
    print(f"{args.games} games, {actions:,} actions, {total:.2f} s; look-ahead positions: {made[0]:,}")
    print("answer      positions  questions      time  share   mean")
    for key in sorted(asked, key=lambda k: (not k[0], k[1])):
        answer, index = key
        seconds, count = spent[key], asked[key]
        print(
            f"{'bought' if answer else 'refused':<11} {GROUPS[index][0]:>9} {count:>10,} {seconds * 1e3:>7.1f} ms"
            f" {seconds / total:>6.1%} {seconds / count * 1e6:>5.0f} µs"
        )
    lines = sum(spent.values())
    print(f"all lines   {sum(asked.values()):>20,} {lines * 1e3:>7.1f} ms {lines / total:>6.1%}")


if __name__ == "__main__":
    main()
