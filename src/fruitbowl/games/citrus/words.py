# ruff: noqa: E501
"""The words Citrus stores rather than says, marked for the catalogs: the plantation types'
names as ``data.toml`` prints them, the landscape tiles' names, and the game's title and options
as :class:`~.rules.Citrus` declares them (the server says those through ``_()``). The data file
and the declarations stay English; a test holds these lists to them
(tests/i18n/test_citrus_sentences.py).
"""

from fruitbowl.engine.wording import N_, pgettext

#: Each plantation type's full name (``data.toml``'s ``[plantations] names``), by that name.
TYPE_WORDS: dict[str, str] = {
    "lemon": N_("lemon"),
    "orange": N_("orange"),
    "blood orange": N_("blood orange"),
    "lime": N_("lime"),
    "grapefruit": N_("grapefruit"),
}

#: Each landscape tile's name, by its kind: what a player takes by building on it.
LANDSCAPE_WORDS: dict[str, str] = {
    "horses": N_("wild horses"),
    "money": N_("Money tile"),
    "cart": N_("Cart"),
    "bull": N_("Bull"),
    "bridge": N_("Bridge"),
    "milestone": N_("Milestone"),
}

#: The game's title.
TITLE = N_("Citrus")

#: Each option's label, help text and choices' words, as ``Citrus.option_specs`` declares them
#: (the numbers in them are data.toml's, written out).
OPTION_WORDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "board": (
        N_("Board side"),
        N_(
            "board side: long (any player count) or short (fewer spaces, recommended for 2–3 players; any count may play it)"
        ),
        (N_("Long side"), N_("Short side")),
    ),
    "family": (N_("Family version"), N_("family version: no variety rule on a Finca's roads"), ()),
    "random_sites": (
        N_("Random starting sites"),
        N_("the starting Fincas go on building sites drawn at random"),
        (),
    ),
    "free_placement": (
        N_("Free placement"),
        N_("offer every line you can pay for; tiles that cannot be built go back to the market at −3 points each"),
        (),
    ),
    "first_player": (N_("First player"), N_("the seat that starts, counted from 1 as the table shows it"), ()),
    "random_first": (N_("Random first player"), N_("draw the start player at random instead"), ()),
    "cart_restriction": (
        N_("No Cart while bought tiles wait"),
        N_(
            "on by default (as played on Yucata): no Cart while bought tiles wait to be built; it cannot be turned off with free placement"
        ),
        (),
    ),
    "horses_at_once": (
        N_("Horses score at once"),
        N_("a variant played on Yucata: wild horses score when collected instead of at the end"),
        (),
    ),
    "three_fincas": (
        N_("Only 3 starting Fincas"),
        N_("with random starting sites on the long side: only 3 starting Fincas"),
        (),
    ),
}

#: The score's categories (``rules.CATEGORIES``) as a results screen heads them ("Final fincas",
#: said with ``_()``).
SCORE_WORDS: dict[str, str] = {
    "harvests": N_("Harvests"),
    "fincas": N_("Fincas"),
    "penalties": N_("Penalties"),
    "final_fincas": N_("Final fincas"),
    "final_harvest": N_("Final harvest"),
    "horses": N_("Horses"),
    "action_tiles": N_("Action tiles"),
}


#: Each action kind's label, as the balance report says it (``fruitbowl analyze``).
KIND_WORDS = {
    "buy": lambda: pgettext("action kind", "Buy a line from the market"),
    "harvest": lambda: pgettext("action kind", "Harvest"),
    "income": lambda: pgettext("action kind", "Collect income"),
    "site": lambda: pgettext("action kind", "Choose a Finca's site"),
    "place": lambda: pgettext("action kind", "Place a plantation tile"),
    "cash": lambda: pgettext("action kind", "Take a Money tile"),
    "cart": lambda: pgettext("action kind", "Use the Cart"),
    "bull": lambda: pgettext("action kind", "Use the Bull"),
    "end": lambda: pgettext("action kind", "End the turn"),
    "pass": lambda: pgettext("action kind", "Pass"),
}
