"""Browser tests: Juicy Fruits from the lobby, played by clicking the islands and the business board."""

from __future__ import annotations

import random
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

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
from .test_board_kit import HARNESS, RENDER, board_address
from .test_board_text import problems_in_sight
from .test_layout import in_sight

#: the game's component data, as the engine reads it
GAME_DATA = resources.files("fruitbowl.games.juicyfruits")

#: board targets tried first, so that random clicking still ends the game (claims move the license marker)
PREFERRED = ("claim", "place_block", "place", "supply")


# ---------------------------------------------------------------------------- helpers


def create_table(base: str, players: int = 2, **options: Any) -> dict[str, Any]:
    return create_seated_table(base, "juicyfruits", players, **options)


def play_by_api(base: str, table: dict[str, Any], rng: random.Random, until: Any = lambda s: False) -> dict[str, Any]:
    """Play seat 0 through the HTTP API, preferring claims, until until(snapshot) holds or the game ends."""
    token = table["token"]
    for _ in range(3000):
        snap = state(base, table["id"], token)
        if snap["status"] == "finished" or (snap["legal"] and until(snap)):
            return snap
        if not snap["legal"]:
            continue  # a bot is thinking
        claims = [a for a in snap["legal"] if a["kind"] == "claim"]
        choice = rng.choice(claims or snap["legal"])
        http.post(
            f"{base}/api/tables/{table['id']}/actions",
            json={"action": choice["code"], "version": snap["version"]},
            headers={"X-Seat-Token": token},
        )
    raise AssertionError("the API game did not reach the wanted position")


CHOOSE = """kinds => {
  const lit = (sel) => [...document.querySelectorAll('#board .target.legal' + sel)];
  if (lit('[data-select]').length) return ['pick', lit('[data-select]').length];
  for (const kind of kinds) if (lit(`[data-kind='${kind}']`).length) return [kind, lit(`[data-kind='${kind}']`).length];
  if (lit('[data-code]').length) return ['any', lit('[data-code]').length];
  return ['button', document.querySelectorAll('#actions button.action').length];
}"""
SELECTORS = {"pick": "#board .target.legal[data-select]", "any": "#board .target.legal[data-code]"}
NEXT_TURN = (
    "v => document.body.dataset.status === 'finished'"
    " || (document.body.dataset.version !== v && document.body.dataset.turn === 'mine'"
    " && !document.body.dataset.pending)"
)


def take_turn(page: Any, rng: random.Random) -> str:
    """Make one decision by clicking: a token then one of its destinations, else a lit board target
    (claims first), else a status-line button. Returns what was clicked."""
    version = page.evaluate("document.body.dataset.version")
    what, count = page.evaluate(CHOOSE, list(PREFERRED))
    assert count, "it is my turn, so something must be clickable"
    if what == "button":
        selector = "#actions button.action"
    else:
        selector = SELECTORS.get(what, f"#board .target.legal[data-kind='{what}']")
    node = page.locator(selector).nth(rng.randrange(count))
    clicked = f"button:{node.get_attribute('data-kind')}" if what == "button" else node.get_attribute("data-kind")
    click_target(page, node)  # (a status-line button is always in sight)
    if what == "pick":
        dests = page.locator("#board .target.legal[data-kind='move']")
        assert dests.count(), "picking up a token must light the cells it can slide to"
        dests.nth(rng.randrange(dests.count())).click()
        clicked = "move"
    page.wait_for_function(NEXT_TURN, arg=version, timeout=TURN_TIMEOUT)
    return clicked


# ---------------------------------------------------------------------------- tests


