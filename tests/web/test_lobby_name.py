"""The lobby keeps what a person did while its words were still loading: a typed name, a tab.

The page's words come from the server (``i18n.js`` waits for them before the lobby starts); a
person who types their name before that, and the lobby then filling the field with the name this
browser remembered (none, the first time), lost it: the table was created for "Player 1" (seen in
CI as `test_table.py`'s "Ada" missing from the panel, when the machine was busy). A click on a
table tab then was lost too: the tabs listened only once the games had loaded (seen in CI as the
tutorial's row missing from "In progress" in `test_tutorials.py`).
"""

from __future__ import annotations

import time
from typing import Any

from .helpers import DESKTOP, MY_TURN_OR_OVER, TURN_TIMEOUT, new_page


def _slow_words(route: Any) -> None:
    time.sleep(1.0)  # the words arrive late, as on a busy server or a slow line
    route.continue_()


def test_a_name_typed_before_the_lobby_is_ready_is_the_tables(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    page.route("**/api/i18n*", _slow_words)
    page.goto(server_url, wait_until="domcontentloaded")
    page.fill("#name", "Ada")
    page.locator("#game option[value='tanghulu']").wait_for(state="attached")  # the lobby has started
    assert page.input_value("#name") == "Ada"
    page.select_option("#game", "tanghulu")
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    assert "Ada" in page.inner_text("#panels")
    assert page.js_errors == []


def test_a_tab_clicked_before_the_lobby_is_ready_shows_its_tables(browser: Any, server_url: str):
    page = new_page(browser, DESKTOP)
    page.route("**/api/i18n*", _slow_words)
    page.goto(server_url, wait_until="domcontentloaded")
    page.click('.tabs [data-status="finished"]')
    page.locator('#table-list[data-status="finished"]').wait_for(timeout=10_000)
    assert page.get_attribute('.tabs [data-status="finished"]', "aria-selected") == "true"
    assert page.get_attribute('.tabs [data-status="open"]', "aria-selected") == "false"
    assert page.js_errors == []
