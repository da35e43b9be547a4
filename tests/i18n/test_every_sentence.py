"""Every Tang Hu Lu sentence a player can read, said in German and in Chinese, whole: random games
(every player count, the variants, supplies running out, the cap) are played, and each event
sentence (for every viewer), chance outcome, prompt, action label and refusal is made in each
language. None may fail to format, leave a placeholder unfilled, or stay English in Chinese."""

from __future__ import annotations

import pytest

from fruitbowl.engine import get_game
from fruitbowl.engine.wording import speaking
from fruitbowl.i18n import translations

from .whole_games import said, say_a_whole_game

GAME = get_game("tanghulu")
GAMES = [(2, {}, 1), (3, {"multi_garnish": True}, 2), (4, {}, 3), (4, {"multi_garnish": True, "round_limit": 4}, 4)]


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_every_sentence_of_a_whole_game_is_said_in_the_language(language, players, options, seed):
    assert say_a_whole_game(GAME, language, players, options, seed) > 50


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_every_chance_outcome_is_said_in_the_language(language):
    with speaking(translations(language)):
        for outcome in GAME.chance_table(4).actions:
            for hidden in (False, True):
                said(language, GAME.describe_outcome(outcome, hidden))
