"""A page that draws slower than the table moves catches up by drawing the latest position.

A slow phone, a busy machine or bots playing fast send snapshots faster than the page draws them;
drawing every one in turn left the page further behind with each (a Citrus game played through
the API in 3 s took a page slowed 12× 83 s to show its end). Snapshots that arrive while one waits
to be drawn replace it (``connection.js``), so the page skips positions it would only show for a
moment and reaches the end of the game with a fraction of the draws.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .helpers import PHONE, TURN_TIMEOUT, new_page, open_seated
from .test_citrus import create_table, play_by_api

#: how much slower than this machine the page's processor runs (Chrome's CPU throttling)
SLOWER = 8

#: the versions the page draws, in order, from now on
DRAWN = """() => {
  window.drawn = [];
  new MutationObserver(() => window.drawn.push(Number(document.body.dataset.version)))
    .observe(document.body, { attributes: true, attributeFilter: ['data-version'] });
}"""


def test_a_slow_page_skips_to_the_latest_position(browser: Any, server_url: str):
    table = create_table(server_url, players=2, board="short")
    page = new_page(browser, PHONE)
    received: list[int] = []  # the snapshots' versions as they reach the page

    def on_frame(frame: Any) -> None:
        message = json.loads(frame)
        if message.get("type") == "state":
            received.append(message["version"])

    page.on("websocket", lambda socket: socket.on("framereceived", on_frame))
    open_seated(page, server_url, table, wait_for_turn=False)
    page.evaluate(DRAWN)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWER})
    final = play_by_api(server_url, table, random.Random(7))  # seat 0 as fast as the API answers
    assert final["status"] == "finished"
    page.locator("#results").wait_for(state="visible", timeout=TURN_TIMEOUT * 6)
    drawn = page.evaluate("window.drawn")
    assert drawn[-1] == final["version"], "the page ends on the game's last position"
    assert drawn == sorted(drawn), "positions are drawn in the order they were played"
    arrived = [version for version in received if version > drawn[0]]
    assert len(drawn) < len(arrived) / 2, f"drew {len(drawn)} of the {len(arrived)} positions that arrived"
    assert page.js_errors == []
