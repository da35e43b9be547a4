"""Chat with spectators, the chat in the replay, who is there, and turn notifications, in the
browser (issue 22): a host, a friend and a spectator, each in their own browser context.

"Spectators read it and may write only where the host allows." "shown in the replay to the
table's players." "who is online and how many are watching is visible." "Opt-in browser
notifications (the Notification API) when it becomes your turn while the tab is hidden."
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from .helpers import (
    DESKTOP,
    LAPTOP,
    PHONE,
    TURN_TIMEOUT,
    create_seated_table,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    state,
)

LONG = "Augusta Ada King-Noel, Countess Lovelace"  # 40 characters, the longest name
SHOWN = "[...document.querySelectorAll('#chat .chat-message')].map(e => e.textContent)"


def _wait_for(page: Any, text: str) -> None:
    page.wait_for_function(f"text => {SHOWN}.some(m => m.includes(text))", arg=text, timeout=TURN_TIMEOUT)


def _say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def _dots(page: Any) -> list[str]:
    return list(page.evaluate("[...document.querySelectorAll('#panels .online-dot')].map(d => d.classList[1])"))


#: What shows a name beside the board: none may run off the page or out of its box.
FITTED = "#seat-info, #panels .player-name, #chat .chat-name, #chat .mute"


def _fits(page: Any, selector: str) -> None:
    """Every element matched stays inside the page's width and cuts its own text (no overflow)."""
    width = page.evaluate("document.documentElement.clientWidth")
    for box in page.locator(selector).all():
        if not box.is_visible():
            continue
        rect = box.bounding_box()
        assert rect["x"] >= -1 and rect["x"] + rect["width"] <= width + 1, f"{selector} runs off the page: {rect}"
        cut = "e => e.scrollWidth <= e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis'"
        assert box.evaluate(cut), f"{selector}: a name overflows its box"


def _play_to_end(base: str, table_id: str, tokens: list[str]) -> None:
    """Both people play random moves through the API until the game is over."""
    rng = random.Random(22)
    for _ in range(500):
        seen = state(base, table_id, tokens[0])
        if seen["status"] == "finished":
            return
        mover = seen["view"]["current_player"]
        snap = seen if mover == 0 else state(base, table_id, tokens[mover])
        buys = [a for a in snap["legal"] if a["kind"] == "buy"]
        choice = rng.choice(buys or snap["legal"])
        http.post(
            f"{base}/api/tables/{table_id}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": tokens[mover]},
        )
    raise AssertionError("the game did not end")


