"""A Tang Hu Lu table stored before chance became explicit (rules 1: the state drew from its own
generator, and the database holds only the players' moves) cannot be replayed by this version.
The server still starts, still lists the table, and opening it says why in one sentence."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from fastapi.testclient import TestClient

from fruitbowl.server.app import create_app

from .helpers import act, create, legal_actions, snapshot

WHY = (
    "this game was recorded with Tang Hu Lu rules 1; this fruitbowl plays rules 2, which write every die roll "
    "and draw into the record: a game saved before that change cannot be replayed or continued (its draws came "
    "from a generator that no longer exists)"
)


def test_a_table_of_rules_1_is_refused_with_a_sentence_and_the_server_starts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(url)) as client:
        table = create(client, players=2, name="Ada")
        tid, token = table["id"], table["token"]
        state = snapshot(client, tid, token)
        if not state["legal"]:
            state = snapshot(client, tid, token)
        first = legal_actions(client, tid, state)[0]
        assert act(client, tid, token, first["code"], state["version"]).status_code == 200
    old = sa.create_engine(url)  # as a server of the previous version stored it
    with old.begin() as conn:
        conn.execute(sa.text("UPDATE tables SET rules_version = '1' WHERE id = :id"), {"id": tid})
    old.dispose()
    with TestClient(create_app(url)) as client:  # a restarted server: it starts, and does not resume the table
        listed = client.get("/api/tables").json()
        assert tid in {t["id"] for t in (listed["tables"] if isinstance(listed, dict) else listed)}
        refused = client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": token})
        assert refused.status_code == 400
        assert WHY in refused.text
        fresh = create(client, players=2, name="Bo")  # the server goes on serving
        assert snapshot(client, fresh["id"], fresh["token"])["status"] == "playing"
