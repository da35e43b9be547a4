"""Two ``fruitbowl serve`` processes on one PostgreSQL database serve the same tables.

A WebSocket client on either server sees every move (PostgreSQL LISTEN/NOTIFY carries the
news across processes); concurrent moves for one turn through both servers are serialized by
the database (exactly one is stored, the others get a clear conflict); a table's bots are
driven by exactly one process, and by another when that one dies.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from fruitbowl.server.db import ActionRow

from .conftest import _pg_database
from .helpers import servers, table_state, wait_for_turn


@pytest.fixture(scope="module")
def pg_url(pg_server: str | None) -> Iterator[str]:
    yield from _pg_database(pg_server)


@pytest.fixture(scope="module")
def two_servers(
    pg_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, list[str], list[subprocess.Popen[bytes]]]]:
    """Two servers on one database for the whole module (the last test kills the first one)."""
    env = {
        "FRUITBOWL_HOME": str(tmp_path_factory.mktemp("scaleout")),
        "FRUITBOWL_RATE_LIMITS": "off",
        "FRUITBOWL_CLAIM_INTERVAL": "0.3",
    }
    with servers(2, pg_url, env) as started:
        yield pg_url, [url for url, _ in started], [process for _, process in started]


def _two_human_table(base: str, join_base: str) -> tuple[str, dict[int, str]]:
    body = {"game": "tanghulu", "players": 2, "seats": [{"controller": "human"}, {"controller": "human"}]}
    created = httpx.post(f"{base}/api/tables", json=body).json()
    invite = created["invites"]["1"].split("invite=")[1]
    joined = httpx.post(f"{join_base}/api/tables/{created['id']}/join", json={"invite": invite}).json()
    return created["id"], {0: created["token"], 1: joined["token"]}


_LATEST: dict[int, dict[str, Any]] = {}


def _until_version(ws: Any, version: int) -> dict[str, Any]:
    """The socket's latest snapshot once it has reached ``version`` (reading as needed)."""
    deadline = time.monotonic() + 10
    latest = _LATEST.get(id(ws))
    while latest is None or latest["version"] < version:
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "state":
            latest = _LATEST[id(ws)] = message
    return latest


def _until_playing(ws: Any) -> dict[str, Any]:
    """The socket's snapshot once its server knows the table is playing: a join made on the other
    server reaches this one by NOTIFY a moment later, so the first snapshot may still say 'open'."""
    deadline = time.monotonic() + 10
    latest = _LATEST.get(id(ws))
    while latest is None or latest["status"] != "playing":
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "state":
            latest = _LATEST[id(ws)] = message
    return latest


def test_clients_on_either_server_see_every_move(two_servers: Any) -> None:
    _, (a, b), _ = two_servers
    table_id, tokens = _two_human_table(a, b)
    ws_url = {base: base.replace("http", "ws") + f"/ws/tables/{table_id}" for base in (a, b)}
    with (
        connect(f"{ws_url[a]}?token={tokens[0]}") as seat0_on_a,
        connect(f"{ws_url[b]}?token={tokens[1]}") as seat1_on_b,
        connect(ws_url[b]) as spectator_on_b,
    ):
        sockets = {0: seat0_on_a, 1: seat1_on_b}
        version = max(_until_playing(ws)["version"] for ws in (seat0_on_a, seat1_on_b, spectator_on_b))
        for _ in range(12):
            states = {seat: _until_version(ws, version) for seat, ws in sockets.items()}
            watched = _until_version(spectator_on_b, version)
            assert watched["version"] == version
            mover = watched["view"]["current_player"]
            assert states[mover]["legal"] and not states[1 - mover]["legal"]
            sockets[mover].send(
                json.dumps({"type": "action", "action": states[mover]["legal"][0]["code"], "version": version})
            )
            version += 1
            # The move made on one server reaches the other server's clients.
            assert _until_version(sockets[1 - mover], version)["version"] == version
            assert _until_version(spectator_on_b, version)["view"] == table_state(b, table_id)["view"]
    assert table_state(a, table_id)["view"] == table_state(b, table_id)["view"]


