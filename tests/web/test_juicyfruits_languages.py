"""Browser tests: a finished solo Juicy Fruits game's results read in German and in Chinese, the
house player (Pineapple) and her score parts (boats, claims) too, and "(you)" by the reader's name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .helpers import DESKTOP, new_page, open_seated
from .test_juicyfruits import create_table, play_by_api
from .test_languages import CHINESE, GERMAN

#: What each language calls Pineapple and her score parts (the glossaries' words).
HOUSE_WORDS = {
    "de": {"name": "Ananas", "parts": ("Boote", "Erwerbungen"), "wins": "Ananas gewinnt!", "you": "(du)"},
    "zh_Hans": {"name": "菠萝", "parts": ("船只", "购得"), "wins": "菠萝获胜！", "you": "（你）"},
}


@pytest.mark.parametrize("language", [GERMAN, CHINESE], ids=["de", "zh_Hans"])
def test_the_results_of_a_solo_game_say_pineapple_in_the_readers_language(browser: Any, server_url: str, language):
    table = create_table(server_url, players=1, solo_board=2)
    final = play_by_api(server_url, table, random.Random(2))
    assert final["status"] == "finished" and final["result"]["house"]["name"] == "Pineapple"
    page = new_page(browser, DESKTOP, locale=language["locale"], reduced_motion="reduce")
    open_seated(page, server_url, table, wait_for_turn=False)
    results = page.locator("#results")
    results.wait_for(state="visible")
    words = HOUSE_WORDS[language["lang"]]
    row = page.locator("#results tr.house")
    assert row.count() == 1 and words["name"] in row.inner_text(), row.inner_text()
    headers = page.locator("#results thead").inner_text()
    for part in words["parts"]:
        assert part in headers, headers
    text = results.inner_text()
    assert "Pineapple" not in text and "Boats" not in text and "Claims" not in text, text
    assert words["you"] in text and "(you)" not in text, text  # the reader's own row
    if not final["result"]["winners"]:
        assert page.locator("#results h2").inner_text() == words["wins"]
    else:
        assert words["name"] in page.locator("#results h2").inner_text()
    assert page.js_errors == []
