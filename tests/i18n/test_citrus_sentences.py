"""Every Citrus sentence a player can read, said in German and in Chinese, whole (issue 27):
random games of each option set the game declares for conformance, two to five players, are
played, and each event sentence (for every viewer), chance outcome, prompt, action label and
refusal is made in each language. None may fail to format, leave a placeholder unfilled, or stay
English in Chinese; nor may the terminal's help, the plantation types' and landscape tiles' names,
the score's categories (the results' headings), or the title and options the game declares (what
GET /api/games shows)."""

from __future__ import annotations

import pytest

from fruitbowl.cli.results import heading
from fruitbowl.engine import get_game
from fruitbowl.engine.wording import _, speaking
from fruitbowl.games.citrus.components import COMPONENTS
from fruitbowl.games.citrus.rules import CATEGORIES
from fruitbowl.games.citrus.terminal import CitrusAdapter
from fruitbowl.games.citrus.words import LANDSCAPE_WORDS, OPTION_WORDS, SCORE_WORDS, TITLE, TYPE_WORDS
from fruitbowl.i18n import translations
from fruitbowl.server.boards import describe_game

from .whole_games import said, say_a_whole_game

GAME = get_game("citrus")
#: (players, options, seed): each of the game's conformance option sets, two to five players.
SETS = GAME.conformance_option_sets(2)
GAMES = [
    (2, SETS[0], 1),
    (3, SETS[1], 2),
    (4, SETS[2], 3),
    (5, SETS[3], 4),
    (2, {"free_placement": True, "horses_at_once": True, "board": "short"}, 5),
]


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_every_sentence_of_a_whole_game_is_said_in_the_language(language, players, options, seed):
    assert say_a_whole_game(GAME, language, players, options, seed, most_events=1200) > 100


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_every_chance_outcome_is_said_in_the_language(language):
    with speaking(translations(language)):
        for outcome in GAME.chance_table(2).actions:
            for hidden in (False, True):
                said(language, GAME.describe_outcome(outcome, hidden))


def test_the_stored_words_are_the_datas_and_the_games_declarations():
    """words.py marks what data.toml and Citrus's option declarations say in English: the lists
    are theirs, word for word (the server says them through the catalogs)."""
    assert list(TYPE_WORDS) == list(COMPONENTS.type_names) == list(TYPE_WORDS.values())
    assert {kind for kind, _value in COMPONENTS.landscape} == set(LANDSCAPE_WORDS)
    assert GAME.title == TITLE
    declared = {spec.name: (spec.label, spec.help, spec.choice_labels or ()) for spec in GAME.option_specs}
    assert declared == OPTION_WORDS
    assert {category: heading(category) for category in CATEGORIES} == SCORE_WORDS


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_the_stored_words_and_the_terminal_help_are_said_in_the_language(language):
    catalog = translations(language)
    words = [TITLE, *TYPE_WORDS.values(), *LANDSCAPE_WORDS.values(), *SCORE_WORDS.values()]
    words += [word for label, help_text, choices in OPTION_WORDS.values() for word in (label, help_text, *choices)]
    with speaking(catalog):
        help_text = CitrusAdapter().rules
        for word in words:
            assert catalog.gettext(word), word
            said(language, _(word))
    assert "{" not in help_text and help_text.endswith("\n")
    assert ("Aktionsplättchen" if language == "de" else "行动板块") in help_text


@pytest.mark.parametrize(
    ("language", "board", "family"), [("de", "Spielplanseite", "Familienvariante"), ("zh_Hans", "版面", "家庭版")]
)
def test_get_api_games_says_citrus_options_in_the_language(language, board, family):
    """What the lobby's form shows (``GET /api/games``): the title and every option's label, help
    and choices in the reader's language, none left English."""
    with speaking(translations(language)):
        described = describe_game(GAME)
    labels = {option["name"]: option["label"] for option in described["options"]}
    assert labels["board"] == board and labels["family"] == family
    english = {word for label, help_text, choices in OPTION_WORDS.values() for word in (label, help_text, *choices)}
    for option in described["options"]:
        for word in (option["label"], option["help"], *option.get("choice_labels", [])):
            assert word not in english, word
    assert described["title"] == ("Citrus" if language == "de" else "柑橘")
