"""Browser tests: Juicy Fruits with the Mystic Island modules — explore by clicking Mystic Island,
choose boulder corners with the status-line buttons, and see the tray, explorers and statues."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import (
    DESKTOP,
    MY_TURN_OR_OVER,
    PHONE,
    TURN_TIMEOUT,
    create_seated_table,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    state,
)
from .test_board_kit import HARNESS, RENDER, board_address

NEXT_DECISION = (
    "v => document.body.dataset.version !== v"
    " && document.body.dataset.turn === 'mine' && !document.body.dataset.pending"
)


def click_and_wait(page: Any, selector: str) -> None:
    version = page.evaluate("document.body.dataset.version")
    page.locator(selector).first.click()
    page.wait_for_function(NEXT_DECISION, arg=version, timeout=TURN_TIMEOUT)


def test_explore_by_clicking_mystic_island(browser: Any, server_url: str, screenshot_dir: Path):
    table = create_seated_table(server_url, "juicyfruits", 2, modules="mystic_island", random_first=False)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    board = page.locator("#board .mystic-island")
    assert board.count() == 1
    assert board.locator(".statue-tile").count() == 11, "11 statue tiles face up"
    assert board.locator(".explorer").count() == 2, "both explorers start on the base"
    assert board.locator(".plateau").count() == 4

    # step 1: pick a collector up and slide it one space (every first move is one space)
    page.locator("#board .target.legal[data-select]").first.click()
    click_and_wait(page, "#board .target.legal[data-kind='move']")
    snap = state(server_url, table["id"], table["token"])
    assert snap["view"]["phase"] == "explore"
    assert page.locator("#actions button.action[data-kind='collect']").count() == 1
    destination = snap["view"]["pending"]["explore"]
    start = snap["view"]["mystic"]["explorers"][0]["cell"]
    fruits = sum(snap["view"]["players"][0]["reserve"].values())
    target = board.locator(".target.legal[data-kind='explore']")
    assert target.count() == 1 and "explorer" in target.get_attribute("aria-label")
    page.screenshot(path=str(screenshot_dir / "jf-mystic-explore.png"), full_page=True)

    click_and_wait(page, "#board .mystic-island .target.legal[data-kind='explore']")
    after = state(server_url, table["id"], table["token"])["view"]
    explorer = after["mystic"]["explorers"][0]["cell"]
    assert explorer == destination["cell"] != start
    assert sum(after["players"][0]["reserve"].values()) == fruits, "exploring gives up the fruit"
    assert after["phase"] == "action"
    if destination["statue"]:
        assert after["mystic"]["collected"][0] == [destination["statue"]]
        assert board.locator(".statue-tile").count() == 10
    assert page.js_errors == []


def test_boulder_corners_by_buttons_then_the_tray(browser: Any, server_url: str, screenshot_dir: Path):
    table = create_seated_table(
        server_url, "juicyfruits", 2, modules="boulders,new_business", random_first=False, first_player=2
    )
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    snap = state(server_url, table["id"], table["token"])
    assert snap["view"]["phase"] == "arrange", "the bot starts, so I place the same four boulders"
    buttons = page.locator("#actions button.action[data-kind='boulder']")
    assert buttons.count() == 4
    for _ in range(3):  # the fourth boulder goes on the last corner by itself
        click_and_wait(page, "#actions button.action[data-kind='boulder']")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    mine = page.locator("#board .island[data-seat='0'] .boulder")
    assert mine.count() == 4, "all four corners hold a boulder"
    assert page.locator("#board .boulder-tray .tray-space").count() == 4
    view = state(server_url, table["id"], table["token"])["view"]
    assert sorted(t["id"] for t in view["boulders"]["tray"]) == sorted(
        view["players"][0]["grid"][c]["id"] for c in view["boulders"]["corners"]
    )
    page.screenshot(path=str(screenshot_dir / "jf-boulders.png"), full_page=True)
    assert page.js_errors == []


def test_phone_shows_all_modules_without_sideways_scroll(browser: Any, server_url: str, screenshot_dir: Path):
    table = create_seated_table(server_url, "juicyfruits", 1, modules="mystic_island,boulders,new_business")
    page = new_page(browser, PHONE)
    open_seated(page, server_url, table)
    assert page.locator("#board .mystic-island[data-side='compass'] .compass").count() == 1
    assert page.locator("#board .mystic-island .explorer").count() == 2, "you and Pineapple"
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshot_dir / "jf-mystic-phone.png"), full_page=True)
    assert page.js_errors == []


def test_explorers_on_a_plateau_leave_its_points_readable(browser: Any, server_url: str, screenshot_dir: Path):
    """Explorers sharing a plateau (one to four of them) stand beside its points badge, never over it:
    a pawn over the badge left its points unreadable (CI, a board text contrast check)."""
    table = create_seated_table(server_url, "juicyfruits", 4, modules="mystic_island")
    space = http.get(f"{server_url}/api/tables/{table['id']}/actions").json()
    snap = state(server_url, table["id"], table["token"])
    mystic = snap["view"]["mystic"]
    plateau = next(cell["cell"] for cell in mystic["cells"] if cell["kind"] == "plateau")
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/")
    page.evaluate(HARNESS, [board_address(server_url, "juicyfruits"), space])
    for standing in range(1, len(mystic["explorers"]) + 1):
        for i, explorer in enumerate(mystic["explorers"]):
            explorer["cell"] = plateau if i < standing else mystic["explorers"][-1]["cell"]
        page.evaluate(RENDER, [snap, False])
        overlaps = page.evaluate(
            """(cell) => {
              const island = document.querySelector('#kit .mystic-island');
              const badge = island.querySelector(`.mystic-cell[data-cell="${cell}"] .points-badge`)
                .getBoundingClientRect();
              // each pawn as painted (its hover glow is an outline drawn only when it is a target)
              const pawns = [...island.querySelectorAll('.explorer > :not(.glow)')]
                .map((part) => part.getBoundingClientRect());
              return pawns.filter((p) => p.left < badge.right - 1 && p.right > badge.left + 1
                && p.top < badge.bottom - 1 && p.bottom > badge.top + 1).length;
            }""",
            plateau,
        )
        assert overlaps == 0, f"with {standing} explorers on plateau {plateau}, {overlaps} parts stand over its points"
    page.locator("#kit").screenshot(path=str(screenshot_dir / "jf-mystic-plateau-explorers.png"))
    assert page.js_errors == []
