"""The 20 Lime locations' actions (§1.6, seed glossary): one small effect function per card.

Effects follow the same pattern as :mod:`.locations`: finish at once, or push decision steps
and ``("call", name)`` continuations. The "only draw 1 fruit" cases of the seed (and the
reference's R cases for empty piles) are the signpost fallback, :meth:`FabledFruitState.fallback`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fruitbowl.engine.events import Event

from . import actions as A
from . import lime as _lime  # noqa: F401  (registers the Lime decisions)
from . import market
from .components import COMPONENTS as C
from .components import LIME_OFFSET
from .fruits import KIND_MASK, KIND_NAME, LIME, LIME_BIT, NUM_KINDS
from .legality import can_name, card_fits, returnable, thief_spots
from .locations import EFFECTS, draw, steal
from .rules import FabledFruitState, register_calls

S = FabledFruitState
Ev = list[Event]
Effect = Callable[[S, Ev], None]
CALLS: dict[str, Callable[[S, Any, Ev], None]] = {}


def lime_effect(number: int) -> Callable[[Effect], Effect]:
    """Register the effect of #<number>L."""

    def register(fn: Effect) -> Effect:
        EFFECTS[LIME_OFFSET + number] = fn
        return fn

    return register


def call(fn: Callable[[S, Any, Ev], None]) -> Callable[[S, Any, Ev], None]:
    CALLS[fn.__name__] = fn
    return fn


def lid(number: int) -> int:
    return LIME_OFFSET + number


# ---------------------------------------------------------------------- limes


@lime_effect(1)
def l1l(s: S, ev: Ev) -> None:
    """Take 1 lime; an empty lime pile gives 1 fruit instead (R, §2.4.9)."""
    if not s.take_limes(s.active, 1, ev, "1L"):
        s.fallback(lid(1), ev)


@lime_effect(2)
def l2l(s: S, ev: Ev) -> None:
    """Discard 1 lime for 3 fruits (limes are all alike, so no choice is asked)."""
    p = s.active
    if not s.hands[p][LIME]:
        return s.fallback(lid(2), ev)
    s.hands[p][LIME] -= 1
    s.discard[LIME] += 1
    ev.append(Event("discard", p, {"fruit": KIND_NAME[LIME]}))
    draw(s, 3, ev)


@lime_effect(3)
def l3l(s: S, ev: Ev) -> None:
    """No lime in hand: show the hand, restock 1 lime, draw 1; with a lime only draw 1."""
    p = s.active
    if s.hands[p][LIME]:
        return s.fallback(lid(3), ev)
    hand = [KIND_NAME[k] for k in range(NUM_KINDS) for _ in range(s.hands[p][k])]
    ev.append(Event("reveal_hand", p, {"hand": hand}, irreversible=True))
    s.take_limes(p, 1, ev, "3L")
    draw(s, 1, ev)


# ---------------------------------------------------------------------- tokens and the coat


@lime_effect(4)
def l4l(s: S, ev: Ev) -> None:
    """Show a fruit and take its token from the pool or its holder (the base #33 mechanism)."""
    name = ("name", "token")
    if s.ftok is None or not can_name(s, name):  # no fruit in hand of a token you lack (R)
        return s.fallback(lid(4), ev)
    s.push(name, ("call", "c33_token"))


@lime_effect(5)
def l5l(s: S, ev: Ev) -> None:
    """A double turn or a wild token; an empty pool of that type is called back first."""
    if s.wild is None:
        return s.fallback(lid(5), ev)
    s.push(("choose", A.DOUBLE, A.WILD), ("call", "c37_token"))


@lime_effect(10)
def l10l(s: S, ev: Ev) -> None:
    """Take the camouflage coat from the pool or from its holder (yours already: draw 1, R)."""
    p = s.active
    if s.coat < -1 or s.coat == p:
        return s.fallback(lid(10), ev)
    before, s.coat = s.coat, p
    ev.append(Event("coat_taken", p, {"from": before}))


