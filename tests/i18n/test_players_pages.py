"""Tang Hu Lu's players' page in German and Chinese (issue 27: "the players' pages" in every
language): the same page as the English one, section by section and value by value, and what
``fruitbowl rules`` prints in the language asked for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fruitbowl.engine import get_game, pages
from fruitbowl.i18n import LANGUAGES

from ..cli.terminal_driver import run

GAME = type(get_game("tanghulu"))
ENGLISH = pages.page_source(GAME) or ""
LINK = re.compile(r"\]\(#([^)]+)\)")
#: Placeholders of names, which a translated page writes in its own words ("Orange, Apfel, …").
NAMES = {"fruits.ordinary"}


def _values(page: str) -> list[tuple[str, str, str]]:
    return sorted(found for found in pages.PLACEHOLDER.findall(page) if found[0] not in NAMES)


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_the_page_is_translated_section_by_section_with_every_value(language):
    page = pages.page_source(GAME, language)
    assert page is not None and page != ENGLISH
    # every number still comes from data.toml: the same placeholders, and all of them fill
    assert _values(page) == _values(ENGLISH)
    filled = pages.fill(page, pages.game_data(GAME))
    assert not pages.internal_ids(filled)
    ours = pages.headings(filled)
    assert [h.level for h in ours] == [h.level for h in pages.headings(pages.fill(ENGLISH, pages.game_data(GAME)))]
    anchors = {h.anchor for h in ours}
    assert set(LINK.findall(filled)) <= anchors, "every link within the page leads to one of its sections"


def test_a_language_without_its_page_reads_the_english_one():
    assert pages.page_source(GAME, "fr") == ENGLISH


@pytest.mark.parametrize(("language", "title"), [("de", "So spielt man Tang Hu Lu"), ("zh_Hans", "糖葫芦玩法")])
def test_fruitbowl_rules_prints_the_page_in_the_language_asked_for(language, title, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    printed = run(["--lang", language, "rules", "tanghulu", "--no-pager"], tmp_path)
    assert printed.returncode == 0
    assert title in printed.output and "How to play Tang Hu Lu" not in printed.output
    english = run(["rules", "tanghulu", "--no-pager"], tmp_path)
    assert "How to play Tang Hu Lu" in english.output
