"""The 59 base locations' actions (§1.5): one small effect function per location number.

An effect either finishes at once or pushes steps onto the front of the state's queue, in the
order they happen: decisions, chance steps (a draw, a reveal, a random fruit from a hand: see
:mod:`.rules`) and ``("call", name)`` continuations registered here, which carry on once what
comes before them is decided (a reveal's continuation reads the fruits from ``s.dealt``). Decisions by other
players (they give fruits of their choice) are their own steps, resolved one at a time in seat
order from the active player's left (§2.4.8), so ``current_player`` moves to them.

Step shapes (see :mod:`.rules`): ``("give", giver, receiver, filter, optional)``,
``("discard", seat, filter, optional)``, ``("put", seat, filter, optional, "market"|"aux")``,
``("take", zone, filter, optional)``, ``("player", seats)``, ``("name", filter)``,
``("choose", code, code)``, ``("thief",)``. Filters are a type letter or a named rule
(:func:`.legality.card_filter`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fruitbowl.engine.events import Event

from . import actions as A
from . import market
from .components import COMPONENTS as C
from .fruits import KIND_MASK, KIND_NAME, NUM_KINDS, disjoint_pick
from .legality import can_name, card_fits
from .rules import FabledFruitState, register_calls

S = FabledFruitState
Ev = list[Event]
Effect = Callable[[S, Ev], None]

EFFECTS: dict[int, Effect] = {}
#: #6 reveals until the named type shows: more fruits than the game holds.
SEEK_ALL = 999
CALLS: dict[str, Callable[[S, Any, Ev], None]] = {}


def effect(number: int) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[number] = fn
        return fn

    return register


def call(fn: Callable[[S, Any, Ev], None]) -> Callable[[S, Any, Ev], None]:
    CALLS[fn.__name__] = fn
    return fn


# ---------------------------------------------------------------------- shared pieces


def draw(s: S, n: int, ev: Ev) -> None:
    """The active player draws ``n`` fruits next (before the steps already queued)."""
    market.draw(s, s.active, n, ev)


def all_draw(s: S, mine: int, theirs: int) -> None:
    """The active player draws ``mine``, then each other player ``theirs`` in seat order."""
    s.push(market.draw_step(s.active, mine), *[market.draw_step(q, theirs) for q in s.others(s.active)])


def steal(s: S, victims: list[int], reason: str) -> None:
    """The active player takes a random fruit from each of ``victims`` in turn (from an empty hand: nothing)."""
    s.push(*[("steal", s.active, q, reason) for q in victims])


def discard_then_draw(s: S, loc: int, letter: str, need: int, gain: int, ev: Ev) -> None:
    """Discard ``need`` fruits of a type, then draw ``gain`` (signpost: draw 1 if you cannot)."""
    t = C.type_codes.index(letter)
    if s.count_type(s.active, t) < need:
        return s.fallback(loc, ev)
    s.push(*[("discard", s.active, letter, False)] * need, ("call", "c_draw", gain))


def reveal_public(s: S, n: int, then: str) -> None:
    """Reveal ``n`` fruits for everyone to see, then carry on with the continuation ``then``."""
    s.push(market.reveal_step(n), ("call", then))


def revealed(s: S, ev: Ev, reason: str) -> list[int]:
    """The fruits a public reveal drew (told to everyone), taken out of ``s.dealt``."""
    cards, s.dealt = s.dealt, []
    ev.append(Event("reveal", s.active, {"fruits": [KIND_NAME[k] for k in cards], "reason": reason}, irreversible=True))
    return cards


def to_hand(s: S, cards: list[int], ev: Ev, reason: str) -> None:
    """Revealed (public) cards into the active player's hand."""
    for k in cards:
        s.hands[s.active][k] += 1
    if cards:
        ev.append(Event("take_revealed", s.active, {"fruits": [KIND_NAME[k] for k in cards], "reason": reason}))


def to_discard(s: S, cards: list[int], ev: Ev) -> None:
    for k in cards:
        s.discard[k] += 1
    if cards:
        ev.append(Event("discarded", None, {"fruits": [KIND_NAME[k] for k in cards]}))


