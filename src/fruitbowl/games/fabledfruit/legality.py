"""Fabled Fruit's legality, each rule written once (see :mod:`fruitbowl.engine.legality`).

Every position waits on one decision step (``state.steps[0]``, see :mod:`.rules`), and each
step kind is an action family here: a :class:`Family` reads what its rules look at once per
position (``context``), offers candidate codes (a cheap superset of the legal ones) and checks
one code at a time (``check``), returning ``None`` for a legal action or a refusal key
(``"move.must_move"``, ``"buy.too_dear"``) naming the rule it breaks. An action of another
family gets the step's gate key (``"move.first"``: you must move first). The same checks make
the legal actions (:func:`legal_codes`) and explain a refused one (:func:`refusal`);
:data:`fruitbowl.games.fabledfruit.text.REFUSALS` turns each key into the sentence a player
reads.

*Lenient* keys keep a game playable in a determinized sample (a bot's guess at the hidden
hands may hold no card that fits a location's filter, or no payment that completes): they
refuse an action only while some candidate is strictly legal; when none is, the actions
refused only by a lenient key become the legal ones.

Checks return constant strings, so making the legal actions builds no text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from fruitbowl.engine.legality import GAME_OVER

from .actions import (
    ACCEPT,
    ACT,
    BUY,
    CHOICE,
    DECLINE,
    DISCARD,
    DONE,
    END_TURN,
    EXTRA,
    GAMBLE,
    GIVE,
    JUICE,
    MAX_GAMBLE,
    MOVE,
    NAME,
    OFFER,
    PAY,
    PLAYER,
    PUT,
    REFUSE,
    RETURN,
    SAVE,
    SKIP,
    TAKE,
    THIEF,
)
from .components import COMPONENTS as C
from .components import parse_loc
from .fruits import (
    KIND_MASK,
    LIME,
    LIME_BIT,
    NUM_KINDS,
    NUM_TYPES,
    NUM_UNITS,
    can_extend,
    coverable,
    disjoint_pick,
    parse_price,
    price_needs,
)

if TYPE_CHECKING:
    from .rules import FabledFruitState, Step

ICONS = {loc: parse_price(c.price) for loc, c in C.locations.items()}
NEEDS = {loc: price_needs(icons) for loc, icons in ICONS.items()}
TYPE_LETTER = {code: t for t, code in enumerate(C.type_codes)}
#: #20L may only be bought as the last juice a player needs (§1.6), and never traded for (I-11).
LAST_JUICE = parse_loc("20L")
#: The card kinds (hands, the market and the piles are count vectors over them).
CARD_CODES = range(NUM_KINDS)


class Family(NamedTuple):
    """One decision step kind's rules."""

    #: What the rules look at, read once per position: ``context(state, step)``.
    context: Callable[[FabledFruitState, Step], Any]
    #: Codes that may be legal (ascending), given the context; every other code is refused.
    candidates: Callable[[Any], Iterable[int]]
    #: ``check(context, code)``: ``None`` if legal, else the refusal key.
    check: Callable[[Any, int], str | None]
    #: Keys that refuse only while another candidate is strictly legal.
    lenient: frozenset[str] = frozenset()


# ---------------------------------------------------------------------- the turn (§2.3)


def _move_context(s: FabledFruitState, step: Step) -> tuple[int, list[int]]:
    return s.pos[s.active], s.stacks


def _move_candidates(ctx: tuple[int, list[int]]) -> list[int]:
    return sorted([MOVE - 1 + loc for loc in ctx[1]])


def _move(ctx: tuple[int, list[int]], code: int) -> str | None:
    """§2.3 step 1: move your animal to another stack of the display."""
    if not MOVE <= code < THIEF:
        return "move.first"
    loc = code - MOVE + 1
    if loc == ctx[0]:
        return "move.must_move"
    if loc not in ctx[1]:
        return "move.not_in_display"
    return None


def _hand_context(s: FabledFruitState, step: Step) -> tuple[list[int], int]:
    return s.hands[s.active], len(step) - 1


def _thief_pay_candidates(ctx: tuple[list[int], int]) -> list[int]:
    hand = ctx[0]
    return [PUT + k for k in CARD_CODES if hand[k]]  # (the cards in hand)


