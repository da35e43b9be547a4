"""The bot arena (issue 26): the client docs/bots.md gives, run as written against a real server,
registers two bots that are matched and play a rated game; a bot alone meets a built-in one; and
the attacks on it (a forged or another player's bot token, a registration without the CSRF token,
a bot moving out of turn) are refused in a sentence with nothing changed."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from .helpers import servers

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery"


def documented_client() -> dict[str, Any]:
    """The arena client of docs/bots.md, exactly as written there."""
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = text[text.index("## The arena") :]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code, "docs/bots.md shows the arena's client"
    namespace: dict[str, Any] = {}
    exec(compile(code.group(1), "docs/bots.md", "exec"), namespace)
    return namespace


@pytest.fixture()
def base(db_url: str) -> Iterator[str]:
    """A real server, on SQLite and on PostgreSQL."""
    env = {"FRUITBOWL_RATE_LIMITS": "off", "FRUITBOWL_ARENA_WAIT": "3"}
    with servers(1, db_url, env) as started:
        yield started[0][0]


def test_the_documented_client_registers_two_bots_that_play_a_rated_game(base: str) -> None:
    client = documented_client()
    tokens = [client["register"](base, owner, PASSWORD, bot) for owner, bot in (("Ann", "Apple"), ("Ben", "Banana"))]
    with ThreadPoolExecutor(2) as pool:
        played = list(pool.map(lambda i: asyncio.run(client["play"](base, tokens[i], "tanghulu", 1, i)), range(2)))
    assert played[0] == played[1] and len(played[0]) == 1, "the two queued bots met at one table"
    table = httpx.get(f"{base}/api/tables/{played[0][0]}", timeout=30).json()
    assert table["status"] == "finished" and sorted(p["name"] for p in table["players"]) == ["Apple", "Banana"]
    board = httpx.get(f"{base}/api/arena/leaderboards/tanghulu", timeout=30).json()["players"]
    assert {(p["name"], p["arena"]) for p in board} == {("Apple", True), ("Banana", True)}
    apple = httpx.get(f"{base}/api/players/arena:apple", timeout=30).json()
    assert apple["kind"] == "arena" and apple["ratings"][0]["games"] == 1


def test_a_bot_alone_in_the_queue_meets_the_suggested_built_in_bot(base: str) -> None:
    client = documented_client()
    token = client["register"](base, "Cid", PASSWORD, "Cherry")
    with ThreadPoolExecutor(1) as pool:  # (its own thread: a browser test may hold this thread's event loop)
        [table_id] = pool.submit(asyncio.run, client["play"](base, token, "tanghulu", 1, 7)).result()
    table = httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()
    assert (table["players"][0]["name"], table["players"][0]["controller"]) == ("Cherry", "human")
    assert table["players"][1]["controller"] == "ismcts:easy"
    board = httpx.get(f"{base}/api/arena/leaderboards/tanghulu", timeout=30).json()["players"]
    assert {"Cherry", "Easy bot"} <= {p["name"] for p in board}


def test_forged_and_foreign_bot_tokens_and_moves_out_of_turn_change_nothing(base: str) -> None:
    client = documented_client()
    dora_token = client["register"](base, "Dora", PASSWORD, "Date")
    forged = httpx.get(f"{base}/api/arena/seats", headers={"X-Bot-Token": "bot_not-a-real-token"}, timeout=30)
    assert forged.status_code == 403 and forged.json()["error"] == "that is not a registered bot's token"
    missing = httpx.post(f"{base}/api/arena/queue", json={"game": "tanghulu"}, timeout=30)
    assert missing.status_code == 403 and "needs a bot token" in missing.json()["error"]

    eve = httpx.Client(base_url=base, timeout=30)
    csrf = eve.post("/api/accounts", json={"name": "Eve", "password": PASSWORD}).json()["csrf"]
    no_csrf = eve.post("/api/bots", json={"name": "Evil"})
    assert no_csrf.status_code == 403 and "X-CSRF-Token" in no_csrf.json()["error"]
    theirs = eve.request("DELETE", "/api/bots/Date", headers={"X-CSRF-Token": csrf})
    assert theirs.status_code == 403 and theirs.json()["error"] == "you have no bot named 'Date': nothing was removed"
    assert httpx.get(f"{base}/api/arena/seats", headers={"X-Bot-Token": dora_token}, timeout=30).status_code == 200
    taken = eve.post("/api/bots", json={"name": "date"}, headers={"X-CSRF-Token": csrf})
    assert taken.status_code == 409 and "a bot named 'date' exists" in taken.json()["error"]

    # a host seats Dora's bot at their table by an invitation; the bot moves out of turn
    seats = [{"controller": "human", "name": "Eve"}, {"controller": "human"}]
    body = {"game": "tanghulu", "seats": seats, "options": {"random_first": False, "first_player": 1}}
    host = eve.post("/api/tables", json=body).json()
    invite = host["invites"]["1"].split("invite=")[1]
    seated = eve.post("/api/bots/Date/seat", json={"table": host["id"], "invite": invite})
    assert seated.status_code == 201 and seated.json() == {"table": host["id"], "seat": 1, "bot": "Date"}
    [seat] = httpx.get(f"{base}/api/arena/seats", headers={"X-Bot-Token": dora_token}, timeout=30).json()["seats"]
    as_seat = {"X-Seat-Token": seat["token"]}
    state = httpx.get(f"{base}/api/tables/{host['id']}", headers=as_seat, timeout=30).json()
    assert state["status"] == "playing" and state["legal"] == [], "Eve plays first"
    move = {"action": 0, "version": state["version"]}
    wrong = httpx.post(f"{base}/api/tables/{host['id']}/actions", json=move, headers=as_seat, timeout=30)
    assert wrong.status_code == 409 and "not your turn" in wrong.json()["error"], wrong.text
    after = httpx.get(f"{base}/api/tables/{host['id']}", headers=as_seat, timeout=30).json()
    assert after["version"] == state["version"] and after["seat"] == 1
    bot_as_seat = httpx.get(f"{base}/api/tables/{host['id']}", headers={"X-Seat-Token": dora_token}, timeout=30)
    assert bot_as_seat.status_code == 403, "a bot token is not a seat token"


def test_a_rematch_keeps_a_seated_bot_and_the_bot_finds_its_new_seat(base: str) -> None:
    """A rematch keeps each player's seat and token; a registered bot's seat there is listed for
    the bot like any seat it was given, so it plays on."""
    client = documented_client()
    bot_token = client["register"](base, "Fay", PASSWORD, "Fig")
    host = httpx.Client(base_url=base, timeout=30)
    host.post("/api/accounts", json={"name": "Gus", "password": PASSWORD})
    seats = [{"controller": "human", "name": "Gus"}, {"controller": "human"}]
    table = host.post("/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    invite = table["invites"]["1"].split("invite=")[1]
    assert host.post("/api/bots/Fig/seat", json={"table": table["id"], "invite": invite}).status_code == 201
    listed = lambda: httpx.get(f"{base}/api/arena/seats", headers={"X-Bot-Token": bot_token}, timeout=30).json()  # noqa: E731
    [seat] = listed()["seats"]
    tokens = {0: table["token"], 1: seat["token"]}
    for _ in range(2000):  # both seats play their first legal action
        snaps = [
            httpx.get(f"{base}/api/tables/{table['id']}", headers={"X-Seat-Token": t}, timeout=30).json()
            for t in tokens.values()
        ]
        if snaps[0]["status"] == "finished":
            break
        for index, snap in enumerate(snaps):
            if snap["legal"]:
                move = {"action": snap["legal"][0]["code"], "version": snap["version"]}
                headers = {"X-Seat-Token": tokens[index]}
                httpx.post(f"{base}/api/tables/{table['id']}/actions", json=move, headers=headers, timeout=30)
    assert listed()["seats"] == []  # that game is over
    again = host.post(f"/api/tables/{table['id']}/rematch", json={}, headers={"X-Seat-Token": table["token"]})
    assert again.status_code in (200, 201), again.text
    [kept] = listed()["seats"]
    assert (kept["table"], kept["seat"], kept["token"]) == (again.json()["id"], 1, seat["token"])
    assert listed()["seats"] == [kept]  # found once
