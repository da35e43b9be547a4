"""The tutorials speak the reader's language (issue 27: "every ... help text of all four games ...
complete"): the lobby's list, and the coach at a tutorial's table, in German and Chinese through
the API's ``Accept-Language``; English unchanged. The coach's sentences are their game's catalog's
messages (read from ``tutorial.toml``), so a translation keeps the ``{{ … }}`` numbers it names."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from fruitbowl.i18n import LANGUAGES
from fruitbowl.i18n.catalogs import game_domains
from fruitbowl.i18n.extract import read

from ..server.helpers import follow_tutorial
from .readers import CHINESE, GERMAN

ENGLISH = {"Accept-Language": "en"}
#: What each game's coach says first, as a German and a Chinese player read it.
WELCOME = {
    "tanghulu": ("Willkommen bei Tang Hu Lu!", "欢迎来到糖葫芦！"),
    "citrus": ("Willkommen bei Citrus!", "欢迎来到柑橘！"),
    "fabledfruit": ("Willkommen bei Fabelsaft!", "欢迎来到寓言果汁！"),
    "juicyfruits": ("Willkommen bei Juicy Fruits!", "欢迎来到多汁水果！"),
}
#: How the coach names the move it suggests (or the only one).
SUGGESTS = {
    "de": ("Vorschlag: ", "Nur ein Zug ist möglich: "),
    "zh": ("建议：", "只有一步可走："),
    "en": ("Suggested: ", "Only one move is possible: "),
}
NUMBERS = re.compile(r"\{\{.*?\}\}")


def _coach(client: TestClient, table: dict[str, str], reader: dict[str, str]) -> dict[str, object]:
    state = client.get(f"/api/tables/{table['id']}", headers={"X-Seat-Token": table["token"], **reader}).json()
    return state["tutorial"]


def test_the_lobbys_tutorials_are_named_and_described_in_the_readers_language(client: TestClient) -> None:
    said = {
        name: {t["id"]: t for t in client.get("/api/tutorials", headers=reader).json()["tutorials"]}
        for name, reader in (("de", GERMAN), ("zh", CHINESE), ("en", ENGLISH))
    }
    assert said["de"]["tanghulu"]["title"] == "Tang Hu Lu lernen"
    assert said["de"]["juicyfruits-mystic_island"]["title"] == "Juicy Fruits lernen: Mystic Island"
    assert said["de"]["fabledfruit"]["about"].startswith("Eine erste Partie gegen einen Bot: Ziehe dein Tier")
    assert said["zh"]["citrus"]["title"] == "学习柑橘"
    assert said["zh"]["juicyfruits-boulders"]["title"] == "学习多汁水果：巨石"
    assert said["zh"]["tanghulu"]["about"].startswith("与一个机器人的一局短游戏")
    assert said["en"]["juicyfruits-new_business"]["title"] == "Learn Juicy Fruits: New business"
    assert said["en"]["citrus"]["about"].startswith("A first game against three bots")


@pytest.mark.parametrize("game", sorted(WELCOME))
def test_the_coach_says_each_games_first_step_in_german_and_chinese(client: TestClient, game: str) -> None:
    table = client.post(f"/api/tutorials/{game}").json()
    # the same position asked in turn by readers of three languages: each hears their own
    for _round in range(2):
        for reader, lang, welcome in ((GERMAN, "de", WELCOME[game][0]), (CHINESE, "zh", WELCOME[game][1])):
            coach = _coach(client, table, reader)
            assert str(coach["why"]).startswith(welcome), coach
            assert str(coach["do"]).startswith(SUGGESTS[lang]), coach
            assert "{{" not in str(coach["text"]) and "Welcome" not in str(coach["text"])
            rule = coach["rule"]
            assert isinstance(rule, dict) and f"lang={'de' if lang == 'de' else 'zh_Hans'}" in rule["url"]
        english = _coach(client, table, ENGLISH)
        assert str(english["why"]).startswith("Welcome to ") and str(english["do"]).startswith(SUGGESTS["en"])


@pytest.mark.parametrize("game", sorted(WELCOME))
def test_the_coachs_chinese_sentences_follow_each_other_without_a_space(client: TestClient, game: str) -> None:
    """Chinese starts the next sentence right after "。", "！" or "？"; German and English leave a space."""
    table = client.post(f"/api/tutorials/{game}").json()
    chinese = _coach(client, table, CHINESE)
    text, why, do = (str(chinese[part]) for part in ("text", "why", "do"))
    assert text == why + do and not re.search(r"[。！？] ", text), text
    assert WELCOME[game][1] + " " not in why and why.startswith(WELCOME[game][1])
    for reader in (GERMAN, ENGLISH):
        coach = _coach(client, table, reader)
        assert coach["text"] == f"{coach['why']} {coach['do']}"
        assert re.search(r"[.!?] \S", str(coach["why"])), coach["why"]


def test_a_tutorial_finished_says_what_was_learned_in_the_readers_language(client: TestClient) -> None:
    table = client.post("/api/tutorials/tanghulu").json()
    follow_tutorial(client, table, most=500)
    assert str(_coach(client, table, GERMAN)["text"]).startswith("Du hast eine ganze Partie Tang Hu Lu gespielt")
    assert str(_coach(client, table, CHINESE)["text"]).startswith("你玩完了一整局糖葫芦")


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_a_tutorials_translation_names_the_same_numbers_as_its_sentence(language: str) -> None:
    """``{{ supplies.coin_cap }}`` is filled after translation: a translation that dropped or
    misspelt it would tell a wrong rule."""
    checked = 0
    for domain in game_domains():
        for message in read(language, domain):
            if any(path.endswith("tutorial.toml") for path, _line in message.locations):
                assert sorted(NUMBERS.findall(str(message.string))) == sorted(NUMBERS.findall(str(message.id))), (
                    message.id
                )
                checked += 1
    assert checked >= 4 * 10
