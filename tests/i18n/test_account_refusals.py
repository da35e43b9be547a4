"""The accounts' and the arena's refusals in the reader's language (issue 27: "every ... refusal
... in the players' language"; "The API honours Accept-Language"): a short or taken password and
name, a wrong password, no session, no CSRF token, too many sign-ins, a bot's missing or forged
token and a bot one does not own, asked through the HTTP API by an English, a German and a
Chinese reader. English reads as it always did."""

from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from .readers import CHINESE, GERMAN  # noqa: E402

PASSWORD = "correct horse battery"
ENGLISH = {"Accept-Language": "en"}


def refusal(response, status: int) -> str:
    assert response.status_code == status, response.text
    return response.json()["error"]


def sign_up(client: TestClient, name: str) -> str:
    """A new account signed in on ``client`` (its cookie kept): its CSRF token."""
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return answer.json()["csrf"]


@pytest.mark.parametrize(
    ("reader", "short", "taken", "wrong", "signed_out"),
    [
        (
            ENGLISH,
            "a password has at least 8 characters (this one has 3)",
            "the name 'ADA' is taken (names are compared without regard to case)",
            "wrong name or password",
            "you are not signed in: sign in first",
        ),
        (
            GERMAN,
            "ein Passwort hat mindestens 8 Zeichen (dieses hat 3)",
            "der Name 'ADA' ist vergeben (Namen werden ohne Rücksicht auf Groß- und Kleinschreibung verglichen)",
            "falscher Name oder falsches Passwort",
            "du bist nicht angemeldet: melde dich zuerst an",
        ),
        (
            CHINESE,
            "密码至少要有 8 个字符（这个有 3 个）",
            "名字 'ADA' 已被占用（比较名字时不区分大小写）",
            "名字或密码错误",
            "你尚未登录：请先登录",
        ),
    ],
)
def test_signing_up_and_in_is_refused_in_the_readers_language(client, reader, short, taken, wrong, signed_out):
    too_short = client.post("/api/accounts", json={"name": "Ada", "password": "abc"}, headers=reader)
    assert refusal(too_short, 400) == short
    sign_up(client, "Ada")
    client.cookies.clear()
    again = client.post("/api/accounts", json={"name": "ADA", "password": PASSWORD}, headers=reader)
    assert refusal(again, 409) == taken
    guessed = client.post("/api/session", json={"name": "Ada", "password": "not the password"}, headers=reader)
    assert refusal(guessed, 403) == wrong
    assert refusal(client.get("/api/accounts/me", headers=reader), 401) == signed_out


@pytest.mark.parametrize(
    ("reader", "limited"),
    [
        (ENGLISH, "too many sign-in attempts "),
        (GERMAN, "zu viele Anmeldeversuche "),
        (CHINESE, "登录尝试太多；请等待 "),
    ],
)
def test_too_many_sign_in_attempts_are_refused_in_the_readers_language(client, reader, limited):
    answers = [
        client.post("/api/session", json={"name": "Bo", "password": "guess number one"}, headers=reader)
        for _ in range(12)
    ]
    assert limited in refusal(answers[-1], 429)


@pytest.mark.parametrize(
    ("reader", "no_csrf", "not_yours", "no_token", "forged"),
    [
        (
            ENGLISH,
            "this request relies on your session but lacks its X-CSRF-Token (GET /api/session gives it): "
            "nothing was changed",
            "you have no bot named 'Date': nothing was removed",
            "this request needs a bot token (X-Bot-Token)",
            "that is not a registered bot's token",
        ),
        (
            GERMAN,
            "diese Anfrage stützt sich auf deine Sitzung, aber ihr fehlt deren X-CSRF-Token "
            "(GET /api/session liefert ihn): nichts wurde geändert",
            "du hast keinen Bot namens 'Date': nichts wurde entfernt",
            "diese Anfrage braucht einen Bot-Token (X-Bot-Token)",
            "das ist nicht der Token eines angemeldeten Bots",
        ),
        (
            CHINESE,
            "这个请求依赖你的会话，但缺少它的 X-CSRF-Token（GET /api/session 可以获得）：没有做任何更改",
            "你没有名为 'Date' 的机器人：没有移除任何东西",
            "这个请求需要机器人令牌（X-Bot-Token）",
            "这不是已注册机器人的令牌",
        ),
    ],
)
def test_the_arenas_refusals_are_said_in_the_readers_language(client, reader, no_csrf, not_yours, no_token, forged):
    csrf = sign_up(client, "Eve")
    assert refusal(client.post("/api/bots", json={"name": "Evil"}, headers=reader), 403) == no_csrf
    mine = client.post("/api/bots", json={"name": "Mine"}, headers={"X-CSRF-Token": csrf})
    assert mine.status_code == 201, mine.text
    theirs = client.delete("/api/bots/Date", headers={**reader, "X-CSRF-Token": csrf})
    assert refusal(theirs, 403) == not_yours
    queue = {"game": "tanghulu"}
    assert refusal(client.post("/api/arena/queue", json=queue, headers=reader), 403) == no_token
    with_forged = {**reader, "X-Bot-Token": "bot_forged"}
    assert refusal(client.post("/api/arena/queue", json=queue, headers=with_forged), 403) == forged


def test_a_player_nobody_has_is_refused_in_german_and_chinese(client):
    assert refusal(client.get("/api/players/Nobody", headers=GERMAN), 404) == "es gibt keinen Spieler namens 'Nobody'"
    assert refusal(client.get("/api/players/Nobody", headers=CHINESE), 404) == "没有名为 'Nobody' 的玩家"
    assert refusal(client.get("/api/players/Nobody", headers=ENGLISH), 404) == "there is no player named 'Nobody'"
