"""One Tang Hu Lu table, each player in their own language (issue 27: "each viewer at a table
reads the same game in their own language ... The API honours Accept-Language on table states
and logs"), played through the HTTP API and the table's WebSocket."""

from __future__ import annotations

import warnings
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from ..server.helpers import create  # noqa: E402
from .readers import CHINESE, CJK, GERMAN  # noqa: E402


def _german(text: str, english: str) -> bool:
    return text != english and not CJK.search(text)


def _chinese(text: str) -> bool:
    return bool(CJK.search(text))


def _state(client: TestClient, table: str, token: str | None, headers: dict[str, str]) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}", headers={**headers, **({"X-Seat-Token": token} if token else {})})
    assert response.status_code == 200, response.text
    assert "Accept-Language" in response.headers["Vary"]
    return response.json()


def _labels(client: TestClient, table: str, state: dict[str, Any], headers: dict[str, str]) -> list[str]:
    """The labels of a snapshot's legal actions as a client reads them: its own, else the action
    space's (loaded in the same language)."""
    space = client.get(f"/api/tables/{table}/actions", headers=headers).json()["actions"]
    return [action.get("label", space[action["code"]]["label"]) for action in state["legal"]]


def _two_players(client: TestClient) -> tuple[str, dict[int, str]]:
    table = create(client, seats=[{"controller": "human", "name": "Ada"}, {"controller": "human", "name": "Bo"}])
    invite = table["invites"]["1"].split("invite=")[1]
    bo = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite}).json()
    return table["id"], {0: table["token"], 1: bo["token"]}


def test_one_table_read_in_german_by_one_seat_and_in_chinese_by_the_other(client):
    table, tokens = _two_players(client)
    reads = {0: GERMAN, 1: CHINESE}
    refused = set()
    for _move in range(24):
        english = _state(client, table, tokens[0], {})
        if english["status"] != "playing":
            break
        seat = english["view"]["current_player"]
        german, chinese = _state(client, table, tokens[0], GERMAN), _state(client, table, tokens[1], CHINESE)
        # The same game: the same position and the same moves, in two languages.
        assert german["version"] == chinese["version"] == english["version"]
        assert [e["kind"] for e in german["log"]] == [e["kind"] for e in english["log"]]
        for read, said in zip(german["log"], english["log"], strict=True):
            assert _german(read["text"], said["text"]), (read, said)
        assert all(_chinese(entry["text"]) for entry in chinese["log"]), chinese["log"]
        assert _german(german["prompt"], english["prompt"]) and _chinese(chinese["prompt"])
        assert (english["title"], chinese["title"]) == ("Tang Hu Lu", "糖葫芦")  # as GET /api/games names it
        mine = german if seat == 0 else _state(client, table, tokens[1], CHINESE)
        labels = _labels(client, table, mine, reads[seat])
        assert labels and all(_german(label, "") if seat == 0 else _chinese(label) for label in labels), labels
        if english["view"]["phase"] == "action" and seat not in refused:  # a refusal, in the player's words
            response = client.post(
                f"/api/tables/{table}/actions",
                json={"action": "stop", "version": english["version"]},
                headers={"X-Seat-Token": tokens[seat], **reads[seat]},
            )
            assert response.status_code == 400
            said = response.json()["error"]
            assert said.startswith("du hast nichts gekauft") if seat == 0 else said.startswith("你还什么都没买")
            refused.add(seat)
        response = client.post(
            f"/api/tables/{table}/actions",
            json={"action": mine["legal"][0]["code"], "version": english["version"]},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert response.status_code == 200, response.text
    assert refused == {0, 1}, "each player was refused once, in their own language"
    # Without Accept-Language, the table reads in English as it always did.
    english = _state(client, table, tokens[0], {})
    assert not any(_chinese(entry["text"]) for entry in english["log"])
    assert any(entry["text"] == "Round 1 begins." for entry in english["log"]) or english["log_start"] > 0


def test_the_replay_and_the_refusal_explained_speak_the_readers_language(client):
    table, tokens = _two_players(client)
    state = _state(client, table, tokens[0], {})
    seat = state["view"]["current_player"]
    german = client.get(f"/api/tables/{table}/replay", headers={"X-Seat-Token": tokens[0], **GERMAN}).json()
    chinese = client.get(f"/api/tables/{table}/replay", headers={"X-Seat-Token": tokens[1], **CHINESE}).json()
    opening_de = [line for step in german["steps"] for line in step["log"]]
    opening_zh = [line for step in chinese["steps"] for line in step["log"]]
    assert any(line.startswith("Runde 1 beginnt") for line in opening_de)
    assert any("第1轮开始" in line for line in opening_zh)
    stop = next(a["code"] for a in client.get(f"/api/tables/{table}/actions").json()["actions"] if a["text"] == "stop")
    asked = client.get(
        f"/api/tables/{table}/explain", params={"code": stop}, headers={"X-Seat-Token": tokens[seat], **CHINESE}
    )
    reason = asked.json()["reason"]
    assert reason is not None and _chinese(reason)


def test_the_websocket_speaks_the_language_asked_at_connect(client):
    table, tokens = _two_players(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}&lang=de") as ada,
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}", headers=CHINESE) as bo,
        client.websocket_connect(f"/ws/tables/{table}") as watcher,
    ):
        first = {name: socket.receive_json() for name, socket in (("ada", ada), ("bo", bo), ("watcher", watcher))}
        assert all(message["type"] == "state" for message in first.values())
        english = first["watcher"]
        assert _german(first["ada"]["prompt"], english["prompt"])
        assert _chinese(first["bo"]["prompt"])
        assert not _chinese(english["prompt"]) and english["prompt"] != first["ada"]["prompt"]
        seat = english["view"]["current_player"]
        socket = ada if seat == 0 else bo
        if english["view"]["phase"] == "action":
            socket.send_json({"type": "action", "action": "stop"})
            while (message := socket.receive_json())["type"] != "error":
                pass
            said = message["message"]
            assert said.startswith("du hast nichts gekauft") if seat == 0 else said.startswith("你还什么都没买")


