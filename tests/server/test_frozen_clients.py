"""A client that never reads, or one that floods, cannot slow a table (issue 19, item 1).

Against a real server process: a raw socket with a 2 KiB receive buffer completes the WebSocket
handshake and then never reads, while a table with bots plays at its normal pace, a person's
moves over HTTP are answered at once and a reading spectator gets every snapshot. The frozen
client is dropped once it has fallen behind (its TCP connection is cut).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from fruitbowl.server.run import free_port, spawn

SEND_TIMEOUT = 2.0  # the server drops a client that has not taken a message for this long
BOT_DELAY = 0.05


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_WS_SEND_TIMEOUT": str(SEND_TIMEOUT)}
    process = spawn(port, db_url, bot_delay=BOT_DELAY, env=env)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except Exception:
            process.kill()
            process.wait()


def raw_websocket(base: str, path: str, rcvbuf: int = 2048) -> socket.socket:
    """A WebSocket handshake on a bare socket with a tiny receive buffer; the caller never reads."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    return sock


def fill_frozen_buffers(base: str, path: str, total: int = 1_200_000) -> float:
    """Send every client of a table ~1.2 MB: each spectator coming and going sends everyone a
    snapshot (a few kB), so after this a client that never reads has fallen far behind.
    Returns when (``time.monotonic()``) it had."""
    size = len(httpx.get(f"{base}/api/tables/{path.rsplit('/', 1)[-1]}").content)
    for _ in range(total // size + 1):
        with raw_websocket(base, path, rcvbuf=65536) as visitor:
            visitor.settimeout(5)
            received = b""
            while b'"type": "state"' not in received and b'"type":"state"' not in received:
                chunk = visitor.recv(65536)
                assert chunk, "the server closed a visiting spectator"
                received += chunk
    return time.monotonic()


def masked_text_frame(text: str) -> bytes:
    """A client-to-server WebSocket text frame (clients must mask)."""
    payload = text.encode()
    mask = os.urandom(4)
    assert len(payload) < 126
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


#: After a client stopped taking messages the server waits ``SEND_TIMEOUT``, tries a close frame
#: for 1 s and gives a reader 2 s more before it cuts the connection (see ``outbox.py``).
DROP_DELAY = SEND_TIMEOUT + 3.0


def is_cut_off(sock: socket.socket, behind_since: float, within: float = 8.0) -> bool:
    """True once the connection of a client that fell behind at ``behind_since`` ends (EOF or
    reset) within ``within`` seconds of the server's drop. The client stays frozen until the
    server had the time to drop it (reading earlier would let it catch up, and rightly not be
    dropped); then what the server buffered is read to reach the end."""
    time.sleep(max(0.0, behind_since + DROP_DELAY - time.monotonic()))
    sock.settimeout(0.2)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset by the server
            return True
    return False


class Spectator(threading.Thread):
    """A well-behaved spectator that reads every message and notes each version it saw."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url = url
        self.versions: list[Any] = []
        self.statuses: list[Any] = []
        self.stop = threading.Event()
        self.ready = threading.Event()

    def run(self) -> None:
        with connect(self.url, open_timeout=10) as ws:
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if message.get("type") == "state":
                    self.versions.append(message["version"])
                    self.statuses.append(message["status"])
                    self.ready.set()


def _create(http: httpx.Client, seats: list[str], game: str = "tanghulu") -> dict[str, Any]:
    body = {"game": game, "seats": [{"controller": c} for c in seats], "you": 0 if seats[0] == "human" else None}
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def _my_turn(http: httpx.Client, table: dict[str, Any]) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        state = http.get(f"/api/tables/{table['id']}", headers={"X-Seat-Token": table["token"]}).json()
        if state["legal"] or state["status"] == "finished":
            return state
        time.sleep(0.02)
    raise AssertionError("the bots did not answer the person's move within 10 s")


def test_a_client_that_never_reads_does_not_stop_the_table(server: str) -> None:
    ws_base = server.replace("http", "ws", 1)
    with httpx.Client(base_url=server, timeout=10) as http:
        table = _create(http, ["human", "random", "random"])
        frozen = [raw_websocket(server, f"/ws/tables/{table['id']}") for _ in range(3)]
        behind_since = fill_frozen_buffers(server, f"/ws/tables/{table['id']}")
        watcher = Spectator(f"{ws_base}/ws/tables/{table['id']}")
        watcher.start()
        assert watcher.ready.wait(10)
        answers, moves = [], 0
        state = _my_turn(http, table)
        while state["status"] != "finished":
            started = time.monotonic()
            response = http.post(
                f"/api/tables/{table['id']}/actions",
                json={"action": state["legal"][0]["code"], "version": state["version"]},
                headers={"X-Seat-Token": table["token"]},
            )
            answers.append(time.monotonic() - started)
            assert response.status_code == 200, response.text
            moves += 1
            state = _my_turn(http, table)  # two bots answer, each after BOT_DELAY
        final = state["version"]
        deadline = time.monotonic() + 5
        while (not watcher.versions or watcher.versions[-1] < final) and time.monotonic() < deadline:
            time.sleep(0.05)
        watcher.stop.set()
        watcher.join(5)
    assert moves >= 5
    # A move waiting on a frozen client would wait out its send timeout; a loaded machine adds
    # tenths of a second, never that.
    assert statistics.median(answers) < 0.5, f"moves took {statistics.median(answers):.2f} s to answer (median)"
    assert max(answers) < SEND_TIMEOUT * 0.75, f"a person's move took {max(answers):.2f} s to be answered"
    assert watcher.versions[-1] == final and watcher.statuses[-1] == "finished"
    # The spectator saw the game move by move: every version from its first to the end.
    seen = sorted(set(watcher.versions))
    assert seen == list(range(seen[0], final + 1)), f"the spectator missed versions: {seen}"
    # The frozen clients fell behind and were cut off (they get what was buffered, then the end).
    for sock in frozen:
        assert is_cut_off(sock, behind_since), "a client that never reads was never dropped"
        sock.close()


def test_bots_play_at_their_pace_beside_frozen_and_flooding_clients(server: str) -> None:
    with httpx.Client(base_url=server, timeout=10) as http:
        # The pace of a bots-only table with nobody watching... (Fabled Fruit: a game of random
        # bots lasts far longer than the measurement, where Tang Hu Lu's may end within it)
        alone = _create(http, ["random", "random", "random"], "fabledfruit")
        paced = _moves_per_second(http, alone["id"])
        # ...and of another one watched by clients that never read and clients that flood.
        table = _create(http, ["random", "random", "random"], "fabledfruit")
        path = f"/ws/tables/{table['id']}"
        frozen = [raw_websocket(server, path) for _ in range(3)]
        flooders = [raw_websocket(server, path) for _ in range(2)]
        behind_since = fill_frozen_buffers(server, path)
        stop = threading.Event()

        def flood(sock: socket.socket) -> None:
            ping = masked_text_frame('{"type": "ping"}') * 20
            while not stop.is_set():
                try:
                    sock.sendall(ping)
                except OSError:
                    return

        threads = [threading.Thread(target=flood, args=(sock,), daemon=True) for sock in flooders]
        for thread in threads:
            thread.start()
        try:
            watched = _moves_per_second(http, table["id"])
            answer = http.get("/api/games")
            assert answer.status_code == 200
        finally:
            stop.set()
        for thread in threads:
            thread.join(5)
    assert watched >= 0.6 * paced, f"{watched:.1f} moves/s beside frozen and flooding clients, {paced:.1f} alone"
    for sock in frozen + flooders:
        assert is_cut_off(sock, behind_since), "a client that does not read was never dropped"
        sock.close()


def _moves_per_second(http: httpx.Client, table_id: str, seconds: float = 1.5) -> float:
    def version() -> int:
        state = http.get(f"/api/tables/{table_id}").json()
        assert state["status"] == "playing", "the game ended while its pace was measured: measure a longer game"
        return int(state["version"])

    time.sleep(0.3)
    first, started = version(), time.monotonic()
    time.sleep(seconds)
    return (version() - first) / (time.monotonic() - started)
