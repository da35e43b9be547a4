"""What a viewer may fetch of a table (issue 19, items 3 and 4).

Every payload a seat or a spectator can fetch (snapshot, WebSocket message, replay and the
positions in it, record, review, action list) holds nothing the game hides from that viewer:
the oracle is the game's own events (``Event.secret`` belongs to ``Event.owner`` alone) read from
the full record. A private table (no spectators, no open join) is unlisted, and only its seats
get its record, replay and review.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fruitbowl.engine import Event, Record, replay
from fruitbowl.engine.record import start_state
from fruitbowl.server import create_app
from fruitbowl.server.limits import Limits

from .helpers import act, snapshot, with_fixed

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("fabledfruit", {}),
    ("fabledfruit", {"lime": True}),
    ("tanghulu", {}),
    ("juicyfruits", {"modules": "mystic_island+boulders+new_business"}),
    ("citrus", {}),
]


def _play(client: TestClient, game: str, options: dict[str, Any], moves: int) -> tuple[str, list[str | None]]:
    """Two people (seats 0 and 1) and a bot (seat 2) play ``moves`` moves or to the end."""
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human", "name": "Bo"}, {"controller": "random"}]
    created = client.post("/api/tables", json={"game": game, "players": 3, "options": options, "seats": seats})
    assert created.status_code == 201, created.text
    table = created.json()
    joined = client.post(f"/api/tables/{table['id']}/join", json={"invite": table["invites"]["1"].split("=")[-1]})
    tokens: list[str | None] = [table["token"], joined.json()["token"], None]
    rng = random.Random(game)
    for _ in range(moves * 3):
        states = [snapshot(client, table["id"], token) for token in tokens[:2]]
        if states[0]["status"] == "finished" or states[0]["version"] >= moves:
            break
        for seat, state in enumerate(states):
            token = tokens[seat]
            if state["legal"] and token is not None:
                choice = rng.choice(state["legal"])["code"]
                assert act(client, table["id"], token, choice, state["version"]).status_code == 200
    for _ in range(500):  # the bot may still be moving: read the table once a person holds the turn
        states = [snapshot(client, table["id"], token) for token in tokens[:2]]
        if states[0]["status"] == "finished" or any(state["legal"] for state in states):
            break
        time.sleep(0.01)
    return table["id"], tokens


@pytest.fixture(scope="module")
def sqlite_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("privacy") / "t.db"
    # Reads are not the subject here (test_limits.py checks their limits): every position is read,
    # and each game's review asked for by every viewer, faster than a person would.
    limits = dataclasses.replace(Limits(), read_rate=1e9, read_burst=1e9, review_rate=1e9, review_burst=1e9)
    with TestClient(create_app(f"sqlite:///{db}", limits=limits)) as client:
        yield client


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}{'-' + next(iter(o)) if o else ''}" for g, o in GAMES])
def test_every_payload_holds_only_what_its_viewer_may_know(
    sqlite_client: TestClient, game: str, options: dict[str, Any]
) -> None:
    client = sqlite_client
    table_id, tokens = _play(client, game, options, moves=160 if game == "fabledfruit" else 60)
    live = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
    truth = Record(**{**live.match.record.__dict__, "actions": list(live.match.record.actions), "result": None})
    finished = live.status == "finished"
    game_rules, opening = start_state(truth)
    names = [p.name for p in truth.players]
    moves: list[tuple[int, str, list[Any]]] = []  # (actor, text, events) of every move
    actor = opening.current_player
    for _number, text, state, events in replay(truth):
        moves.append((actor, text, list(events)))
        actor = state.current_player
    hidden_somewhere = 0
    for viewer in (None, 0, 1):
        headers = {"X-Seat-Token": tokens[viewer]} if viewer is not None else {}
        payload = client.get(f"/api/tables/{table_id}/replay", headers=headers)
        assert payload.status_code == 200, payload.text
        steps = payload.json()["steps"]
        assert len(steps) == len(moves) + 1 and all("view" not in step for step in steps)
        for (actor, text, events), step in zip(moves, steps[1:], strict=True):
            secrets = [e for e in events if e.secret is not None and e.owner != viewer]
            if actor == viewer or not secrets:
                assert step["action"] == text, f"move {step['move']}: the viewer may see {text!r}"
                continue
            hidden_somewhere += 1
            assert step["action"] is None, f"move {step['move']} shows {text!r} although it hides something"
            # The log reads exactly as if the secrets were not there at all.
            blind = [Event(e.kind, e.actor, e.data, e.secret if e.owner == viewer else None, e.owner) for e in events]
            assert step["log"] == [game_rules.describe_event(e, viewer, names) for e in blind]
        # Positions come one at a time, each exactly as the game shows it to this viewer.
        picks = sorted({0, len(moves), *random.Random(viewer).sample(range(len(moves) + 1), 5)})
        for at in picks:
            position = client.get(f"/api/tables/{table_id}/replay?at={at}", headers=headers).json()
            state = start_state(truth)[1]
            for _n, _t, after, _e in replay(Record(**{**truth.__dict__, "actions": truth.actions[:at]})):
                state = after
            assert position["move"] == at and position["view"] == json.loads(json.dumps(state.view(viewer)))
        beyond = client.get(f"/api/tables/{table_id}/replay?at={len(moves) + 1}", headers=headers)
        assert beyond.status_code == 404 and "no move" in beyond.json()["error"]
        # The live snapshot and the WebSocket message carry the same view and log.
        current = snapshot(client, table_id, tokens[viewer] if viewer is not None else None)
        space = client.get(f"/api/tables/{table_id}/actions").json()
        assert with_fixed(current["view"], space["fixed_view"]) == json.loads(json.dumps(live.state.view(viewer)))
        query = f"?token={tokens[viewer]}" if viewer is not None else ""
        with client.websocket_connect(f"/ws/tables/{table_id}{query}") as socket:
            message = socket.receive_json()
        assert message["view"] == current["view"] and message["log"] == current["log"]
        # The action list is the game's whole action space, the same for everyone.
        assert [{k: v for k, v in a.items() if k != "label"} for a in space["actions"]] == [
            a.to_json() for a in live.state.table.actions
        ]
        # The record (its seed decides every hidden card) is nobody's until the game is over.
        record = client.get(f"/api/tables/{table_id}/record", headers=headers)
        review = client.get(f"/api/tables/{table_id}/review", headers=headers)
        if finished:
            assert record.status_code == 200 and review.status_code == 200
        else:
            assert record.status_code == 400 and "seed" not in record.json() and review.status_code == 409
    if game == "fabledfruit":  # fruits given face down, drawn cards: something was hidden from someone
        assert hidden_somewhere, "the game hid nothing: the test played too little"


def test_a_private_table_is_unlisted_and_only_its_seats_read_it(client: TestClient) -> None:
    seats = [{"controller": "human"}, {"controller": "random"}]  # (a quick bot: the game is played to its end)
    private = client.post(
        "/api/tables", json={"game": "tanghulu", "seats": seats, "allow_spectators": False, "open_join": False}
    ).json()
    no_spectators = client.post("/api/tables", json={"game": "tanghulu", "players": 2, "allow_spectators": False})
    public = client.post("/api/tables", json={"game": "tanghulu", "players": 2}).json()
    for status in (None, "open", "playing", "finished"):
        listed = client.get("/api/tables", params={"status": status} if status else {}).json()["tables"]
        assert private["id"] not in [t["id"] for t in listed]
    listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert no_spectators.json()["id"] in listed  # joinable by its link, so it is listed
    # Play the private table to the end (seat 0 against a random bot).
    token = private["token"]
    for _ in range(3000):
        state = snapshot(client, private["id"], token)
        if state["status"] == "finished":
            break
        if state["legal"]:
            act(client, private["id"], token, state["legal"][0]["code"], state["version"])
    assert state["status"] == "finished"
    for what in ("record", "review", "replay", "replay?at=1"):
        url = f"/api/tables/{private['id']}/{what}"
        for headers in ({}, {"X-Seat-Token": public["token"]}):  # nobody, and a seat of another table
            refused = client.get(url, headers=headers)
            assert refused.status_code == 403, (what, refused.text)
            assert set(refused.json()) == {"error"}
        assert client.get(url, headers={"X-Seat-Token": token}).status_code == 200
    assert client.get(f"/api/tables/{private['id']}").status_code == 403