def test_two_player_game_from_the_lobby_played_by_clicking(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(5)
    page = new_page(browser, DESKTOP)
    page.goto(server_url)
    page.select_option("#game", "juicyfruits")
    counts = page.locator("#player-counts button")
    assert [counts.nth(i).inner_text() for i in range(counts.count())] == ["1", "2", "3", "4"]
    page.click("#player-counts button[data-players='1']")
    page.click("summary")
    assert page.locator("[data-option='solo_board']").is_visible(), "solo options show for one player"
    assert page.locator("[data-option='first_player']").is_disabled(), "first_player waits for random_first off"
    page.click("#player-counts button[data-players='2']")
    assert not page.locator("[data-option='solo_board']").is_visible()
    for name in ("juice_factory", "forced_max_distance", "icecream_moves_license", "random_first"):
        assert page.locator(f"[data-option='{name}']").is_visible()
    page.check("[data-option='forced_max_distance']")  # longer slides, more fruit: a shorter game
    page.check("[data-option='icecream_moves_license']")  # (and ice cream moves the license too)
    page.select_option("select[data-seat='1']", "random")
    page.fill("#name", "Ada")
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
    table_id = page.url.rstrip("/").split("/")[-1]
    assert page.locator("#board .island").count() == 2
    assert page.locator("#board .business-row").count() == 5
    assert page.locator("#board .ship").count() >= 20, "ships wait on the beaches"

    clicked: list[str] = []
    for _ in range(600):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        clicked.append(take_turn(page, rng))
        if len(clicked) == 8:
            page.screenshot(path=str(screenshot_dir / "jf-desktop-mid.png"))
    else:
        raise AssertionError("the game did not end within 600 decisions")
    assert "move" in clicked and "claim" in clicked, clicked
    results = page.locator("#results")
    results.wait_for(state="visible")
    text = results.inner_text()
    for heading in ("Ships", "Business rows", "Venues", "Ice cream", "Stalls", "Total"):
        assert heading in text
    assert page.locator("#results tbody tr").count() == 2
    final = state(server_url, table_id)
    assert final["status"] == "finished" and final["result"]["winners"]
    assert final["view"]["options"]["icecream_moves_license"] is True  # the option chosen in the page
    page.screenshot(path=str(screenshot_dir / "jf-desktop-end.png"), full_page=True)
    assert page.js_errors == []


def test_solo_against_pineapple_to_the_end(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(2)
    table = create_table(server_url, players=1, solo_board=2)
    play_by_api(server_url, table, rng, until=lambda s: len(s["view"]["solo"]["drawn"]) >= 8)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    area = page.locator("#board .pineapple-area")
    assert area.count() == 1 and "Pineapple" in area.text_content()
    page.screenshot(path=str(screenshot_dir / "jf-solo-mid.png"))

    final = play_by_api(server_url, table, rng)
    assert final["status"] == "finished"
    results = page.locator("#results")
    results.wait_for(state="visible")
    house = final["result"]["house"]
    row = page.locator("#results tr.house")
    assert row.count() == 1 and "Pineapple" in row.inner_text() and str(house["score"]) in row.inner_text()
    heading = page.locator("#results h2").inner_text()
    assert heading == ("You beat Pineapple!" if final["result"]["winners"] else "Pineapple wins!")
    for column in ("Boats", "Claims", "Ships"):
        assert column in results.inner_text()
    # The rows stand in place order, Pineapple's at its place; alone, no tie-break is shown.
    places = [int(p) for p in page.locator("#results tbody tr td:first-child").all_inner_texts()]
    assert places == sorted(places) and places[0] == 1
    assert page.locator("#results tbody tr").first.get_attribute("class") in (
        ("house winner" if not final["result"]["winners"] else "winner"),
    )
    assert "tie-break" not in results.inner_text() and "turn order" not in results.inner_text()
    page.screenshot(path=str(screenshot_dir / "jf-solo-end.png"), full_page=True)
    assert page.js_errors == []


def test_illegal_target_explains_itself_and_keyboard_plays(browser: Any, server_url: str):
    table = create_table(server_url, players=2, random_first=False)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    snap = state(server_url, table["id"], table["token"])
    assert snap["view"]["phase"] == "move"
    token = next(t for row in snap["view"]["business_board"]["rows"] for t in row["spaces"] if t)
    code = next(
        a["code"]
        for a in http.get(f"{server_url}/api/tables/{table['id']}/actions").json()["actions"]
        if a["kind"] == "claim" and a["token"] == token["id"]
    )
    reason = explain(server_url, table["id"], table["token"], code)  # step 1 comes first: claiming must wait

    tile = page.locator(f"#board .target[data-code='{code}']")
    assert tile.get_attribute("aria-disabled") == "true"
    tile.hover()
    # table.js writes the hover text into getElementById("hint") (the tooltip; see the report about the id)
    wait_for_text(page, "hint", reason)
    tile.click(force=True)
    wait_for_text(page, "message", reason)

    # Every legal target is focusable and labelled; Enter picks a token up, Enter again slides it.
    legal = page.locator("#board .target.legal")
    assert legal.count() > 0
    for index in range(legal.count()):
        assert legal.nth(index).get_attribute("tabindex") == "0"
        assert legal.nth(index).get_attribute("aria-label")
    version = page.evaluate("document.body.dataset.version")
    page.locator("#board .target.legal[data-select]").first.focus()
    page.keyboard.press("Enter")
    focused = page.evaluate("document.activeElement.dataset.kind")
    assert focused == "move", "Enter on a token moves the focus to its first destination"
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=TURN_TIMEOUT)
    assert page.js_errors == []


def test_phone_layout_stacks_islands_without_sideways_scroll(browser: Any, server_url: str, screenshot_dir: Path):
    rng = random.Random(11)
    # measured without motion: a piece still gliding from where the last layout drew it stretches
    # its island's box (once, under load, an island seemed to start inside the one above it)
    page = new_page(browser, PHONE, reduced_motion="reduce")
    table = create_table(server_url, players=3, juice_factory=True)
    open_seated(page, server_url, table)
    for _ in range(6):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        take_turn(page, rng)
    no_sideways_scroll(page)
    board = page.locator("#board").bounding_box()
    assert board["width"] <= PHONE["width"]
    boxes = [page.locator(f"#board .island[data-seat='{seat}']").bounding_box() for seat in range(3)]
    assert boxes[0]["width"] > boxes[1]["width"], "your island is the largest"
    assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"] - 1, "islands stack on a phone"
    page.screenshot(path=str(screenshot_dir / "jf-phone-mid.png"), full_page=True)

    finished = create_table(server_url, players=1)
    play_by_api(server_url, finished, rng)
    open_seated(page, server_url, finished)
    page.locator("#results").wait_for(state="visible")
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshot_dir / "jf-phone-end.png"), full_page=True)
    assert page.js_errors == []


