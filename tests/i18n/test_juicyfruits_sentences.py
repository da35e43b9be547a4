"""Every Juicy Fruits sentence a player can read, said in German and in Chinese, whole (issue 27):
random games of the base game, the juice factory, the solo game against Pineapple and every
combination of the Mystic Island modules are played, one to four players, and each event sentence
(for every viewer), chance outcome, prompt, action label and refusal is made in each language. None
may fail to format, leave a placeholder unfilled, or stay English in Chinese; nor may the pieces'
printed names, the option labels or the terminal's help."""

from __future__ import annotations

import tomllib

import pytest

from fruitbowl.engine.wording import _, speaking
from fruitbowl.games.juicyfruits import JuicyFruits
from fruitbowl.games.juicyfruits.components import DATA_FILE
from fruitbowl.games.juicyfruits.terminal import JuicyFruitsAdapter
from fruitbowl.games.juicyfruits.words import FRUIT_WORDS, TOKEN_WORDS
from fruitbowl.i18n import translations

from .whole_games import said, say_a_whole_game

GAME = JuicyFruits()
LANGUAGES = ["de", "zh_Hans"]


def _games(players_counts: tuple[int, ...]) -> list[tuple[int, dict, int]]:
    """(players, options, seed) for each player count: the game's conformance sets (base game,
    juice factory, every module, Pineapple's boards) and every combination of modules."""
    games = []
    for players in players_counts:
        sets = GAME.conformance_option_sets(players) + GAME.module_option_sets(players)
        games += [(players, options, 10 * players + index) for index, options in enumerate(sets)]
    return games


#: A game of each kind, one to four players (the fast run).
SOME_GAMES = [
    (1, {"solo_board": 2, "modules": "mystic_island+boulders+new_business"}, 1),
    (2, {}, 2),
    (2, {"modules": "mystic_island+boulders+new_business", "three_per_row": True}, 3),
    (3, {"juice_factory": True, "modules": "new_business"}, 4),
    (4, {"modules": "mystic_island+boulders", "juice_factory": True}, 5),
    (1, {"juice_factory": True, "solo_board": 4, "forced_max_distance": True}, 6),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("players", "options", "seed"), SOME_GAMES)
def test_every_sentence_of_a_whole_game_is_said_in_the_language(language, players, options, seed):
    assert say_a_whole_game(GAME, language, players, options, seed, most_events=400) > 50


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("players", "options", "seed"), _games((1, 2, 3, 4)))
def test_every_option_and_module_set_is_said_in_the_language(language, players, options, seed):
    assert say_a_whole_game(GAME, language, players, options, seed) > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_chance_outcome_is_said_in_the_language(language):
    every_module = {"modules": "mystic_island+boulders+new_business"}
    with speaking(translations(language)):
        for players in (1, 4):
            for outcome in GAME.chance_table(players, every_module).actions:
                for hidden in (False, True):
                    said(language, GAME.describe_outcome(outcome, hidden))


def test_the_pieces_printed_names_are_the_datas_and_read_in_each_language():
    """The fruits' and tokens' names are data.toml's words, marked in words.py: the lists are the
    data's, and each reads in German and in Chinese."""
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    names = {token["name"] for token in data["business_tokens"]["tokens"] + data["new_business_tokens"]["tokens"]}
    names |= {venue["name"] for venue in data["large_venues"]["venues"]} | {
        data["new_business_tokens"]["venue"]["name"]
    }
    assert set(TOKEN_WORDS) == names
    assert list(FRUIT_WORDS) == data["fruits"]["names"]
    for language in LANGUAGES:
        catalog = translations(language)
        for word in [*TOKEN_WORDS.values(), *FRUIT_WORDS.values()]:
            assert catalog.gettext(word), (language, word)
            if language == "zh_Hans":
                said(language, catalog.gettext(word).replace("X09", "").replace("X10", ""))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_title_options_and_terminal_help_are_said_in_the_language(language):
    with speaking(translations(language)):
        words = [_(GAME.title)]
        for spec in GAME.option_specs:
            if spec.internal:
                continue
            words += [_(spec.label)]
            if spec.name != "solo_board":  # (its help names a data value: English for now)
                words += [_(spec.help)]
            words += [_(part) for _name, part in getattr(spec, "parts", ()) or ()]
        help_text = JuicyFruitsAdapter().rules
    for text in words:
        said(language, text)
    assert "{" not in help_text
    assert ("Ernteplättchen" if language == "de" else "采集块") in help_text
