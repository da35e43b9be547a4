"""Small helpers for driving the server as a client would."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient

from fruitbowl.engine import get_game
from fruitbowl.server.run import free_port, spawn


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new table (Tang Hu Lu unless ``game`` says): without ``seats``, ``you`` (default seat 1)
    and Random bots, quick and predictable; the server's own default (the suggested level) is
    tested where it is the point."""
    body = {"game": "tanghulu", **body}
    if "seats" not in body:
        players = body.get("players") or get_game(body["game"]).min_players
        you = body.get("you", 0)
        body["seats"] = [{"controller": "human" if seat == you else "random"} for seat in range(players)]
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def follow_tutorial(client: TestClient, table: dict[str, Any], most: int = 5000) -> None:
    """Play a tutorial's table (``POST /api/tutorials/…``'s answer) to its end as its coach
    suggests, through the API: the bots answer in between."""
    headers = {"X-Seat-Token": table["token"]}
    for _ in range(most):
        state = client.get(f"/api/tables/{table['id']}", headers=headers).json()
        if state["status"] == "finished":
            return
        if state["legal"]:
            body = {"action": state["tutorial"]["suggested"], "version": state["version"]}
            client.post(f"/api/tables/{table['id']}/actions", json=body, headers=headers)


def snapshot(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    """The table as the seat (or a spectator) sees it. Like the page, a client that polls faster
    than the read limit waits the ``Retry-After`` it is told and asks again (a few times at most)."""
    headers = {"X-Seat-Token": token} if token else {}
    for _ in range(READ_RETRIES):
        response = client.get(f"/api/tables/{table}", headers=headers)
        if response.status_code != 429 or "too many requests" not in response.text:
            break
        time.sleep(float(response.headers.get("Retry-After", "1")))
    assert response.status_code == 200, response.text
    return response.json()


#: Times a read refused by the read limit is asked again.
READ_RETRIES = 5


def fixed_view(client: Any, table: str) -> dict[str, Any]:
    """The parts of every view of the table that never change, which snapshots leave out."""
    return client.get(f"/api/tables/{table}/actions").json()["fixed_view"]


def with_fixed(view: Any, fixed: Any) -> Any:
    """A snapshot's view with its fixed parts put back, as the page does: an object gets the keys
    it lacks from the fixed object, and each key both have is completed in turn; a list as long as
    the fixed list has each object item completed from the fixed item at the same place."""
    if isinstance(view, dict) and isinstance(fixed, dict):
        return {**fixed, **{key: with_fixed(value, fixed.get(key)) for key, value in view.items()}}
    if isinstance(view, list) and isinstance(fixed, list) and len(view) == len(fixed):
        return [with_fixed(item, fixed[i]) if isinstance(item, dict) else item for i, item in enumerate(view)]
    return view


def legal_actions(client: Any, table: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal actions of a snapshot (code, and label where it is not the usual one) with their
    text, kind, fields and label, read from the table's action space as the page reads them
    (``client``: a TestClient, or an httpx client with a base URL)."""
    space = client.get(f"/api/tables/{table}/actions").json()["actions"]
    return [{**space[action["code"]], **action} for action in state["legal"]]


def act(client: TestClient, table: str, token: str, action: int | str, version: int | None) -> Any:
    return client.post(
        f"/api/tables/{table}/actions", json={"action": action, "version": version}, headers={"X-Seat-Token": token}
    )


def hidden_stars_visible(view: dict[str, Any], viewer: int | None) -> list[int]:
    """Seats whose sweet-card stars this view shows although the viewer may not see them."""
    if view["phase"] == "over":
        return []
    return [p["seat"] for p in view["players"] if "sweet_card_stars" in p and p["seat"] != viewer]


@contextmanager
def servers(count: int, db_url: str, env: dict[str, str]) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """``count`` real server processes on one database, started together; yields each one's
    address and process, and kills those still running afterwards."""
    ports = [free_port() for _ in range(count)]
    with ThreadPoolExecutor(count) as pool:
        starting = [pool.submit(spawn, port, db_url, 0.0, env) for port in ports]
    started = [f.result() for f in starting if f.exception() is None]
    try:
        if len(started) < count:
            raise next(e for f in starting if (e := f.exception()) is not None)
        yield [(f"http://127.0.0.1:{port}", process) for port, process in zip(ports, started, strict=True)]
    finally:
        for process in started:
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                process.wait()


def table_state(base: str, table_id: str, token: str | None = None) -> dict[str, Any]:
    """A table's state from a real server, as ``token``'s seat (``None``: a spectator) sees it."""
    headers = {"X-Seat-Token": token} if token else {}
    response = httpx.get(f"{base}/api/tables/{table_id}", headers=headers, timeout=60)  # (a loaded machine)
    assert response.status_code == 200, response.text
    return dict(response.json())


def wait_for_turn(base: str, table_id: str, token: str, seconds: float) -> dict[str, Any]:
    """The state once the seat of ``token`` has a move to make (or the game is over), waiting at
    most ``seconds`` for the bots."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = table_state(base, table_id, token)
        if state["legal"] or state["status"] == "finished":
            return state
        time.sleep(0.02)
    raise AssertionError(f"the bots never gave the turn back within {seconds} s")
