"""Win shares come with 95% Wilson intervals: in ``simulate``'s result, its table and its JSON.

Issue 18: "``simulate`` reports confidence intervals for win shares." The expected bounds are
the textbook values of the Wilson score interval at 95% (z = 1.96), worked out by hand:
for a rate p of n games, (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.sim import simulate
from fruitbowl.sim.confidence import wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),  # half of 10
        (0, 10, 0.0, 0.2775),  # none of 10: the interval still reaches 28%
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),  # two drawn games: a win share of 1/2 each, and little known
        (81, 263, 0.2553, 0.3662),  # a larger sample: a narrower interval
    ],
)
def test_wilson_interval_matches_hand_worked_values(wins: float, games: int, low: float, high: float) -> None:
    assert wilson(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_no_games_say_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulation_gives_each_seat_its_interval() -> None:
    """Two games abandoned at the action cap are draws: each seat has 1 win of 2."""
    result = simulate("tanghulu", 2, 2, action_cap=3)
    assert result.wins == [1.0, 1.0]
    assert result.win_ci95 == [pytest.approx((0.0945, 0.9055), abs=1e-4)] * 2


def test_intervals_hold_the_win_share_and_narrow_with_more_games() -> None:
    few = simulate("tanghulu", 6, 3, seed=3)
    many = simulate("tanghulu", 30, 3, seed=3)
    for result in (few, many):
        for wins, (low, high) in zip(result.wins, result.win_ci95, strict=True):
            assert 0.0 <= low <= wins / result.games <= high <= 1.0
    assert sum(high - low for low, high in many.win_ci95) < sum(high - low for low, high in few.win_ci95)


def test_simulate_json_and_table_report_the_intervals() -> None:
    runner = CliRunner()
    args = ["simulate", "tanghulu", "-n", "8", "--players", "2", "--seed", "2"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert len(data["win_ci95"]) == 2
    for wins, (low, high) in zip(data["wins"], data["win_ci95"], strict=True):
        assert (low, high) == pytest.approx(wilson(wins, 8), abs=1e-4)
    table = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert table.exit_code == 0, table.output
    assert "95% interval" in table.stdout and "Wilson" in table.stdout
    for low, high in data["win_ci95"]:
        assert f"{100 * low:.1f}–{100 * high:.1f}" in table.stdout
