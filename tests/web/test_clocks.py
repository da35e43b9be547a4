"""Clocks and stand-ins in the browser (issue 22): "a real-time table where a player runs out of
time and the stand-in plays, then the player reclaims → Leave", with two people in two browser
contexts (a laptop and a phone), and the lobby's time control."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fruitbowl.server.limits import Limits

from .helpers import LAPTOP, PHONE, TURN_TIMEOUT, http, new_page, no_sideways_scroll, open_seated, serving, state


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose clocks may be a few seconds long (``clock_minimum``), and whose bots wait
    a moment before moving, as people watching them need."""
    from fruitbowl.server import create_app

    db = tmp_path_factory.mktemp("clocks") / "t.db"
    with serving(create_app(f"sqlite:///{db}", bot_delay=1.0, limits=Limits(clock_minimum=1))) as url:
        yield url


def _clock_text(page: Any, seat: int) -> str:
    return page.inner_text(f".player-panel[data-seat='{seat}'] .clock .clock-time")


def _wait_for_bar(page: Any, text: str) -> None:
    """The stand-in bar shown, saying ``text`` (the bot's level is named once the page has the levels)."""
    page.wait_for_function(
        "text => { const bar = document.querySelector('#stand-in');"
        " return !bar.hidden && bar.textContent.includes(text); }",
        arg=text,
        timeout=TURN_TIMEOUT,
    )


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_time_runs_out_the_stand_in_plays_the_player_takes_the_seat_back_and_leave(
    browser: Any, clock_server: str, screenshot_dir: Path
) -> None:
    base = clock_server
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    body = {"game": "tanghulu", "seats": seats, "clock": {"kind": "realtime", "base_s": 6}, "takeover": "random"}
    table = http.post(f"{base}/api/tables", json=body).json()
    ada = new_page(browser, LAPTOP)
    open_seated(ada, base, table, wait_for_turn=False)
    bo = new_page(browser, PHONE)
    bo.goto(f"{base}{table['invites']['1']}")
    bo.fill("#name-input", "Bo")
    bo.click("#name-save")
    bo.wait_for_function("document.body.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    bo.click(".part-tab[data-part='panels']")  # on a phone the players' panels are a tab
    pages = [ada, bo]

    # Both pages show both clocks; the one to act ticks down (red under 30 s: all of these 6 s).
    first = state(base, table["id"], table["token"])
    late = first["clock"]["running"]
    other = 1 - late
    for page in pages:
        page.wait_for_selector(f".player-panel[data-seat='{late}'] .clock.running.low")
        assert page.locator(".player-panel .clock").count() == 2
        assert _clock_text(page, other) == "0:06"
    # On the phone the running clock is in the status line too, where a player looks.
    bo.wait_for_selector("#turn-clock.low:not([hidden])")
    who = "Your time" if late == 1 else "Ada"
    assert bo.inner_text("#turn-clock .turn-clock-who") == who
    assert ada.locator("#turn-clock").is_hidden()  # beside the board, the panels show it
    bo.screenshot(path=str(screenshot_dir / "clocks-running-phone.png"))
    start = _seconds(_clock_text(pages[late], late))
    pages[late].wait_for_function(
        "([seat, start]) => { const t = document.querySelector(`.player-panel[data-seat='${seat}'] .clock-time`)"
        ".textContent.split(':'); return +t[0] * 60 + +t[1] < start; }",
        arg=[late, start],
        timeout=5000,
    )

    # The late player's time runs out: a stand-in plays for them, and both pages say so.
    mine, theirs = pages[late], pages[other]
    _wait_for_bar(mine, "A Random bot plays for you (your time ran out)")
    assert _clock_text(mine, late) == "0:00"
    name = first["players"][late]["name"]
    theirs.wait_for_selector(f".player-panel[data-seat='{late}'] .stand-in-tag", timeout=TURN_TIMEOUT)
    theirs.wait_for_function(
        "text => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes(text))",
        arg=f"{name}'s time ran out: a Random bot plays for {name}.",
        timeout=TURN_TIMEOUT,
    )
    # The stand-in moves for the seat.
    before = first["version"]
    theirs.wait_for_function(f"+document.body.dataset.version > {before}", timeout=TURN_TIMEOUT)
    assert state(base, table["id"], table["token"])["players"][late]["takeover"]
    no_sideways_scroll(bo)
    ada.screenshot(path=str(screenshot_dir / "clocks-stand-in-1366.png"))
    bo.screenshot(path=str(screenshot_dir / "clocks-stand-in-phone.png"), full_page=True)
    size = mine.viewport_size  # the bar as the late player sees it on a phone
    mine.set_viewport_size(PHONE)
    no_sideways_scroll(mine)
    mine.screenshot(path=str(screenshot_dir / "clocks-stand-in-bar-phone.png"))
    mine.set_viewport_size(size)

    # The player takes the seat back: the bar goes, and their clock has time again.
    mine.click("#take-seat-back")
    mine.wait_for_selector("#stand-in", state="hidden", timeout=TURN_TIMEOUT)
    theirs.wait_for_function(
        f"!document.querySelector(\".player-panel[data-seat='{late}'] .stand-in-tag\")", timeout=TURN_TIMEOUT
    )
    back = state(base, table["id"], table["token"])
    assert not back["players"][late]["takeover"]

    # Leave: the other player asks, confirms, and the stand-in plays for them.
    theirs.click("#leave")
    theirs.wait_for_selector("dialog.confirm-dialog")
    assert "Leave the game?" in theirs.inner_text("dialog.confirm-dialog")
    theirs.click("#confirm-no")  # changing one's mind changes nothing
    assert not state(base, table["id"], table["token"])["players"][other]["takeover"]
    theirs.click("#leave")
    theirs.click("#confirm-yes")
    _wait_for_bar(theirs, "A Random bot plays for you.")
    assert theirs.locator("#leave").is_hidden()
    theirs.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes('You left: a Random bot'))",
        timeout=TURN_TIMEOUT,
    )
    assert state(base, table["id"], table["token"])["players"][other]["takeover"]
    for page in pages:
        assert page.js_errors == []


