"""Idle tables leave memory and come back exactly; busy ones stay (issue 19, item 12)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fruitbowl.server import create_app

from .helpers import act, create, snapshot

IDLE = 0.3


@pytest.fixture
def idle_client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, evict_after=IDLE, bot_delay=0.2)) as test_client:
        yield test_client


def _held(client: TestClient) -> dict[str, Any]:
    return client.app.state.service.tables  # type: ignore[attr-defined]


def _wait_until(condition: Any, seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_an_idle_table_leaves_memory_and_comes_back_exactly(idle_client: TestClient) -> None:
    table = create(idle_client, seats=[{"controller": "human"}, {"controller": "human"}])
    invite = table["invites"]["1"].split("invite=")[1]
    other = idle_client.post(f"/api/tables/{table['id']}/join", json={"invite": invite}).json()
    tokens = {0: table["token"], 1: other["token"]}
    for _ in range(4):
        state = snapshot(idle_client, table["id"], tokens[0])
        seat = 0 if state["legal"] else 1
        state = snapshot(idle_client, table["id"], tokens[seat])
        assert (
            act(idle_client, table["id"], tokens[seat], state["legal"][0]["code"], state["version"]).status_code == 200
        )
    before = {seat: snapshot(idle_client, table["id"], token) for seat, token in tokens.items()}
    spectator = snapshot(idle_client, table["id"])
    replay = idle_client.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": tokens[0]}).json()
    assert _wait_until(lambda: table["id"] not in _held(idle_client)), "an idle table stayed in memory"
    # Asked for again, it is read back from the database exactly as it was, for every viewer.
    assert {seat: snapshot(idle_client, table["id"], token) for seat, token in tokens.items()} == before
    assert table["id"] in _held(idle_client)
    assert snapshot(idle_client, table["id"]) == spectator
    assert idle_client.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": tokens[0]}).json() == replay
    # ...and plays on.
    seat = 0 if before[0]["legal"] else 1
    move = before[seat]["legal"][0]["code"]
    assert act(idle_client, table["id"], tokens[seat], move, before[seat]["version"]).status_code == 200


def test_a_table_with_a_socket_or_bots_at_play_stays(idle_client: TestClient) -> None:
    watched = create(idle_client)  # you against a random bot: your turn or the bot's
    bots = create(idle_client, seats=[{"controller": "random"}] * 3, you=None)
    with idle_client.websocket_connect(f"/ws/tables/{watched['id']}") as ws:
        ws.receive_json()
        deadline = time.monotonic() + 4 * IDLE
        while time.monotonic() < deadline:
            assert watched["id"] in _held(idle_client), "a table with an open WebSocket left memory"
            if snapshot_status(idle_client, bots["id"]) == "playing":
                assert bots["id"] in _held(idle_client), "a table whose bots are playing left memory"
            time.sleep(0.05)
    assert _wait_until(lambda: watched["id"] not in _held(idle_client)), "the table stayed after its socket closed"


def snapshot_status(client: TestClient, table_id: str) -> str:
    held = _held(client).get(table_id)
    return held.status if held is not None else "evicted"
