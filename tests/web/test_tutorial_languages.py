"""The tutorials in the browser in German and Chinese (issue 27): the lobby's "Learn" list names
each tutorial in the reader's language, and the coach at the table says its welcome, its lesson and
the suggested move in it, for every game; a German tutorial's coach fits a laptop's and a phone's
window (``FRUITBOWL_SCREENSHOTS=1`` keeps the screenshots)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import LAPTOP, MY_TURN_OR_OVER, PHONE, TURN_TIMEOUT, new_page
from .test_languages import CHINESE, CUT_OR_PAST, GERMAN

#: Per game: the lobby's name of its tutorial and the coach's first words, in German and Chinese.
SAID = {
    "tanghulu": {
        "de": ("Tang Hu Lu lernen", "Willkommen bei Tang Hu Lu!"),
        "zh_Hans": ("学习糖葫芦", "欢迎来到糖葫芦！"),
    },
    "citrus": {"de": ("Citrus lernen", "Willkommen bei Citrus!"), "zh_Hans": ("学习柑橘", "欢迎来到柑橘！")},
    "fabledfruit": {
        "de": ("Fabelsaft lernen", "Willkommen bei Fabelsaft!"),
        "zh_Hans": ("学习寓言果汁", "欢迎来到寓言果汁！"),
    },
    "juicyfruits": {
        "de": ("Juicy Fruits lernen", "Willkommen bei Juicy Fruits!"),
        "zh_Hans": ("学习多汁水果", "欢迎来到多汁水果！"),
    },
}
#: How the coach names the suggested move (or the only one), and its step, in each language.
SUGGESTS = {"de": ("Vorschlag:", "Nur ein Zug ist möglich:"), "zh_Hans": ("建议：", "只有一步可走：")}
FIRST_STEP = {"de": "Schritt 1 von ", "zh_Hans": "第 1 步"}
#: Whether two elements' boxes overlap.
OVERLAP = """([one, other]) => {
  const a = document.querySelector(one).getBoundingClientRect();
  const b = document.querySelector(other).getBoundingClientRect();
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


def _start(browser: Any, base: str, game: str, language: dict[str, str], viewport: dict[str, int]) -> Any:
    """A reader of ``language`` starts ``game``'s tutorial from the lobby's list, by its name there."""
    page = new_page(browser, viewport, locale=language["locale"], reduced_motion="reduce")
    page.goto(f"{base}/")
    row = page.locator(f'#learn [data-tutorial="{game}"]')
    assert row.locator("strong").text_content() == SAID[game][language["lang"]][0]
    row.locator(".learn-start").click()
    page.wait_for_url("**/t/**")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    page.locator("#coach .coach-do").wait_for()
    return page


@pytest.mark.parametrize("language", [GERMAN, CHINESE], ids=["de", "zh_Hans"])
@pytest.mark.parametrize("game", sorted(SAID))
def test_the_coach_speaks_the_readers_language_in_every_game(browser: Any, server_url: str, game: str, language):
    lang = language["lang"]
    page = _start(browser, server_url, game, language, LAPTOP)
    coach = page.locator("#coach")
    assert coach.locator(".coach-step").text_content().startswith(FIRST_STEP[lang])
    assert coach.locator(".coach-do").text_content().startswith(SUGGESTS[lang])
    text = coach.locator(".coach-text").text_content()
    assert SAID[game][lang][1] in text and "Welcome" not in text and "{{" not in text
    # what to do, then why: a space between the two sentences, none in Chinese (its marks are full width)
    suggestion = coach.locator(".coach-do").text_content()
    gap = "" if lang == "zh_Hans" else " "
    assert text.startswith(suggestion + gap) and not text.removeprefix(suggestion + gap).startswith(" "), text
    assert coach.locator(".rule-link").count() == 1  # the lesson's rule, in the page of the language
    assert page.js_errors == []


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_german_tutorials_coach_fits_the_window(browser: Any, server_url: str, screenshot_dir: Path, size: str):
    """The coach's box (its step, its text, its rule link, Leave tutorial): none of its words cut
    or past the window's edge. (The table's own chrome is test_languages.py's.)"""
    page = _start(browser, server_url, "citrus", GERMAN, LAPTOP if size == "laptop" else PHONE)
    page.screenshot(path=str(screenshot_dir / f"tutorial-citrus-de-{size}.png"))
    problems = page.evaluate(CUT_OR_PAST.replace("'body *'", "'#coach *'"))
    assert not problems, problems
    overlaps = page.evaluate(OVERLAP, ["#coach .coach-step", "#coach .coach-actions"])
    assert not overlaps, "the step runs under Leave tutorial"
    assert page.js_errors == []
