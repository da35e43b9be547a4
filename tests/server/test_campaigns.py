"""Campaigns at the web table: a group continues its Fabled Fruit campaign at new tables."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from fruitbowl.server.db import CampaignRow, TableRow, make_engine
from fruitbowl.server.run import free_port, spawn

from .conftest import _pg_database
from .helpers import act, snapshot


def _play_to_the_end(client: TestClient, table: dict) -> dict:
    for _ in range(5000):
        state = snapshot(client, table["id"], table["token"])
        if state["status"] == "finished":
            return state
        if state["legal"]:
            act(client, table["id"], table["token"], state["legal"][0]["code"], state["version"])
    raise AssertionError("the campaign game did not finish")


def _owner(campaign: dict) -> dict[str, str]:
    return {"X-Campaign-Token": campaign["token"]}


def test_a_campaign_continues_game_after_game(client: TestClient) -> None:
    created = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Friday fables"})
    assert created.status_code == 201, created.text
    campaign = created.json()
    assert campaign["games_completed"] == 0 and campaign["cards_left"] == 216 and not campaign["complete"]
    listed = client.get("/api/campaigns", headers=_owner(campaign)).json()["campaigns"]
    assert [c["name"] for c in listed] == ["Friday fables"]

    body = {"players": 2, "name": "Ada"}
    first = client.post(f"/api/campaigns/{campaign['id']}/tables", json=body, headers=_owner(campaign))
    assert first.status_code == 201, first.text
    table = first.json()
    busy = client.post(f"/api/campaigns/{campaign['id']}/tables", json=body, headers=_owner(campaign))
    assert busy.status_code == 409 and f"still going on at table {table['id']}" in busy.json()["error"]
    opening = snapshot(client, table["id"], table["token"])
    assert opening["game"] == "fabledfruit"
    _play_to_the_end(client, table)

    after = client.get(f"/api/campaigns/{campaign['id']}", headers=_owner(campaign)).json()
    assert after["games_completed"] == 1 and after["cards_left"] < 216
    assert after["history"][0]["game_index"] == 1 and after["seating"] == ["Ada", "Easy bot 2"]
    assert [t["status"] for t in after["tables"]] == ["finished"]

    second = client.post(f"/api/campaigns/{campaign['id']}/tables", json=body, headers=_owner(campaign)).json()
    record_options = client.app.state.service.tables[second["id"]].match.record.options  # type: ignore[attr-defined]
    assert record_options["game_number"] == 2


def _play_seats_to_the_end(client: TestClient, table_id: str, tokens: list[str]) -> dict:
    """Every person at the table plays its first legal action on its turn (bots play theirs)."""
    for _ in range(5000):
        for token in tokens:
            state = snapshot(client, table_id, token)
            if state["status"] == "finished":
                return state
            if state["legal"]:
                act(client, table_id, token, state["legal"][0]["code"], state["version"])
                break
        else:
            time.sleep(0.01)  # a bot's turn
    raise AssertionError("the campaign game did not finish")


def test_a_campaign_table_takes_a_clock_and_a_stand_in_like_any_table(client: TestClient) -> None:
    """A campaign's next game is set up like any table: spectators, the spectators' chat, a time
    control and the stand-in's level; a bad clock is refused with one sentence and no table."""
    campaign = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Timed"}).json()
    url = f"/api/campaigns/{campaign['id']}/tables"
    bad = client.post(url, json={"clock": {"kind": "realtime", "base_s": 1}}, headers=_owner(campaign))
    assert bad.status_code == 400 and "base" in bad.json()["error"]
    assert client.get(f"/api/campaigns/{campaign['id']}", headers=_owner(campaign)).json()["tables"] == []
    body = {
        "name": "Ada",
        "clock": {"kind": "realtime", "base_s": 600, "increment_s": 5},
        "takeover": "greedy",
        "spectator_chat": True,
    }
    created = client.post(url, json=body, headers=_owner(campaign))
    assert created.status_code == 201, created.text
    state = snapshot(client, created.json()["id"], created.json()["token"])
    assert state["clock"]["kind"] == "realtime" and state["clock"]["base_s"] == 600
    assert state["takeover"] == "greedy" and state["spectator_chat"] is True and state["campaign"] == campaign["id"]


