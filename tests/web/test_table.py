"""Browser tests: the lobby and the Tang Hu Lu table driven by clicks in headless Chromium."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .helpers import (
    DESKTOP,
    MY_TURN_OR_OVER,
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

# ---------------------------------------------------------------------------- helpers


def create_table(base: str, players: int = 2) -> dict[str, Any]:
    return create_seated_table(base, "tanghulu", players)


def take_turn(page: Any, rng: random.Random, wait_for_next_turn: bool = True) -> None:
    """Make one decision by clicking the board: buy (store tile, then stick) when possible, else any
    highlighted board target, else a status-line button (never Undo, so the game moves on)."""
    version = page.evaluate("document.body.dataset.version")
    store = page.locator("#board .target.legal[data-select]")
    if store.count():
        pick = rng.randrange(store.count())
        sticks = page.locator("#board .target.legal[data-stick]")
        for attempt in range(2):  # a click that lands while the board is being redrawn is lost: once more
            click_target(page, store.nth(pick))
            try:
                sticks.first.wait_for(timeout=5_000)
                break
            except PlaywrightTimeout:
                if page.evaluate("document.body.dataset.version") != version:
                    return take_turn(page, rng, wait_for_next_turn)  # a new position redrew the board
                if attempt:
                    raise AssertionError("picking a store tile must highlight the sticks it can go on") from None
        click_target(page, sticks.nth(rng.randrange(sticks.count())))
    else:
        board = page.locator("#board .target.legal[data-code]")
        if board.count():
            click_target(page, board.nth(rng.randrange(board.count())))
        else:
            buttons = page.locator("#actions button.action")
            assert buttons.count(), "it is my turn, so something must be clickable"
            buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(
        "v => document.body.dataset.version !== v || document.body.dataset.status === 'finished'",
        arg=version,
        timeout=TURN_TIMEOUT,
    )
    if wait_for_next_turn:  # against bots only: the turn always comes back
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)


def play_to_end(page: Any, rng: random.Random, limit: int = 400) -> int:
    for turn in range(limit):
        if page.evaluate("document.body.dataset.status") == "finished":
            return turn
        take_turn(page, rng)
    raise AssertionError(f"the game did not end within {limit} decisions")


def play_by_api(base: str, table: dict[str, Any], rng: random.Random, until: Any) -> dict[str, Any]:
    """Play seat 0 through the HTTP API (fast) until until(snapshot) holds or the game ends."""
    token = table["token"]
    for _ in range(1000):
        snap = state(base, table["id"], token)
        if snap["status"] == "finished" or until(snap):
            return snap
        if not snap["legal"]:
            continue  # a bot is thinking
        buys = [a for a in snap["legal"] if a["kind"] == "buy"]
        choice = rng.choice(buys or snap["legal"])
        http.post(
            f"{base}/api/tables/{table['id']}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": token},
        )
    raise AssertionError("the API game did not reach the wanted position")


# ---------------------------------------------------------------------------- tests


def test_create_from_lobby_and_play_a_whole_game_by_clicking(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(7)
    page = new_page(browser, DESKTOP)
    page.goto(server_url)
    page.fill("#name", "Ada")
    page.select_option("#game", "tanghulu")
    page.click("#create-table")  # the defaults: 2 players, a bot opposite
    page.wait_for_url("**/t/*")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    table_id = page.url.rstrip("/").split("/")[-1]
    assert page.evaluate("document.body.dataset.seat") == "0"
    assert "Ada" in page.inner_text("#panels")
    assert page.title() == "● Your turn — fruitbowl"

    for _ in range(4):
        take_turn(page, rng)
    assert page.evaluate("document.body.dataset.status") == "playing", "the game should still be running"
    page.screenshot(path=str(screenshot_dir / "desktop-mid.png"))
    assert page.locator("#log li").count() > 5
    assert page.locator("#board [data-key^='tile:']").count() >= 4

    # A refresh keeps the seat (token in localStorage) and the game goes on.
    version = page.evaluate("document.body.dataset.version")
    page.reload()
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    assert page.evaluate("document.body.dataset.seat") == "0"
    assert page.evaluate("document.body.dataset.version") == version
    assert page.locator("#board .target.legal").count() + page.locator("#actions button.action").count() > 0

    play_to_end(page, rng)
    results = page.locator("#results")
    results.wait_for(state="visible")
    text = results.inner_text()
    for heading in ("Fruit stars", "Sweet cards", "Crystal Sugar King", "Total", "Coins", "tie-break"):
        assert heading in text
    assert page.locator("#results tbody tr").count() == 2
    assert page.locator("#rematch").is_visible()
    final = state(server_url, table_id)
    assert final["status"] == "finished" and final["result"]["winners"]
    page.screenshot(path=str(screenshot_dir / "desktop-end.png"), full_page=True)

    # The replay steps through the finished game.
    page.click("#open-replay")
    page.locator("#replay-bar").wait_for(state="visible")
    page.click("#replay-next")
    page.click("#replay-next")
    page.wait_for_function("document.body.dataset.replayStep === '2'")  # each position is fetched
    assert "Move 2" in page.inner_text("#replay-bar")
    page.click("#replay-close")
    assert page.locator("#results").is_visible()
    assert page.js_errors == []

    # Back in the lobby: the game this browser played is offered first, and finished tables'
    # scores are counted in the unit the game's plugin names (Tang Hu Lu's stars; the list shows
    # the latest finished tables, which other tests' tables may have pushed this one out of).
    page.goto(server_url)
    page.wait_for_function("document.querySelector('#game').value !== ''")  # (the games are loaded)
    assert page.locator("#game").input_value() == "tanghulu"
    page.click(".tabs [data-status='finished']")
    # (the list says which tab it shows once drawn; rows of other tests' tables may read
    # otherwise, and only scored rows are judged)
    page.wait_for_function("document.querySelector('#table-list').dataset.status === 'finished'")
    listed = page.inner_text("#table-list")
    assert "won" in listed, f"the finished list shows no result: {listed[:300]!r}"
    judged = 0
    for row in page.locator("#table-list [data-game]").all():
        scored = re.search(r"won · ([-\d –]+)( stars)?$", row.locator(".detail").inner_text())
        if scored:
            judged += 1
            assert (scored.group(2) is not None) == (row.get_attribute("data-game") == "tanghulu"), row.inner_text()
    assert judged
    assert page.js_errors == []


def test_illegal_target_explains_itself_and_keyboard_plays(browser: Any, server_url: str):
    table = create_table(server_url)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    snap = state(server_url, table["id"], table["token"])
    assert snap["legal"], "seat 0 moves first"
    assert snap["view"]["phase"] != "pattern"
    reason = explain(server_url, table["id"], table["token"], 8)  # "all different" needs a completed stick

    card = page.locator("#board .target[data-code='8']")
    assert card.get_attribute("aria-disabled") == "true"
    card.hover()
    wait_for_text(page, "hint", reason)
    card.click(force=True)  # aria-disabled: Playwright would wait for it to become enabled
    wait_for_text(page, "message", reason)

    # Every legal target is focusable, labelled with the action, and Enter plays it.
    legal = page.locator("#board .target.legal")
    assert legal.count() > 0
    for index in range(legal.count()):
        node = legal.nth(index)
        assert node.get_attribute("tabindex") == "0"
        assert node.get_attribute("aria-label")
    version = page.evaluate("document.body.dataset.version")
    direct = page.locator("#board .target.legal[data-code]")
    if direct.count():
        direct.first.focus()
        page.keyboard.press("Enter")
    else:
        page.locator("#board .target.legal[data-select]").first.focus()
        page.keyboard.press("Enter")
        page.locator("#board .target.legal[data-stick]").first.focus()
        page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)
    assert page.js_errors == []


def test_spectator_sees_no_sweet_card_stars(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(3)
    for _ in range(10):
        table = create_table(server_url, players=3)
        # stop on seat 0's own turn, so the bots wait and the game cannot end (and reveal every
        # card) while the spectator looks
        snap = play_by_api(
            server_url, table, rng, until=lambda s: s["legal"] and any(p["sweet_cards"] for p in s["view"]["players"])
        )
        if snap["status"] == "playing":
            break
    else:
        pytest.fail("no game reached a position with sweet cards in play")
    watcher = new_page(browser, DESKTOP)
    watcher.goto(f"{server_url}{table['url']}")
    watcher.wait_for_function("document.body.dataset.seat === 'spectator'")
    # compare with the spectator's own snapshot at the version the page shows (a bot may have moved)
    for _ in range(100):
        public = state(server_url, table["id"])
        if watcher.evaluate("document.body.dataset.version") == str(public["version"]):
            break
        time.sleep(0.1)
    cards = [p["sweet_cards"] for p in public["view"]["players"]]
    assert watcher.locator("#board .sweet-face").count() == 0, "a spectator must not see sweet card stars"
    assert watcher.locator("#board .board-cards .sweet-back").count() == sum(min(c, 5) for c in cards)
    assert "You are watching" in watcher.inner_text("#seat-info")
    assert watcher.locator("#board .target").count() == 0

    player = new_page(browser, DESKTOP)
    open_seated(player, server_url, table, wait_for_turn=False)
    player.wait_for_function("document.body.dataset.seat === '0'")
    assert player.locator("#board .sweet-face").count() == min(cards[0], 5)
    assert watcher.js_errors == [] and player.js_errors == []


def test_phone_layout_folds_panels_under_the_board(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(11)
    page = new_page(browser, PHONE)
    page.goto(server_url)
    no_sideways_scroll(page)

    table = create_table(server_url, players=3)
    open_seated(page, server_url, table)
    for _ in range(3):
        take_turn(page, rng)
    no_sideways_scroll(page)
    board = page.locator("#board").bounding_box()
    assert board["width"] <= PHONE["width"]
    assert board["y"] + board["height"] <= PHONE["height"] + 1, "the board fits the phone's screen"
    page.screenshot(path=str(screenshot_dir / "phone-mid.png"), full_page=True)
    # On a phone the player panels are a tab of their own, shown in the board's place.
    assert not page.locator("#panels").is_visible()
    page.click(".part-tab[data-part='panels']")
    panels = page.locator("#panels").bounding_box()
    assert panels["y"] + panels["height"] <= PHONE["height"] + 1 and not page.locator("#board").is_visible()
    page.locator(".part-tab").first.click()  # the board (or its first part)
    assert page.locator("#board").is_visible()

    finished = create_table(server_url)
    play_by_api(server_url, finished, rng, until=lambda s: False)
    open_seated(page, server_url, finished)
    page.locator("#results").wait_for(state="visible")
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshot_dir / "phone-end.png"), full_page=True)
    assert page.js_errors == []


def test_two_browsers_and_a_bot_finish_a_game(browser: Any, server_url: str):
    rng = random.Random(11)
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}, {"controller": "random"}]
    response = http.post(f"{server_url}/api/tables", json={"game": "tanghulu", "players": 3, "seats": seats})
    table = response.json()
    ada = new_page(browser, DESKTOP)
    open_seated(ada, server_url, table, wait_for_turn=False)
    assert "Waiting for players" in ada.inner_text("#prompt")

    bo = new_page(browser, DESKTOP)
    bo.goto(f"{server_url}/")
    bo.evaluate("() => localStorage.setItem('fruitbowl.name', JSON.stringify('Bo'))")
    bo.goto(f"{server_url}{table['invites']['1']}")  # the invite link Ada sent
    assert bo.input_value("#name-input") == "Bo"  # the name this browser remembers, to confirm
    bo.click("#name-save")
    bo.wait_for_function("document.body.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    assert "?invite" not in bo.url, "the used invite must not stay in the address bar"

    pages = {0: ada, 1: bo}
    for _ in range(600):
        snap = state(server_url, table["id"])
        if snap["status"] == "finished":
            break
        seat = snap["view"]["current_player"]
        if seat not in pages:
            ada.wait_for_timeout(30)  # the bot is thinking
            continue
        page = pages[seat]
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        if page.evaluate("document.body.dataset.status") != "finished":
            take_turn(page, rng, wait_for_next_turn=False)
    else:
        raise AssertionError("three players did not finish the game")
    for page in pages.values():
        page.locator("#results").wait_for(state="visible")
        assert page.locator("#results tbody tr").count() == 3
        assert page.js_errors == []
    names = [p["name"] for p in state(server_url, table["id"])["players"]]
    assert names[0] == "Ada" and names[1] == "Bo" and names[2].startswith("Random bot")
