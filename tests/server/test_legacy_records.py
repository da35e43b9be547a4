"""A server upgraded past Tang Hu Lu's and Citrus's explicit chance keeps their tables of rules 1
("no data is ever lost"): a database written by the rules-1 server (``data/make_rules_1_table.py``,
``data/make_citrus_rules_1_table.py``: its schema, its rows of moves and seed) is opened by a real
server process, which shows the seated player exactly what the old server showed, lets her move
on with the old engine's draws, and keeps doing so after another restart. A table of a version
neither current nor legacy is still refused with a sentence, and the server goes on serving."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from fruitbowl.server.run import free_port, spawn

from .helpers import table_state, wait_for_turn

DATA = Path(__file__).with_name("data")
OLD = json.loads((DATA / "tanghulu_rules_1_table.json").read_text(encoding="utf-8"))
TID, TOKEN = OLD["table"], OLD["token"]
CITRUS = json.loads((DATA / "citrus_rules_1_table.json").read_text(encoding="utf-8"))
ZERO = "rules-0-table"


def old_database(path: Path) -> str:
    """The rules-1 server's database, and a copy of its table claiming an unknown rules 0."""
    with sqlite3.connect(path) as conn:
        conn.executescript((DATA / "tanghulu_rules_1_table.sql").read_text(encoding="utf-8"))
        for name, key in (("tables", "id"), ("seats", "table_id"), ("actions", "table_id")):
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({name})")]
            for row in conn.execute(f"SELECT * FROM {name} WHERE {key} = ?", (TID,)).fetchall():
                copy = {**dict(zip(columns, row, strict=True)), key: ZERO}
                if name == "tables":  # (seeds are unique: another deal)
                    copy |= {"rules_version": "0", "seed": copy["seed"] + 1}
                marks = ", ".join("?" * len(columns))
                conn.execute(f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})", list(copy.values()))
    return f"sqlite:///{path}"


@contextmanager
def server(db_url: str, home: Path) -> Iterator[str]:
    port = free_port()
    process: subprocess.Popen[bytes] = spawn(port, db_url, env={"FRUITBOWL_HOME": str(home)})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()


def move(base: str, state: dict[str, Any], code: int, tid: str = TID, token: str = TOKEN) -> None:
    response = httpx.post(
        f"{base}/api/tables/{tid}/actions",
        json={"action": code, "version": state["version"]},
        headers={"X-Seat-Token": token},
        timeout=60,
    )
    assert response.status_code == 200, response.text


def test_a_rules_1_table_survives_the_upgrade_and_its_player_moves_on(tmp_path: Path) -> None:
    url = old_database(tmp_path / "tables.db")
    with server(url, tmp_path) as base:
        state = table_state(base, TID, TOKEN)
        assert {key: state[key] for key in ("version", "status", "view", "log", "legal")} == {
            key: OLD[key] for key in ("version", "status", "view", "log", "legal")
        }
        assert state["view"]["phase"] == "shop"  # mid-turn: Ada is shopping
        for _ in range(4):  # Ada goes on (the bots too), meeting the old engine's draws
            move(base, state, state["legal"][-1]["code"])
            state = wait_for_turn(base, TID, TOKEN, seconds=15)
        before = state
    with server(url, tmp_path) as base:  # restarted again: the continued table replays from its rows
        state = table_state(base, TID, TOKEN)
        assert [state[k] for k in ("version", "view", "log", "legal")] == [
            before[k] for k in ("version", "view", "log", "legal")
        ]
        for _ in range(2000):
            if state["status"] == "finished":
                break
            move(base, state, state["legal"][0]["code"])
            state = wait_for_turn(base, TID, TOKEN, seconds=15)
        assert state["status"] == "finished" and state["result"]["winners"]
        refused = httpx.get(f"{base}/api/tables/{ZERO}", headers={"X-Seat-Token": TOKEN}, timeout=60)
        assert refused.status_code == 400
        assert "this game was recorded with Tang Hu Lu rules 0; this fruitbowl plays rules 2" in refused.text
        listed = httpx.get(f"{base}/api/tables", timeout=60).json()
        assert ZERO in {t["id"] for t in (listed["tables"] if isinstance(listed, dict) else listed)}
    with sqlite3.connect(tmp_path / "tables.db") as conn:
        assert conn.execute("SELECT rules_version FROM tables WHERE id = ?", (TID,)).fetchone() == ("1",)


def test_a_citrus_rules_1_table_survives_the_upgrade_and_its_player_moves_on(tmp_path: Path) -> None:
    """Ada was building in a Citrus game (short side, random first player) when the server was
    upgraded: the new server shows her what the old one did, she and the bots go on with the old
    engine's refills and Fincas, and after another restart the table plays on to its end."""
    tid, token = CITRUS["table"], CITRUS["token"]
    with sqlite3.connect(tmp_path / "tables.db") as conn:
        conn.executescript((DATA / "citrus_rules_1_table.sql").read_text(encoding="utf-8"))
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    keys = ("version", "status", "view", "log", "legal")
    with server(url, tmp_path) as base:
        state = table_state(base, tid, token)
        assert {key: state[key] for key in keys} == {key: CITRUS[key] for key in keys}
        assert state["view"]["phase"] == "place"  # mid-turn: Ada is building what she bought
        for _ in range(6):
            move(base, state, state["legal"][-1]["code"], tid, token)
            state = wait_for_turn(base, tid, token, seconds=15)
        before = state
    with server(url, tmp_path) as base:  # restarted again: the continued table replays from its rows
        state = table_state(base, tid, token)
        assert [state[k] for k in ("version", "view", "log", "legal")] == [
            before[k] for k in ("version", "view", "log", "legal")
        ]
        for _ in range(2000):
            if state["status"] == "finished":
                break
            move(base, state, state["legal"][0]["code"], tid, token)
            state = wait_for_turn(base, tid, token, seconds=15)
        assert state["status"] == "finished" and state["result"]["winners"]
    with sqlite3.connect(tmp_path / "tables.db") as conn:
        assert conn.execute("SELECT rules_version FROM tables WHERE id = ?", (tid,)).fetchone() == ("1",)