def _thief_pay(ctx: tuple[list[int], int], code: int) -> str | None:
    """§2.3 step 2: moving next to the thief costs a fruit from hand into the market."""
    if not PUT <= code < PUT + NUM_KINDS:
        return "movepay.first"
    if not ctx[0][code - PUT]:
        return "movepay.not_held"
    return None


def _occupant_pay_candidates(ctx: tuple[list[int], int]) -> list[int]:
    hand = ctx[0]
    return [*[GIVE + k for k in CARD_CODES if hand[k]], SKIP]  # (the cards in hand)


def _occupant_pay(ctx: tuple[list[int], int], code: int) -> str | None:
    """§2.3 step 2: one fruit to each animal already there; one short of fruit leaves the rest unpaid."""
    hand, owed = ctx
    if code == SKIP:
        return "movepay.skip" if sum(hand) >= owed else None
    if not GIVE <= code < GIVE + NUM_KINDS:
        return "movepay.first"
    if not hand[code - GIVE]:
        return "movepay.not_held"
    return None


def may_buy(s: FabledFruitState, p: int, loc: int) -> str | None:
    """Whether ``p`` may buy at ``loc`` at all, payment aside: a card left; #20L's restriction (§1.6)."""
    if loc <= 0 or s.counts[loc] <= 0:
        return "buy.no_card"
    if loc == LAST_JUICE and len(s.juices[p]) != C.targets[s.num_players] - 1:
        return "buy.last_juice"
    return None


def buy(s: FabledFruitState, p: int, loc: int) -> str | None:
    """§2.5: buy the location's card as a fabled juice, paying its price with what you hold."""
    rule = may_buy(s, p, loc)
    if rule is None:
        need, smoothies = NEEDS[loc]
        if not coverable(need, smoothies, s.units(p)):
            return "buy.too_dear"
    return rule


def _act_buy_context(s: FabledFruitState, step: Step) -> tuple[FabledFruitState, int, int]:
    return s, s.active, s.pos[s.active]


def _act_buy_candidates(ctx: tuple[FabledFruitState, int, int]) -> list[int]:
    gamble = ctx[0].gamble
    return [*(range(GAMBLE, GAMBLE + MAX_GAMBLE) if gamble is not None else ()), ACT, BUY]


def _act_buy(ctx: tuple[FabledFruitState, int, int], code: int) -> str | None:
    """§2.3 step 3: carry out the location's action, or buy it (#12L: or gamble for it, §2.9.5)."""
    if code == ACT:
        return None
    s, p, loc = ctx
    if code == BUY:
        return buy(s, p, loc)
    if GAMBLE <= code < GAMBLE + MAX_GAMBLE:
        if s.gamble is None or s.gamble[p] < code - GAMBLE + 1:
            return "gamble.no_tokens"
        return may_buy(s, p, loc)
    if MOVE <= code < THIEF:
        return "actbuy.already_moved"
    return "actbuy.choose"


def _pay_context(s: FabledFruitState, step: Step) -> tuple[tuple[int, ...], list[int], list[int]]:
    return ICONS[s.pos[s.active]], s.units(s.active), s.paying


def _pay_candidates(ctx: tuple[tuple[int, ...], list[int], list[int]]) -> list[int]:
    held = ctx[1]
    return [PAY + u for u in range(NUM_UNITS) if held[u]]


def _pay(ctx: tuple[tuple[int, ...], list[int], list[int]], code: int) -> str | None:
    """§2.5.2: one unit per price icon, chosen in ascending (menu) order so each payment is one path."""
    if not PAY <= code < PAY + NUM_UNITS:
        return "pay.finish_first"
    icons, held, chosen = ctx
    u = code - PAY
    if held[u] <= chosen.count(u):
        return "pay.not_held"
    if chosen and u < chosen[-1]:
        return "pay.order"
    if not can_extend(icons, held, chosen, u):
        return "pay.cannot_cover"
    return None


def _extra_candidates(ctx: Any) -> tuple[int, int]:
    return EXTRA, END_TURN


def _extra(ctx: Any, code: int) -> str | None:
    """§2.9.3: return a double turn token for an extra turn, or end the turn."""
    return None if code in (EXTRA, END_TURN) else "extra.choose"


# ---------------------------------------------------------------------- location decisions


def _the_step(s: FabledFruitState, step: Step) -> Step:
    return step


def _player_candidates(step: Step) -> list[int]:
    return sorted([PLAYER + q for q in step[1]])


