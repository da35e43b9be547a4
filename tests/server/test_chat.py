"""The table's chat over HTTP and the WebSocket (issue 22, "Chat": the server's part), against a
real server process.

"``POST /api/tables/{id}/chat {"text"}`` with the seat token (1–500 characters), pushed over the
WebSocket, stored with the table (it survives a restart), included in the table state as
``"chat": [{"seat", "name", "text", "at"}]``. Rendered as text, rate limited." Bad input (empty,
too long, no or another table's token, an unknown table, a flood) gets one clear sentence and
stores nothing; a table's chat reaches only those who may read that table.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from fruitbowl.server.run import free_port, spawn


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("chat")
    port = free_port()
    process = spawn(port, f"sqlite:///{home / 'tables.db'}", env={"FRUITBOWL_HOME": str(home)})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def _table(base: str, spectators: bool = True) -> dict[str, Any]:
    """Ada (seat 1) and Bo (seat 2, by his invitation) at a table."""
    body = {
        "game": "tanghulu",
        "name": "Ada",
        "seats": [{"controller": "human"}, {"controller": "human"}],
        "allow_spectators": spectators,
        "open_join": spectators,
    }
    table = httpx.post(f"{base}/api/tables", json=body).json()
    invite = parse_qs(urlsplit(table["invites"]["1"]).query)["invite"][0]
    joined = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"name": "Bo", "invite": invite}).json()
    table["bo"] = joined["token"]
    return table


def _say(base: str, table_id: str, token: str | None, text: Any) -> httpx.Response:
    headers = {"X-Seat-Token": token} if token else {}
    return httpx.post(f"{base}/api/tables/{table_id}/chat", json={"text": text}, headers=headers)


def _chat(base: str, table_id: str, token: str | None = None) -> list[dict[str, Any]]:
    headers = {"X-Seat-Token": token} if token else {}
    response = httpx.get(f"{base}/api/tables/{table_id}", headers=headers)
    assert response.status_code == 200, response.text
    return list(response.json()["chat"])


def _refused(response: httpx.Response, status: int, sentence: str) -> None:
    assert response.status_code == status, response.text
    assert response.json() == {"error": sentence}


def _next_chat(socket: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        message = json.loads(socket.recv(timeout=5))
        if message["type"] == "chat":
            return dict(message["message"])
    raise AssertionError("no chat message arrived")


def test_players_chat_both_ways_and_everyone_at_the_table_reads_it(base: str) -> None:
    table = _table(base)
    tid = table["id"]
    ws = base.replace("http://", "ws://") + f"/ws/tables/{tid}"
    with (
        connect(f"{ws}?token={table['token']}") as ada,
        connect(f"{ws}?token={table['bo']}") as bo,
        connect(ws) as spectator,
    ):
        before = datetime.now(UTC) - timedelta(seconds=2)
        said = _say(base, tid, table["token"], "  Good luck!  ")
        assert said.status_code == 201, said.text
        message = said.json()
        assert {k: message[k] for k in ("seat", "name", "text")} == {"seat": 0, "name": "Ada", "text": "Good luck!"}
        at = datetime.fromisoformat(message["at"].replace("Z", "+00:00"))
        assert message["at"].endswith("Z") and before <= at <= datetime.now(UTC) + timedelta(seconds=2)
        for socket in (ada, bo, spectator):
            assert _next_chat(socket) == message
        answer = _say(base, tid, table["bo"], "Thanks, <script>alert(1)</script> you too")
        assert answer.status_code == 201
        for socket in (ada, bo, spectator):
            assert _next_chat(socket)["text"] == "Thanks, <script>alert(1)</script> you too"  # text, as written
    chat = _chat(base, tid)
    assert [(m["seat"], m["name"], m["text"]) for m in chat] == [
        (0, "Ada", "Good luck!"),
        (1, "Bo", "Thanks, <script>alert(1)</script> you too"),
    ]
    assert _chat(base, tid, table["bo"]) == chat
    # A message keeps the name it was said under; line breaks inside are kept.
    assert (
        httpx.post(
            f"{base}/api/tables/{tid}/name", json={"name": "Ada L."}, headers={"X-Seat-Token": table["token"]}
        ).status_code
        == 200
    )
    assert _say(base, tid, table["token"], "one\n  two ").json()["text"] == "one\ntwo"
    assert [m["name"] for m in _chat(base, tid)] == ["Ada", "Bo", "Ada L."]


def test_bad_messages_are_refused_and_store_nothing(base: str) -> None:
    table = _table(base)
    other = _table(base)
    tid = table["id"]
    refusals = [
        (table["token"], "", 400, "a chat message cannot be empty"),
        (table["token"], " \n\t ", 400, "a chat message cannot be empty"),
        (table["token"], "x" * 501, 400, "a chat message has at most 500 characters (this one has 501)"),
        (table["token"], "hi\x07", 400, "a chat message cannot hold control characters or text-direction marks"),
        (None, "hello", 403, "only a seated player can write in this table's chat: send your seat token"),
        (other["token"], "hello", 403, "this seat token is not valid for this table"),
    ]
    for token, text, status, sentence in refusals:
        _refused(_say(base, tid, token, text), status, sentence)
    _refused(_say(base, "no-such-table", table["token"], "hello"), 404, "there is no table 'no-such-table'")
    typed = _say(base, tid, table["token"], 5)
    assert typed.status_code == 422 and typed.json()["error"].startswith("text: ")
    assert _say(base, tid, table["token"], "x" * 500).status_code == 201  # 500 is allowed
    assert [len(m["text"]) for m in _chat(base, tid)] == [500]
    assert _chat(base, other["id"]) == []  # nothing reached the other table


def test_a_seat_flooding_the_chat_is_told_to_wait(base: str) -> None:
    table = _table(base)
    answers = [_say(base, table["id"], table["token"], f"message {n}") for n in range(7)]
    assert [a.status_code for a in answers] == [201] * 5 + [429] * 2
    assert answers[5].json()["error"].startswith("too many chat messages from this seat: at most 5 in 10 s; wait ")
    assert int(answers[5].headers["Retry-After"]) >= 1
    assert [m["text"] for m in _chat(base, table["id"])] == [f"message {n}" for n in range(5)]
    assert _say(base, table["id"], table["bo"], "my own allowance").status_code == 201


def test_a_private_tables_chat_is_for_its_players_only(base: str) -> None:
    table = _table(base, spectators=False)
    assert _say(base, table["id"], table["token"], "just us").status_code == 201
    hidden = httpx.get(f"{base}/api/tables/{table['id']}")
    assert hidden.status_code == 403
    ws = base.replace("http://", "ws://") + f"/ws/tables/{table['id']}"
    with connect(ws) as stranger:
        refused = json.loads(stranger.recv(timeout=5))
        assert refused["type"] == "error" and refused["status"] == 403
    assert [m["text"] for m in _chat(base, table["id"], table["bo"])] == ["just us"]
    listed = httpx.get(f"{base}/api/tables").json()["tables"]
    assert table["id"] not in {t["id"] for t in listed}


def test_the_chat_survives_a_restart(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    home = {"FRUITBOWL_HOME": str(tmp_path)}
    url = f"http://127.0.0.1:{port}"
    server = spawn(port, db_url, env=home)
    try:
        table = _table(url)
        for token, text in ((table["token"], "Hello Bo"), (table["bo"], "Hello Ada")):
            assert _say(url, table["id"], token, text).status_code == 201
        before = _chat(url, table["id"])
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    server = spawn(port, db_url, env=home)
    try:
        assert _chat(url, table["id"]) == before
        assert [m["text"] for m in before] == ["Hello Bo", "Hello Ada"]
    finally:
        server.terminate()
        server.wait(10)


def test_the_table_keeps_its_latest_500_messages_and_a_snapshot_the_latest_50(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_RATE_LIMITS": "off"}
    server = spawn(port, f"sqlite:///{tmp_path / 'tables.db'}", env=env)
    try:
        table = _table(url)
        with httpx.Client(base_url=url, headers={"X-Seat-Token": table["token"]}) as client:
            for n in range(503):
                assert client.post(f"/api/tables/{table['id']}/chat", json={"text": f"m{n}"}).status_code == 201
        assert [m["text"] for m in _chat(url, table["id"])] == [f"m{n}" for n in range(453, 503)]
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    server = spawn(port, f"sqlite:///{tmp_path / 'tables.db'}", env=env)
    try:  # the database holds the latest 500: read back after a restart
        engine = sa.create_engine(f"sqlite:///{tmp_path / 'tables.db'}")
        with engine.connect() as db:
            kept = db.execute(sa.text("SELECT text FROM table_notes WHERE kind = 'chat' ORDER BY id")).scalars().all()
        engine.dispose()
        assert kept == [f"m{n}" for n in range(3, 503)]
        assert [m["text"] for m in _chat(url, table["id"])] == [f"m{n}" for n in range(453, 503)]
    finally:
        server.terminate()
        server.wait(10)