def test_a_campaign_is_played_with_a_friend_and_a_chosen_bot_who_keep_their_seats(client: TestClient) -> None:
    """Issue 22: a campaign's next table offers the seats of an ordinary one (a friend by invite, a
    bot of a chosen level), and the next game keeps who sat where: the friend's seat token carries
    over, the bot keeps its level; the campaign's players and games are shown to both of them."""
    campaign = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Evenings"}).json()
    url = f"/api/campaigns/{campaign['id']}/tables"
    keep_first = client.post(url, json={"seats": [{"keep": True}, {"controller": "random"}]}, headers=_owner(campaign))
    assert keep_first.status_code == 400 and keep_first.json()["error"] == (
        "seat 1 cannot keep its player from the campaign's last game: it has no previous game"
    )
    seats = [{"controller": "human"}, {"controller": "human"}, {"controller": "genius"}]
    unknown = client.post(url, json={"seats": seats, "name": "Ada"}, headers=_owner(campaign))
    assert unknown.status_code == 400 and "'genius'" in unknown.json()["error"]
    assert "random" in unknown.json()["error"] and "greedy" in unknown.json()["error"]
    assert client.get(f"/api/campaigns/{campaign['id']}", headers=_owner(campaign)).json()["tables"] == []

    seats[2] = {"controller": "greedy"}
    first = client.post(url, json={"seats": seats, "name": "Ada"}, headers=_owner(campaign))
    assert first.status_code == 201, first.text
    game1 = first.json()
    assert list(game1["invites"]) == ["1"]  # the friend's seat; the bot's needs no invite
    invite = game1["invites"]["1"].split("invite=")[1]
    joined = client.post(f"/api/tables/{game1['id']}/join", json={"name": "Bea", "invite": invite}).json()
    friend = joined["token"]
    assert joined["seat"] == 1

    # The friend reads the campaign (players, games); a stranger only its progress.
    elsewhere = client.post("/api/tables", json={"game": "tanghulu"}).json()["token"]  # another table's seat
    for token in ("made-up", elsewhere):
        stranger = client.get(f"/api/campaigns/{campaign['id']}", headers={"X-Seat-Token": token}).json()
        assert "players" not in stranger and "tables" not in stranger and stranger["name"] == "Evenings"
    seen = client.get(f"/api/campaigns/{campaign['id']}", headers={"X-Seat-Token": friend}).json()
    assert [(p["name"], p["controller"]) for p in seen["players"]] == [
        ("Ada", "human"),
        ("Bea", "human"),
        ("Greedy bot 3", "greedy"),
    ]
    assert seen["going_on"] == game1["id"] and seen["owner"] is False

    finished = _play_seats_to_the_end(client, game1["id"], [game1["token"], friend])
    assert finished["rematch"] is None and finished["campaign"] == campaign["id"]
    refused = client.post(f"/api/tables/{game1['id']}/rematch", headers={"X-Seat-Token": friend})
    assert refused.status_code == 409 and "campaign's next game" in refused.json()["error"]

    # The next game: nobody re-invited, the friend in the same seat with the same token.
    second = client.post(url, json={"name": "Ada"}, headers=_owner(campaign))
    assert second.status_code == 201, second.text
    game2 = second.json()
    assert game2["invites"] == {} and game2["seat"] == 0 and game2["token"] != game1["token"]
    as_friend = snapshot(client, game2["id"], friend)
    assert as_friend["seat"] == 1 and as_friend["status"] == "playing"
    assert [(p["name"], p["controller"]) for p in as_friend["players"]] == [
        ("Ada", "human"),
        ("Bea", "human"),
        ("Greedy bot 3", "greedy"),
    ]
    assert snapshot(client, game1["id"], friend)["rematch"] == game2["id"]  # where the friend finds it
    assert client.app.state.service.tables[game2["id"]].match.record.options["game_number"] == 2  # type: ignore[attr-defined]

    history = client.get(f"/api/campaigns/{campaign['id']}", headers={"X-Seat-Token": friend}).json()
    assert [(t["id"], t["status"], t["game_number"]) for t in history["tables"]] == [
        (game1["id"], "finished", 1),
        (game2["id"], "playing", 2),
    ]
    assert history["tables"][0]["result"]["scores"] == finished["result"]["scores"]
    assert history["history"][0]["winners"] == [finished["players"][w]["name"] for w in finished["result"]["winners"]]
    assert history["tables"][0]["created_at"] <= history["tables"][1]["created_at"]

    # The owner may still seat the next game differently: the bot at another level, the friend kept.
    client.post(f"/api/campaigns/{campaign['id']}/cancel", headers=_owner(campaign))
    beyond = client.post(
        url, json={"seats": [{}, {"keep": True}, {"keep": True}, {"keep": True}]}, headers=_owner(campaign)
    )
    assert beyond.status_code == 400 and "its previous game had 3 seats" in beyond.json()["error"]
    renamed = client.post(
        url, json={"seats": [{}, {"keep": True, "name": "Bo"}, {"keep": True}]}, headers=_owner(campaign)
    )
    assert renamed.status_code == 400 and renamed.json()["error"] == (
        'seat 2 keeps its player from the last game, name and all: send it as {"keep": true} alone'
    )
    changed = client.post(
        url, json={"seats": [{}, {"keep": True}, {"controller": "random"}], "name": "Ada"}, headers=_owner(campaign)
    ).json()
    players = snapshot(client, changed["id"], friend)["players"]
    assert [(p["name"], p["controller"]) for p in players] == [
        ("Ada", "human"),
        ("Bea", "human"),
        ("Random bot 3", "random"),
    ]


