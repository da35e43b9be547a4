"""Browser tests: Fabled Fruit played by clicking the location stacks, the hand and the market."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    DESKTOP,
    LAPTOP,
    PHONE,
    TURN_TIMEOUT,
    click_target,
    create_seated_table,
    explain,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    state,
    wait_for_text,
)

NEXT_TURN = (
    "v => document.body.dataset.status === 'finished'"
    " || (document.body.dataset.version !== v && document.body.dataset.turn === 'mine'"
    " && !document.body.dataset.pending)"
)
#: board targets tried first, so that random clicking still buys juices and ends the game
PREFERRED = ("buy", "pay")
#: a later game of a campaign: the market, the thief, fruit tokens, wild/double tokens and fruit-mix cards
RICH = {"display": "21x4 28x4 33x4 37x4 51x4 52x4", "big_stack": 32, "game_number": 9}


# ---------------------------------------------------------------------------- helpers


def create_table(base: str, players: int = 2, **options: Any) -> dict[str, Any]:
    return create_seated_table(base, "fabledfruit", players, **options)


def play_by_api(base: str, table: dict[str, Any], rng: random.Random, until: Any = lambda s: False) -> dict[str, Any]:
    """Play seat 0 through the HTTP API (buying when it can) until until(snapshot) holds or the game ends."""
    token = table["token"]
    for _ in range(5000):
        snap = state(base, table["id"], token)
        if snap["status"] == "finished" or (snap["legal"] and until(snap)):
            return snap
        if not snap["legal"]:
            time.sleep(0.01)  # a bot is thinking
            continue
        buys = [a for a in snap["legal"] if a["text"] == "buy" or a["text"].startswith("pay ")]
        choice = rng.choice(buys or snap["legal"])
        http.post(
            f"{base}/api/tables/{table['id']}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": token},
        )
    raise AssertionError("the API game did not reach the wanted position")


CHOOSE = """kinds => {
  const lit = (sel) => [...document.querySelectorAll('#board .target.legal' + sel)];
  for (const kind of kinds) if (lit(`[data-kind='${kind}']`).length) return [kind, lit(`[data-kind='${kind}']`).length];
  if (lit('[data-code]').length) return ['any', lit('[data-code]').length];
  return ['button', document.querySelectorAll('#actions button.action').length];
}"""


def take_turn(page: Any, rng: random.Random) -> str:
    """Make one decision by clicking a lit board target (buy and pay first), else a status-line button."""
    version = page.evaluate("document.body.dataset.version")
    what, count = page.evaluate(CHOOSE, list(PREFERRED))
    assert count, "it is my turn, so something must be clickable"
    if what == "button":
        selector = "#actions button.action"
    elif what == "any":
        selector = "#board .target.legal[data-code]"
    else:
        selector = f"#board .target.legal[data-kind='{what}']"
    node = page.locator(selector).nth(rng.randrange(count))
    clicked = f"button:{node.get_attribute('data-kind')}" if what == "button" else node.get_attribute("data-kind")
    click_target(page, node)  # (a status-line button is always in sight)
    page.wait_for_function(NEXT_TURN, arg=version, timeout=TURN_TIMEOUT)
    return clicked


def assert_hidden_hands(page: Any, me: int = 0) -> None:
    """Other players' hands are card backs with a count: no fruit faces, no fruit names."""
    for area in page.locator("#board .ff-player").all():
        seat = int(area.get_attribute("data-seat"))
        if seat == me:
            continue
        assert area.locator(".ff-hidden-hand").count() == 1, "a hidden hand is drawn as backs"
        assert area.locator(".ff-fruit-card").count() == 0, "no face of another player's card shows"
        labels = area.evaluate(
            "n => [...n.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join(' ')"
        )
        for fruit in ("pineapple", "banana", "strawberry", "coconut", "grapes"):
            assert fruit not in labels


# ---------------------------------------------------------------------------- tests