def test_the_lobby_offers_a_time_control_and_the_stand_in_level(
    browser: Any, clock_server: str, screenshot_dir: Path
) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{clock_server}/")
    page.wait_for_function("!document.querySelector('#create-table').disabled")
    options = page.locator("#time-control option").all_inner_texts()
    assert options[0] == "No clock" and "10 min + 10 s" in options and "1 day per move" in options
    assert page.input_value("#stand-in-level") == "ismcts:easy"  # the level the lobby suggests
    page.select_option("#game", "tanghulu")
    page.select_option("#time-control", label="10 min + 10 s")
    page.select_option("#stand-in-level", "greedy")
    page.screenshot(path=str(screenshot_dir / "clocks-lobby-1366.png"))
    phone = new_page(browser, PHONE)
    phone.goto(f"{clock_server}/")
    phone.wait_for_function("!document.querySelector('#create-table').disabled")
    phone.select_option("#time-control", label="1 day per move")
    no_sideways_scroll(phone)
    phone.locator("#time-control").scroll_into_view_if_needed()
    phone.screenshot(path=str(screenshot_dir / "clocks-lobby-phone.png"))
    page.click("#create-table")
    page.wait_for_url("**/t/**")
    page.wait_for_selector(".player-panel[data-seat='0'] .clock")
    table_id = page.url.split("/t/")[1].split("?")[0]
    created = state(clock_server, table_id)
    assert created["clock"]["kind"] == "realtime" and created["clock"]["base_s"] == 600
    assert created["clock"]["increment_s"] == 10 and created["takeover"] == "greedy"
    assert _clock_text(page, 0) in ("10:00", "9:59", "9:58")
    page.screenshot(path=str(screenshot_dir / "clocks-table-1366.png"))
    assert page.js_errors == []


def test_results_and_the_lobby_mark_a_game_a_stand_in_finished(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "random"}]
    table = http.post(
        f"{server_url}/api/tables", json={"game": "tanghulu", "seats": seats, "takeover": "greedy"}
    ).json()
    left = http.post(f"{server_url}/api/tables/{table['id']}/leave", headers={"X-Seat-Token": table["token"]})
    assert left.status_code == 200
    page = new_page(browser, LAPTOP)
    open_seated(page, server_url, table, wait_for_turn=False)
    page.wait_for_function("document.body.dataset.status === 'finished'", timeout=60_000)
    row = page.locator("#results .score-table tbody tr", has_text="Ada")
    assert "finished by a stand-in" in row.inner_text()
    assert page.locator("#stand-in").is_hidden() and page.locator("#leave").is_hidden()
    page.locator("#results").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "clocks-results-1366.png"))
    page.goto(f"{server_url}/")
    page.click(".tabs [data-status='finished']")
    page.wait_for_function("document.querySelector('#table-list').dataset.status === 'finished'")
    listed = page.locator(f"#table-list [data-table='{table['id']}'] .detail")
    assert listed.inner_text().endswith("· finished by a stand-in")
    assert page.js_errors == []
