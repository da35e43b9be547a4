"""How to play in the page (issue 23): a drawer at every table and in the lobby shows the game's
players' page, a refused move links to its rule's paragraph there, and each page stands alone at
/games/{id}/rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    DESKTOP,
    PHONE,
    create_seated_table,
    explain,
    new_page,
    no_sideways_scroll,
    open_seated,
    state,
    wait_for_text,
)

GAMES = {"tanghulu": "Tang Hu Lu", "citrus": "Citrus", "juicyfruits": "Juicy Fruits", "fabledfruit": "Fabled Fruit"}


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_opens_each_games_rules(browser: Any, server_url: str, screenshot_dir: Path, size: Any):
    page = new_page(browser, size)
    page.goto(server_url)
    page.wait_for_function("document.querySelector('#game').value !== ''")
    for game, title in GAMES.items():
        page.select_option("#game", game)
        page.click("#open-rules")
        drawer = page.locator("#rules-drawer")
        drawer.wait_for(state="visible")
        page.wait_for_function(f"document.querySelector('#rules-drawer-title').textContent === 'How to play {title}'")
        body = page.inner_text("#rules-drawer-body")
        assert "{{" not in body and "AMB-" not in body and "REC-" not in body and "§" not in body
        assert page.locator("#rules-drawer-toc option").count() > 4  # the page's sections to jump to
        no_sideways_scroll(page)
        if game == "tanghulu":
            page.screenshot(path=str(screenshot_dir / f"rules-drawer-{size['width']}.png"))
        page.keyboard.press("Escape")
        drawer.wait_for(state="hidden")
    assert page.js_errors == []


def test_a_refused_move_links_to_its_rule_in_the_drawer(browser: Any, server_url: str, screenshot_dir: Path):
    created = create_seated_table(server_url, "tanghulu")
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, created)
    snap = state(server_url, created["id"], created["token"])
    assert snap["view"]["phase"] != "pattern"
    reason = explain(server_url, created["id"], created["token"], 8)  # a pattern needs a completed stick
    page.locator("#board .target[data-code='8']").click(force=True)
    wait_for_text(page, "message", reason)
    link = page.locator("#message .rule-link")
    link.wait_for()
    href = link.get_attribute("href")
    assert href and href.startswith("/games/tanghulu/rules#")
    link.click()
    target = page.locator("#rules-drawer-body .rules-target")
    target.wait_for()
    assert target.get_attribute("id") == href.split("#")[1]
    assert target.is_visible()
    page.screenshot(path=str(screenshot_dir / "rules-link.png"))
    page.click(".rules-drawer-close")
    page.locator("#rules-drawer").wait_for(state="hidden")
    # The table's own "How to play" opens the same page at its top.
    page.click("#open-rules")
    page.wait_for_function("document.querySelector('#rules-drawer-title').textContent === 'How to play Tang Hu Lu'")
    assert page.js_errors == []


def test_each_games_rules_stand_alone_as_a_page(browser: Any, server_url: str):
    page = new_page(browser, PHONE)
    for game, title in GAMES.items():
        page.goto(f"{server_url}/games/{game}/rules")
        assert page.title() == f"How to play {title} — fruitbowl"
        assert page.locator(".rules-toc a").count() > 4
        anchor = page.locator(".rules-toc a").nth(2).get_attribute("href")
        assert anchor and page.locator(f"[id='{anchor[1:]}']").count() == 1  # the contents link to headings
        no_sideways_scroll(page)
    assert page.js_errors == []
