"""Browser tests of the board kit (web/js/board-kit.js): the action index finds every action of a
table's action space by kind and fields or by text, and each game's board, drawn through the kit,
sends the action of a clicked target, explains an illegal one, and moves a piece — gliding, or
straight to its place when the player asks for reduced motion."""

from __future__ import annotations

import copy
import re
import time
from typing import Any

import pytest

from .helpers import create_seated_table, http, new_page, state

GAMES = ("tanghulu", "citrus", "juicyfruits", "fabledfruit")

#: In a page of the server: the kit, the table's action index and one game's board in an <svg>
#: whose ctx records what the board sends and says (window.kit).
HARNESS = """async ([address, space]) => {
  const kit = await import("/static/js/board-kit.js");
  const renderer = await import(address);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "kit";
  svg.setAttribute("class", "board");
  svg.style.width = "1200px";
  document.body.append(svg);
  const sent = [];
  const hints = [];
  const board = kit.createBoard(svg, {
    actions: kit.indexActions(space.actions),
    hint: (text, element, emphatic = false) => hints.push(text === null ? null : [String(text), emphatic]),
    onAction: (code) => sent.push(code),
    reasonFor: (code) => `why ${code}`,
  });
  window.kit = { board, renderer, sent, hints };
}"""
RENDER = "([snapshot, interactive]) => window.kit.board.render(window.kit.renderer, snapshot, { interactive })"


def my_turn(base: str, table: dict[str, Any]) -> dict[str, Any]:
    """The seat's snapshot, completed as the page completes it, once it is the seat's turn."""
    for _ in range(300):
        snap = state(base, table["id"], table["token"])
        if snap["legal"]:
            return snap
        time.sleep(0.05)
    raise AssertionError("the bot never finished its turn")


def board_address(base: str, game: str) -> str:
    listed = http.get(f"{base}/api/games").json()["games"]
    return str(next(entry["board"] for entry in listed if entry["id"] == game))


def open_board(browser: Any, base: str, game: str, **context: Any) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """A page holding the kit's board for a new table of the game at the seat's turn."""
    table = create_seated_table(base, game, 2)
    snap = my_turn(base, table)
    space = http.get(f"{base}/api/tables/{table['id']}/actions").json()
    page = new_page(browser, {"width": 1300, "height": 900}, **context)
    page.goto(f"{base}/")
    page.evaluate(HARNESS, [board_address(base, game), space])
    return page, snap, space


# ---------------------------------------------------------------------------- the action index


def expected_code(actions: list[dict[str, Any]], kind: str, fields: dict[str, Any]) -> int | None:
    """The first action of the kind whose fields hold the values (compared with their types, as
    JavaScript's === compares: True is not 1)."""
    for action in actions:
        if action["kind"] == kind and all(
            name in action and type(action[name]) is type(value) and action[name] == value
            for name, value in fields.items()
        ):
            return int(action["code"])
    return None


def scalar_fields(action: dict[str, Any]) -> dict[str, Any]:
    return {
        name: value
        for name, value in action.items()
        if name not in ("code", "text", "kind", "label") and not isinstance(value, (list, dict))
    }


