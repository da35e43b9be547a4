"""A seat nobody named is called by the table ("Player 1", "Random bot 2"): each reader reads that
name in their own language, while a name someone gave stays as given."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fruitbowl.server.app import create_app

#: what each language calls the table's names for seat 1 (a person) and seat 2 (a Random bot)
CALLED = {
    "en": ("Player 1", "Random bot 2"),
    "de": ("Spieler 1", "Bot 2 (Zufällig)"),
    "zh-CN": ("玩家 1", "随机机器人 2"),
}


@pytest.fixture()
def client(tmp_path: Any) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'names.sqlite'}")) as client:
        yield client


def _table(client: TestClient, first: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "tanghulu", "seats": [first, {"controller": "random"}], "you": 0}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()


@pytest.mark.parametrize("language", list(CALLED))
def test_the_tables_names_for_its_seats_are_read_in_each_readers_language(client: TestClient, language: str):
    table = _table(client, {"controller": "human"})
    headers = {"X-Seat-Token": table["token"], "Accept-Language": language}
    state = client.get(f"/api/tables/{table['id']}", headers=headers).json()
    assert tuple(p["name"] for p in state["players"]) == CALLED[language]


def test_a_name_someone_gave_is_the_same_in_every_language(client: TestClient):
    table = _table(client, {"controller": "human", "name": "Player 1 Ada"})
    for language in CALLED:
        headers = {"X-Seat-Token": table["token"], "Accept-Language": language}
        state = client.get(f"/api/tables/{table['id']}", headers=headers).json()
        assert state["players"][0]["name"] == "Player 1 Ada"