def test_a_step_played_on_your_island_and_the_business_board_shows_both_readable(browser: Any, server_url: str):
    """Step 2 of a turn (supply a ship on your island or claim a token on the business board) is one
    decision over two parts of the board: at 1366×768 both are in sight together, and their text is
    still at least 11 px (issue 23)."""
    both = {"supply", "claim"}
    for attempt in range(6):  # (a table's deal is its own: a game may end before such a step comes)
        table = create_table(server_url, players=3, modules="mystic_island,boulders,new_business")
        rng = random.Random(4 + attempt)
        snap = play_by_api(server_url, table, rng, until=lambda snap: both <= {a["kind"] for a in snap["legal"]})
        if snap["status"] != "finished":
            break
    assert both <= {a["kind"] for a in snap["legal"]}, "a step offering both a supply and a claim came"
    page = new_page(browser, LAPTOP, reduced_motion="reduce")
    open_seated(page, server_url, table)
    assert page.locator("#board .target.legal[data-kind='supply']").count()
    assert in_sight(page, "#board .island.mine"), "your island is in sight"
    assert in_sight(page, "#board .business-row"), "the business board is in sight beside it"
    assert problems_in_sight(page, "step 2", {"size"}) == []
    assert page.js_errors == []


def test_a_score_past_100_fits_its_laps_flag(browser: Any, server_url: str):
    """A score past 50 goes round the score track again ("+50" on a flag over the marker); a game
    can pass 100, and "+100" ran past a flag sized for "+50" (CI, a board text check)."""
    table = create_seated_table(server_url, "juicyfruits", 4)
    space = http.get(f"{server_url}/api/tables/{table['id']}/actions").json()
    snap = state(server_url, table["id"], table["token"])
    for player, score in zip(snap["view"]["players"], (57, 104, 163, 251), strict=True):
        player["score"] = score
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/")
    page.add_style_tag(url="/static/js/games/juicyfruits.css")  # the board's type sizes, as at the table
    page.evaluate(HARNESS, [board_address(server_url, "juicyfruits"), space])
    page.evaluate(RENDER, [snap, False])
    flags = page.evaluate(
        """() => [...document.querySelectorAll('#kit text.jf-tag')].filter((t) => t.textContent.startsWith('+'))
          .map((t) => {
            const text = t.getBoundingClientRect(), flag = t.previousElementSibling.getBoundingClientRect();
            return [t.textContent, text.left >= flag.left && text.right <= flag.right];
          })"""
    )
    assert sorted(flags) == [["+100", True], ["+150", True], ["+250", True], ["+50", True]]
    assert page.js_errors == []


COORDINATES = """() => {
  const island = document.querySelector('#kit .island.mine');
  const box = (e) => e.getBoundingClientRect();
  const grid = [...island.querySelectorAll('[data-key]')].map(box);
  const top = Math.min(...grid.map((b) => b.top)), bottom = Math.max(...grid.map((b) => b.bottom));
  const labels = [...island.querySelectorAll('.jf-coordinates text')].map((t) => {
    const b = box(t);
    const covered = grid.some((p) => p.left < b.right && b.left < p.right && p.top < b.bottom && b.top < p.bottom);
    return { text: t.textContent, x: b.left + b.width / 2, y: b.top + b.height / 2, covered };
  });
  return { top, bottom, labels };
}"""


