"""Fabled Fruit passes the conformance kit at 2–5 players: a first game, an immediate-end game
with a fixed start player, and the 11th game of a campaign built from ten seeded random games."""

from __future__ import annotations

from fruitbowl.engine import get_game
from fruitbowl.engine.conformance import check_all
from fruitbowl.games.fabledfruit.campaign import deep_campaign_options

GAMES_PER_COUNT = 6
FULL_EVERY = 25


def test_option_sets_include_a_first_game_and_a_deep_campaign():
    game = get_game("fabledfruit")
    for n in range(2, 6):
        sets = game.conformance_option_sets(n)
        assert sets[0] == {}
        deep = sets[-1]
        assert deep == deep_campaign_options(n) and deep["game_number"] == 11
        assert deep["big_stack"] < 216


def test_fabledfruit_conforms():
    reports = check_all(
        get_game("fabledfruit"), games_per_count=GAMES_PER_COUNT, seed=2025, full_games=1, full_every=FULL_EVERY
    )
    assert len(reports) == 12
    for report in reports:
        assert report.games == GAMES_PER_COUNT // 3
        assert report.fully_checked >= 20, str(report)
