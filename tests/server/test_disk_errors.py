"""A data directory the server cannot use, and a disk that fails under it (issue 19, item 11).

At start: one line naming the path and what is wrong, exit code 2, no traceback. While running:
a disk that refuses writes (simulated with the process's file-size limit, which binds root too)
gives ``503`` with a sentence about the disk, changes nothing, and the same move succeeds once
the disk takes writes again.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fruitbowl.server.run import free_port, spawn


def _serve(home: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from fruitbowl.cli.app import main; main()", "serve", "--port", str(free_port())]
    env = {**os.environ, "FRUITBOWL_HOME": str(home)}
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


def _assert_one_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_a_data_directory_under_a_file_is_named_at_start(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the data directory should be")
    _assert_one_line(_serve(blocker / "fruitbowl"), str(blocker / "fruitbowl"), "Not a directory")


def test_a_database_path_that_is_a_directory_is_named_at_start(tmp_path: Path) -> None:
    (tmp_path / "fruitbowl.db").mkdir()
    _assert_one_line(_serve(tmp_path), str(tmp_path / "fruitbowl.db"), "unable to open database file")


def _state(http: httpx.Client, table: dict[str, Any]) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while True:
        state = http.get(f"/api/tables/{table['id']}", headers={"X-Seat-Token": table["token"]}).json()
        if state["legal"] or time.monotonic() > deadline:
            return state
        time.sleep(0.02)


def _move(http: httpx.Client, table: dict[str, Any], state: dict[str, Any]) -> httpx.Response:
    return http.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": state["legal"][0]["code"], "version": state["version"]},
        headers={"X-Seat-Token": table["token"]},
    )


@pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="needs Linux's prlimit")
def test_a_failing_disk_while_running_gives_503_naming_the_disk(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    port = free_port()
    process = spawn(port, f"sqlite:///{path}", env={"FRUITBOWL_HOME": str(tmp_path)})
    base = f"http://127.0.0.1:{port}"
    soft, hard = resource.prlimit(process.pid, resource.RLIMIT_FSIZE)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            table = http.post("/api/tables", json={"game": "tanghulu", "seats": [{}, {"controller": "random"}]}).json()
            for _ in range(3):
                assert _move(http, table, _state(http, table)).status_code == 200
            state = _state(http, table)
            # The disk refuses to grow any file of the server's (the database, its WAL, its journal).
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (0, hard))
            refused = None
            for _ in range(40):  # SQLite may still fit a few writes into pages it already has
                answer = _move(http, table, state)
                if answer.status_code != 200:
                    refused = answer
                    break
                state = _state(http, table)
            assert refused is not None, "no write failed on a disk that takes no more bytes"
            assert refused.status_code == 503, refused.text
            assert (
                "disk failed or is full" in refused.json()["error"] and "nothing was changed" in refused.json()["error"]
            )
            assert refused.headers.get("Retry-After")
            unchanged = _state(http, table)
            assert unchanged["version"] == state["version"]
            # The disk takes writes again: the same move goes through.
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (soft, hard))
            assert _move(http, table, state).status_code == 200
            final = _state(http, table)["version"]  # after the bot's answer
    finally:
        process.terminate()
        process.wait(10)
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.connect() as db:
        assert db.execute(sa.text("PRAGMA integrity_check")).scalar() == "ok"
        stored = db.execute(sa.text("SELECT count(*) FROM actions WHERE table_id = :t"), {"t": table["id"]}).scalar()
    engine.dispose()
    assert stored == final  # every accepted move is stored, and only those