def test_campaign_errors_are_clear(client: TestClient) -> None:
    assert client.post("/api/campaigns", json={"game": "tanghulu"}).json()["error"].startswith("'tanghulu' has no")
    missing = client.get("/api/campaigns/nope")
    assert missing.status_code == 404 and "no campaign" in missing.json()["error"]
    assert client.post("/api/campaigns/nope/tables", json={}).status_code == 404


def test_a_damaged_stored_campaign_is_refused_not_repaired(client: TestClient) -> None:
    campaign = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Broken"}).json()
    service = client.app.state.service  # type: ignore[attr-defined]
    with service.sessions.begin() as db:
        row = db.scalar(select(CampaignRow).where(CampaignRow.id == campaign["id"]))
        data = dict(row.data)
        data["big_stack"] = data["big_stack"][:-1]  # a card vanishes
        row.data = data
    response = client.post(f"/api/campaigns/{campaign['id']}/tables", json={"players": 2}, headers=_owner(campaign))
    assert (
        response.status_code == 500 and "big stack" in response.json()["error"]
    )  # the server's data, not the client's
    with service.sessions() as db:
        assert db.get(CampaignRow, campaign["id"]).data == data  # untouched


def test_a_lime_campaign_is_created_and_played_at_a_table(client: TestClient) -> None:
    created = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Lime nights", "ruleset": "lime"})
    assert created.status_code == 201, created.text
    campaign = created.json()
    assert campaign["ruleset"] == "lime" and campaign["cards_left"] == 74
    base = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Plain"}).json()
    assert base["ruleset"] == "base" and base["cards_left"] == 216  # the default is unchanged
    first = client.post(
        f"/api/campaigns/{campaign['id']}/tables", json={"players": 2, "name": "Ada"}, headers=_owner(campaign)
    )
    assert first.status_code == 201, first.text
    table = first.json()
    opening = snapshot(client, table["id"], table["token"])
    view = opening["view"]
    assert view["lime"] is True and 0 < view["lime_pile"] <= 15 and view["big_stack"]["cards"] <= 74
    _play_to_the_end(client, table)
    after = client.get(f"/api/campaigns/{campaign['id']}", headers=_owner(campaign)).json()
    assert after["games_completed"] == 1 and after["ruleset"] == "lime" and after["cards_left"] < 74
    refused = client.post("/api/campaigns", json={"game": "fabledfruit", "ruleset": "maybe"})
    assert refused.status_code == 400 and refused.json()["error"] == (
        "a Fabled Fruit campaign is 'base' or 'lime'; got 'maybe'"
    )


