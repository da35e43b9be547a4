"""A refusal raised on the server's writer thread (where moves are committed) is said in the
reader's language like any other (issue 27: "The API honours Accept-Language")."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from fruitbowl.server.db import TableRow

from .helpers import create, snapshot


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ({}, "this game was cancelled by its campaign's owner; nothing was changed"),
        ({"Accept-Language": "de-DE,de;q=0.9"}, "dieses Spiel wurde vom Besitzer seiner Kampagne abgebrochen; nichts"),
        ({"Accept-Language": "zh-CN,zh;q=0.9"}, "这局游戏已被其战役的创建者取消；没有做任何更改"),
    ],
)
def test_a_move_refused_while_it_is_committed_is_refused_in_the_readers_language(
    client: TestClient, language: dict[str, str], refused: str
) -> None:
    table = create(client)
    state = snapshot(client, table["id"], table["token"])
    # Another server cancels the game (its campaign's owner) after this one last read it: the
    # writer finds out when it locks the table's row to commit the move.
    service = client.app.state.service  # type: ignore[attr-defined]
    with service.sessions.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == table["id"]).values(status="cancelled"))
    move = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": state["legal"][0]["code"], "version": state["version"]},
        headers={"X-Seat-Token": table["token"], **language},
    )
    assert move.status_code == 409, move.text
    assert move.json()["error"].startswith(refused), move.json()
