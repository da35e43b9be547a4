"""Crash safety: a server killed with SIGKILL mid-game restarts with every table exactly as it was."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import httpx
import pytest

from fruitbowl.server.run import free_port, spawn

from .helpers import table_state, wait_for_turn


def _start(db_url: str, port: int, home: Path) -> subprocess.Popen[bytes]:
    return spawn(port, db_url, env={"FRUITBOWL_HOME": str(home)})


def test_kill_9_mid_game_loses_nothing(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(db_url, port, tmp_path)
    try:
        table = httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "players": 3, "name": "Ada"}).json()
        tid, token = table["id"], table["token"]
        for _ in range(2):  # two slow turns (work, return the die tile) against two random bots
            state = wait_for_turn(base, tid, token, seconds=8)
            space = httpx.get(f"{base}/api/tables/{tid}/actions").json()["actions"]
            slow = [a for a in state["legal"] if space[a["code"]]["kind"] in ("work", "return", "pass")]
            slow = slow or state["legal"]
            httpx.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": slow[0]["code"], "version": state["version"]},
                headers={"X-Seat-Token": token},
            )
        before = wait_for_turn(base, tid, token, seconds=8)
        assert before["status"] == "playing" and before["version"] > 2
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    server = _start(db_url, port, tmp_path)
    try:
        after = table_state(base, tid, token)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]
        assert after["log"] == before["log"]
        assert after["legal"] == before["legal"]
        for _ in range(2000):  # and the game goes on to its end
            if after["status"] == "finished":
                break
            httpx.post(
                f"{base}/api/tables/{tid}/actions",
                json={"action": after["legal"][0]["code"], "version": after["version"]},
                headers={"X-Seat-Token": token},
            )
            after = wait_for_turn(base, tid, token, seconds=8)
        else:
            pytest.fail("the restarted game did not finish")
        assert after["result"]["winners"]
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()


def test_a_database_of_an_earlier_version_is_brought_up_to_date(tmp_path: Path) -> None:
    """A server started on a database made before a column existed adds the column; what was
    stored stays (here: campaigns stored before they had owners, and notes of no kind yet)."""
    import sqlalchemy as sa

    from fruitbowl.server.db import make_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = sa.create_engine(url)
    with old.begin() as conn:
        conn.execute(
            sa.text(
                "CREATE TABLE campaigns (id VARCHAR(32) PRIMARY KEY, game VARCHAR(32), name VARCHAR(80), "
                "data JSON, created_at DATETIME, updated_at DATETIME)"
            )
        )
        conn.execute(sa.text("INSERT INTO campaigns (id, game, name, data) VALUES ('c1', 'fabledfruit', 'Old', '{}')"))
    old.dispose()
    engine = make_engine(url)
    with engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("campaigns")}
        assert "owner_hash" in columns
        assert conn.execute(sa.text("SELECT name, owner_hash FROM campaigns")).all() == [("Old", None)]
    engine.dispose()
