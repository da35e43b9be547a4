"""Everything on screen (issue 23): at 1366×768 the prompt, your board or hand, the shared board,
Mystic Island and the boulder tray, and the host's invite box are reachable without scrolling the
page; at 390×844 likewise through tabs, with no sideways scroll. No text overflows its box without
an ellipsis, and a name cut with an ellipsis shows whole in its tooltip. A decision's targets come
into sight by themselves, even after the player looked at another part of the table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .helpers import LAPTOP, PHONE, TURN_TIMEOUT, http, new_page, open_seated, state
from .test_table import play_by_api

SIZES = {"laptop": LAPTOP, "phone": PHONE}
LONG_NAME = "Bartholomew Longname-Fruitgrower of Kent"  # 40 characters, the most a name holds
assert len(LONG_NAME) == 40

#: Each game as the issue names it, and the areas to reach: the renderer's own elements (several:
#: their union) and the title of the tab that brings them where the board is shown in parts.
GAMES: dict[str, dict[str, Any]] = {
    "tanghulu": {
        "options": {},
        "areas": {"your board": (".player-board.mine", "Your sticks"), "shared board": (".stall", "Fruit store")},
    },
    "citrus": {
        "options": {},
        "areas": {"your board": (".ct-mat[data-seat='0']", "Your mat"), "shared board": (".ct-board", "The board")},
    },
    "juicyfruits": {
        "options": {"modules": "mystic_island,boulders,new_business"},
        "areas": {
            "your board": (".island.mine", "Your island"),
            "shared board": (".business-row", "Business board"),
            "Mystic Island": (".mystic-island", "Mystic Island"),
            "boulder tray": (".boulder-tray", "Boulder tray"),
        },
    },
    "fabledfruit": {
        "options": {"lime": True},
        "areas": {"your hand": (".ff-player-box.mine", "Your hand"), "shared board": (".ff-stack", "Locations")},
    },
}

#: Where a set of elements is, as the page shows it: the union of their boxes, whether they are
#: shown, and the part of the window the board's frame shows (an element outside it is cut off).
WHERE = """(selector) => {
  const els = [...document.querySelectorAll(selector)];
  if (!els.length) return null;
  const boxes = els.map((el) => el.getBoundingClientRect());
  const box = [Math.min(...boxes.map((b) => b.left)), Math.min(...boxes.map((b) => b.top)),
               Math.max(...boxes.map((b) => b.right)), Math.max(...boxes.map((b) => b.bottom))];
  const board = document.getElementById('board');
  const frame = els[0].closest('#board') ? board.getBoundingClientRect() : null;
  return {
    box,
    shown: els.every((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false })),
    frame: frame && [frame.left, frame.top, frame.right, frame.bottom],
  };
}"""

#: HTML text that runs out of its box (scrollWidth over clientWidth) without an ellipsis, and text cut
#: with an ellipsis that has no tooltip with its whole words (the element's or an ancestor's title).
OVERFLOWS = """() => {
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg, [hidden], script, style, dialog:not([open]), .sr-only')) continue; // (read aloud only)
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (!own) continue;
    const css = getComputedStyle(el);
    if (css.display === 'inline' || el.clientWidth === 0) continue;
    if (css.overflowX === 'auto' || css.overflowX === 'scroll') continue; // it scrolls: nothing is lost
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const name = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')}`;
    const what = `${name} "${own.slice(0, 40)}"`;
    const tip = el.closest('[title]')?.title || '';
    if (css.textOverflow !== 'ellipsis') {
      found.push(`${what} overflows its box (${el.scrollWidth} > ${el.clientWidth} px)`);
    } else if (!tip.includes(own.replace(/…$/, ''))) found.push(`${what} is cut without a tooltip`);
  }
  return found;
}"""


def make_table(base: str, game: str, options: dict[str, Any]) -> dict[str, Any]:
    """A table of three: you (a 40-character name), a bot and an open seat (the invite box shows)."""
    seats = [{"controller": "human", "name": LONG_NAME}, {"controller": "random"}, {"controller": "human"}]
    body = {"game": game, "players": 3, "name": LONG_NAME, "seats": seats, "options": options}
    response = http.post(f"{base}/api/tables", json=body)
    response.raise_for_status()
    return response.json()


def open_as_host(page: Any, base: str, table: dict[str, Any]) -> None:
    """Open the table in the browser that created it (its seat and host token stored)."""
    page.goto(f"{base}/")
    host = {"hostToken": table["host_token"], "invites": table["invites"], "joinUrl": table["join_url"]}
    store = "([id, host]) => localStorage.setItem('fruitbowl.host.' + id, JSON.stringify(host))"
    page.evaluate(store, [table["id"], host])
    open_seated(page, base, table, wait_for_turn=False)
    page.locator("#host-box li").first.wait_for(timeout=TURN_TIMEOUT)  # the bot levels are loaded


def in_sight(page: Any, selector: str) -> bool:
    """Whether the elements are shown whole inside the window (and inside the board's frame)."""
    where = page.evaluate(WHERE, selector)
    assert where is not None, f"nothing matches {selector}"
    left, top, right, bottom = where["box"]
    size = page.viewport_size
    inside = left >= -1 and top >= -1 and right <= size["width"] + 1 and bottom <= size["height"] + 1
    if where["frame"]:
        fl, ft, fr, fb = where["frame"]
        slack = 2  # a stack's offset cards or a stroke may stand a pixel past the drawing's own edge
        inside = inside and left >= fl - slack and top >= ft - slack and right <= fr + slack and bottom <= fb + slack
    return bool(where["shown"] and inside)


def reach(page: Any, selector: str, tab: str, what: str) -> None:
    """The area is in sight, or one click on the tab of that title brings it whole into sight."""
    if in_sight(page, selector):
        return
    button = page.get_by_role("tab", name=tab, exact=True)
    assert button.count() == 1, f"{what} is out of sight and there is no tab '{tab}'"
    button.click()
    assert in_sight(page, selector), f"{what} is not whole in sight after a click on '{tab}'"


def no_page_scroll(page: Any, where: str) -> None:
    height, inner = page.evaluate("[document.scrollingElement.scrollHeight, innerHeight]")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert height <= inner, f"{where}: the page scrolls ({height} px tall in a {inner} px window)"
    assert width <= page.viewport_size["width"], f"{where}: the page scrolls sideways ({width} px wide)"


def no_overflow(page: Any, where: str) -> None:
    found = page.evaluate(OVERFLOWS)
    assert not found, f"{where}: " + "; ".join(found)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_every_area_is_reachable_without_scrolling(
    browser: Any, server_url: str, screenshot_dir: Path, game: str, size: str
) -> None:
    spec = GAMES[game]
    table = make_table(server_url, game, spec["options"])
    page = new_page(browser, SIZES[size])
    open_as_host(page, server_url, table)
    no_page_scroll(page, f"{game} at {size}")
    page.screenshot(path=str(screenshot_dir / f"layout-{game}-{size}.png"))
    assert in_sight(page, "#prompt"), "the prompt is always in sight"
    reach(page, "#host-box", "Invite", "the host's invite box")
    no_overflow(page, f"{game} at {size}, invitations")
    for what, (selector, tab) in spec["areas"].items():
        reach(page, f"#board {selector}", tab, what)
        assert in_sight(page, "#prompt"), f"the prompt stays in sight beside {what}"
        no_page_scroll(page, f"{game} at {size}, {what}")
        no_overflow(page, f"{game} at {size}, {what}")
        if what.startswith("your"):
            page.screenshot(path=str(screenshot_dir / f"layout-{game}-{size}-yours.png"))
    # every pane of a phone's tabs: the players (your name cut, whole in its tooltip), chat and log
    for pane in ("Players", "Chat", "Log"):
        tab = page.get_by_role("tab", name=pane, exact=True)
        if tab.count():
            tab.click()
            no_page_scroll(page, f"{game} at {size}, {pane}")
            no_overflow(page, f"{game} at {size}, {pane}")
    name = page.locator(".player-panel.you .player-name")
    assert name.get_attribute("title") == LONG_NAME
    assert page.js_errors == []


def test_a_decision_brings_its_part_into_sight(browser: Any, server_url: str, screenshot_dir: Path) -> None:
    """Juicy Fruits at 1366×768: the player looks at another part (Mystic Island); when the game
    moves on (a move made from another device) the targets of the next decision are in sight by
    themselves, and a tab whose part changed out of sight shows a dot."""
    rng = random.Random(5)
    seats = [{"controller": "human", "name": LONG_NAME}, {"controller": "random"}, {"controller": "random"}]
    body = {"game": "juicyfruits", "players": 3, "seats": seats, "options": GAMES["juicyfruits"]["options"]}
    table = http.post(f"{server_url}/api/tables", json=body).json()
    page = new_page(browser, LAPTOP)
    open_seated(page, server_url, table)
    checked = news = 0
    for _ in range(10):  # until two decisions on the board were seen
        snap = state(server_url, table["id"], table["token"])
        if snap["status"] != "playing" or not snap["legal"] or (checked >= 2 and news):
            break
        shown = "v => document.body.dataset.version === String(v)"
        page.wait_for_function(shown, arg=snap["version"], timeout=TURN_TIMEOUT)
        targets = page.locator("#board .target.legal")
        if targets.count():
            checked += 1
            every_target_in_reach(page, f"move {snap['version']}")
        news += page.locator(".part-tab.news").count()
        no_overflow(page, f"Juicy Fruits, move {snap['version']}")
        page.get_by_role("tab", name="Mystic Island", exact=True).click()  # look elsewhere
        choice = rng.choice(snap["legal"])
        http.post(
            f"{server_url}/api/tables/{table['id']}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": table["token"]},
        )
        moved = "v => Number(document.body.dataset.version) > v"
        page.wait_for_function(moved, arg=snap["version"], timeout=TURN_TIMEOUT)
    assert checked >= 2, "the game offered board targets on at least two decisions"
    assert news, "the rivals' moves out of sight put a dot on their tab"
    page.screenshot(path=str(screenshot_dir / "layout-juicyfruits-decision.png"))
    assert page.js_errors == []