# ---------------------------------------------------------------------- owners (issue 19, item 5)


def test_only_the_owner_lists_starts_or_cancels_a_campaigns_tables(client: TestClient) -> None:
    mine = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Ours"}).json()
    theirs = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "Theirs"}).json()
    assert mine["token"] and mine["token"] != theirs["token"]
    with client.app.state.service.sessions() as db:  # type: ignore[attr-defined]
        stored = db.get(CampaignRow, mine["id"])
        assert stored.owner_hash and mine["token"] not in stored.owner_hash  # only a hash is kept

    # Listing: nobody's campaigns without a token; with tokens, exactly those campaigns.
    assert client.get("/api/campaigns").json()["campaigns"] == []
    assert [c["id"] for c in client.get("/api/campaigns", headers=_owner(mine)).json()["campaigns"]] == [mine["id"]]
    both = {"X-Campaign-Token": f"{mine['token']}, {theirs['token']}"}
    assert {c["id"] for c in client.get("/api/campaigns", headers=both).json()["campaigns"]} == {
        mine["id"],
        theirs["id"],
    }

    # A stranger may neither start the group's next table nor block it.
    url = f"/api/campaigns/{mine['id']}/tables"
    for headers in ({}, _owner(theirs), {"X-Campaign-Token": "made-up"}):
        refused = client.post(url, json={"players": 2}, headers=headers)
        assert refused.status_code == 403 and "owner" in refused.json()["error"]
        refused = client.post(f"/api/campaigns/{mine['id']}/cancel", headers=headers)
        assert refused.status_code == 403 and "owner" in refused.json()["error"]
    started = client.post(url, json={"players": 2, "name": "Ada"}, headers=_owner(mine))
    assert started.status_code == 201, started.text
    table = started.json()

    # A stranger who knows the id sees its name and progress, not its tables, seating or history.
    public = client.get(f"/api/campaigns/{mine['id']}").json()
    assert public["name"] == "Ours" and "tables" not in public and "seating" not in public
    assert table["id"] not in str(public) and mine["token"] not in str(public)
    owned = client.get(f"/api/campaigns/{mine['id']}", headers=_owner(mine)).json()
    assert [t["id"] for t in owned["tables"]] == [table["id"]]

    # The owner cancels the game going on; the table refuses moves, the campaign is unchanged.
    nothing = client.post(f"/api/campaigns/{theirs['id']}/cancel", headers=_owner(theirs))
    assert nothing.status_code == 409 and "no game going on" in nothing.json()["error"]
    cancelled = client.post(f"/api/campaigns/{mine['id']}/cancel", headers=_owner(mine))
    assert cancelled.status_code == 200 and cancelled.json()["cancelled"] == table["id"]
    state = snapshot(client, table["id"], table["token"])
    assert state["status"] == "cancelled" and state["legal"] == [] and "cancelled" in state["prompt"]
    move = client.post(
        f"/api/tables/{table['id']}/actions", json={"action": 0}, headers={"X-Seat-Token": table["token"]}
    )
    assert move.status_code == 409 and "cancelled" in move.json()["error"]
    after = client.get(f"/api/campaigns/{mine['id']}", headers=_owner(mine)).json()
    assert after["games_completed"] == 0 and [t["status"] for t in after["tables"]] == ["cancelled"]
    again = client.post(url, json={"players": 2, "name": "Ada"}, headers=_owner(mine))
    assert again.status_code == 201, again.text
    seeds = [t.match.record.seed for t in client.app.state.service.tables.values()]  # type: ignore[attr-defined]
    assert len(seeds) == len(set(seeds))  # the cancelled game's seed is not dealt again