def _player(step: Step, code: int) -> str | None:
    """A location's target: one of the players it allows."""
    return None if PLAYER <= code < NAME and code - PLAYER in step[1] else "player.choose"


def _name_context(s: FabledFruitState, step: Step) -> tuple[FabledFruitState, int, str]:
    return s, s.active, step[1]


def _name_candidates(ctx: Any) -> range:
    return range(NAME, NAME + NUM_TYPES)


def _name(ctx: tuple[FabledFruitState, int, str], code: int) -> str | None:
    """A fruit type named for #6, #24 (any), #25 (in the market), #33/#4L (a token you lack, of a fruit you hold)."""
    if not NAME <= code < NAME + NUM_TYPES:
        return "name.choose"
    s, p, filt = ctx
    t = code - NAME
    if t >= s.ntypes:
        return "name.not_in_game"
    if filt == "market":
        market = s.market
        bit = 1 << t
        if market is None or not any(market[k] and KIND_MASK[k] & bit for k in CARD_CODES):
            return "name.not_in_market"
    elif filt == "token" and s.ftok is not None:
        if s.ftok[t] == p:
            return "name.own_token"
        if not s.holds(p, t):
            return "name.not_held"
    return None


def can_name(s: FabledFruitState, step: Step) -> bool:
    """Whether some fruit type may be named at ``step`` (a ``("name", filter)`` step about to be pushed)."""
    ctx = _name_context(s, step)
    return any(_name(ctx, code) is None for code in _name_candidates(ctx))


def _choose_candidates(step: Step) -> list[int]:
    return sorted(step[1:])


def _choose(step: Step, code: int) -> str | None:
    """A location's either/or (#5 reveal or stop, #37 double or wild, #41 keep or redraw)."""
    return None if code in step[1:] else "choose.one_of"


def _thief_context(s: FabledFruitState, step: Step) -> tuple[FabledFruitState, bool]:
    return s, len(step) > 1


def _thief_candidates(ctx: tuple[FabledFruitState, bool]) -> list[int]:
    return sorted([THIEF - 1 + loc for loc in ctx[0].stacks])


def _thief(ctx: tuple[FabledFruitState, bool], code: int) -> str | None:
    """#28: the thief moves next to another stack; #17L (V2.0): two stacks, neither next to it now (I-10)."""
    if not THIEF <= code < GIVE:
        return "thief.choose"
    s, v2 = ctx
    loc = code - THIEF + 1
    if loc not in s.stacks:
        return "thief.not_in_display"
    if loc == s.thief or (v2 and loc == s.thief2):
        return "thief.must_move"
    if v2 and loc in s.picks:
        return "thief.twice"
    return None


def thief_spots(s: FabledFruitState, step: Step) -> list[int]:
    """The stacks the thief may go next to at ``step`` (a ``("thief", …)`` step, current or not)."""
    ctx = _thief_context(s, step)
    return [code - THIEF + 1 for code in _thief_candidates(ctx) if _thief(ctx, code) is None]


# ---------------------------------------------------------------------- cards (give, discard, put, take)


def card_filter(s: FabledFruitState, seat: int, source: Sequence[int], filt: str, k: int) -> bool:
    """Whether card kind ``k`` fits a step's filter: a type letter, or a named rule."""
    mask = KIND_MASK[k]
    t = TYPE_LETTER.get(filt)
    if t is not None:
        return bool(mask >> t & 1)
    if filt == "mask":  # shares a type with the card(s) chosen before (#30, #39)
        return bool(mask & s.mask)
    if filt == "nomask":  # no type in common with the cards chosen before (#57, #18L, #19L)
        return not mask & s.mask
    if filt == "nolime":  # anything but a lime (#8L)
        return not mask & LIME_BIT
    if filt == "pairable":  # has a partner in hand sharing a type (#30)
        return source[k] > 1 or any(source[j] and j != k and KIND_MASK[j] & mask for j in CARD_CODES)
    if filt == "diff2":  # can start two cards of different types (#57)
        return any(source[j] and not KIND_MASK[j] & mask for j in CARD_CODES)
    if filt == "diff3":  # keeps three pairwise different cards possible (#47)
        if mask & s.mask:
            return False
        rest = list(source)
        rest[k] -= 1
        return disjoint_pick(rest, s.mask | mask, 2 - s.count)
    raise ValueError(f"unknown card filter {filt!r}")


