"""Which Tang Hu Lu components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`):
the patterns it was rewarded for and the garnishes it took, by stars. The report says the action
kinds, categories and patterns in the reader's language; the records keep the data's names."""

from __future__ import annotations

from fruitbowl.engine.plugin import ComponentHooks, field_use
from fruitbowl.engine.wording import pgettext

from .text import KIND_WORDS, word

HOOKS = ComponentHooks(
    events={"reward": field_use("pattern", "pattern"), "garnish": field_use("garnish", "stars", "{}★")},
    handled=frozenset({"buy", "place", "die_tile", "return", "refill"}),
    kinds=KIND_WORDS,
    categories={
        "pattern": lambda: pgettext("component category", "pattern"),
        "garnish": lambda: pgettext("component category", "garnish"),
    },
    names={"pattern": word},
)
