"""Clocks and stand-ins (issue 22), from the issue's sentences, through a real server process.

"A table may have a time control, chosen at creation: none (default); real time; or turn based.
Clocks are kept by the server (they survive a restart and never run while the server is down).
When a player's time runs out, or a player presses Leave, a stand-in bot (``takeover``, chosen by
the host) plays for that seat — ``players[seat]["takeover"]`` is true — until the player comes
back and acts, which reclaims the seat. Results mark the games a stand-in finished."

The server runs with ``FRUITBOWL_CLOCK_MINIMUM`` so that a real-time clock of a few seconds can
run out within a test, and a bot delay that gives a returning player time to act first.
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from fruitbowl.server.clocks import Clock, TimeControl
from fruitbowl.server.run import free_port, spawn

pytestmark = pytest.mark.slow

ENV = {"FRUITBOWL_CLOCK_MINIMUM": "1"}
BOT_DELAY = 1.0


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    return spawn(port, f"sqlite:///{db}", bot_delay=BOT_DELAY, env={**ENV, "FRUITBOWL_HOME": str(db.parent)})


def _stop(process: subprocess.Popen[bytes], sig: int = signal.SIGINT) -> None:
    process.send_signal(sig)
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    process = _start(tmp_path_factory.mktemp("clocks") / "fruitbowl.db", port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(process)


def _pair(base: str, clock: dict[str, Any] | None, takeover: str = "random") -> dict[str, Any]:
    """Ada (seat 1) and Bob (seat 2) at a two-player Tang Hu Lu table with this clock."""
    body = {
        "game": "tanghulu",
        "seats": [{"controller": "human", "name": "Ada"}, {"controller": "human"}],
        "clock": clock,
        "takeover": takeover,
    }
    created = httpx.post(f"{base}/api/tables", json=body)
    assert created.status_code == 201, created.text
    table = created.json()
    invite = table["invites"]["1"].split("invite=")[1]
    bob = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"invite": invite, "name": "Bob"}).json()
    return {"id": table["id"], "tokens": [table["token"], bob["token"]]}


def _state(base: str, table: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    response = httpx.get(f"{base}/api/tables/{table['id']}", headers={"X-Seat-Token": table["tokens"][seat]})
    assert response.status_code == 200, response.text
    return response.json()


def _until(
    base: str, table: dict[str, Any], seat: int, what: Callable[[dict[str, Any]], bool], within: float = 15
) -> dict[str, Any]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        state = _state(base, table, seat)
        if what(state):
            return state
        time.sleep(0.1)
    raise AssertionError(f"not within {within} s: {state['clock']} {state['players']}")


def _post(base: str, table: dict[str, Any], path: str, seat: int | None, **body: Any) -> httpx.Response:
    headers = {} if seat is None else {"X-Seat-Token": table["tokens"][seat]}
    return httpx.post(f"{base}/api/tables/{table['id']}/{path}", headers=headers, json=body or None)


def _move(base: str, table: dict[str, Any], seat: int, state: dict[str, Any]) -> httpx.Response:
    return _post(base, table, "actions", seat, action=state["legal"][0]["code"], version=state["version"])


def _play_turn(base: str, table: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat makes moves until the turn passes to the other seat; the state then."""
    for _ in range(30):
        state = _state(base, table, seat)
        if state["clock"]["running"] != seat:
            return state
        assert _move(base, table, seat, state).status_code == 200
    raise AssertionError("the turn never passed")


def _log(state: dict[str, Any]) -> list[str]:
    return [entry["text"] for entry in state["log"]]


