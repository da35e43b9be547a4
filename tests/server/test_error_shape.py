"""Every refusal, including FastAPI's and Starlette's own, is ``{"error": "one sentence"}`` (issue 19, item 10)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from .helpers import create

MALFORMED = [
    "[" * 2000,  # nests too deeply for the JSON parser
    "[" * 2000 + "]" * 2000,
    '{"game": ' + "[" * 3000,
    '{"game": "tanghulu", "options": ' + '{"a": ' * 3000 + "1" + "}" * 3001,
    "{",
    "",
    "null",
    "[]",
    '{"game": 5}',
    '{"game": "tanghulu", "players": "two"}',
    '{"game": "tanghulu", "surprise": 1}',
    "\udcff\udcfe",
]


def _assert_project_error(response: object, statuses: range = range(400, 500)) -> None:
    assert response.status_code in statuses, (response.status_code, response.text)  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert set(body) == {"error"}, body
    assert isinstance(body["error"], str) and body["error"] and "\n" not in body["error"], body


@pytest.mark.parametrize("body", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_bodies_get_the_projects_error_and_change_nothing(client: TestClient, body: str) -> None:
    table = create(client)
    before = client.get(f"/api/tables/{table['id']}", headers={"X-Seat-Token": table["token"]}).json()
    raw = body.encode("utf-8", "surrogateescape")
    headers = {"content-type": "application/json", "X-Seat-Token": table["token"]}
    for path in (
        "/api/tables",
        f"/api/tables/{table['id']}/actions",
        f"/api/tables/{table['id']}/join",
        "/api/campaigns",
    ):
        _assert_project_error(client.post(path, content=raw, headers=headers))
    after = client.get(f"/api/tables/{table['id']}", headers={"X-Seat-Token": table["token"]}).json()
    assert after["version"] == before["version"] and after["players"] == before["players"]
    assert len(client.get("/api/tables").json()["tables"]) == 1


def test_unknown_routes_wrong_methods_and_bad_queries_get_the_projects_error(client: TestClient) -> None:
    _assert_project_error(client.get("/api/nothing-here"), range(404, 405))
    _assert_project_error(client.get("/no/such/page"), range(404, 405))
    _assert_project_error(client.delete("/api/tables"), range(405, 406))
    _assert_project_error(client.put("/api/games"), range(405, 406))
    _assert_project_error(client.get("/api/tables?status=sideways"), range(422, 423))
    _assert_project_error(client.post("/api/tables/x/seats/not-a-number/bot", json={"bot": "random"}))
    _assert_project_error(client.post("/api/tables", content=b"game=tanghulu", headers={"content-type": "text/plain"}))
