"""Counted nouns, formed one way everywhere: ``counted(1, "coin")`` is "1 coin".

Every game's sentences, the terminal and the server read their plurals from here, so no text
ever says "1 coins" or "for 1 limes". The browser has the same rules in ``web/js/wording.js``;
a test keeps the two irregular tables equal.
"""

from __future__ import annotations

#: Nouns whose plural is not the singular + "s" (singular -> plural). Nouns that are already
#: plural or uncountable ("grapes") map to themselves.
IRREGULAR: dict[str, str] = {
    "grapes": "grapes",
    "mango": "mangoes",
    "person": "people",
}


def plural(noun: str, number: int = 2) -> str:
    """``noun`` as it reads after ``number``: "coin" for 1, "coins" otherwise.

    The last word of a phrase is the one that changes: "sweet card" -> "sweet cards",
    "blood orange" -> "blood oranges".
    """
    if number == 1:
        return noun
    head, _, last = noun.rpartition(" ")
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    if last in IRREGULAR:
        word = IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        word = last + "es"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def counted(number: int, noun: str, plural_form: str | None = None) -> str:
    """ "1 coin", "2 coins", "0 coins"; ``plural_form`` for a noun the rules above get wrong."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {plural_form if plural_form is not None else plural(noun, number)}"
