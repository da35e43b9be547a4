"""Browser test: Windfall, a game from another package (tests/example_game), is drawn by its own
board module, which the server serves from that package and the page finds through GET /api/games;
a whole game is played by clicking its apples."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ..example_game.conftest import windfall_installed
from .helpers import DESKTOP, TURN_TIMEOUT, create_seated_table, new_page, open_seated


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    with windfall_installed(tmp_path_factory.mktemp("site")) as env:
        yield env


def test_a_game_from_another_package_is_played_with_its_own_board(
    browser: Any, server_url: str, installed: dict[str, str]
) -> None:
    table = create_seated_table(server_url, "windfall", 2, basket=7)
    page = new_page(browser, DESKTOP)
    open_seated(page, server_url, table)
    assert page.text_content("#board text") == "Basket: 7 apples"  # drawn by board.js, from another package
    # styled by the game's own stylesheet (board.css beside board.js), loaded before the board was drawn
    assert page.eval_on_selector("#board .wf-basket", "text => getComputedStyle(text).fontWeight") == "800"
    assert page.locator("#board .target.legal").count() == 3  # take 1, 2 or 3
    for _ in range(10):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        page.locator("#board .target.legal").first.click()  # take one apple
        page.wait_for_function(
            "document.body.dataset.pending !== '1' && (document.body.dataset.status === 'finished'"
            " || document.querySelectorAll('#board .target.legal').length > 0)",
            timeout=TURN_TIMEOUT,
        )
    page.locator("#results").wait_for(state="visible", timeout=TURN_TIMEOUT)
    text = page.inner_text("#results")
    assert "Apples" in text and "Bonus card" in text and "Windfall" in text
    assert page.js_errors == []
