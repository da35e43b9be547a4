"""The HTTP API: every endpoint, with good, malformed and hostile input."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from .helpers import act, create, fixed_view, legal_actions, snapshot, with_fixed


def test_games_lists_every_game_and_bot(client: TestClient) -> None:
    data = client.get("/api/games").json()
    from fruitbowl.engine import all_games

    assert [g["id"] for g in data["games"]] == [g.id for g in all_games()]
    tanghulu = next(g for g in data["games"] if g["id"] == "tanghulu")
    assert tanghulu["min_players"] == 2 and tanghulu["max_players"] == 4
    # the built-in bots, weakest first (tests may register more after them)
    assert data["bots"][:5] == ["random", "greedy", "ismcts:easy", "ismcts", "ismcts:hard"]
    assert [data["bot_labels"][name] for name in data["bots"][:5]] == ["Random", "Greedy", "Easy", "Strong", "Hard"]
    assert data["suggested_bot"] == "ismcts:easy"  # offered first wherever a seat goes to a bot


def test_games_bring_their_campaigns_and_score_units_from_their_plugins(client: TestClient) -> None:
    """The lobby names no game: whether a game has campaigns, the words around them and the noun
    its scores count come with the game from ``GET /api/games``."""
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    fables = games["fabledfruit"]["campaign"]
    assert fables["title"] == "Fable campaigns" and fables["left"] == "card"
    assert "the locations you buy stay bought" in fables["about"]
    assert fables["complete"] == "complete: every location has been bought"
    assert [(r["id"], r["label"], r["badge"]) for r in fables["rulesets"]] == [
        ("base", "The fables", None),
        ("lime", "Lime expansion", "Lime"),
    ]
    assert games["tanghulu"]["campaign"] is None and games["juicyfruits"]["campaign"] is None
    assert games["tanghulu"]["score_unit"] == "star" and games["fabledfruit"]["score_unit"] is None

    # A campaign names its game; one that has none is refused in a sentence naming those that do.
    missing = client.post("/api/campaigns", json={"name": "Which game?"})
    assert missing.status_code == 422 and missing.json() == {"error": "game: Field required"}
    refused = client.post("/api/campaigns", json={"game": "tanghulu"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "'tanghulu' has no campaigns; campaigns are for fabledfruit"


def test_bot_seats_are_named_in_words_players_read(client: TestClient) -> None:
    body = {
        "game": "tanghulu",
        "players": 3,
        "name": "Ada",
        "seats": [{"controller": "human"}, {"controller": "ismcts:easy"}, {"controller": "greedy"}],
    }
    table = client.post("/api/tables", json=body).json()
    names = [p["name"] for p in snapshot(client, table["id"], table["token"])["players"]]
    assert names == ["Ada", "Easy bot 2", "Greedy bot 3"]


def test_create_with_defaults_starts_against_the_suggested_bot(client: TestClient) -> None:
    """Issue 22: wherever a seat goes to a bot, the level defaults to the one the lobby suggests."""
    suggested = client.get("/api/games").json()["suggested_bot"]
    response = client.post("/api/tables", json={"game": "tanghulu", "name": "Ada"})
    assert response.status_code == 201, response.text
    table = response.json()
    assert table["seat"] == 0 and table["token"] and table["host_token"]
    state = snapshot(client, table["id"], table["token"])
    assert state["status"] == "playing"
    assert state["players"][0]["name"] == "Ada"
    assert state["players"][1]["controller"] == suggested == "ismcts:easy"
    assert state["players"][1]["name"] == "Easy bot 2"
    assert state["view"]["viewer"] == 0


def test_create_refuses_bad_requests_with_one_sentence(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, 400, "unknown game 'chess'"),
        ({"game": "tanghulu", "players": 5}, 400, "2–4 players"),
        ({"game": "tanghulu", "players": "three"}, 422, "players"),
        ({"game": "tanghulu", "options": {"colour": "red"}}, 400, "unknown option 'colour'"),
        ({"game": "tanghulu", "options": {"round_limit": -1}}, 400, "round_limit is at least 0"),
        ({"game": "tanghulu", "seats": [{"controller": "human"}, {"controller": "wizard"}]}, 400, "wizard"),
        ({"game": "tanghulu", "players": 3, "seats": [{"controller": "human"}]}, 400, "one seat per player"),
        ({"game": "tanghulu", "you": 3}, 400, "'you' must be a human seat"),
        ({"game": "tanghulu", "surprise": 1}, 422, "surprise"),
        ({"game": "x" * 500}, 422, "game"),
    ]
    for body, status, words in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        message = response.json()["error"]
        assert words in message and "\n" not in message, (body, message)
    assert client.get("/api/tables").json()["tables"] == []


def test_malformed_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert "error" in response.json()


def test_invites_join_and_host_bots(client: TestClient) -> None:
    table = create(client, players=3, seats=[{"controller": "human"}, {"controller": "human"}, {"controller": "human"}])
    tid = table["id"]
    assert set(table["invites"]) == {"1", "2"}
    assert snapshot(client, tid, table["token"])["status"] == "open"
    invite = table["invites"]["1"].split("invite=")[1]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bo", "invite": invite}).json()
    assert joined["seat"] == 1
    again = client.post(f"/api/tables/{tid}/join", json={"name": "Cy", "invite": invite})
    assert again.status_code == 409 and "already been taken" in again.json()["error"]
    bad = client.post(f"/api/tables/{tid}/join", json={"invite": "forged"})
    assert bad.status_code == 403
    # Moves wait for every seat.
    waiting = act(client, tid, table["token"], "work", None)
    assert waiting.status_code == 409 and "every seat is taken" in waiting.json()["error"]
    wrong_host = client.post(f"/api/tables/{tid}/seats/2/bot", json={"bot": "random"}, headers={"X-Host-Token": "x"})
    assert wrong_host.status_code == 403
    taken = client.post(
        f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers={"X-Host-Token": table["host_token"]}
    )
    assert taken.status_code == 409
    unknown = client.post(
        f"/api/tables/{tid}/seats/2/bot", json={"bot": "genius"}, headers={"X-Host-Token": table["host_token"]}
    )
    assert unknown.status_code == 400 and "unknown bot" in unknown.json()["error"]
    ok = client.post(
        f"/api/tables/{tid}/seats/2/bot", json={"bot": "random"}, headers={"X-Host-Token": table["host_token"]}
    )
    assert ok.status_code == 200
    state = snapshot(client, tid, joined["token"])
    assert state["status"] == "playing"
    assert [p["name"] for p in state["players"]] == ["Player 1", "Bo", "Random bot 3"]
    full = client.post(f"/api/tables/{tid}/join", json={"name": "Dee"})
    assert full.status_code == 409 and "no free seat" in full.json()["error"]


def test_closed_tables_need_an_invitation_and_may_forbid_spectators(client: TestClient) -> None:
    table = create(
        client, seats=[{"controller": "human"}, {"controller": "human"}], open_join=False, allow_spectators=False
    )
    response = client.post(f"/api/tables/{table['id']}/join", json={"name": "Eve"})
    assert response.status_code == 403 and "invitation" in response.json()["error"]
    watch = client.get(f"/api/tables/{table['id']}")
    assert watch.status_code == 403 and "spectators" in watch.json()["error"]


def test_unknown_tables_and_bad_tokens(client: TestClient) -> None:
    for response in (
        client.get("/api/tables/nope"),
        client.post("/api/tables/nope/join", json={}),
        client.post("/api/tables/nope/undo", headers={"X-Seat-Token": "t"}),
        client.get("/api/tables/nope/replay"),
    ):
        assert response.status_code == 404 and "no table 'nope'" in response.json()["error"]
    table = create(client)
    forged = act(client, table["id"], "forged-token", "work", None)
    assert forged.status_code == 403
    spectator = client.post(f"/api/tables/{table['id']}/actions", json={"action": "work"})
    assert spectator.status_code == 403 and "spectators cannot play" in spectator.json()["error"]


def _my_turn(client: TestClient, table: dict) -> dict:
    state = snapshot(client, table["id"], table["token"])
    assert state["view"]["current_player"] == 0 and state["legal"]
    return state


def test_actions_illegal_stale_and_malformed_change_nothing(client: TestClient) -> None:
    table = create(client)
    tid, token = table["id"], table["token"]
    state = _my_turn(client, table)
    version = state["version"]
    legal = {a["code"] for a in state["legal"]}
    space = client.get(f"/api/tables/{tid}/actions").json()["actions"]
    illegal_code = next(a["code"] for a in space if a["code"] not in legal)
    reason = client.get(f"/api/tables/{tid}/explain", params={"code": illegal_code}, headers={"X-Seat-Token": token})
    response = act(client, tid, token, illegal_code, version)
    assert response.status_code == 400
    assert response.json()["error"] == reason.json()["reason"]
    stale = act(client, tid, token, state["legal"][0]["code"], version + 5)
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    for body in ({"action": True}, {"action": [1]}, {}, {"action": 1, "version": -1}, {"action": 1, "x": 1}):
        bad = client.post(f"/api/tables/{tid}/actions", json=body, headers={"X-Seat-Token": token})
        assert bad.status_code == 422, body
    garbage = act(client, tid, token, "fly to the moon", version)
    assert garbage.status_code == 400 and "not an action" in garbage.json()["error"]
    after = snapshot(client, tid, token)
    assert after["version"] == version and after["view"] == state["view"]


def test_a_legal_action_by_text_or_code_advances(client: TestClient) -> None:
    table = create(client)
    state = _my_turn(client, table)
    first = legal_actions(client, table["id"], state)[0]
    response = act(client, table["id"], table["token"], first["text"], state["version"])
    assert response.status_code == 200 and response.json()["version"] > state["version"]
    log = snapshot(client, table["id"], table["token"])["log"]
    assert any(entry["move"] == state["version"] + 1 for entry in log)


def test_the_same_move_sent_twice_is_made_once_and_answered_as_done(client: TestClient) -> None:
    """A double click sends a move twice with the version the player saw: the second is not a
    conflict ("the game has moved on"), and the move is made once; another move on the old
    version still is one."""
    table = create(client)
    state = _my_turn(client, table)
    first, other = state["legal"][0]["code"], state["legal"][-1]["code"]
    once = act(client, table["id"], table["token"], first, state["version"])
    twice = act(client, table["id"], table["token"], first, state["version"])
    assert once.status_code == 200 and twice.status_code == 200, twice.text
    assert twice.json()["version"] >= once.json()["version"] == state["version"] + 1
    if other != first:
        stale = act(client, table["id"], table["token"], other, state["version"])
        assert stale.status_code == 409 and "moved on" in stale.json()["error"]


def test_undo_within_the_turn_and_refused_after_it(client: TestClient) -> None:
    table = create(client, options={"first_player": 1})
    tid, token = table["id"], table["token"]
    # Find a position where a buy keeps the turn (a shop phase follows), play it, undo it.
    for _ in range(60):
        state = _my_turn(client, table)
        buys = [a for a in legal_actions(client, tid, state) if a["kind"] == "buy"]
        if state["view"]["phase"] == "action" and buys and state["view"]["players"][0]["coins"] >= 3:
            act(client, tid, token, buys[0]["code"], state["version"])
            after = snapshot(client, tid, token)
            if after["view"]["phase"] == "shop" and after["can_undo"]:
                undone = client.post(f"/api/tables/{tid}/undo", headers={"X-Seat-Token": token})
                assert undone.status_code == 200 and undone.json()["version"] == state["version"]
                assert snapshot(client, tid, token)["view"] == state["view"]
                break
        else:
            act(client, tid, token, state["legal"][0]["code"], state["version"])
    else:
        pytest.fail("no undoable buy found")
    # After the turn ends (a refill and a die roll happen), nothing can be undone.
    state = snapshot(client, tid, token)
    stop = next(a for a in legal_actions(client, tid, state) if a["kind"] in ("work", "stop"))
    act(client, tid, token, stop["code"], state["version"])
    refused = client.post(f"/api/tables/{tid}/undo", headers={"X-Seat-Token": token})
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["error"]


def test_action_space_lists_every_action(client: TestClient) -> None:
    table = create(client)
    actions = client.get(f"/api/tables/{table['id']}/actions").json()["actions"]
    assert [a["code"] for a in actions] == list(range(25))
    buy = {"code": 12, "text": "buy S1 on 1", "kind": "buy", "space": 0, "stick": 0}
    assert actions[12] == {**buy, "label": actions[12]["label"]} and actions[12]["label"].startswith("Buy")


def test_list_tables_filters_by_status(client: TestClient) -> None:
    create(client)
    create(client, seats=[{"controller": "human"}, {"controller": "human"}])
    assert {t["status"] for t in client.get("/api/tables").json()["tables"]} == {"open", "playing"}
    open_tables = client.get("/api/tables?status=open").json()["tables"]
    assert len(open_tables) == 1 and open_tables[0]["open_seats"] == 1
    assert client.get("/api/tables?status=lost").status_code == 422


def test_a_table_of_a_game_no_longer_installed_keeps_the_list_working(client: TestClient) -> None:
    """A plugin uninstalled after its tables were played: the list still answers, naming it."""
    from sqlalchemy import update

    from fruitbowl.server.db import TableRow

    table = create(client)
    with client.app.state.service.sessions.begin() as db:  # type: ignore[attr-defined]
        db.execute(update(TableRow).where(TableRow.id == table["id"]).values(game="uninstalled"))
    listed = client.get("/api/tables")
    assert listed.status_code == 200, listed.text
    [row] = [t for t in listed.json()["tables"] if t["id"] == table["id"]]
    assert row["title"] == "uninstalled (not installed)"


def play_to_the_end(client: TestClient, table: dict) -> dict:
    for _ in range(2000):
        state = snapshot(client, table["id"], table["token"])
        if state["status"] == "finished":
            return state
        if state["legal"]:
            act(client, table["id"], table["token"], state["legal"][0]["code"], state["version"])
    pytest.fail("the game did not finish")


def test_finished_game_record_replay_and_rematch(client: TestClient) -> None:
    table = create(client)
    tid = table["id"]
    assert client.get(f"/api/tables/{tid}/review").status_code == 409
    early = client.get(f"/api/tables/{tid}/record")
    assert early.status_code == 400 and "seed" in early.json()["error"]
    premature = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": table["token"]})
    assert premature.status_code == 409
    final = play_to_the_end(client, table)
    assert final["result"]["winners"] and final["view"]["phase"] == "over"
    review = client.get(f"/api/tables/{tid}/review").json()
    assert len(review["chances"]) == final["version"] + 1 and len(review["swings"]) == 3
    client.app.state.service.tables.clear()  # type: ignore[attr-defined]  # as after a restart
    assert snapshot(client, tid, table["token"])["result"] == final["result"]
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["format"] == "fruitbowl-record/1" and record["result"] == final["result"]
    from fruitbowl.engine import Record, replay_to_end

    assert replay_to_end(Record.from_json(record)).result().to_json() == final["result"]
    seat = {"X-Seat-Token": table["token"]}
    steps = client.get(f"/api/tables/{tid}/replay", headers=seat).json()["steps"]
    assert len(steps) == final["version"] + 1 and "view" not in steps[-1]  # positions come one at a time
    last = client.get(f"/api/tables/{tid}/replay?at={final['version']}", headers=seat).json()
    assert last["move"] == final["version"] and last["view"] == final["view"]
    rematch = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": table["token"]})
    assert rematch.status_code == 201
    new = rematch.json()
    assert new["token"] == table["token"]  # players keep their seat tokens
    fresh = snapshot(client, new["id"], table["token"])
    assert fresh["status"] == "playing" and fresh["seat"] == 0
    assert [p["name"] for p in fresh["players"]] == [p["name"] for p in final["players"]]
    assert snapshot(client, tid, table["token"])["rematch"] == new["id"]
    again = client.post(f"/api/tables/{tid}/rematch", headers={"X-Seat-Token": table["token"]})
    assert again.status_code == 409


def test_hint_on_your_turn_only(client: TestClient) -> None:
    table = create(client)
    state = _my_turn(client, table)
    advice = client.post(f"/api/tables/{table['id']}/hint", headers={"X-Seat-Token": table["token"]}).json()
    assert advice["version"] == state["version"]
    assert advice["action"]["code"] in [a["code"] for a in state["legal"]]
    assert 0 <= advice["win_chance"] <= 1
    spectator = client.post(f"/api/tables/{table['id']}/hint")
    assert spectator.status_code == 403


def test_each_game_publishes_the_schema_of_its_views(client: TestClient) -> None:
    """A client can rely on the shape of ``view``: each game's JSON Schema, derived from the view
    type it declares, which a table's view fits once the fixed parts its action space carries
    are put back."""
    from jsonschema import Draft202012Validator

    from fruitbowl.engine import all_games

    for game in all_games():
        answer = client.get(f"/api/games/{game.id}/view-schema")
        assert answer.status_code == 200, answer.text
        schema = answer.json()
        Draft202012Validator.check_schema(schema)
        table = create(client, game=game.id)
        sent = snapshot(client, table["id"], table["token"])["view"]
        view = with_fixed(sent, fixed_view(client, table["id"]))  # (as the page puts it together)
        assert not list(Draft202012Validator(schema).iter_errors(view)), game.id
    unknown = client.get("/api/games/" + "x" * 5000 + "/view-schema")
    assert unknown.status_code in (400, 404) and len(unknown.text) < 600
    assert "unknown game" in unknown.json()["error"].lower()