def test_campaign_creation_is_rate_limited_like_tables(db_url: str) -> None:
    from fruitbowl.server import create_app
    from fruitbowl.server.limits import Limits

    with TestClient(create_app(db_url, limits=Limits(create_rate=0.01, create_burst=3))) as client:
        made = [client.post("/api/campaigns", json={"game": "fabledfruit", "name": f"C{i}"}) for i in range(3)]
        assert [r.status_code for r in made] == [201, 201, 201]
        refused = client.post("/api/campaigns", json={"game": "fabledfruit", "name": "one too many"})
        assert refused.status_code == 429 and "too many new campaigns" in refused.json()["error"]
        assert int(refused.headers["Retry-After"]) >= 1
        table = client.post("/api/tables", json={"game": "tanghulu"})  # one allowance for both
        assert table.status_code == 429


# ---------------------------------------------------------------------- one table per campaign (item 2)


def _race(bases: list[str], campaigns: int, per_campaign: int) -> None:
    """Many campaigns; for each, ``per_campaign`` simultaneous requests for its next table (spread
    over ``bases``): exactly one succeeds, the others name the table that is going on."""
    with httpx.Client(timeout=30) as http:
        made = [
            http.post(f"{bases[0]}/api/campaigns", json={"game": "fabledfruit", "name": f"Race {i}"})
            for i in range(campaigns)
        ]
    owned = [r.json() for r in made]
    assert all(r.status_code == 201 for r in made)
    jobs = [(c, bases[k % len(bases)]) for c in owned for k in range(per_campaign)]
    start = threading.Barrier(len(jobs))

    def request(job: tuple[dict, str]) -> httpx.Response:
        campaign, base = job
        with httpx.Client(timeout=60) as http:
            start.wait()
            return http.post(
                f"{base}/api/campaigns/{campaign['id']}/tables", json={"players": 2}, headers=_owner(campaign)
            )

    with ThreadPoolExecutor(len(jobs)) as pool:
        answers = list(pool.map(request, jobs))
    for campaign in owned:
        mine = [a for (c, _), a in zip(jobs, answers, strict=True) if c is campaign]
        won = [a.json()["id"] for a in mine if a.status_code == 201]
        assert len(won) == 1, [a.text for a in mine]
        for lost in (a for a in mine if a.status_code != 201):
            assert lost.status_code == 409, lost.text
            assert lost.json()["error"].startswith(f"this campaign's game is still going on at table {won[0]}")


def _check_database(db_url: str) -> None:
    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as conn:
        rows = conn.execute(sa.select(TableRow.campaign_id, TableRow.status, TableRow.seed)).all()
    engine.dispose()
    unfinished = [c for c, status, _ in rows if status in ("open", "playing")]
    assert len(unfinished) == len(set(unfinished)) == len({c for c, _, _ in rows})
    assert len({seed for _, _, seed in rows}) == len(rows)


def test_two_servers_on_one_postgresql_start_one_table_per_campaign(pg_server: str | None, tmp_path: Path) -> None:
    for db_url in _pg_database(pg_server):
        env = {"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_CLAIM_INTERVAL": "0.5"}
        ports = [free_port(), free_port()]
        servers = [spawn(port, db_url, 0.2, env) for port in ports]
        try:
            _race([f"http://127.0.0.1:{port}" for port in ports], campaigns=10, per_campaign=2)
        finally:
            for server in servers:
                server.kill()
                server.wait()
        _check_database(db_url)


