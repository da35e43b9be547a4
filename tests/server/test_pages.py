"""A person following a link gets a page, never a bare error: an unknown address, a table that
does not exist and a game without rules answer 404 with an HTML page leading back to the lobby,
while the API keeps its JSON (issue 23, "Friendly edges")."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import create

BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def test_an_unknown_address_is_a_page_for_a_browser_and_json_for_the_api(client: TestClient) -> None:
    page = client.get("/no/such/place", headers=BROWSER)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "Page not found" in page.text and 'href="/"' in page.text
    api = client.get("/api/no/such/place", headers=BROWSER)
    assert api.status_code == 404 and api.json() == {"error": "there is nothing at this address"}
    script = client.get("/no/such/place", headers={"Accept": "application/json"})
    assert script.status_code == 404 and "error" in script.json()


def test_a_table_that_does_not_exist_says_so(client: TestClient) -> None:
    missing = client.get("/t/doesnotexist", headers=BROWSER)
    assert missing.status_code == 404 and "No such table" in missing.text
    assert "There is no table &#x27;doesnotexist&#x27;" in missing.text
    hostile = client.get("/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E", headers=BROWSER)
    assert hostile.status_code == 404 and "<script>" not in hostile.text  # the id is shown as text
    table = create(client)
    found = client.get(f"/t/{table['id']}", headers=BROWSER)
    assert found.status_code == 200 and "Loading the table" in found.text


def test_rules_of_an_unknown_game_are_a_page_too(client: TestClient) -> None:
    page = client.get("/games/nosuch/rules", headers=BROWSER)
    assert page.status_code == 404 and "Unknown game" in page.text and 'href="/"' in page.text
    assert client.get("/api/games/nosuch/rules").json()["error"].startswith("unknown game")
