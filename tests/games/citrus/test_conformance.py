"""Citrus passes the conformance kit at 2–5 players, on both boards, in the family version and
with free placement (``Citrus.conformance_option_sets``). Every position gets the cheap checks;
the expensive ones (clone, JSON, determinize, views, full illegal sweep…) run on one position in
``FULL_EVERY`` (seeded), about 55 per option set, which keeps this file near 20 s on 2 cores. Every
view of those positions, each seat's and the spectator's, must fit the declared ``CitrusView``
(``view_check=view_errors``)."""

from __future__ import annotations

from fruitbowl.engine.conformance import check_all
from fruitbowl.views import view_errors

from .positions import GAME

GAMES_PER_COUNT = 8  # two per option set
FULL_EVERY = 10


def test_citrus_conforms_at_every_player_count_and_option_set():
    reports = check_all(
        GAME, games_per_count=GAMES_PER_COUNT, seed=2026, full_games=0, full_every=FULL_EVERY, view_check=view_errors
    )
    assert len(reports) == 4 * 4
    seen = {(r.num_players, r.options.get("board", "long"), bool(r.options.get("family"))) for r in reports}
    for n in range(2, 6):
        assert {(n, "long", False), (n, "short", False), (n, "long", True), (n, "short", True)} <= seen
    for report in reports:
        assert report.games == 2 and report.actions > 150, str(report)
        assert report.fully_checked >= 20, str(report)