def _at(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


# ---------------------------------------------------------------------- creating


def test_no_clock_is_the_default(base: str) -> None:
    table = _pair(base, None)
    state = _state(base, table)
    assert state["clock"] is None
    assert [p["takeover"] for p in state["players"]] == [False, False]


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ("fast", '"clock" must be null or an object'),
        ({"kind": "blitz"}, "a clock's kind is realtime or turn, not 'blitz'"),
        ({"kind": "realtime"}, "a realtime clock needs base_s (seconds)"),
        ({"kind": "realtime", "base_s": 0.5}, "a clock's base_s goes from 10 s to 3 h, not 0.5"),
        ({"kind": "realtime", "base_s": 3 * 3600 + 1}, "a clock's base_s goes from 10 s to 3 h, not 10801"),
        ({"kind": "realtime", "base_s": 600, "increment_s": 61}, "increment_s goes from 0 s to 1 min, not 61"),
        ({"kind": "realtime", "base_s": 600, "increment_s": -1}, "increment_s goes from 0 s to 1 min, not -1"),
        ({"kind": "realtime", "base_s": "ten"}, "a clock's base_s must be a number of seconds"),
        ({"kind": "realtime", "base_s": True}, "a clock's base_s must be a number of seconds"),
        (
            {"kind": "realtime", "base_s": 600, "per_move_s": 60},
            "a realtime clock takes base_s, increment_s, not per_move_s",
        ),
        ({"kind": "turn", "per_move_s": 15 * 86400}, "a clock's per_move_s goes from 1 min to 14 days, not 1296000"),
        ({"kind": "turn"}, "a turn clock needs per_move_s (seconds)"),
    ],
)
def test_a_bad_time_control_is_refused_in_one_sentence_and_nothing_is_made(base: str, clock: Any, words: str) -> None:
    before = httpx.get(f"{base}/api/tables").json()["tables"]
    response = httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "clock": clock})
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert words in message and "\n" not in message
    assert httpx.get(f"{base}/api/tables").json()["tables"] == before


def test_an_unknown_stand_in_level_is_refused_naming_the_levels(base: str) -> None:
    response = httpx.post(f"{base}/api/tables", json={"game": "tanghulu", "takeover": "<b>godlike</b>"})
    assert response.status_code == 400
    assert response.json()["error"].startswith("unknown bot level '<b>godlike</b>'; the levels are: random, greedy")


# ---------------------------------------------------------------------- real time


def test_a_realtime_clock_runs_for_the_seat_to_act_only(base: str) -> None:
    table = _pair(base, {"kind": "realtime", "base_s": 600, "increment_s": 10})
    state = _state(base, table)
    clock = state["clock"]
    assert clock["kind"] == "realtime" and clock["base_s"] == 600 and clock["increment_s"] == 10
    mover = clock["running"]
    assert mover in (0, 1) and mover == _state(base, table, mover)["seat"]
    waiting = 1 - mover
    assert clock["remaining_s"][waiting] == 600
    assert 598 < clock["remaining_s"][mover] <= 600
    deadline = _at(clock["deadline"])
    assert timedelta(seconds=598) < deadline - datetime.now(UTC) <= timedelta(seconds=600)
    time.sleep(1.2)
    later = _state(base, table)["clock"]
    assert later["remaining_s"][waiting] == 600  # only the running clock goes down
    assert later["remaining_s"][mover] <= clock["remaining_s"][mover] - 1
    assert later["deadline"] == clock["deadline"]


def test_when_the_time_runs_out_the_stand_in_plays_until_the_player_acts_again(base: str) -> None:
    table = _pair(base, {"kind": "realtime", "base_s": 2, "increment_s": 0})
    first = _state(base, table)
    late = first["clock"]["running"]
    name = first["players"][late]["name"]
    gone = _until(base, table, late, lambda s: s["players"][late]["takeover"])
    assert gone["clock"]["remaining_s"][late] == 0
    assert "Your time ran out: a Random bot plays for you until you take your seat back." in _log(gone)
    other = _state(base, table, 1 - late)
    assert f"{name}'s time ran out: a Random bot plays for {name}." in _log(other)
    # The stand-in moves for the seat (the other clock does not run meanwhile).
    moved = _until(base, table, late, lambda s: any(e["actor"] == late and e["move"] > 0 for e in s["log"]))
    assert moved["players"][late]["takeover"]
    # Back: the player acts on their turn while the stand-in holds the seat, which is theirs again.
    while True:
        mine = _until(base, table, late, lambda s: bool(s["legal"]) or s["status"] == "finished", within=30)
        assert mine["status"] == "playing"
        if mine["players"][late]["takeover"]:
            response = _move(base, table, late, mine)
            if response.status_code == 200:
                break
        else:
            break
    back = _state(base, table, late)
    assert not back["players"][late]["takeover"]
    assert "You are back: your seat is yours again." in _log(back)
    assert f"{name} is back and plays again." in _log(_state(base, table, 1 - late))
    # On a real-time clock the returning player gets at least the base time (shorter than a minute).
    assert back["clock"]["remaining_s"][late] > 1 or back["clock"]["running"] != late


