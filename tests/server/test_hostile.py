"""Hostile clients: fuzzed REST and WebSocket messages, oversized bodies, floods, guessed or
borrowed tokens, and seats or spectators trying to act or to see what they may not.

Every refusal is a clear sentence with a 4xx status (or a WebSocket error message, or a close
with a reason); nothing is ever a 500, and nothing refused changes a table.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect

from fruitbowl.engine import all_games
from fruitbowl.server import create_app
from fruitbowl.server.db import ActionRow
from fruitbowl.server.limits import Limits

from ..fuzz.strategies import FUZZ, action_codes, action_texts, json_values
from .helpers import act, create, fixed_view, legal_actions, snapshot, with_fixed


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the whole module (SQLite), with the production limits except for reads:
    these tests read every position several times a move, and every test here shares one
    address (test_limits.py checks the read limit against a real server)."""
    db = Path(tmp_path_factory.mktemp("hostile")) / "tables.db"
    limits = dataclasses.replace(Limits(), read_rate=1e9, read_burst=1e9)
    with TestClient(create_app(f"sqlite:///{db}", limits=limits), raise_server_exceptions=True) as test_client:
        yield test_client


def _two_humans(client: TestClient, game: str = "tanghulu", players: int = 2) -> tuple[str, dict[int, str]]:
    table = create(client, game=game, players=players, seats=[{"controller": "human"}] * players)
    tokens = {0: table["token"]}
    for seat, link in table["invites"].items():
        joined = client.post(f"/api/tables/{table['id']}/join", json={"invite": link.split("invite=")[1]})
        assert joined.status_code == 200, joined.text
        tokens[int(seat)] = joined.json()["token"]
    return table["id"], tokens


def _stored_moves(client: TestClient, table_id: str) -> int:
    service = client.app.state.service  # type: ignore[attr-defined]
    with service.sessions() as db:
        return int(db.scalar(select(func.count()).where(ActionRow.table_id == table_id)) or 0)


def _fingerprint(client: TestClient, table_id: str, token: str) -> tuple[int, Any, int]:
    state = snapshot(client, table_id, token)
    return state["version"], state["view"], _stored_moves(client, table_id)


def _assert_clear_refusal(response: Any) -> None:
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    message = response.json()["error"]
    assert isinstance(message, str) and message.strip() and "Traceback" not in message


# ---------------------------------------------------------------------- fuzzed REST


@FUZZ
@given(body=json_values, route=st.sampled_from(["actions", "undo", "join", "seats/1/bot", "hint", "rematch"]))
def test_fuzzed_rest_bodies_change_nothing(app_client: TestClient, body: Any, route: str) -> None:
    table_id, tokens = _fixture_table(app_client)
    seat = snapshot(app_client, table_id, tokens[0])["view"]["current_player"]
    before = _fingerprint(app_client, table_id, tokens[seat])
    response = app_client.post(
        f"/api/tables/{table_id}/{route}", json=body, headers={"X-Seat-Token": tokens[1 - seat]}
    )  # the seat that is not to act: nothing it sends may change the table
    _assert_clear_refusal(response)
    assert _fingerprint(app_client, table_id, tokens[seat]) == before


@FUZZ
@given(action=st.one_of(action_texts, action_codes), version=st.one_of(st.none(), json_values))
def test_fuzzed_actions_by_the_seat_to_act_are_refused_or_legal(
    app_client: TestClient, action: Any, version: Any
) -> None:
    table_id, tokens = _fixture_table(app_client)
    seat = snapshot(app_client, table_id, tokens[0])["view"]["current_player"]
    state = snapshot(app_client, table_id, tokens[seat])
    legal = {a["text"] for a in legal_actions(app_client, table_id, state)} | {a["code"] for a in state["legal"]}
    response = app_client.post(
        f"/api/tables/{table_id}/actions",
        json={"action": action, "version": version},
        headers={"X-Seat-Token": tokens[seat]},
    )
    after = snapshot(app_client, table_id, tokens[seat])
    if response.status_code == 200:  # it named a legal action at the current version
        assert version in (None, state["version"]) and after["version"] == state["version"] + 1
        assert (isinstance(action, int) and action in legal) or isinstance(action, str)
    else:
        _assert_clear_refusal(response)
        assert after["version"] == state["version"] and after["view"] == state["view"]
    assert _stored_moves(app_client, table_id) == after["version"]