def take_token(s: S, which: str, ev: Ev) -> None:
    """Take a wild or double turn token; an empty pool first calls every token of it back (§2.9.3)."""
    p = s.active
    holders = s.wild if which == "wild" else s.double
    if holders is None:
        return
    pool = s.wild_pool if which == "wild" else s.double_pool
    if pool == 0:
        pool = sum(holders)
        for q in range(s.num_players):
            holders[q] = 0
        ev.append(Event("tokens_returned", p, {"token": which, "count": pool}))
        s.fresh[p] = 0
    if pool == 0:
        return
    pool -= 1
    holders[p] += 1
    if which == "wild":
        s.wild_pool = pool
    else:
        s.double_pool = pool
        s.fresh[p] += 1
    ev.append(Event("token", p, {"token": which}))


def choose_player(s: S, seats: list[int], then: str, ev: Ev, arg: Any = None) -> None:
    """The active player picks a seat among ``seats`` (no decision when only one qualifies)."""
    if len(seats) == 1:
        s.target = seats[0]
        s.push(("call", then, arg))
        ev.append(Event("target", s.active, {"player": s.target, "only": True}))
    else:
        s.push(("player", tuple(seats)), ("call", then, arg))


def swap_with_market(s: S, loc: int, limit: int, ev: Ev) -> None:
    """#21 / #52: give a fruit, take a market fruit; repeat up to ``limit`` (0: no limit)."""
    p = s.active
    if not s.hand_size(p) or not market.market_size(s):
        return s.fallback(loc, ev)
    s.aux = []
    s.count = 0
    s.push(("put", p, "", False, "aux"), ("take", "market", "", False), ("call", "c_swap_more", limit))


@call
def c_draw(s: S, n: Any, ev: Ev) -> None:
    draw(s, int(n), ev)


@call
def c_choose_other(s: S, then: Any, ev: Ev) -> None:
    """After a draw: choose another player for the continuation ``then``."""
    choose_player(s, s.others(s.active), str(then), ev)


@call
def c_swap_more(s: S, limit: Any, ev: Ev) -> None:
    s.count += 1
    p = s.active
    if (not limit or s.count < limit) and s.hand_size(p) and market.market_size(s):
        s.last = -1
        s.push(("put", p, "", True, "aux"), ("call", "c_swap_take", limit))
    else:
        c_swap_end(s, None, ev)


@call
def c_swap_take(s: S, limit: Any, ev: Ev) -> None:
    if s.last >= 0:
        s.push(("take", "market", "", False), ("call", "c_swap_more", limit))
    else:
        c_swap_end(s, None, ev)


@call
def c_swap_end(s: S, arg: Any, ev: Ev) -> None:
    for k in s.aux:
        market.to_market(s, k)
    s.aux = []
    draw(s, 1, ev)


def richest_others(s: S) -> tuple[int, list[int]]:
    others = s.others(s.active)
    most = max(s.hand_size(q) for q in others)
    return most, [q for q in others if s.hand_size(q) == most]


# ---------------------------------------------------------------------- #1–#6: the first display


@effect(1)
def l1(s: S, ev: Ev) -> None:
    draw(s, 2, ev)


@effect(2)
def l2(s: S, ev: Ev) -> None:
    if not s.holds(s.active, C.type_codes.index("B")):
        return s.fallback(2, ev)
    choose_player(s, s.others(s.active), "c2_give", ev)


@call
def c2_give(s: S, arg: Any, ev: Ev) -> None:
    s.push(("give", s.active, s.target, "B", False), ("call", "c2_back"))


@call
def c2_back(s: S, arg: Any, ev: Ev) -> None:
    """The chosen player gives back 2 fruits of their choice (1 if they hold only 1)."""
    n = min(2, s.hand_size(s.target))
    s.push(*[("give", s.target, s.active, "", False)] * n)


@effect(3)
def l3(s: S, ev: Ev) -> None:
    s.push(market.draw_step(s.active, 1), ("call", "c3_choose"))


@call
def c3_choose(s: S, arg: Any, ev: Ev) -> None:
    seats = [q for q in s.others(s.active) if s.hand_size(q) >= 3]
    if not seats:
        ev.append(Event("signpost", s.active, {"location": 3}))
        return
    choose_player(s, seats, "c_exchange", ev, 3)