def test_a_player_leaves_and_takes_the_seat_back(base: str) -> None:
    table = _pair(base, {"kind": "realtime", "base_s": 600, "increment_s": 5}, takeover="greedy")
    state = _state(base, table)
    leaver = 1 - state["clock"]["running"]  # the one who waits leaves
    left_with = state["clock"]["remaining_s"][leaver]
    response = _post(base, table, "leave", leaver)
    assert response.status_code == 200 and response.json() == {"seat": leaver, "takeover": True}
    state = _state(base, table, leaver)
    assert state["players"][leaver]["takeover"] and state["takeover"] == "greedy"
    assert "You left: a Greedy bot plays for you until you take your seat back." in _log(state)
    again = _post(base, table, "leave", leaver)
    assert again.status_code == 409 and again.json()["error"].startswith("a stand-in already plays for you")
    # The other plays their turn; then the stand-in moves, which costs no time.
    _play_turn(base, table, 1 - leaver)
    _until(base, table, leaver, lambda s: any(e["actor"] == leaver and e["move"] > 0 for e in s["log"]))
    assert _state(base, table)["clock"]["remaining_s"][leaver] == left_with
    response = _post(base, table, "back", leaver)
    assert response.status_code == 200 and response.json() == {"seat": leaver, "takeover": False}
    state = _state(base, table, leaver)
    assert not state["players"][leaver]["takeover"]
    assert state["clock"]["remaining_s"][leaver] <= left_with
    twice = _post(base, table, "back", leaver)
    assert twice.status_code == 409 and twice.json()["error"] == "your seat is already yours: no stand-in plays for you"


def test_leave_and_back_refuse_bad_requests_and_change_nothing(base: str) -> None:
    table = _pair(base, {"kind": "turn", "per_move_s": 86400})
    other = _pair(base, None)
    before = _state(base, table)
    cases = [
        (_post(base, table, "leave", None), 403, "only a seated player can leave a game: send your seat token"),
        (_post(base, table, "back", None), 403, "only a seated player can take a seat back: send your seat token"),
        (
            httpx.post(f"{base}/api/tables/{table['id']}/leave", headers={"X-Seat-Token": other["tokens"][0]}),
            403,
            "this seat token is not valid for this table",
        ),
        (
            httpx.post(f"{base}/api/tables/nosuchtable/leave", headers={"X-Seat-Token": table["tokens"][0]}),
            404,
            "there is no table 'nosuchtable'",
        ),
        (_post(base, table, "back", 0), 409, "your seat is already yours: no stand-in plays for you"),
    ]
    for response, status, message in cases:
        assert response.status_code == status and response.json() == {"error": message}
    after = _state(base, table)
    assert after["players"] == before["players"] and after["log"] == before["log"]
    # An open table (a seat still free) has no game to hand over yet.
    created = httpx.post(
        f"{base}/api/tables", json={"game": "tanghulu", "seats": [{"controller": "human"}, {"controller": "human"}]}
    ).json()
    response = httpx.post(f"{base}/api/tables/{created['id']}/leave", headers={"X-Seat-Token": created["token"]})
    assert response.status_code == 409 and response.json()["error"].startswith("you can leave a game in play")


# ---------------------------------------------------------------------- turn based


def test_a_turn_clock_gives_each_turn_its_whole_time(base: str) -> None:
    table = _pair(base, {"kind": "turn", "per_move_s": 86400})
    state = _state(base, table)
    clock = state["clock"]
    assert clock["kind"] == "turn" and clock["per_move_s"] == 86400 and "base_s" not in clock
    mover = clock["running"]
    assert timedelta(hours=23, minutes=59) < _at(clock["deadline"]) - datetime.now(UTC) <= timedelta(days=1)
    # The mover plays until the turn passes; the other seat's turn then has a whole day.
    state = _play_turn(base, table, mover)
    clock = state["clock"]
    nxt = clock["running"]
    assert nxt == 1 - mover
    assert clock["remaining_s"][mover] == 86400  # their next turn's time
    assert timedelta(hours=23, minutes=59) < _at(clock["deadline"]) - datetime.now(UTC) <= timedelta(days=1)


