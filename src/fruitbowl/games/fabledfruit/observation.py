"""Fabled Fruit as numbers: a fixed-length vector of one seat's knowledge, for learning agents.

The vector encodes exactly what ``state.view(seat)`` shows (:func:`fruitbowl.games.fabledfruit.view.build_view`),
but :func:`encode` reads the state directly and writes only the nonzero entries, from offsets
and value tables computed once per (player count, Lime) layout. The view-based encoder it must
match lives in ``tests/games/fabledfruit/observation_reference.py``.

Seats are listed from the viewer clockwise, so a policy learns "me" and "the next player".
Values are scaled into [0, 1]. The layout depends only on the player count and on whether the
game is a Lime game (option ``lime``): a base game encodes the 59 base locations, 15 card kinds
and 5 fruit types; a Lime game the 26 locations of its deck (#48–#53, #1L–#20L), 16 kinds and 6
types, plus a Lime block. Layout:

* the decision kind (one-hot), who decides / whose turn / the start player (relative one-hot),
  round, end triggered;
* per location: cards in the display, thief next to it, which seats stand there;
* big stack, draw stack, discard pile / market / fruit-mix supply / revealed / looked-at /
  pending market cards by kind, components in play, fruit token holders and pools;
* per seat: hand size, juices, wild and double turn tokens, off the display;
* the viewer's own hand by kind, and the payment chosen so far by unit;
* Lime only: lime pile, coat holder, gambling pool, per seat saved fruits and gambling tokens,
  the viewer's saved fruits by kind, the #11L centre limes and every seat's offer by kind.

Card counts by kind are scaled ``min(1, count / 12)``; cards listed one by one (fruit-mix supply,
revealed, looked-at, pending) add 1/12 per card, and payment units 1/7 per unit chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, repeat
from typing import TYPE_CHECKING

from fruitbowl.engine.observation import Observation

from .components import COMPONENTS as C
from .deck import DECK, LIME_DECK
from .fruits import KIND_NAME, LIME, NUM_KINDS, NUM_TYPES, NUM_UNITS, SAVED_UNIT, TOKEN_UNIT
from .view import STEP_NAMES

if TYPE_CHECKING:
    from .rules import FabledFruitState

DECISIONS = (
    "move", "thief_pay", "occupant_pay", "act_or_buy", "pay", "extra_turn", "player", "name", "choose",
    "thief", "give", "discard", "put", "take",
)  # fmt: skip
LIME_DECISIONS = ("save", "offer", "accept", "limeask", "return", "juice")
ZONES = ("discard", "market", "fruit_mix_supply", "revealed", "looking_at", "market_pending")


@dataclass(frozen=True)
class Layout:
    lime: bool
    decisions: tuple[str, ...]
    locations: tuple[int, ...]
    kinds: tuple[int, ...]
    types: int
    units: tuple[int, ...]

    @property
    def kind_index(self) -> dict[str, int]:
        return {KIND_NAME[k]: i for i, k in enumerate(self.kinds)}


@lru_cache(maxsize=2)
def layout(lime: bool) -> Layout:
    if lime:
        return Layout(True, DECISIONS + LIME_DECISIONS, tuple(sorted(set(LIME_DECK))), tuple(range(NUM_KINDS)),
                      NUM_TYPES, tuple(range(NUM_UNITS)))  # fmt: skip
    kinds = tuple(k for k in range(NUM_KINDS) if k != LIME)
    units = kinds + tuple(range(NUM_KINDS, TOKEN_UNIT + C.base_types))
    return Layout(False, DECISIONS, tuple(sorted(set(DECK))), kinds, C.base_types, units)


def observation_size(num_players: int, lime: bool = False) -> int:
    n = num_players
    lay = layout(lime)
    kinds = len(lay.kinds)
    head = len(lay.decisions) + 3 * n + 2
    table = len(lay.locations) * (2 + n) + 2 + len(ZONES) * kinds + 5 + lay.types * (n + 1) + 2
    size = head + table + n * 5 + kinds + len(lay.units)
    if lime:
        size += 1 + (n + 1) + 1 + 2 * n + kinds + 1 + n * kinds
    return size


# ---------------------------------------------------------------------- value tables

_TABLE = 256  # more than all the cards of a game (fruits, limes, fruit-mix cards)


def _fold(step: float) -> tuple[float, ...]:
    """``out[c]``: ``step`` added ``c`` times, capped at 1 after each addition (as a list of cards is scaled)."""
    out = [0.0]
    for _ in range(_TABLE - 1):
        out.append(min(1.0, out[-1] + step))
    return tuple(out)


#: A count by kind, ``min(1, count / 12)``.
COUNT12 = tuple(min(1.0, c / 12) for c in range(_TABLE))
#: ``c`` cards of one kind listed one by one, 1/12 each.
LISTED12 = _fold(1 / 12)
#: ``c`` payment units of one kind, 1/7 each.
LISTED7 = _fold(1 / 7)


@dataclass(frozen=True)
class Plan:
    """Absolute positions of every block of the vector for one (player count, Lime) layout.

    Per-kind tables (``discard`` …) map a card kind to its position (-1 for the lime in a base
    game, which never holds one); ``loc`` maps a location id to the first of its ``2 + n``
    positions (-1 outside the layout); ``step`` maps a step kind to its decision position;
    ``big`` is the big stack (the draw stack follows); ``order[seat]`` lists the seats from
    ``seat`` clockwise.
    """

    n: int
    lime: bool
    size: int
    step: dict[str, int]
    cur: int
    act: int
    start: int
    round: int
    end: int
    loc: tuple[int, ...]
    big: int
    big_scale: int
    discard: tuple[int, ...]
    market: tuple[int, ...]
    supply: tuple[int, ...]
    revealed: tuple[int, ...]
    looking: tuple[int, ...]
    pending: tuple[int, ...]
    flags: int
    tokens: int
    token_flag: int
    seats: int
    hand: tuple[int, ...]
    unit: tuple[int, ...]
    limes: int
    coat: int
    gamble_pool: int
    lime_seats: int
    saved: tuple[int, ...]
    centre: int
    offers: tuple[tuple[int, ...], ...]
    order: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=16)
def plan(num_players: int, lime: bool) -> Plan:
    n = num_players
    lay = layout(lime)
    kpos = [-1] * NUM_KINDS
    for i, k in enumerate(lay.kinds):
        kpos[k] = i
    kinds = len(lay.kinds)

    def by_kind(base: int) -> tuple[int, ...]:
        return tuple(base + i if i >= 0 else -1 for i in kpos)

    decision = {name: i for i, name in enumerate(lay.decisions)}
    # step kinds by the decision name the view gives them (most keep their own name)
    step = {kind: decision[STEP_NAMES.get(kind, kind)] for kind in {*decision, *STEP_NAMES}
            if STEP_NAMES.get(kind, kind) in decision}  # fmt: skip
    at = len(lay.decisions)
    cur, act, start = at, at + n, at + 2 * n
    at += 3 * n
    round_, end = at, at + 1
    at += 2
    loc = [-1] * (max(lay.locations) + 1)
    for i, location in enumerate(lay.locations):
        loc[location] = at + i * (2 + n)
    at += len(lay.locations) * (2 + n)
    big = at  # then the draw stack
    at += 2
    zones = [by_kind(at + z * kinds) for z in range(len(ZONES))]
    at += len(ZONES) * kinds
    flags = at
    at += 5
    tokens = at
    at += lay.types * (n + 1)
    token_flag = at  # then the payment flag
    at += 2
    seats = at
    at += 5 * n
    hand = by_kind(at)
    at += kinds
    unit = [-1] * NUM_UNITS
    for i, u in enumerate(lay.units):
        unit[u] = at + i
    at += len(lay.units)
    limes = coat = gamble_pool = lime_seats = centre = -1
    saved: tuple[int, ...] = ()
    offers: tuple[tuple[int, ...], ...] = ()
    if lime:
        limes = at
        coat = at + 1
        gamble_pool = coat + n + 1
        lime_seats = gamble_pool + 1
        at = lime_seats + 2 * n
        saved = by_kind(at)
        centre = at + kinds
        at = centre + 1
        offers = tuple(by_kind(at + r * kinds) for r in range(n))
        at += n * kinds
    size = observation_size(n, lime)
    if at != size:
        raise AssertionError(f"the observation plan covers {at} positions, but the layout has {size}")
    discard, market, supply, revealed, looking, pending = zones
    order = tuple(tuple((me + r) % n for r in range(n)) for me in range(n))
    return Plan(
        n=n, lime=lime, size=size, step=step, cur=cur, act=act, start=start, round=round_, end=end, loc=tuple(loc),
        big=big, big_scale=98 if lime else 240, discard=discard, market=market, supply=supply, revealed=revealed,
        looking=looking, pending=pending, flags=flags, tokens=tokens, token_flag=token_flag, seats=seats,
        hand=hand, unit=tuple(unit), limes=limes, coat=coat, gamble_pool=gamble_pool, lime_seats=lime_seats,
        saved=saved, centre=centre, offers=offers, order=order,
    )  # fmt: skip


# ---------------------------------------------------------------------- the encoder

#: Plans by [lime][player count], built on first use.
_PLANS: tuple[dict[int, Plan], dict[int, Plan]] = ({}, {})


def encode(s: FabledFruitState, seat: int) -> Observation:
    """What ``seat`` may know of ``s`` (exactly its view), as an :class:`Observation`."""
    n = s.num_players
    lime = s.lime
    p = _PLANS[lime].get(n) or _PLANS[lime].setdefault(n, plan(n, lime))
    obs = Observation(p.size)
    index = obs.index
    value = obs.value
    ia = index.append
    va = value.append
    extend_index = index.extend
    extend_value = value.extend
    scaled = COUNT12.__getitem__
    order = p.order[seat]  # seats from the viewer clockwise
    over = s.over
    active = s.active
    steps = s.steps
    kind = "" if over else steps[0][0]

    # decision, who decides / whose turn / start player, round, end triggered
    if not over:
        at = p.step.get(kind, -1)
        if at >= 0:
            ia(at)
            va(1.0)
        current = s.current_player
        if current >= 0:  # (at a chance node nobody decides)
            ia(p.cur + (current - seat) % n)
            va(1.0)
        ia(p.act + (active - seat) % n)
        va(1.0)
    ia(p.start + (s.start - seat) % n)
    va(1.0)
    if s.round:
        ia(p.round)
        va(min(1.0, s.round / 50))
    if s.end_triggered:
        ia(p.end)
        va(1.0)

    # the display, in location order: cards, thief, animals
    pos = s.pos
    rel = pos[seat:] + pos[:seat]  # each seat's location, from the viewer clockwise
    thieves = (s.thief, s.thief2)
    counts = s.counts
    loc_at = p.loc
    for loc in sorted(s.stacks):
        at = loc_at[loc]
        c = counts[loc]
        if c:
            ia(at)
            va(c / 8)
        if loc in thieves:
            ia(at + 1)
            va(1.0)
        if loc in rel:
            at += 2
            for r in range(n):
                if rel[r] == loc:
                    ia(at + r)
                    va(1.0)

    # big stack, draw stack
    c = len(s.deck) - s.top
    if c:
        ia(p.big)
        va(c / p.big_scale)
    c = sum(s.draw)
    if c:
        ia(p.big + 1)
        va(min(1.0, c / 85))

    # card zones by kind; count vectors are filtered to their nonzero kinds in C
    vector = s.discard
    extend_index(compress(p.discard, vector))
    extend_value(map(scaled, compress(vector, vector)))
    market = s.market
    if market is not None:
        extend_index(compress(p.market, market))
        extend_value(map(scaled, compress(market, market)))
    supply = s.supply
    if supply is not None:  # listed by name: 1/12 per kind present
        c = len(index)
        extend_index(compress(p.supply, supply))
        extend_value(repeat(LISTED12[1], len(index) - c))
    buf = s.buf
    if buf:
        if not s.buf_private:
            _listed(buf, p.revealed, index, value, LISTED12)
        elif seat == active:
            _listed(buf, p.looking, index, value, LISTED12)
    if s.aux:
        _listed(s.aux, p.pending, index, value, LISTED12)

    # components in play, pools, fruit token holders
    at = p.flags
    if market is not None:
        ia(at)
        va(1.0)
    if supply is not None:
        ia(at + 1)
        va(1.0)
    if thieves[0] >= 0:
        ia(at + 2)
        va(1.0)
    wild = s.wild
    if wild is not None and s.wild_pool:
        ia(at + 3)
        va(s.wild_pool / 3)
    double = s.double
    if double is not None and s.double_pool:
        ia(at + 4)
        va(s.double_pool / 3)
    ftok = s.ftok
    if ftok is not None:
        at = p.tokens
        for holder in ftok:
            if holder >= 0:
                ia(at + (holder - seat) % n)
                va(1.0)
            elif holder == -1:
                ia(at + n)
                va(1.0)
            at += n + 1
        ia(p.token_flag)
        va(1.0)
    paying = kind == "pay"
    if paying:
        ia(p.token_flag + 1)
        va(1.0)

    # per seat from the viewer: hand size, juices, wild and double tokens, off the display
    hands = s.hands
    juices = s.juices
    at = p.seats
    for q in order:
        c = sum(hands[q])
        if c:
            ia(at)
            va(min(1.0, c / 30))
        c = len(juices[q])
        if c:
            ia(at + 1)
            va(min(1.0, c / 5))
        if wild is not None and wild[q]:
            ia(at + 2)
            va(wild[q] / 3)
        if double is not None and double[q]:
            ia(at + 3)
            va(double[q] / 3)
        if not pos[q]:
            ia(at + 4)
            va(1.0)
        at += 5

    # the viewer's hand, the payment chosen so far
    vector = hands[seat]
    extend_index(compress(p.hand, vector))
    extend_value(map(scaled, compress(vector, vector)))
    if paying and s.paying:
        _listed(s.paying, p.unit, index, value, LISTED7)

    if not lime:
        obs.at = p.size
        return obs

    # Lime: lime pile, coat, gambling pool
    c = s.limes
    if c:
        ia(p.limes)
        va(min(1.0, c / 15))
    c = s.coat
    if c >= 0:
        ia(p.coat + (c - seat) % n)
        va(1.0)
    elif c == -1:
        ia(p.coat + n)
        va(1.0)
    gamble = s.gamble
    if gamble is not None and s.gamble_pool:
        ia(p.gamble_pool)
        va(s.gamble_pool / 6)
    saved = s.saved
    if saved is not None:  # the view shows saved counts and gambling tokens with the saved fruits
        # per seat: saved fruits, gambling tokens; then the viewer's saved fruits by kind
        at = p.lime_seats
        for q in order:
            c = sum(saved[q])
            if c:
                ia(at)
                va(min(1.0, c / 10))
            if gamble is not None and gamble[q]:
                ia(at + 1)
                va(gamble[q] / 6)
            at += 2
        vector = saved[seat]
        extend_index(compress(p.saved, vector))
        extend_value(map(scaled, compress(vector, vector)))
    offers = s.offers
    if offers is not None:
        # #11L: the centre limes, every other seat's face-up offer (the view omits the active seat's)
        if s.centre:
            ia(p.centre)
            va(s.centre / 2)
        for where, q in zip(p.offers, order, strict=True):
            if q != active:
                vector = offers[q]
                extend_index(compress(where, vector))
                extend_value(map(scaled, compress(vector, vector)))
    obs.at = p.size
    return obs


def _listed(cards: list[int], where: tuple[int, ...], index: list[int], value: list[float],
            table: tuple[float, ...]) -> None:  # fmt: skip
    """Cards (or payment units) listed one by one: each kind's count, in position order."""
    if len(cards) == 1:
        index.append(where[cards[0]])
        value.append(table[1])
        return
    for k in sorted(set(cards)):
        index.append(where[k])
        value.append(table[cards.count(k)])


__all__ = ["SAVED_UNIT", "Layout", "Plan", "encode", "layout", "observation_size", "plan"]
