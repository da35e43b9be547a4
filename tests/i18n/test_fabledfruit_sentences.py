"""Every Fabled Fruit sentence a player can read, said in German and in Chinese, whole (issue 27):
random games of the base game and of the Lime expansion are played, and each event sentence (for
every viewer), chance outcome, prompt, action label and refusal is made in each language. None may
fail to format, leave a placeholder unfilled, or stay English in Chinese; nor may the location cards,
the terminal's help or the campaign words."""

from __future__ import annotations

import random
import re

import pytest

from fruitbowl.bots import SeatHandle, make_bot
from fruitbowl.engine import IllegalAction, Match, Player, get_game, get_plugin
from fruitbowl.engine.wording import _, speaking
from fruitbowl.games.fabledfruit.components import COMPONENTS
from fruitbowl.games.fabledfruit.terminal import FabledFruitAdapter
from fruitbowl.games.fabledfruit.text import location_action, location_name
from fruitbowl.games.fabledfruit.words import LOCATION_WORDS
from fruitbowl.i18n import translations

GAME = get_game("fabledfruit")
UNFILLED = re.compile(r"\{\w*\}")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: (players, options, seed): the base game and Lime games, two to five players.
GAMES = [(2, {}, 1), (3, {"lime": True}, 2), (4, {"lime": True}, 3), (5, {}, 4), (2, {"lime": True}, 5)]


def _said(language: str, text: str) -> str:
    assert text and not UNFILLED.search(text), text
    if language == "zh_Hans":
        assert CJK.search(text), f"English left in Chinese: {text!r}"
    return text


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_every_sentence_of_a_whole_game_is_said_in_the_language(language, players, options, seed):
    names = ["Ada", "Bo", "Cy", "Dita", "Eli"][:players]
    match = Match.new(GAME, [Player(name, "random") for name in names], seed, options)
    bots = [make_bot("random", seed * 10 + seat) for seat in range(players)]
    rng = random.Random(seed)
    codes = range(len(match.state.table))
    seen = 0
    with speaking(translations(language)):
        while not match.state.is_terminal() and seen < 1500:
            state, seat = match.state, match.state.current_player
            for viewer in (seat, (seat + 1) % players, None):
                _said(language, GAME.prompt(state.view(viewer), names))
            view = state.view(seat)
            for action in state.legal_actions():
                _said(language, GAME.describe_action(view, action))
            for code in rng.sample(codes, 6):  # a few actions the position refuses, in words
                try:
                    state.validate(code)
                except IllegalAction as refused:
                    if refused.rule not in (None, "chance", "game.over"):
                        _said(language, str(refused))
            before = len(match.log)
            match.apply(bots[seat].choose(SeatHandle(state, seat)))
            for _move, event in match.log[before:]:
                for viewer in (*range(players), None):
                    _said(language, GAME.describe_event(event, viewer, names))
                seen += 1
        _said(language, GAME.prompt(match.state.view(0), names))
    assert seen > 50


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_every_chance_outcome_is_said_in_the_language(language):
    with speaking(translations(language)):
        for players in (2, 5):
            for outcome in GAME.chance_table(players).actions:
                for hidden in (False, True):
                    _said(language, GAME.describe_outcome(outcome, hidden))


def test_every_location_card_reads_in_the_language():
    """The location cards' names and actions are data.toml's words, marked in words.py and
    translated: the list is the data's, and every card reads in German and in Chinese."""
    assert {loc: (info.name, info.action) for loc, info in COMPONENTS.locations.items()} == LOCATION_WORDS
    for language in ("de", "zh_Hans"):
        catalog = translations(language)
        with speaking(catalog):
            for loc, (name, action) in LOCATION_WORDS.items():
                assert catalog.gettext(name) and catalog.gettext(action) != action, (language, action)
                _said(language, location_name(loc))
                _said(language, location_action(loc))


@pytest.mark.parametrize("language", ["de", "zh_Hans"])
def test_the_terminal_help_and_campaign_words_are_said_in_the_language(language):
    with speaking(translations(language)):
        help_text = FabledFruitAdapter().rules
        words = get_plugin("fabledfruit").campaign_words()
        said = [_(words.title), _(words.about), _(words.complete)]
        said += [_(r.label) for r in words.rulesets] + [_(r.about) for r in words.rulesets]
    assert "{" not in help_text and help_text.count("\n") == 3
    assert ("Fabelsaft" if language == "de" else "寓言果汁") in help_text
    for text in said:
        _said(language, text)