def test_a_refusal_links_to_its_rule_in_the_readers_players_page(client):
    table, tokens = _two_players(client)
    state = _state(client, table, tokens[0], {})
    seat = state["view"]["current_player"]
    english = client.post(
        f"/api/tables/{table}/actions",
        json={"action": "stop", "version": state["version"]},
        headers={"X-Seat-Token": tokens[seat]},
    ).json()
    german = client.post(
        f"/api/tables/{table}/actions",
        json={"action": "stop", "version": state["version"]},
        headers={"X-Seat-Token": tokens[seat], **GERMAN},
    ).json()
    # "stop" is refused by the rule of the position's phase: its section, in each language
    sections = {
        "one-action-work-or-shop": ("Eine Aktion: arbeiten oder einkaufen", "eine-aktion-arbeiten-oder-einkaufen"),
        "the-fruit-tile-from-the-die": ("Das Würfelplättchen", "das-würfelplättchen"),
        "when-you-may-garnish": ("Wann du glasieren darfst", "wann-du-glasieren-darfst"),
        "patterns-and-rewards": ("Muster und Belohnungen", "muster-und-belohnungen"),
    }
    url = english["rule"]["url"]
    assert url.startswith("/games/tanghulu/rules#")
    title, anchor = sections[url.split("#")[1]]
    assert german["rule"] == {"title": title, "url": f"/games/tanghulu/rules?lang=de#{anchor}"}
    page = client.get(german["rule"]["url"].split("#")[0])
    assert page.status_code == 200 and '<html lang="de">' in page.text
    assert f'id="{anchor}"' in page.text


def test_the_players_page_is_served_in_the_readers_language(client):
    chinese = client.get("/api/games/tanghulu/rules", headers=CHINESE).json()
    english = client.get("/api/games/tanghulu/rules").json()
    assert chinese["sections"][0]["title"] == "糖葫芦玩法"
    assert english["sections"][0]["title"] == "How to play Tang Hu Lu"
    assert len(chinese["sections"]) == len(english["sections"])


def test_the_action_space_names_every_action_in_the_readers_language(client):
    """A client loads every action's label once, in its language; its snapshots then name only
    the labels that differ from those."""
    table, tokens = _two_players(client)
    german = client.get(f"/api/tables/{table}/actions", headers=GERMAN)
    english = client.get(f"/api/tables/{table}/actions").json()
    assert "Accept-Language" in german.headers["Vary"]
    labels = {action["text"]: action["label"] for action in german.json()["actions"] if action["label"]}
    assert labels["work"].startswith("Arbeite für") and labels["stop"] == "Einkauf beenden"
    assert {a["text"]: a["label"] for a in english["actions"]}["stop"] == "Stop shopping"
    state = _state(client, table, tokens[0], GERMAN)
    space = {action["code"]: action["label"] for action in german.json()["actions"]}
    for action in state["legal"]:
        assert action.get("label", space[action["code"]]) != ""
        assert "label" not in action or action["label"] != space[action["code"]]


def test_a_table_asked_with_too_few_seats_is_refused_with_counted_words(client):
    """A refusal that counts players and seats says each count in the reader's plural form."""
    body = {"game": "tanghulu", "players": 3, "seats": [{"controller": "human"}], "you": 0}
    said = {}
    for name, headers in (("en", {}), ("de", GERMAN), ("zh", CHINESE)):
        refused = client.post("/api/tables", json=body, headers=headers)
        assert refused.status_code == 400, refused.text
        said[name] = refused.json()["error"]
    assert said["en"] == "give one seat per player: 3 players, 1 seat"
    assert _german(said["de"], said["en"]) and "3 Spieler" in said["de"] and "1 Platz" in said["de"], said["de"]
    assert _chinese(said["zh"]) and "3" in said["zh"] and "1" in said["zh"], said["zh"]