def test_one_server_on_sqlite_starts_one_table_per_campaign(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'race.db'}"
    port = free_port()
    server = spawn(port, db_url, 0.2, {"FRUITBOWL_HOME": str(tmp_path)})
    try:
        _race([f"http://127.0.0.1:{port}"], campaigns=6, per_campaign=3)
    finally:
        server.kill()
        server.wait()
    _check_database(db_url)


def test_the_database_itself_refuses_a_second_unfinished_table_or_a_reused_seed(db_url: str) -> None:
    """The rules are the database's (any process, any code path), and a database made before
    them gains them when a server starts on it."""
    engine = make_engine(db_url)
    with engine.begin() as conn:  # as a database made by an earlier version: no rules yet
        conn.execute(sa.text("DROP INDEX tables_seed_unique_but_tutorials"))
        conn.execute(sa.text("DROP INDEX tables_one_unfinished_per_campaign"))
    engine.dispose()
    engine = make_engine(db_url)  # a server starting on it adds them
    names = {i["name"] for i in sa.inspect(engine).get_indexes("tables")}
    assert {"tables_seed_unique_but_tutorials", "tables_one_unfinished_per_campaign"} <= names

    def table(table_id: str, seed: int, status: str = "playing") -> dict:
        return {
            "id": table_id,
            "game": "fabledfruit",
            "rules_version": "1",
            "options": {},
            "seed": seed,
            "num_players": 2,
            "status": status,
            "host_token_hash": "x",
            "campaign_id": "c",
        }

    with engine.begin() as conn:
        conn.execute(sa.insert(CampaignRow).values(id="c", game="fabledfruit", name="C", data={}))
        conn.execute(sa.insert(TableRow).values(**table("t1", 1, "finished")))
        conn.execute(sa.insert(TableRow).values(**table("t2", 2)))
    for second in (table("t3", 3), table("t4", 1, "finished")):
        with pytest.raises(IntegrityError), engine.begin() as conn:
            conn.execute(sa.insert(TableRow).values(**second))
    engine.dispose()


def test_a_move_sent_to_another_server_just_after_a_cancel_is_refused(db_url: str) -> None:
    """Two servers on one database: the owner cancels through one while the other still holds the
    game in memory as going on; a move sent to the other is refused and stored nowhere."""
    from fruitbowl.server import create_app
    from fruitbowl.server.db import ActionRow

    with TestClient(create_app(db_url)) as here, TestClient(create_app(db_url)) as there:
        campaign = here.post("/api/campaigns", json={"game": "fabledfruit", "name": "Two servers"}).json()
        body = {"seats": [{}, {"controller": "random"}], "name": "Ada"}
        table = here.post(f"/api/campaigns/{campaign['id']}/tables", json=body, headers=_owner(campaign)).json()
        # A bot may move first (a Fabled Fruit turn is several decisions), played by this server;
        # on SQLite the other server reads the table once, when first asked, so it is asked only
        # once the person holds the turn here.
        deadline = time.monotonic() + 30
        while not snapshot(here, table["id"], table["token"])["legal"] and time.monotonic() < deadline:
            time.sleep(0.05)
        state = snapshot(there, table["id"], table["token"])  # the other server now holds the table
        assert state["status"] == "playing" and state["legal"], state["prompt"]
        cancelled = here.post(f"/api/campaigns/{campaign['id']}/cancel", headers=_owner(campaign))
        assert cancelled.status_code == 200, cancelled.text
        move = act(there, table["id"], table["token"], state["legal"][0]["code"], state["version"])
        assert move.status_code == 409 and "cancelled" in move.json()["error"], move.text
        with here.app.state.service.sessions() as db:  # type: ignore[attr-defined]
            stored = db.scalars(select(ActionRow).where(ActionRow.table_id == table["id"])).all()
            assert len(stored) == state["version"]  # the bot's moves before it, none after the cancel
            assert db.get(TableRow, table["id"]).status == "cancelled"
