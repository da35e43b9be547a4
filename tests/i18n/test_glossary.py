"""One word per game term in each language (issue 27: "Game terms ... are kept in one glossary per
language"): every message that names a term of the glossary says it with the glossary's word."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable

import pytest
from babel.messages.catalog import Message

from fruitbowl.i18n import LANGUAGES, LOCALE_DIR
from fruitbowl.i18n.catalogs import python_domains
from fruitbowl.i18n.extract import read

#: English endings a term may take in a message ("garnished", "shopping", "drops").
ENDINGS = r"(?:s|es|ed|d|ing|ping|ped)?"
#: What is not words in a message: placeholders and Rich markup.
NOT_WORDS = re.compile(r"\{\w*\}|\[/?\w+\]")


def glossary(language: str) -> dict[str, dict[str, list[str]]]:
    """Each game's terms (a section per game), each with the forms a message may use."""
    sections = tomllib.loads((LOCALE_DIR / language / "glossary.toml").read_text(encoding="utf-8"))
    return {
        game: {term: [words] if isinstance(words, str) else words for term, words in terms.items()}
        for game, terms in sections.items()
    }


#: Modules that speak of accounts, bots, the server and the study commands, never of a game's
#: pieces: "claiming a seat" is no Juicy Fruits claim, a "stored" game no Tang Hu Lu store.
NO_GAME_TERMS = (
    "cli/app.py",
    "cli/errors.py",
    "cli/reports.py",
    "cli/spoken_help.py",
    "sim/analyze.py",
    "sim/bench.py",
    "sim/console.py",
    "sim/report.py",
    "sim/review.py",
    "sim/schedule.py",
    "server/accounts.py",
    "server/account_api.py",
    "server/arena.py",
    "server/arena_api.py",
    "server/ratings.py",
    "server/run.py",
)


def _games(message: Message, sections: Iterable[str]) -> list[str]:
    """The games whose glossary a message is held to: those whose folder says it, none for a
    message only the accounts' and server's modules say, or every game for another message no
    game says (the table's own sentences)."""
    if all(path in NO_GAME_TERMS for path, _line in message.locations):
        return []
    said_in = {game for game in sections for path, _line in message.locations if path.startswith(f"games/{game}/")}
    in_a_game = any(path.startswith("games/") for path, _line in message.locations)
    return sorted(said_in) if in_a_game else list(sections)


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_message_says_each_game_term_with_the_glossarys_word(language):
    sections = glossary(language)
    wrong = []
    for message in (message for domain in python_domains() for message in read(language, domain)):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        translations = message.string if isinstance(message.string, tuple) else (message.string,)
        for game in _games(message, sections):
            terms = sections[game]
            longest_first = sorted(terms, key=len, reverse=True)  # "money bag" before "bag"
            for index, source in enumerate(sources):
                said = translations[min(index, len(translations) - 1)].lower()
                text = NOT_WORDS.sub(" ", source)
                for term in longest_first:
                    named = re.compile(rf"\b{re.escape(term)}{ENDINGS}\b", re.IGNORECASE)
                    if named.search(text):
                        if not any(word.lower() in said for word in terms[term]):
                            wrong.append(f"{game}: {term!r} in {source!r} is not {terms[term][0]!r} in {said!r}")
                        text = named.sub(" ", text)
    assert not wrong, "\n".join(wrong)


def test_fabled_fruit_has_a_glossary_in_each_language():
    for language in (language for language in LANGUAGES if language != "en"):
        terms = glossary(language)["fabledfruit"]
        assert {"fabled juice", "fruit", "thief", "market", "signpost", "lime"} <= set(terms)
