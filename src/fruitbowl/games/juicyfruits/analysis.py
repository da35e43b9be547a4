"""Which Juicy Fruits components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`):
business tokens claimed, placed, produced, split and scored as bonuses (by id and name), and ships
supplied."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.plugin import ComponentHooks, UseReader, field_use

from .components import COMPONENTS

TOKEN_NAMES = {token.id: token.name for token in COMPONENTS.tokens}


def _token(category: str) -> UseReader:
    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        token = data.get("token")
        if token is None:
            return []
        name = TOKEN_NAMES.get(str(token))
        return [(category, f"{token} {name}" if name else str(token))]

    return read


HOOKS = ComponentHooks(
    events={
        "claim": _token("business token"),
        "place": _token("token placed"),
        "produce": _token("token produced"),
        "split": _token("token split"),
        "bonus": _token("token bonus"),
        "supply": field_use("ship", "ship"),
    },
)
