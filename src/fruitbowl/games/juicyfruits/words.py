"""The words of Juicy Fruits' pieces as ``data.toml`` prints them, marked for the catalogs, and the
counted fruits every sentence says: the data file stays English (the view and the records keep its
names), and the sentences say these through ``_()``. A test holds the lists to the data
(tests/i18n/test_juicyfruits_sentences.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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


def n_fruits(n: int) -> str:
    """``3 fruits``: fruits of any type."""
    return npgettext("fruit piece", "{n} fruit", "{n} fruits", n).format(n=n)


def token_data_name(token_id: str) -> str:
    """A business token's data.toml name by its id ("T07"): what the articled names are keyed by
    (the view sends the name in the reader's language)."""
    return C.all_tokens[C.token_index(token_id)].name


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
    """``"3 bananas + 2 oranges"`` for a cost in component order (the "+" is the language's: Chinese
    sets it without spaces)."""
    return pgettext("cost", " + ").join(fruits_counted(C.fruit_names[f], need) for f, need in enumerate(cost) if need)


def named_cost_text(cost: Mapping[str, int]) -> str:
    """:func:`cost_text` for a cost keyed by fruit name (as the view gives it)."""
    return pgettext("cost", " + ").join(fruits_counted(name, need) for name, need in cost.items())


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


# ---------------------------------------------------------------------- the pieces in sentences
# A sentence that names a piece takes it with its article in the case its place needs ("the Beach
# Hotel" as a subject, as an object, after "with"): one message per piece and place, told apart by
# the context, so a language with articles and cases says each (German "den Obstmarkt", "dem
# Ernteplättchen B/L") and one without says the name. English puts "the" in these messages, never
# in the sentence.

#: Each business token and venue (data.toml's ``name``) as a sentence's subject ("the Fruit Market
#: for the business board"; German: the nominative, "der Obstmarkt").
TOKENS_AS_SUBJECT: dict[str, Callable[[], str]] = {
    "Beach Hotel": lambda: pgettext("subject", "the Beach Hotel"),
    "Surf School": lambda: pgettext("subject", "the Surf School"),
    "Spa": lambda: pgettext("subject", "the Spa"),
    "Marina": lambda: pgettext("subject", "the Marina"),
    "Water Park": lambda: pgettext("subject", "the Water Park"),
    "Resort": lambda: pgettext("subject", "the Resort"),
    "Café": lambda: pgettext("subject", "the Café"),
    "Bungalows": lambda: pgettext("subject", "the Bungalows"),
    "Beach Hut": lambda: pgettext("subject", "the Beach Hut"),
    "Cocktail Bar": lambda: pgettext("subject", "the Cocktail Bar"),
    "Beach Bar": lambda: pgettext("subject", "the Beach Bar"),
    "Souvenir Shop": lambda: pgettext("subject", "the Souvenir Shop"),
    "Tourist Info": lambda: pgettext("subject", "the Tourist Info"),
    "Fruit Market": lambda: pgettext("subject", "the Fruit Market"),
    "B/L collector": lambda: pgettext("subject", "the B/L collector"),
    "L/P collector": lambda: pgettext("subject", "the L/P collector"),
    "P/O collector": lambda: pgettext("subject", "the P/O collector"),
    "O/M collector": lambda: pgettext("subject", "the O/M collector"),
    "M/B collector": lambda: pgettext("subject", "the M/B collector"),
    "yellow cart": lambda: pgettext("subject", "the yellow cart"),
    "green cart": lambda: pgettext("subject", "the green cart"),
    "red cart": lambda: pgettext("subject", "the red cart"),
    "orange cart": lambda: pgettext("subject", "the orange cart"),
    "purple cart": lambda: pgettext("subject", "the purple cart"),
    "Guesthouse at the pond": lambda: pgettext("subject", "the Guesthouse at the pond"),
    "Restaurant": lambda: pgettext("subject", "the Restaurant"),
    "Harbor Tour": lambda: pgettext("subject", "the Harbor Tour"),
    "Milkshake Stand": lambda: pgettext("subject", "the Milkshake Stand"),
    "Harbor Office": lambda: pgettext("subject", "the Harbor Office"),
    "Construction Office": lambda: pgettext("subject", "the Construction Office"),
    "Whale watching X09": lambda: pgettext("subject", "the Whale watching X09"),
    "Whale watching X10": lambda: pgettext("subject", "the Whale watching X10"),
}

#: Each business token and venue as a sentence's object ("Ada claimed the Fruit Market"; German:
#: the accusative, "den Obstmarkt").
TOKENS_AS_OBJECT: dict[str, Callable[[], str]] = {
    "Beach Hotel": lambda: pgettext("object", "the Beach Hotel"),
    "Surf School": lambda: pgettext("object", "the Surf School"),
    "Spa": lambda: pgettext("object", "the Spa"),
    "Marina": lambda: pgettext("object", "the Marina"),
    "Water Park": lambda: pgettext("object", "the Water Park"),
    "Resort": lambda: pgettext("object", "the Resort"),
    "Café": lambda: pgettext("object", "the Café"),
    "Bungalows": lambda: pgettext("object", "the Bungalows"),
    "Beach Hut": lambda: pgettext("object", "the Beach Hut"),
    "Cocktail Bar": lambda: pgettext("object", "the Cocktail Bar"),
    "Beach Bar": lambda: pgettext("object", "the Beach Bar"),
    "Souvenir Shop": lambda: pgettext("object", "the Souvenir Shop"),
    "Tourist Info": lambda: pgettext("object", "the Tourist Info"),
    "Fruit Market": lambda: pgettext("object", "the Fruit Market"),
    "B/L collector": lambda: pgettext("object", "the B/L collector"),
    "L/P collector": lambda: pgettext("object", "the L/P collector"),
    "P/O collector": lambda: pgettext("object", "the P/O collector"),
    "O/M collector": lambda: pgettext("object", "the O/M collector"),
    "M/B collector": lambda: pgettext("object", "the M/B collector"),
    "yellow cart": lambda: pgettext("object", "the yellow cart"),
    "green cart": lambda: pgettext("object", "the green cart"),
    "red cart": lambda: pgettext("object", "the red cart"),
    "orange cart": lambda: pgettext("object", "the orange cart"),
    "purple cart": lambda: pgettext("object", "the purple cart"),
    "Guesthouse at the pond": lambda: pgettext("object", "the Guesthouse at the pond"),
    "Restaurant": lambda: pgettext("object", "the Restaurant"),
    "Harbor Tour": lambda: pgettext("object", "the Harbor Tour"),
    "Milkshake Stand": lambda: pgettext("object", "the Milkshake Stand"),
    "Harbor Office": lambda: pgettext("object", "the Harbor Office"),
    "Construction Office": lambda: pgettext("object", "the Construction Office"),
    "Whale watching X09": lambda: pgettext("object", "the Whale watching X09"),
    "Whale watching X10": lambda: pgettext("object", "the Whale watching X10"),
}

#: The advanced collectors after "with" ("collected 3 fruits with the B/L collector"; German: the
#: dative, "mit dem Ernteplättchen B/L"): the only tokens a sentence names there.
ADVANCED_COLLECTORS_AFTER_WITH: dict[str, Callable[[], str]] = {
    "B/L collector": lambda: pgettext("with", "the B/L collector"),
    "L/P collector": lambda: pgettext("with", "the L/P collector"),
    "P/O collector": lambda: pgettext("with", "the P/O collector"),
    "O/M collector": lambda: pgettext("with", "the O/M collector"),
    "M/B collector": lambda: pgettext("with", "the M/B collector"),
}

#: Each fruit's collector, by fruit name, as a sentence's subject ("the banana collector on a pond").
COLLECTORS_AS_SUBJECT: dict[str, Callable[[], str]] = {
    "banana": lambda: pgettext("subject", "the banana collector"),
    "lime": lambda: pgettext("subject", "the lime collector"),
    "pomegranate": lambda: pgettext("subject", "the pomegranate collector"),
    "orange": lambda: pgettext("subject", "the orange collector"),
    "mangosteen": lambda: pgettext("subject", "the mangosteen collector"),
}

#: Each fruit's collector as a sentence's object ("Ada slid the banana collector").
COLLECTORS_AS_OBJECT: dict[str, Callable[[], str]] = {
    "banana": lambda: pgettext("object", "the banana collector"),
    "lime": lambda: pgettext("object", "the lime collector"),
    "pomegranate": lambda: pgettext("object", "the pomegranate collector"),
    "orange": lambda: pgettext("object", "the orange collector"),
    "mangosteen": lambda: pgettext("object", "the mangosteen collector"),
}

#: A fruit type as a kind of thing kept, after "with" ("scored statue 7 with pomegranates";
#: German: the dative plural, "mit Granatäpfeln").
FRUITS_AFTER_WITH: dict[str, Callable[[], str]] = {
    "banana": lambda: pgettext("with", "bananas"),
    "lime": lambda: pgettext("with", "limes"),
    "pomegranate": lambda: pgettext("with", "pomegranates"),
    "orange": lambda: pgettext("with", "oranges"),
    "mangosteen": lambda: pgettext("with", "mangosteens"),
}


def _say_piece(table: Mapping[str, Callable[[], str]], name: str) -> str:
    if name not in table:
        raise ValueError(f"Juicy Fruits has no piece named {name!r} to say here.")
    return table[name]()


def token_subject(name: str) -> str:
    """A business token or venue (data name) with its article as a sentence's subject."""
    return _say_piece(TOKENS_AS_SUBJECT, name)


def token_object(name: str) -> str:
    """A business token or venue (data name) with its article as a sentence's object."""
    return _say_piece(TOKENS_AS_OBJECT, name)


def advanced_collector_after_with(name: str) -> str:
    """An advanced collector (data name) with its article after "with"."""
    return _say_piece(ADVANCED_COLLECTORS_AFTER_WITH, name)


def collector_subject(fruit: str) -> str:
    """A fruit's collector with its article as a sentence's subject."""
    return _say_piece(COLLECTORS_AS_SUBJECT, fruit)


def collector_object(fruit: str) -> str:
    """A fruit's collector with its article as a sentence's object."""
    return _say_piece(COLLECTORS_AS_OBJECT, fruit)


def fruits_after_with(name: str) -> str:
    """A fruit type (data name) as a kind of thing kept, after "with" ("bananas")."""
    return _say_piece(FRUITS_AFTER_WITH, name)


#: Each action kind's label, as the balance report says it (``fruitbowl analyze``).
KIND_WORDS: dict[str, Callable[[], str]] = {
    "move": lambda: pgettext("action kind", "Slide fruits"),
    "split": lambda: pgettext("action kind", "Take fruits"),
    "produce": lambda: pgettext("action kind", "Make ice cream or milkshakes"),
    "supply": lambda: pgettext("action kind", "Supply a ship"),
    "claim": lambda: pgettext("action kind", "Claim a business token"),
    "place": lambda: pgettext("action kind", "Place a business token"),
    "place_block": lambda: pgettext("action kind", "Place a large venue"),
    "bonus": lambda: pgettext("action kind", "Take the collector's claim bonus"),
    "pass": lambda: pgettext("action kind", "Do nothing"),
    "juice": lambda: pgettext("action kind", "Make juice"),
    "stop": lambda: pgettext("action kind", "Stop making juice"),
    "collect": lambda: pgettext("action kind", "Collect fruits"),
    "explore": lambda: pgettext("action kind", "Move the explorer"),
    "statue_ship": lambda: pgettext("action kind", "Score statue 5 with a ship"),
    "statue_fruit": lambda: pgettext("action kind", "Score statue 7 with fruits"),
    "boulder": lambda: pgettext("action kind", "Choose a boulder"),
    "leave_out": lambda: pgettext("action kind", "Leave out a fruit type"),
    "whale_beach": lambda: pgettext("action kind", "Start the whale at a beach"),
    "watch": lambda: pgettext("action kind", "Place a whale watching token"),
}