# ---------------------------------------------------------------------- restarts


def test_a_restart_resumes_the_clock_without_charging_the_downtime(tmp_path: Path) -> None:
    """Killed (nothing stored on the way out) or asked to stop (the time left is stored), the
    server resumes each running clock from what it had, and the time it was down is not charged."""
    db, port = tmp_path / "fruitbowl.db", free_port()
    base = f"http://127.0.0.1:{port}"
    process = _start(db, port)
    try:
        table = _pair(base, {"kind": "realtime", "base_s": 8, "increment_s": 0})
        time.sleep(1.5)
        before = _state(base, table)["clock"]
        mover = before["running"]
        assert 5 < before["remaining_s"][mover] < 7
    finally:
        _stop(process, signal.SIGKILL)
    time.sleep(2.0)  # the server is down: nobody's clock runs
    process = _start(db, port)
    try:
        after = _state(base, table)["clock"]
        assert after["running"] == mover
        assert after["remaining_s"][mover] >= before["remaining_s"][mover] - 0.5  # not 2 s and more less
        assert after["remaining_s"][1 - mover] == 8
        time.sleep(1.0)
        stopping = _state(base, table)["clock"]
        assert stopping["remaining_s"][mover] <= after["remaining_s"][mover] - 0.9  # it runs again
    finally:
        _stop(process)  # Ctrl-C: the time left is stored as the server stops
    time.sleep(2.0)
    process = _start(db, port)
    try:
        again = _state(base, table)["clock"]
        assert stopping["remaining_s"][mover] - 1.5 <= again["remaining_s"][mover] <= stopping["remaining_s"][mover]
        # and it runs out on the restarted server: the stand-in takes the seat
        out = _until(base, table, mover, lambda s: s["players"][mover]["takeover"], within=15)
        assert out["clock"]["remaining_s"][mover] == 0
    finally:
        _stop(process)


# ---------------------------------------------------------------------- the rules themselves


def test_increment_comes_when_the_turn_passes_and_a_stand_in_costs_no_time() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    at = lambda s: start + timedelta(seconds=s)  # noqa: E731
    clock = Clock.start(TimeControl("realtime", base_s=60, increment_s=5), 2).run(0, at(0))
    clock = clock.after_move(0, 0, at(10))  # seat 1 acts again: one turn, no increment yet
    assert clock.left(0, at(10)) == 50
    clock = clock.after_move(0, 1, at(12))  # the turn passes: 48 + 5
    assert clock.left(0, at(20)) == 53 and clock.left(1, at(20)) == 52
    assert clock.deadline() == at(72)
    clock = clock.ran_out(1, at(72))  # seat 2's time ran out: a stand-in plays, no clock runs
    assert clock.running is None and clock.left(1, at(100)) == 0
    clock = clock.after_move(1, 0, at(73))  # the stand-in's move: no time, no increment
    assert clock.left(1, at(73)) == 0 and clock.running == 0
    assert clock.reclaimed(1).left(1, at(80)) == 60  # back with at least a minute (here the base)


