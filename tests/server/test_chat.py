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
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from fruitbowl.server.run import free_port, spawn

from .helpers import table_state


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


def _table(base: str, spectators: bool = True, **settings: Any) -> dict[str, Any]:
    """Ada (seat 1) and Bo (seat 2, by his invitation) at a table."""
    body = {
        "game": "tanghulu",
        "name": "Ada",
        "seats": [{"controller": "human"}, {"controller": "human"}],
        "allow_spectators": spectators,
        "open_join": spectators,
        **settings,
    }
    table = httpx.post(f"{base}/api/tables", json=body).json()
    invite = parse_qs(urlsplit(table["invites"]["1"]).query)["invite"][0]
    joined = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"name": "Bo", "invite": invite}).json()
    table["bo"] = joined["token"]
    return table


def _say(base: str, table_id: str, token: str | None, text: Any, **more: Any) -> httpx.Response:
    headers = {"X-Seat-Token": token} if token else {}
    return httpx.post(f"{base}/api/tables/{table_id}/chat", json={"text": text, **more}, headers=headers)


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
        (None, "hello", 403, "only the players can write in this table's chat: the host lets spectators read it"),
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
    with ThreadPoolExecutor(7) as pool:  # all at once: a busy machine's slow requests must not refill the allowance
        answers = list(pool.map(lambda n: _say(base, table["id"], table["token"], f"message {n}"), range(7)))
    codes = [a.status_code for a in answers]
    assert sorted(codes) == [201] * 5 + [429] * 2, codes
    refused = next(a for a in answers if a.status_code == 429)
    assert refused.json()["error"].startswith("too many chat messages from this seat: at most 5 in 10 s; wait ")
    assert int(refused.headers["Retry-After"]) >= 1
    said = sorted(m["text"] for m in _chat(base, table["id"]))
    assert said == sorted(f"message {n}" for n, a in enumerate(answers) if a.status_code == 201)
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


def _allow(base: str, table: dict[str, Any], allowed: bool, host: str | None = None) -> httpx.Response:
    headers = {"X-Host-Token": table["host_token"] if host is None else host}
    return httpx.post(f"{base}/api/tables/{table['id']}/settings", json={"spectator_chat": allowed}, headers=headers)


def test_spectators_write_only_where_the_host_allows_it(base: str) -> None:
    """ "Spectators read it and may write only where the host allows": off by default, the host
    turns it on (everyone is told), a spectator writes under a name no seat has, marked by no seat."""
    table = _table(base)
    tid = table["id"]
    assert (table_state(base, tid)["allow_spectators"], table_state(base, tid)["spectator_chat"]) == (True, False)
    refused = "only the players can write in this table's chat: the host lets spectators read it"
    _refused(_say(base, tid, None, "hello", name="Cy"), 403, refused)
    other = _table(base)
    _refused(_allow(base, table, True, host=other["host_token"]), 403, "only the table's host can change its settings")
    _refused(_allow(base, table, True, host=""), 403, "only the table's host can change its settings")
    _refused(_allow(base, {**table, "id": "no-such-table"}, True), 404, "there is no table 'no-such-table'")
    assert table_state(base, tid)["spectator_chat"] is False  # nothing changed
    ws = base.replace("http://", "ws://") + f"/ws/tables/{tid}"
    with connect(f"{ws}?token={table['bo']}") as bo:
        assert _allow(base, table, True).json() == {"spectator_chat": True}
        deadline = time.monotonic() + 5
        while not json.loads(bo.recv(timeout=5)).get("spectator_chat"):
            assert time.monotonic() < deadline
        said = _say(base, tid, None, "  Nice move  ", name="  Cy   the  watcher ")
        assert said.status_code == 201, said.text
        assert {k: said.json()[k] for k in ("seat", "name", "text")} == {
            "seat": None,
            "name": "Cy the watcher",
            "text": "Nice move",
        }
        assert _next_chat(bo) == said.json()
    bad = [
        ({}, 400, "a spectator writes under a name: send 'name' with the message"),
        ({"name": "  "}, 400, "your name cannot be empty"),
        ({"name": "x" * 41}, 400, "your name has at most 40 characters (this one has 41)"),
        ({"name": "ADA"}, 409, "a player at this table is called 'Ada': choose another name"),
    ]
    for more, status, sentence in bad:
        _refused(_say(base, tid, None, "hello", **more), status, sentence)
    _refused(
        _say(base, tid, table["token"], "hello", name="Someone"),
        400,
        "a player writes under their seat's name: send no 'name' (change it with /name)",
    )
    assert _say(base, tid, None, "<b>hi</b>", name="<i>Dee</i>").json()["name"] == "<i>Dee</i>"  # text, as written
    assert [(m["seat"], m["name"]) for m in _chat(base, tid)] == [(None, "Cy the watcher"), (None, "<i>Dee</i>")]
    # The host stops it again; a table made with spectators' chat on starts with it.
    assert _allow(base, table, False).status_code == 200
    _refused(_say(base, tid, None, "again", name="Cy"), 403, refused)
    assert table_state(base, _table(base, spectator_chat=True)["id"])["spectator_chat"] is True
    private = _table(base, spectators=False, spectator_chat=True)
    _refused(
        _say(base, private["id"], None, "hi", name="Cy"),
        403,
        "only this table's players can write in its chat: send your seat token",
    )


