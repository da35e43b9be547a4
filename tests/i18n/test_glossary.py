"""One word per game term in each language (issue 27: "Game terms ... are kept in one glossary per
language"): every message that names a term of the glossary says it with the glossary's word."""

from __future__ import annotations

import re
import tomllib

import pytest

from fruitbowl.i18n import LANGUAGES, LOCALE_DIR
from fruitbowl.i18n.extract import read

#: English endings a term may take in a message ("garnished", "shopping", "drops").
ENDINGS = r"(?:s|es|ed|d|ing|ping|ped)?"
#: What is not words in a message: placeholders and Rich markup.
NOT_WORDS = re.compile(r"\{\w*\}|\[/?\w+\]")


def glossary(language: str) -> dict[str, list[str]]:
    terms = tomllib.loads((LOCALE_DIR / language / "glossary.toml").read_text(encoding="utf-8"))["tanghulu"]
    return {term: [words] if isinstance(words, str) else words for term, words in terms.items()}


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_message_says_each_game_term_with_the_glossarys_word(language):
    terms = glossary(language)
    longest_first = sorted(terms, key=len, reverse=True)  # "money bag" before "bag", "sugar roll" before "sugar"
    wrong = []
    for message in read(language):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        translations = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, source in enumerate(sources):
            said = translations[min(index, len(translations) - 1)].lower()
            text = NOT_WORDS.sub(" ", source)
            for term in longest_first:
                named = re.compile(rf"\b{re.escape(term)}{ENDINGS}\b", re.IGNORECASE)
                if named.search(text):
                    if not any(word.lower() in said for word in terms[term]):
                        wrong.append(f"{term!r} in {source!r} is not {terms[term][0]!r} in {said!r}")
                    text = named.sub(" ", text)
    assert not wrong, "\n".join(wrong)
