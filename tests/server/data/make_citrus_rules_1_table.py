"""Write ``citrus_rules_1_table.sql``: a server database holding a Citrus table of rules 1 in
progress, written by the rules-1 server itself (its schema and rows), with what its seated
player saw (``citrus_rules_1_table.json``). Run with the rules-1 code (commit d8f9cac)::

    git worktree add /tmp/citrus-old d8f9cac
    PYTHONPATH=/tmp/citrus-old/src python tests/server/data/make_citrus_rules_1_table.py tests/server/data
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from fruitbowl.engine import get_game
from fruitbowl.server.app import create_app


def main(out: Path) -> None:
    assert get_game("citrus").rules_version == "1", "run this with the rules-1 code (see the docstring)"
    db = out / "citrus_rules_1.db"
    db.unlink(missing_ok=True)
    choose = random.Random(12)
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        body = {"game": "citrus", "players": 3, "name": "Ada", "options": {"random_first": True, "board": "short"}}
        table = client.post("/api/tables", json=body).json()
        tid, token = table["id"], table["token"]
        headers = {"X-Seat-Token": token}

        def mine() -> dict[str, Any]:
            for _ in range(400):  # the bots' turns
                state: dict[str, Any] = client.get(f"/api/tables/{tid}", headers=headers).json()
                if state["legal"]:
                    return state
                time.sleep(0.05)
            raise AssertionError("the bots did not play")

        space = client.get(f"/api/tables/{tid}/actions").json()["actions"]
        state = mine()
        while state["version"] < 12 or state["view"]["phase"] != "place":  # stop while Ada is building
            codes = [a["code"] for a in state["legal"]]
            keen = [c for c in codes if space[c]["kind"] in ("buy", "place", "site")]
            code = choose.choice(keen) if keen and choose.random() < 0.8 else choose.choice(codes)
            response = client.post(
                f"/api/tables/{tid}/actions", json={"action": code, "version": state["version"]}, headers=headers
            )
            assert response.status_code == 200, response.text
            state = mine()
    seen = {"table": tid, "token": token, "made_by": "fruitbowl d8f9cac (Citrus rules 1)"}
    seen |= {key: state[key] for key in ("version", "status", "view", "log", "legal")}
    (out / "citrus_rules_1_table.json").write_text(json.dumps(seen, indent=1, ensure_ascii=False) + "\n")
    with sqlite3.connect(db) as conn:
        (out / "citrus_rules_1_table.sql").write_text("\n".join(conn.iterdump()) + "\n", encoding="utf-8")
    for leftover in (db, db.with_name(f"{db.name}-wal"), db.with_name(f"{db.name}-shm")):
        leftover.unlink(missing_ok=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
