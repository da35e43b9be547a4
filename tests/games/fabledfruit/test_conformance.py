"""Fabled Fruit passes the conformance kit at 2–5 players: a first game, an immediate-end game
with a fixed start player, the 11th game of a campaign built from ten seeded random games, the
first game of a Lime campaign, the 4th game of a Lime campaign built from three games and a Lime
game cut short by the action limit. Every
fully checked position's refusals come from the game's rules (each illegal action a key and its
sentence, no legal one refused) and every view fits the declared ``FabledFruitView``."""

from __future__ import annotations

from fruitbowl.engine import get_game
from fruitbowl.engine.conformance import check_all
from fruitbowl.games.fabledfruit.campaign import deep_campaign_options
from fruitbowl.views import view_errors

GAMES_PER_COUNT = 12
FULL_EVERY = 25


def test_option_sets_include_a_first_game_and_a_deep_campaign():
    game = get_game("fabledfruit")
    for n in range(2, 6):
        sets = game.conformance_option_sets(n)
        assert sets[0] == {}
        deep = sets[2]
        assert deep == deep_campaign_options(n) and deep["game_number"] == 11
        assert deep["big_stack"] < 216
        assert sets[3] == {"lime": True}
        lime_deep = sets[4]
        assert lime_deep == deep_campaign_options(n, lime=True) and lime_deep["lime"] is True
        assert lime_deep["game_number"] == 4 and lime_deep["big_stack"] < 74


def test_fabledfruit_conforms():
    reports = check_all(
        get_game("fabledfruit"),
        games_per_count=GAMES_PER_COUNT,
        seed=2025,
        full_games=1,
        full_every=FULL_EVERY,
        view_check=view_errors,
    )
    assert len(reports) == 24
    for report in reports:
        assert report.games == GAMES_PER_COUNT // 6
        assert report.fully_checked >= 20, str(report)
