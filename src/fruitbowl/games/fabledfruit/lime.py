"""The Lime expansion's own decisions and shared pieces (§3, §1.6, §2.9.4–2.9.5).

The Lime decision kinds are steps like the base ones (see :mod:`.rules`), registered here:

* ``("save",)`` — #6L: the fruit put under your animal token (``save banana``), or ``done``;
* ``("offer", seat)`` — #11L: that seat adds a fruit to its offer or finishes it (``done``);
* ``("accept",)`` — #11L: the active player accepts one offer (``accept 2``) or ``refuse``;
* ``("limeask", seat)`` — #15L: that seat takes a lime (``take lime``) or passes (``done``);
* ``("return",)`` / ``("juice",)`` — #13L: the juice put back, then the stack taken from.

Gambling (#12L) is a way to buy: :func:`gamble` reveals 3 fruits per token returned, then the
purchase is paid like any other with those reveals counted as cards (a revealed card always
pays before an equal card from hand: it is discarded anyway, so that choice never matters).
"""

from __future__ import annotations

from typing import Any

from fruitbowl.engine.events import Event

from . import actions as A
from . import market
from .components import COMPONENTS as C
from .fruits import KIND_NAME, LIME, NUM_KINDS
from .legality import NEEDS
from .rules import FabledFruitState, Step, register_calls, register_handlers

S = FabledFruitState
Ev = list[Event]


def names(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [KIND_NAME[k] for k in cards]


def card_list(counts: list[int]) -> list[int]:
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]


# ---------------------------------------------------------------------- gambling (#12L, §2.9.5)


def gamble(s: S, tokens: int, ev: Ev) -> None:
    """Buy with ``tokens`` gambling tokens: reveal 3 each (data.toml); pay if possible, else tough luck.

    The declaration is binding (the seed's "you cannot switch back"): without a complete
    payment the reveals are discarded, the tokens stay in the pool and the action is lost.
    """
    assert s.gamble is not None
    p, loc = s.active, s.pos[s.active]
    s.gamble[p] -= tokens
    s.gamble_pool += tokens
    ev.append(Event("gamble", p, {"location": loc, "tokens": tokens}))
    s.push(market.reveal_step(C.lime.gambling_reveals * tokens), ("call", "c12l_gambled", tokens))


def c12l_gambled(s: S, tokens: Any, ev: Ev) -> None:
    """The reveals are in: pay with them (and the hand) if they cover the price, else lose them."""
    p, loc = s.active, s.pos[s.active]
    s.buf, s.dealt = s.dealt, []
    s.gambling = int(tokens)
    ev.append(Event("reveal", p, {"fruits": names(s.buf), "reason": "gambling"}, irreversible=True))
    need, smoothies = NEEDS[loc]
    from .fruits import coverable

    if coverable(need, smoothies, s.units(p)):
        ev.append(Event("declare_buy", p, {"location": loc, "gambling": tokens}))
        s.paying = []
        s.push(("pay",), ("call", "bought"))
        return
    cards, s.buf, s.gambling = s.buf, [], 0
    for k in cards:
        s.discard[k] += 1
    ev.append(Event("gamble_failed", p, {"location": loc, "fruits": names(cards)}))


# ---------------------------------------------------------------------- decisions


def _h_save(s: S, step: Step, code: int, ev: Ev) -> None:
    """#6L: the card leaves the hand face down; only its owner knows it. Saving is optional
    (seed: "you **may** save 1 fruit"), so ``done`` saves nothing."""
    assert s.saved is not None
    p, k = s.active, code - A.SAVE
    if code == A.DONE:
        ev.append(Event("no_save", p, {"saved": sum(s.saved[p])}))
        return
    s.hands[p][k] -= 1
    s.saved[p][k] += 1
    ev.append(Event("save", p, {"saved": sum(s.saved[p])}, {"fruit": KIND_NAME[k]}, p))


def _h_offer(s: S, step: Step, code: int, ev: Ev) -> None:
    """#11L: offers are placed face up in front of their owner, one fruit at a time."""
    assert s.offers is not None
    q = step[1]
    if code == A.DONE:
        ev.append(Event("offer_done", q, {"fruits": names(card_list(s.offers[q]))}))
        return
    k = code - A.OFFER
    s.hands[q][k] -= 1
    s.offers[q][k] += 1
    ev.append(Event("offer", q, {"fruit": KIND_NAME[k]}))
    s.push(("offer", q))


def _h_accept(s: S, step: Step, code: int, ev: Ev) -> None:
    """#11L: take one offer (its owner gets the limes) or none (you get them, the others draw 1)."""
    assert s.offers is not None
    p = s.active
    offers, limes = s.offers, s.centre
    s.offers, s.centre = None, 0
    chosen = -1 if code == A.REFUSE else code - A.ACCEPT
    for q in s.others(p):
        if q == chosen:
            for k in range(NUM_KINDS):
                s.hands[p][k] += offers[q][k]
            s.hands[q][LIME] += limes
            ev.append(Event("accept", p, {"player": q, "fruits": names(card_list(offers[q])), "limes": limes}))
        elif any(offers[q]):
            for k in range(NUM_KINDS):
                s.hands[q][k] += offers[q][k]
            ev.append(Event("offer_back", q, {"fruits": names(card_list(offers[q]))}))
    if chosen < 0:
        s.hands[p][LIME] += limes
        ev.append(Event("refuse", p, {"limes": limes}))
        s.push(*[market.draw_step(q, 1, "11L") for q in s.others(p)])


def _h_limeask(s: S, step: Step, code: int, ev: Ev) -> None:
    """#15L: each other player in turn takes a lime or passes."""
    q = step[1]
    if code == A.DONE:
        ev.append(Event("lime_pass", q))
        return
    s.take_limes(q, 1, ev, "15L")
    s.count += 1


def _h_return(s: S, step: Step, code: int, ev: Ev) -> None:
    """#13L: put a juice of this game back face up (onto its stack, or as a new stack)."""
    p = s.active
    if code == A.DECLINE:
        ev.append(Event("decline", p, {"location": s.pos[p]}))
        market.draw(s, p, 1, ev, "signpost")
        return
    loc = code - A.RETURN + 1
    s.juices[p].remove(loc)
    new = loc not in s.stacks
    if new:
        s.stacks.append(loc)
    s.counts[loc] += 1
    s.picks = [loc]
    ev.append(Event("return_juice", p, {"location": loc, "new_stack": new}))
    s.push(("juice",), ("call", "c13l_lime"))
    if new:
        s.enter_play(loc, ev)  # (its market, if it brings one, is dealt first)


def _h_juice(s: S, step: Step, code: int, ev: Ev) -> None:
    """#13L: the top card of another stack becomes the juice; an emptied stack leaves (I-11)."""
    p = s.active
    loc = code - A.JUICE + 1
    s.counts[loc] -= 1
    s.juices[p].append(loc)
    ev.append(Event("trade_juice", p, {"location": loc, "juices": len(s.juices[p])}))
    s.drop_empty(ev)


def c13l_lime(s: S, arg: Any, ev: Ev) -> None:
    s.picks = []
    s.take_limes(s.active, 1, ev, "13L")


register_handlers(
    {
        "save": _h_save,
        "offer": _h_offer,
        "accept": _h_accept,
        "limeask": _h_limeask,
        "return": _h_return,
        "juice": _h_juice,
    }
)
register_calls({"c13l_lime": c13l_lime, "c12l_gambled": c12l_gambled})

__all__ = ["card_list", "gamble", "names"]
