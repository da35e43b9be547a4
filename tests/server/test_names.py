"""Names at a table (issue 22, "Names"), against a real server process.

"Names are unique at a table, trimmed, 1–40 characters on client and server alike";
``POST /api/tables/{id}/name {"name"}`` with the seat token renames a player during the game:
everyone is told over the WebSocket and the log says it ("Ada is now called Ada L."). Bad input
(empty, too long, another seat's name, no or another table's token, an unknown table, a flood)
gets one clear sentence and changes nothing.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from websockets.sync.client import connect

from fruitbowl.server.run import free_port, spawn

from .helpers import table_state


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server (SQLite) for the module's tests; each test makes its own tables."""
    home = tmp_path_factory.mktemp("names")
    port = free_port()
    process = spawn(port, f"sqlite:///{home / 'tables.db'}", env={"FRUITBOWL_HOME": str(home)})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def _two_friends(base: str, host_name: str = "Ada", friend: str | None = "Bo") -> dict[str, Any]:
    """A table for two people: the host in seat 1 and, if ``friend`` is given, a friend who took
    seat 2 by their invitation under that name."""
    body = {"game": "tanghulu", "name": host_name, "seats": [{"controller": "human"}, {"controller": "human"}]}
    created = httpx.post(f"{base}/api/tables", json=body)
    assert created.status_code == 201, created.text
    table = created.json()
    table["invite"] = parse_qs(urlsplit(table["invites"]["1"]).query)["invite"][0]
    if friend is not None:
        joined = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"name": friend, "invite": table["invite"]})
        assert joined.status_code == 200, joined.text
        table["friend_token"] = joined.json()["token"]
    return table


def _names(base: str, table_id: str) -> list[str]:
    return [p["name"] for p in table_state(base, table_id)["players"]]


def _rename(base: str, table_id: str, token: str | None, name: Any) -> httpx.Response:
    headers = {"X-Seat-Token": token} if token else {}
    return httpx.post(f"{base}/api/tables/{table_id}/name", json={"name": name}, headers=headers)


def _refused(response: httpx.Response, status: int, sentence: str) -> None:
    assert response.status_code == status, response.text
    assert response.json() == {"error": sentence}


def test_names_are_trimmed_and_hold_1_to_40_characters_everywhere(base: str) -> None:
    # Trimmed: white space around is dropped and each run inside becomes one space.
    table = _two_friends(base, host_name="  Ada \t  Lovelace  ", friend="\n Bo ")
    assert _names(base, table["id"]) == ["Ada Lovelace", "Bo"]

    forty = "A" * 39 + "é"  # characters, not bytes
    assert _rename(base, table["id"], table["token"], f"  {forty}  ").json() == {"seat": 0, "name": forty}

    # The same rule at creation, at joining and at renaming; nothing is stored when it is broken.
    too_long = "B" * 41
    refusals = {
        "": "a name cannot be empty",
        "   ": "a name cannot be empty",
        too_long: "a name has at most 40 characters (this one has 41)",
        "Ada\x00": "a name cannot hold control characters or text-direction marks",
        "Ada\u202eL": "a name cannot hold control characters or text-direction marks",
    }
    for name, sentence in refusals.items():
        created = httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "name": name})
        _refused(created, 400, sentence)
        seats = [{"controller": "human", "name": name}, {"controller": "random"}]
        _refused(httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "seats": seats}), 400, sentence)
        _refused(_rename(base, table["id"], table["friend_token"], name), 400, sentence)
    assert _names(base, table["id"]) == [forty, "Bo"]

    waiting = _two_friends(base, friend=None)
    for name, sentence in refusals.items():
        join = httpx.post(f"{base}/api/tables/{waiting['id']}/join", json={"name": name, "invite": waiting["invite"]})
        _refused(join, 400, sentence)
    state = table_state(base, waiting["id"])
    assert state["status"] == "open" and [p["claimed"] for p in state["players"]] == [True, False]

    # A name must be text; a campaign's name follows the same rule.
    typed = httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "name": 7})
    assert typed.status_code == 422 and typed.json()["error"].startswith("name: ")
    campaign = httpx.post(f"{base}/api/campaigns", json={"game": "fabledfruit", "name": "C" * 41})
    _refused(campaign, 400, "a campaign's name has at most 40 characters (this one has 41)")
    kept = httpx.post(f"{base}/api/campaigns", json={"game": "fabledfruit", "name": "  Friday   fables "})
    assert kept.status_code == 201 and kept.json()["name"] == "Friday fables"