def test_host_friend_and_spectator_chat_watch_and_replay(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    assert len(LONG) == 40
    seats = [{"controller": "human", "name": LONG}, {"controller": "human"}]
    table = http.post(f"{server_url}/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    tid = table["id"]
    host = new_page(browser, LAPTOP)
    open_seated(host, server_url, table, wait_for_turn=False)
    host.evaluate(  # the lobby keeps the host's token so; this browser made the table
        "([id, token]) => localStorage.setItem('fruitbowl.host.' + id, "
        "JSON.stringify({hostToken: token, invites: {}}))",
        [tid, table["host_token"]],
    )
    host.reload()
    host.wait_for_function("document.body.dataset.version !== undefined")
    friend = new_page(browser, PHONE)
    friend.goto(f"{server_url}{table['invites']['1']}")
    friend.fill("#name-input", "Bo")
    friend.click("#name-save")
    friend.wait_for_function("document.body.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    friend_token = friend.evaluate(f"JSON.parse(localStorage.getItem('fruitbowl.seat.{tid}')).token")

    # The top bar says who you are, by name.
    assert host.inner_text("#seat-info") == f"You are {LONG} (seat 1)"
    assert friend.inner_text("#seat-info") == "You are Bo (seat 2)"

    # Chat both ways; a spectator reads it, and may not write until the host allows it.
    _say(host, "Welcome, Bo!")
    _wait_for(friend, "Welcome, Bo!")
    friend.click(".part-tab[data-part='chat']")  # on a phone the chat is a tab
    friend.get_by_role("button", name="Good game").click()
    _wait_for(host, "Good game")
    watcher = new_page(browser, DESKTOP)
    watcher.goto(f"{server_url}/t/{tid}")
    watcher.wait_for_function("document.body.dataset.seat === 'spectator'", timeout=TURN_TIMEOUT)
    _wait_for(watcher, "Welcome, Bo!")
    assert watcher.locator("#chat .chat-form").is_hidden()
    assert watcher.inner_text("#chat .chat-readonly") == "Only players can write here."

    # Who is there: both people online, one spectator watching.
    host.wait_for_function("document.querySelector('#watching')?.textContent.includes('1 watching')")
    assert _dots(host) == ["on", "on"]

    # The host lets spectators write (the setting under the board); the spectator writes under a name.
    assert host.locator("#spectator-chat").is_checked() is False
    host.check("#spectator-chat")
    watcher.locator("#chat .chat-form").wait_for(state="visible", timeout=TURN_TIMEOUT)
    _say(watcher, "Hello from the stands")
    watcher.wait_for_function("document.querySelector('#message').textContent.includes('Your name')")
    assert watcher.input_value("#chat-input") == "Hello from the stands"  # kept until it can be sent
    watcher.fill("#chat-name", "bo")
    watcher.click("#chat .chat-form button[type=submit]")
    watcher.wait_for_function(  # a seat's name is not a spectator's: the server's sentence
        "document.querySelector('#message').textContent.includes(\"a player at this table is called 'Bo'\")"
    )
    watcher.fill("#chat-name", "Cy in the stands")
    watcher.click("#chat .chat-form button[type=submit]")
    for page in (host, friend, watcher):
        _wait_for(page, "Hello from the stands")
    said = host.locator("#chat .chat-message.spectator")
    assert said.count() == 1 and "Cy in the stands" in said.inner_text()
    assert host.locator("#chat .mute[data-seat='spectators']").count() == 1

    # Screenshots with the 40-character name at both sizes: nothing runs off or overflows.
    for page in (host, watcher):
        page.evaluate("scrollTo(0, 0)")
    watcher.screenshot(path=str(screenshot_dir / "chat-presence-spectator-1400.png"))
    host.screenshot(path=str(screenshot_dir / "chat-presence-host-1366.png"), full_page=True)
    _fits(host, FITTED)
    host.set_viewport_size(PHONE)
    _fits(host, FITTED)
    no_sideways_scroll(host)
    host.screenshot(path=str(screenshot_dir / "chat-presence-host-phone.png"), full_page=True)
    host.set_viewport_size(LAPTOP)

    # The friend closes their page: their dot goes grey; the spectator leaves: nobody is watching.
    friend.context.close()
    host.wait_for_function("document.querySelector('#panels .player-panel[data-seat=\"1\"] .online-dot.off')")
    assert _dots(host) == ["on", "off"]
    watcher.context.close()
    host.wait_for_function("document.querySelector('#watching').textContent.includes('0 watching')")

    # The finished game's replay: the chat between the moves for a player, not for a spectator.
    host.goto("about:blank")  # (the game is played through the API: no page needs to draw each move)
    _play_to_end(server_url, tid, [table["token"], friend_token])
    host.goto(f"{server_url}/t/{tid}")
    host.wait_for_function("document.body.dataset.status === 'finished'", timeout=TURN_TIMEOUT)
    host.click("#open-replay-top")
    host.locator("#replay-bar").wait_for(state="visible")
    host.click("#replay-last")
    log = "document.querySelector('#log').textContent"
    host.wait_for_function(f"{log}.includes('Cy in the stands (watching): Hello from the stands')")
    assert f"{LONG}: Welcome, Bo!" in host.inner_text("#log")
    stranger = new_page(browser, DESKTOP)
    stranger.goto(f"{server_url}/t/{tid}?replay=1")
    stranger.locator("#replay-bar").wait_for(state="visible", timeout=TURN_TIMEOUT)
    stranger.click("#replay-last")
    stranger.wait_for_function(f"document.body.dataset.replayStep > 0 && {log}.length > 0")
    assert "Welcome, Bo!" not in stranger.inner_text("#log")
    assert "Hello from the stands" not in stranger.inner_text("#log")
    for page in (host, stranger):
        assert page.js_errors == []


#: Stands in for the browser's Notification API (recording each notification and each permission
#: asked), and lets the test hide the page (document.hidden / visibilityState).
NOTIFICATION_STUB = """
window.__notes = [];
window.__asked = 0;
window.__hidden = false;
class RecordedNotification {
  constructor(title, options) { window.__notes.push({title, body: (options || {}).body}); }
  close() {}
}
RecordedNotification.permission = "default";
RecordedNotification.requestPermission = async () => {
  window.__asked += 1;
  RecordedNotification.permission = "granted";
  return "granted";
};
window.Notification = RecordedNotification;
Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hidden, configurable: true });
Object.defineProperty(Document.prototype, "visibilityState", {
  get: () => (window.__hidden ? "hidden" : "visible"),
  configurable: true,
});
"""


def _play_my_turn(server_url: str, table: dict[str, Any]) -> int:
    """Play the seat's whole turn through the API (its first legal action each time, the page
    only watching); the version after its last move."""
    snap = state(server_url, table["id"], table["token"])
    played = snap["version"]
    while snap["legal"]:
        played = http.post(
            f"{server_url}/api/tables/{table['id']}/actions",
            json={"action": snap["legal"][0]["code"], "version": snap["version"]},
            headers={"X-Seat-Token": table["token"]},
        ).json()["version"]
        snap = state(server_url, table["id"], table["token"])
        if snap["version"] != played:
            break  # a bot has moved since: my turn is over (even if it is mine again already)
    return played


def test_a_notification_says_it_is_your_turn_while_the_tab_is_hidden(browser: Any, server_url: str) -> None:
    table = create_seated_table(server_url, "tanghulu")
    page = new_page(browser, LAPTOP, permissions=["notifications"])
    page.context.add_init_script(NOTIFICATION_STUB)
    open_seated(page, server_url, table)
    assert page.evaluate("[window.__asked, window.__notes.length]") == [0, 0]  # no prompt without a click
    assert page.inner_text("#notify-turn").strip() == "Notify off"

    def move_and_wait() -> None:
        """Play my whole turn (through the API: the page only watches), then wait until the bot has
        played its own and the page shows my turn again (or the game's end)."""
        played = _play_my_turn(server_url, table)
        page.wait_for_function(
            "v => (Number(document.body.dataset.version) > v && document.body.dataset.turn === 'mine') "
            "|| document.body.dataset.status === 'finished'",
            arg=played,
            timeout=TURN_TIMEOUT,
        )

    # Off: the hidden tab gets no notification when the bot hands the turn back.
    page.evaluate("window.__hidden = true")
    move_and_wait()
    assert page.evaluate("window.__notes") == []
    # The bell asks the browser once, on the click; the choice is remembered.
    page.evaluate("window.__hidden = false")
    page.click("#notify-turn")
    page.wait_for_function("document.querySelector('#notify-turn').textContent.trim() === 'Notify on'")
    assert page.evaluate("window.__asked") == 1
    assert page.evaluate("localStorage.getItem('fruitbowl.notify')") == "true"
    # Visible: the title says it, no notification.
    move_and_wait()
    assert page.evaluate("window.__notes") == []
    # Hidden: the bot moves, and a notification says it is your turn.
    page.evaluate("window.__hidden = true")
    move_and_wait()
    # (One each time the turn comes back: a bot may decide something in the middle of your turn.)
    notes = page.evaluate("window.__notes")
    assert notes and all(note["title"] == "Your turn — Tang Hu Lu" for note in notes), notes
    assert notes[-1]["body"] == page.inner_text("#prompt")
    # Turned off again: no more notifications.
    page.evaluate("window.__hidden = false")
    page.click("#notify-turn")
    page.wait_for_function("document.querySelector('#notify-turn').textContent.trim() === 'Notify off'")
    page.evaluate("window.__hidden = true")
    move_and_wait()
    assert page.evaluate("window.__notes") == notes
    assert page.js_errors == []


def test_the_lobby_lets_spectators_write_and_the_host_box_says_so(browser: Any, server_url: str) -> None:
    """The lobby's "Spectators may write in the chat" (off by default) makes the table so, and the
    host sees it in the host's settings."""
    page = new_page(browser, LAPTOP)
    page.goto(f"{server_url}/")
    page.wait_for_function("!document.getElementById('create-table').disabled")
    page.select_option("#game", "tanghulu")
    page.fill("#name", "Ada")
    page.click(".more-options summary")
    assert page.locator("#spectator-chat").is_checked() is False
    page.check("#spectator-chat")
    page.click("#create-table")
    page.wait_for_url("**/t/**")
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=TURN_TIMEOUT)
    table_id = page.url.rsplit("/", 1)[1]
    assert state(server_url, table_id)["spectator_chat"] is True
    page.locator("#host-settings").wait_for(state="visible")
    assert page.locator("#spectator-chat").is_checked()
    page.uncheck("#spectator-chat")  # the host changes it: the server has it
    deadline = time.monotonic() + 5
    while state(server_url, table_id)["spectator_chat"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert state(server_url, table_id)["spectator_chat"] is False
    assert page.js_errors == []


def test_the_turn_coming_back_in_one_snapshot_still_notifies_a_hidden_tab(browser: Any, server_url: str) -> None:
    """A snapshot pushed while the page still holds an older one replaces it (a slow page draws only
    the latest), so the page may never see the bot's turn between two of its own: the turn still came
    back, and a hidden tab is told. The test drops every snapshot of another seat's turn on the way."""
    table = create_seated_table(server_url, "tanghulu")
    page = new_page(browser, LAPTOP, permissions=["notifications"])
    page.context.add_init_script(NOTIFICATION_STUB)
    dropped: list[int] = []

    def only_my_turns(socket: Any) -> None:
        server = socket.connect_to_server()

        def forward(message: str | bytes) -> None:
            snapshot = json.loads(message)
            if snapshot.get("type") == "state" and snapshot["status"] == "playing" and not snapshot["legal"]:
                dropped.append(snapshot["version"])  # another seat's turn: never reaches the page
                return
            socket.send(message)

        server.on_message(forward)

    page.route_web_socket("**/ws/**", only_my_turns)
    open_seated(page, server_url, table)
    page.click("#notify-turn")
    page.wait_for_function("document.querySelector('#notify-turn').textContent.trim() === 'Notify on'")
    page.evaluate("window.__hidden = true")
    played = _play_my_turn(server_url, table)
    page.wait_for_function(
        "v => Number(document.body.dataset.version) > v && document.body.dataset.turn === 'mine'",
        arg=played,
        timeout=TURN_TIMEOUT,
    )
    assert played in dropped, "the page should not have seen the snapshot after my move"
    notes = page.evaluate("window.__notes")
    assert [note["title"] for note in notes] == ["Your turn — Tang Hu Lu"], notes
    assert page.js_errors == []
