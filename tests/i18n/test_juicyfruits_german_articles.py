"""Juicy Fruits' German log names its pieces as German is written (issue 27): a business token,
venue or collector with the article its place in the sentence asks for ("Bo hat den roten Eiswagen
… erworben", "mit dem Ernteplättchen M/B", "der Obstmarkt für den Gewerbeplan"), and a fruit type
after "mit" in the dative plural ("mit Granatäpfeln"). Seeded games are played to their end through
a Match with random bots, and every event sentence is read in German for every seat and a spectator;
the Chinese log of the same games keeps its words together (no space beside a Chinese character).
"""

from __future__ import annotations

import functools
import re

import pytest

from fruitbowl.bots import SeatHandle, make_bot
from fruitbowl.engine import IllegalAction, Match, Player
from fruitbowl.engine.wording import speaking
from fruitbowl.games.juicyfruits import JuicyFruits
from fruitbowl.i18n import translations

GAME = JuicyFruits()
NAMES = ["Ada", "Bo", "Cy", "Dita"]
TWO = (2, (), 2)
TWO_MODULES = (2, (("modules", "mystic_island+boulders+new_business"), ("three_per_row", True)), 3)
SOLO = (1, (("solo_board", 2), ("modules", "mystic_island+boulders+new_business")), 1)
THREE_OFFICES = (3, (("juice_factory", True), ("modules", "new_business")), 4)
FOUR = (4, (("modules", "mystic_island+boulders"), ("juice_factory", True)), 5)
GAMES = [TWO, TWO_MODULES, SOLO, THREE_OFFICES, FOUR]


class Said:
    """What a game's players read in one language: event sentences, action labels, refusals."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.labels: set[str] = set()
        self.refusals: set[str] = set()


@functools.cache
def played(game: tuple[int, tuple[tuple[str, object], ...], int], language: str) -> Said:
    """A seeded game played to its end, said in ``language``: each event for every seat and a
    spectator, each label of the seat to play, and what a collector's fruit choices refuse."""
    players, options, seed = game
    names = NAMES[:players]
    match = Match.new(GAME, [Player(name, "random") for name in names], seed, dict(options))
    bots = [make_bot("random", seed * 10 + seat) for seat in range(players)]
    said = Said()
    with speaking(translations(language)):
        while not match.state.is_terminal():
            state, seat = match.state, match.state.current_player
            view = state.view(seat)
            said.labels |= {GAME.describe_action(view, action) for action in state.legal_actions()}
            if view["phase"] in ("bonus", "split"):
                for code in range(len(state.table)):
                    try:
                        state.validate(code)
                    except IllegalAction as refused:
                        said.refusals.add(str(refused))
            match.apply(bots[seat].choose(SeatHandle(state, seat)))
        for _move, event in match.log:
            said.events += [GAME.describe_event(event, viewer, names) for viewer in (*range(players), None)]
    return said


# ---------------------------------------------------------------------- whole sentences

#: Sentences of the seeded games as a German reader expects them (Ada is seat 1: "Du" to herself).
SENTENCES = [
    (TWO, "Bo hat den roten Eiswagen (T22) aus Reihe 1 erworben (+1)."),
    (TWO, "Bo hat den roten Eiswagen auf e1 gelegt."),
    (TWO, "Bo hat den orangefarbenen Eiswagen auf c3 gelegt."),
    (TWO, "Bo hat das Ernteplättchen M/B (T19) aus Reihe 3 erworben (+3)."),
    (TWO, "Bo hat das Ernteplättchen M/B auf b2 gelegt."),
    (TWO, "Bo hat das Bananen-Ernteplättchen d4→d3 geschoben (+1 Banane)."),
    (TWO, "Du hast das Mangostanen-Ernteplättchen d2→c2 geschoben (+1 Mangostane)."),
    (TWO, "Ada hat das Mangostanen-Ernteplättchen d2→c2 geschoben (+1 Mangostane)."),
    (TWO_MODULES, "Du hast mit dem Ernteplättchen M/B 2 Früchte gesammelt."),
    (TWO_MODULES, "Bo hat Statue 7 mit Granatäpfeln gewertet (+7)."),
    (TWO_MODULES, "Bo hat die Surfschule auf c5-d4 gelegt (+6)."),
    (TWO_MODULES, "Ada hat die Strandhütte (T09) aus Reihe 1 erworben (+1)."),
    (SOLO, "Ananas erwarb die Cocktailbar aus Reihe 5, Spalte 1 (+7)."),
    (SOLO, "Ananas erwarb die Walbeobachtung X10 aus Reihe 5, Spalte 2 (+7)."),
    (SOLO, "Du hast mit dem Ernteplättchen P/O 2 Früchte gesammelt."),
    (THREE_OFFICES, "Du hast die Cocktailbar (T10) aus Reihe 4 erworben, ohne 1 Granatapfel (+4, Bauamt +1)."),
    (THREE_OFFICES, "Cy hat die Marina auf a2-b1 gelegt (+8)."),
]


@pytest.mark.parametrize(("game", "sentence"), SENTENCES)
def test_a_sentence_names_the_piece_with_its_article(game, sentence):
    assert sentence in played(game, "de").events


