"""Pages' security headers, WebSocket origins and where seat tokens travel (issue 19, item 12),
against a real server process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from fruitbowl.server.run import free_port, spawn

ALLOWED = "https://fruit.example"  # allowed by `fruitbowl serve --allowed-origin`
ALSO_ALLOWED = "http://friends.example:8080"  # allowed by FRUITBOWL_ALLOWED_ORIGINS


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_ALLOWED_ORIGINS": ALSO_ALLOWED}
    process = spawn(port, db_url, env=env, options=["--allowed-origin", ALLOWED])
    try:
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def test_pages_and_answers_carry_the_security_headers(server: str) -> None:
    with httpx.Client(base_url=f"http://{server}") as http:
        table = http.post("/api/tables", json={"game": "tanghulu"}).json()
        for path in ("/", f"/t/{table['id']}", "/static/js/table.js", "/api/games", "/api/nothing"):
            headers = http.get(path).headers
            policy = headers["content-security-policy"]
            directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
            assert directives["script-src"] == ["'self'"], policy  # no inline scripts, no other sites
            assert directives["frame-ancestors"] == ["'none'"] and directives["object-src"] == ["'none'"]
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] in ("no-referrer", "same-origin")
        page = http.get(f"/t/{table['id']}").text
        assert "<script" in page and all("src=" in tag for tag in page.split("<script")[1:]), "an inline script"


def _first(ws: ClientConnection) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=10)))


def test_websockets_from_foreign_origins_are_refused(server: str) -> None:
    with httpx.Client(base_url=f"http://{server}") as http:
        table = http.post("/api/tables", json={"game": "tanghulu"}).json()
    url = f"ws://{server}/ws/tables/{table['id']}"
    with connect(url, origin="https://evil.example") as ws:  # type: ignore[call-overload]
        refusal = _first(ws)
        assert refusal["type"] == "error" and "evil.example" in refusal["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008 and closed.value.rcvd.reason
    for origin in (f"http://{server}", ALLOWED, ALSO_ALLOWED, None):  # its own pages, allowed sites, a script
        with connect(url, origin=origin) as ws:  # type: ignore[arg-type]
            assert _first(ws)["type"] == "state", origin


def test_seat_tokens_travel_in_a_header_or_subprotocol(server: str) -> None:
    with httpx.Client(base_url=f"http://{server}") as http:
        table = http.post("/api/tables", json={"game": "tanghulu"}).json()
    url = f"ws://{server}/ws/tables/{table['id']}"
    with connect(url, additional_headers={"X-Seat-Token": table["token"]}) as ws:
        assert _first(ws)["seat"] == 0
    with connect(url, subprotocols=["fruitbowl", f"fruitbowl.token.{table['token']}"]) as ws:  # type: ignore[list-item]
        assert ws.subprotocol == "fruitbowl"
        assert _first(ws)["seat"] == 0
    with connect(url, subprotocols=["fruitbowl"]) as ws:  # type: ignore[list-item]
        assert _first(ws)["seat"] is None
    with connect(url, subprotocols=["fruitbowl", "fruitbowl.token.forged"]) as ws:  # type: ignore[list-item]
        assert "not valid" in _first(ws)["message"]


def test_an_allowed_origin_that_is_not_a_site_is_refused_in_one_sentence(tmp_path: Path) -> None:
    command = [sys.executable, "-c", "from fruitbowl.cli.app import main; main()"]
    done = subprocess.run(
        [*command, "serve", "--allowed-origin", "fruit.example/page"],
        capture_output=True,
        text=True,
        env={**os.environ, "FRUITBOWL_HOME": str(tmp_path)},
        timeout=60,
    )
    assert done.returncode == 2
    assert "'fruit.example/page' is not a site's origin" in done.stderr
    assert "Traceback" not in done.stderr
