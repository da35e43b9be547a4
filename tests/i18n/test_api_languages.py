"""What the API says that is no game's own sentence, in the reader's language (issue 27: "every
... refusal ... option label and help text"; "The API honours Accept-Language"): ``GET /api/games``
(titles, options, bot levels, a score's unit, the campaign words) and the engine's and the
server's refusals, in German and in Chinese, with English unchanged where nobody asks."""

from __future__ import annotations

import warnings
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from ..server.helpers import create  # noqa: E402
from .readers import CHINESE, CJK, GERMAN  # noqa: E402


def _games(client: TestClient, headers: dict[str, str], query: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
    response = client.get(f"/api/games{query}", headers=headers)
    assert response.status_code == 200
    assert "Accept-Language" in response.headers["Vary"]  # no cache hands one reader's words to another
    listed = response.json()
    return listed, {game["id"]: game for game in listed["games"]}


def _option(game: dict[str, Any], name: str) -> dict[str, Any]:
    return next(option for option in game["options"] if option["name"] == name)


def test_the_games_are_listed_in_german(client: TestClient) -> None:
    listed, games = _games(client, GERMAN)
    assert games["fabledfruit"]["title"] == "Fabelsaft"  # the German edition's name
    assert _option(games["fabledfruit"], "lime")["label"] == "Limetten-Erweiterung"
    assert _option(games["fabledfruit"], "immediate_end")["help"].startswith("das Spiel direkt nach dem Kauf")
    assert _option(games["tanghulu"], "first_player")["label"] == "Startspieler"
    assert _option(games["tanghulu"], "multi_garnish")["help"].startswith("eine Variante: in einem Zuckerfenster")
    assert games["tanghulu"]["score_unit"] == "Sterne"
    assert listed["bot_labels"]["random"] == "Zufällig" and listed["bot_labels"]["ismcts:hard"] == "Schwer"
    campaign = games["fabledfruit"]["campaign"]
    assert campaign["title"] == "Fabel-Kampagnen" and campaign["left"] == "Karten"
    assert [ruleset["label"] for ruleset in campaign["rulesets"]][1] == "Limetten-Erweiterung"
    # what the page and the records name things by stays as it is
    assert _option(games["tanghulu"], "first_player")["name"] == "first_player"
    assert listed["bots"][0] == "random" and campaign["rulesets"][0]["id"] == "base"


def test_the_games_are_listed_in_chinese_and_lang_in_the_query_wins(client: TestClient) -> None:
    listed, games = _games(client, GERMAN, "?lang=zh-CN")
    assert games["tanghulu"]["title"] == "糖葫芦" and games["fabledfruit"]["title"] == "寓言果汁"
    assert _option(games["fabledfruit"], "first_player")["label"] == "起始玩家"
    assert CJK.search(_option(games["tanghulu"], "random_first")["help"])
    assert games["tanghulu"]["score_unit"] == "星"
    assert listed["bot_labels"]["ismcts:easy"] == "简单"
    assert CJK.search(games["fabledfruit"]["campaign"]["about"])


def test_english_is_what_it_always_was(client: TestClient) -> None:
    listed, games = _games(client, {})
    assert games["fabledfruit"]["title"] == "Fabled Fruit"
    assert _option(games["tanghulu"], "first_player")["label"] == "First player"
    assert games["tanghulu"]["score_unit"] == "star"  # the noun, which the page counts
    assert listed["bot_labels"]["random"] == "Random"
    assert games["fabledfruit"]["campaign"]["left"] == "card"
    assert _games(client, GERMAN)[1]["tanghulu"]["title"] == "Tang Hu Lu"  # (German keeps the name)


def _two_seats(client: TestClient) -> tuple[str, str, str]:
    table = create(client, seats=[{"controller": "human", "name": "Ada"}, {"controller": "human", "name": "Bo"}])
    invite = table["invites"]["1"].split("invite=")[1]
    bo = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite}).json()
    return table["id"], table["token"], bo["token"]


def _refusal(client: TestClient, path: str, token: str, body: dict[str, Any], headers: dict[str, str]) -> str:
    response = client.post(path, json=body, headers={**headers, "X-Seat-Token": token})
    assert 400 <= response.status_code < 500, response.text
    return str(response.json()["error"])


def test_the_server_and_the_engine_refuse_in_the_readers_language(client: TestClient) -> None:
    table, ada, bo = _two_seats(client)
    path = f"/api/tables/{table}/actions"
    english = _refusal(client, path, bo, {"action": "work"}, {})
    assert english == "it is not your turn: Ada is to act"
    assert _refusal(client, path, bo, {"action": "work"}, GERMAN) == "du bist nicht am Zug: Ada ist dran"
    assert _refusal(client, path, bo, {"action": "work"}, CHINESE) == "还没轮到你：现在轮到Ada"
    # an action text that names none (the engine's), and an undo with nothing to take back
    assert _refusal(client, path, ada, {"action": "fly away"}, GERMAN) == "'fly away' ist keine Aktion dieses Spiels"
    assert _refusal(client, path, ada, {"action": "fly away"}, CHINESE) == "'fly away' 不是本游戏的动作"
    undo = _refusal(client, f"/api/tables/{table}/undo", ada, {}, CHINESE)
    assert undo.startswith("没有可撤销的") and "骰子" in undo
    # a chat message that is empty (the server's own refusal of a bad input)
    chat = _refusal(client, f"/api/tables/{table}/chat", ada, {"text": "   "}, GERMAN)
    assert chat == "eine Chatnachricht darf nicht leer sein"


def test_a_table_that_cannot_be_made_is_refused_in_the_readers_language(client: TestClient) -> None:
    seats = [{"controller": "human"}] + [{"controller": "random"}] * 4
    response = client.post("/api/tables", json={"game": "tanghulu", "seats": seats}, headers=GERMAN)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "Tang Hu Lu ist für 2–4 Spieler; erhalten: 5"
    seats = [{"controller": "human"}]
    response = client.post("/api/tables", json={"game": "fabledfruit", "seats": seats}, headers=CHINESE)
    assert response.json()["error"] == "寓言果汁适合2–5名玩家；收到的是 1"


def test_an_option_the_game_cannot_take_is_refused_in_the_readers_language(client: TestClient) -> None:
    """Options are checked by the engine (engine/options.py); its refusals speak the reader's language too,
    and say nothing else than in English: the option's name and the value given stay as typed."""
    bad = {"game": "tanghulu", "players": 2, "options": {"multi_garnish": "maybe"}}
    answers = {
        "": "option multi_garnish is true or false; got 'maybe'",
        "de": "Option multi_garnish ist true oder false; erhalten: 'maybe'",
        "zh": "选项 multi_garnish 须为 true 或 false；收到的是 'maybe'",
    }
    for language, refusal in answers.items():
        response = client.post("/api/tables", json=bad, headers={"Accept-Language": language} if language else {})
        assert response.status_code == 400 and response.json()["error"] == refusal, response.text
    unknown = client.post("/api/tables", json={**bad, "options": {"garnish": True}}, headers=GERMAN)
    known = "first_player, multi_garnish, random_first, round_limit"
    assert unknown.json()["error"] == f"unbekannte Option 'garnish'; die Optionen dieses Spiels sind: {known}"
    seat = client.post("/api/tables", json={**bad, "options": {"first_player": 3}}, headers=CHINESE)
    assert seat.json()["error"] == "选项 first_player 须为座位 1–2；收到的是 3"