def test_a_label_tells_the_player_to_slide_or_place_the_piece():
    labels = played(TWO, "de").labels
    assert "Schiebe das Bananen-Ernteplättchen nach Norden (+1 Banane)" in labels
    assert "Lege den roten Eiswagen auf e1" in labels
    assert "Lege das Ernteplättchen M/B auf b2" in labels


def test_statue_seven_is_scored_with_the_fruits_in_the_dative():
    assert "Statue 7 mit deinen Granatäpfeln werten: +7" in played(TWO_MODULES, "de").labels


def test_a_refused_fruit_names_the_advanced_collector_as_the_subject():
    assert "das Ernteplättchen M/B bringt Mangostane oder Banane" in played(TWO, "de").refusals


def test_a_drawn_token_is_named_with_its_nominative_article():
    every_module = {"modules": "mystic_island+boulders+new_business"}
    with speaking(translations("de")):
        outcomes = {GAME.describe_outcome(outcome, False) for outcome in GAME.chance_table(4, every_module).actions}
    assert {
        "der Obstmarkt für den Gewerbeplan",
        "der gelbe Eiswagen für den Gewerbeplan",
        "die Bungalows für den Gewerbeplan",
        "das Hafenamt für den Gewerbeplan",
        "die Pension am Teich für den Gewerbeplan",
        "das Bananen-Ernteplättchen auf einen Teich",
    } <= outcomes


# ---------------------------------------------------------------------- no bare name

#: Every piece a German sentence may name, by its printed German name, with its gender (m, f, n, or
#: pl): the article it takes in the nominative, accusative and dative.
GENDERS = {
    "Strandhotel": "n",
    "Surfschule": "f",
    "Spa": "n",
    "Marina": "f",
    "Wasserpark": "m",
    "Resort": "n",
    "Café": "n",
    "Bungalows": "pl",
    "Strandhütte": "f",
    "Cocktailbar": "f",
    "Strandbar": "f",
    "Souvenirladen": "m",
    "Touristeninfo": "f",
    "Obstmarkt": "m",
    "Pension am Teich": "f",
    "Restaurant": "n",
    "Hafenrundfahrt": "f",
    "Milchshake-Stand": "m",
    "Hafenamt": "n",
    "Bauamt": "n",
    "Walbeobachtung X09": "f",
    "Walbeobachtung X10": "f",
    **{f"Ernteplättchen {pair}": "n" for pair in ("B/L", "L/P", "P/O", "O/M", "M/B")},
    **{f"{fruit}-Ernteplättchen": "n" for fruit in ("Bananen", "Limetten", "Granatapfel", "Orangen", "Mangostanen")},
    # An ice cream cart is named by its colour before the noun: "den gelben Eiswagen".
    "Eiswagen": "m",
}
ARTICLES = {"m": "der|den|dem", "f": "die|der", "n": "das|dem", "pl": "die|den"}
COLOURS = "(?:gelben?|grünen?|roten?|orangefarbenen?|lila) "


def bare_names(sentence: str) -> list[str]:
    """The pieces ``sentence`` names without the article German needs: each name must follow an
    article of its gender (a cart: an article and its colour), except in a score list ("Bauamt +1")."""
    bare = []
    for name, gender in GENDERS.items():
        for found in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence):
            before, after = sentence[: found.start()], sentence[found.end() :]
            colour = COLOURS if name == "Eiswagen" else ""
            if re.search(rf"\b(?:{ARTICLES[gender]}) {colour}$", before) or re.match(r" \+\d", after):
                continue
            bare.append(name)
    return bare


def test_the_rule_finds_a_bare_name_and_accepts_an_articled_one():
    assert bare_names("Ada hat Strandhotel (T01) aus Reihe 2 erworben (+2).") == ["Strandhotel"]
    assert bare_names("Ada hat Eiswagen Gelb c1→c3 geschoben.") == ["Eiswagen"]
    assert bare_names("Ada hat mit Ernteplättchen B/L 3 Früchte gesammelt.") == ["Ernteplättchen B/L"]
    assert bare_names("Ada hat den Obstmarkt (T14) aus Reihe 1 erworben (+1).") == []
    assert bare_names("Ada hat den lila Eiswagen auf c1 gelegt.") == []
    assert bare_names("Ada hat Verkaufsstände gewertet: Obstmarkt +2, Strandbar +1.") == []


@pytest.mark.parametrize("game", GAMES)
def test_no_german_event_sentence_names_a_piece_without_its_article(game):
    wrong = {sentence: bare for sentence in played(game, "de").events if (bare := bare_names(sentence))}
    assert not wrong, "\n".join(f"{names}: {sentence}" for sentence, names in wrong.items())


# ---------------------------------------------------------------------- Chinese

CJK_SPACE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef] | [\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


@pytest.mark.parametrize("game", [TWO, THREE_OFFICES])
def test_chinese_sentences_and_labels_keep_their_words_together(game):
    """A cost reads "支付2个香蕉+1个青柠", a stall's score "水果市场+2": no space beside a Chinese character."""
    said = played(game, "zh_Hans")
    spaced = [text for text in (*said.events, *said.labels, *said.refusals) if CJK_SPACE.search(text)]
    assert not spaced, "\n".join(sorted(set(spaced)))
