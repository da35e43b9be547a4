"""What every browser test shares: viewports, waiting for a turn, pages that record script errors,
seated tables, and the layout check."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from fruitbowl.server.run import free_port

from ..server.helpers import with_fixed

DESKTOP = {"width": 1400, "height": 900}
#: the laptop the issues measure the table at (everything on screen, text sizes)
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
TURN_TIMEOUT = 15_000
#: the test server shares the CPU with Chromium; a loaded machine may take more than httpx's 5 s
http = httpx.Client(timeout=60)
MY_TURN_OR_OVER = (
    "() => (document.body.dataset.turn === 'mine' && !document.body.dataset.pending)"
    " || document.body.dataset.status === 'finished'"
)


def new_page(browser: Any, viewport: dict[str, int], **context: Any) -> Any:
    """A page in a new browser context (context: more of Playwright's options, e.g. reduced_motion)."""
    # Playwright's string predicates (wait_for_function) run through eval, which the pages'
    # Content-Security-Policy forbids; tests/web/test_csp.py checks the pages under the policy.
    page = browser.new_context(viewport=viewport, bypass_csp=True, **context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


def open_seated(page: Any, base: str, table: dict[str, Any], wait_for_turn: bool = True) -> None:
    """Open a table page holding the seat token, as the lobby would have stored it."""
    page.goto(f"{base}/")
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem('fruitbowl.seat.' + id, JSON.stringify({seat, token}))",
        [table["id"], table["seat"], table["token"]],
    )
    page.goto(f"{base}{table['url']}")
    page.wait_for_function("document.body.dataset.version !== undefined")
    if wait_for_turn:
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)


#: each table's action space (fixed for the table's life), by table id
_spaces: dict[str, dict[str, Any]] = {}


def _read(url: str, headers: dict[str, str] | None = None) -> Any:
    """A GET's JSON; a test that reads faster than the server's read limit waits as told (429)."""
    for _ in range(30):
        response = http.get(url, headers=headers or {})
        if response.status_code != 429:
            response.raise_for_status()
            return response.json()
        time.sleep(float(response.headers.get("Retry-After", "1")))
    raise AssertionError(f"{url}: still refused after 30 waits")


def state(base: str, table_id: str, token: str | None = None) -> dict[str, Any]:
    """A table's snapshot completed from the table's action space as the page completes it: each
    legal action with its text, kind, fields and usual label, the view with its fixed parts."""
    snap: dict[str, Any] = _read(f"{base}/api/tables/{table_id}", {"X-Seat-Token": token} if token else None)
    if table_id not in _spaces:
        _spaces[table_id] = _read(f"{base}/api/tables/{table_id}/actions")
    space = _spaces[table_id]
    snap["legal"] = [{**space["actions"][action["code"]], **action} for action in snap["legal"]]
    snap["view"] = with_fixed(snap["view"], space["fixed_view"])
    return snap


def seat_token(page: Any, table_id: str) -> str:
    """The seat token this browser keeps for a table (as the page stored it)."""
    return str(page.evaluate(f"JSON.parse(localStorage.getItem('fruitbowl.seat.{table_id}')).token"))


def table_id_of(page: Any) -> str:
    """The id of the table the page has just opened (after a click that creates or leads to one)."""
    page.wait_for_url("**/t/*")
    page.wait_for_function("document.body?.dataset.version !== undefined")
    return str(page.url.split("/t/")[1].split("?")[0])


def play_by_http(base: str, table_id: str, tokens: list[str], seconds: float = 120) -> None:
    """The people at the table play their first legal action on their turns, through the API with
    their seat tokens (clicking a whole Fabled Fruit game is slow; bots play their own turns)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        moved = False
        for token in tokens:
            snap = state(base, table_id, token)  # (it waits out the read limit a fast loop meets)
            if snap["status"] == "finished":
                return
            if snap["legal"]:
                http.post(
                    f"{base}/api/tables/{table_id}/actions",
                    json={"action": snap["legal"][0]["code"], "version": snap["version"]},
                    headers={"X-Seat-Token": token},
                )
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the game did not finish")


def explain(base: str, table_id: str, token: str, code: int | str) -> str:
    """Why an action is not possible for the seat to act, as the server tells the page."""
    response = http.get(f"{base}/api/tables/{table_id}/explain", params={"code": code}, headers={"X-Seat-Token": token})
    response.raise_for_status()
    reason = response.json()["reason"]
    assert reason, f"action {code} is legal here"
    return str(reason)


def wait_for_text(page: Any, element_id: str, text: str) -> None:
    """Wait until the element shows ``text`` (any case): a reason the page asked the server for
    (a message may follow it with a link to the rule it names)."""
    page.wait_for_function(
        "([id, text]) => { const shown = document.getElementById(id).textContent.toLowerCase();"
        " return shown === text || shown.startsWith(text + ' the rule: '); }",
        arg=[element_id, text.lower()],
    )


IN_FRAME = """(node) => {
  const frame = document.getElementById("board").getBoundingClientRect(), box = node.getBoundingClientRect();
  return box.width > 0 && box.left >= frame.left - 1 && box.top >= frame.top - 1
    && box.right <= frame.right + 1 && box.bottom <= frame.bottom + 1;
}"""


def into_sight(page: Any, target: Any) -> None:
    """Bring a board target into sight as a player would: when the decision spreads over parts of
    the board shown one at a time, open the tabs marked "you can play here too" until it is."""
    if target.evaluate(IN_FRAME):
        return
    marked = page.locator(".part-tab.wanted")
    for part in [marked.nth(i).get_attribute("data-part") for i in range(marked.count())]:
        page.locator(f'.part-tab[data-part="{part}"]').click()
        if target.evaluate(IN_FRAME):
            return


def click_target(page: Any, target: Any) -> None:
    """Click a board target as a player does: bring its part of the board into sight first."""
    into_sight(page, target)
    target.click()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width}px wide)"


def create_seated_table(base: str, game: str, players: int = 2, **options: Any) -> dict[str, Any]:
    """A table with Ada at seat 0 and random bots elsewhere, made through the API."""
    seats = [{"controller": "human", "name": "Ada"}] + [{"controller": "random"}] * (players - 1)
    body = {"game": game, "players": players, "name": "Ada", "seats": seats, "options": options}
    response = http.post(f"{base}/api/tables", json=body)
    response.raise_for_status()
    return response.json()


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """A uvicorn server for ``app`` on a free port in a background thread; yields its address."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