@call
def c_exchange(s: S, n: Any, ev: Ev) -> None:
    """#3 / #15: the target gives ``n`` fruits of their choice, then you give ``n`` of yours."""
    p, t = s.active, s.target
    s.push(*[("give", t, p, "", False)] * int(n), *[("give", p, t, "", False)] * int(n))


@effect(4)
def l4(s: S, ev: Ev) -> None:
    most, richest = richest_others(s)
    if most < 2:
        return s.fallback(4, ev)
    choose_player(s, richest, "c_rob", ev, 2)


@call
def c_rob(s: S, n: Any, ev: Ev) -> None:
    steal(s, [s.target] * int(n), "action")


@effect(5)
def l5(s: S, ev: Ev) -> None:
    s.buf, s.mask = [], 0
    c5_reveal(s, None, ev)


@call
def c5_reveal(s: S, arg: Any, ev: Ev) -> None:
    """Push your luck: a repeated type busts; stop any time; at most 5 reveals."""
    s.push(market.reveal_step(1), ("call", "c5_revealed"))


@call
def c5_revealed(s: S, arg: Any, ev: Ev) -> None:
    got, s.dealt = s.dealt, []
    if not got:  # both piles are empty
        return c5_keep(s, None, ev)
    card = got[0]
    ev.append(Event("reveal", s.active, {"fruits": [KIND_NAME[card]], "reason": "gamble"}, irreversible=True))
    if KIND_MASK[card] & s.mask:
        ev.append(Event("bust", s.active, {"fruits": [KIND_NAME[k] for k in [*s.buf, card]]}))
        to_discard(s, [*s.buf, card], ev)
        s.buf, s.mask = [], 0
        return
    s.buf.append(card)
    s.mask |= KIND_MASK[card]
    if len(s.buf) == 5:
        return c5_keep(s, None, ev)
    s.push(("choose", A.REVEAL, A.STOP), ("call", "c5_next"))


@call
def c5_next(s: S, arg: Any, ev: Ev) -> None:
    if s.last == A.REVEAL:
        c5_reveal(s, None, ev)
    else:
        c5_keep(s, None, ev)


@call
def c5_keep(s: S, arg: Any, ev: Ev) -> None:
    to_hand(s, s.buf, ev, "gamble")
    s.buf, s.mask = [], 0


@effect(6)
def l6(s: S, ev: Ev) -> None:
    s.push(("name", ""), ("call", "c6_seek"))


@call
def c6_seek(s: S, arg: Any, ev: Ev) -> None:
    """Reveal until the named type shows; take it, discard the rest (nothing if the piles run out)."""
    s.push(market.reveal_step(SEEK_ALL, until_named=True), ("call", "c6_found"))


@call
def c6_found(s: S, arg: Any, ev: Ev) -> None:
    shown, s.dealt = s.dealt, []
    found = shown[-1] if shown and KIND_MASK[shown[-1]] & (1 << s.named) else -1
    ev.append(Event("reveal", s.active, {"fruits": [KIND_NAME[k] for k in shown], "reason": "seek"}, irreversible=True))
    if found >= 0:
        shown.pop()
        to_hand(s, [found], ev, "seek")
    to_discard(s, shown, ev)


# ---------------------------------------------------------------------- #7–#20


@effect(7)
def l7(s: S, ev: Ev) -> None:
    discard_then_draw(s, 7, "P", 2, 5, ev)


@effect(8)
def l8(s: S, ev: Ev) -> None:
    s.push(market.draw_step(s.active, 3), ("call", "c_choose_other", "c_give_one"))


@call
def c_give_one(s: S, arg: Any, ev: Ev) -> None:
    s.push(("give", s.active, s.target, "", False))


@effect(9)
def l9(s: S, ev: Ev) -> None:
    discard_then_draw(s, 9, "S", 1, 3, ev)


@effect(10)
def l10(s: S, ev: Ev) -> None:
    if sum(s.discard) < 2:
        return s.fallback(10, ev)
    s.push(("take", "discard", "", False), ("take", "discard", "", False))


@effect(11)
def l11(s: S, ev: Ev) -> None:
    all_draw(s, 2, 1)


@effect(12)
def l12(s: S, ev: Ev) -> None:
    left = (s.active + 1) % s.num_players
    if s.hand_size(left) < 2:
        return s.fallback(12, ev)
    s.push(*[("give", left, s.active, "", False)] * 2)


