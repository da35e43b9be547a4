"""WebSockets: two players and a spectator finish a game, and nobody sees what they may not."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from fruitbowl.server.db import TableRow

from .helpers import create, hidden_stars_visible


def _seed(client: TestClient, table_id: str) -> int:
    service = client.app.state.service  # type: ignore[attr-defined]
    with service.sessions() as db:
        return db.scalar(select(TableRow.seed).where(TableRow.id == table_id))


def _assert_private(message: dict[str, Any], seat: int | None, seed: int) -> None:
    text = json.dumps(message)
    assert str(seed) not in text, "a message contains the seed"
    assert '"rng"' not in text and '"deck"' not in text
    assert hidden_stars_visible(message["view"], seat) == [], f"seat {seat} sees another seat's sweet cards"
    for entry in message["log"]:
        assert "★ sweet card" not in entry["text"] or entry["actor"] == seat or message["status"] == "finished"


def test_two_players_and_a_spectator_finish_a_game_without_leaks(client: TestClient) -> None:
    # Tables are shuffled at random; play until a game has put hidden sweet cards in play, so
    # that the leak checks have something to find.
    for _ in range(8):
        if _play_a_game_over_websockets(client) > 0:
            return
    pytest.fail("no game put a hidden card in play; the leak check proved nothing")


def _play_a_game_over_websockets(client: TestClient) -> int:
    """Two players and a spectator play a whole game; returns how many hidden cards were in play."""
    table = create(client, seats=[{"controller": "human", "name": "Ada"}, {"controller": "human", "name": "Bo"}])
    tid = table["id"]
    invite = table["invites"]["1"].split("invite=")[1]
    bo = client.post(f"/api/tables/{tid}/join", json={"invite": invite}).json()
    tokens = {0: table["token"], 1: bo["token"]}
    seed = _seed(client, tid)
    with (
        client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ada,
        client.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as bob,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        sockets = {0: ada, 1: bob, None: watcher}
        latest: dict[int | None, dict[str, Any]] = {}

        def drain(seat: int | None, version: int) -> dict[str, Any]:
            # Read this socket's messages until it has seen ``version``.
            while seat not in latest or latest[seat]["version"] < version or latest[seat].get("type") != "state":
                message = sockets[seat].receive_json()
                if message["type"] == "state":
                    _assert_private(message, seat, seed)
                    latest[seat] = message
            return latest[seat]

        def next_error(seat: int | None) -> dict[str, Any]:
            while True:
                message = sockets[seat].receive_json()
                if message["type"] == "error":
                    return message
                _assert_private(message, seat, seed)
                latest[seat] = message

        version, moves, hidden_seen = 0, 0, 0
        while True:
            states = {seat: drain(seat, version) for seat in sockets}
            if states[None]["status"] == "finished":
                break
            seat = states[None]["view"]["current_player"]
            mine = states[seat]
            assert mine["legal"] and not states[1 - seat]["legal"] and not states[None]["legal"]
            hidden_seen += sum(p["sweet_cards"] for p in mine["view"]["players"] if p["seat"] != seat)
            # The other player may not act for this seat.
            sockets[1 - seat].send_json({"type": "action", "action": mine["legal"][0]["code"], "version": version})
            refusal = next_error(1 - seat)
            assert "not your turn" in refusal["message"]
            sockets[seat].send_json({"type": "action", "action": mine["legal"][-1]["code"], "version": version})
            version += 1
            moves += 1
        final = states[None]
        assert all(s["players"][0]["online"] and s["players"][1]["online"] for s in states.values())
        assert final["result"]["winners"]
        assert all("sweet_card_stars" in p for p in final["view"]["players"])  # revealed at the end
        assert moves == final["version"]
        return hidden_seen


def test_bad_messages_are_answered_and_change_nothing(client: TestClient) -> None:
    table = create(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={table['token']}") as ws:
        first = ws.receive_json()
        for raw, words in [
            ("not json", "JSON"),
            ("[1, 2]", "JSON objects"),
            (json.dumps({"type": "dance"}), "unknown message type"),
            (json.dumps({"type": "action"}), "needs 'action'"),
            (json.dumps({"type": "action", "action": 1, "version": "x"}), "move number"),
            (json.dumps({"type": "action", "action": "x" * 10000}), "too long"),
            (json.dumps({"type": "action", "action": 99999, "version": first["version"]}), "outside"),
            ("[" * 2000, "nests too deeply"),
            ("[" * 2000 + "]" * 2000, "nests too deeply"),
            ('{"type": "action", "action": ' + "[" * 1990 + "]" * 1990 + "}", "nests too deeply"),
        ]:
            ws.send_text(raw)
            reply = ws.receive_json()
            assert reply["type"] == "error" and words in reply["message"], (raw, reply)
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json() == {"type": "pong"}
    service = client.app.state.service  # type: ignore[attr-defined]
    assert len(service.tables[table["id"]].match.record.actions) == first["version"]


def test_forged_tokens_and_closed_tables_are_refused(client: TestClient) -> None:
    table = create(client, allow_spectators=False)
    with client.websocket_connect(f"/ws/tables/{table['id']}?token=forged") as ws:
        assert "not valid" in ws.receive_json()["message"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert "spectators" in ws.receive_json()["message"]
    with client.websocket_connect("/ws/tables/missing") as ws:
        assert "no table" in ws.receive_json()["message"]


@pytest.mark.parametrize("game", ["tanghulu", "citrus", "juicyfruits", "fabledfruit"])
def test_the_snapshot_a_socket_gets_is_the_one_the_api_gives(client: TestClient, game: str) -> None:
    """A seat's snapshot pushed over its WebSocket after each move reads as the same JSON as the
    API's answer for that seat at that version, in every game, in English and in languages
    written outside ASCII (German's umlauts, Chinese)."""
    for lang in ("en", "de", "zh_Hans"):
        table = create(client, game=game, players=2, seats=[{"controller": "human"}, {"controller": "human"}])
        tid = table["id"]
        invite = table["invites"]["1"].split("invite=")[1]
        tokens = [table["token"], client.post(f"/api/tables/{tid}/join", json={"invite": invite}).json()["token"]]
        headers = {"X-Seat-Token": tokens[0], "Accept-Language": lang.replace("_", "-")}
        with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}&lang={lang}") as socket:
            for version in range(8):
                pushed = socket.receive_json()
                while pushed["type"] != "state" or pushed["version"] < version:
                    pushed = socket.receive_json()
                asked = client.get(f"/api/tables/{tid}", headers=headers).json()
                assert {k: v for k, v in pushed.items() if k != "type"} == {
                    k: v for k, v in asked.items() if k != "type"
                }
                if pushed["status"] != "playing":
                    break
                mover = pushed["view"]["current_player"]
                legal = client.get(f"/api/tables/{tid}", headers={"X-Seat-Token": tokens[mover]}).json()["legal"]
                made = client.post(
                    f"/api/tables/{tid}/actions",
                    json={"action": legal[-1]["code"], "version": version},
                    headers={"X-Seat-Token": tokens[mover]},
                )
                assert made.status_code == 200, made.text
        if lang != "en":
            assert any(ord(ch) > 127 for ch in json.dumps(pushed, ensure_ascii=False)), f"{lang}: words outside ASCII"
