"""A server whose table is behind the database never stores a move over it (issue 25: a move's
transaction is one ``UPDATE … WHERE revision = …``): even when the database holds as many moves
as the server does, because another server undid the last one and made another in its place.

Two servers on one SQLite file, which tell each other nothing (SQLite has no notices), so the
second one keeps the position it read, exactly as a PostgreSQL server does until a notice comes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from fruitbowl.server import create_app

from .helpers import act, create, snapshot


def _undoable_move(client: TestClient, table: str, token: str) -> tuple[dict[str, Any], int]:
    """Play the seat's moves until one can be taken back; the position before it and its code."""
    for _ in range(40):
        before = snapshot(client, table, token)
        assert before["legal"], before["prompt"]
        move = before["legal"][-1]
        assert act(client, table, token, move["code"], before["version"]).status_code == 200
        if snapshot(client, table, token)["can_undo"]:
            return before, move["code"]
    raise AssertionError("no move of the seat could be undone")


def test_a_move_over_a_position_another_server_undid_and_replaced_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(url)) as here, TestClient(create_app(url)) as there:
        table = create(here, players=2, seats=[{"controller": "human"}, {"controller": "human"}])
        joined = here.post(f"/api/tables/{table['id']}/join", json={"invite": table["invites"]["1"].split("=")[-1]})
        tokens = [table["token"], joined.json()["token"]]
        seat = snapshot(here, table["id"])["view"]["current_player"]
        before, made = _undoable_move(here, table["id"], tokens[seat])
        held = snapshot(there, table["id"], tokens[seat])  # the other server reads the table now
        assert held["version"] == before["version"] + 1
        assert here.post(f"/api/tables/{table['id']}/undo", headers={"X-Seat-Token": tokens[seat]}).status_code == 200
        other = next(m for m in before["legal"] if m["code"] != made)
        assert act(here, table["id"], tokens[seat], other["code"], before["version"]).status_code == 200
        # The database holds as many moves as the other server, but not the same last one.
        refused = act(there, table["id"], tokens[seat], held["legal"][0]["code"], held["version"])
        assert refused.status_code == 409 and "moved on" in refused.json()["error"], refused.text
        caught_up, truth = snapshot(there, table["id"], tokens[seat]), snapshot(here, table["id"], tokens[seat])
        assert (caught_up["version"], caught_up["view"]) == (truth["version"], truth["view"])
