"""Which Citrus components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`).

The actions say it all: a plantation tile placed (with the action tiles it took), money, the
Cart or the bull taken, a market line bought, a Finca site chosen. The records keep the actions'
own words ("blood well", "cart"); the report says them in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.engine.plugin import ComponentHooks, constant_use, field_use
from fruitbowl.engine.wording import pgettext

from .text import action_tile_said, plantation_tile_said
from .words import KIND_WORDS


def tile_id(short: Any, well: bool) -> str:
    """A plantation tile as the action text names it: "blood well" (a blood orange with a well)."""
    return f"{short} well" if well else str(short)


def _place(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    out = [("plantation tile", tile_id(fields.get("type"), bool(fields.get("well"))))]
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
    kinds=KIND_WORDS,
    categories={
        "plantation tile": lambda: pgettext("component category", "plantation tile"),
        "action tile": lambda: pgettext("component category", "action tile"),
        "market line": lambda: pgettext("component category", "market line"),
        "finca site": lambda: pgettext("component category", "Finca site"),
    },
    names={"plantation tile": plantation_tile_said, "action tile": action_tile_said},
)