def test_results_mark_the_stand_in(tmp_path: Path) -> None:
    """Results mark the games a stand-in finished: the state's result and the lobby's list name
    the seats a stand-in played for (``stand_ins``) and those it held at the end."""
    db, port = tmp_path / "fruitbowl.db", free_port()
    base = f"http://127.0.0.1:{port}"
    process = spawn(port, f"sqlite:///{db}", env={**ENV, "FRUITBOWL_HOME": str(tmp_path)})
    try:
        body = {"game": "tanghulu", "seats": [{"controller": "human", "name": "Ada"}, {"controller": "random"}]}
        clock = {"kind": "turn", "per_move_s": 3600}
        table = httpx.post(f"{base}/api/tables", json={**body, "takeover": "random", "clock": clock}).json()
        table = {"id": table["id"], "tokens": [table["token"]]}
        assert _post(base, table, "leave", 0).status_code == 200
        done = _until(base, table, 0, lambda s: s["status"] == "finished", within=60)
        assert done["result"]["stand_ins"] == [0] and done["result"]["finished_by_stand_in"] == [0]
        assert done["players"][0]["takeover"]
        listed = [t for t in httpx.get(f"{base}/api/tables?status=finished").json()["tables"] if t["id"] == table["id"]]
        assert listed[0]["result"]["finished_by_stand_in"] == [0]
        # A rematch keeps the time control and the stand-in; its result starts unmarked.
        rematch = _post(base, table, "rematch", 0)
        assert rematch.status_code == 201, rematch.text
        again = _state(base, {"id": rematch.json()["id"], "tokens": table["tokens"]})
        assert again["clock"]["kind"] == "turn" and again["clock"]["per_move_s"] == 3600
        assert again["takeover"] == "random" and not again["players"][0]["takeover"]
        assert again["clock"]["remaining_s"][1] is None  # a bot's seat has no clock
    finally:
        _stop(process)


# ---------------------------------------------------------------------- on both databases


def test_time_runs_out_and_the_player_comes_back_on_each_database(db_url: str) -> None:
    """The same promise on SQLite and PostgreSQL (the clock, the seats and the notes stored in
    each), through the app in this process."""
    from fastapi.testclient import TestClient

    from fruitbowl.server import create_app
    from fruitbowl.server.limits import Limits

    with TestClient(create_app(db_url, limits=Limits(clock_minimum=1))) as client:
        seats = [{"controller": "human", "name": "Ada"}, {"controller": "human", "name": "Bob"}]
        clock = {"kind": "realtime", "base_s": 2.5, "increment_s": 0}
        body = {"game": "tanghulu", "seats": seats, "clock": clock, "takeover": "random"}
        created = client.post("/api/tables", json=body).json()
        invite = created["invites"]["1"].split("invite=")[1]
        bob = client.post(f"/api/tables/{created['id']}/join", json={"invite": invite}).json()
        tokens = [created["token"], bob["token"]]

        def read(seat: int) -> dict[str, Any]:
            return client.get(f"/api/tables/{created['id']}", headers={"X-Seat-Token": tokens[seat]}).json()

        late = read(0)["clock"]["running"]
        deadline = time.monotonic() + 15
        while not read(late)["players"][late]["takeover"]:
            assert time.monotonic() < deadline, "the time never ran out"
            time.sleep(0.1)
        gone = read(late)
        assert gone["clock"]["remaining_s"][late] == 0
        assert any(e["kind"] == "timeout" and e["actor"] == late for e in gone["log"])
        back = client.post(f"/api/tables/{created['id']}/back", headers={"X-Seat-Token": tokens[late]})
        assert back.status_code == 200
        state = read(late)
        assert not state["players"][late]["takeover"]
        assert any(e["kind"] == "back" and e["actor"] == late for e in state["log"])
        assert state["clock"]["remaining_s"][late] > 0  # the base time again (it is under a minute)


def test_a_turn_clock_starts_each_turn_afresh_and_a_returning_player_gets_a_whole_turn() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    at = lambda s: start + timedelta(seconds=s)  # noqa: E731
    clock = Clock.start(TimeControl("turn", per_move_s=3600), 3).run(0, at(0))
    clock = clock.after_move(0, 0, at(600))  # another action of the same turn: the same hour
    assert clock.left(0, at(600)) == 3000 and clock.deadline() == at(3600)
    clock = clock.after_move(0, 2, at(1200))  # the turn passes: a whole hour for seat 3
    assert clock.left(2, at(1200)) == 3600 and clock.left(0, at(1200)) == 3600
    assert clock.out_of_time(at(4799)) is None and clock.out_of_time(at(4800)) == 2
    clock = clock.ran_out(2, at(4800))
    assert clock.reclaimed(2).left(2, at(9999)) == 3600
    # a long real-time game: a returning player keeps what they had, at least a minute
    real = Clock.start(TimeControl("realtime", base_s=600), 2).ran_out(1, at(0))
    assert real.reclaimed(1).left(1, at(5)) == 60
