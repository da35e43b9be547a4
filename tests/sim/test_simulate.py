"""The simulation and benchmark functions that the CLI wraps."""

from __future__ import annotations

import pytest

from fruitbowl.engine import BadPlayerCount, InvalidOption, UnknownGame, get_game
from fruitbowl.sim import GameOutcome, bench_game, random_playouts, simulate


def test_simulation_is_reproducible_and_counts_every_game() -> None:
    first = simulate("tanghulu", 10, 3, seed=7)
    second = simulate("tanghulu", 10, 3, seed=7)
    assert first.wins == second.wins and first.mean_scores == second.mean_scores
    assert abs(sum(first.wins) - 10) < 1e-6
    assert first.truncated == 0
    other = simulate("tanghulu", 10, 3, seed=8)
    assert (other.wins, other.mean_scores) != (first.wins, first.mean_scores)


def test_progress_is_reported_per_game() -> None:
    seen: list[GameOutcome] = []
    simulate("tanghulu", 3, 2, progress=seen.append)
    assert len(seen) == 3 and all(outcome.scores is not None for outcome in seen)


def test_action_cap_abandons_a_game_as_a_draw() -> None:
    result = simulate("tanghulu", 2, 2, action_cap=3)
    assert result.truncated == 2
    assert result.wins == [1.0, 1.0]
    assert result.mean_scores == [0.0, 0.0]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"game_id": "nope"}, UnknownGame),
        ({"num_players": 9}, BadPlayerCount),
        ({"bots": ["random"]}, InvalidOption),
        ({"bots": ["random", "ghost"]}, InvalidOption),
        ({"options": {"round_limit": "x"}}, InvalidOption),
        ({"num_games": 0}, InvalidOption),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict, error: type) -> None:
    args = {"game_id": "tanghulu", "num_games": 1, "num_players": 2, **kwargs}
    with pytest.raises(error):
        simulate(**args)


def test_random_playouts_play_whole_games() -> None:
    actions, games, elapsed = random_playouts(get_game("tanghulu"), 2, 0.0)
    assert games == 1 and actions > 0 and elapsed >= 0


def test_bench_reports_medians() -> None:
    result = bench_game("tanghulu", seconds=0.01, runs=3)
    assert result.players == 3 and len(result.runs) == 3
    assert result.actions_per_s > 0 and result.games_per_s > 0
    assert set(result.to_json()) == {"actions_per_s", "games_per_s"}
    with pytest.raises(InvalidOption):
        bench_game("tanghulu", seconds=0)
