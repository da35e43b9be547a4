"""The pages work under their Content-Security-Policy in Chromium (issue 19, item 12): no script,
style or connection is refused, the board draws and the WebSocket connects."""

from __future__ import annotations

from typing import Any

from .helpers import DESKTOP, http


def test_lobby_and_table_work_under_the_content_security_policy(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)  # the policy enforced, unlike new_page()
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda exc: refused.append(str(exc)))
    page.goto(f"{server_url}/")
    page.locator("body").wait_for()
    table = http.post(f"{server_url}/api/tables", json={"game": "tanghulu"}).json()
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem('fruitbowl.seat.' + id, JSON.stringify({seat, token}))",
        [table["id"], table["seat"], table["token"]],
    )
    page.goto(f"{server_url}{table['url']}")
    page.locator("body[data-version]").wait_for(timeout=15000)
    page.locator("#board g").first.wait_for(timeout=15000)
    page.locator("#conn.online").wait_for(timeout=15000)
    assert refused == [], refused
    context.close()