#: Card steps: the code of each verb, and where the step keeps (seat, filter, optional).
CARD_STEPS = {"give": (GIVE, 1, 3, 4), "discard": (DISCARD, 1, 2, 3), "put": (PUT, 1, 2, 3), "take": (TAKE, 0, 2, 3)}
CardContext: TypeAlias = "tuple[FabledFruitState, int, Sequence[int], str, bool, int]"


def _card_context(s: FabledFruitState, step: Step) -> CardContext:
    base, seat_at, filt_at, optional_at = CARD_STEPS[step[0]]
    if seat_at:
        seat = step[1]
        source: Sequence[int] = s.hands[seat]
    else:  # take: from a zone (market, discard pile, reveals, supply, the target's hand)
        seat, source = s.active, s.zone(step[1])
    return s, seat, source, step[filt_at], step[optional_at], base


def _card_candidates(ctx: CardContext) -> list[int]:
    source, base = ctx[2], ctx[5]
    codes = [base + k for k in CARD_CODES if source[k]]  # (the cards there are)
    if ctx[4]:
        codes.append(DONE)
    return codes


def _card(ctx: CardContext, code: int) -> str | None:
    """A fruit card given, discarded, put into the market or taken: one there, fitting the location's rule."""
    s, seat, source, filt, optional, base = ctx
    if code == DONE:
        return None if optional else "card.not_optional"
    if not base <= code < base + NUM_KINDS:
        return "card.other_verb"
    k = code - base
    if not source[k]:
        return "card.none"
    if filt and not card_filter(s, seat, source, filt, k):
        return "card.type" if filt in TYPE_LETTER else "card.rule"
    return None


def card_fits(s: FabledFruitState, step: Step) -> bool:
    """Whether some card fits ``step`` strictly (a card step, current or about to be pushed)."""
    ctx = _card_context(s, step)
    return any(_card(ctx, code) is None for code in _card_candidates(ctx) if code != DONE)


# ---------------------------------------------------------------------- Lime decisions (§3)


def _save_context(s: FabledFruitState, step: Step) -> list[int]:
    return s.hands[s.active]


def _offer_context(s: FabledFruitState, step: Step) -> list[int]:
    return s.hands[step[1]]


def _save_candidates(hand: list[int]) -> list[int]:
    return [*[SAVE + k for k in CARD_CODES if hand[k]], DONE]  # (the cards in hand)


def _save(hand: list[int], code: int) -> str | None:
    """#6L: you may save 1 fruit from your hand under your animal token."""
    if code == DONE:
        return None
    if not SAVE <= code < SAVE + NUM_KINDS:
        return "save.choose"
    return None if hand[code - SAVE] else "save.not_held"


def _offer_candidates(hand: list[int]) -> list[int]:
    return [*[OFFER + k for k in CARD_CODES if hand[k]], DONE]  # (the cards in hand)


def _offer(hand: list[int], code: int) -> str | None:
    """#11L: offer fruits from your hand one at a time, or finish (an empty offer is no offer)."""
    if code == DONE:
        return None
    if not OFFER <= code < OFFER + NUM_KINDS:
        return "offer.choose"
    return None if hand[code - OFFER] else "offer.not_held"


def _limeask_candidates(ctx: Any) -> tuple[int, int]:
    return TAKE + LIME, DONE


def _limeask(ctx: Any, code: int) -> str | None:
    """#15L: take a lime from the pile, or pass."""
    return None if code in (TAKE + LIME, DONE) else "limeask.choose"


def _accept_context(s: FabledFruitState, step: Step) -> tuple[FabledFruitState, int]:
    return s, s.active


def _accept_candidates(ctx: tuple[FabledFruitState, int]) -> list[int]:
    return [*range(ACCEPT, ACCEPT + ctx[0].num_players), REFUSE]


def _accept(ctx: tuple[FabledFruitState, int], code: int) -> str | None:
    """#11L: accept the offer of a player who made one, or refuse them all."""
    if code == REFUSE:
        return None
    if not ACCEPT <= code < GAMBLE:
        return "accept.choose"
    s, p = ctx
    q = code - ACCEPT
    offers = s.offers
    if q == p or q >= s.num_players or offers is None or not any(offers[q]):
        return "accept.no_offer"
    return None


