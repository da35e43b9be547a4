"""The chat panel in the browser (issue 22, "Chat"): two people in two browser contexts and a
spectator. "Rendered as text, rate limited, each player can mute another. Spectators read it.
Quick phrases ("Good game", "Your turn", "One moment") for phone players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import DESKTOP, LAPTOP, PHONE, TURN_TIMEOUT, http, new_page, no_sideways_scroll, open_seated

SHOWN = "[...document.querySelectorAll('#chat .chat-message .chat-text')].map(e => e.textContent)"


def _texts(page: Any) -> list[str]:
    return list(page.evaluate(f"() => {SHOWN}"))


def _wait_for(page: Any, text: str) -> None:
    page.wait_for_function(f"text => {SHOWN}.includes(text)", arg=text, timeout=TURN_TIMEOUT)


def test_two_players_chat_mute_and_a_spectator_reads(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    table = http.post(f"{server_url}/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    ada = new_page(browser, LAPTOP)
    open_seated(ada, server_url, table, wait_for_turn=False)
    bo = new_page(browser, PHONE)
    bo.goto(f"{server_url}{table['invites']['1']}")
    bo.fill("#name-input", "Bo")
    bo.click("#name-save")
    bo.wait_for_function("document.body.dataset.seat === '1'", timeout=TURN_TIMEOUT)

    # On the laptop the panel is open beside the board; on the phone it is folded under the board.
    assert ada.locator("#chat").get_attribute("open") is not None
    assert bo.locator("#chat").get_attribute("open") is None
    ada.fill("#chat-input", "Hello <b>Bo</b>!")
    ada.press("#chat-input", "Enter")
    _wait_for(ada, "Hello <b>Bo</b>!")
    assert ada.input_value("#chat-input") == ""
    bo.wait_for_function("document.querySelector('#chat .chat-unread').textContent === '1'", timeout=TURN_TIMEOUT)
    assert "news" in bo.get_attribute(".part-tab[data-part='chat']", "class")  # a dot on the phone's Chat tab
    bo.click(".part-tab[data-part='chat']")
    _wait_for(bo, "Hello <b>Bo</b>!")  # as text: no bold element was made
    assert bo.locator("#chat .chat-text b").count() == 0
    bo.get_by_role("button", name="One moment").click()  # a quick phrase
    _wait_for(ada, "One moment")
    chat = bo.locator("#chat").bounding_box()
    assert not bo.locator("#board").is_visible(), "the chat takes the board's place on a phone"
    assert chat["y"] + chat["height"] <= PHONE["height"] + 1
    no_sideways_scroll(bo)
    bo.screenshot(path=str(screenshot_dir / "chat-phone.png"), full_page=True)
    ada.screenshot(path=str(screenshot_dir / "chat-1366.png"))

    # Ada mutes Bo: his messages are hidden at her table (remembered after a reload), not at his.
    ada.click("#chat .mute[data-seat='1']")
    bo.fill("#chat-input", "Are you there?")
    bo.click("#chat .chat-form button[type=submit]")
    _wait_for(bo, "Are you there?")
    ada.wait_for_function(
        "() => document.querySelector('#chat .chat-hidden')?.textContent === '2 from muted people not shown'",
        timeout=TURN_TIMEOUT,
    )
    ada.reload()
    ada.wait_for_function("document.body.dataset.version !== undefined")
    assert _texts(ada) == ["Hello <b>Bo</b>!"]
    ada.click("#chat .mute[data-seat='1']")
    assert _texts(ada) == ["Hello <b>Bo</b>!", "One moment", "Are you there?"]

    # A spectator reads the chat and has nothing to write with.
    watcher = new_page(browser, DESKTOP)
    watcher.goto(f"{server_url}/t/{table['id']}")
    watcher.wait_for_function("document.body.dataset.seat === 'spectator'", timeout=TURN_TIMEOUT)
    assert _texts(watcher) == ["Hello <b>Bo</b>!", "One moment", "Are you there?"]
    assert watcher.locator("#chat .chat-form").is_hidden()
    assert "Only players can write here." in watcher.inner_text("#chat")
    for page in (ada, bo, watcher):
        assert page.js_errors == []