@effect(13)
def l13(s: S, ev: Ev) -> None:
    reveal_public(s, 4, "c13_pairs")


@call
def c13_pairs(s: S, arg: Any, ev: Ev) -> None:
    cards = revealed(s, ev, "pairs")
    keep = [k for i, k in enumerate(cards) if any(KIND_MASK[k] & KIND_MASK[j] for n, j in enumerate(cards) if n != i)]
    rest = [
        k for i, k in enumerate(cards) if not any(KIND_MASK[k] & KIND_MASK[j] for n, j in enumerate(cards) if n != i)
    ]
    to_hand(s, keep, ev, "pairs")
    to_discard(s, rest, ev)


@effect(14)
def l14(s: S, ev: Ev) -> None:
    discard_then_draw(s, 14, "C", 1, 3, ev)


@effect(15)
def l15(s: S, ev: Ev) -> None:
    seats = [q for q in s.others(s.active) if s.hand_size(q) >= 2]
    if not seats:
        return s.fallback(15, ev)
    s.push(("call", "c_draw", 1))
    choose_player(s, seats, "c_exchange", ev, 2)


@effect(16)
def l16(s: S, ev: Ev) -> None:
    discard_then_draw(s, 16, "G", 1, 3, ev)


@effect(17)
def l17(s: S, ev: Ev) -> None:
    mine = len(s.juices[s.active])
    draw(s, 1 + sum(1 for q in s.others(s.active) if len(s.juices[q]) > mine), ev)


@effect(18)
def l18(s: S, ev: Ev) -> None:
    mine = s.hand_size(s.active)
    richer = [q for q in s.others(s.active) if s.hand_size(q) > mine]
    if not richer:
        return s.fallback(18, ev)
    s.push(*[("give", q, s.active, "", False) for q in richer])


@effect(19)
def l19(s: S, ev: Ev) -> None:
    discard_then_draw(s, 19, "B", 1, 3, ev)


@effect(20)
def l20(s: S, ev: Ev) -> None:
    s.last = -1
    s.push(market.draw_step(s.active, 2), ("discard", s.active, "", True), ("call", "c_if_last_draw", 1))


@call
def c_if_last_draw(s: S, n: Any, ev: Ev) -> None:
    if s.last >= 0:
        draw(s, int(n), ev)


# ---------------------------------------------------------------------- #21–#40


@effect(21)
def l21(s: S, ev: Ev) -> None:
    swap_with_market(s, 21, 2, ev)


@effect(22)
def l22(s: S, ev: Ev) -> None:
    s.push(("take", "market", "", False), ("take", "market", "", False))
    market.refill_market(s, ev)  # (first)


@effect(23)
def l23(s: S, ev: Ev) -> None:
    s.push(market.draw_step(s.active, 4), ("call", "c_choose_other", "c23_first"))


@call
def c23_first(s: S, arg: Any, ev: Ev) -> None:
    first = s.target
    rest = [q for q in s.others(s.active) if q != first] or [first]
    s.push(("give", s.active, first, "", False), ("call", "c23_second", rest))


@call
def c23_second(s: S, rest: Any, ev: Ev) -> None:
    choose_player(s, list(rest), "c_give_one", ev)


@effect(24)
def l24(s: S, ev: Ev) -> None:
    s.push(("name", ""), ("call", "c24_guess"))


@call
def c24_guess(s: S, arg: Any, ev: Ev) -> None:
    reveal_public(s, 3, "c24_hits")


@call
def c24_hits(s: S, arg: Any, ev: Ev) -> None:
    cards = revealed(s, ev, "guess")
    bit = 1 << s.named
    hits = [k for k in cards if KIND_MASK[k] & bit]
    to_hand(s, hits, ev, "guess")
    to_discard(s, [k for k in cards if not KIND_MASK[k] & bit], ev)
    if not hits:
        s.fallback(24, ev)


@effect(25)
def l25(s: S, ev: Ev) -> None:
    if not market.market_size(s):
        return s.fallback(25, ev)
    s.push(("name", "market"), ("call", "c25_sweep"))