def test_names_are_unique_at_a_table_ignoring_case(base: str) -> None:
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human", "name": " ADA "}]
    twins = httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "seats": seats})
    _refused(twins, 400, "seats 1 and 2 are both called 'ADA': each seat needs its own name")

    table = _two_friends(base, host_name="Ada", friend=None)
    join = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"name": "ada", "invite": table["invite"]})
    _refused(join, 409, "seat 1 is already called 'Ada': choose another name")
    assert table_state(base, table["id"])["status"] == "open"  # the seat is still free for the invitation
    joined = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"name": "Bo", "invite": table["invite"]})
    assert joined.status_code == 200
    bo = joined.json()["token"]

    _refused(_rename(base, table["id"], bo, "  aDA "), 409, "seat 1 is already called 'Ada': choose another name")
    assert _names(base, table["id"]) == ["Ada", "Bo"]
    # A player may change the case of their own name.
    assert _rename(base, table["id"], bo, "BO").json() == {"seat": 1, "name": "BO"}
    assert _names(base, table["id"]) == ["Ada", "BO"]


def test_a_rename_reaches_everyone_and_the_log_says_it(base: str) -> None:
    table = _two_friends(base)
    tid = table["id"]
    ws = base.replace("http://", "ws://") + f"/ws/tables/{tid}"
    with connect(f"{ws}?token={table['token']}") as ada, connect(ws) as spectator:
        for socket in (ada, spectator):  # each socket's first snapshot
            assert json.loads(socket.recv(timeout=5))["type"] == "state"
        answer = _rename(base, tid, table["friend_token"], "  Bo   Peep ")
        assert answer.status_code == 200 and answer.json() == {"seat": 1, "name": "Bo Peep"}
        for socket in (ada, spectator):
            pushed = _next_state(socket, lambda s: s["players"][1]["name"] == "Bo Peep")
            assert pushed["log"][-1] == {
                "move": pushed["version"],
                "kind": "rename",
                "actor": 1,
                "text": "Bo is now called Bo Peep.",
            }
    mine = table_state(base, tid, table["friend_token"])
    assert mine["log"][-1]["text"] == "You are now called Bo Peep (you were Bo)."
    # Markup in a name is text, kept as written (the page shows it as text, never as HTML).
    assert _rename(base, tid, table["token"], "<b>Ada</b>").status_code == 200
    assert table_state(base, tid)["log"][-1]["text"] == "Ada is now called <b>Ada</b>."
    # The same name again changes nothing and says nothing.
    log_length = len(table_state(base, tid)["log"])
    assert _rename(base, tid, table["token"], "<b>Ada</b>").status_code == 200
    assert len(table_state(base, tid)["log"]) == log_length
    # The game's own sentences use the new names.
    assert "<b>Ada</b>" in table_state(base, tid)["prompt"] or "Bo Peep" in table_state(base, tid)["prompt"]