def test_a_notice_whose_move_does_not_follow_is_not_applied_and_the_table_is_read_again(two_servers: Any) -> None:
    """A move's notice carries the move, which the other server applies when it is at the revision
    the move was made at; a notice it cannot follow that way (another revision, an action that is
    not legal there) changes nothing by itself: the server reads the table's rows again, so its
    clients go on seeing exactly what the database holds."""
    url, (a, b), _ = two_servers
    table_id, tokens = _two_human_table(a, b)
    engine = sa.create_engine(url)
    try:
        with connect(b.replace("http", "ws") + f"/ws/tables/{table_id}") as spectator_on_b:
            version = _until_playing(spectator_on_b)["version"]
            before = table_state(a, table_id)["view"]
            legal = table_state(a, table_id, tokens[before["current_player"]])["legal"]
            space = httpx.get(f"{a}/api/tables/{table_id}/actions").json()["actions"]
            text = next(action["text"] for action in space if action["code"] == legal[0]["code"])
            with engine.begin() as db:
                revision = db.execute(
                    sa.text("SELECT revision FROM tables WHERE id = :id"), {"id": table_id}
                ).scalar_one()
                for move in (f"{revision + 7} {text}", f"{revision} no such action", "x y"):
                    db.execute(sa.text("SELECT pg_notify('fruitbowl_tables', :p)"), {"p": f"forged {table_id} {move}"})
            time.sleep(1.0)
            assert table_state(b, table_id)["view"] == before, "nothing applied from a notice that does not follow"
            assert table_state(b, table_id)["version"] == version
            # and a real move through the other server still arrives, from its notice
            mover = before["current_player"]
            made = httpx.post(
                f"{a}/api/tables/{table_id}/actions",
                json={"action": legal[0]["code"], "version": version},
                headers={"X-Seat-Token": tokens[mover]},
            )
            assert made.status_code == 200, made.text
            assert _until_version(spectator_on_b, version + 1)["view"] == table_state(a, table_id)["view"]
    finally:
        engine.dispose()


def test_a_rename_on_one_server_reaches_the_other_and_a_name_is_given_once(two_servers: Any) -> None:
    _, (a, b), _ = two_servers
    table_id, tokens = _two_human_table(a, b)
    with connect(b.replace("http", "ws") + f"/ws/tables/{table_id}") as spectator_on_b:
        _until_playing(spectator_on_b)
        renamed = httpx.post(
            f"{a}/api/tables/{table_id}/name", json={"name": "Ada"}, headers={"X-Seat-Token": tokens[0]}
        )
        assert renamed.status_code == 200, renamed.text
        deadline = time.monotonic() + 10
        seen = _LATEST[id(spectator_on_b)]
        while seen["players"][0]["name"] != "Ada":
            message = json.loads(spectator_on_b.recv(timeout=max(0.01, deadline - time.monotonic())))
            if message["type"] == "state":
                seen = message
        assert seen["log"][-1]["text"] == "Player 1 is now called Ada."
    # Both seats ask for one name at once, through both servers: the database gives it once.
    with ThreadPoolExecutor(2) as pool:
        asked = [
            pool.submit(
                httpx.post, f"{base}/api/tables/{table_id}/name", json={"name": "Bo"}, headers={"X-Seat-Token": token}
            )
            for base, token in ((a, tokens[0]), (b, tokens[1]))
        ]
        answers = sorted(f.result().status_code for f in asked)
    assert answers == [200, 409]
    names = [p["name"] for p in table_state(b, table_id)["players"]]
    assert sorted(n.casefold() for n in names).count("bo") == 1


def test_concurrent_moves_for_one_turn_are_applied_once(two_servers: Any) -> None:
    url, (a, b), _ = two_servers
    table_id, tokens = _two_human_table(a, b)
    with httpx.Client(timeout=30) as http, ThreadPoolExecutor(16) as pool:
        for _ in range(5):
            state = table_state(a, table_id, tokens[0])
            seat = state["view"]["current_player"]
            legal = table_state(b, table_id, tokens[seat])["legal"]

            def post(n: int, version: int = state["version"], legal: list[Any] = legal, seat: int = seat) -> Any:
                base = (a, b)[n % 2]
                return http.post(
                    f"{base}/api/tables/{table_id}/actions",
                    json={"action": legal[n % len(legal)]["code"], "version": version},
                    headers={"X-Seat-Token": tokens[seat]},
                )

            responses = list(pool.map(post, range(16)))
            ok = [n for n, r in enumerate(responses) if r.status_code == 200]
            refused = [r for r in responses if r.status_code != 200]
            # One move is made; the same move sent again to the server that made it is answered
            # as done (a double click), any other is refused.
            assert len({legal[n % len(legal)]["code"] for n in ok}) == 1, [r.text for r in responses]
            assert {responses[n].json()["version"] for n in ok} == {state["version"] + 1}
            for response in refused:
                assert response.status_code == 409 and "moved on" in response.json()["error"], response.text
            for base in (a, b):  # both servers agree on the one move
                deadline = time.monotonic() + 5
                while table_state(base, table_id)["version"] != state["version"] + 1 and time.monotonic() < deadline:
                    time.sleep(0.02)
                assert table_state(base, table_id)["version"] == state["version"] + 1
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as db:
        numbers = list(
            db.scalars(sa.select(ActionRow.number).where(ActionRow.table_id == table_id).order_by(ActionRow.number))
        )
    engine.dispose()
    assert numbers == list(range(1, 6))


