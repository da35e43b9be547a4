"""Campaigns at the web table: a group continues its Fabled Fruit campaign at new tables."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from fruitbowl.server.db import CampaignRow

from .helpers import act, snapshot


def _play_to_the_end(client: TestClient, table: dict) -> dict:
    for _ in range(5000):
        state = snapshot(client, table["id"], table["token"])
        if state["status"] == "finished":
            return state
        if state["legal"]:
            act(client, table["id"], table["token"], state["legal"][0]["code"], state["version"])
    raise AssertionError("the campaign game did not finish")


def test_a_campaign_continues_game_after_game(client: TestClient) -> None:
    created = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Friday fables"})
    assert created.status_code == 201, created.text
    campaign = created.json()
    assert campaign["games_completed"] == 0 and campaign["cards_left"] == 216 and not campaign["complete"]
    assert [c["name"] for c in client.get("/api/campaigns").json()["campaigns"]] == ["Friday fables"]

    body = {"players": 2, "name": "Ada"}
    first = client.post(f"/api/campaigns/{campaign['id']}/tables", json=body)
    assert first.status_code == 201, first.text
    table = first.json()
    busy = client.post(f"/api/campaigns/{campaign['id']}/tables", json=body)
    assert busy.status_code == 409 and "still going on" in busy.json()["error"]
    opening = snapshot(client, table["id"], table["token"])
    assert opening["game"] == "fabledfruit"
    _play_to_the_end(client, table)

    after = client.get(f"/api/campaigns/{campaign['id']}").json()
    assert after["games_completed"] == 1 and after["cards_left"] < 216
    assert after["history"][0]["game_index"] == 1 and after["seating"] == ["Ada", "Random bot 2"]
    assert [t["status"] for t in after["tables"]] == ["finished"]

    second = client.post(f"/api/campaigns/{campaign['id']}/tables", json=body).json()
    record_options = client.app.state.service.tables[second["id"]].match.record.options  # type: ignore[attr-defined]
    assert record_options["game_number"] == 2


def test_campaign_errors_are_clear(client: TestClient) -> None:
    assert client.post("/api/campaigns", json={"game": "tanghulu"}).json()["error"].startswith("'tanghulu' has no")
    missing = client.get("/api/campaigns/nope")
    assert missing.status_code == 404 and "no campaign" in missing.json()["error"]
    assert client.post("/api/campaigns/nope/tables", json={}).status_code == 404


def test_a_damaged_stored_campaign_is_refused_not_repaired(client: TestClient) -> None:
    campaign = client.post("/api/campaigns", json={"name": "Broken"}).json()
    service = client.app.state.service  # type: ignore[attr-defined]
    with service.sessions.begin() as db:
        row = db.scalar(select(CampaignRow).where(CampaignRow.id == campaign["id"]))
        data = dict(row.data)
        data["big_stack"] = data["big_stack"][:-1]  # a card vanishes
        row.data = data
    response = client.post(f"/api/campaigns/{campaign['id']}/tables", json={"players": 2})
    assert response.status_code == 400 and "big stack" in response.json()["error"]
    with service.sessions() as db:
        assert db.get(CampaignRow, campaign["id"]).data == data  # untouched


def test_a_lime_campaign_is_created_and_played_at_a_table(client: TestClient) -> None:
    created = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Lime nights", "lime": True})
    assert created.status_code == 201, created.text
    campaign = created.json()
    assert campaign["ruleset"] == "lime" and campaign["cards_left"] == 74
    base = client.post("/api/campaigns", json={"name": "Plain"}).json()
    assert base["ruleset"] == "base" and base["cards_left"] == 216  # the default is unchanged
    first = client.post(f"/api/campaigns/{campaign['id']}/tables", json={"players": 2, "name": "Ada"})
    assert first.status_code == 201, first.text
    table = first.json()
    opening = snapshot(client, table["id"], table["token"])
    view = opening["view"]
    assert view["lime"] is True and 0 < view["lime_pile"] <= 15 and view["big_stack"]["cards"] <= 74
    _play_to_the_end(client, table)
    after = client.get(f"/api/campaigns/{campaign['id']}").json()
    assert after["games_completed"] == 1 and after["ruleset"] == "lime" and after["cards_left"] < 74
    assert client.post("/api/campaigns", json={"lime": "maybe"}).status_code == 422
