"""Every Fabled Fruit sentence a player can read, said in German and in Chinese, whole (issue 27):
random games of the base game and of the Lime expansion are played, and each event sentence (for
every viewer), chance outcome, prompt, action label and refusal is made in each language. None may
fail to format, leave a placeholder unfilled, or stay English in Chinese; nor may the location cards,
the terminal's help or the campaign words."""

from __future__ import annotations

import pytest

from fruitbowl.engine import get_game, get_plugin
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.wording import _, speaking
from fruitbowl.games.fabledfruit.components import COMPONENTS
from fruitbowl.games.fabledfruit.terminal import FabledFruitAdapter
from fruitbowl.games.fabledfruit.text import location_action, location_name
from fruitbowl.games.fabledfruit.words import LOCATION_WORDS
from fruitbowl.i18n import translations

from .whole_games import said, say_a_whole_game

GAME = get_game("fabledfruit")
#: (players, options, seed): the base game and Lime games, two to five players.
GAMES = [(2, {}, 1), (3, {"lime": True}, 2), (4, {"lime": True}, 3), (5, {}, 4), (2, {"lime": True}, 5)]


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_every_sentence_of_a_whole_game_is_said_in_the_language(language, players, options, seed):
    assert say_a_whole_game(GAME, language, players, options, seed, most_events=1500) > 50


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_every_chance_outcome_is_said_in_the_language(language):
    with speaking(translations(language)):
        for players in (2, 5):
            for outcome in GAME.chance_table(players).actions:
                for hidden in (False, True):
                    said(language, GAME.describe_outcome(outcome, hidden))


def test_every_location_card_reads_in_the_language():
    """The location cards' names and actions are data.toml's words, marked in words.py and
    translated: the list is the data's, and every card reads in German and in Chinese."""
    assert {loc: (info.name, info.action) for loc, info in COMPONENTS.locations.items()} == LOCATION_WORDS
    for language in ("de", "zh_Hans"):
        catalog = translations(language)
        with speaking(catalog):
            for loc, (name, action) in LOCATION_WORDS.items():
                assert catalog.gettext(name) and catalog.gettext(action) != action, (language, action)
                said(language, location_name(loc))
                said(language, location_action(loc))


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_the_terminal_help_and_campaign_words_are_said_in_the_language(language):
    with speaking(translations(language)):
        help_text = FabledFruitAdapter().rules
        words = get_plugin("fabledfruit").campaign_words()
        campaign = [_(words.title), _(words.about), _(words.complete)]
        campaign += [_(r.label) for r in words.rulesets] + [_(r.about) for r in words.rulesets]
    assert "{" not in help_text and help_text.count("\n") == 3
    assert ("Fabelsaft" if language == "de" else "寓言果汁") in help_text
    for text in campaign:
        said(language, text)


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_the_display_names_each_location_and_its_action_in_the_readers_language(language):
    """The board (the browser's and every client's) reads the display's cards from the view: each
    location's name and action there are the reader's, as the log's and menus' are."""
    state = GAME.new_state(3, 2, {"lime": True})
    Dealer(2).settle(state)
    english = state.view(0)["display"]
    with speaking(translations(language)):
        shown = state.view(0)["display"]
        for card, plain in zip(shown, english, strict=True):
            assert card["name"] == location_name(card["location"]) != plain["name"]
            assert card["action"] == location_action(card["location"]) != plain["action"]