def _bots_lock_is_held(url: str, table_id: str) -> bool:
    """Whether some process holds the table's bot lock (tried from a connection of our own)."""
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as db:
            got = db.scalar(
                sa.text("SELECT pg_try_advisory_lock(hashtextextended('fruitbowl-bots:' || :id, 0))"), {"id": table_id}
            )
            if got:
                db.execute(
                    sa.text("SELECT pg_advisory_unlock(hashtextextended('fruitbowl-bots:' || :id, 0))"),
                    {"id": table_id},
                )
            return not got
    finally:
        engine.dispose()


def test_a_seat_taken_on_one_server_is_known_on_the_other_and_forged_tokens_hold_up_no_one(two_servers: Any) -> None:
    """A token the server has not seen (a seat just taken through the other server) is looked up
    in the database, off the event loop: the new player is served at once, and a stream of forged
    tokens is refused with one sentence each while the table's players go on playing through it."""
    _, (a, b), _ = two_servers
    body = {"game": "tanghulu", "players": 2, "seats": [{"controller": "human"}, {"controller": "human"}]}
    created = httpx.post(f"{a}/api/tables", json=body).json()
    table_id = created["id"]
    assert table_state(a, table_id)["status"] == "open"  # server a holds the table, seat 2 free
    invite = created["invites"]["1"].split("invite=")[1]
    joined = httpx.post(f"{b}/api/tables/{table_id}/join", json={"invite": invite}).json()
    assert table_state(a, table_id, joined["token"])["seat"] == 1  # at once, on the other server
    tokens = {0: created["token"], 1: joined["token"]}
    url = f"{a}/api/tables/{table_id}"
    with httpx.Client(timeout=60) as http, ThreadPoolExecutor(8) as pool:
        forged = [
            pool.submit(http.get, url, headers={"X-Seat-Token": f"forged-{n:04d}-{'x' * 20}"}) for n in range(200)
        ]
        for _ in range(6):  # the players' moves, through server a, while the forged tokens arrive
            states = {seat: table_state(a, table_id, token) for seat, token in tokens.items()}
            mover = next(seat for seat, state in states.items() if state["legal"])
            move = {"action": states[mover]["legal"][0]["code"], "version": states[mover]["version"]}
            answer = http.post(f"{url}/actions", json=move, headers={"X-Seat-Token": tokens[mover]})
            assert answer.status_code == 200, answer.text
        refusals = [f.result() for f in forged]
    # (refused, and once a guesser has tried too many, locked out: 429 with Retry-After)
    assert {r.status_code for r in refusals} == {403, 429}
    said = {r.json()["error"] for r in refusals if r.status_code == 403}
    assert said == {"this seat token is not valid for this table"}
    assert all(r.headers.get("Retry-After") for r in refusals if r.status_code == 429)
    assert table_state(b, table_id)["version"] == table_state(a, table_id)["version"] >= 6


def test_bots_are_driven_by_one_process_and_resume_when_it_dies(two_servers: Any) -> None:
    url, (a, b), servers = two_servers
    created = httpx.post(f"{a}/api/tables", json={"game": "tanghulu", "players": 2, "name": "Ada"}).json()
    table_id, token = created["id"], created["token"]
    assert _bots_lock_is_held(url, table_id)
    wait_for_turn(b, table_id, token, seconds=15)
    servers[0].send_signal(signal.SIGKILL)  # the process driving the bot dies
    servers[0].wait()
    state = wait_for_turn(b, table_id, token, seconds=15)
    while state["view"]["current_player"] == 0 and state["status"] == "playing":  # play until the bot is to act
        response = httpx.post(
            f"{b}/api/tables/{table_id}/actions",
            json={"action": state["legal"][0]["code"], "version": state["version"]},
            headers={"X-Seat-Token": token},
        )
        assert response.status_code == 200, response.text
        state = table_state(b, table_id, token)
    after = wait_for_turn(b, table_id, token, seconds=15)  # the bot answered: server B took it over
    assert after["version"] > state["version"] or after["status"] == "finished"
    # B holds the table's bot lock now, until the game ends (then it lets go).
    assert _bots_lock_is_held(url, table_id) == (after["status"] != "finished")
