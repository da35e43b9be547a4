"""Fruit cards and prices: kinds of card, their type sets (§2.4.7), and price matching (§2.5.2).

Cards of one kind are interchangeable, so hands, the market, the discard pile and the
fruit-mix supply are count vectors indexed by *kind*: kinds 0–4 are the five ordinary fruits,
kind 5 the lime (only in Lime games), kinds 6–15 the ten fruit-mix cards. Every kind has a
bitmask of the fruit types it matches. (Base games never hold a lime, and every list is walked
in kind order, so the lime's slot changes nothing in them.)

Payment units (§2.5.2) are indexed the same way for cards (a gambling reveal pays as the card
it is), followed by the wild token, the six fruit tokens and the saved fruits of Lime #6L,
one unit per kind: a saved fruit gives two units of its kind (it "counts twice"). A payment
is a multiset of units, one per price icon, chosen in ascending unit order so each multiset
is one path of decisions (assignments with the same units count as one). :func:`can_extend`
decides whether a partial payment can still be completed: the chosen units must fit into
distinct icons, and the chosen plus the still-allowed units must cover all icons — a
transversal-matroid argument makes these two checks together exact.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .components import COMPONENTS as C
from .components import SMOOTHIE

NUM_TYPES = len(C.type_codes)
NUM_KINDS = NUM_TYPES + len(C.mix_pairs)
ALL_TYPES = (1 << NUM_TYPES) - 1

#: Bitmask of the types each card kind matches.
KIND_MASK: tuple[int, ...] = tuple([1 << t for t in range(NUM_TYPES)] + [(1 << a) | (1 << b) for a, b in C.mix_pairs])
KIND_NAME: tuple[str, ...] = tuple(
    list(C.type_names) + [f"{C.type_names[a]}/{C.type_names[b]}" for a, b in C.mix_pairs]
)
KIND_CODE: tuple[str, ...] = tuple(
    list(C.type_codes) + [f"{C.type_codes[a]}/{C.type_codes[b]}" for a, b in C.mix_pairs]
)
MIX_KINDS = tuple(range(NUM_TYPES, NUM_KINDS))
#: Kinds matching each type.
KINDS_OF_TYPE: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(NUM_KINDS) if KIND_MASK[k] >> t & 1) for t in range(NUM_TYPES)
)

LIME = NUM_TYPES - 1  # the lime: type 5 and card kind 5
LIME_BIT = 1 << LIME

# Payment units: card kinds, then the wild token, one fruit token per type, saved fruits by kind.
WILD_UNIT = NUM_KINDS
TOKEN_UNIT = NUM_KINDS + 1
SAVED_UNIT = TOKEN_UNIT + NUM_TYPES
NUM_UNITS = SAVED_UNIT + NUM_KINDS
SMOOTHIE_BIT = 1 << NUM_TYPES
#: What each unit may cover: type bits, plus SMOOTHIE_BIT if it may fill a smoothie icon.
UNIT_COVERS: tuple[int, ...] = tuple(
    [m | SMOOTHIE_BIT for m in KIND_MASK]
    + [ALL_TYPES | SMOOTHIE_BIT]
    + [1 << t for t in range(NUM_TYPES)]
    + [m | SMOOTHIE_BIT for m in KIND_MASK]
)
_MIX_MASKS = tuple(KIND_MASK[k] for k in MIX_KINDS)


def parse_price(price: str) -> tuple[int, ...]:
    """Icons as type indices, smoothies as -1: ``"PPP*"`` → ``(0, 0, 0, -1)``."""
    return tuple(-1 if ch == SMOOTHIE else C.type_codes.index(ch) for ch in price)


def price_needs(icons: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """Letters needed per type, and the number of smoothies."""
    need = [0] * NUM_TYPES
    for icon in icons:
        if icon >= 0:
            need[icon] += 1
    return tuple(need), sum(1 for icon in icons if icon < 0)


def coverable(need: Sequence[int], smoothies: int, units: Sequence[int]) -> bool:
    """Can ``units`` (counts per unit) cover every icon, each unit covering at most one?

    Greedy is exact for tokens and ordinary cards (each covers only its own letter or a
    smoothie, so using it on its letter is never worse); the letters left must then be matched
    by fruit-mix cards and wild tokens (Hall's condition over the sets of still-missing types),
    and every remaining icon is a smoothie that any card or wild token fills. Saved-fruit units
    cover exactly like the card they are, so they are counted with the cards.
    """
    cards = [units[k] + units[SAVED_UNIT + k] for k in range(NUM_KINDS)]
    rest = [0] * NUM_TYPES
    left = 0  # ordinary cards not used on their own letter
    for t in range(NUM_TYPES):
        r = need[t] - units[TOKEN_UNIT + t]
        if r < 0:
            r = 0
        have = cards[t]
        if have >= r:
            left += have - r
            r = 0
        else:
            r -= have
        rest[t] = r
    missing = sum(rest)
    wild = units[WILD_UNIT]
    mixes = cards[NUM_TYPES:NUM_KINDS]
    if missing:
        short = [t for t in range(NUM_TYPES) if rest[t]]
        for pick in range(1, 1 << len(short)):
            subset = 0
            wanted = 0
            for i, t in enumerate(short):
                if pick >> i & 1:
                    subset |= 1 << t
                    wanted += rest[t]
            if wanted > wild + sum(c for c, m in zip(mixes, _MIX_MASKS, strict=True) if m & subset):
                return False
    return left + wild + sum(mixes) - missing >= smoothies


_needs = functools.cache(price_needs)


def fits(icons: Sequence[int], chosen: Sequence[int]) -> bool:
    """Can every chosen unit (a list of unit indices) cover a distinct icon? (Kuhn's matching.)"""
    masks = [SMOOTHIE_BIT if icon < 0 else 1 << icon for icon in icons]
    owner = [-1] * len(icons)

    def augment(unit: int, seen: list[bool]) -> bool:
        covers = UNIT_COVERS[chosen[unit]]
        for i, mask in enumerate(masks):
            if covers & mask and not seen[i]:
                seen[i] = True
                if owner[i] < 0 or augment(owner[i], seen):
                    owner[i] = unit
                    return True
        return False

    return all(augment(u, [False] * len(icons)) for u in range(len(chosen)))


def can_extend(icons: Sequence[int], held: Sequence[int], chosen: Sequence[int], unit: int) -> bool:
    """May ``unit`` be the next unit of a payment that already uses ``chosen`` (ascending)?"""
    picked = [*chosen, unit]
    if picked.count(unit) > held[unit] or not fits(icons, picked):
        return False
    # what may still pay: the units chosen below ``unit``, and all held from ``unit`` on
    pool = [0] * unit + list(held[unit:])
    for u in chosen:
        if u < unit:
            pool[u] += 1
    need, smoothies = _needs(icons)
    return coverable(need, smoothies, pool)


def disjoint_pick(hand: Sequence[int], mask: int, needed: int, start: int = 0) -> bool:
    """Can ``needed`` more cards be picked from ``hand`` with pairwise disjoint types, avoiding ``mask``?"""
    if needed <= 0:
        return True
    for k in range(start, NUM_KINDS):
        if hand[k] and not KIND_MASK[k] & mask and disjoint_pick(hand, mask | KIND_MASK[k], needed - 1, k + 1):
            return True
    return False