@pytest.mark.parametrize("game", GAMES)
def test_action_index_finds_each_action_by_its_fields_and_by_its_text(browser: Any, server_url: str, game: str) -> None:
    table = create_seated_table(server_url, game, 2)
    space = http.get(f"{server_url}/api/tables/{table['id']}/actions").json()
    actions = space["actions"]
    # every action by all its plain fields and by each one; the answer expected: the first action in
    # code order of that kind with those values (typed: True is not 1)
    queries: list[list[Any]] = []
    expected: list[int | None] = []
    first: dict[tuple[Any, ...], int] = {}
    for action in actions:
        fields = scalar_fields(action)
        for asked in [fields, *({name: value} for name, value in fields.items())]:
            key = (action["kind"], *sorted((name, type(value).__name__, value) for name, value in asked.items()))
            first.setdefault(key, action["code"])
            queries.append([action["kind"], asked])
            expected.append(first[key])
    for kind, fields in [("buy", {"line": 999}), ("no such kind", {}), (actions[0]["kind"], {"no such field": 1})]:
        queries.append([kind, fields])
        expected.append(expected_code(actions, kind, fields))
    page = new_page(browser, {"width": 800, "height": 600})
    page.goto(f"{server_url}/")
    found = page.evaluate(
        """async ([actions, queries]) => {
          const { indexActions } = await import("/static/js/board-kit.js");
          const index = indexActions(actions);
          return {
            codes: queries.map(([kind, fields]) => index.code(kind, fields)),
            texts: actions.map((action) => index.byText(action.text)),
            unknownText: index.byText("no such action"),
            got: actions.every((action) => index.get(action.code) === index.all[action.code]),
            kinds: [...new Set(actions.map((a) => a.kind))].map((kind) => index.ofKind(kind).map((a) => a.code)),
          };
        }""",
        [actions, queries],
    )
    assert found["codes"] == expected
    first_with_text: dict[str, int] = {}
    for action in actions:
        first_with_text.setdefault(action["text"], action["code"])
    assert found["texts"] == [first_with_text[action["text"]] for action in actions]
    assert found["unknownText"] is None and found["got"]
    kinds = list(dict.fromkeys(action["kind"] for action in actions))
    assert found["kinds"] == [[a["code"] for a in actions if a["kind"] == kind] for kind in kinds]
    if game == "citrus":
        assert len(actions) > 6000, "the index is meant for spaces this large"
    assert page.js_errors == []


# ---------------------------------------------------------------------------- each game's board


def click_a_legal_target(page: Any) -> str:
    """Click a lit target that plays an action (picking something first where a game needs it);
    return the code it carries."""
    direct = page.locator("#kit .target.legal[data-code]")
    if not direct.count():
        page.locator("#kit .target.legal[data-select]").first.click()
        direct = page.locator("#kit .target.legal[data-code]")
    assert direct.count(), "a legal action can be played on the board"
    target = direct.first
    code = str(target.get_attribute("data-code"))
    target.click()
    return code


@pytest.mark.parametrize("game", GAMES)
def test_a_clicked_target_sends_its_action_and_an_illegal_one_says_why(
    browser: Any, server_url: str, game: str
) -> None:
    page, snap, _space = open_board(browser, server_url, game)
    legal = {action["code"] for action in snap["legal"]}
    page.evaluate(RENDER, [snap, True])
    lit = page.locator("#kit .target.legal").all()
    assert lit, "it is the seat's turn: something on the board is lit"
    for node in lit:
        assert node.get_attribute("role") == "button" and node.get_attribute("aria-label")
        assert node.get_attribute("aria-disabled") is None
    assert any(node.get_attribute("tabindex") == "0" for node in lit), "legal targets take the focus"

    code = click_a_legal_target(page)
    assert page.evaluate("window.kit.sent") == [int(code)]
    assert int(code) in legal

    # the keyboard plays the same way: Enter on a focused legal target (picking first where needed)
    page.evaluate(RENDER, [snap, True])
    if not page.locator("#kit .target.legal[data-code]").count():
        page.locator("#kit .target.legal[data-select]").first.focus()
        page.keyboard.press("Enter")
    page.locator("#kit .target.legal[data-code]").first.focus()
    focused = int(str(page.evaluate("document.activeElement.dataset.code")))
    page.keyboard.press("Enter")
    assert page.evaluate("window.kit.sent")[-1] == focused

    # an illegal target sends nothing and says why, in the engine's words (asked through ctx.reasonFor)
    illegal = page.locator("#kit .target.illegal[data-code]")
    if illegal.count():
        page.mouse.move(0, 0)  # (the pointer left over a target from the click above would hover-hint it)
        before = len(page.evaluate("window.kit.sent"))
        hints = len(page.evaluate("window.kit.hints"))
        node = illegal.first
        node.dispatch_event("click")
        assert len(page.evaluate("window.kit.sent")) == before
        assert node.get_attribute("aria-disabled") == "true" and node.get_attribute("tabindex") == "-1"
        why = [f"why {node.get_attribute('data-code')}", True]
        assert why in page.evaluate("window.kit.hints")[hints:], "the click says why"

    # a board that is not played (a replay, a spectator) sends nothing and asks no reasons (the
    # pointer away first: Chromium hovers the new target under a still pointer a frame after a
    # redraw, and that hover's empty hint could land after a click below)
    page.mouse.move(0, 0)
    page.evaluate(RENDER, [snap, False])
    sent = len(page.evaluate("window.kit.sent"))
    for node in page.locator("#kit .target").all()[:3]:
        node.dispatch_event("click")
        assert page.evaluate("window.kit.hints.at(-1)") == ["not possible now", True]
    assert len(page.evaluate("window.kit.sent")) == sent
    assert page.js_errors == []


