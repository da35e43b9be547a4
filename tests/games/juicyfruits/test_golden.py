"""Golden playthroughs of juicyfruits: seeded games whose full event logs must not change (see tests/golden.py).

If a rules change is intended, rewrite the files with
``FRUITBOWL_REGEN_GOLDEN=1 python -m pytest tests/games/juicyfruits/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fruitbowl.engine import Action

from ...golden import check_replays, check_unchanged, playthrough
from .positions import GAME

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "solo_board_2_seed_1": (1, 1, {"solo_board": 2}),
    "two_players_seed_2": (2, 2, {"random_first": False, "first_player": 1}),
    "three_players_juice_seed_3": (3, 3, {"juice_factory": True}),
    "four_players_seed_4": (4, 4, {"random_first": False, "first_player": 2}),
}


def choose(legal: list[Action], chooser: random.Random) -> Action:
    """Mostly not passing, so that games go somewhere."""
    productive = [a for a in legal if a.kind not in ("pass", "stop")]
    return chooser.choice(productive if productive and chooser.random() < 0.8 else legal)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_is_unchanged(name):
    check_unchanged(GOLDEN / f"{name}.json", playthrough(GAME, *GAMES[name], choose=choose))


def test_golden_games_end_normally_and_replay_from_their_actions():
    for name, (players, seed, options) in GAMES.items():
        check_replays(GAME, GOLDEN / f"{name}.json", players, seed, options)
