"""Accounts (issue 26): sign up, sign in on two browsers, sessions and CSRF, claimed seats,
deletion; and the attacks on them (a wrong or guessed password, a stolen or expired session, a
request from another site's page), each against a real server process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fruitbowl.database import open_engine
from fruitbowl.server.db import SessionRow

from .helpers import servers

PASSWORD = "correct horse battery"


@pytest.fixture()
def server(db_url: str) -> Iterator[tuple[str, sa.Engine]]:
    """A real server on SQLite and on PostgreSQL, and the database it keeps (to look into it)."""
    with servers(1, db_url, {}) as started:
        engine = open_engine(db_url)
        try:
            yield started[0][0], engine
        finally:
            engine.dispose()


def rows(db: sa.Engine, query: str, **params: Any) -> list[tuple[Any, ...]]:
    with db.begin() as conn:
        return [tuple(row) for row in conn.execute(sa.text(query), params)]


def browser(base: str) -> httpx.Client:
    """A browser of its own: its own cookie jar."""
    return httpx.Client(base_url=base, timeout=30)


def sign_up(base: str, name: str, password: str = PASSWORD) -> tuple[httpx.Client, str]:
    """A new account signed in on a new browser: the browser and its CSRF token."""
    page = browser(base)
    answer = page.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    return page, answer.json()["csrf"]


def test_sign_up_then_sign_in_on_a_second_browser_and_sign_out(server: tuple[str, sa.Engine]) -> None:
    base, _ = server
    first = browser(base)
    made = first.post("/api/accounts", json={"name": "  Ada   Lovelace ", "password": PASSWORD})
    assert made.status_code == 201, made.text
    assert made.json()["name"] == "Ada Lovelace" and made.json()["csrf"]
    cookie = made.headers["set-cookie"]
    assert "fruitbowl_session=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert "Ada" not in cookie.split(";")[0], "the cookie holds a random token, not the name"
    assert first.get("/api/session").json()["name"] == "Ada Lovelace"

    second = browser(base)
    assert second.get("/api/session").json() == {"name": None, "csrf": None, "ended": None}
    signed = second.post("/api/session", json={"name": "ada lovelace", "password": PASSWORD})
    assert signed.status_code == 200 and signed.json()["name"] == "Ada Lovelace"
    assert second.get("/api/accounts/me").json() == {"name": "Ada Lovelace", "tables": []}

    out = second.delete("/api/session", headers={"X-CSRF-Token": signed.json()["csrf"]})
    assert out.status_code == 200
    assert second.get("/api/session").json()["name"] is None
    assert second.get("/api/accounts/me").status_code == 401
    assert first.get("/api/session").json()["name"] == "Ada Lovelace", "signing out one browser leaves the other in"


def test_bad_sign_ups_are_refused_in_one_sentence_and_create_nothing(server: tuple[str, sa.Engine]) -> None:
    base, db = server
    sign_up(base, "Ada")
    page = browser(base)
    cases = [
        ({"name": "ADA", "password": PASSWORD}, 409, "the name 'ADA' is taken"),
        ({"name": "Bea", "password": "short"}, 400, "a password has at least 8 characters (this one has 5)"),
        ({"name": "   ", "password": PASSWORD}, 400, "an account's name cannot be empty"),
        ({"name": "x" * 41, "password": PASSWORD}, 400, "an account's name has at most 40 characters"),
        ({"name": "bot:ismcts:hard", "password": PASSWORD}, 400, "cannot start with 'bot:'"),
        ({"name": "Cy", "password": PASSWORD, "admin": True}, 422, "admin"),
        ({"name": "Cy"}, 422, "password"),
    ]
    for body, status, words in cases:
        answer = page.post("/api/accounts", json=body)
        assert answer.status_code == status, (body, answer.text)
        assert words in answer.json()["error"], answer.text
    assert rows(db, "SELECT name FROM accounts") == [("Ada",)]
    [(stored,)] = rows(db, "SELECT password_hash FROM accounts")
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_a_wrong_password_or_unknown_name_gets_the_same_sentence(server: tuple[str, sa.Engine]) -> None:
    base, _ = server
    sign_up(base, "Ada")
    page = browser(base)
    wrong = page.post("/api/session", json={"name": "Ada", "password": "not the password"})
    nobody = page.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == nobody.status_code == 403
    assert wrong.json()["error"] == nobody.json()["error"] == "wrong name or password"
    assert page.get("/api/session").json()["name"] is None


def test_changes_that_rely_on_the_cookie_need_the_csrf_token(server: tuple[str, sa.Engine]) -> None:
    """A page of another site can make the browser send the cookie, but cannot read the token."""
    base, _ = server
    ada, csrf = sign_up(base, "Ada")
    _, other_csrf = sign_up(base, "Bea")
    for headers in ({}, {"X-CSRF-Token": other_csrf}, {"X-CSRF-Token": ""}):
        refused = ada.delete("/api/session", headers=headers)
        assert refused.status_code == 403 and "X-CSRF-Token" in refused.json()["error"]
        gone = ada.request("DELETE", "/api/accounts/me", json={"password": PASSWORD}, headers=headers)
        assert gone.status_code == 403
    assert ada.get("/api/session").json()["name"] == "Ada", "nothing changed"
    assert ada.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 200


def test_a_stolen_session_stops_working_when_its_owner_signs_out_and_an_old_one_expires(
    server: tuple[str, sa.Engine],
) -> None:
    base, db = server
    ada, csrf = sign_up(base, "Ada")
    stolen = ada.cookies["fruitbowl_session"]
    thief = browser(base)
    thief.cookies.set("fruitbowl_session", stolen)
    assert thief.get("/api/accounts/me").status_code == 200
    ada.delete("/api/session", params={"everywhere": "true"}, headers={"X-CSRF-Token": csrf})
    answer = thief.get("/api/accounts/me")
    assert answer.status_code == 401 and "sign in again" in answer.json()["error"]

    later = browser(base)
    later.post("/api/session", json={"name": "Ada", "password": PASSWORD})
    with db.begin() as conn:  # thirty days pass
        conn.execute(sa.update(SessionRow).values(expires_at=datetime(2020, 1, 1, tzinfo=UTC)))
    expired = later.get("/api/accounts/me")
    assert expired.status_code == 401 and "expired" in expired.json()["error"]
    assert later.get("/api/session").json()["name"] is None


def test_a_guest_claims_their_seats_into_a_new_account(server: tuple[str, sa.Engine]) -> None:
    base, _ = server
    guest = browser(base)
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "random"}]
    table = guest.post("/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    other = guest.post("/api/tables", json={"game": "citrus", "seats": seats}).json()

    ada, csrf = sign_up(base, "Ada")
    claim = {"table": table["id"], "token": table["token"]}
    assert ada.post("/api/accounts/me/seats", json=claim).status_code == 403, "the CSRF token is needed"
    claimed = ada.post("/api/accounts/me/seats", json=claim, headers={"X-CSRF-Token": csrf})
    assert claimed.status_code == 201 and claimed.json() == {"table": table["id"], "seat": 0}
    mixed = {"table": table["id"], "token": other["token"]}  # another table's token
    refused = ada.post("/api/accounts/me/seats", json=mixed, headers={"X-CSRF-Token": csrf})
    assert refused.status_code == 403 and "not a seat token of table" in refused.json()["error"]
    mine = ada.get("/api/accounts/me").json()["tables"]
    assert [(t["id"], t["game"], t["seat"], t["name"]) for t in mine] == [(table["id"], "tanghulu", 0, "Ada")]
    assert bea_cannot_read_it(base, table["id"])

    bea, bea_csrf = sign_up(base, "Bea")
    taken = bea.post("/api/accounts/me/seats", json=claim, headers={"X-CSRF-Token": bea_csrf})
    assert taken.status_code == 409 and "already another account's" in taken.json()["error"]

    # on a second browser, signed in, the same seats are listed with their tokens: it plays on there
    phone = browser(base)
    phone.post("/api/session", json={"name": "Ada", "password": PASSWORD})
    listed = phone.get("/api/accounts/me").json()["tables"]
    assert [(t["id"], t["token"]) for t in listed] == [(table["id"], table["token"])]
    seated = phone.get(f"/api/tables/{table['id']}", headers={"X-Seat-Token": listed[0]["token"]}).json()
    assert seated["seat"] == 0


def bea_cannot_read_it(base: str, table_id: str) -> bool:
    """Another account lists none of Ada's seats, and no one signed out lists any."""
    bea, _ = sign_up(base, "Bea Reader")
    return all(t["id"] != table_id for t in bea.get("/api/accounts/me").json()["tables"]) and (
        browser(base).get("/api/accounts/me").status_code == 401
    )