def moved(game: str, snap: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Two positions (the second one move later) in which one of the game's pieces changes place,
    and that piece's key: a coin marker, a score marker, an animal, a tile bought from the market."""
    before = copy.deepcopy(snap)
    after = copy.deepcopy(snap)
    after["version"] = snap["version"] + 1
    view = after["view"]
    if game == "tanghulu":
        view["players"][0]["coins"] = 0 if snap["view"]["players"][0]["coins"] else 3
        return before, after, "coins:0"
    if game == "juicyfruits":
        view["players"][0]["score"] += 7
        return before, after, "score:0"
    if game == "fabledfruit":
        for view_ in (before["view"], view):
            for stack in view_["display"]:
                stack["animals"] = [seat for seat in stack["animals"] if seat != 0]
        before["view"]["display"][0]["animals"].append(0)
        view["display"][1]["animals"].append(0)
        return before, after, "animal:0"
    # citrus: a market tile goes to an empty space of the board
    board = view["board"]
    number, tile = next((sp["number"], sp["tile"]) for sp in view["market"]["spaces"] if sp["tile"])
    next(sp for sp in view["market"]["spaces"] if sp["number"] == number)["tile"] = None
    space = next(
        i
        for i, kind in enumerate(board["type"])
        if kind == "ordinary" and not board["tile"][i] and not board["landscape"][i] and not board["bull"][i]
    )
    board["tile"][space] = [view["types"].index(tile["type"]), 1 if tile["well"] else 0]
    board["owner"][space] = None
    return before, after, f"t:{space}"


def place(transform: str | None) -> list[float]:
    """The two numbers of an SVG or CSS `translate(…)`, with or without units."""
    return [float(number) for number in re.findall(r"-?[\d.]+(?:e-?\d+)?", str(transform))[:2]]


@pytest.mark.parametrize("reduced", [False, True], ids=["animated", "reduced-motion"])
@pytest.mark.parametrize("game", GAMES)
def test_a_moved_piece_glides_or_with_reduced_motion_goes_straight_there(
    browser: Any, server_url: str, game: str, reduced: bool
) -> None:
    page, snap, _space = open_board(browser, server_url, game, reduced_motion="reduce" if reduced else "no-preference")
    first, second, key = moved(game, snap)
    piece = page.locator(f'#kit [data-key="{key}"]')
    page.evaluate(RENDER, [first, True])
    was = piece.get_attribute("transform") if piece.count() else None
    # The glide lasts a quarter of a second: read the piece's animations in the same script that
    # draws the move, so that a slow machine cannot let it end before it is looked at.
    glides = page.evaluate(
        """([snapshot, key]) => {
            window.kit.board.render(window.kit.renderer, snapshot, { interactive: true });
            const node = document.querySelector(`#kit [data-key='${key}']`);
            return node.getAnimations().map((glide) => glide.effect.getKeyframes().map((frame) => frame.transform));
        }""",
        [second, key],
    )
    assert piece.count() == 1
    now = piece.get_attribute("transform")
    assert now != was, "the piece stands at its new place at once"
    assert "last-move" in str(piece.get_attribute("class")), "the moved piece is marked as the last move"
    if reduced:
        assert glides == [], "no glide when the player asks for reduced motion"
        assert "fresh" not in str(piece.get_attribute("class"))
        assert page.evaluate("document.getAnimations().length") == 0, "nothing on the board moves, lit targets either"
    else:
        assert len(glides) == 1, "the piece glides from its old place"
        start, end = (place(frame) for frame in (glides[0][0], glides[0][-1]))
        assert end == pytest.approx(place(now), abs=0.01), "the glide ends where the piece stands"
        assert start != pytest.approx(end, abs=0.01), "the glide starts somewhere else"
        if was is not None:  # a Citrus tile comes from the market, where it had another key
            assert start == pytest.approx(place(was), abs=0.01), "the glide starts where the piece stood"
    assert page.js_errors == []
