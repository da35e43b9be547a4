"""Chat and presence with two ``fruitbowl serve`` processes on one PostgreSQL database (issue 22).

A chat message posted through one server reaches the WebSockets connected to the other; each
seat's ``online`` and the table's ``watching`` count the sockets of both servers (pushed when one
connects or leaves), and forget those of a server that died within three sync intervals.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import _pg_database
from .helpers import servers

INTERVAL = 0.3  # the servers' sync interval (FRUITBOWL_CLAIM_INTERVAL), seconds


@pytest.fixture(scope="module")
def pg_url(pg_server: str | None) -> Iterator[str]:
    yield from _pg_database(pg_server)


@pytest.fixture
def two_servers(pg_url: str, tmp_path: Any) -> Iterator[tuple[list[str], list[subprocess.Popen[bytes]]]]:
    env = {"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_CLAIM_INTERVAL": str(INTERVAL)}
    with servers(2, pg_url, env) as started:
        yield [url for url, _ in started], [process for _, process in started]


def _until(socket: Any, check: Callable[[dict[str, Any]], bool], kind: str = "state") -> dict[str, Any]:
    """The socket's first message of ``kind`` for which ``check`` holds (reading on as needed)."""
    deadline = time.monotonic() + 10
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == kind and check(message):
            return dict(message)


def _online(message: dict[str, Any]) -> list[bool]:
    return [bool(p["online"]) for p in message["players"]]


def test_chat_and_who_is_there_reach_the_other_server(two_servers: Any) -> None:
    (a, b), servers = two_servers
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    created = httpx.post(f"{a}/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    tid = created["id"]
    invite = created["invites"]["1"].split("invite=")[1]
    bo = httpx.post(f"{b}/api/tables/{tid}/join", json={"name": "Bo", "invite": invite}).json()["token"]
    ws = {base: base.replace("http", "ws") + f"/ws/tables/{tid}" for base in (a, b)}
    with connect(f"{ws[a]}?token={created['token']}") as ada_on_a, connect(ws[b]) as spectator_on_b:
        # Each server counts the other's sockets: Ada is online and one spectator watches, on both.
        for socket in (ada_on_a, spectator_on_b):
            seen = _until(socket, lambda m: m["status"] == "playing" and _online(m) == [True, False])
            seen = seen if seen["watching"] == 1 else _until(socket, lambda m: m["watching"] == 1)
            assert _online(seen) == [True, False] and seen["watching"] == 1
        # A message said through A reaches B's spectator as a chat message; Bo's through B reaches Ada.
        said = httpx.post(
            f"{a}/api/tables/{tid}/chat", json={"text": "Hi Bo"}, headers={"X-Seat-Token": created["token"]}
        )
        assert said.status_code == 201, said.text
        assert _until(spectator_on_b, lambda m: True, "chat")["message"] == said.json()
        answer = httpx.post(f"{b}/api/tables/{tid}/chat", json={"text": "Hi Ada"}, headers={"X-Seat-Token": bo})
        heard = _until(ada_on_a, lambda m: m["message"]["seat"] == 1, "chat")  # (her own came first)
        assert heard["message"] == answer.json()
        # Bo comes and goes on B: A's socket sees his dot turn on, then off.
        with connect(f"{ws[b]}?token={bo}"):
            assert _online(_until(ada_on_a, lambda m: _online(m)[1])) == [True, True]
        assert _online(_until(ada_on_a, lambda m: not _online(m)[1])) == [True, False]
        # Server A dies: within three intervals B forgets Ada's socket there.
        servers[0].send_signal(signal.SIGKILL)
        servers[0].wait()
        started = time.monotonic()
        gone = _until(spectator_on_b, lambda m: not _online(m)[0])
        assert time.monotonic() - started < 3 * INTERVAL + 2
        assert gone["watching"] == 1  # B's own spectator
