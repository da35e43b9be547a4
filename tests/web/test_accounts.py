"""The account page (issue 26): a guest creates an account and their games come with it; on a
second browser (a phone) a wrong password is refused in a sentence, the right one shows the same
games, and a table opened there becomes the account's too; signing out shows the form again."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .helpers import (
    DESKTOP,
    PHONE,
    create_seated_table,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    play_by_http,
    seat_token,
    state,
    table_id_of,
)
from .test_accessibility import problems
from .test_table import play_by_api

PASSWORD = "correct horse battery"


def sign_up(page: Any, base: str, name: str) -> None:
    """Create an account on the account page: the page is then signed in."""
    page.goto(f"{base}/account")
    page.locator("#sign-up-form").wait_for()
    page.fill("#sign-up-name", name)
    page.fill("#sign-up-password", PASSWORD)
    page.click("#sign-up-form button[type=submit]")
    page.locator("#signed-in").wait_for()


def _listed(page: Any) -> list[str]:
    page.locator("#account-tables li[data-table]").first.wait_for()
    return page.eval_on_selector_all("#account-tables li[data-table]", "items => items.map(i => i.dataset.table)")


def test_an_account_keeps_a_guests_games_and_shows_them_on_a_second_browser(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    guest_table = create_seated_table(server_url, "tanghulu")
    laptop = new_page(browser, DESKTOP)
    open_seated(laptop, server_url, guest_table, wait_for_turn=False)  # a guest's game in this browser

    laptop.goto(f"{server_url}/account")
    laptop.locator("#sign-up-form").wait_for()
    assert problems(laptop) == []
    laptop.fill("#sign-up-name", "   ")  # (the field takes at most 40 characters)
    laptop.fill("#sign-up-password", PASSWORD)
    laptop.click("#sign-up-form button[type=submit]")
    error = laptop.locator("#account-error")
    error.wait_for()
    assert error.inner_text() == "An account's name cannot be empty."
    assert laptop.get_attribute("#sign-up-name", "maxlength") == "40"
    laptop.fill("#sign-up-name", "  Ada  Lovelace ")
    laptop.click("#sign-up-form button[type=submit]")
    laptop.locator("#signed-in").wait_for()
    assert laptop.locator("#account-name").inner_text() == "Ada Lovelace"
    assert _listed(laptop) == [guest_table["id"]]  # (drawn once the guest's seats are claimed)
    assert laptop.locator("#account-claimed").inner_text() == "1 game of this browser joined your account."
    assert "Tang Hu Lu" in laptop.locator("#account-tables").inner_text()
    laptop.fill("#bot-name", "Pip")  # a bot of one's own for the arena: its token shown once
    laptop.click("#bot-form button[type=submit]")
    laptop.locator("#account-bots li[data-bot='Pip']").wait_for()
    shown = laptop.locator("#bot-token code").inner_text()
    assert shown.startswith("bot_")
    assert laptop.request.get(f"{server_url}/api/arena/seats", headers={"X-Bot-Token": shown}).ok
    laptop.screenshot(path=str(screenshot_dir / "account-desktop.png"), full_page=True)
    assert problems(laptop) == []
    laptop.goto(f"{server_url}/")
    laptop.wait_for_function("document.querySelector('#account-link').textContent === 'Ada Lovelace'")
    laptop.screenshot(path=str(screenshot_dir / "account-lobby-desktop.png"))

    phone = new_page(browser, PHONE)
    phone.goto(f"{server_url}/account")
    phone.locator("#sign-in-form").wait_for()
    phone.fill("#sign-in-name", "ada lovelace")
    phone.fill("#sign-in-password", "not my password")
    phone.click("#sign-in-form button[type=submit]")
    phone.locator("#account-error").wait_for()
    assert phone.locator("#account-error").inner_text() == "wrong name or password"
    assert phone.locator("#signed-in").is_hidden()
    phone.fill("#sign-in-password", PASSWORD)
    phone.click("#sign-in-form button[type=submit]")
    phone.locator("#signed-in").wait_for()
    assert _listed(phone) == [guest_table["id"]]
    no_sideways_scroll(phone)
    assert problems(phone) == []
    phone.screenshot(path=str(screenshot_dir / "account-phone.png"), full_page=True)

    phone.goto(f"{server_url}/t/{guest_table['id']}")  # the laptop's game, played on from the phone
    phone.wait_for_function("document.body.dataset.version !== undefined")
    phone.wait_for_function("document.querySelector('#seat-info')?.textContent.includes('seat 1')")

    second_table = create_seated_table(server_url, "citrus")
    open_seated(phone, server_url, second_table, wait_for_turn=False)  # signed in: the seat joins the account
    phone.goto(f"{server_url}/account")
    phone.wait_for_function("document.querySelectorAll('#account-tables li[data-table]').length === 2")
    assert set(_listed(phone)) == {guest_table["id"], second_table["id"]}

    phone.click("#account-bots li[data-bot='Pip'] button")  # removed: its token stops working
    phone.wait_for_function("!document.querySelector(\"#account-bots li[data-bot='Pip']\")")
    assert phone.request.get(f"{server_url}/api/arena/seats", headers={"X-Bot-Token": shown}).status == 403
    phone.click("#sign-out")
    phone.locator("#sign-in-form").wait_for()
    no_sideways_scroll(phone)
    phone.screenshot(path=str(screenshot_dir / "account-phone-signed-out.png"), full_page=True)
    laptop.goto(f"{server_url}/account")
    laptop.locator("#signed-in").wait_for()  # signing out the phone leaves the laptop signed in
    assert set(_listed(laptop)) == {guest_table["id"], second_table["id"]}
    assert laptop.js_errors == [] and phone.js_errors == []


def test_a_rated_game_shows_the_rating_change_the_profile_and_the_leaderboard(
    browser: Any, server_url: str, screenshot_dir: Path
) -> None:
    """A signed-in player's game against a built-in bot is rated: the results say how the rating
    moved, the player's page plots it, the leaderboard ranks the player and the bot."""
    laptop = new_page(browser, DESKTOP)
    sign_up(laptop, server_url, "Grace")

    table = create_seated_table(server_url, "tanghulu")
    open_seated(laptop, server_url, table, wait_for_turn=False)  # signed in: the seat is Grace's
    mine = lambda: [t["id"] for t in laptop.request.get(f"{server_url}/api/accounts/me").json()["tables"]]  # noqa: E731
    for _ in range(100):
        if table["id"] in mine():
            break
        laptop.wait_for_timeout(50)
    assert table["id"] in mine()
    play_by_api(server_url, table, random.Random(4), until=lambda s: False)
    laptop.locator("#results").wait_for(state="visible")
    change = laptop.locator(".rating-change")
    change.wait_for()
    assert change.inner_text().startswith("Your rating: ")
    laptop.screenshot(path=str(screenshot_dir / "rating-results-desktop.png"))

    profile = http.get(f"{server_url}/api/players/Grace").json()
    laptop.goto(f"{server_url}/p/Grace")
    laptop.locator("#player-plot svg").wait_for()
    assert laptop.locator("#player-name").inner_text() == "Grace"
    assert laptop.locator("#player-recent li").count() == 1
    assert f"{profile['ratings'][0]['rating']:.1f}" in laptop.locator("#player-ratings").inner_text()
    assert problems(laptop) == []
    laptop.screenshot(path=str(screenshot_dir / "rating-profile-desktop.png"), full_page=True)

    phone = new_page(browser, PHONE)
    phone.goto(f"{server_url}/leaderboards/tanghulu")
    phone.locator("#leaderboard-table tbody tr td a").first.wait_for()
    names = phone.eval_on_selector_all("#leaderboard-table tbody td a", "links => links.map(a => a.textContent)")
    assert "Grace" in names and "Random bot" in names
    no_sideways_scroll(phone)
    assert problems(phone) == []
    phone.screenshot(path=str(screenshot_dir / "rating-leaderboard-phone.png"), full_page=True)
    phone.click("#leaderboard-arena")  # bots only: the arena's leaderboard
    phone.wait_for_url("**/leaderboards/tanghulu?arena=1")
    phone.wait_for_function("document.querySelector('#leaderboard-title').textContent.endsWith('the best bots')")
    phone.locator("#leaderboard-table tbody td a").first.wait_for()
    bots_only = phone.eval_on_selector_all("#leaderboard-table tbody td a", "links => links.map(a => a.textContent)")
    assert bots_only == ["Random bot"]
    phone.click("#leaderboard-table tbody td a >> text=Random bot")
    phone.locator("#player-name").wait_for()
    phone.wait_for_function("document.querySelector('#player-name').textContent === 'Random bot'")
    assert laptop.js_errors == [] and phone.js_errors == []


