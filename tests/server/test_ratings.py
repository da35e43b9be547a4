"""Ratings (issue 26): a game between signed-in players, or against a built-in bot, updates each
one's OpenSkill rating for that game when it ends; a guest at the table, a tutorial or a stand-in
leaves it unrated. Profiles and leaderboards show them. Played through the HTTP API of a real
server, as two browsers would."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime

import httpx
import pytest

from .helpers import servers

PASSWORD = "correct horse battery"


@pytest.fixture()
def base(db_url: str) -> Iterator[str]:
    """A real server, on SQLite and on PostgreSQL."""
    with servers(1, db_url, {"FRUITBOWL_RATE_LIMITS": "off"}) as started:
        yield started[0][0]


def signed_up(base: str, name: str) -> tuple[httpx.Client, str]:
    page = httpx.Client(base_url=base, timeout=60)
    answer = page.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return page, answer.json()["csrf"]


def play_to_the_end(page: httpx.Client, table_id: str, tokens: list[str], seed: int) -> dict:
    """Every seat of ``tokens`` plays random legal moves until the game is over (bots play theirs)."""
    rng = random.Random(seed)
    for _ in range(3000):
        for token in tokens:
            state = page.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            if state["status"] == "finished":
                return state
            if state["legal"]:
                move = rng.choice(state["legal"])["code"]
                page.post(
                    f"/api/tables/{table_id}/actions",
                    json={"action": move, "version": state["version"]},
                    headers={"X-Seat-Token": token},
                )
    raise AssertionError("the game did not end")


def rating_of(profile: dict, game: str) -> dict:
    return next(r for r in profile["ratings"] if r["game"] == game)


def test_a_game_between_two_accounts_rates_both_and_the_winner_gains(base: str) -> None:
    ada, ada_csrf = signed_up(base, "Ada")
    bea, bea_csrf = signed_up(base, "Bea")
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    table = ada.post("/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    joined = bea.post(
        f"/api/tables/{table['id']}/join", json={"name": "Bea", "invite": table["invites"]["1"].split("invite=")[1]}
    )
    assert joined.status_code == 200, joined.text
    bea_token = joined.json()["token"]
    for page, csrf, token in ((ada, ada_csrf, table["token"]), (bea, bea_csrf, bea_token)):
        claimed = page.post(
            "/api/accounts/me/seats", json={"table": table["id"], "token": token}, headers={"X-CSRF-Token": csrf}
        )
        assert claimed.status_code == 201, claimed.text
    assert ada.get("/api/players/Ada").json()["ratings"] == [], "nothing is rated before the game ends"

    final = play_to_the_end(ada, table["id"], [table["token"], bea_token], seed=3)
    places = final["result"]["places"]
    profiles = [ada.get(f"/api/players/{name}").json() for name in ("ada", "BEA")]  # names without case
    for seat, profile in enumerate(profiles):
        rating = rating_of(profile, "tanghulu")
        assert rating["games"] == 1 and profile["games"] == 1
        assert profile["recent"][0]["table"] == table["id"] and profile["recent"][0]["place"] == places[seat]
        assert profile["recent"][0]["replay"] == f"/t/{table['id']}?replay=1"
        assert datetime.fromisoformat(profile["recent"][0]["at"]).utcoffset() is not None, "a time with its zone"
    before = profiles[0]["recent"][0]["rating_before"]
    assert before == profiles[1]["recent"][0]["rating_before"], "both started at the model's default"
    if places[0] != places[1]:
        winner, loser = (0, 1) if places[0] < places[1] else (1, 0)
        assert profiles[winner]["recent"][0]["rating"] > before > profiles[loser]["recent"][0]["rating"]
        assert rating_of(profiles[winner], "tanghulu")["wins"] == 1 and profiles[loser]["wins"] == 0

    board = ada.get("/api/leaderboards/tanghulu").json()["players"]
    assert sorted(p["name"] for p in board) == ["Ada", "Bea"]
    assert board[0]["rating"] >= board[1]["rating"] and all(p["sigma"] > 0 for p in board)
    assert ada.get("/api/leaderboards/citrus").json()["players"] == []
    unknown = ada.get("/api/leaderboards/chess")
    assert unknown.status_code == 400 and "unknown game 'chess'" in unknown.json()["error"]
    nobody = ada.get("/api/players/Nobody")
    assert nobody.status_code == 404 and nobody.json()["error"] == "there is no player named 'Nobody'"


def test_bots_are_rated_players_and_a_guest_game_is_not_rated(base: str) -> None:
    ada, csrf = signed_up(base, "Ada")
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "random"}]
    table = ada.post("/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    ada.post(
        "/api/accounts/me/seats", json={"table": table["id"], "token": table["token"]}, headers={"X-CSRF-Token": csrf}
    )
    play_to_the_end(ada, table["id"], [table["token"]], seed=5)
    bot = ada.get("/api/players/bot:random").json()
    assert bot["name"] == "Random bot" and bot["kind"] == "bot" and rating_of(bot, "tanghulu")["games"] == 1
    assert rating_of(ada.get("/api/players/Ada").json(), "tanghulu")["games"] == 1

    friendly = ada.post("/api/tables", json={"game": "tanghulu", "seats": seats, "rated": False}).json()
    claim = {"table": friendly["id"], "token": friendly["token"]}
    ada.post("/api/accounts/me/seats", json=claim, headers={"X-CSRF-Token": csrf})
    play_to_the_end(ada, friendly["id"], [friendly["token"]], seed=8)
    assert rating_of(ada.get("/api/players/Ada").json(), "tanghulu")["games"] == 1, "a table made unrated is not rated"

    guest = httpx.Client(base_url=base, timeout=60)
    other = guest.post("/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    play_to_the_end(guest, other["id"], [other["token"]], seed=6)
    assert rating_of(ada.get("/api/players/bot:random").json(), "tanghulu")["games"] == 1, "a guest's game is unrated"
    board = ada.get("/api/leaderboards/tanghulu").json()["players"]
    assert {(p["name"], p["bot"]) for p in board} == {("Ada", False), ("Random bot", True)}
