"""The location deck and the display (§2.1, §2.6): a presorted big stack and small stacks.

The big stack is never shuffled, so it is always the tail of the sorted deck: a position
``top`` into the deck describes it completely. A base campaign's deck is :data:`DECK` (240
cards, #1 … #59); a Lime campaign's is :data:`LIME_DECK` (98 cards: 3 × #48…#53, then #1L …
#20L, §3.1), whose first 24 cards are exactly the seed's first Lime display. The display is an
ordered list of stack numbers with a card count per number (a slot may hold 0 cards only in
the middle of a refill).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .components import COMPONENTS as C
from .components import loc_label, parse_loc

#: All 240 base location cards, top first (#1 ×4 … #59 ×8).
DECK: tuple[int, ...] = tuple(C.sorted_deck())
DECK_SIZE = len(DECK)
#: A Lime campaign's 98 cards, top first (3 × #48…#53, #1L ×4 … #20L ×4).
LIME_DECK: tuple[int, ...] = tuple(C.lime_deck())
LIME_SIZE = len(LIME_DECK)
MAX_ID = C.num_locations
FIRST_DISPLAY = C.first_display


def deck_for(lime: bool) -> tuple[int, ...]:
    return LIME_DECK if lime else DECK


def first_display(lime: bool = False) -> tuple[list[int], list[int], int]:
    """Stacks, counts per id and the big-stack position of a new campaign (§2.2.1, §3.2)."""
    counts = [0] * (MAX_ID + 1)
    stacks: list[int] = []
    for card in deck_for(lime)[:FIRST_DISPLAY]:
        if not counts[card]:
            stacks.append(card)
        counts[card] += 1
    return stacks, counts, FIRST_DISPLAY


def display_text(stacks: Sequence[int], counts: Sequence[int]) -> str:
    """The display as the ``display`` option writes it: ``"2x1 3x3 1Lx4"`` (number x cards)."""
    return " ".join(f"{loc_label(loc)}x{counts[loc]}" for loc in stacks)


def parse_display(text: str) -> list[tuple[int, int]]:
    """``"2x1 3x3 1Lx4"`` → ``[(2, 1), (3, 3), (60, 4)]``; ValueError with a reason when malformed."""
    out: list[tuple[int, int]] = []
    for part in text.replace(",", " ").split():
        loc, sep, count = part.lower().partition("x")
        try:
            number = parse_loc(loc)
        except ValueError:
            number = -1
        if not sep or number < 0 or not count.isdigit():
            raise ValueError(f"display entries are NUMBERxCOUNT such as 7x4 or 1Lx4; got {part!r}")
        out.append((number, int(count)))
    return out


def check_display(entries: Iterable[tuple[int, int]], top: int, lime: bool = False) -> None:
    """§4.1's checks for a starting display and big stack; ValueError naming the broken rule."""
    cards = deck_for(lime)
    size = len(cards)
    copies = {loc: cards.count(loc) for loc in set(cards)}
    seen: dict[int, int] = {}
    total = 0
    for loc, count in entries:
        if loc not in copies:
            where = "a Lime campaign (#48–#53, #1L–#20L)" if lime else f"the base game (#1–#{len(set(DECK))})"
            raise ValueError(f"#{loc_label(loc) if loc > 0 else loc} is not a location of {where}")
        if loc in seen:
            raise ValueError(f"#{loc_label(loc)} appears twice in the display")
        if count < 1:
            raise ValueError(f"the #{loc_label(loc)} stack must hold at least one card; got {count}")
        seen[loc] = count
        total += count
    if not 0 <= top <= size:
        raise ValueError(f"the big stack position must be 0–{size}; got {top}")
    rest = cards[top:]
    for loc, count in seen.items():
        if count + rest.count(loc) > copies[loc]:
            raise ValueError(
                f"#{loc_label(loc)}: {count} in the display and {rest.count(loc)} in the big stack, but only "
                f"{copies[loc]} copies exist"
            )
        if rest and loc > rest[0]:
            raise ValueError(
                f"#{loc_label(loc)} is in the display but #{loc_label(rest[0])} is still on top of the big stack"
            )
    if rest and total != FIRST_DISPLAY:
        raise ValueError(f"the display holds {total} cards; it must hold {FIRST_DISPLAY} while the big stack lasts")
    if not seen:
        raise ValueError("the display is empty")