def test_spectators_flooding_the_chat_are_told_to_wait_by_address(tmp_path: Path) -> None:
    """A spectator's allowance is their address's (a server of its own: the other tests'
    spectators write from this address too)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = spawn(port, f"sqlite:///{tmp_path / 'tables.db'}", env={"FRUITBOWL_HOME": str(tmp_path)})
    try:
        table = _table(url, spectator_chat=True)
        # Each under a new name, which buys no new allowance.
        answers = [_say(url, table["id"], None, f"m{n}", name=f"Watcher {n}") for n in range(6)]
        assert [a.status_code for a in answers] == [201] * 5 + [429]
        assert answers[5].json()["error"].startswith("too many chat messages from your address: at most 5 in 10 s")
        assert len(_chat(url, table["id"])) == 5
        assert _say(url, table["id"], table["token"], "players keep theirs").status_code == 201
    finally:
        server.terminate()
        server.wait(10)


def test_the_replay_shows_the_chat_to_the_players_only(base: str) -> None:
    """ "shown in the replay to the table's players": each message after the move it followed;
    a spectator's replay has the renames (the table's log says them) but not the chat."""
    table = _table(base, spectator_chat=True)
    tid = table["id"]
    tokens = [table["token"], table["bo"]]
    assert _say(base, tid, tokens[0], "Good luck").status_code == 201

    def move() -> None:
        for token in tokens:
            legal = table_state(base, tid, token)["legal"]
            if legal:
                answer = httpx.post(
                    f"{base}/api/tables/{tid}/actions",
                    json={"action": legal[0]["code"]},
                    headers={"X-Seat-Token": token},
                )
                assert answer.status_code == 200, answer.text
                return
        raise AssertionError("nobody may move")

    move()
    move()
    assert _say(base, tid, tokens[1], "Nice one").status_code == 201
    assert _say(base, tid, None, "Go Bo!", name="Cy").status_code == 201
    rename = httpx.post(f"{base}/api/tables/{tid}/name", json={"name": "Bobby"}, headers={"X-Seat-Token": tokens[1]})
    assert rename.status_code == 200
    move()

    def notes(token: str | None) -> tuple[bool, list[list[tuple[str, str]]]]:
        headers = {"X-Seat-Token": token} if token else {}
        replay = httpx.get(f"{base}/api/tables/{tid}/replay", headers=headers).json()
        return replay["chat"], [[(n["kind"], n["text"]) for n in step["notes"]] for step in replay["steps"]]

    said = [("chat", "Nice one"), ("chat", "Go Bo!"), ("rename", "Bo is now called Bobby.")]
    assert notes(tokens[0]) == (True, [[("chat", "Good luck")], [], said, []])
    said[2] = ("rename", "You are now called Bobby (you were Bo).")
    assert notes(tokens[1]) == (True, [[("chat", "Good luck")], [], said, []])
    assert notes(None) == (False, [[], [], [("rename", "Bo is now called Bobby.")], []])
    chat = httpx.get(f"{base}/api/tables/{tid}/replay", headers={"X-Seat-Token": tokens[0]}).json()["steps"][2]
    assert [(n["seat"], n["name"]) for n in chat["notes"][:2]] == [(1, "Bo"), (None, "Cy")]


def _until(socket: Any, check: Any) -> dict[str, Any]:
    """The socket's first snapshot for which ``check`` holds (reading on as needed)."""
    deadline = time.monotonic() + 5
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "state" and check(message):
            return dict(message)


def test_each_seat_says_whether_it_is_online_and_the_state_how_many_watch(base: str) -> None:
    """ "who is online and how many are watching is visible": pushed as people come and go."""
    table = _table(base)
    tid = table["id"]
    ws = base.replace("http://", "ws://") + f"/ws/tables/{tid}"
    seen = table_state(base, tid)
    assert [p["online"] for p in seen["players"]] == [False, False] and seen["watching"] == 0
    with connect(f"{ws}?token={table['token']}") as ada:
        first = _until(ada, lambda m: True)
        assert [p["online"] for p in first["players"]] == [True, False] and first["watching"] == 0
        with connect(ws), connect(ws):
            _until(ada, lambda m: m["watching"] == 2)
            with connect(f"{ws}?token={table['bo']}"):
                both = _until(ada, lambda m: m["players"][1]["online"])
                assert both["watching"] == 2
            gone = _until(ada, lambda m: not m["players"][1]["online"])
            assert gone["players"][0]["online"] and gone["watching"] == 2
        assert _until(ada, lambda m: m["watching"] == 0)["players"][0]["online"]
    assert [p["online"] for p in table_state(base, tid)["players"]] == [False, False]
