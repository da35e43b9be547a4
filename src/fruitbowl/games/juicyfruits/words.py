"""The words of Juicy Fruits' pieces as ``data.toml`` prints them, marked for the catalogs, and the
counted fruits every sentence says: the data file stays English (the view and the records keep its
names), and the sentences say these through ``_()``. A test holds the lists to the data
(tests/i18n/test_juicyfruits_sentences.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fruitbowl.engine.wording import N_, _, npgettext, pgettext

from .components import COMPONENTS as C

#: The fruit types by their data.toml names.
FRUIT_WORDS = {
    "banana": N_("banana"),
    "lime": N_("lime"),
    "pomegranate": N_("pomegranate"),
    "orange": N_("orange"),
    "mangosteen": N_("mangosteen"),
}

#: The business tokens' and venues' printed names (data.toml's ``name``).
TOKEN_WORDS = {
    "Beach Hotel": N_("Beach Hotel"),
    "Surf School": N_("Surf School"),
    "Spa": N_("Spa"),
    "Marina": N_("Marina"),
    "Water Park": N_("Water Park"),
    "Resort": N_("Resort"),
    "Café": N_("Café"),
    "Bungalows": N_("Bungalows"),
    "Beach Hut": N_("Beach Hut"),
    "Cocktail Bar": N_("Cocktail Bar"),
    "Beach Bar": N_("Beach Bar"),
    "Souvenir Shop": N_("Souvenir Shop"),
    "Tourist Info": N_("Tourist Info"),
    "Fruit Market": N_("Fruit Market"),
    "B/L collector": N_("B/L collector"),
    "L/P collector": N_("L/P collector"),
    "P/O collector": N_("P/O collector"),
    "O/M collector": N_("O/M collector"),
    "M/B collector": N_("M/B collector"),
    "yellow cart": N_("yellow cart"),
    "green cart": N_("green cart"),
    "red cart": N_("red cart"),
    "orange cart": N_("orange cart"),
    "purple cart": N_("purple cart"),
    "Guesthouse at the pond": N_("Guesthouse at the pond"),
    "Restaurant": N_("Restaurant"),
    "Harbor Tour": N_("Harbor Tour"),
    "Milkshake Stand": N_("Milkshake Stand"),
    "Harbor Office": N_("Harbor Office"),
    "Construction Office": N_("Construction Office"),
    "Whale watching X09": N_("Whale watching X09"),
    "Whale watching X10": N_("Whale watching X10"),
}


def fruit_name(name: str) -> str:
    """A fruit type by its data name, in the current language."""
    return _(FRUIT_WORDS[name]) if name in FRUIT_WORDS else name


def fruits_counted(name: str, n: int) -> str:
    """``2 bananas``: a count of one fruit type (by its data name). Counts of wooden fruits are said
    in the context "fruit piece": Fabled Fruit's fruits are cards, counted with another word."""
    if name == "banana":
        text = npgettext("fruit piece", "{n} banana", "{n} bananas", n)
    elif name == "lime":
        text = npgettext("fruit piece", "{n} lime", "{n} limes", n)
    elif name == "pomegranate":
        text = npgettext("fruit piece", "{n} pomegranate", "{n} pomegranates", n)
    elif name == "orange":
        text = npgettext("fruit piece", "{n} orange", "{n} oranges", n)
    elif name == "mangosteen":
        text = npgettext("fruit piece", "{n} mangosteen", "{n} mangosteens", n)
    else:
        raise ValueError(f"Juicy Fruits has no fruit named {name!r}.")
    return text.format(n=n)


def fruits_plural(name: str) -> str:
    """A fruit type as a kind of thing kept ("bananas")."""
    if name == "banana":
        return _("bananas")
    if name == "lime":
        return _("limes")
    if name == "pomegranate":
        return _("pomegranates")
    if name == "orange":
        return _("oranges")
    if name == "mangosteen":
        return _("mangosteens")
    raise ValueError(f"Juicy Fruits has no fruit named {name!r}.")


def n_fruits(n: int) -> str:
    """``3 fruits``: fruits of any type."""
    return npgettext("fruit piece", "{n} fruit", "{n} fruits", n).format(n=n)


def token_name(name: str) -> str:
    """A business token's or venue's printed name, in the current language."""
    return _(TOKEN_WORDS[name]) if name in TOKEN_WORDS else name


def ice_name(kind: str) -> str:
    """An ice cream colour (data.toml's ``kinds``) in the current language: a colour, not the fruit."""
    if kind == "yellow":
        return pgettext("colour", "yellow")
    if kind == "green":
        return pgettext("colour", "green")
    if kind == "red":
        return pgettext("colour", "red")
    if kind == "orange":
        return pgettext("colour", "orange")
    if kind == "purple":
        return pgettext("colour", "purple")
    return kind


def cost_text(cost: tuple[int, ...]) -> str:
    """``"3 bananas + 2 oranges"`` for a cost in component order."""
    return " + ".join(fruits_counted(C.fruit_names[f], need) for f, need in enumerate(cost) if need)


def named_cost_text(cost: Mapping[str, int]) -> str:
    """:func:`cost_text` for a cost keyed by fruit name (as the view gives it)."""
    return " + ".join(fruits_counted(name, need) for name, need in cost.items())


def shortfall(reserve: Sequence[int], cost: tuple[int, ...]) -> str:
    """``"2 bananas; you have 1"`` for the first fruit the reserve lacks ('' if none)."""
    for fruit, need in enumerate(cost):
        if reserve[fruit] < need:
            needed = fruits_counted(C.fruit_names[fruit], need)
            return _("{needed}; you have {have}").format(needed=needed, have=reserve[fruit])
    return ""


#: The four directions, as data and actions name them (a slide's, a beach's).
DIRECTION_WORDS = {"north": N_("north"), "east": N_("east"), "south": N_("south"), "west": N_("west")}

#: Each fruit's collector, by fruit name.
COLLECTOR_WORDS = {
    "banana": N_("banana collector"),
    "lime": N_("lime collector"),
    "pomegranate": N_("pomegranate collector"),
    "orange": N_("orange collector"),
    "mangosteen": N_("mangosteen collector"),
}


def direction_name(direction: str) -> str:
    """``north`` … ``west`` in the current language."""
    return _(DIRECTION_WORDS[direction]) if direction in DIRECTION_WORDS else direction


def collector_name(fruit: str) -> str:
    """A fruit's collector ("banana collector") in the current language."""
    return _(COLLECTOR_WORDS[fruit]) if fruit in COLLECTOR_WORDS else fruit


def either(first: str, second: str) -> str:
    """``banana or lime``: one of two things."""
    return _("{first} or {second}").format(first=first, second=second)


def commas(items: Sequence[str]) -> str:
    """Things listed with commas: ``a, b, c``."""
    return pgettext("list", ", ").join(items)


def ands(items: Sequence[str]) -> str:
    """Things joined by "and": ``a and b`` (``a and b and c``)."""
    return pgettext("list", " and ").join(items)
