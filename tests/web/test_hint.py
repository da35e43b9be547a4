"""The Hint in the page (issue 23, "Friendly edges"): the recommended move is said in words and
every step of it is marked on the board — for a Tang Hu Lu purchase, the store tile and then the
stick, the two clicks it takes."""

from __future__ import annotations

from typing import Any

from ..games.players_page import data_of
from .helpers import DESKTOP, MY_TURN_OR_OVER, TURN_TIMEOUT, create_seated_table, http, new_page, open_seated

RENDERER = "async (action) => (await import('/static/js/games/tanghulu.js')).hintTargets(action)"


def test_a_purchase_is_marked_as_its_two_clicks(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, create_seated_table(server_url, "tanghulu"))
    steps = page.evaluate(RENDERER, {"kind": "buy", "space": 0, "stick": 1, "code": 12})
    assert steps == ['#board .target[data-select="0"]', '#board .target[data-stick="1"]']
    assert page.evaluate(RENDERER, {"kind": "garnish", "stick": 1, "code": 5}) is None  # one click: its own target


def test_the_hint_names_its_move_and_marks_every_step(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    for _ in range(6):  # until the hint recommends a purchase (the seat's first turns mostly buy)
        table = create_seated_table(server_url, "tanghulu")
        open_seated(page, server_url, table)
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        # The hint is worked out once per position: the page is told what the API says here.
        answer = http.post(
            f"{server_url}/api/tables/{table['id']}/hint", json={}, headers={"X-Seat-Token": table["token"]}
        )
        if answer.status_code == 503 and "took too long" in answer.json()["error"]:
            continue  # (a machine too busy to search in time: the server said so; another game)
        assert answer.status_code == 200, answer.text
        advice = answer.json()
        if advice["action"]["text"].startswith("buy"):
            break
    else:
        raise AssertionError("no hint recommended a purchase in six new games")
    page.click("#hint-button")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')", timeout=60_000)
    space_label, stick = advice["action"]["text"].removeprefix("buy ").split(" on ")
    marked = page.locator("#board .hinted")
    assert marked.count() == 2
    spaces = data_of("tanghulu")["store"]["spaces"]  # the store's space names, as the data gives them
    assert marked.nth(0).get_attribute("data-select") == str(spaces.index(space_label))
    assert marked.nth(1).get_attribute("data-stick") == str(int(stick) - 1)
    assert page.js_errors == []
