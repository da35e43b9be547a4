"""Golden playthroughs of fabledfruit: seeded games whose full event logs must not change (see tests/golden.py).

If a rules change is intended, rewrite the files with
``FRUITBOWL_REGEN_GOLDEN=1 python -m pytest tests/games/fabledfruit/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fruitbowl.engine import Action
from fruitbowl.games.fabledfruit.campaign import deep_campaign_options

from ...golden import check_replays, check_unchanged, playthrough
from .positions import GAME

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "two_players_seed_2": (2, 2, {"first_player": 1}),
    "three_players_seed_3": (3, 3, {}),
    "four_players_deep_campaign_seed_4": (4, 4, deep_campaign_options(4)),
    "five_players_immediate_seed_5": (5, 5, {"immediate_end": True, "first_player": 3}),
    "three_players_lime_seed_6": (3, 6, {"lime": True}),
    "four_players_lime_deep_campaign_seed_7": (4, 7, deep_campaign_options(4, lime=True)),
}


def choose(legal: list[Action], chooser: random.Random) -> Action:
    """Mostly buying, so that games go somewhere."""
    buys = [a for a in legal if a.kind in ("buy", "gamble")]
    return buys[0] if buys and chooser.random() < 0.6 else chooser.choice(legal)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_is_unchanged(name):
    check_unchanged(GOLDEN / f"{name}.json", playthrough(GAME, *GAMES[name], choose=choose))


def test_golden_games_end_normally_and_replay_from_their_actions():
    for name, (players, seed, options) in GAMES.items():
        check_replays(GAME, GOLDEN / f"{name}.json", players, seed, options)
