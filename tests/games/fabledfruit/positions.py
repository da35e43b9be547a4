"""Position builders for Fabled Fruit tests: hands, draw stack and display written as text.

Cards are letters ``P B S C G``, ``L`` for a lime and fruit-mix cards ``B/S``; ``draw="B S"`` means B is drawn
first. :func:`at_location` puts the active player's animal on a stack ready to act or buy.
"""

from __future__ import annotations

from typing import Any, cast

from fruitbowl.engine import get_game
from fruitbowl.games.fabledfruit import deck
from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.games.fabledfruit.fruits import KIND_CODE, NUM_KINDS
from fruitbowl.games.fabledfruit.rules import FabledFruit, FabledFruitState

GAME = cast(FabledFruit, get_game("fabledfruit"))  # (typed: the tests read its states' fields)
KIND = {code: k for k, code in enumerate(KIND_CODE)}
for _k, _code in enumerate(KIND_CODE):
    if "/" in _code:
        a, b = _code.split("/")
        KIND[f"{b}/{a}"] = _k


def kinds(text: str) -> list[int]:
    return [KIND[c] for c in text.split()]


def cards(text: str) -> list[int]:
    out = [0] * NUM_KINDS
    for k in kinds(text):
        out[k] += 1
    return out


def hand_text(counts: list[int]) -> str:
    return " ".join(KIND_CODE[k] for k in range(NUM_KINDS) for _ in range(counts[k]))


def display_options(last: int) -> dict[str, Any]:
    """Campaign options whose display is the 24 cards before position ``last`` of the deck."""
    counts = [0] * (deck.MAX_ID + 1)
    stacks: list[int] = []
    for card in deck.DECK[last - 24 : last]:
        if not counts[card]:
            stacks.append(card)
        counts[card] += 1
    return {"display": deck.display_text(stacks, counts), "big_stack": deck.DECK_SIZE - last}


def lime_options(last: int = 24) -> dict[str, Any]:
    """Lime campaign options whose display is the 24 cards before position ``last`` of the Lime deck."""
    counts = [0] * (deck.MAX_ID + 1)
    stacks: list[int] = []
    for card in deck.LIME_DECK[last - 24 : last]:
        if not counts[card]:
            stacks.append(card)
        counts[card] += 1
    return {"display": deck.display_text(stacks, counts), "big_stack": deck.LIME_SIZE - last, "lime": True}


def lime_through(label: str) -> dict[str, Any]:
    """A Lime display whose last card is the first copy of ``label`` (``"12L"``), so it is in play."""
    return lime_options(max(24, deck.LIME_DECK.index(parse_loc(label)) + 1))


def through(loc: int) -> dict[str, Any]:
    """A display whose last card is the first copy of ``loc`` (so ``loc`` is in play)."""
    return display_options(deck.DECK.index(loc) + 1)


def position(
    n: int = 3,
    hands: dict[int, str] | None = None,
    draw: str | None = None,
    discard: str = "",
    market: str | None = None,
    active: int = 0,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> FabledFruitState:
    """A state at the start of ``active``'s turn with the given hands and piles.

    Cards not placed are left out of the game (the conservation tests use real setups).
    """
    s = GAME.new_state(n, seed, {"first_player": active + 1, **(options or {})})
    assert isinstance(s, FabledFruitState)
    s.hands = [cards((hands or {}).get(p, "")) for p in range(n)]
    s.draw = list(reversed(kinds(draw))) if draw is not None else s.draw
    s.discard = cards(discard)
    if market is not None:
        s.market = cards(market)
    s.forget_answers()
    return s


def at_location(s: FabledFruitState, loc: int | str, seat: int | None = None) -> FabledFruitState:
    """Put the active player's animal on ``loc`` (``7`` or ``"7L"``; after moving and paying), ready to act or buy."""
    loc = parse_loc(loc)
    p = s.active if seat is None else seat
    s.active = p
    s.pos[p] = loc
    s.steps = [("actbuy",), ("call", "finish")]
    s.forget_answers()
    return s


def act(s: FabledFruitState, loc: int | str, *choices: str) -> list:
    """Use ``loc``'s action with the given follow-up choices; returns all events."""
    at_location(s, loc)
    events = s.apply("act")
    for text in choices:
        events += s.apply(text)
    return events


def texts(s: FabledFruitState) -> list[str]:
    return [a.text for a in s.legal_actions()]