def _juice(s: FabledFruitState, loc: int, returned: int) -> str | None:
    """#13L: the top card of a stack of the display, not the returned juice's, never #20L (I-11)."""
    if loc <= 0 or s.counts[loc] <= 0:
        return "juice.not_in_display"
    if loc == returned:
        return "juice.returned"
    if loc == LAST_JUICE:
        return "juice.last_juice"
    return None


def returnable(s: FabledFruitState, p: int, loc: int) -> str | None:
    """#13L: put back one of your fabled juices of this game, if another stack can be taken for it."""
    if loc not in s.juices[p]:
        return "return.not_owned"
    if not any(_juice(s, other, loc) is None for other in s.stacks):
        return "return.no_trade"
    return None


def _return_context(s: FabledFruitState, step: Step) -> tuple[FabledFruitState, int]:
    return s, s.active


def _return_candidates(ctx: tuple[FabledFruitState, int]) -> list[int]:
    s, p = ctx
    return [*sorted({RETURN - 1 + loc for loc in s.juices[p]}), DECLINE]


def _return(ctx: tuple[FabledFruitState, int], code: int) -> str | None:
    if code == DECLINE:
        return None
    if not RETURN <= code < JUICE:
        return "return.choose"
    return returnable(ctx[0], ctx[1], code - RETURN + 1)


def _juice_context(s: FabledFruitState, step: Step) -> FabledFruitState:
    return s


def _juice_candidates(s: FabledFruitState) -> list[int]:
    return sorted([JUICE - 1 + loc for loc in s.stacks])


def _juice_check(s: FabledFruitState, code: int) -> str | None:
    if not JUICE <= code < CHOICE:
        return "juice.choose"
    return _juice(s, code - JUICE + 1, s.picks[0] if s.picks else 0)


# ---------------------------------------------------------------------- the families

FAMILIES: dict[str, Family] = {
    "move": Family(_move_context, _move_candidates, _move),
    "tpay": Family(_hand_context, _thief_pay_candidates, _thief_pay),
    "opay": Family(_hand_context, _occupant_pay_candidates, _occupant_pay),
    "actbuy": Family(_act_buy_context, _act_buy_candidates, _act_buy),
    "pay": Family(_pay_context, _pay_candidates, _pay, frozenset({"pay.order", "pay.cannot_cover"})),
    "extra": Family(_the_step, _extra_candidates, _extra),
    "player": Family(_the_step, _player_candidates, _player),
    "name": Family(_name_context, _name_candidates, _name, frozenset({"name.not_held"})),
    "choose": Family(_the_step, _choose_candidates, _choose),
    "thief": Family(_thief_context, _thief_candidates, _thief),
    "save": Family(_save_context, _save_candidates, _save),
    "offer": Family(_offer_context, _offer_candidates, _offer),
    "limeask": Family(_the_step, _limeask_candidates, _limeask),
    "accept": Family(_accept_context, _accept_candidates, _accept),
    "return": Family(_return_context, _return_candidates, _return),
    "juice": Family(_juice_context, _juice_candidates, _juice_check),
}
_CARDS = Family(_card_context, _card_candidates, _card, frozenset({"card.type", "card.rule"}))
for _verb in CARD_STEPS:
    FAMILIES[_verb] = _CARDS


def legal_codes(s: FabledFruitState) -> list[int]:
    """The legal codes at the current step, ascending: its candidates that no check refuses."""
    step = s.steps[0]
    context, candidates, check, lenient = FAMILIES[step[0]]
    ctx = context(s, step)
    codes = [code for code in candidates(ctx) if check(ctx, code) is None]
    if not codes and lenient:
        codes = [code for code in candidates(ctx) if check(ctx, code) in lenient]
    return codes


def refusal(s: FabledFruitState, code: int) -> str | None:
    """The key of the rule ``code`` breaks at the current step, ``None`` if it is legal."""
    if s.over:
        return GAME_OVER
    step = s.steps[0]
    context, candidates, check, lenient = FAMILIES[step[0]]
    ctx = context(s, step)
    rule = check(ctx, code)
    if rule in lenient and not any(check(ctx, other) is None for other in candidates(ctx)):
        return None  # nothing is strictly legal: what only a lenient rule refuses is allowed
    return rule


__all__ = [
    "FAMILIES",
    "ICONS",
    "LAST_JUICE",
    "NEEDS",
    "buy",
    "can_name",
    "card_filter",
    "card_fits",
    "legal_codes",
    "may_buy",
    "refusal",
    "returnable",
    "thief_spots",
]
