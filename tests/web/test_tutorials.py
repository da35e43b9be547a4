"""Tutorials in the browser (issue 23): "Learn <game>" in the lobby starts a guided game against
bots on a prepared deal; each step marks what to click and says why; the player can leave and
resume; a tutorial is played to its end by clicking what is marked, and its results say what was
learned and offer a real game."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import DESKTOP, LAPTOP, MY_TURN_OR_OVER, PHONE, TURN_TIMEOUT, http, new_page
from .test_accessibility import problems

#: Every tutorial: each game, and each module of Mystic Island.
TUTORIALS = [
    "tanghulu",
    "citrus",
    "juicyfruits",
    "juicyfruits-mystic_island",
    "juicyfruits-boulders",
    "juicyfruits-new_business",
    "fabledfruit",
]

#: The marks of the suggested move: the latest step of a move made in several clicks first.
LATEST_MARK = """() => {
  const marks = [...document.querySelectorAll('.coach-mark')];
  if (!marks.length) return null;
  return Math.max(...marks.map((m) => Number(m.dataset.coachStep)));
}"""


def _coach(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => ({step: document.querySelector('#coach .coach-step').textContent,"
        " text: document.querySelector('#coach .coach-text').textContent})"
    )


def _in_sight(page: Any, selector: str) -> bool:
    """Whether the element is on screen and is what a tap at its middle reaches (not scrolled away
    inside its box, not covered)."""
    return bool(
        page.evaluate(
            """(selector) => {
              const node = document.querySelector(selector);
              if (!node) return false;
              const box = node.getBoundingClientRect();
              const x = box.left + Math.min(box.width, 40) / 2, y = box.top + box.height / 2;
              if (box.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
              const hit = document.elementFromPoint(x, y);
              return !!hit && (hit === node || node.contains(hit));
            }""",
            selector,
        )
    )


def _learn(page: Any, base: str, tutorial: str) -> None:
    """Start a tutorial from the lobby's "Learn to play" list."""
    page.goto(f"{base}/")
    page.locator(f'#learn [data-tutorial="{tutorial}"] .learn-start').click()
    page.wait_for_url("**/t/**")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)


def _play_marked(page: Any, moves: int | None = None) -> int:
    """Click what the coach marks until ``moves`` moves are made (``None``: the game ends); the
    moves made. A move made in several clicks is made by clicking the latest marked step each time."""
    made = 0
    while page.evaluate("document.body.dataset.status") != "finished" and (moves is None or made < moves):
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        version, clicked = page.evaluate("document.body.dataset.version"), -1
        while page.evaluate("document.body.dataset.version") == version:
            step = page.evaluate(LATEST_MARK)
            assert step is not None and step > clicked, f"nothing new is marked at move {version}: {_coach(page)}"
            page.locator(f'.coach-mark[data-coach-step="{step}"]').first.click()  # a real click: it must be in sight
            clicked = step
            page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        made += 1
    return made


@pytest.mark.slow  # a whole game clicked through: 15 s (Tang Hu Lu) to 90 s (Mystic Island) on a loaded machine
@pytest.mark.parametrize("tutorial", TUTORIALS)
def test_a_tutorial_is_played_to_its_end_by_clicking_what_the_coach_marks(browser: Any, server_url: str, tutorial: str):
    expected = {t["id"]: t for t in http.get(f"{server_url}/api/tutorials").json()["tutorials"]}[tutorial]
    page = new_page(browser, LAPTOP)
    _learn(page, server_url, tutorial)
    first = _coach(page)
    assert first["step"] == f"Step 1 of {expected['steps']}"
    assert "Suggested:" in first["text"] or "Only one move is possible:" in first["text"]
    assert page.locator("#coach .rule-link").count() == 1  # the first lesson links its rule
    made = _play_marked(page)
    assert made == expected["steps"]  # the prepared line, as the coach counted it
    done = _coach(page)
    assert done["step"] == f"Finished: {made} moves" and done["text"].startswith("You finished the tutorial")
    learned = page.locator("#results .coach-learned")
    learned.wait_for()
    assert learned.locator("p").text_content().startswith("You have played")
    learned.locator(".coach-real").click()
    page.wait_for_url(f"{server_url}/")
    # the real game is offered first (once the lobby has listed the games)
    page.wait_for_function("game => document.querySelector('#game')?.value === game", arg=expected["game"])
    assert page.js_errors == []


def test_leave_the_tutorial_and_resume_it_from_the_lobby_at_the_same_step(browser: Any, server_url: str):
    page = new_page(browser, PHONE)
    _learn(page, server_url, "juicyfruits-boulders")
    assert _in_sight(page, "#coach .rule-link"), "the lesson's rule is in sight on a phone, however long the lesson"
    _play_marked(page, 2)
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    before = _coach(page)
    assert before["step"].startswith("Step 3 of ")
    page.locator("#coach .coach-leave").click()
    page.wait_for_url(f"{server_url}/")
    page.click('.tabs [data-status="playing"]')  # it is among this browser's tables in progress too
    row = page.locator('#table-list[data-status="playing"] .tutorial-row')
    row.wait_for()
    assert row.locator(".detail").text_content() == f"Tutorial · {before['step'].lower()}"
    resume = page.locator('#learn [data-tutorial="juicyfruits-boulders"] .learn-resume')
    assert resume.text_content() == f"Resume: {before['step'].lower()}"
    resume.click()
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    assert _coach(page) == before
    assert page.evaluate(LATEST_MARK) is not None  # the suggested move is marked again
    assert page.js_errors == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_learn_list_the_coach_and_a_finished_tutorial_pass_the_accessibility_scan(
    browser: Any, server_url: str, size: Any
):
    page = new_page(browser, size)
    page.goto(f"{server_url}/")
    page.locator("#learn .learn-start").first.wait_for()
    assert problems(page) == []
    _learn(page, server_url, "tanghulu")
    assert problems(page) == []  # the coach's plaque, and the move it marks
    _play_marked(page)
    page.locator("#results .coach-learned").wait_for()
    assert problems(page) == []
    assert page.js_errors == []


def test_the_how_to_play_drawer_offers_the_games_tutorial(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/")
    page.wait_for_function("document.querySelector('#game').value !== ''")
    page.select_option("#game", "tanghulu")
    page.click("#open-rules")
    learn = page.locator("#rules-drawer-learn .learn-button")
    learn.wait_for()
    assert learn.text_content() == "Learn Tang Hu Lu"
    learn.click()
    page.wait_for_url("**/t/**")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    assert "Welcome to Tang Hu Lu!" in _coach(page)["text"]
    assert page.js_errors == []