@lime_effect(12)
def l12l(s: S, ev: Ev) -> None:
    """Take a gambling token; an empty pool first calls every gambling token back (§2.9.5)."""
    p = s.active
    if s.gamble is None:
        return s.fallback(lid(12), ev)
    if not s.gamble_pool:
        back = sum(s.gamble)
        s.gamble = [0] * s.num_players
        s.gamble_pool = back
        ev.append(Event("tokens_returned", p, {"token": "gambling", "count": back}))
    s.gamble_pool -= 1
    s.gamble[p] += 1
    ev.append(Event("token", p, {"token": "gambling"}))


# ---------------------------------------------------------------------- the hand


@lime_effect(6)
def l6l(s: S, ev: Ev) -> None:
    """Save 1 fruit face down under your animal token; it pays twice later."""
    if not s.hand_size(s.active):
        return s.fallback(lid(6), ev)
    s.push(("save",))


@lime_effect(9)
def l9l(s: S, ev: Ev) -> None:
    """Discard any number of fruits, then draw that many plus 1."""
    s.count = 0
    if not s.hand_size(s.active):
        return draw(s, 1, ev)
    s.last = -1
    s.push(("discard", s.active, "", True), ("call", "c9l_more"))


@call
def c9l_more(s: S, arg: Any, ev: Ev) -> None:
    if s.last >= 0:
        s.count += 1
        if s.hand_size(s.active):
            s.last = -1
            s.push(("discard", s.active, "", True), ("call", "c9l_more"))
            return
    draw(s, s.count + 1, ev)


@lime_effect(16)
def l16l(s: S, ev: Ev) -> None:
    """2 limes for a hand of 2 or fewer fruits (1 if only 1 is left, R); otherwise draw 1."""
    p = s.active
    if s.hand_size(p) > 2 or not s.take_limes(p, 2, ev, "16L"):
        s.fallback(lid(16), ev)


@lime_effect(14)
def l14l(s: S, ev: Ev) -> None:
    """A fruit of your choice from the (public) discard pile."""
    if not any(s.discard):
        return s.fallback(lid(14), ev)
    s.push(("take", "discard", "", False))


@lime_effect(20)
def l20l(s: S, ev: Ev) -> None:
    """Draw 2; the card's restriction is on buying it (:func:`.legality.may_buy`)."""
    draw(s, 2, ev)


# ---------------------------------------------------------------------- the market


@lime_effect(7)
def l7l(s: S, ev: Ev) -> None:
    """Take 3 market fruits (all if fewer), then discard down to 5 in hand."""
    n = min(3, market.market_size(s))
    if not n:
        return s.fallback(lid(7), ev)
    s.push(*[("take", "market", "", False)] * n, ("call", "c7l_limit"))


@call
def c7l_limit(s: S, arg: Any, ev: Ev) -> None:
    extra = s.hand_size(s.active) - 5
    if extra > 0:
        ev.append(Event("hand_limit", s.active, {"discard": extra}))
        s.push(*[("discard", s.active, "", False)] * extra)


@lime_effect(8)
def l8l(s: S, ev: Ev) -> None:
    """Refill the market, then trade 1 lime for 2 non-lime market fruits."""
    p = s.active
    if not s.hands[p][LIME]:
        return s.fallback(lid(8), ev)
    s.push(("call", "c8l_trade"))
    market.refill_market(s, ev)  # (first)


@call
def c8l_trade(s: S, arg: Any, ev: Ev) -> None:
    p = s.active
    assert s.market is not None
    takeable = sum(s.market[k] for k in range(NUM_KINDS) if not KIND_MASK[k] & LIME_BIT)
    s.hands[p][LIME] -= 1
    where = market.to_market(s, LIME)
    ev.append(Event("put", p, {"fruit": KIND_NAME[LIME], "to": where}))
    s.push(*[("take", "market", "nolime", False)] * min(2, takeable))


@lime_effect(18)
def l18l(s: S, ev: Ev) -> None:
    """Put fruits of different types into the market (at least 1, I-9); draw 2 for each."""
    if not s.hand_size(s.active):
        return s.fallback(lid(18), ev)
    s.mask = s.count = 0
    s.push(("put", s.active, "", False, "market"), ("call", "c18l_more"))


