"""Result.ranked: totals from the breakdown, places by (score, tie-breaks), shared places, winners."""

from __future__ import annotations

import pytest

from fruitbowl.engine import Result

CATEGORIES = ("tiles", "sweets")


def parts(tiles: int, sweets: int) -> dict[str, int]:
    return {"tiles": tiles, "sweets": sweets}


def test_scores_are_the_sum_of_the_breakdown() -> None:
    result = Result.ranked(CATEGORIES, [parts(5, 2), parts(3, 3), parts(0, 1)])
    assert result.scores == (7, 6, 1)
    assert result.places == (1, 2, 3)
    assert result.winners == (0,)


def test_ties_share_a_place_and_the_next_place_is_skipped() -> None:
    result = Result.ranked(CATEGORIES, [parts(4, 0), parts(2, 2), parts(1, 0), parts(0, 4)])
    assert result.scores == (4, 4, 1, 4)
    assert result.places == (1, 1, 4, 1)
    assert result.winners == (0, 1, 3)


def test_tiebreaks_decide_level_scores_in_order() -> None:
    result = Result.ranked(
        CATEGORIES,
        [parts(4, 0), parts(2, 2), parts(3, 1), parts(1, 0)],
        ("coins", "turns"),
        [(3, 1), (5, 0), (3, 2), (9, 9)],
    )
    assert result.scores == (4, 4, 4, 1)
    assert result.places == (3, 1, 2, 4)  # 5 coins beats 3; then 2 turns beat 1
    assert result.winners == (1,)


def test_seats_level_on_score_and_every_tiebreak_share_the_place() -> None:
    result = Result.ranked(CATEGORIES, [parts(1, 1), parts(2, 0), parts(0, 0)], ("coins",), [(2,), (2,), (7,)])
    assert result.places == (1, 1, 3)
    assert result.winners == (0, 1)


def test_everyone_level_means_everyone_wins() -> None:
    result = Result.ranked(CATEGORIES, [parts(0, 0)] * 3)
    assert result.places == (1, 1, 1)
    assert result.winners == (0, 1, 2)


def test_to_json_and_the_copied_inputs() -> None:
    breakdown = [parts(1, 2), parts(3, 0)]
    result = Result.ranked(CATEGORIES, breakdown, ("coins",), [(1,), (0,)], truncated=True)
    breakdown[0]["tiles"] = 99  # the result keeps its own copy
    assert result.to_json() == {
        "scores": [3, 3],
        "winners": [0],
        "places": [1, 2],
        "categories": ["tiles", "sweets"],
        "breakdown": [{"tiles": 1, "sweets": 2}, {"tiles": 3, "sweets": 0}],
        "tiebreak_names": ["coins"],
        "tiebreaks": [[1], [0]],
        "truncated": True,
    }


def test_a_breakdown_missing_a_category_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        Result.ranked(CATEGORIES, [{"tiles": 1}])
