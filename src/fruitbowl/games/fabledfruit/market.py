"""The market (§2.7) and the draw stack / discard pile cycle (§2.4.1).

Functions here work on a :class:`~.rules.FabledFruitState` and append the events they cause.
The market is a count vector by kind (its order never matters); ``None`` while no market
exists. Drawing reshuffles the discard pile into a new draw stack when the stack runs out;
when both are empty the remaining draws are lost (R).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fruitbowl.engine.events import Event

from .components import COMPONENTS as C
from .fruits import KIND_NAME, NUM_KINDS

if TYPE_CHECKING:
    from .rules import FabledFruitState


def next_card(s: FabledFruitState, events: list[Event]) -> int:
    """The top card of the draw stack (reshuffling the discard pile if needed), or -1."""
    if not s.draw:
        pile = s.discard
        total = sum(pile)
        if not total:
            return -1
        cards = [k for k in range(NUM_KINDS) for _ in range(pile[k])]
        s.rng.shuffle(cards)
        s.draw = cards
        s.discard = [0] * NUM_KINDS
        events.append(Event("reshuffle", None, {"cards": total}, irreversible=True))
    return s.draw.pop()


def reveal(s: FabledFruitState, count: int, events: list[Event]) -> list[int]:
    """Take up to ``count`` cards off the draw stack (face up, not yet anywhere)."""
    out = []
    for _ in range(count):
        card = next_card(s, events)
        if card < 0:
            break
        out.append(card)
    return out


def draw(s: FabledFruitState, seat: int, count: int, events: list[Event], reason: str = "") -> int:
    """``seat`` draws ``count`` fruits into hand; returns how many it got."""
    if count <= 0:
        return 0
    got = reveal(s, count, events)
    hand = s.hands[seat]
    for card in got:
        hand[card] += 1
    data = {"count": len(got), "wanted": count, "reason": reason}
    secret = {"fruits": [KIND_NAME[k] for k in got]}
    events.append(Event("draw", seat, data, secret=secret, owner=seat, irreversible=True))
    return len(got)


def market_size(s: FabledFruitState) -> int:
    return sum(s.market) if s.market is not None else 0


def create_market(s: FabledFruitState, events: list[Event]) -> None:
    """A market-using location entering play with no market lays one out (§2.7, R)."""
    if s.market is None:
        s.market = [0] * NUM_KINDS
        refill_market(s, events)


def refill_market(s: FabledFruitState, events: list[Event]) -> None:
    """Deal fruits from the draw stack until the market holds 5 (never removes any)."""
    if s.market is None:
        return
    missing = C.market_size - sum(s.market)
    if missing <= 0:
        return
    got = reveal(s, missing, events)
    for card in got:
        s.market[card] += 1
    events.append(Event("market_refill", None, {"fruits": [KIND_NAME[k] for k in got]}, irreversible=True))


def to_market(s: FabledFruitState, card: int) -> str:
    """Put a card into the market, or onto the discard pile when no market exists (R)."""
    if s.market is None:
        s.discard[card] += 1
        return "discard"
    s.market[card] += 1
    return "market"