@call
def c25_sweep(s: S, arg: Any, ev: Ev) -> None:
    assert s.market is not None
    bit = 1 << s.named
    taken = [k for k in range(NUM_KINDS) for _ in range(s.market[k]) if KIND_MASK[k] & bit]
    for k in taken:
        s.market[k] -= 1
    to_hand(s, taken, ev, "market")
    market.refill_market(s, ev)


@effect(26)
def l26(s: S, ev: Ev) -> None:
    seats = [q for q in s.others(s.active) if s.hand_size(q)]
    if not seats:
        return s.fallback(26, ev)
    choose_player(s, seats, "c26_trade", ev)


@call
def c26_trade(s: S, arg: Any, ev: Ev) -> None:
    s.push(("steal", s.active, s.target, "action"), ("give", s.active, s.target, "", False), ("call", "c_draw", 1))


@effect(27)
def l27(s: S, ev: Ev) -> None:
    s.push(market.draw_step(s.active, 5), *[("discard", s.active, "", False)] * 2)


@effect(28)
def l28(s: S, ev: Ev) -> None:
    if not any(loc != s.thief for loc in s.stacks):
        return s.fallback(28, ev)
    s.push(("thief",), ("call", "c28_rob"))


@call
def c28_rob(s: S, arg: Any, ev: Ev) -> None:
    victims = [q for q in s.others(s.active) if s.pos[q] == s.thief and s.hand_size(q)]
    if not victims:
        return s.fallback(28, ev)
    steal(s, victims, "thief")


@effect(29)
def l29(s: S, ev: Ev) -> None:
    s.push(market.draw_step(s.active, 2), ("take", "market", "", False))


@effect(30)
def l30(s: S, ev: Ev) -> None:
    hand = s.hands[s.active]
    if not any(hand[k] > 1 or any(hand[j] and j != k and KIND_MASK[j] & KIND_MASK[k] for j in range(NUM_KINDS))
               for k in range(NUM_KINDS) if hand[k]):  # fmt: skip
        return s.fallback(30, ev)
    s.mask = 0
    s.push(("discard", s.active, "pairable", False), ("discard", s.active, "mask", False), ("call", "c_draw", 4))


@effect(31)
def l31(s: S, ev: Ev) -> None:
    seats = [q for q in s.others(s.active) if s.hand_size(q)]
    if not seats:
        return s.fallback(31, ev)
    choose_player(s, seats, "c31_peek", ev)


@call
def c31_peek(s: S, arg: Any, ev: Ev) -> None:
    t = s.target
    s.peek = t
    hand = [KIND_NAME[k] for k in range(NUM_KINDS) for _ in range(s.hands[t][k])]
    ev.append(Event("peek", s.active, {"player": t}, {"hand": hand}, s.active, True))
    s.push(*[("take", "hand", "", False)] * min(2, s.hand_size(t)), ("call", "c31_end"))


@call
def c31_end(s: S, arg: Any, ev: Ev) -> None:
    s.peek = -1
    market.draw(s, s.target, 1, ev)


@effect(32)
def l32(s: S, ev: Ev) -> None:
    """Everyone passes a random fruit to the left: each seat's is picked first (an empty hand: none)."""
    s.push(*[("pick", q) for q in range(s.num_players)], ("call", "c32_pass"))


@call
def c32_pass(s: S, arg: Any, ev: Ev) -> None:
    n = s.num_players
    picks, s.dealt = s.dealt, []
    for q, k in enumerate(picks):
        if k >= 0:
            s.hands[q][k] -= 1
    for step in range(n):
        q = (s.active + step) % n
        k = picks[q]
        if k >= 0:
            to = (q + 1) % n
            s.hands[to][k] += 1
            ev.append(Event("pass_on", q, {"to": to}, {"fruit": KIND_NAME[k]}, to, True))
    draw(s, 2, ev)


@effect(33)
def l33(s: S, ev: Ev) -> None:
    name = ("name", "token")
    if s.ftok is None or not can_name(s, name):  # no fruit in hand of a token you lack: the signpost
        return s.fallback(33, ev)
    s.push(name, ("call", "c33_token"))


@call
def c33_token(s: S, arg: Any, ev: Ev) -> None:
    assert s.ftok is not None
    t = s.named
    before = s.ftok[t]
    s.ftok[t] = s.active
    ev.append(Event("fruit_token", s.active, {"fruit": C.type_names[t], "from": before}))


