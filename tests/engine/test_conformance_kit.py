"""The conformance kit itself: a correct toy game passes, and each deliberately broken one fails.

The negative controls prove that each check can fail: every broken variant in
:mod:`tests.engine.toys` has one bug, and the kit must report it under the right check name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from fruitbowl.engine import get_game, registry
from fruitbowl.engine.conformance import (
    CHECKS,
    ConformanceError,
    ConformanceReport,
    check_all,
    check_game,
    check_seeded_game,
)
from fruitbowl.views import view_errors

from .toys import BROKEN, BROKEN_CHANCE, CHANCE_PLUMS, PLUMS, PlumGame


def test_the_correct_toy_passes_every_player_count_and_option_set() -> None:
    reports = check_all(PLUMS, games_per_count=60, full_every=4, view_check=view_errors)
    assert [(r.num_players, r.options) for r in reports] == [
        (2, {}),
        (2, {"match_bonus": 0}),
        (3, {}),
        (3, {"match_bonus": 0}),
    ]
    for report in reports:
        assert isinstance(report, ConformanceReport)
        assert report.games == 30
        assert report.actions == 30 * 12  # every card is played
        assert report.positions == report.actions + report.games
        assert report.fully_checked >= 3 * 13  # the first three games are checked in full
        assert report.fully_checked < report.positions
        assert "toy-plums" in str(report)


def test_full_every_one_checks_every_position() -> None:
    report = check_game(PLUMS, 2, games=5, full_every=1)
    assert report.fully_checked == report.positions == 5 * 13


def test_the_toy_passes_when_registered_and_replayed_through_the_record_module() -> None:
    with _registered(PLUMS):
        assert get_game(PLUMS.id) is PLUMS
        report = check_game(PLUMS, 3, games=20, seed=4)
    assert report.games == 20


def _expect_failure(game: PlumGame, check: str, **kwargs: int) -> ConformanceError:
    with pytest.raises(ConformanceError) as caught:
        check_all(game, games_per_count=20, view_check=view_errors, **kwargs)
    error = caught.value
    assert error.check == check, str(error)
    assert check in CHECKS
    message = str(error)
    assert message.startswith(f"[{check}] {game.id}, 2 players, options {{'match_bonus': 2}}: ")
    assert re.search(r"game seed \d{9,} \(game \d+ of check_game\(seed=0\)\), after move \d+", message)
    assert "reproduce: check_seeded_game(game, 2, {'match_bonus': 2}, seed=" in message
    assert message.endswith(", full_every=1, view_check=view_errors)")
    return error


# (name of the broken variant, the check that must catch it, a phrase the message must contain)
NEGATIVE_CONTROLS = [
    ("unsorted-legal", "legal-actions", "legal actions are not sorted by code: [5, 3"),
    ("leaky-view", "view-invariance", "view(0) differs in a determinize(0, rng) sample (view.players[1].hand"),
    ("global-random", "determinism", "applying 'play"),
    ("unseeded-setup", "new-state", "new_state with the same seed set up two different games"),
    ("shared-clone", "clone", "applying an action to a clone changed the original (to_json().hands"),
    ("mutating-illegal", "illegal-action", "changed the state (to_json().points[0]: 0 vs -1)"),
    ("no-resample", "determinize", "every determinize(0, rng) sample is the true state"),
    ("resample-own-hand", "view-invariance", "(view.players[0].hand"),
    ("determinize-from-truth", "determinize", "depends on hidden information"),
    ("seed-in-view", "seed-leak", "view(None) contains the seed"),
    ("rng-in-view", "seed-leak", "looks like a random generator's state"),
    ("secret-in-public-data", "events", "event 'draw' uses secret keys ['card'] in its public part too"),
    ("never-ends", "game-length", "the game did not end within 12 actions (max_actions)"),
    ("bad-result", "result", "but the breakdown"),
    ("crashing-view", "crash", "the game raised TypeError: list indices must be integers or slices, not NoneType"),
    ("slotless", "new-state", "Slotless has a __dict__, so a misspelt field is silently accepted"),
    ("stale-legal", "json-round-trip", "an answer cached in the original is stale"),
    ("offers-too-few", "refusals", "<Action 5 'play 6'> is not among the legal actions, but no rule refuses it"),
    ("refuses-a-legal-card", "refusals", "is refused by the rule 'play.matches_top'"),
    ("unsaid-rule", "refusals", "is refused by 'play.not_held', which game.refusals has no sentence for"),
    (
        "text-points-view",
        "view",
        "view(None) does not fit the game's view type (2 errors; the first): view.players[0].points: "
        "'0 points' is not of type 'integer'.",
    ),
]


@pytest.mark.parametrize(("variant", "check", "phrase"), NEGATIVE_CONTROLS, ids=[c[0] for c in NEGATIVE_CONTROLS])
def test_each_broken_variant_fails_the_right_check(variant: str, check: str, phrase: str) -> None:
    error = _expect_failure(BROKEN[variant], check)
    assert phrase in str(error)


def test_every_variant_has_a_negative_control() -> None:
    assert {c[0] for c in NEGATIVE_CONTROLS} == set(BROKEN)


def test_global_randomness_is_caught_by_the_replay_even_without_full_checks() -> None:
    error = _expect_failure(BROKEN["global-random"], "replay", full_games=0, full_every=0)
    assert "replaying the record diverged at move" in str(error)
    assert "Randomness must come only from the state's seeded RNG" in str(error)


def test_an_illegal_attempt_that_changes_the_state_is_caught_by_the_replay_without_full_checks() -> None:
    error = _expect_failure(BROKEN["mutating-illegal"], "replay", full_games=0, full_every=0)
    assert "different state (to_json().points" in str(error)


def test_global_randomness_is_caught_through_the_registered_record_replay_too() -> None:
    game = BROKEN["global-random"]
    with _registered(game):
        error = _expect_failure(game, "replay", full_games=0, full_every=0)
    assert "diverged at move" in str(error)


def test_a_failure_names_the_moves_and_reproduces_with_check_seeded_game() -> None:
    game = BROKEN["mutating-illegal"]
    with pytest.raises(ConformanceError) as caught:
        check_game(game, 3, games=10, full_games=0, full_every=3, seed=11)
    first = str(caught.value)
    found = re.search(r"game seed (\d+) \(game \d+ of check_game\(seed=11\)\), after move (\d+)", first)
    assert found is not None, first
    seed, move = int(found.group(1)), int(found.group(2))
    assert move > 0, "the sampled check should not fall on the very first position for seed 11"
    assert "\n  moves: 'play " in first
    with pytest.raises(ConformanceError) as again:
        check_seeded_game(game, 3, {}, seed=seed)
    assert again.value.check == "illegal-action"
    assert f"game seed {seed}, after move" in str(again.value)


def test_a_game_without_declared_length_is_held_to_the_kit_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    from fruitbowl.engine import conformance

    game = BROKEN["never-ends"]
    monkeypatch.setattr(type(game), "max_actions", lambda self, n, options: None)
    monkeypatch.setattr(conformance, "DEFAULT_MAX_ACTIONS", 50)
    with pytest.raises(ConformanceError) as caught:
        check_game(game, 2, games=1, full_games=0)
    assert caught.value.check == "game-length"
    assert "did not end within 50 actions (the kit's cap DEFAULT_MAX_ACTIONS)" in str(caught.value)


def test_check_all_shares_games_among_option_sets_rounding_up() -> None:
    reports = check_all(PLUMS, games_per_count=5, full_games=1)
    assert [r.games for r in reports] == [3, 3, 3, 3]


@contextmanager
def _registered(game: PlumGame) -> Iterator[None]:
    """Register a toy game for the duration of a ``with`` block, then remove it again."""
    registry.register(game)
    try:
        yield
    finally:
        registry.unregister(game.id)


# ---------------------------------------------------------------------- explicit chance


def test_a_game_with_chance_nodes_passes_dealt_by_a_seeded_dealer() -> None:
    """Chance Plums deals every card at a chance node: the kit checks each one and resolves it as
    a table would; its records replay with their outcomes, and without them too."""
    reports = check_all(CHANCE_PLUMS, games_per_count=20, view_check=view_errors)
    assert all(r.games == 10 and r.actions == 10 * 12 for r in reports)
    with _registered(CHANCE_PLUMS):
        assert check_game(CHANCE_PLUMS, 3, games=10, seed=5).games == 10


# (the broken Chance Plums variant, the check that must catch it, a phrase its message must contain)
CHANCE_CONTROLS = [
    ("tells-the-draw", "chance-witness", "chance reveals hidden information to the wrong seat"),
    ("keeps-the-future", "no-future", "to_json() saves a random generator"),
    ("ungrouped-odds", "chance", "chance probabilities must be positive and sum to 1; they sum to 0.4"),
]


@pytest.mark.parametrize(("variant", "check", "phrase"), CHANCE_CONTROLS, ids=[c[0] for c in CHANCE_CONTROLS])
def test_each_broken_chance_variant_fails_the_right_check(variant: str, check: str, phrase: str) -> None:
    error = _expect_failure(BROKEN_CHANCE[variant], check)
    assert phrase in str(error)


def test_every_chance_variant_has_a_negative_control() -> None:
    assert {c[0] for c in CHANCE_CONTROLS} == set(BROKEN_CHANCE)


def test_a_game_that_does_not_declare_explicit_chance_may_not_stop_at_chance_nodes() -> None:
    undeclared = type("UndeclaredGame", (type(CHANCE_PLUMS),), {"id": "toy-undeclared", "explicit_chance": False})()
    error = _expect_failure(undeclared, "chance")
    assert "the game has a chance node but does not declare explicit_chance" in str(error)
