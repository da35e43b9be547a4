"""Stick patterns (rules §7): which rewards a complete stick of four tiles can make.

Haws are wild, each standing for any fruit. The exact test of §7.2, checked against brute
force over all 70 sticks in the tests:

* ALL_SAME ⇔ at most one distinct non-haw fruit;
* ALL_DIFFERENT ⇔ no non-haw fruit twice;
* TWO_PAIRS ⇔ at most two distinct non-haw fruits, none more than twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

ALL_DIFFERENT = 0
ALL_SAME = 1
TWO_PAIRS = 2
PATTERN_NAMES = ("all-different", "all-same", "two-pairs")


def possible_patterns(fruits: Iterable[int], haw: int) -> tuple[int, ...]:
    """The patterns (ascending) a complete stick with these fruit indices can make."""
    counts = Counter(f for f in fruits if f != haw)
    distinct = len(counts)
    most = max(counts.values(), default=0)
    found = []
    if most <= 1:
        found.append(ALL_DIFFERENT)
    if distinct <= 1:
        found.append(ALL_SAME)
    if distinct <= 2 and most <= 2:
        found.append(TWO_PAIRS)
    return tuple(found)