def test_two_player_game_played_by_clicking(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(3)
    table = create_table(server_url, players=2, first_player=1)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    assert page.locator("#board .ff-stack").count() == 6, "a new campaign shows locations #1–#6"
    assert page.locator("#board .ff-animal").count() == 0, "animals start off the display"
    assert page.locator("#board .target.legal[data-kind='move']").count() == 6
    page.screenshot(path=str(screenshot_dir / "ff-desktop-start.png"))

    clicked: list[str] = []
    paid = False
    started = time.monotonic()
    for _ in range(800):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        if len(clicked) % 25 == 0:
            assert_hidden_hands(page)
        clicked.append(take_turn(page, rng))
        if len(clicked) == 12:
            page.screenshot(path=str(screenshot_dir / "ff-desktop-mid.png"))
        if clicked[-1] == "pay" and not paid:
            paid = True
            page.screenshot(path=str(screenshot_dir / "ff-desktop-pay.png"))
    else:
        raise AssertionError("the game did not end within 800 decisions")
    print(f"whole game by clicking: {len(clicked)} decisions in {time.monotonic() - started:.1f} s")
    assert {"move", "buy", "pay"} <= set(clicked), set(clicked)
    results = page.locator("#results")
    results.wait_for(state="visible")
    assert "Fabled juices" in results.inner_text()
    assert page.locator("#results tbody tr").count() == 2
    final = state(server_url, table["id"])
    assert final["status"] == "finished" and final["result"]["winners"]
    # once the game is over every hand is shown
    assert page.locator("#board .ff-player[data-seat='1'] .ff-hidden-hand").count() == 0
    page.screenshot(path=str(screenshot_dir / "ff-desktop-end.png"), full_page=True)
    assert page.js_errors == []


def test_illegal_target_explains_itself_and_keyboard_plays(browser: Any, server_url: str):
    rng = random.Random(7)
    table = create_table(server_url, players=2)
    snap = play_by_api(
        server_url,
        table,
        rng,
        until=lambda s: s["view"]["decision"]["kind"] == "move" and s["view"]["players"][0]["position"] > 0,
    )
    here = snap["view"]["players"][0]["position"]
    code = next(
        a["code"]
        for a in http.get(f"{server_url}/api/tables/{table['id']}/actions").json()["actions"]
        if a["text"] == f"move {here}"
    )
    reason = explain(server_url, table["id"], table["token"], code)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    stack = page.locator(f"#board .target[data-code='{code}']")
    assert stack.get_attribute("aria-disabled") == "true"
    stack.hover()
    wait_for_text(page, "hint", reason)
    stack.click(force=True)
    wait_for_text(page, "message", reason)

    legal = page.locator("#board .target.legal")
    assert legal.count() > 0
    for index in range(legal.count()):
        assert legal.nth(index).get_attribute("tabindex") == "0"
        assert legal.nth(index).get_attribute("aria-label")
    version = page.evaluate("document.body.dataset.version")
    legal.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)
    assert page.js_errors == []


def test_later_campaign_game_shows_market_thief_and_tokens(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(4)
    table = create_table(server_url, players=3, **RICH)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    text = page.locator("#board").text_content()
    for word in ("Market", "Fruit-mix cards", "Token pool"):
        assert word in text
    assert page.locator("#board .ff-thief").count() == 1
    for _ in range(30):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        take_turn(page, rng)
        assert_hidden_hands(page)
    page.screenshot(path=str(screenshot_dir / "ff-desktop-rich.png"), full_page=True)
    assert page.js_errors == []


def test_phone_layout_without_sideways_scroll(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(11)
    page = new_page(browser, PHONE, reduced_motion="reduce")  # a gliding card would stretch its stack's box
    table = create_table(server_url, players=3, **RICH)
    open_seated(page, server_url, table)
    for _ in range(8):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        take_turn(page, rng)
        no_sideways_scroll(page)
    board = page.locator("#board").bounding_box()
    assert board["width"] <= PHONE["width"]
    first, second = (page.locator("#board .ff-stack").nth(i).bounding_box() for i in (0, 2))
    assert second["y"] > first["y"] + first["height"] - 1, "stacks wrap into rows on a phone"
    page.screenshot(path=str(screenshot_dir / "ff-phone-mid.png"), full_page=True)

    finished = create_table(server_url, players=2, action_limit=40)  # cut short: the results say so
    play_by_api(server_url, finished, rng)
    open_seated(page, server_url, finished)
    page.locator("#results").wait_for(state="visible")
    assert "cut short at its limit" in page.locator("#results").inner_text()
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshot_dir / "ff-phone-end.png"), full_page=True)
    assert page.js_errors == []


PILLS = """() => [...document.querySelectorAll('#board .ff-pill-text')].map((text) => {
  const word = text.getBoundingClientRect(), pill = text.previousElementSibling.getBoundingClientRect();
  return [text.textContent, word.left >= pill.left + 4 && word.right <= pill.right - 4];
})"""


@pytest.mark.parametrize("locale", ["de-DE", "zh-CN", "en-GB"])
def test_the_act_and_buy_pills_hold_their_words_in_every_language(browser: Any, server_url: str, locale: str):
    """On your own location the Act and Buy pills name the two choices; "▶ Ausführen" ran past the
    Act pill's round end at 1366×768 (CI, a board text check). Each word fits inside its pill."""
    table = create_table(server_url)
    play_by_api(server_url, table, random.Random(2), until=lambda snap: any(a["text"] == "act" for a in snap["legal"]))
    page = new_page(browser, LAPTOP, locale=locale, reduced_motion="reduce")
    open_seated(page, server_url, table)
    page.locator("#board .ff-pill-text").first.wait_for()
    pills = page.evaluate(PILLS)
    assert len(pills) == 2 and all(inside for _word, inside in pills), pills
    assert page.js_errors == []
