"""Issue 22's evening, in one run, as its "How it is checked" tells it: three people in three
browser contexts (Ada on a laptop, Bea on a phone, Cy watching). "invite → name prompt → chat both
ways → rename → a campaign of two games with a friend and a chosen bot → a real-time table where a
player runs out of time and the stand-in plays, then the player reclaims → Leave → a spectator
reads chat."

The pieces are checked in more detail by test_names, test_chat, test_campaigns_together and
test_clocks; this test checks that they hold together through one evening: the name Bea gave
follows her from the campaign to the next table, her seat is kept from game to game, and she
takes her seat back from the stand-in by making a move ("until the player comes back and acts,
which reclaims the seat")."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fruitbowl.server.limits import Limits

from .helpers import (
    LAPTOP,
    PHONE,
    TURN_TIMEOUT,
    http,
    new_page,
    no_sideways_scroll,
    open_seated,
    play_by_http,
    seat_token,
    serving,
    state,
    table_id_of,
)
from .test_table import take_turn

CHAT = "[...document.querySelectorAll('#chat .chat-message .chat-text')].map(e => e.textContent)"
#: Seconds a bot (and so a stand-in) waits before each move: long enough for a person to act first.
BOT_DELAY = 3.0


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A server whose clocks may be seconds long; yields its address and its bots' pacer (the
    bots play the campaign's games at once, and take their time at the clock table)."""
    from fruitbowl.server import create_app

    db = tmp_path_factory.mktemp("evening") / "t.db"
    app = create_app(f"sqlite:///{db}", bot_delay=0, limits=Limits(clock_minimum=1))
    with serving(app) as url:
        yield url, app.state.service.bots


def _says(page: Any, text: str) -> None:
    page.wait_for_function(f"text => {CHAT}.includes(text)", arg=text, timeout=TURN_TIMEOUT)


def _name_shown(page: Any, seat: int, name: str) -> None:
    page.wait_for_function(
        "([seat, name]) => document.querySelector(`.player-panel[data-seat='${seat}'] .player-name`)"
        "?.textContent === name",
        arg=[seat, name],
        timeout=TURN_TIMEOUT,
    )


class _PlaysPromptly:
    """Ada, at the clock table, makes her first legal move as soon as it is hers (through the API,
    while her page watches), so that only Bea's clock runs out."""

    def __init__(self, base: str, table_id: str, token: str):
        self.base, self.table_id, self.token = base, table_id, token
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set():
            snap = state(self.base, self.table_id, self.token)
            if snap["status"] == "finished":
                return
            if snap["legal"]:
                http.post(
                    f"{self.base}/api/tables/{self.table_id}/actions",
                    json={"action": snap["legal"][0]["code"], "version": snap["version"]},
                    headers={"X-Seat-Token": self.token},
                )
            else:
                self.stop.wait(0.1)

    def __enter__(self) -> _PlaysPromptly:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(30)


