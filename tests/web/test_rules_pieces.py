"""How to play shows the pieces drawn by the same SVG art as the board (issue 23): on each game's
page every piece it names is a picture, whole within its box, and the drawer shows them too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .helpers import LAPTOP, PHONE, new_page

GAMES = Path(__file__).parents[2] / "src" / "fruitbowl" / "games"

# Per picture on the page: its kind, whether it is drawn, and how far its drawing (its content's
# bounding box, strokes aside) reaches past its viewBox on any side, in the viewBox's units.
PICTURES = """() => [...document.querySelectorAll('.piece[data-piece]')].map((span) => {
  const svgs = span.querySelectorAll('svg.piece-art');
  const svg = svgs[0];
  if (svgs.length !== 1) return { kind: span.dataset.piece, svgs: svgs.length };
  const [x, y, w, h] = svg.getAttribute('viewBox').split(/\\s+/).map(Number);
  const b = svg.getBBox(); // its drawing, in the viewBox's units (defs draw nothing)
  const [left, top, right, bottom] = [b.x, b.y, b.x + b.width, b.y + b.height];
  return {
    kind: span.dataset.piece,
    svgs: 1,
    drawn: right - left > w * 0.3 && bottom - top > h * 0.3,
    overflow: Math.max(x - left, y - top, right - (x + w), bottom - (y + h)),
    shown: svg.getBoundingClientRect().width > 0,
  };
})"""

ALL_DRAWN = (
    "() => { const spans = [...document.querySelectorAll('.piece[data-piece]')];"
    " return spans.length > 0 && spans.every((span) => span.querySelector('svg.piece-art')); }"
)


def kinds_on_page(game: str) -> set[str]:
    """The piece kinds the game's players' page names (its how_to_play.md, read as a player's page)."""
    text = (GAMES / game / "how_to_play.md").read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)  # the maintainers' note lists kinds too
    return set(re.findall(r'<span class="piece" data-piece="([^"]+)"', text))


def check_pictures(page: Any, game: str) -> None:
    page.wait_for_function(ALL_DRAWN, timeout=10_000)
    pictures = page.evaluate(PICTURES)
    assert {p["kind"] for p in pictures} == kinds_on_page(game)
    for picture in pictures:
        assert picture["svgs"] == 1, f"{game}: {picture['kind']} should be one picture"
        assert picture["drawn"], f"{game}: {picture['kind']} is drawn as an empty or tiny picture"
        assert picture["overflow"] <= 1, f"{game}: {picture['kind']} is cut off by its box: {picture}"
        assert picture["shown"], f"{game}: {picture['kind']} takes no room on the page"


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_every_piece_on_each_games_page_is_drawn_with_its_board_art(
    browser: Any, server_url: str, screenshot_dir: Path, size: dict[str, int]
):
    page = new_page(browser, size)
    for game in ("tanghulu", "citrus", "fabledfruit", "juicyfruits"):
        page.goto(f"{server_url}/games/{game}/rules")
        check_pictures(page, game)
        # the first pieces, where a newcomer meets them (What's in the box)
        page.locator(".piece[data-piece]").first.scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, -120)")
        page.screenshot(path=str(screenshot_dir / f"rules-pieces-{game}-{size['width']}.png"))
    assert page.js_errors == []


def test_the_drawer_draws_the_pieces_too(browser: Any, server_url: str):
    page = new_page(browser, LAPTOP)
    page.goto(server_url)
    page.wait_for_function("document.querySelector('#game').value !== ''")
    for game in ("citrus", "fabledfruit", "juicyfruits"):
        page.select_option("#game", game)
        page.click("#open-rules")
        page.locator("#rules-drawer").wait_for(state="visible")
        page.wait_for_function(
            "(game) => document.querySelector('#rules-drawer').dataset.game === game"
            " && [...document.querySelectorAll('#rules-drawer-body .piece[data-piece]')]"
            ".every((span) => span.querySelector('svg.piece-art'))",
            arg=game,
            timeout=10_000,
        )
        drawn = page.locator("#rules-drawer-body .piece[data-piece] svg.piece-art").count()
        assert drawn == page.locator("#rules-drawer-body .piece[data-piece]").count() > 0
        page.keyboard.press("Escape")
        page.locator("#rules-drawer").wait_for(state="hidden")
    assert page.js_errors == []


def test_a_kind_a_board_does_not_draw_keeps_its_words(browser: Any, server_url: str):
    """docs/web.md: pieceArt(kind) answers null for a kind it does not draw (the page keeps the words)."""
    page = new_page(browser, PHONE)
    page.goto(f"{server_url}/games/citrus/rules")
    answers = page.evaluate(
        """async () => {
          const { games } = await (await fetch('/api/games')).json();
          const out = {};
          for (const game of games.filter((g) => ['tanghulu', 'citrus', 'fabledfruit', 'juicyfruits'].includes(g.id))) {
            const renderer = await import(game.board);
            if (!renderer.pieceArt) continue;
            out[game.id] = ['dragon', 'tile:dragon', 'card:dragon', 'toString', 'fruit:', ''].map(
              (kind) => renderer.pieceArt(kind));
          }
          return out;
        }"""
    )
    assert set(answers) == {"tanghulu", "citrus", "fabledfruit", "juicyfruits"}
    for game, pictures in answers.items():
        assert pictures == [None] * 6, game
    assert page.js_errors == []