def _next_state(socket: Any, wanted: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        message = json.loads(socket.recv(timeout=5))
        if message.get("type") == "state" and wanted(message):
            return message
    raise AssertionError("no snapshot with the change arrived")


def test_renaming_needs_your_own_seat_token_and_is_rate_limited(base: str) -> None:
    table = _two_friends(base)
    other = _two_friends(base, host_name="Cy", friend="Dee")
    tid = table["id"]
    _refused(_rename(base, tid, None, "Eve"), 403, "only a seated player can take a new name: send your seat token")
    _refused(_rename(base, tid, other["token"], "Eve"), 403, "this seat token is not valid for this table")
    _refused(_rename(base, "no-such-table", table["token"], "Eve"), 404, "there is no table 'no-such-table'")
    missing = httpx.post(f"{base}/api/tables/{tid}/name", json={}, headers={"X-Seat-Token": table["token"]})
    assert missing.status_code == 422 and missing.json() == {"error": "name: Field required"}
    extra = httpx.post(
        f"{base}/api/tables/{tid}/name", json={"name": "Eve", "seat": 1}, headers={"X-Seat-Token": table["token"]}
    )
    assert extra.status_code == 422
    huge = httpx.post(
        f"{base}/api/tables/{tid}/name", json={"name": "x" * 100_000}, headers={"X-Seat-Token": table["token"]}
    )
    assert huge.status_code == 413
    assert _names(base, tid) == ["Ada", "Bo"] and _names(base, other["id"]) == ["Cy", "Dee"]

    # A flood of renames: five at once, then one every ten seconds; the log holds only those made.
    answers = [_rename(base, tid, table["token"], f"Ada {n}") for n in range(8)]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 3
    assert answers[5].json()["error"].startswith("too many new names for this seat; wait ")
    assert int(answers[5].headers["Retry-After"]) >= 1
    assert _names(base, tid) == ["Ada 4", "Bo"]
    renames = [e for e in table_state(base, tid)["log"] if e["kind"] == "rename"]
    assert len(renames) == 5
    # The other seat's allowance is its own.
    assert _rename(base, tid, table["friend_token"], "Bo 2").status_code == 200


def test_names_and_their_log_survive_a_restart(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    home = {"FRUITBOWL_HOME": str(tmp_path)}
    url = f"http://127.0.0.1:{port}"
    server = spawn(port, db_url, env=home)
    try:
        table = _two_friends(url)
        state = table_state(url, table["id"], table["token"])
        seat = state["view"]["current_player"]
        mover = table["token"] if seat == 0 else table["friend_token"]
        played = httpx.post(
            f"{url}/api/tables/{table['id']}/actions",
            json={"action": state["legal"][0]["code"], "version": state["version"]},
            headers={"X-Seat-Token": mover},
        )
        assert played.status_code == 200, played.text
        assert _rename(url, table["id"], table["friend_token"], "Bo Peep").status_code == 200
        before = table_state(url, table["id"], table["token"])
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    server = spawn(port, db_url, env=home)
    try:
        after = table_state(url, table["id"], table["token"])
        assert [p["name"] for p in after["players"]] == ["Ada", "Bo Peep"]
        assert after["log"] == before["log"] and after["log_start"] == before["log_start"]
        assert after["log"][-1]["text"] == "Bo is now called Bo Peep."
    finally:
        server.terminate()
        server.wait(10)


def test_names_stay_as_played_once_a_game_is_over(base: str) -> None:
    campaign = httpx.post(f"{base}/api/campaigns", json={"game": "fabledfruit", "name": "Friday fables"}).json()
    owner = {"X-Campaign-Token": campaign["token"]}
    table = httpx.post(f"{base}/api/campaigns/{campaign['id']}/tables", json={"name": "Ada"}, headers=owner).json()
    assert _rename(base, table["id"], table["token"], "Ada L.").status_code == 200
    assert httpx.post(f"{base}/api/campaigns/{campaign['id']}/cancel", headers=owner).status_code == 200
    refused = _rename(base, table["id"], table["token"], "Ada Lovelace")
    _refused(refused, 409, "this game was cancelled: its players keep the names they played under")
    assert _names(base, table["id"])[0] == "Ada L."


def test_the_log_names_a_renamed_seat_by_its_new_name_in_every_reader_s_entries(base: str) -> None:
    """The log's entries read the seats' names as they are now: a rename rewords the entries each
    reader has already read, in their language."""
    table = _two_friends(base, friend="Zed")
    tid, tokens = table["id"], [table["token"], table["friend_token"]]

    def play(moves: int) -> None:
        for _ in range(moves):
            for token in tokens:
                state = table_state(base, tid, token)
                if state["legal"]:
                    move = {"action": state["legal"][0]["code"], "version": state["version"]}
                    moved = httpx.post(f"{base}/api/tables/{tid}/actions", json=move, headers={"X-Seat-Token": token})
                    assert moved.status_code == 200, moved.text
                    break

    def entries(token: str | None, language: str = "en") -> list[str]:
        headers = {"Accept-Language": language, **({"X-Seat-Token": token} if token else {})}
        log = httpx.get(f"{base}/api/tables/{tid}", headers=headers).json()["log"]
        return [entry["text"] for entry in log if entry["kind"] != "rename"]

    play(4)
    readers = [(None, "en"), (tokens[0], "en"), (None, "de")]
    before = {reader: entries(*reader) for reader in readers}
    assert all(any("Zed" in text for text in before[reader]) for reader in readers), before
    assert _rename(base, tid, tokens[1], "Zed Q").status_code == 200
    for reader in readers:
        assert entries(*reader) == [text.replace("Zed", "Zed Q") for text in before[reader]]
