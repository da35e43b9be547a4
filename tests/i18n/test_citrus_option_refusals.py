"""Citrus's options that do not combine are refused in the reader's language through the API, as
its moves' refusals are (issue 27); the options' names and values stay as typed, English unchanged."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi.testclient import TestClient

from .readers import CHINESE, GERMAN

ENGLISH = {"Accept-Language": "en"}


def _refusal(client: TestClient, options: Mapping[str, object], reader: dict[str, str]) -> str:
    response = client.post("/api/tables", json={"game": "citrus", "players": 2, "options": options}, headers=reader)
    assert response.status_code == 400, response.text
    return str(response.json()["error"])


def test_three_fincas_on_the_short_side_is_refused_in_german_and_chinese(client: TestClient) -> None:
    asked = {"board": "short", "three_fincas": True, "random_sites": True}
    assert _refusal(client, asked, ENGLISH) == (
        "option three_fincas is for the long side; the short side always starts with 3 Fincas"
    )
    assert _refusal(client, asked, GERMAN) == (
        "Option three_fincas gilt für die Langspielseite; die Seite short beginnt immer mit 3 Fincas"
    )
    assert _refusal(client, asked, CHINESE) == "选项 three_fincas 只用于长版面；short 版面总是以 3 个庄园开局"


def test_three_fincas_without_random_sites_is_refused_in_german_and_chinese(client: TestClient) -> None:
    asked = {"three_fincas": True}
    assert _refusal(client, asked, ENGLISH).startswith("option three_fincas is part of the random starting sites")
    assert _refusal(client, asked, GERMAN) == (
        "Option three_fincas gehört zur Variante mit zufälligen Startfeldern; gib auch random_sites=true an"
    )
    assert _refusal(client, asked, CHINESE) == "选项 three_fincas 属于随机起始建地变体；请同时设置 random_sites=true"


def test_free_placement_without_the_cart_restriction_is_refused_in_german_and_chinese(client: TestClient) -> None:
    asked = {"cart_restriction": False, "free_placement": True}
    assert _refusal(client, asked, ENGLISH).startswith("option cart_restriction=false does not combine")
    assert _refusal(client, asked, GERMAN).startswith(
        "Option cart_restriction=false lässt sich nicht mit free_placement"
    )
    assert _refusal(client, asked, CHINESE).startswith("选项 cart_restriction=false 不能与 free_placement 同时使用")
