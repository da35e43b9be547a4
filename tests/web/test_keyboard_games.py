"""Keyboard only for every game (issue 23, "For everyone"): Citrus, Juicy Fruits with Mystic Island's
modules and Fabled Fruit with Lime are played with Tab, Enter and Space alone — every kind of decision
the game offers on the way, moves made in several steps included — the focus showing where it is
and, after each step of a move, moving on to the places of the next step. (Tang Hu Lu's whole game:
test_keyboard.py.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from .helpers import LAPTOP, MY_TURN_OR_OVER, TURN_TIMEOUT, create_seated_table, new_page, open_seated

GAMES: dict[str, dict[str, Any]] = {
    "citrus": {},
    "juicyfruits": {"modules": "mystic_island,boulders,new_business"},
    "fabledfruit": {"lime": True},
}
#: the games with moves made in several steps on the board (Citrus: a tile to build, then its space
#: and way, or a Cart or a Bull, then its place; Juicy Fruits: a token picked up, then where it
#: slides); Fabled Fruit's every step is a decision of its own (a payment card by card)
SEVERAL_STEPS = {"citrus", "juicyfruits"}
SKIP = ("↶ Undo", "Hint")  # never Undo or Hint: the game must go on

#: The places that play or take the next step, in the page's Tab order: the board's legal targets
#: (Tab reaches them) and the status line's action buttons.
PLACES = """() => [...document.querySelectorAll('#board .target.legal[tabindex="0"], #actions button.action')]
  .filter((el) => !el.closest('[hidden]'))
  .map((el) => ({
    kind: el.dataset.kind || (el.matches('button') ? 'button' : 'place'),
    text: el.matches('button') ? el.textContent : null,
  }))"""

#: Where the focus is: its index among PLACES (or -1), whether it is a step on the way (a pick), and
#: whether it shows: a button's outline, or the glowing hit area of a board place, in the window.
FOCUSED = """() => {
  const places = [...document.querySelectorAll('#board .target.legal[tabindex="0"], #actions button.action')]
    .filter((el) => !el.closest('[hidden]'));
  const el = document.activeElement;
  const at = places.indexOf(el);
  if (at < 0) return {at};
  const box = el.getBoundingClientRect();
  const hit = el.querySelector(':scope > .hit');
  return {
    at,
    kind: el.dataset.kind || (el.matches('button') ? 'button' : 'place'),
    text: el.matches('button') ? el.textContent : null,
    select: el.dataset.select ?? null,
    key: el.dataset.select ?? el.dataset.code ?? el.textContent,
    shown: (el.matches('button') ? getComputedStyle(el).outlineStyle !== 'none'
                                 : !!hit && getComputedStyle(hit).strokeWidth === '6px')
      && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth,
  };
}"""


def tab_to(page: Any, index: int) -> dict[str, Any]:
    """Tab (forward) until the focus is on the place at this index."""
    for _ in range(400):
        page.keyboard.press("Tab")
        here = page.evaluate(FOCUSED)
        if here["at"] == index:
            return here
    raise AssertionError(f"Tab never reached place {index}")


def decide(page: Any, rng: random.Random, made: Counter[str], offered: set[str]) -> int:
    """One decision by keyboard: a kind not made yet where one is offered, else any; its steps one by
    one (Enter, then Space), the focus moving on to the next step. Returns how many steps it took."""
    places = page.evaluate(PLACES)
    choices = [i for i, place in enumerate(places) if place["text"] not in SKIP]
    assert choices, "it is my turn, so something must be reachable"
    offered.update(places[i]["kind"] for i in choices)
    fresh = [i for i in choices if places[i]["kind"] not in made]
    pick = rng.choice(fresh or choices)
    version = page.evaluate("document.body.dataset.version")
    here = tab_to(page, pick)
    assert here["shown"], f"the focused place shows no focus: {here}"
    made[here["kind"]] += 1
    steps = 1
    page.keyboard.press("Enter")
    while here["select"] is not None and page.evaluate("document.body.dataset.version") == version:
        # a step on the way (a tile, a token, a held piece picked): the focus goes to the next step
        after = page.evaluate(FOCUSED)
        assert after["at"] >= 0 and after["key"] != here["key"], f"after {here['kind']} the focus stays: {after}"
        assert after["shown"], f"the next step's place shows no focus: {after}"
        made[after["kind"]] += 1
        steps += 1
        assert steps <= 4, "a move of more than four steps"
        here = after
        page.keyboard.press(" " if steps % 2 else "Enter")  # both play
    page.wait_for_function(
        "v => document.body.dataset.version !== v || document.body.dataset.status === 'finished'",
        arg=version,
        timeout=TURN_TIMEOUT,
    )
    return steps


@pytest.mark.parametrize("game", list(GAMES))
def test_several_turns_by_keyboard_alone(browser: Any, server_url: str, game: str):
    rng = random.Random(23)
    page = new_page(browser, LAPTOP, reduced_motion="reduce")
    open_seated(page, server_url, create_seated_table(server_url, game, 2, **GAMES[game]))
    made: Counter[str] = Counter()
    offered: set[str] = set()
    longest = decisions = 0
    while decisions < 40 and page.evaluate("document.body.dataset.status") != "finished":
        page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        longest = max(longest, decide(page, rng, made, offered))
        decisions += 1
        if decisions >= 16 and offered <= set(made):
            break
    assert decisions >= 16 or page.evaluate("document.body.dataset.status") == "finished"
    assert offered <= set(made), f"kinds of decision offered but never made by keyboard: {offered - set(made)}"
    if game in SEVERAL_STEPS:
        assert longest >= 2, f"no move of several steps came up in {decisions} decisions: {dict(made)}"
    assert page.js_errors == []
