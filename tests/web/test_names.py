"""Names in the browser (issue 22, "Names"), two people in two browser contexts and a spectator.

"Opening an invite asks for a name (remembered in the browser for next time); a player can rename
during the game; names are unique at a table, trimmed, 1–40 characters on client and server
alike, shown with ellipsis where space is short."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import DESKTOP, LAPTOP, PHONE, TURN_TIMEOUT, http, new_page, no_sideways_scroll, open_seated, state

LONG = "Bartholomew Peppercorn-Smythe of Kumquat"  # 40 characters


def _two_seat_table(base: str) -> dict[str, Any]:
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    response = http.post(f"{base}/api/tables", json={"game": "tanghulu", "seats": seats})
    response.raise_for_status()
    return response.json()


def _error(page: Any) -> str:
    page.wait_for_function("document.getElementById('name-error').textContent !== ''")
    return str(page.inner_text("#name-error"))


def test_invite_asks_a_name_then_a_rename_reaches_everyone(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    assert len(LONG) == 40
    table = _two_seat_table(server_url)
    ada = new_page(browser, LAPTOP)
    open_seated(ada, server_url, table, wait_for_turn=False)

    # Bo opens the invitation: the page asks for a name before taking the seat.
    bo = new_page(browser, PHONE)
    bo.goto(f"{server_url}{table['invites']['1']}")
    dialog = bo.locator("dialog.name-dialog")
    dialog.wait_for(state="visible")
    assert bo.input_value("#name-input") == ""  # nothing remembered yet in this browser
    bo.screenshot(path=str(screenshot_dir / "names-invite-phone.png"))
    bo.click("#name-save")
    assert _error(bo) == "A name cannot be empty."
    bo.fill("#name-input", "  ADA ")  # trimmed, and the same as Ada's ignoring case: refused by the server
    bo.click("#name-save")
    assert _error(bo) == "Seat 1 is already called 'Ada': choose another name."
    assert state(server_url, table["id"])["status"] == "open", "a refused name takes no seat"
    bo.fill("#name-input", "  Bo   ")
    bo.click("#name-save")
    bo.wait_for_function("document.body.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    assert dialog.count() == 0
    assert bo.evaluate("JSON.parse(localStorage.getItem('fruitbowl.name'))") == "Bo"
    ada_bo = ada.locator(".player-panel[data-seat='1'] .player-name")
    ada_bo.wait_for()
    ada.wait_for_function("document.querySelector(\".player-panel[data-seat='1'] .player-name\").textContent === 'Bo'")

    # Bo changes his name with the pen by his own name (only his own panel has one).
    assert bo.locator(".player-panel .rename").count() == 1
    assert ada.locator(".player-panel[data-seat='1'] .rename").count() == 0
    bo.click(".part-tab[data-part='panels']")  # on a phone the players' panels are a tab
    bo.click(".player-panel.you .rename")
    assert bo.input_value("#name-input") == "Bo"
    bo.fill("#name-input", f" {LONG} ")
    bo.click("#name-save")
    bo.locator("dialog.name-dialog").wait_for(state="detached")

    # Everyone sees it at once, and the log says it; the long name ends in an ellipsis where
    # space is short, and is there in full on hover.
    ada.wait_for_function(
        "name => document.querySelector(\".player-panel[data-seat='1'] .player-name\").textContent === name", arg=LONG
    )
    ada.wait_for_function(
        "text => [...document.querySelectorAll('#log .log-rename')].some(e => e.textContent === text)",
        arg=f"Bo is now called {LONG}.",
    )
    bo.wait_for_function(
        "text => [...document.querySelectorAll('#log .log-rename')].some(e => e.textContent === text)",
        arg=f"You are now called {LONG} (you were Bo).",
    )
    assert bo.evaluate("JSON.parse(localStorage.getItem('fruitbowl.name'))") == LONG
    for page in (ada, bo):
        name = page.locator(".player-panel[data-seat='1'] .player-name")
        assert name.get_attribute("title") == LONG
        assert name.evaluate("e => getComputedStyle(e).textOverflow") == "ellipsis"
    cut = bo.locator(".player-panel[data-seat='1'] .player-name")
    assert cut.evaluate("e => e.scrollWidth > e.clientWidth"), "on a phone the long name is cut with an ellipsis"
    no_sideways_scroll(bo)
    ada.screenshot(path=str(screenshot_dir / "names-renamed-1366.png"))
    bo.screenshot(path=str(screenshot_dir / "names-renamed-phone.png"), full_page=True)

    # The client holds names to the server's rule: 41 characters are refused before any request.
    bo.click(".player-panel.you .rename")
    bo.evaluate("v => { const i = document.getElementById('name-input'); i.value = v; }", LONG + "x")
    bo.click("#name-save")
    assert _error(bo) == "A name has at most 40 characters (this one has 41)."
    bo.keyboard.press("Escape")
    bo.locator("dialog.name-dialog").wait_for(state="detached")
    assert state(server_url, table["id"])["players"][1]["name"] == LONG

    # A spectator reads the names and the log.
    watcher = new_page(browser, DESKTOP)
    watcher.goto(f"{server_url}/t/{table['id']}")
    watcher.wait_for_function("document.body.dataset.seat === 'spectator'", timeout=TURN_TIMEOUT)
    assert watcher.locator(".rename").count() == 0
    assert f"Bo is now called {LONG}." in watcher.inner_text("#log")

    # The next invitation in Bo's browser offers the name it remembers.
    again = _two_seat_table(server_url)
    bo.goto(f"{server_url}{again['invites']['1']}")
    bo.locator("dialog.name-dialog").wait_for(state="visible")
    assert bo.input_value("#name-input") == LONG
    bo.click("#name-save")
    bo.wait_for_function("document.body.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    assert state(server_url, again["id"])["players"][1]["name"] == LONG
    for page in (ada, bo, watcher):
        assert page.js_errors == []


def test_just_watch_closes_the_name_prompt_without_taking_the_seat(browser: Any, server_url: str) -> None:
    table = _two_seat_table(server_url)
    cy = new_page(browser, DESKTOP)
    cy.goto(f"{server_url}{table['invites']['1']}")
    cy.locator("dialog.name-dialog").wait_for(state="visible")
    cy.get_by_role("button", name="Just watch").click()
    cy.wait_for_function("document.body.dataset.seat === 'spectator'", timeout=TURN_TIMEOUT)
    assert state(server_url, table["id"])["status"] == "open"
    assert cy.js_errors == []


def test_the_lobby_holds_your_name_to_the_same_rule(browser: Any, server_url: str) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/")
    page.wait_for_function("!document.getElementById('create-table').disabled")
    page.fill("#name", LONG + "x")
    page.click("#create-table")
    page.locator("#create-error").wait_for(state="visible")
    assert page.inner_text("#create-error") == "Your name: a name has at most 40 characters (this one has 41)."
    assert page.url.rstrip("/") == server_url, "no table is made under a refused name"
    page.fill("#name", f"  {LONG}  ")
    page.click("#create-table")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=TURN_TIMEOUT)
    table_id = page.url.rsplit("/", 1)[1]
    assert state(server_url, table_id)["players"][0]["name"] == LONG
    assert page.evaluate("JSON.parse(localStorage.getItem('fruitbowl.name'))") == LONG
    assert page.js_errors == []
