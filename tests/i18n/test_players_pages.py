"""The players' pages in German and Chinese (issue 27: "the players' pages" in every language):
each translated page is the same page as the English one, section by section and value by
value, and ``fruitbowl rules`` prints it in the language asked for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fruitbowl.engine import get_game, pages
from fruitbowl.i18n import LANGUAGES

from ..cli.terminal_driver import run

GAME = type(get_game("tanghulu"))
ENGLISH = pages.page_source(GAME) or ""
#: The games whose players' page is translated.
TRANSLATED = ("tanghulu", "citrus", "fabledfruit", "juicyfruits")
LINK = re.compile(r"\]\(#([^)]+)\)")
#: Placeholders of names, which a translated page writes in its own words ("Orange, Apfel, …").
NAMES = {"fruits.ordinary"}
#: Words from the data a translated page writes out as its catalog says them (Fabled Fruit's
#: fruits, and its locations' names and actions; Juicy Fruits' fruits, token and venue names, ice
#: cream colours and Mystic Island's edges).
WORDS = re.compile(
    r"fruits\.names|location\.\d+\.(?:name|action)"
    r"|(?:business_tokens\.tokens|large_venues\.venues)\.\d+\.name|new_business_tokens\.venue\.name"
    r"|ice_cream\.kinds(?:\.\d+)?|mystic_seating\.edges\.\d|mystic_island\.compass_directions"
)


def _values(page: str) -> list[tuple[str, str, str]]:
    return sorted(
        found for found in pages.PLACEHOLDER.findall(page) if found[0] not in NAMES and not WORDS.fullmatch(found[0])
    )


@pytest.mark.parametrize("game_id", TRANSLATED)
@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_the_page_is_translated_section_by_section_with_every_value(game_id, language):
    game = type(get_game(game_id))
    english = pages.page_source(game) or ""
    page = pages.page_source(game, language)
    assert page is not None and page != english
    # every number still comes from data.toml: the same placeholders, and all of them fill
    assert _values(page) == _values(english)
    filled = pages.fill(page, pages.game_data(game))
    assert not pages.internal_ids(filled)
    ours = pages.headings(filled)
    assert [h.level for h in ours] == [h.level for h in pages.headings(pages.fill(english, pages.game_data(game)))]
    anchors = {h.anchor for h in ours}
    assert set(LINK.findall(filled)) <= anchors, "every link within the page leads to one of its sections"


def test_a_language_without_its_page_reads_the_english_one():
    assert pages.page_source(GAME, "fr") == ENGLISH


@pytest.mark.parametrize(
    ("game_id", "language", "title", "english_title"),
    [
        ("tanghulu", "de", "So spielt man Tang Hu Lu", "How to play Tang Hu Lu"),
        ("tanghulu", "zh_Hans", "糖葫芦玩法", "How to play Tang Hu Lu"),
        ("citrus", "de", "So spielt man Citrus", "How to play Citrus"),
        ("citrus", "zh_Hans", "柑橘玩法", "How to play Citrus"),
        ("fabledfruit", "de", "Fabelsaft: So wird gespielt", "Fabled Fruit: how to play"),
        ("fabledfruit", "zh_Hans", "寓言果汁：玩法", "Fabled Fruit: how to play"),
        ("juicyfruits", "de", "Juicy Fruits: So wird gespielt", "Juicy Fruits: how to play"),
        ("juicyfruits", "zh_Hans", "多汁水果：玩法", "Juicy Fruits: how to play"),
    ],
)
def test_fruitbowl_rules_prints_the_page_in_the_language_asked_for(
    game_id, language, title, english_title, tmp_path: Path, monkeypatch
):
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    printed = run(["--lang", language, "rules", game_id, "--no-pager"], tmp_path)
    assert printed.returncode == 0
    assert title in printed.output and english_title not in printed.output
    english = run(["rules", game_id, "--no-pager"], tmp_path)
    assert english_title in english.output
