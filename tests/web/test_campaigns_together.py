"""Issue 22, bots of your choice and campaigns played together, in two browsers: the owner seats a
friend and a bot of a chosen level at a campaign's first game, both play it, and the next game keeps
who sat where (the friend without a new invitation, the bot at its level); the campaign's page lists
its players and games. And at an ordinary table: the host box's bot level, and the rematch's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    LAPTOP,
    PHONE,
    TURN_TIMEOUT,
    http,
    new_page,
    no_sideways_scroll,
    play_by_http,
    seat_token,
    state,
    table_id_of,
)

TOGETHER = [("Ada", "human"), ("Bea", "human")]


def _shots(pages: list[tuple[Any, str]], screenshot_dir: Path) -> None:
    for page, name in pages:
        for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            page.set_viewport_size(viewport)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            no_sideways_scroll(page)
            page.screenshot(path=str(screenshot_dir / f"{name}-{size}.png"), full_page=True)


@pytest.mark.slow  # a whole 3-player Fabled Fruit game through the API: 15–35 s
def test_a_campaign_with_a_friend_and_a_chosen_bot_keeps_its_seats(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    levels = http.get(f"{server_url}/api/games").json()["bots"]
    second = levels[1]  # the second level ("greedy")
    ada = new_page(browser, LAPTOP)
    ada.goto(server_url)
    ada.fill("#name", "Ada")
    ada.fill("#campaign-name", "Fables together")
    ada.click("#new-campaign")
    row = ada.locator("#campaign-list .campaign-row", has_text="Fables together")
    row.get_by_role("link", name="Campaign page").click()
    ada.wait_for_function("document.body?.dataset.loaded === '1'")
    campaign_id = ada.url.rstrip("/").split("/c/")[1]
    assert "Nobody yet" in ada.inner_text("#campaign-players")

    # The first game's seats, as at a new table: a friend by invitation, a bot of the second level.
    ada.fill("#next-name", "Ada")
    ada.select_option("#next-count", "3")
    seat2, seat3 = ada.locator("#next-seats select[data-seat='1']"), ada.locator("#next-seats select[data-seat='2']")
    assert seat3.input_value() == "ismcts:easy"  # the suggested level
    assert [o for o in seat3.locator("option").evaluate_all("os => os.map(o => o.value)")] == [*levels, "human"]
    seat2.select_option("human")
    seat3.select_option(second)
    ada.click("#start-next")
    game1 = table_id_of(ada)
    invite = ada.locator("#host-box .invite-link").input_value()
    assert f"/t/{game1}?invite=" in invite

    bea = new_page(browser, PHONE)
    bea.goto(invite)
    bea.locator("dialog.name-dialog").wait_for(state="visible")
    bea.fill("#name-input", "Bea")
    bea.click("#name-save")
    bea.wait_for_function("document.body?.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    players = state(server_url, game1)["players"]
    assert [(p["name"], p["controller"]) for p in players] == [*TOGETHER, ("Greedy bot 3", second)]

    # Their pages step away while the game is played through the API (drawing each of a Fabled
    # Fruit game's hundreds of moves would take minutes), and come back to the finished table.
    tokens = [seat_token(ada, game1), seat_token(bea, game1)]
    for page in (ada, bea):
        page.goto(f"{server_url}/")
    play_by_http(server_url, game1, tokens)
    for page in (ada, bea):
        page.goto(f"{server_url}/t/{game1}")
        page.wait_for_function("document.body?.dataset.status === 'finished'", timeout=TURN_TIMEOUT)
    bea.locator("#campaign-waiting").wait_for()  # a friend is told where the next game will appear
    assert ada.locator("#rematch").count() == 0 and bea.locator("#rematch").count() == 0
    _shots([(ada, "campaign-together-owner-results"), (bea, "campaign-together-friend-waiting")], screenshot_dir)

    # The owner sets up game 2: every seat as in game 1 unless changed.
    ada.set_viewport_size(LAPTOP)
    ada.click("#campaign-next")
    ada.wait_for_url("**/c/**")  # (the page reads its body only once the campaign page is there)
    ada.wait_for_function("document.body?.dataset.loaded === '1'")
    listed = ada.locator("#campaign-players li")
    assert listed.count() == 3 and "bot · Greedy" in listed.nth(2).inner_text() and "Bea" in listed.nth(1).inner_text()
    assert ada.locator("#campaign-games .table-row[data-status='finished']").count() == 1
    assert ada.locator("#next-seats select[data-seat='1']").input_value() == "keep"
    assert ada.locator("#next-seats select[data-seat='2']").input_value() == second
    _shots([(ada, "campaign-together-page")], screenshot_dir)
    ada.set_viewport_size(LAPTOP)
    ada.select_option("#time-control", label="1 day per move")  # the time control, as at any table
    ada.click("#start-next")
    game2 = table_id_of(ada)
    assert game2 != game1 and ada.locator("#host-box").is_hidden()  # nobody to invite
    assert state(server_url, game2)["clock"]["per_move_s"] == 86400

    # Bea's finished table now leads to game 2, where her seat (and token) is kept: no invitation.
    bea.get_by_role("button", name="Go to the campaign's next game").click()
    bea.wait_for_url(f"**/t/{game2}")
    bea.wait_for_function("document.body?.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    assert bea.locator("dialog.name-dialog").count() == 0
    assert seat_token(bea, game2) == seat_token(bea, game1)
    players = state(server_url, game2, seat_token(bea, game2))["players"]
    assert [(p["name"], p["controller"]) for p in players] == [*TOGETHER, ("Greedy bot 3", second)]

    # Bea reads the campaign's page from her table: its players and both games.
    bea.goto(f"{server_url}/c/{campaign_id}?table={game1}")
    bea.wait_for_function("document.body?.dataset.loaded === '1'")
    games = bea.locator("#campaign-games .table-row")
    assert games.count() == 2 and "won" in games.nth(0).inner_text() and "going on" in games.nth(1).inner_text()
    assert games.nth(0).get_by_role("link", name="Replay").get_attribute("href") == f"/t/{game1}?replay=1"
    assert bea.locator("#next-game").is_hidden()  # only the owner seats the next game
    _shots([(bea, "campaign-together-friend-page")], screenshot_dir)
    assert ada.js_errors == [] and bea.js_errors == []


def test_the_host_box_and_the_rematch_choose_the_bots_level(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    ada = new_page(browser, LAPTOP)
    ada.goto(server_url)
    ada.select_option("#game", "tanghulu")
    ada.fill("#name", "Ada")
    picker = ada.locator("#seats select[data-seat='1']")
    levels = http.get(f"{server_url}/api/games").json()["bots"]
    offered = picker.locator(":scope > option").evaluate_all("os => os.map(o => o.value)")  # (not registered bots)
    assert offered == [*levels, "human"]
    assert picker.input_value() == "ismcts:easy"  # every level offered, the suggested one first chosen
    picker.select_option("human")
    ada.click("#create-table")
    table = table_id_of(ada)
    level = ada.locator("#host-box select.bot-level")
    level.wait_for()
    assert level.input_value() == "ismcts:easy"  # the lobby's suggestion
    level.select_option("greedy")
    _shots([(ada, "host-box-level")], screenshot_dir)
    ada.set_viewport_size(LAPTOP)
    assert level.input_value() == "greedy"  # kept while the box is redrawn
    ada.get_by_role("button", name="Give to a bot").click()
    ada.wait_for_function("document.body?.dataset.status === 'playing'", timeout=TURN_TIMEOUT)
    assert [p["controller"] for p in state(server_url, table)["players"]] == ["human", "greedy"]

    ada.goto(f"{server_url}/")
    play_by_http(server_url, table, [seat_token(ada, table)])
    ada.goto(f"{server_url}/t/{table}")
    ada.wait_for_function("document.body?.dataset.status === 'finished'", timeout=TURN_TIMEOUT)
    choice = ada.locator(".rematch-bots select[data-rematch-seat='1']")
    assert choice.input_value() == "greedy"  # every seat as it was, unless changed
    choice.select_option("random")
    _shots([(ada, "rematch-levels")], screenshot_dir)
    ada.click("#rematch")
    ada.wait_for_url(lambda url: f"/t/{table}" not in url)
    rematch = table_id_of(ada)
    assert rematch != table
    players = state(server_url, rematch, seat_token(ada, rematch))["players"]
    assert [(p["name"], p["controller"]) for p in players] == [("Ada", "human"), ("Random bot 2", "random")]
    assert ada.js_errors == []
