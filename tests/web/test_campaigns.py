"""A group starts a Fabled Fruit campaign in the lobby and continues it at a new table; the campaign
belongs to the browser that created it (its owner token is kept there)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import DESKTOP, LAPTOP, PHONE, http, new_page, no_sideways_scroll


def test_start_a_campaign_and_play_its_first_game_from_the_lobby(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server_url)
    page.fill("#name", "Ada")
    page.fill("#campaign-name", "Friday fables")
    page.click("#new-campaign")
    row = page.locator("#campaign-list .campaign-row", has_text="Friday fables")
    row.wait_for()
    assert "0 games played" in row.inner_text() and "216 cards to come" in row.inner_text()
    # The section's words are the game's (its plugin's campaign text); a base campaign has no mark.
    assert page.inner_text("#campaigns-title") == "Fable campaigns"
    assert "the locations you buy stay bought" in page.inner_text("#campaigns")
    assert row.locator(".campaign-badge").count() == 0
    no_sideways_scroll(page)
    tokens = page.evaluate("JSON.parse(localStorage.getItem('fruitbowl.campaigns'))")
    [(campaign_id, token)] = tokens.items()
    row.get_by_role("button", name="Play the first game").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    state = http.get(f"{server_url}/api/tables/{table_id}").json()
    assert state["game"] == "fabledfruit" and state["players"][0]["name"] == "Ada"
    assert http.get(f"{server_url}/api/campaigns").json()["campaigns"] == []  # nobody else's to list
    owned = http.get(f"{server_url}/api/campaigns/{campaign_id}", headers={"X-Campaign-Token": token}).json()
    assert [t["id"] for t in owned["tables"]] == [table_id]

    # Back in the lobby, the owner sees the game going on and may go to it or cancel it.
    page.goto(server_url)
    row = page.locator("#campaign-list .campaign-row", has_text="Friday fables")
    row.get_by_role("button", name="Cancel that game").wait_for()
    assert f"a game is going on at table {table_id}" in row.inner_text()
    assert row.get_by_role("link", name="Go to its table").get_attribute("href") == f"/t/{table_id}"
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        no_sideways_scroll(page)
        page.screenshot(path=str(screenshot_dir / f"campaigns-{name}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Cancel that game").click()
    row.get_by_role("button", name="Play the first game").wait_for()
    assert http.get(f"{server_url}/api/tables/{table_id}").json()["status"] == "cancelled"

    # Another browser (a stranger) sees no campaign, and cannot start this one's tables.
    stranger = new_page(browser, PHONE)
    stranger.goto(server_url)
    stranger.locator("#campaign-list .empty").wait_for()
    assert "Friday fables" not in stranger.locator("#campaign-list").inner_text()
    refused = http.post(f"{server_url}/api/campaigns/{campaign_id}/tables", json={"players": 2})
    assert refused.status_code == 403
    assert page.js_errors == [] and stranger.js_errors == []