def test_a_host_seats_a_registered_bot_like_a_built_in_one(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    """ "A host can seat it like a built-in bot": the lobby's seat picker and the host box offer the
    host's registered bots; the bot finds its seats with its token and plays them."""
    laptop = new_page(browser, DESKTOP)
    sign_up(laptop, server_url, "Hopper")
    laptop.fill("#bot-name", "Cobol")
    laptop.click("#bot-form button[type=submit]")
    bot_token = laptop.locator("#bot-token code").inner_text()
    bot_seats = lambda: http.get(f"{server_url}/api/arena/seats", headers={"X-Bot-Token": bot_token}).json()["seats"]  # noqa: E731

    laptop.goto(server_url)  # the lobby: the bot is offered beside the built-in levels
    laptop.select_option("#game", "tanghulu")
    picker = laptop.locator("#seats select[data-seat='1']")
    picker.locator("option[value='arena:Cobol']").wait_for(state="attached")
    assert picker.locator("optgroup").get_attribute("label") == "Registered bots"
    picker.select_option("arena:Cobol")
    laptop.screenshot(path=str(screenshot_dir / "arena-lobby-picker-desktop.png"))
    laptop.click("#create-table")
    table = table_id_of(laptop)
    assert [s["table"] for s in bot_seats()] == [table]
    seated = bot_seats()[0]
    players = state(server_url, table)["players"]
    assert [p["name"] for p in players][1] == "Cobol" and players[1]["claimed"]
    play_by_http(server_url, table, [seat_token(laptop, table), seated["token"]])  # the bot plays its seat
    assert state(server_url, table)["status"] == "finished"

    laptop.goto(server_url)  # the host box: an invited seat given to the bot instead
    laptop.select_option("#game", "tanghulu")
    laptop.locator("#seats select[data-seat='1']").select_option("human")
    laptop.click("#create-table")
    second = table_id_of(laptop)
    level = laptop.locator("#host-box select.bot-level")
    level.locator("option[value='arena:Cobol']").wait_for(state="attached")
    level.select_option("arena:Cobol")
    laptop.get_by_role("button", name="Give to a bot").click()
    laptop.wait_for_function("document.body?.dataset.status === 'playing'")
    assert [s["table"] for s in bot_seats()] == [second]
    assert state(server_url, second)["players"][1]["name"] == "Cobol"
    assert laptop.js_errors == []
