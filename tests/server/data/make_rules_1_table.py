"""Write ``tanghulu_rules_1_table.sql``: a server database holding a Tang Hu Lu table of rules 1
in progress, written by the rules-1 server itself (its schema and rows), with what its seated
player saw (``tanghulu_rules_1_table.json``). Run with the rules-1 code (commit 3795352)::

    git worktree add /tmp/th-old 3795352
    PYTHONPATH=/tmp/th-old/src python tests/server/data/make_rules_1_table.py tests/server/data
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
    assert get_game("tanghulu").rules_version == "1", "run this with the rules-1 code (see the docstring)"
    db = out / "rules_1.db"
    db.unlink(missing_ok=True)
    choose = random.Random(11)
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        body = {"game": "tanghulu", "players": 3, "name": "Ada", "options": {"random_first": True}}
        table = client.post("/api/tables", json=body).json()
        tid, token = table["id"], table["token"]
        headers = {"X-Seat-Token": token}

        def mine() -> dict[str, Any]:
            for _ in range(200):  # the bots' turns
                state: dict[str, Any] = client.get(f"/api/tables/{tid}", headers=headers).json()
                if state["legal"]:
                    return state
                time.sleep(0.05)
            raise AssertionError("the bots did not play")

        space = client.get(f"/api/tables/{tid}/actions").json()["actions"]
        state = mine()
        while state["version"] < 8 or state["view"]["phase"] != "shop":  # stop while Ada is shopping
            codes = [a["code"] for a in state["legal"]]
            buys = [c for c in codes if space[c]["kind"] == "buy"]
            code = choose.choice(buys) if buys and choose.random() < 0.8 else choose.choice(codes)
            response = client.post(
                f"/api/tables/{tid}/actions", json={"action": code, "version": state["version"]}, headers=headers
            )
            assert response.status_code == 200, response.text
            state = mine()
    seen = {"table": tid, "token": token, "made_by": "fruitbowl 3795352 (Tang Hu Lu rules 1)"}
    seen |= {key: state[key] for key in ("version", "status", "view", "log", "legal")}
    (out / "tanghulu_rules_1_table.json").write_text(json.dumps(seen, indent=1, ensure_ascii=False) + "\n")
    with sqlite3.connect(db) as conn:
        (out / "tanghulu_rules_1_table.sql").write_text("\n".join(conn.iterdump()) + "\n", encoding="utf-8")
    for leftover in (db, db.with_name(f"{db.name}-wal"), db.with_name(f"{db.name}-shm")):
        leftover.unlink(missing_ok=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
