"""§5.1 with §8.1, §8.5 and §8.6: a line holding a type that has no place on the board is still
bought when its other tiles can pick up a Bridge or a Milestone on the way (or bring a worker
back) that gives that type one — and refused when they cannot.

These are the lines whose answer needs a search, which tries first the tiles landing on or
nearest to a Bridge or Milestone; the order it tries them in must never change the answer.
On crowded random positions (:func:`.test_exact_buildability.crowded`) with Bridges and
Milestones lying on the board, each line of a placeless type and two or three other tiles
is asked through the public entry point and checked against the brute force with no budget
(:mod:`.brute`).
"""

from __future__ import annotations

import random

from fruitbowl.games.citrus.components import COMPONENTS as C

from . import brute
from .test_exact_buildability import ask, crowded

NAMES = C.types
MARKS = {t for t, (kind, _value) in enumerate(C.landscape) if kind in ("bridge", "milestone")}


def test_lines_with_a_placeless_type_are_offered_exactly_when_the_brute_force_builds_them() -> None:
    rng = random.Random(20)
    asked = bought = 0
    for seed in range(1000, 1300):
        state, _full = crowded(seed)
        if not MARKS.intersection(state.land):
            continue  # no Bridge or Milestone on the board to pick up
        placeless = [c for c in range(len(NAMES)) if not brute.legal_placements(state, 0, c)]
        placed = [c for c in range(len(NAMES)) if c not in placeless]
        if not placeless or not placed:
            continue
        for _ in range(3):
            tiles = [rng.choice(placeless) * 2] + [rng.choice(placed) * 2 for _ in range(rng.randint(2, 3))]
            counts = [0] * len(NAMES)
            for k in tiles:
                counts[k >> 1] += 1
            expected = brute.buildable(state, 0, counts)
            assert ask(state, tiles) == expected, (seed, counts)
            asked += 1
            bought += expected
    assert asked >= 120 and 10 <= bought < asked, (asked, bought)