def every_target_in_reach(page: Any, where: str) -> None:
    """Some of the decision's targets are in sight, and every other one is one click away: on a
    tab marked as having moves too (a decision spread over parts that do not fit together is shown
    part by part rather than shrunk)."""
    count = page.locator("#board .target.legal").count()
    unseen = {i for i in range(count) if not in_sight_nth(page, i)}
    assert len(unseen) < count, f"{where}: none of the decision's targets is in sight"
    wanted = page.locator(".part-tab.wanted")
    assert not unseen or wanted.count(), f"{where}: targets out of sight, and no tab says where they are"
    for part in [wanted.nth(i).get_attribute("data-part") for i in range(wanted.count())]:
        marked = page.locator(f'.part-tab.wanted[data-part="{part}"]')
        assert "play here too" in (marked.get_attribute("title") or ""), f"{where}: the tab says why it is marked"
        marked.click()
        unseen = {i for i in unseen if not in_sight_nth(page, i)}
    assert not unseen, f"{where}: legal targets {sorted(unseen)} are neither in sight nor behind a marked tab"


def in_sight_nth(page: Any, index: int) -> bool:
    """Whether the index-th legal target is whole inside the board's frame and the window."""
    box = page.locator("#board .target.legal").nth(index).bounding_box()
    frame = page.locator("#board").bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= frame["x"] - 1
        and box["y"] >= frame["y"] - 1
        and box["x"] + box["width"] <= min(frame["x"] + frame["width"], size["width"]) + 1
        and box["y"] + box["height"] <= min(frame["y"] + frame["height"], size["height"]) + 1
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_the_results_take_the_boards_place(browser: Any, server_url: str, screenshot_dir: Path, size: str) -> None:
    """A finished game: its results are in sight without scrolling, long names cut with a tooltip,
    and a tab brings the board back."""
    seats = [{"controller": "human", "name": LONG_NAME}, {"controller": "random"}, {"controller": "random"}]
    table = http.post(f"{server_url}/api/tables", json={"game": "tanghulu", "players": 3, "seats": seats}).json()
    play_by_api(server_url, table, random.Random(3), until=lambda snap: False)
    page = new_page(browser, SIZES[size])
    open_seated(page, server_url, table)
    page.locator("#results").wait_for(state="visible")
    no_page_scroll(page, f"results at {size}")
    no_overflow(page, f"results at {size}")
    assert in_sight(page, "#results .score-table tbody")
    page.screenshot(path=str(screenshot_dir / f"layout-results-{size}.png"))
    page.locator(".part-tab[data-part]:not([data-part='results'])").first.click()
    assert page.locator("#board").is_visible() and not page.locator("#results").is_visible()
    assert page.js_errors == []
