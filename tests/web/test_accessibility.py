"""axe-core finds no serious or critical accessibility problem (issue 23, "For everyone"): the
lobby with the How to play drawer, every game's table at desktop and phone size, a finished
table's results and its replay."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from .helpers import DESKTOP, PHONE, TURN_TIMEOUT, create_seated_table, http, new_page, open_seated

GAMES = ("tanghulu", "citrus", "juicyfruits", "fabledfruit")
AXE = Axe()


def problems(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line each."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {v['nodes'][0]['target']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_and_its_rules_drawer(browser: Any, server_url: str, size: Any):
    page = new_page(browser, size)
    page.goto(server_url)
    page.wait_for_function("document.querySelector('#game').value !== ''")
    assert problems(page) == []
    page.click("#open-rules")
    page.locator("#rules-drawer-body h2").first.wait_for()
    assert problems(page) == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_every_games_table(browser: Any, server_url: str, game: str, size: Any):
    page = new_page(browser, size)
    open_seated(page, server_url, create_seated_table(server_url, game))
    assert problems(page) == []


def test_a_finished_tables_results_and_replay(browser: Any, server_url: str):
    seats = [{"controller": "random"}, {"controller": "random"}]
    table = http.post(f"{server_url}/api/tables", json={"game": "tanghulu", "seats": seats, "you": None}).json()
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/t/{table['id']}")
    page.wait_for_function("document.body.dataset.status === 'finished'", timeout=TURN_TIMEOUT * 4)
    page.locator("#results").wait_for(state="visible")
    assert problems(page) == []
    page.click("#open-replay")
    page.locator("#replay-bar").wait_for(state="visible")
    page.click("#replay-next")
    assert problems(page) == []
