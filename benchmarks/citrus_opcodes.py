"""Where Citrus's playing time goes, per function, counted in Python bytecodes: a profile that
does not depend on the machine's load.

``python benchmarks/citrus_opcodes.py --games 6 --top 30``

Plays the seeded random games of ``fruitbowl bench citrus`` (random playouts, three players,
seeds ``0 … N-1``) under a tracer that counts every bytecode executed, per function, and prints
the total, the count per action and the functions with the most. A count is the same on every
run, like ``bench_revisions.py --instructions`` (callgrind), but says which function it is in;
it weighs every bytecode alike, so a change that moves work into C (set operations, big-int
bitmasks) shows a larger gain here than in instructions or seconds. The process's one-off work
(the board and action tables) is done before the count starts. About a minute for six games.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from types import FrameType
from typing import Any

from fruitbowl.engine import get_game
from fruitbowl.sim.bench import random_playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6, help="seeded random games to play")
    parser.add_argument("--top", type=int, default=30, help="functions to list")
    args = parser.parse_args()
    game = get_game("citrus")
    game.new_state(3, 0, None)  # (the one-off tables, outside the count)
    counts: Counter[str] = Counter()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        code = frame.f_code
        key = f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno} {code.co_name}"

        def opcodes(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                counts[key] += 1
            return opcodes

        return opcodes

    sys.settrace(tracer)
    actions = sum(random_playouts(game, 3, 0, seed)[0] for seed in range(args.games))
    sys.settrace(None)
    total = sum(counts.values())
    print(f"{args.games} games, {actions:,} actions: {total:,} bytecodes, {total // actions:,} an action")
    for key, n in counts.most_common(args.top):
        print(f"{n:12,} {100 * n / total:5.1f}%  {key}")


if __name__ == "__main__":
    main()
