"""Browser tests: Citrus from the lobby, played by clicking the board, the market and the mats."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from fruitbowl.engine import get_game

from .helpers import (
    DESKTOP,
    LAPTOP,
    MY_TURN_OR_OVER,
    PHONE,
    TURN_TIMEOUT,
    click_target,
    create_seated_table,
    explain,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    state,
    wait_for_text,
)

NEXT_DECISION = (
    "v => document.body.dataset.status === 'finished'"
    " || (document.body.dataset.version !== v && document.body.dataset.turn === 'mine'"
    " && !document.body.dataset.pending)"
)
#: board targets tried first: building keeps the game moving towards its end (every tile built)
PREFERRED = ("site", "place", "buy", "harvest", "cash")
CHOOSE = """kinds => {
  const lit = (sel) => [...document.querySelectorAll('#board .target.legal' + sel)];
  for (const kind of kinds) {
    const n = lit(`[data-kind='${kind}']`).length;
    if (n) return [kind, n];
  }
  if (lit('[data-select]').length) return ['pick', lit('[data-select]').length];
  if (lit('[data-code]').length) return ['any', lit('[data-code]').length];
  return ['button', document.querySelectorAll('#actions button.action').length];
}"""


# ---------------------------------------------------------------------------- helpers


def create_table(base: str, players: int = 2, **options: Any) -> dict[str, Any]:
    return create_seated_table(base, "citrus", players, **options)


def play_by_api(base: str, table: dict[str, Any], rng: random.Random, until: Any = lambda s: False) -> dict[str, Any]:
    """Play seat 0 through the HTTP API, preferring to build, until until(snapshot) holds or the game ends."""
    token = table["token"]
    for _ in range(3000):
        snap = state(base, table["id"], token)
        if snap["status"] == "finished" or (snap["legal"] and until(snap)):
            return snap
        if not snap["legal"]:
            time.sleep(0.02)
            continue  # the bot is thinking
        land = snap["view"]["board"]["landscape"]
        wanted = [  # pick up action tiles on the way
            a
            for a in snap["legal"]
            if a["text"].startswith("place ") and (land[a["space"]] or [""])[0] in ("money", "cart", "bull")
        ]
        buys = [a for a in snap["legal"] if a["kind"] == "buy"]
        choice = rng.choice(wanted or buys or snap["legal"])
        http.post(
            f"{base}/api/tables/{table['id']}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": token},
        )
    raise AssertionError("the API game did not reach the wanted position")


def take_decision(page: Any, rng: random.Random) -> str:
    """One decision by clicking: a lit board target (building first), else a mat tile then its
    destination, else a status-line button. Returns the kind clicked."""
    version = page.evaluate("document.body.dataset.version")
    what, count = page.evaluate(CHOOSE, list(PREFERRED))
    assert count, "it is my turn, so something must be clickable"
    if what == "button":
        buttons = page.locator("#actions button.action")
        kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(count)]
        index = kinds.index("end") if "end" in kinds else rng.randrange(count)
        clicked = f"button:{kinds[index]}"
        buttons.nth(index).click()
    elif what == "pick":
        node = page.locator("#board .target.legal[data-select]").nth(rng.randrange(count))
        click_target(page, node)
        dests = page.locator("#board .target.legal[data-code]:not([data-kind='buy']):not([data-kind='cash'])")
        dests = page.locator("#board .target.legal[data-code]") if not dests.count() else dests
        if not dests.count():
            return "pick"  # e.g. a waiting kind chosen: the next call clicks a space
        node = dests.nth(rng.randrange(dests.count()))
        clicked = node.get_attribute("data-kind")
        click_target(page, node)
    else:
        selector = "#board .target.legal[data-code]" if what == "any" else f"#board .target.legal[data-kind='{what}']"
        node = page.locator(selector).nth(rng.randrange(count))
        clicked = node.get_attribute("data-kind")
        several = node.get_attribute("data-select") is not None
        click_target(page, node)
        if several:  # a space with several ways to build
            choice = page.locator("#board .ct-choice .target.legal")
            assert choice.count() >= 2
            click_target(page, choice.nth(rng.randrange(choice.count())))
    page.wait_for_function(NEXT_DECISION, arg=version, timeout=TURN_TIMEOUT)
    return clicked


# ---------------------------------------------------------------------------- tests


def test_short_board_game_from_the_lobby_played_by_clicking(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(3)
    page = new_page(browser, DESKTOP)
    page.goto(server_url)
    page.select_option("#game", "citrus")
    page.click("#player-counts button[data-players='2']")
    page.click("summary")
    page.select_option("[data-option='board']", "short")
    page.select_option("select[data-seat='1']", "random")
    page.fill("#name", "Ada")
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    table_id = page.url.rstrip("/").split("/")[-1]
    snap = state(server_url, table_id)
    assert snap["view"]["board"]["side"] == "short"
    assert page.locator("#board .ct-market .target[data-kind='buy']").count() == 8, "eight market lines"
    assert page.locator("#board .ct-mat").count() == 2
    assert page.locator("#board .ct-finca").count() >= 3, "the starting Fincas stand on the board"

    started = time.monotonic()
    clicked: list[str] = []
    for _ in range(800):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        clicked.append(take_decision(page, rng))
        if len(clicked) == 6:
            page.screenshot(path=str(screenshot_dir / "citrus-desktop-mid.png"))
        if len(clicked) == 60:
            page.screenshot(path=str(screenshot_dir / "citrus-desktop-late.png"))
    else:
        raise AssertionError("the game did not end within 800 decisions")
    elapsed = time.monotonic() - started
    assert elapsed < 240, f"a whole game by clicking took {elapsed:.0f} s"
    for kind in ("buy", "place", "harvest", "button:income", "button:end"):
        assert kind in clicked, (kind, sorted(set(clicked)))
    results = page.locator("#results")
    results.wait_for(state="visible")
    text = results.inner_text()
    for heading in ("Harvests", "Fincas", "Horses", "Total"):
        assert heading in text
    assert page.locator("#results tbody tr").count() == 2
    final = state(server_url, table_id)
    assert final["status"] == "finished" and final["result"]["winners"]
    page.screenshot(path=str(screenshot_dir / "citrus-desktop-end.png"), full_page=True)
    assert page.js_errors == []


def test_keyboard_buys_and_an_illegal_space_explains_itself(browser: Any, server_url: str):
    table = create_table(server_url, players=2, board="short")
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    assert state(server_url, table["id"], table["token"])["view"]["phase"] == "main"
    legal = page.locator("#board .target.legal")
    assert legal.count() > 0
    for index in range(legal.count()):
        assert legal.nth(index).get_attribute("tabindex") == "0"
        assert legal.nth(index).get_attribute("aria-label")
    # hovering a line lights its market spaces; Enter on it buys it
    line = page.locator("#board .target.legal[data-kind='buy']").last
    line.hover()
    assert page.locator("#board .ct-slot.ct-line-hover").count() >= 1
    version = page.evaluate("document.body.dataset.version")
    line.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    snap = state(server_url, table["id"], table["token"])
    if snap["view"]["phase"] == "site":
        version = snap["version"]
        click_target(page, page.locator("#board .target.legal[data-kind='site']").first)
        page.wait_for_function(NEXT_DECISION, arg=str(version), timeout=TURN_TIMEOUT)
        snap = state(server_url, table["id"], table["token"])
    assert snap["view"]["phase"] == "place"
    assert page.locator("#board .target.legal[data-kind='place']").count() >= 1, "legal spaces are lit"

    # an empty space where the waiting tile may not go says why, in the engine's words
    spaces = page.locator("#board .ct-targets .target.illegal[data-kind='place']")
    assert spaces.count() > 0
    tile = spaces.nth(spaces.count() // 2)
    reason = explain(server_url, table["id"], table["token"], str(tile.get_attribute("data-code")))
    assert tile.get_attribute("aria-disabled") == "true"
    tile.hover()
    wait_for_text(page, "hint", reason)
    tile.click(force=True)
    wait_for_text(page, "message", reason)
    # Enter on a lit space builds there
    version = page.evaluate("document.body.dataset.version")
    page.locator("#board .target.legal[data-kind='place']").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)
    assert page.js_errors == []


@pytest.mark.parametrize(("name", "viewport"), [("desktop", LAPTOP), ("phone", PHONE)])
def test_a_clicked_illegal_target_asks_why_and_says_so_while_waiting_or_failing(
    browser: Any, server_url: str, screenshot_dir: Path, name: str, viewport: dict[str, int]
):
    """The page asks the server why a target is not possible when it is pointed at or clicked: it
    says it is asking, then gives the reason, or says the server could not answer (then asks again)."""
    table = create_table(server_url, players=2)
    page = new_page(browser, viewport)
    asked: list[str] = []

    def note(request: Any) -> None:
        if "/explain" in request.url:
            asked.append(request.url)

    page.on("request", note)
    open_seated(page, server_url, table)
    # buy a line, so that the board shows spaces where its tiles may and may not go
    version = page.evaluate("document.body.dataset.version")
    click_target(page, page.locator("#board .target.legal[data-kind='buy']").last)
    page.wait_for_function(NEXT_DECISION, arg=version, timeout=TURN_TIMEOUT)
    snap = state(server_url, table["id"], table["token"])
    if snap["view"]["phase"] == "site":
        click_target(page, page.locator("#board .target.legal[data-kind='site']").first)
        page.wait_for_function(NEXT_DECISION, arg=str(snap["version"]), timeout=TURN_TIMEOUT)
    spaces = page.locator("#board .ct-targets .target.illegal[data-kind='place']")
    target = spaces.nth(spaces.count() // 2)
    code = str(target.get_attribute("data-code"))
    reason = explain(server_url, table["id"], table["token"], code)
    if name == "phone":  # the answer fails once, then comes late: the page says so each time
        page.route("**/explain?*", lambda route: route.fulfill(status=503, json={"error": "busy"}))
        target.click(force=True)
        failed = "() => document.getElementById('message').textContent.includes('could not say why: busy')"
        page.wait_for_function(failed)
        page.unroute("**/explain?*")
        held: list[Any] = []
        page.route("**/explain?*", lambda route: held.append(route))
        target.click(force=True)
        wait_for_text(page, "message", "Not possible now — asking the server why…")
        deadline = time.monotonic() + TURN_TIMEOUT / 1000
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(50)  # the held request reaches this process a moment after the page says so
        assert held, "the click asked the server"
        held[0].continue_()
    else:
        target.click(force=True)
    wait_for_text(page, "message", reason)
    wait_for_text(page, "hint", reason)
    assert asked and not any(table["token"] in url for url in asked), "the seat token travels in a header"
    page.screenshot(path=str(screenshot_dir / f"citrus-illegal-{name}.png"))
    assert page.js_errors == []


def test_action_tiles_and_phone_layout(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(7)
    # play by API until seat 0 holds an action tile it can use now, then use it by clicking; the
    # table's deal and its random bot are not seeded, so a game may end before one comes (then
    # a new table is tried)
    usable = ("cash", "cart", "bull")

    def ready(snap: dict[str, Any]) -> bool:
        return any(a["kind"] in usable for a in snap["legal"]) and snap["view"]["turn"] > 2

    for _attempt in range(4):
        table = create_table(server_url, players=2, board="short")
        snap = play_by_api(server_url, table, rng, until=ready)
        if snap["status"] == "playing":
            break
    assert snap["status"] == "playing", "seat 0 picked up an action tile on the way"
    page = new_page(browser, PHONE)
    open_seated(page, server_url, table)
    no_sideways_scroll(page)
    board = page.locator("#board").bounding_box()
    assert board["width"] <= PHONE["width"]
    page.screenshot(path=str(screenshot_dir / "citrus-phone-mid.png"), full_page=True)
    kinds = {a["kind"] for a in snap["legal"]}
    if kinds:
        version = page.evaluate("document.body.dataset.version")
        if "cash" in kinds:
            click_target(page, page.locator("#board .target.legal[data-kind='cash']").first)
        else:
            kind = "cart" if "cart" in kinds else "bull"
            click_target(page, page.locator(f"#board .target.legal[data-select='{kind}']").first)
            dest = page.locator(f"#board .target.legal[data-kind='{kind}']")
            assert dest.count() >= 1, f"choosing the {kind} lights its destinations"
            click_target(page, dest.first)
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)

    final = play_by_api(server_url, table, rng)
    assert final["status"] == "finished"
    page.locator("#results").wait_for(state="visible")
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshot_dir / "citrus-phone-end.png"), full_page=True)
    assert page.js_errors == []


def test_long_board_for_five_renders(browser: Any, server_url: str, screenshot_dir: Path):
    table = create_table(server_url, players=5, board="long")
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    assert page.locator("#board .ct-mat").count() == 5
    snap = state(server_url, table["id"], table["token"])
    board = snap["view"]["board"]
    assert (board["width"], board["height"]) == (15, 10)
    page.screenshot(path=str(screenshot_dir / "citrus-long-5p.png"), full_page=True)
    assert page.js_errors == []


def test_a_placement_reads_as_the_game_gives_it_although_the_snapshot_leaves_the_fixed_parts_out(
    browser: Any, server_url: str, screenshot_dir: Path
):
    """A snapshot leaves the board's fixed parts and each action's usual label to the action space
    (issue 20 §3); the page puts them back, so the board and every way to build read as the game
    gives them."""
    rng = random.Random(11)
    table = create_table(server_url, players=3)

    def building(snap: dict[str, Any]) -> bool:
        return snap["view"]["phase"] == "place" and sum(w["count"] for w in snap["view"]["waiting"]) >= 2

    snap = play_by_api(server_url, table, rng, until=building)
    assert building(snap)
    raw = http.get(f"{server_url}/api/tables/{table['id']}", headers={"X-Seat-Token": table["token"]}).json()
    assert "labels" not in raw["view"]["board"] and "ring" not in raw["view"]["sites"][0]
    assert any("label" not in action for action in raw["legal"]), "usual labels come from the action space"
    page = new_page(browser, LAPTOP)
    open_seated(page, server_url, table)
    view, rules = snap["view"], get_game("citrus")
    actions = rules.action_table(3)
    board = view["board"]
    spaces = page.locator("#board .ct-targets .target[data-kind='place']")
    # every space but the building sites (a fixed part of the view) can be pointed at
    assert spaces.count() == board["width"] * board["height"] - len(view["sites"])
    lit = page.locator("#board .ct-targets .target.legal[data-kind='place']")
    assert lit.count() >= 1
    several, single = None, None
    for i in range(lit.count()):
        node = lit.nth(i)
        code = node.get_attribute("data-code")
        if code is None:
            several = node
            continue
        single = (node, rules.describe_action(view, actions[int(code)]))
        assert node.get_attribute("aria-label") == single[1]
    if single is not None:  # pointing at a lit space says what building there does
        single[0].hover()
        wait_for_text(page, "hint", single[1])
    page.screenshot(path=str(screenshot_dir / "citrus-placement-1366.png"))
    if several is not None:  # a space with several ways to build offers each, with its label
        several.click()
        ways = page.locator("#board .ct-choice .target.legal")
        assert ways.count() >= 2
        for i in range(ways.count()):
            code = int(str(ways.nth(i).get_attribute("data-code")))
            assert ways.nth(i).get_attribute("aria-label") == rules.describe_action(view, actions[code])
    assert page.js_errors == []