@call
def c18l_more(s: S, arg: Any, ev: Ev) -> None:
    p = s.active
    if s.last >= 0:
        s.count += 1
        more = ("put", p, "nomask", True, "market")
        if card_fits(s, more):
            s.last = -1
            s.push(more, ("call", "c18l_more"))
            return
    draw(s, 2 * s.count, ev)


@lime_effect(19)
def l19l(s: S, ev: Ev) -> None:
    """Take market fruits of different types (at least 1, I-9)."""
    if not market.market_size(s):
        return s.fallback(lid(19), ev)
    s.mask = 0
    s.push(("take", "market", "", False), ("call", "c19l_more"))


@call
def c19l_more(s: S, arg: Any, ev: Ev) -> None:
    if s.last < 0 or s.market is None:
        return
    s.mask |= KIND_MASK[s.last]
    more = ("take", "market", "nomask", True)
    if card_fits(s, more):
        s.last = -1
        s.push(more, ("call", "c19l_more"))


# ---------------------------------------------------------------------- the other players


@lime_effect(11)
def l11l(s: S, ev: Ev) -> None:
    """Put 2 limes in the centre; the others offer in turn; accept one offer or none."""
    p = s.active
    n = min(2, max(0, s.limes))
    if not n:
        return s.fallback(lid(11), ev)
    s.limes -= n
    s.centre = n
    s.offers = [[0] * NUM_KINDS for _ in range(s.num_players)]
    ev.append(Event("offer_limes", p, {"limes": n, "pile": s.limes}))
    s.push(*[("offer", q) for q in s.others(p)], ("call", "c11l_accept"))


@call
def c11l_accept(s: S, arg: Any, ev: Ev) -> None:
    """No offer at all leaves nothing to choose: you take the limes, the others draw 1."""
    assert s.offers is not None
    if any(any(offer) for offer in s.offers):
        s.push(("accept",))
    else:
        from .lime import _h_accept

        _h_accept(s, ("accept",), A.REFUSE, ev)


@lime_effect(15)
def l15l(s: S, ev: Ev) -> None:
    """The others may each take a lime; you draw 2 per lime taken, or take 1 if all pass."""
    if s.limes <= 0:
        return s.fallback(lid(15), ev)
    s.count = 0
    s.push(*[("limeask", q) for q in s.others(s.active)], ("call", "c15l_end"))


@call
def c15l_end(s: S, arg: Any, ev: Ev) -> None:
    if s.count:
        draw(s, 2 * s.count, ev)
    else:
        s.take_limes(s.active, 1, ev, "15L")


@lime_effect(17)
def l17l(s: S, ev: Ev) -> None:
    """Thief V2.0: two new stacks, neither next to the thief now (I-10); rob everyone there."""
    s.picks = []
    if s.thief < 0 or not thief_spots(s, ("thief", "v2")):
        return s.fallback(lid(17), ev)
    s.push(("thief", "v2"), ("thief", "v2"), ("call", "c17l_rob"))


@call
def c17l_rob(s: S, arg: Any, ev: Ev) -> None:
    picks, s.picks = s.picks, []
    s.thief = picks[0]
    s.thief2 = picks[1] if len(picks) > 1 else 0
    ev.append(Event("thief", s.active, {"location": s.thief, "locations": picks}))
    steal(s, [q for q in s.others(s.active) if s.pos[q] in picks], "thief")


@lime_effect(13)
def l13l(s: S, ev: Ev) -> None:
    """Trade one of this game's juices for the top card of another stack, then take a lime.

    Optional (I-7): the ``decline`` choice draws 1 fruit; with no juice that is all you can do.
    """
    p = s.active
    if not any(returnable(s, p, j) is None for j in set(s.juices[p])):
        return s.fallback(lid(13), ev)
    s.push(("return",))


register_calls(CALLS)

missing = sorted(loc for loc in C.locations if loc not in EFFECTS)
if missing:  # pragma: no cover - a data row without code is a programming error
    raise ImportError(f"locations without an effect: {missing}")
