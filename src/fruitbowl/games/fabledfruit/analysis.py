"""Which Fabled Fruit components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`):
the locations it acted at and the ones it bought, by number and name ("#6 Two pineapples for five")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.plugin import ComponentHooks, UseReader

from .components import COMPONENTS


def location_name(location: Any) -> str:
    info = COMPONENTS.locations.get(location) if isinstance(location, int) else None
    return f"#{location} {info.name}" if info is not None else f"#{location}"


def _location(category: str) -> UseReader:
    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        location = data.get("location")
        return [] if location is None else [(category, location_name(location))]

    return read


HOOKS = ComponentHooks(
    events={"act": _location("location used"), "buy": _location("location bought")},
    handled=frozenset({"move", "signpost", "declare_buy", "refill"}),
)
