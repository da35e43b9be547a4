"""Which Juicy Fruits components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`):
business tokens claimed, placed, produced, split and scored as bonuses (recorded by id, said by id and
name in the reader's language: "T10 Cocktail Bar"), and ships supplied."""

from __future__ import annotations

from fruitbowl.engine.plugin import ComponentHooks, field_use
from fruitbowl.engine.wording import pgettext

from .components import COMPONENTS
from .words import KIND_WORDS, token_data_name, token_name

#: The business token ids, base game and Module 3 (X01-X10).
TOKEN_IDS = frozenset(token.id for token in COMPONENTS.all_tokens)
#: The categories whose names are business tokens (the last two: the generic rule's, Module 3's whales).
TOKEN_CATEGORIES = (
    "business token",
    "token placed",
    "token produced",
    "token split",
    "token bonus",
    "watch token",
    "whale placed token",
)


def token_said(recorded: str) -> str:
    """A recorded business token ("T10") by id and name ("T10 Cocktail Bar"); else as recorded."""
    if recorded not in TOKEN_IDS:
        return recorded
    printed = token_data_name(recorded)  # (Mystic Island's whale tokens carry their id in their name)
    return token_name(printed) if recorded in printed else f"{recorded} {token_name(printed)}"


HOOKS = ComponentHooks(
    events={
        "claim": field_use("business token", "token"),
        "place": field_use("token placed", "token"),
        "produce": field_use("token produced", "token"),
        "split": field_use("token split", "token"),
        "bonus": field_use("token bonus", "token"),
        "supply": field_use("ship", "ship"),
    },
    kinds=KIND_WORDS,
    categories={
        "business token": lambda: pgettext("component category", "business token"),
        "token placed": lambda: pgettext("component category", "token placed"),
        "token produced": lambda: pgettext("component category", "token produced"),
        "token split": lambda: pgettext("component category", "token split"),
        "token bonus": lambda: pgettext("component category", "token bonus"),
        "ship": lambda: pgettext("component category", "ship"),
        # the generic rule's categories of Mystic Island's pieces (sim.components.generic)
        "boulder boulder": lambda: pgettext("component category", "boulder"),
        "explore tile": lambda: pgettext("component category", "explored tile"),
        "statue tile": lambda: pgettext("component category", "statue tile"),
        "watch token": lambda: pgettext("component category", "whale watching token"),
        "whale placed token": lambda: pgettext("component category", "whale placed"),
    },
    names=dict.fromkeys(TOKEN_CATEGORIES, token_said),
)