def test_the_island_names_its_rows_and_columns_round_its_edge_where_no_piece_covers_them(browser: Any, server_url: str):
    """The log and the terminal name cells "c3"; the island's ships hid the names drawn in their
    cells, so the island shows them round its edge as a chessboard does: a–e under the columns,
    5–1 beside the rows, clear of every piece. A whale at the south beach takes the sea under the
    island (Module 3), and the letters then go above it."""
    table = create_seated_table(server_url, "juicyfruits", 2, modules="new_business")
    space = http.get(f"{server_url}/api/tables/{table['id']}/actions").json()
    snap = state(server_url, table["id"], table["token"])
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/")
    page.add_style_tag(url="/static/js/games/juicyfruits.css")
    page.evaluate(HARNESS, [board_address(server_url, "juicyfruits"), space])
    page.evaluate(RENDER, [snap, False])
    drawn = page.evaluate(COORDINATES)
    letters = sorted((label for label in drawn["labels"] if label["text"].isalpha()), key=lambda label: label["x"])
    numbers = sorted((label for label in drawn["labels"] if label["text"].isdigit()), key=lambda label: label["y"])
    assert [label["text"] for label in letters] == ["a", "b", "c", "d", "e"]
    assert [label["text"] for label in numbers] == ["5", "4", "3", "2", "1"]
    assert not [label for label in drawn["labels"] if label["covered"]], "no piece covers a coordinate"
    assert all(label["y"] > drawn["bottom"] - 5 for label in letters), "the letters are under the island"

    whales = snap["view"]["new_business"]["whales"]
    whales[0].update(owner=0, beach="S")
    page.evaluate(RENDER, [snap, False])
    drawn = page.evaluate(COORDINATES)
    letters = [label for label in drawn["labels"] if label["text"].isalpha()]
    assert len(letters) == 5 and all(label["y"] < drawn["top"] + 5 for label in letters), "above, clear of the whale"
    assert not [label for label in drawn["labels"] if label["covered"]]
    assert page.js_errors == []


def test_the_numbers_on_business_tokens_come_from_the_games_data(browser: Any, server_url: str):
    """Texts shown to players read their numbers from the game's data file: a large venue's
    placeholder token on the business board says how many spaces the venue covers each way
    ("2×2", `[large_venues] side`), a whale-watching token what a sighting scores ("whale +2",
    `[new_business_tokens] sighting_points`), and each would say otherwise if the data did."""
    data = tomllib.loads((GAME_DATA / "data.toml").read_text(encoding="utf-8"))
    side, sighting = data["large_venues"]["side"], data["new_business_tokens"]["sighting_points"]
    table = create_seated_table(server_url, "juicyfruits", 2, modules="new_business")
    space = http.get(f"{server_url}/api/tables/{table['id']}/actions").json()
    snap = state(server_url, table["id"], table["token"])
    view = snap["view"]
    assert view["island"]["venue_side"] == side, "the page is told the venue's size by the server"
    assert view["new_business"]["sighting_points"] == sighting
    # a placeholder and a whale-watching token on the board, whatever the deal showed
    first, second = [s for row in view["business_board"]["rows"] for s in row["spaces"] if s][:2]
    venue = view["large_venues"][0]
    first.clear()
    first.update(type="token", id="T01", name=venue["name"], category="placeholder", venue=venue["id"])
    first.update(points=venue["points"], stars=venue["stars"])
    second.clear()
    second.update(type="token", id="X09", name="Whale watching X09", category="whale_watching", text="")
    third = [s for row in view["business_board"]["rows"] for s in row["spaces"] if s][2]
    said = "5 per beach with all 3 ships"  # (the server's words for the stall, in the reader's language)
    third.clear()
    third.update(type="token", id="X05", name="Harbor Tour", category="stall", formula="per_full_beach", points=5)
    third.update(text=said)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server_url}/")
    page.add_style_tag(url="/static/js/games/juicyfruits.css")
    page.evaluate(HARNESS, [board_address(server_url, "juicyfruits"), space])
    words = """() => [...document.querySelectorAll('#kit text.jf-tag, #kit text.jf-tile-detail')]
        .map((t) => t.textContent).filter((t) => /×|whale/.test(t))"""
    shown = []
    for more in (0, 1):
        view["island"]["venue_side"] = side + more
        view["new_business"]["sighting_points"] = sighting + more
        page.evaluate(RENDER, [snap, False])
        shown.append(sorted(set(page.evaluate(words))))
    assert shown == [
        [f"{side}×{side}", f"whale +{sighting}"],
        [f"{side + 1}×{side + 1}", f"whale +{sighting + 1}"],
    ]
    # a stall's picture says what it counts in the server's words (it had its own English shorthand)
    titles = page.evaluate("() => [...document.querySelectorAll('#kit .stall > title')].map((t) => t.textContent)")
    stalls = [
        s["text"] for row in view["business_board"]["rows"] for s in row["spaces"] if s and s["category"] == "stall"
    ]
    assert said in titles and set(titles) == set(stalls)
    assert page.js_errors == []
