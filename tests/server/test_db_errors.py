"""A database that is busy (SQLite locked by another writer) or away (PostgreSQL stopped):
clear 503 answers with nothing changed, and the server recovers by itself when it comes back."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, func, select, text

from fruitbowl.server import create_app, db
from fruitbowl.server.db import ActionRow
from fruitbowl.server.pgcluster import ThrowawayPostgres

from .helpers import act, create, legal_actions, snapshot


def _my_move(client: TestClient, table: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    state = snapshot(client, table["id"], table["token"])
    assert state["legal"], "the test table should be waiting for its human seat"
    return state, state["legal"][0]["code"]


def _assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    message = response.json()["error"]
    assert "database" in message and "try again" in message and "Traceback" not in message
    assert response.headers.get("Retry-After") == "1"


def _stored(url: str, table_id: str) -> list[str]:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as db:
            return list(
                db.scalars(select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.number))
            )
    finally:
        engine.dispose()


def test_a_locked_sqlite_database_gives_503_and_recovers(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    url = f"sqlite:///{path}?timeout=0.3"  # how long a write waits for the lock before giving up
    with TestClient(create_app(url)) as client:
        table = create(client, seats=[{"controller": "human"}, {"controller": "human"}])
        invite = table["invites"]["1"].split("invite=")[1]
        client.post(f"/api/tables/{table['id']}/join", json={"invite": invite})
        state, move = _my_move(client, table)

        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")  # another writer holds the database
        try:
            _assert_unavailable(act(client, table["id"], table["token"], move, state["version"]))
            _assert_unavailable(client.post("/api/tables", json={"game": "tanghulu"}))
            with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['token']}") as ws:
                ws.receive_json()
                ws.send_text(json.dumps({"type": "action", "action": move, "version": state["version"]}))
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["status"] == 503 and "busy" in reply["message"]
            # Nothing changed, in memory or on disk, and reading still works (WAL).
            assert snapshot(client, table["id"], table["token"])["version"] == state["version"]
        finally:
            blocker.rollback()
            blocker.close()

        response = act(client, table["id"], table["token"], move, state["version"])
        assert response.status_code == 200, response.text
        assert response.json()["version"] == state["version"] + 1
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    check.close()
    assert len(_stored(f"sqlite:///{path}", table["id"])) == state["version"] + 1


def test_a_stopped_postgresql_gives_503_and_recovers(pg_private: ThrowawayPostgres) -> None:
    url = pg_private.create_database()
    with TestClient(create_app(url, claim_interval=0.3)) as client:
        table = create(client, seats=[{"controller": "human"}, {"controller": "human"}])
        invite = table["invites"]["1"].split("invite=")[1]
        client.post(f"/api/tables/{table['id']}/join", json={"invite": invite})
        bots = create(client, players=2)  # a human and a random bot, to see the bots resume too
        state, move = _my_move(client, table)

        pg_private.stop("fast")
        try:
            _assert_unavailable(act(client, table["id"], table["token"], move, state["version"]))
            _assert_unavailable(client.post("/api/tables", json={"game": "tanghulu"}))
            _assert_unavailable(client.get("/api/tables"))
            # A table not yet loaded cannot be read; the WebSocket says so and closes with 1013.
            client.app.state.service.tables.pop(bots["id"])  # type: ignore[attr-defined]
            _assert_unavailable(client.get(f"/api/tables/{bots['id']}"))
            with client.websocket_connect(f"/ws/tables/{bots['id']}?token={bots['token']}") as ws:
                reply = ws.receive_json()
                assert reply["status"] == 503 and "unreachable" in reply["message"]
            assert snapshot(client, table["id"], table["token"])["version"] == state["version"]
        finally:
            pg_private.start()

        response = act(client, table["id"], table["token"], move, state["version"])
        assert response.status_code == 200, response.text
        stored = _stored(url, table["id"])
        first = legal_actions(client, table["id"], state)[0]
        assert len(stored) == state["version"] + 1 and stored[-1] == first["text"]
        # The bot table plays on: the human moves until the bot is to act, and the bot answers.
        bot_state = snapshot(client, bots["id"], bots["token"])
        while bot_state["legal"]:
            response = act(client, bots["id"], bots["token"], bot_state["legal"][0]["code"], bot_state["version"])
            assert response.status_code == 200, response.text
            bot_state = snapshot(client, bots["id"], bots["token"])
        deadline = time.monotonic() + 15
        while (
            bot_state["status"] == "playing"
            and snapshot(client, bots["id"], bots["token"])["version"] == bot_state["version"]
        ):
            assert time.monotonic() < deadline, "the bot never moved after the database came back"
            time.sleep(0.05)
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        count = db.scalar(select(func.count()).where(ActionRow.table_id == table["id"]))
        assert count == state["version"] + 1
        assert db.execute(text("SELECT 1")).scalar() == 1
    engine.dispose()


def _end_connections(url: str) -> int:
    """End every connection to the database but this one, as a restarted backend or a failover
    would (the server's pooled connections among them); how many were ended."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            ended = "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
            return int(db.scalar(text(f"{ended} WHERE datname = current_database() AND pid <> pg_backend_pid()")))
    finally:
        engine.dispose()


def test_a_move_whose_connection_the_database_ended_is_committed_on_a_new_one(pg_private: ThrowawayPostgres) -> None:
    url = pg_private.create_database()
    with TestClient(create_app(url, claim_interval=0.3)) as client:
        table = create(client, seats=[{"controller": "human"}, {"controller": "human"}])
        invite = table["invites"]["1"].split("invite=")[1]
        other = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite}).json()["token"]
        tokens = [table["token"], other]
        for number in range(3):  # each time on the connections opened after the last ending
            token, state = next((t, s) for t in tokens if (s := snapshot(client, table["id"], t))["legal"])
            assert state["version"] == number
            assert _end_connections(url) >= 1
            response = act(client, table["id"], token, state["legal"][0]["code"], number)
            assert response.status_code == 200, response.text
            assert response.json()["version"] == number + 1
        assert len(_stored(url, table["id"])) == 3


