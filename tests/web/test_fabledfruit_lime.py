"""Browser tests: a Lime campaign game — the lime pile, the #11L offer round, gambling tokens,
saved fruits and the coat — played by clicking where things happen on the board."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    DESKTOP,
    MY_TURN_OR_OVER,
    PHONE,
    TURN_TIMEOUT,
    click_target,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    state,
)
from .test_fabledfruit import assert_hidden_hands, create_table, take_turn

#: a later Lime game: #7L … #12L (market, coat, offers, gambling tokens)
LATER = {"lime": True, "display": "7Lx4 8Lx4 9Lx4 10Lx4 11Lx4 12Lx4", "big_stack": 32, "game_number": 4}
#: #6L … #11L: saving fruits and the coat
SAVING = {"lime": True, "display": "6Lx4 7Lx4 8Lx4 9Lx4 10Lx4 11Lx4", "big_stack": 36, "game_number": 4}


def drive(base: str, table: dict[str, Any], prefer: list[str], until: Any, rng: random.Random) -> dict[str, Any]:
    """Play seat 0 through the API, taking the first preferred action text that is legal."""
    for _ in range(3000):
        snap = state(base, table["id"], table["token"])
        if snap["status"] == "finished":
            raise AssertionError("the game ended before the wanted position")
        if snap["legal"] and until(snap):
            return snap
        if not snap["legal"]:
            time.sleep(0.01)
            continue
        texts = {a["text"]: a for a in snap["legal"]}
        choice = next((texts[t] for t in prefer if t in texts), None)
        if choice is None:
            acts = [a for a in snap["legal"] if a["text"] == "act"]
            choice = acts[0] if acts and rng.random() < 0.8 else rng.choice(snap["legal"])
        http.post(
            f"{base}/api/tables/{table['id']}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": table["token"]},
        )
    raise AssertionError("the wanted position was not reached")


def click(page: Any, selector: str) -> None:
    version = page.evaluate("document.body.dataset.version")
    click_target(page, page.locator(selector).first)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)


def test_first_lime_game_takes_a_lime_by_clicking(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    table = create_table(server_url, players=3, lime=True, first_player=1)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    assert page.locator("#board .ff-stack").count() == 8, "3 × #48–#53, 4 × #1L, 2 × #2L: eight stacks"
    board = page.locator("#board").text_content()
    for word in ("Lime pile", "15 limes", "Market", "Fruit-mix cards", "1L", "2L"):
        assert word in board, word
    page.screenshot(path=str(screenshot_dir / "ff-lime-start.png"), full_page=True)
    click(page, "#board .target.legal[data-kind='move'][aria-label*='#1L']")
    click(page, "#board .target.legal[data-kind='act']")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    # the bots have played since (and may have taken it from me): the log and the pile tell
    assert "You took 1 lime from the lime pile (14 left)." in page.locator("body").text_content()
    assert state(server_url, table["id"], table["token"])["view"]["lime_pile"] <= 14
    assert_hidden_hands(page)
    assert page.js_errors == []


def test_offer_round_is_shown_and_an_offer_is_accepted_by_clicking(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    rng = random.Random(5)
    for _attempt in range(6):
        table = create_table(server_url, players=3, **LATER)
        drive(server_url, table, ["move 11L"], lambda s: s["view"]["decision"]["kind"] == "act_or_buy", rng)
        page = new_page(browser, DESKTOP)
        open_seated(page, server_url, table)
        click(page, "#board .target.legal[data-kind='act']")
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        snap = state(server_url, table["id"], table["token"])
        if snap["view"]["decision"]["kind"] == "accept":
            break
        page.close()
    else:
        pytest.fail("the random bots never made an offer")
    board = page.locator("#board").text_content()
    assert "offers 2 limes" in board
    offers = page.locator("#board .target.legal[data-kind='accept']")
    assert offers.count() >= 1, "every offer made is clickable"
    page.screenshot(path=str(screenshot_dir / "ff-lime-offers.png"), full_page=True)
    offered = next(o for o in snap["view"]["offer_round"]["offers"] if o["fruits"])
    click(page, f"#board .target.legal[data-kind='accept'][aria-label*='player {offered['seat'] + 1}']")
    name = snap["players"][offered["seat"]]["name"]
    page.wait_for_function("n => document.body.textContent.includes('You accepted ' + n)", arg=name)
    assert page.js_errors == []


def test_gambling_token_buys_and_the_reveals_pay(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    rng = random.Random(2)
    table = create_table(server_url, players=2, **LATER)
    prefer = ["move 12L", "move 9L", "move 8L", "move 7L"]
    drive(server_url, table, prefer, lambda s: any(a["text"] == "gamble 1" for a in s["legal"]), rng)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    token = page.locator("#board .target.legal[data-kind='gamble']")
    assert token.count() >= 1, "my gambling token is clickable when I may buy"
    click(page, "#board .target.legal[data-kind='gamble']")
    snap = state(server_url, table["id"], table["token"])
    if snap["view"]["decision"] and snap["view"]["decision"]["kind"] == "pay":
        assert snap["view"]["payment"]["gambling"] == 1 and len(snap["view"]["revealed"]) == 3
        page.screenshot(path=str(screenshot_dir / "ff-lime-gamble.png"), full_page=True)
        juices = snap["view"]["players"][0]["juices"]
        for _ in range(8):
            if state(server_url, table["id"], table["token"])["view"]["payment"] is None:
                break
            click(page, "#board .target.legal[data-kind='pay']")
        assert len(state(server_url, table["id"], table["token"])["view"]["players"][0]["juices"]) == len(juices) + 1
    else:  # tough luck: the reveals could not pay; the token is gone and the turn moved on
        assert snap["view"]["players"][0]["gambling"] == 0
    assert page.js_errors == []


def test_saved_fruits_and_the_coat_are_drawn_and_hidden_from_others(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    rng = random.Random(3)
    table = create_table(server_url, players=2, **SAVING)

    def ready(s: dict[str, Any]) -> bool:
        v = s["view"]
        return v["players"][0]["saved_count"] >= 1 and v["players"][1]["saved_count"] >= 1 and v["coat"] == 0

    drive(server_url, table, ["move 6L", "move 10L"], ready, rng)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table, wait_for_turn=False)
    page.wait_for_function("document.querySelector('#board .ff-saved') !== null")
    assert page.locator("#board .ff-player[data-seat='1'] .ff-saved[data-fruit='hidden']").count() == 1
    assert page.locator("#board .ff-player[data-seat='1'] .ff-saved:not([data-fruit='hidden'])").count() == 0
    mine = page.locator("#board .ff-saved:not([data-fruit='hidden'])")
    assert mine.count() >= 1, "my own saved fruits are face up to me"
    assert page.locator("#board .ff-token.coat").count() == 1
    assert_hidden_hands(page)
    page.screenshot(path=str(screenshot_dir / "ff-lime-saved-coat.png"), full_page=True)
    assert page.js_errors == []


def test_lime_game_by_clicking_on_a_phone(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    rng = random.Random(9)
    page = new_page(browser, PHONE)
    table = create_table(server_url, players=3, **LATER)
    open_seated(page, server_url, table)
    for _ in range(16):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        take_turn(page, rng)
        no_sideways_scroll(page)
        assert_hidden_hands(page)
    page.screenshot(path=str(screenshot_dir / "ff-lime-phone.png"), full_page=True)
    assert page.js_errors == []


def test_start_a_lime_campaign_from_the_lobby(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server_url)
    page.fill("#name", "Ada")
    page.fill("#campaign-name", "Lime nights")
    page.select_option("#campaign-ruleset", "lime")  # the rulesets, as the game's plugin presents them
    page.click("#new-campaign")
    row = page.locator("#campaign-list .campaign-row", has_text="Lime nights")
    row.wait_for()
    assert "Lime" in row.locator(".campaign-badge").inner_text() and "74 cards to come" in row.inner_text()
    assert page.locator("#campaign-ruleset").input_value() == "base", "the next campaign is a base one unless chosen"
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshot_dir / "ff-lime-lobby.png"))
    row.get_by_role("button", name="Play the first game").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    snap = state(server_url, table_id)
    assert snap["game"] == "fabledfruit" and snap["view"]["lime"] is True
    page.wait_for_function("document.querySelector('#board .ff-box.lime') !== null")
    assert page.js_errors == []
