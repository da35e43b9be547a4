"""The location deck and the display (§2.1, §2.6): a presorted big stack and small stacks.

The big stack is never shuffled, so it is always the tail of the sorted deck: a position
``top`` into :data:`DECK` describes it completely. The display is an ordered list of stack
numbers with a card count per number (a slot may hold 0 cards only in the middle of a refill).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .components import COMPONENTS as C

#: All 240 location cards, top first (#1 ×4 … #59 ×8).
DECK: tuple[int, ...] = tuple(C.sorted_deck())
DECK_SIZE = len(DECK)
MAX_ID = max(C.locations)


def first_display() -> tuple[list[int], list[int], int]:
    """Stacks, counts per id and the big-stack position of a new campaign (§2.2.1)."""
    counts = [0] * (MAX_ID + 1)
    stacks: list[int] = []
    for card in DECK[: C.first_display]:
        if not counts[card]:
            stacks.append(card)
        counts[card] += 1
    return stacks, counts, C.first_display


def display_text(stacks: Sequence[int], counts: Sequence[int]) -> str:
    """The display as the ``display`` option writes it: ``"2x1 3x3 4x4"`` (number x cards)."""
    return " ".join(f"{loc}x{counts[loc]}" for loc in stacks)


def parse_display(text: str) -> list[tuple[int, int]]:
    """``"2x1 3x3"`` → ``[(2, 1), (3, 3)]``; ValueError with a reason when malformed."""
    out: list[tuple[int, int]] = []
    for part in text.replace(",", " ").split():
        loc, sep, count = part.partition("x")
        if not sep or not loc.isdigit() or not count.isdigit():
            raise ValueError(f"display entries are NUMBERxCOUNT such as 7x4; got {part!r}")
        out.append((int(loc), int(count)))
    return out


def check_display(entries: Iterable[tuple[int, int]], top: int) -> None:
    """§4.1's checks for a starting display and big stack; ValueError naming the broken rule."""
    seen: dict[int, int] = {}
    total = 0
    for loc, count in entries:
        if loc not in C.locations:
            raise ValueError(f"#{loc} is not a location of the base game (#1–#{MAX_ID})")
        if loc in seen:
            raise ValueError(f"#{loc} appears twice in the display")
        if count < 1:
            raise ValueError(f"the #{loc} stack must hold at least one card; got {count}")
        seen[loc] = count
        total += count
    if not 0 <= top <= DECK_SIZE:
        raise ValueError(f"the big stack position must be 0–{DECK_SIZE}; got {top}")
    rest = DECK[top:]
    for loc, count in seen.items():
        if count + rest.count(loc) > C.locations[loc].copies:
            raise ValueError(
                f"#{loc}: {count} in the display and {rest.count(loc)} in the big stack, but only "
                f"{C.locations[loc].copies} copies exist"
            )
        if rest and loc > rest[0]:
            raise ValueError(f"#{loc} is in the display but #{rest[0]} is still on top of the big stack")
    if rest and total != C.first_display:
        raise ValueError(f"the display holds {total} cards; it must hold {C.first_display} while the big stack lasts")
    if not seen:
        raise ValueError("the display is empty")
