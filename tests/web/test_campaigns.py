"""A group starts a Fabled Fruit campaign in the lobby and continues it at a new table."""

from __future__ import annotations

from typing import Any

from .helpers import DESKTOP, http, new_page, no_sideways_scroll


def test_start_a_campaign_and_play_its_first_game_from_the_lobby(browser: Any, server_url: str) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server_url)
    page.fill("#name", "Ada")
    page.fill("#campaign-name", "Friday fables")
    page.click("#new-campaign")
    row = page.locator("#campaign-list .campaign-row", has_text="Friday fables")
    row.wait_for()
    assert "0 games played" in row.inner_text() and "216 cards to come" in row.inner_text()
    no_sideways_scroll(page)
    row.get_by_role("button", name="Play the first game").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    state = http.get(f"{server_url}/api/tables/{table_id}").json()
    assert state["game"] == "fabledfruit" and state["players"][0]["name"] == "Ada"
    campaigns = http.get(f"{server_url}/api/campaigns").json()["campaigns"]
    [campaign] = [c for c in campaigns if c["name"] == "Friday fables"]
    tables = http.get(f"{server_url}/api/campaigns/{campaign['id']}").json()["tables"]
    assert [t["id"] for t in tables] == [table_id]
    assert page.js_errors == []
