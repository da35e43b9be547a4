"""Which Fabled Fruit components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`):
the locations it acted at and the ones it bought, recorded by their ids ("6", "1L") and said by number
and name in the reader's language ("#6 Two pineapples for five")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.plugin import ComponentHooks, UseReader
from fruitbowl.engine.wording import pgettext

from .components import COMPONENTS, loc_label, parse_loc
from .text import location_title
from .words import KIND_WORDS


def _location(category: str) -> UseReader:
    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        location = data.get("location")
        return (
            []
            if location is None
            else [(category, loc_label(location) if isinstance(location, int) else str(location))]
        )

    return read


def location_said(recorded: str) -> str:
    """A recorded location ("6") by number and name ("#6 Two pineapples for five"); else as recorded."""
    try:
        location = parse_loc(recorded)
    except ValueError:
        return recorded
    return location_title(location) if location in COMPONENTS.locations else recorded


HOOKS = ComponentHooks(
    events={"act": _location("location used"), "buy": _location("location bought")},
    handled=frozenset({"move", "signpost", "declare_buy", "refill"}),
    kinds=KIND_WORDS,
    categories={
        "location used": lambda: pgettext("component category", "location used"),
        "location bought": lambda: pgettext("component category", "location bought"),
    },
    names={"location used": location_said, "location bought": location_said},
)