@effect(34)
def l34(s: S, ev: Ev) -> None:
    hand = s.hands[s.active]
    cards = [k for k in range(NUM_KINDS) for _ in range(hand[k])]
    s.hands[s.active] = [0] * NUM_KINDS
    to_discard(s, cards, ev)
    draw(s, 4, ev)


@effect(35)
def l35(s: S, ev: Ev) -> None:
    s.push(market.reveal_step(4, seat=s.active), ("call", "c35_look"))


@call
def c35_look(s: S, arg: Any, ev: Ev) -> None:
    s.buf, s.dealt = sorted(s.dealt), []
    s.buf_private = True
    secret = {"fruits": [KIND_NAME[k] for k in s.buf]}
    ev.append(Event("look", s.active, {"count": len(s.buf)}, secret, s.active, True))
    s.push(("take", "buf", "", False), ("take", "buf", "", False), ("call", "c35_end"))


@call
def c35_end(s: S, arg: Any, ev: Ev) -> None:
    rest, s.buf, s.buf_private = s.buf, [], False
    to_discard(s, rest, ev)


@effect(36)
def l36(s: S, ev: Ev) -> None:
    reveal_public(s, 2, "c36_twins")


@call
def c36_twins(s: S, arg: Any, ev: Ev) -> None:
    cards = revealed(s, ev, "twins")
    to_hand(s, cards, ev, "twins")
    if len(cards) == 2 and KIND_MASK[cards[0]] & KIND_MASK[cards[1]]:
        draw(s, 2, ev)


@effect(37)
def l37(s: S, ev: Ev) -> None:
    if s.wild is None:
        return s.fallback(37, ev)
    s.push(("choose", A.DOUBLE, A.WILD), ("call", "c37_token"))


@call
def c37_token(s: S, arg: Any, ev: Ev) -> None:
    take_token(s, "double" if s.last == A.DOUBLE else "wild", ev)


@effect(38)
def l38(s: S, ev: Ev) -> None:
    s.push(*[("give", s.active, q, "", False) for q in s.others(s.active)], ("call", "c_draw", s.num_players))


@effect(39)
def l39(s: S, ev: Ev) -> None:
    if not s.hand_size(s.active):
        return s.fallback(39, ev)
    s.mask = 0
    s.push(("put", s.active, "", False, "market"), ("call", "c39_more"))


@call
def c39_more(s: S, arg: Any, ev: Ev) -> None:
    more = ("put", s.active, "mask", True, "market")
    if card_fits(s, more):
        s.last = -1
        s.push(more, ("call", "c39_end"))
    else:
        draw(s, 2, ev)


@call
def c39_end(s: S, arg: Any, ev: Ev) -> None:
    draw(s, 4 if s.last >= 0 else 2, ev)


@effect(40)
def l40(s: S, ev: Ev) -> None:
    p = s.active
    most = max(len(j) for j in s.juices)
    rich = [q for q in s.others(p) if len(s.juices[q]) == most] if most > len(s.juices[p]) else []
    s.push(*[("give", q, p, "", False) for q in rich], ("call", "c_draw", 1))


# ---------------------------------------------------------------------- #41–#59


@effect(41)
def l41(s: S, ev: Ev) -> None:
    reveal_public(s, 2, "c41_shown")


@call
def c41_shown(s: S, arg: Any, ev: Ev) -> None:
    s.buf = revealed(s, ev, "second chance")
    s.push(("choose", A.KEEP, A.REDRAW), ("call", "c41_decide"))


@call
def c41_decide(s: S, arg: Any, ev: Ev) -> None:
    cards, s.buf = s.buf, []
    if s.last == A.KEEP:
        to_hand(s, cards, ev, "second chance")
    else:
        to_discard(s, cards, ev)
        draw(s, 3, ev)


@effect(42)
def l42(s: S, ev: Ev) -> None:
    discard_then_draw(s, 42, "B", 2, 5, ev)


@effect(43)
def l43(s: S, ev: Ev) -> None:
    discard_then_draw(s, 43, "S", 2, 5, ev)


@effect(44)
def l44(s: S, ev: Ev) -> None:
    discard_then_draw(s, 44, "C", 2, 5, ev)


@effect(45)
def l45(s: S, ev: Ev) -> None:
    discard_then_draw(s, 45, "G", 2, 5, ev)


