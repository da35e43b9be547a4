"""Server-side bots: they play off the event loop, and a bot that overruns its time is replaced."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from fastapi.testclient import TestClient

from fruitbowl.bots.base import Bot, SeatHandle, register_bot
from fruitbowl.engine import Action
from fruitbowl.server.db import make_engine, make_sessionmaker
from fruitbowl.server.tables import SeatRequest, TableService

from .helpers import act, create, snapshot


class SleepyBot(Bot):
    """Thinks for longer than any time limit, then plays its last legal action."""

    name = "sleepy"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, handle: SeatHandle) -> Action:
        time.sleep(0.5)
        return handle.legal_actions()[-1]


register_bot("sleepy", SleepyBot)


def test_bots_finish_a_game_and_a_slow_bot_is_timed_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = TableService(make_sessionmaker(make_engine(f"sqlite:///{tmp_path / 't.db'}")), bot_time_limit=0.05)
        created = await service.create("tanghulu", 2, {}, [SeatRequest("random"), SeatRequest("sleepy")], you=None)
        table = await service.get(created.id)
        loop_alive = 0
        for _ in range(400):  # the event loop keeps running while bots think
            if table.status == "finished":
                break
            await asyncio.sleep(0.02)
            loop_alive += 1
        assert table.status == "finished", "two bots did not finish the game"
        assert table.match.record.result is not None and loop_alive > 0
        service.executor.shutdown(wait=False, cancel_futures=True)

    asyncio.run(scenario())


# ---------------------------------------------------------------------- bots of your choice (issue 22)


def _finish(client: TestClient, table_id: str, token: str) -> dict:
    for _ in range(3000):
        state = snapshot(client, table_id, token)
        if state["status"] == "finished":
            return state
        if state["legal"]:
            act(client, table_id, token, state["legal"][0]["code"], state["version"])
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not finish")


def test_the_host_gives_a_seat_to_a_bot_of_the_level_chosen(client: TestClient) -> None:
    table = create(client, seats=[{"controller": "human"}, {"controller": "human"}, {"controller": "human"}])
    url, host = f"/api/tables/{table['id']}/seats", {"X-Host-Token": table["host_token"]}
    levels = client.get("/api/games").json()["bots"]
    unknown = client.post(f"{url}/1/bot", json={"bot": "Genius"}, headers=host)
    assert unknown.status_code == 400
    assert unknown.json()["error"] == f"unknown bot level 'Genius'; the levels are: {', '.join(levels)}"
    assert [p["controller"] for p in snapshot(client, table["id"])["players"]] == ["human"] * 3  # nothing changed
    assert client.post(f"{url}/1/bot", json={"bot": "greedy"}, headers=host).json() == {"seat": 1, "bot": "greedy"}
    players = snapshot(client, table["id"])["players"]
    assert (players[1]["controller"], players[1]["name"], players[1]["claimed"]) == ("greedy", "Greedy bot 2", True)


def test_a_rematch_keeps_every_seat_and_may_change_the_bots_levels(client: TestClient) -> None:
    table = create(client, seats=[{"controller": "human", "name": "Ada"}, {"controller": "random"}])
    seat_token = {"X-Seat-Token": table["token"]}
    url = f"/api/tables/{table['id']}/rematch"
    _finish(client, table["id"], table["token"])
    levels = client.get("/api/games").json()["bots"]
    for bots, error in [
        ({"0": "greedy"}, "seat 1 is a person's: only a bot's level can change at a rematch"),
        ({"1": "genius"}, f"unknown bot level 'genius'; the levels are: {', '.join(levels)}"),
        ({"5": "greedy"}, "there is no seat 6 at this table of 2 seats"),
        ({"x": "greedy"}, "'bots' is keyed by seat numbers from 0, not 'x'"),
    ]:
        refused = client.post(url, json={"bots": bots}, headers=seat_token)
        assert refused.status_code == 400 and refused.json()["error"] == error
    assert snapshot(client, table["id"], table["token"])["rematch"] is None  # nothing was created

    made = client.post(url, json={"bots": {"1": "greedy"}}, headers=seat_token)
    assert made.status_code == 201, made.text
    rematch = made.json()
    state = snapshot(client, rematch["id"], table["token"])  # the player keeps their token
    assert state["seat"] == 0
    assert [(p["name"], p["controller"]) for p in state["players"]] == [("Ada", "human"), ("Greedy bot 2", "greedy")]

    plain = create(client, seats=[{"controller": "human", "name": "Ada"}, {"controller": "greedy"}])
    _finish(client, plain["id"], plain["token"])
    kept = client.post(f"/api/tables/{plain['id']}/rematch", headers={"X-Seat-Token": plain["token"]}).json()
    assert [p["controller"] for p in snapshot(client, kept["id"], plain["token"])["players"]] == ["human", "greedy"]
