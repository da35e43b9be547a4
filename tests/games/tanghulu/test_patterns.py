"""Rules §7.2: which patterns a complete stick can make, against brute force over all 70 sticks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from fruitbowl.games.tanghulu.patterns import ALL_DIFFERENT, ALL_SAME, TWO_PAIRS, possible_patterns

HAW = 4
ORDINARY = range(4)
ALL_STICKS = list(combinations_with_replacement(range(5), 4))  # multisets of 4 tiles from 5 kinds


def brute_force(stick: tuple[int, ...]) -> tuple[int, ...]:
    """Try every assignment of a fruit to each haw and see which pattern the result shows."""
    found = set()
    haws = stick.count(HAW)
    fixed = [f for f in stick if f != HAW]
    for choice in product(ORDINARY, repeat=haws):
        counts = sorted(Counter(fixed + list(choice)).values())
        if counts == [1, 1, 1, 1]:
            found.add(ALL_DIFFERENT)
        elif counts == [4]:
            found.add(ALL_SAME)
        elif counts == [2, 2]:
            found.add(TWO_PAIRS)
    return tuple(sorted(found))


def test_there_are_70_distinct_sticks():
    assert len(ALL_STICKS) == 70


@pytest.mark.parametrize("stick", ALL_STICKS)
def test_possible_patterns_matches_brute_force_with_wild_haws(stick):
    assert possible_patterns(stick, HAW) == brute_force(stick)
    assert possible_patterns(reversed(stick), HAW) == brute_force(stick)  # order never matters


X, Y, Z, W, H = 0, 1, 2, 3, HAW
D, S, P = ALL_DIFFERENT, ALL_SAME, TWO_PAIRS

# §7.2 "every case, up to renaming the fruits"
TABLE = [
    ((X, X, X, X), (S,)),
    ((X, X, X, Y), ()),
    ((X, X, Y, Y), (P,)),
    ((X, X, Y, Z), ()),
    ((X, Y, Z, W), (D,)),
    ((H, X, X, X), (S,)),
    ((H, X, X, Y), (P,)),
    ((H, X, Y, Z), (D,)),
    ((H, H, X, X), (S, P)),
    ((H, H, X, Y), (D, P)),
    ((H, H, H, X), (D, S, P)),
    ((H, H, H, H), (D, S, P)),
]


@pytest.mark.parametrize(("stick", "patterns"), TABLE)
def test_section_7_2_table_under_every_renaming_of_the_fruits(stick, patterns):
    for renaming in set(product(ORDINARY, repeat=4)):
        if len(set(renaming)) < 4:
            continue
        renamed = [f if f == HAW else renaming[f] for f in stick]
        assert possible_patterns(renamed, HAW) == patterns


def test_consequences_a_haw_always_makes_a_pattern_and_only_xxxy_or_xxyz_miss():
    for stick in ALL_STICKS:
        if HAW in stick:
            assert possible_patterns(stick, HAW)
        elif not possible_patterns(stick, HAW):
            assert sorted(Counter(stick).values()) in ([1, 3], [1, 1, 2])