@FUZZ
@given(body=json_values)
def test_fuzzed_new_table_requests(app_client: TestClient, body: Any) -> None:
    if isinstance(body, dict):
        body.setdefault("game", random.Random(len(body)).choice([g.id for g in all_games()]))
    response = app_client.post("/api/tables", json=body)
    assert response.status_code in (201, 400, 422, 429), response.text
    if response.status_code != 201:
        _assert_clear_refusal(response)


_TABLES: dict[int, tuple[str, dict[int, str]]] = {}


def _fixture_table(client: TestClient) -> tuple[str, dict[int, str]]:
    """A two-human table, replaced when it finishes (examples share it)."""
    key = id(client)
    if key in _TABLES:
        table_id, tokens = _TABLES[key]
        if snapshot(client, table_id, tokens[0])["status"] == "playing":
            return _TABLES[key]
    _TABLES[key] = _two_humans(client)
    return _TABLES[key]


# ---------------------------------------------------------------------- fuzzed WebSocket


@FUZZ
@given(
    messages=st.lists(
        st.one_of(
            st.text(max_size=80),
            json_values.map(json.dumps),
            st.fixed_dictionaries(
                {"type": st.sampled_from(["action", "undo", "ping", "hint", "Action", ""])},
                optional={"action": st.one_of(action_texts, action_codes, json_values), "version": json_values},
            ).map(json.dumps),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_fuzzed_websocket_messages_are_answered_and_change_nothing(app_client: TestClient, messages: list[str]) -> None:
    table_id, tokens = _fixture_table(app_client)
    seat = snapshot(app_client, table_id, tokens[0])["view"]["current_player"]
    other = 1 - seat
    before = _fingerprint(app_client, table_id, tokens[seat])
    with app_client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[other]}") as ws:
        assert ws.receive_json()["type"] == "state"
        for raw in messages:
            ws.send_text(raw)
            ws.send_text(json.dumps({"type": "ping"}))
            while True:  # every message is answered (an error), or was a ping or an undo refusal
                reply = ws.receive_json()
                if reply["type"] == "pong":
                    break
                if reply["type"] == "error":
                    assert reply["message"].strip() and "Traceback" not in reply["message"]
    assert _fingerprint(app_client, table_id, tokens[seat]) == before


# ---------------------------------------------------------------------- sizes and floods


@pytest.fixture
def strict_client(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(
        max_body=4096,
        max_ws_message=8192,
        seat_rate=2,
        seat_burst=5,
        ws_rate=2,
        ws_burst=5,
        ws_flood_strikes=10,
        bad_token_rate=0.5,
        bad_token_burst=3,
        max_table_connections=3,
    )
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", limits=limits)) as test_client:
        yield test_client


def test_oversized_bodies_are_refused_with_413(app_client: TestClient) -> None:
    big = {"game": "tanghulu", "name": "x" * 70_000}
    response = app_client.post("/api/tables", json=big)
    assert response.status_code == 413 and "too large" in response.json()["error"]
    # Also when the client lies about the length, or sends it in chunks without a length.
    chunks = iter([b'{"game": "tanghulu", "name": "', b"y" * 40_000, b"y" * 40_000, b'"}'])
    response = app_client.post("/api/tables", content=chunks, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert app_client.get("/api/games").status_code == 200


def test_oversized_websocket_messages_close_the_socket(strict_client: TestClient) -> None:
    table = create(strict_client)
    with strict_client.websocket_connect(f"/ws/tables/{table['id']}?token={table['token']}") as ws:
        ws.receive_json()
        ws.send_text("x" * 5000)  # over the message limit, under the frame limit: answered
        assert "too long" in ws.receive_json()["message"]
        ws.send_text("x" * 9000)  # over the frame limit: closed with 1009 and a reason
        assert "too big" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009 and "too big" in closed.value.reason


def test_a_websocket_flood_is_refused_then_closed(strict_client: TestClient) -> None:
    table = create(strict_client)
    with strict_client.websocket_connect(f"/ws/tables/{table['id']}?token={table['token']}") as ws:
        ws.receive_json()
        replies: list[dict[str, Any]] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(100):
                ws.send_text(json.dumps({"type": "ping"}))
            while True:
                replies.append(ws.receive_json())
        assert closed.value.code == 1008 and "too many messages" in closed.value.reason
        assert sum(r["type"] == "pong" for r in replies) >= 5
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all(r["status"] == 429 and "too many messages" in r["message"] for r in limited)


def test_a_seat_shares_its_allowance_across_sockets_and_tables_cap_their_sockets(strict_client: TestClient) -> None:
    table = create(strict_client)
    url = f"/ws/tables/{table['id']}?token={table['token']}"
    with strict_client.websocket_connect(url) as first, strict_client.websocket_connect(url) as second:
        first.receive_json()
        second.receive_json()
        first.receive_json()  # the second socket coming online
        replies = []
        for ws in (first, second, first, second, first, second, first, second):
            ws.send_text(json.dumps({"type": "ping"}))
            replies.append(ws.receive_json()["type"])
        assert replies.count("pong") <= 6 and "error" in replies  # one allowance (burst 5) for both
        with strict_client.websocket_connect(f"/ws/tables/{table['id']}") as third:
            third.receive_json()
            with strict_client.websocket_connect(f"/ws/tables/{table['id']}") as fourth:
                assert "too many connections" in fourth.receive_json()["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    fourth.receive_json()
                assert closed.value.code == 1013


def test_a_seat_flooding_the_api_gets_429(strict_client: TestClient) -> None:
    table = create(strict_client)
    statuses = [act(strict_client, table["id"], table["token"], "nonsense", None).status_code for _ in range(12)]
    assert statuses[:5] == [400] * 5 and 429 in statuses
    refused = act(strict_client, table["id"], table["token"], "nonsense", None)
    assert refused.status_code == 429 and "too many requests" in refused.json()["error"]
    assert int(refused.headers["Retry-After"]) >= 1
    # Another seat token (or table) has its own allowance.
    other = create(strict_client)
    assert act(strict_client, other["id"], other["token"], "nonsense", None).status_code == 400


def test_an_address_guessing_tokens_is_cut_off(strict_client: TestClient) -> None:
    table = create(strict_client)
    statuses = [act(strict_client, table["id"], f"guess-{n}", 0, None).status_code for n in range(5)]
    assert statuses == [403, 403, 403, 429, 429]
    refused = act(strict_client, table["id"], "guess-again", 0, None)
    assert refused.status_code == 429 and "invalid seat tokens" in refused.json()["error"]


# ---------------------------------------------------------------------- tokens


def test_seat_tokens_are_unguessable_and_bound_to_their_table(app_client: TestClient) -> None:
    first, first_tokens = _two_humans(app_client)
    _, second_tokens = _two_humans(app_client)
    tokens = list(first_tokens.values()) + list(second_tokens.values())
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 24 for t in tokens)  # 18 random bytes: 144 bits
    seat = snapshot(app_client, first, first_tokens[0])["view"]["current_player"]
    before = _fingerprint(app_client, first, first_tokens[seat])
    # A token of one table is refused at the other, for acting, undoing and watching as a seat.
    for token in second_tokens.values():
        response = act(app_client, first, token, 0, None)
        assert response.status_code == 403 and "not valid for this table" in response.json()["error"]
        assert app_client.post(f"/api/tables/{first}/undo", headers={"X-Seat-Token": token}).status_code == 403
        assert app_client.get(f"/api/tables/{first}", headers={"X-Seat-Token": token}).status_code == 403
        with app_client.websocket_connect(f"/ws/tables/{first}?token={token}") as ws:
            assert "not valid" in ws.receive_json()["message"]
    # So is the host token of another table, and its invitations.
    other = create(app_client, players=2, seats=[{"controller": "human"}, {"controller": "human"}])
    invite = other["invites"]["1"].split("invite=")[1]
    assert app_client.post(f"/api/tables/{first}/join", json={"invite": invite}).status_code in (403, 409)
    assert (
        app_client.post(
            f"/api/tables/{first}/seats/1/bot", json={"bot": "random"}, headers={"X-Host-Token": other["host_token"]}
        ).status_code
        == 403
    )
    assert _fingerprint(app_client, first, first_tokens[seat]) == before


@FUZZ
@given(token=st.text(min_size=1, max_size=64).filter(lambda t: t.isprintable() and t.isascii()))
def test_guessed_tokens_are_refused(app_client: TestClient, token: str) -> None:
    table_id, tokens = _fixture_table(app_client)
    seat = snapshot(app_client, table_id, tokens[0])["view"]["current_player"]
    before = _fingerprint(app_client, table_id, tokens[seat])
    response = app_client.post(
        f"/api/tables/{table_id}/actions", json={"action": 0}, headers={"X-Seat-Token": token.strip() or "x"}
    )
    _assert_clear_refusal(response)
    assert _fingerprint(app_client, table_id, tokens[seat]) == before


# ---------------------------------------------------------------------- hidden information


@pytest.mark.parametrize("game", sorted(g.id for g in all_games()))
def test_each_seat_and_spectator_gets_exactly_its_own_view(app_client: TestClient, game: str) -> None:
    """Every snapshot equals the game's own ``view(seat)``; nobody but the seat to act may act."""
    service = app_client.app.state.service  # type: ignore[attr-defined]
    table_id, tokens = _two_humans(app_client, game=game, players=2)
    rng = random.Random(game)
    viewers: list[int | None] = [None, 0, 1]
    fixed = fixed_view(app_client, table_id)  # what snapshots leave out of each view, sent once
    for _ in range(40):
        live = service.tables[table_id]
        names = [s.name for s in live.seats]
        shown = {v: snapshot(app_client, table_id, tokens[v] if v is not None else None) for v in viewers}
        for viewer, message in shown.items():
            expected = json.loads(json.dumps(live.state.view(viewer)))
            assert with_fixed(message["view"], fixed) == expected, f"{game}: viewer {viewer} was shown another view"
            log = [live.match.game.describe_event(e, viewer, names) for _, e in live.match.log[-len(message["log"]) :]]
            assert [entry["text"] for entry in message["log"]] == (log if message["log"] else [])
        if shown[None]["status"] == "finished":
            break
        current = live.state.current_player
        assert shown[current]["legal"] and not shown[None]["legal"] and not shown[1 - current]["legal"]
        choice = rng.choice(shown[current]["legal"])
        # The spectator and the other seat try the very move the seat to act may make.
        refused = app_client.post(f"/api/tables/{table_id}/actions", json={"action": choice["code"]})
        assert refused.status_code == 403
        refused = act(app_client, table_id, tokens[1 - current], choice["code"], shown[current]["version"])
        assert refused.status_code == 409 and "not your turn" in refused.json()["error"]
        assert act(app_client, table_id, tokens[current], choice["code"], shown[current]["version"]).status_code == 200
    # The replay is redacted the same way, and the record (with its seed) stays private until the end.
    for viewer in viewers:
        version = service.tables[table_id].version
        last = app_client.get(
            f"/api/tables/{table_id}/replay?at={version}",
            headers={"X-Seat-Token": tokens[viewer]} if viewer is not None else {},
        ).json()
        assert last["view"] == json.loads(json.dumps(service.tables[table_id].state.view(viewer)))
    if service.tables[table_id].status != "finished":
        assert app_client.get(f"/api/tables/{table_id}/record").status_code == 400
