"""The market (§2.7) and the draw stack / discard pile cycle (§2.4.1).

Functions here work on a :class:`~.rules.FabledFruitState` and append the events they cause.
The market is a count vector by kind (its order never matters); ``None`` while no market
exists. Fruits are drawn at chance nodes (``("deal", …)`` steps, see :mod:`.rules`): the state
reshuffles the discard pile into a new draw stack when the stack runs out (both are unordered
piles), and when both are empty the remaining draws are lost (R).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fruitbowl.engine.events import Event

from .components import COMPONENTS as C
from .fruits import KIND_NAME, NUM_KINDS

if TYPE_CHECKING:
    from .rules import FabledFruitState, Step


def draw_step(seat: int, count: int, reason: str = "") -> Step:
    """The chance step by which ``seat`` draws ``count`` fruits into hand, one at a time (only
    ``seat`` sees them): a step to push, alone or with others in the order they happen."""
    return ("deal", count, seat, 0, "hand", reason)


def reveal_step(count: int, seat: int = -1, until_named: bool = False) -> Step:
    """The chance step revealing ``count`` fruits (or until one of the named type shows) into
    ``s.dealt``, for the continuation pushed after it; ``seat``: the only one who sees them (-1: everyone)."""
    return ("deal", count, seat, 1 if until_named else 0, "", "")


def draw(s: FabledFruitState, seat: int, count: int, events: list[Event], reason: str = "") -> None:
    """``seat`` draws ``count`` fruits into hand next (before the steps already queued)."""
    if count > 0:
        s.push(draw_step(seat, count, reason))


def dealt(s: FabledFruitState, step: Step, events: list[Event]) -> None:
    """A deal is complete (its count drawn, or both piles empty: the rest is lost, R): its
    fruits go into the hand or the market it was for, or wait in ``s.dealt`` for its continuation."""
    dest = step[4]
    if not dest:
        return
    got, s.dealt = s.dealt, []
    names = [KIND_NAME[k] for k in got]
    if dest == "market":
        assert s.market is not None
        for card in got:
            s.market[card] += 1
        events.append(Event("market_refill", None, {"fruits": names}, irreversible=True))
        return
    seat, count = step[2], step[1]
    hand = s.hands[seat]
    for card in got:
        hand[card] += 1
    data = {"count": len(got), "wanted": count, "reason": step[5]}
    events.append(Event("draw", seat, data, secret={"fruits": names}, owner=seat, irreversible=True))


def market_size(s: FabledFruitState) -> int:
    return sum(s.market) if s.market is not None else 0


def create_market(s: FabledFruitState, events: list[Event]) -> None:
    """A market-using location entering play with no market lays one out (§2.7, R)."""
    if s.market is None:
        s.market = [0] * NUM_KINDS
        refill_market(s, events)


def refill_market(s: FabledFruitState, events: list[Event]) -> None:
    """Deal fruits from the draw stack (next, before the steps already queued) until the market
    holds 5 (never removes any)."""
    if s.market is None:
        return
    missing = C.market_size - sum(s.market)
    if missing > 0:
        s.push(("deal", missing, -1, 0, "market", ""))


def to_market(s: FabledFruitState, card: int) -> str:
    """Put a card into the market, or onto the discard pile when no market exists (R)."""
    if s.market is None:
        s.discard[card] += 1
        return "discard"
    s.market[card] += 1
    return "market"
