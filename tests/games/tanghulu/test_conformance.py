"""Tang Hu Lu passes the conformance kit at 2, 3 and 4 players over 501 seeded games each.

The games are shared out over the game's ``conformance_option_sets`` (167 each). Every
position gets the kit's cheap checks; the expensive ones run on every position of the first
three games per option set and on one position in ``FULL_EVERY`` after that (seeded), which
keeps this file to about 20 seconds on a 2-core machine. Those include the refusal check (every
action gets a refusal key exactly when it is not legal, and every key a sentence) and the view
check against ``TangHuLuView`` for every seat and the spectator.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import get_game
from fruitbowl.engine.conformance import check_game
from fruitbowl.views import view_errors

GAMES_PER_COUNT = 501
FULL_EVERY = 25


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_tanghulu_conforms(num_players: int) -> None:
    game = get_game("tanghulu")
    option_sets = game.conformance_option_sets(num_players)
    assert len(option_sets) >= 2, "Tang Hu Lu should exercise its options"
    per_set = -(-GAMES_PER_COUNT // len(option_sets))
    reports = [
        check_game(game, num_players, options, games=per_set, seed=2024, full_every=FULL_EVERY, view_check=view_errors)
        for options in option_sets
    ]
    assert sum(r.games for r in reports) >= 500
    for report in reports:
        assert report.fully_checked >= 3 * 10, str(report)  # three full games of 10+ positions, plus samples
        assert report.actions > report.games * 10, str(report)
