"""The account page (issue 26): a guest creates an account and their games come with it; on a
second browser (a phone) a wrong password is refused in a sentence, the right one shows the same
games, and a table opened there becomes the account's too; signing out shows the form again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import DESKTOP, PHONE, create_seated_table, new_page, no_sideways_scroll, open_seated
from .test_accessibility import problems

PASSWORD = "correct horse battery"


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

    phone.click("#sign-out")
    phone.locator("#sign-in-form").wait_for()
    no_sideways_scroll(phone)
    phone.screenshot(path=str(screenshot_dir / "account-phone-signed-out.png"), full_page=True)
    laptop.goto(f"{server_url}/account")
    laptop.locator("#signed-in").wait_for()  # signing out the phone leaves the laptop signed in
    assert set(_listed(laptop)) == {guest_table["id"], second_table["id"]}
    assert laptop.js_errors == [] and phone.js_errors == []
