"""Golden playthroughs of tanghulu: seeded games whose full event logs must not change (see tests/golden.py).

If a rules change is intended, rewrite the files with
``FRUITBOWL_REGEN_GOLDEN=1 python -m pytest tests/games/tanghulu/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ...golden import check_replays, check_unchanged, playthrough, uniform
from .positions import GAME

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "two_players_seed_1": (2, 1, {}),
    "three_players_multi_garnish_seed_2": (3, 2, {"multi_garnish": True, "first_player": 3}),
    "four_players_random_first_seed_3": (4, 3, {"random_first": True}),
}


choose = uniform


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_is_unchanged(name):
    check_unchanged(GOLDEN / f"{name}.json", playthrough(GAME, *GAMES[name], choose=choose))


def test_golden_games_end_normally_and_replay_from_their_actions():
    for name, (players, seed, options) in GAMES.items():
        check_replays(GAME, GOLDEN / f"{name}.json", players, seed, options)
