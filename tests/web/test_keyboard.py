"""Keyboard only (issue 23, "For everyone"): a whole Tang Hu Lu game is played with Tab and
Enter alone, the focus following the decision — after picking a store tile, the sticks it can
go on come next — and every focused place shows its focus."""

from __future__ import annotations

from typing import Any

from .helpers import DESKTOP, MY_TURN_OR_OVER, TURN_TIMEOUT, create_seated_table, new_page, open_seated

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  return {
    legal: el.matches('#board .target.legal'),
    button: el.matches('#actions button') ? el.textContent : null,
    stick: el.getAttribute('data-stick'),
    select: el.getAttribute('data-select'),
    // the focus shows: a button's outline, or the glowing hit area of a board place
    shown: el.matches('button') ? getComputedStyle(el).outlineStyle !== 'none'
         : !!el.querySelector('.hit') && getComputedStyle(el.querySelector('.hit')).strokeWidth === '6px',
  };
}"""


def test_a_whole_game_by_keyboard_alone(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, create_seated_table(server_url, "tanghulu"))
    moves = 0
    while page.evaluate("document.body.dataset.status") != "finished":
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        version = page.evaluate("document.body.dataset.version")
        for _ in range(80):  # Tab to the first place that plays (never Undo or Hint: the game must go on)
            page.keyboard.press("Tab")
            here = page.evaluate(FOCUSED)
            if here and (here["legal"] or (here["button"] and here["button"] not in ("↶ Undo", "Hint"))):
                break
        else:
            raise AssertionError("Tab never reached a legal move")
        assert here["shown"], f"the focused place shows no focus: {here}"
        page.keyboard.press("Enter")
        if here["select"] is not None:  # a store tile picked: the sticks come next
            after = page.evaluate(FOCUSED)
            assert after and after["stick"] is not None, "after picking a tile the focus goes to the sticks"
            page.keyboard.press("Enter")
        page.wait_for_function(
            "v => document.body.dataset.version !== v || document.body.dataset.status === 'finished'",
            arg=version,
            timeout=TURN_TIMEOUT,
        )
        moves += 1
        assert moves < 400, "the game did not end"
    assert page.locator("#results").is_visible() and page.js_errors == []


def test_screen_readers_hear_the_prompt_the_log_and_on_request_the_board(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, create_seated_table(server_url, "tanghulu"))
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    assert page.get_attribute("#prompt", "aria-live") == "polite"  # the prompt is announced
    assert page.get_attribute("#log", "aria-live") == "polite"  # so is each new log line
    page.click("#read-board")
    said = page.inner_text("#board-summary") or page.evaluate("document.getElementById('board-summary').textContent")
    prompt = page.evaluate("document.getElementById('prompt').textContent")
    assert said.startswith(prompt.rstrip("."))
    assert "Ada (you), to act:" in said and "Random bot 2:" in said  # whose turn, and every player
    assert "coins" in said.lower() and "stars" in said.lower()  # scores and holdings, as the panels show them
    assert page.get_attribute("#board-summary", "role") == "status"