@effect(46)
def l46(s: S, ev: Ev) -> None:
    if s.market is None:
        s.market = [0] * NUM_KINDS
    old = [k for k in range(NUM_KINDS) for _ in range(s.market[k])]
    s.market = [0] * NUM_KINDS
    to_discard(s, old, ev)
    s.push(("take", "market", "", False), ("take", "market", "", False))
    market.refill_market(s, ev)  # (first)


@effect(47)
def l47(s: S, ev: Ev) -> None:
    if not disjoint_pick(s.hands[s.active], 0, 3):
        return s.fallback(47, ev)
    s.mask = s.count = 0
    s.push(("discard", s.active, "diff3", False), ("call", "c47_next"))


@call
def c47_next(s: S, arg: Any, ev: Ev) -> None:
    s.count += 1
    if s.count < 3:
        s.push(("discard", s.active, "diff3", False), ("call", "c47_next"))
    else:
        draw(s, 6, ev)


@effect(48)
def l48(s: S, ev: Ev) -> None:
    p = s.active
    hand = [KIND_NAME[k] for k in range(NUM_KINDS) for _ in range(s.hands[p][k])]
    ev.append(Event("reveal_hand", p, {"hand": hand}, irreversible=True))
    missing = sum(1 for t in range(s.ntypes) if not s.holds(p, t))
    draw(s, max(1, missing), ev)


@effect(49)
def l49(s: S, ev: Ev) -> None:
    choose_player(s, s.others(s.active), "c49_visit", ev)


@call
def c49_visit(s: S, arg: Any, ev: Ev) -> None:
    s.push(market.draw_step(s.active, 2), market.draw_step(s.target, 2), ("steal", s.active, s.target, "action"))


@effect(50)
def l50(s: S, ev: Ev) -> None:
    draw(s, 4 if s.hand_size(s.active) <= 3 else 1, ev)


@effect(51)
def l51(s: S, ev: Ev) -> None:
    if s.supply is None or not any(s.supply):
        return s.fallback(51, ev)
    s.push(("take", "supply", "", False), ("call", "c_draw", 1))


@effect(52)
def l52(s: S, ev: Ev) -> None:
    swap_with_market(s, 52, 0, ev)


@effect(53)
def l53(s: S, ev: Ev) -> None:
    victims = [q for q in s.others(s.active) if s.hand_size(q) >= 3]
    if not victims:
        return s.fallback(53, ev)
    steal(s, victims, "action")


@effect(54)
def l54(s: S, ev: Ev) -> None:
    p = s.active
    others = s.others(p)
    gifts_in = [("give", q, p, "", False) for q in others]
    gifts_out = [("give", p, q, "", False) for q in others]
    s.push(*gifts_in, *gifts_out, ("call", "c_draw", 1))


@effect(55)
def l55(s: S, ev: Ev) -> None:
    draw(s, 4, ev)


@effect(56)
def l56(s: S, ev: Ev) -> None:
    all_draw(s, 3, 1)


@effect(57)
def l57(s: S, ev: Ev) -> None:
    p = s.active
    if not disjoint_pick(s.hands[p], 0, 2):
        return s.fallback(57, ev)
    s.mask = 0
    s.count = s.hand_size(p)
    s.push(("discard", p, "diff2", False), ("discard", p, "nomask", False), ("call", "c57_more"))


@call
def c57_more(s: S, arg: Any, ev: Ev) -> None:
    p = s.active
    more = ("discard", p, "nomask", True)
    if s.last >= 0 and card_fits(s, more):
        s.last = -1
        s.push(more, ("call", "c57_more"))
    else:
        draw(s, 2 * (s.count - s.hand_size(p)), ev)


@effect(58)
def l58(s: S, ev: Ev) -> None:
    most, richest = richest_others(s)
    s.push(("call", "c_draw", 1))
    if most:
        choose_player(s, richest, "c_rob", ev, 2)


@effect(59)
def l59(s: S, ev: Ev) -> None:
    draw(s, 3, ev)


register_calls(CALLS)

missing = sorted(loc for loc in set(C.locations) - set(EFFECTS) if not C.locations[loc].lime)
if missing:  # pragma: no cover - a data row without code is a programming error
    raise ImportError(f"locations without an effect: {missing}")