@pytest.mark.slow  # two whole Fabled Fruit games through the API and a clock table: about 1–2 minutes
def test_an_evening_with_a_friend_invite_chat_rename_campaign_clock_stand_in_leave(
    browser: Any, evening_server: tuple[str, Any], screenshot_dir: Path
) -> None:
    base, bots = evening_server
    levels = http.get(f"{base}/api/games").json()["bots"]
    chosen = "greedy"
    assert chosen in levels and chosen != levels[0]

    # Ada opens a fable campaign in the lobby and seats a friend (by invitation) and a Greedy bot.
    ada = new_page(browser, LAPTOP)
    ada.goto(base)
    ada.fill("#name", "Ada")
    ada.fill("#campaign-name", "Friday fables")
    ada.click("#new-campaign")
    ada.locator("#campaign-list .campaign-row", has_text="Friday fables").get_by_role(
        "link", name="Campaign page"
    ).click()
    ada.wait_for_function("document.body?.dataset.loaded === '1'")
    campaign_id = ada.url.rstrip("/").split("/c/")[1]
    ada.fill("#next-name", "Ada")
    ada.select_option("#next-count", "3")
    ada.locator("#next-seats select[data-seat='1']").select_option("human")
    ada.locator("#next-seats select[data-seat='2']").select_option(chosen)
    ada.click("#start-next")
    game1 = table_id_of(ada)
    invite = ada.locator("#host-box .invite-link").input_value()

    # Bea opens the invitation on her phone: the page asks her name before seating her.
    bea = new_page(browser, PHONE)
    bea.goto(invite)
    bea.locator("dialog.name-dialog").wait_for(state="visible")
    bea.fill("#name-input", "Bea")
    bea.click("#name-save")
    bea.wait_for_function("document.body?.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    _name_shown(ada, 1, "Bea")

    # They chat both ways: Ada types, Bea answers with a quick phrase.
    ada.fill("#chat-input", "Welcome, Bea!")
    ada.press("#chat-input", "Enter")
    bea.click(".part-tab[data-part='chat']")  # on a phone the chat is a tab
    _says(bea, "Welcome, Bea!")
    bea.get_by_role("button", name="One moment").click()
    _says(ada, "One moment")

    # Bea renames herself; everyone sees it, and her browser remembers the new name.
    bea.click(".part-tab[data-part='panels']")
    bea.click(".player-panel.you .rename")
    bea.fill("#name-input", "Beatrix")
    bea.click("#name-save")
    bea.locator("dialog.name-dialog").wait_for(state="detached")
    _name_shown(ada, 1, "Beatrix")
    players = state(base, game1)["players"]
    assert [(p["name"], p["controller"]) for p in players] == [
        ("Ada", "human"),
        ("Beatrix", "human"),
        ("Greedy bot 3", chosen),
    ]

    # Game 1 is played to its end (through the API: a Fabled Fruit game has hundreds of moves);
    # game 2 keeps who sat where, Bea's seat and token included, and is played to its end too.
    tokens = [seat_token(ada, game1), seat_token(bea, game1)]
    for page in (ada, bea):
        page.goto(f"{base}/")
    play_by_http(base, game1, tokens)
    ada.goto(f"{base}/c/{campaign_id}")
    ada.wait_for_function("document.body?.dataset.loaded === '1'")
    assert ada.locator("#next-seats select[data-seat='1']").input_value() == "keep"
    assert ada.locator("#next-seats select[data-seat='2']").input_value() == chosen
    ada.click("#start-next")
    game2 = table_id_of(ada)
    bea.goto(f"{base}/t/{game1}")
    bea.get_by_role("button", name="Go to the campaign's next game").click()
    bea.wait_for_url(f"**/t/{game2}")
    bea.wait_for_function("document.body?.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    assert bea.locator("dialog.name-dialog").count() == 0  # no new invitation, no name asked
    assert seat_token(bea, game2) == seat_token(bea, game1)
    for page in (ada, bea):
        page.goto(f"{base}/")
    play_by_http(base, game2, [seat_token(ada, game2), seat_token(bea, game2)])
    finished = state(base, game2)
    assert finished["status"] == "finished"
    assert [p["name"] for p in finished["players"]] == ["Ada", "Beatrix", "Greedy bot 3"]

    # The campaign page lists its players and both finished games.
    bea.goto(f"{base}/c/{campaign_id}?table={game2}")
    bea.wait_for_function("document.body?.dataset.loaded === '1'")
    listed = bea.locator("#campaign-players li")
    assert listed.count() == 3 and "Beatrix" in listed.nth(1).inner_text() and "Greedy" in listed.nth(2).inner_text()
    assert bea.locator("#campaign-games .table-row[data-status='finished']").count() == 2
    no_sideways_scroll(bea)
    bea.screenshot(path=str(screenshot_dir / "evening-campaign-page-phone.png"), full_page=True)

    # A real-time table (4 s each, and 30 s back each time one's turn passes: after Bea's move
    # below she has time for the goodbyes, however slow the machine), a Greedy stand-in, Bea to
    # start; Cy comes to watch. From now on the bots wait before each move, as a table's bots do
    # for the people following them.
    bots.delay = BOT_DELAY
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    body = {
        "game": "tanghulu",
        "seats": seats,
        "options": {"first_player": 2},
        "clock": {"kind": "realtime", "base_s": 4, "increment_s": 30},
        "takeover": chosen,
    }
    response = http.post(f"{base}/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    open_seated(ada, base, table, wait_for_turn=False)
    bea.goto(f"{base}{table['invites']['1']}")
    bea.locator("dialog.name-dialog").wait_for(state="visible")
    assert bea.input_value("#name-input") == "Beatrix"  # remembered from the rename
    bea.click("#name-save")
    bea.wait_for_function("document.body?.dataset.seat === '1'", timeout=TURN_TIMEOUT)
    cy = new_page(browser, LAPTOP)
    cy.goto(f"{base}/t/{table['id']}")
    cy.wait_for_function("document.body?.dataset.seat === 'spectator'", timeout=TURN_TIMEOUT)
    # Bea's clock runs; on a slow machine her 4 s may already have run out while the pages
    # loaded, and then a stand-in holds her seat, whose clock never runs.
    watched = state(base, table["id"])
    assert watched["clock"]["running"] == 1 or (
        watched["players"][1]["takeover"] and watched["clock"]["running"] is None
    ), watched["clock"]

    with _PlaysPromptly(base, table["id"], table["token"]):
        # Bea does not move: her time runs out, and the stand-in plays for her.
        bea.wait_for_function(
            "() => { const bar = document.querySelector('#stand-in');"
            " return !bar.hidden && bar.textContent.includes('(your time ran out)'); }",
            timeout=TURN_TIMEOUT,
        )
        cy.wait_for_selector(".player-panel[data-seat='1'] .stand-in-tag", timeout=TURN_TIMEOUT)
        taken = state(base, table["id"])
        assert taken["players"][1]["takeover"]
        stand_in_moved = f"+document.body.dataset.version > {taken['version']}"
        cy.wait_for_function(stand_in_moved, timeout=TURN_TIMEOUT + int(2 * BOT_DELAY * 1000))
        bea.screenshot(path=str(screenshot_dir / "evening-stand-in-phone.png"))

        # Bea comes back and acts on her turn (before the stand-in's next move): the seat is hers.
        bea.wait_for_function("document.body.dataset.turn === 'mine'", timeout=TURN_TIMEOUT + 10_000)
        before = int(bea.evaluate("document.body.dataset.version"))
        take_turn(bea, random.Random(7), wait_for_next_turn=False)
        bea.wait_for_selector("#stand-in", state="hidden", timeout=TURN_TIMEOUT)
        back = state(base, table["id"])
        assert not back["players"][1]["takeover"] and back["version"] > before
        cy.wait_for_function(
            "!document.querySelector(\".player-panel[data-seat='1'] .stand-in-tag\")", timeout=TURN_TIMEOUT
        )

        # Goodbyes in the chat, then Bea leaves: the stand-in plays for her again.
        bea.click(".part-tab[data-part='chat']")
        bea.fill("#chat-input", "Sorry, I have to go")
        bea.press("#chat-input", "Enter")
        ada.fill("#chat-input", "Bye Beatrix, thanks for the games")
        ada.press("#chat-input", "Enter")
        _says(bea, "Bye Beatrix, thanks for the games")
        bea.click("#leave")
        bea.click("#confirm-yes")
        bea.wait_for_function(
            "() => { const bar = document.querySelector('#stand-in');"
            " return !bar.hidden && bar.textContent.includes('plays for you.'); }",
            timeout=TURN_TIMEOUT,
        )
        assert state(base, table["id"])["players"][1]["takeover"]

    # Cy, watching, reads the whole chat and has nothing to write with.
    _says(cy, "Sorry, I have to go")
    _says(cy, "Bye Beatrix, thanks for the games")
    assert cy.locator("#chat .chat-form").is_hidden()
    cy.screenshot(path=str(screenshot_dir / "evening-spectator-1366.png"))
    for page in (ada, bea, cy):
        assert page.js_errors == []
