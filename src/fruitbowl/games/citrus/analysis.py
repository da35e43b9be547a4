"""Which Citrus components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`).

The actions say it all: a plantation tile placed (with the action tiles it took), money, the
Cart or the bull taken, a market line bought, a Finca site chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.plugin import ComponentHooks, constant_use, field_use

from .components import COMPONENTS


def tile_name(short: Any, well: bool) -> str:
    """A plantation tile as players name it: "blood orange with a well", not "blood well"."""
    name = COMPONENTS.type_names[COMPONENTS.types.index(short)] if short in COMPONENTS.types else str(short)
    return name + (" with a well" if well else "")


def _place(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    out = [("plantation tile", tile_name(fields.get("type"), bool(fields.get("well"))))]
    out += [("action tile", name) for name in ("bridge", "milestone") if fields.get(name)]
    return out


HOOKS = ComponentHooks(
    actions={
        "place": _place,
        "cash": constant_use("action tile", "money"),
        "cart": constant_use("action tile", "cart"),
        "bull": constant_use("action tile", "bull"),
        "buy": field_use("market line", "line_name"),
        "site": field_use("finca site", "letter"),
    },
    # what the actions above already count, and events that only look like uses
    handled=frozenset({"place", "buy", "finca", "bull", "cart", "cash", "finca_scored", "harvest"}),
)
