"""Slow clients are timed out (issue 19, item 9), against a real server process.

Headers sent a byte a second: ``408`` and the connection closed once the header deadline
passes. A body sent a byte a second: ``408`` with the project's error once the body deadline
passes. Meanwhile, with more than 50 such connections open, other clients are served as usual.
"""

from __future__ import annotations

import json
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fruitbowl.server.run import free_port, spawn

HEADER_TIMEOUT = 2.0
BODY_TIMEOUT = 2.0
SLOW = 60  # slow connections open at once


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {
        "FRUITBOWL_HOME": str(tmp_path),
        "FRUITBOWL_HEADER_TIMEOUT": str(HEADER_TIMEOUT),
        "FRUITBOWL_BODY_TIMEOUT": str(BODY_TIMEOUT),
    }
    process = spawn(port, db_url, env=env)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


class Trickle(threading.Thread):
    """Opens a connection, sends ``start`` at once and then ``rest`` one byte a second, and notes
    when the server closed the connection and what it answered."""

    def __init__(self, address: str, start: bytes, rest: bytes):
        super().__init__(daemon=True)
        host, port = address.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        self.start_bytes, self.rest = start, rest
        self.answer = b""
        self.closed_after: float | None = None

    def run(self) -> None:
        began = time.monotonic()
        self.sock.sendall(self.start_bytes)
        self.sock.settimeout(1.0)
        for byte in self.rest:
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                try:
                    self.sock.sendall(bytes([byte]))
                except OSError:
                    break
                continue
            except OSError:
                break
            if not chunk:
                break
            self.answer += chunk
        else:
            return
        self.closed_after = time.monotonic() - began
        self.sock.close()


def _served_promptly(address: str, seconds: float) -> list[float]:
    """Normal requests while the slow ones hang on: each one's time to answer."""
    times: list[float] = []
    end = time.monotonic() + seconds
    with httpx.Client(base_url=f"http://{address}", timeout=10) as http:
        while time.monotonic() < end or len(times) < 5:  # (enough for a median on a slow machine)
            started = time.monotonic()
            assert http.get("/api/games").status_code == 200
            created = http.post("/api/tables", json={"game": "tanghulu"})
            assert created.status_code == 201, created.text
            times.append(time.monotonic() - started)
            time.sleep(0.1)
    return times


def _run(address: str, start: bytes, rest: bytes) -> list[Trickle]:
    slow = [Trickle(address, start, rest) for _ in range(SLOW)]
    for thread in slow:
        thread.start()
    times = _served_promptly(address, HEADER_TIMEOUT + 0.5)
    for thread in slow:
        thread.join(HEADER_TIMEOUT + BODY_TIMEOUT + 8)
    # A server waiting on slow clients would keep normal requests for whole header timeouts; a
    # loaded machine slows some of them, not the typical one that much.
    assert statistics.median(times) < HEADER_TIMEOUT / 2, f"normal requests took {statistics.median(times):.2f} s"
    return slow


def _error_of(answer: bytes) -> str:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer[:200]
    return str(json.loads(body)["error"])


def test_headers_sent_a_byte_a_second_are_cut_off(server: str) -> None:
    request = f"POST /api/tables HTTP/1.1\r\nHost: {server}\r\nContent-Type: application/json\r\n".encode()
    slow = _run(server, request[:5], request[5:] + b"X-Padding: " + b"a" * 60)
    for thread in slow:
        assert thread.closed_after is not None, "a connection trickling its headers was never closed"
        assert thread.closed_after < HEADER_TIMEOUT + 3
        assert "headers took too long" in _error_of(thread.answer)


def test_a_body_sent_a_byte_a_second_is_refused_with_408(server: str) -> None:
    body = json.dumps({"game": "tanghulu", "name": "x" * 60}).encode()
    head = (
        f"POST /api/tables HTTP/1.1\r\nHost: {server}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    slow = _run(server, head + body[:1], body[1:])
    for thread in slow:
        assert thread.closed_after is not None, "a connection trickling its body was never closed"
        assert thread.closed_after < BODY_TIMEOUT + 3
        assert "body came too slowly" in _error_of(thread.answer)
    with httpx.Client(base_url=f"http://{server}") as http:  # none of the slow bodies made a table
        names = [p["name"] for t in http.get("/api/tables").json()["tables"] for p in t["players"]]
    assert names and not any(name.startswith("xxxxxxxxxx") for name in names)