def test_deleting_an_account_keeps_the_records_under_another_name(server: tuple[str, sa.Engine]) -> None:
    base, db = server
    ada, csrf = sign_up(base, "Ada")
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "random"}]
    table = ada.post("/api/tables", json={"game": "tanghulu", "seats": seats}).json()
    ada.post(
        "/api/accounts/me/seats", json={"table": table["id"], "token": table["token"]}, headers={"X-CSRF-Token": csrf}
    )
    said = ada.post(
        f"/api/tables/{table['id']}/chat", json={"text": "Good game"}, headers={"X-Seat-Token": table["token"]}
    )
    assert said.status_code in (200, 201), said.text
    renamed = ada.post(
        f"/api/tables/{table['id']}/name", json={"name": "Ada L"}, headers={"X-Seat-Token": table["token"]}
    )
    assert renamed.status_code == 200, renamed.text

    wrong = ada.request(
        "DELETE", "/api/accounts/me", json={"password": "not it at all"}, headers={"X-CSRF-Token": csrf}
    )
    assert wrong.status_code == 403 and wrong.json()["error"] == "wrong password: the account was not deleted"
    assert ada.get("/api/session").json()["name"] == "Ada"

    gone = ada.request("DELETE", "/api/accounts/me", json={"password": PASSWORD}, headers={"X-CSRF-Token": csrf})
    assert gone.status_code == 200
    assert ada.get("/api/accounts/me").status_code == 401
    again = browser(base).post("/api/session", json={"name": "Ada", "password": PASSWORD})
    assert again.status_code == 403
    # the table's record stays, its seat renamed; what it said keeps no name; nothing personal is left
    assert rows(db, "SELECT name FROM seats WHERE table_id = :t AND seat = 0", t=table["id"]) == [("Former player 1",)]
    said_by = rows(db, "SELECT name FROM table_notes WHERE table_id = :t AND kind = 'chat'", t=table["id"])
    assert said_by == [("Former player 1",)]
    for emptied in ("accounts", "account_sessions", "account_seats"):
        assert rows(db, f"SELECT count(*) FROM {emptied}") == [(0,)], emptied
    assert rows(db, "SELECT count(*) FROM tables WHERE id = :t", t=table["id"]) == [(1,)]
    # the table the server holds in memory reads the new name at once, in its seats, chat and log
    shown = browser(base).get(f"/api/tables/{table['id']}").json()
    assert shown["players"][0]["name"] == "Former player 1"
    assert [m["name"] for m in shown["chat"]] == ["Former player 1"]
    assert "Ada" not in json.dumps(shown), [line for line in shown["log"] if "Ada" in json.dumps(line)]
    sign_up(base, "ada")  # the name is free again


def test_guessing_a_password_is_cut_off_and_changes_nothing(server: tuple[str, sa.Engine]) -> None:
    base, _ = server
    sign_up(base, "Ada")
    guesser = browser(base)
    answers = [guesser.post("/api/session", json={"name": "Ada", "password": f"guess {i:04}"}) for i in range(12)]
    codes = [a.status_code for a in answers]
    assert codes[:9] == [403] * 9 and codes[-1] == 429, codes
    limited = answers[-1]
    assert "too many sign-in attempts" in limited.json()["error"] and float(limited.headers["Retry-After"]) > 0
    assert guesser.get("/api/session").json()["name"] is None