def test_a_move_whose_connection_closed_while_the_driver_waited_is_committed_on_a_new_one(
    pg_private: ThrowawayPostgres,
) -> None:
    """A socket that closes while psycopg waits on it leaves the connection "busy" but not marked
    broken: the next statement fails with "another command is already in progress" (seen in CI
    after the database ended the server's connections). That is a lost connection too, so the
    move is done again on a new one instead of being refused."""
    url = pg_private.create_database()
    with TestClient(create_app(url, claim_interval=0.3)) as client:
        table = create(client, seats=[{"controller": "human"}, {"controller": "human"}])
        invite = table["invites"]["1"].split("invite=")[1]
        other = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite}).json()["token"]
        token, state = next((t, s) for t in (table["token"], other) if (s := snapshot(client, table["id"], t))["legal"])
        engine = client.app.state.service.store.sessions.kw["bind"]  # type: ignore[attr-defined]
        busied: list[str] = []

        def left_busy(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if "INSERT INTO actions" in statement and not busied:  # the move, its first attempt
                busied.append(statement)
                conn.connection.dbapi_connection.pgconn.send_query(b"SELECT 1")  # an answer never read

        event.listen(engine, "before_cursor_execute", left_busy)
        response = act(client, table["id"], token, state["legal"][0]["code"], state["version"])
        assert response.status_code == 200, response.text
        assert response.json()["version"] == state["version"] + 1
        assert busied, "the move's statement was never sent"
        assert len(_stored(url, table["id"])) == 1


def test_a_read_after_the_database_ended_a_rested_connection_is_served(
    pg_private: ThrowawayPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "PING_AFTER_REST", 0.2)  # (ten seconds in service)
    url = pg_private.create_database()
    with TestClient(create_app(url, claim_interval=0.3)) as client:
        table = create(client, seats=[{"controller": "human"}, {"controller": "human"}])
        client.app.state.service.tables.pop(table["id"])  # type: ignore[attr-defined]  # read from the database
        assert _end_connections(url) >= 1
        time.sleep(0.3)  # the pooled connections rested: each is tested before it is used
        assert snapshot(client, table["id"], table["token"])["version"] == 0
