"""Juicy Fruits passes the conformance kit at 1–4 players, with and without the juice factory,
with all three Mystic Island modules (test_modules.py covers every combination), and cut short by
the action limit. Every view
of every fully checked position, for every seat and a spectator, fits the declared view type
(``view.JuicyFruitsView``, checked as JSON Schema), and every action is refused by a rule exactly
when it is not legal.

``conformance_option_sets(n)`` lists both sides of the score board for every count (solo also
varies the solo board and AMB-17's forced slide). The first game per option set is checked at
every position, then one position in ``FULL_EVERY``, which keeps this file near a minute here
(the refusal and view-schema checks of the fully checked positions are about a third of it).
"""

from __future__ import annotations

from fruitbowl.engine import get_game
from fruitbowl.engine.conformance import check_all
from fruitbowl.views import view_errors

GAMES_PER_COUNT = 16
FULL_EVERY = 50


def test_option_sets_cover_the_juice_factory_at_every_count():
    game = get_game("juicyfruits")
    for n in range(1, 5):
        sets = game.conformance_option_sets(n)
        assert {bool(o.get("juice_factory")) for o in sets} == {False, True}


def test_juicyfruits_conforms():
    reports = check_all(
        get_game("juicyfruits"),
        games_per_count=GAMES_PER_COUNT,
        seed=2025,
        full_games=1,
        full_every=FULL_EVERY,
        view_check=view_errors,
    )
    assert len(reports) == 16
    for report in reports:
        assert report.games == GAMES_PER_COUNT // 4
        assert report.fully_checked >= 30, str(report)
