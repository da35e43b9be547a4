"""Windfall's components: the numbers in ``data.toml``, read and checked once.

Every number a rule or a text uses comes from here, so a player's copy with other numbers is one
edit of ``data.toml`` away; a value that cannot work is refused with a sentence naming it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from fruitbowl.engine import ComponentDataError

DATA: dict[str, Any] = tomllib.loads((Path(__file__).parent / "data.toml").read_text(encoding="utf-8"))
MAX_PLAYERS = 4


def _whole(key: str, least: int) -> int:
    value = DATA.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ComponentDataError(f"Windfall's data.toml: {key} must be a whole number ≥ {least}; got {value!r}")
    return value


BASKET = _whole("basket", 4)  # apples at the start (the default of the "basket" option)
MOST = _whole("most_taken", 1)  # a turn takes 1 to this many apples
BONUS = _whole("windfall_bonus", 0)  # points for the last apple
CARDS: list[int] = sorted(DATA.get("bonus_cards", []))  # the secret bonus deck
if len(CARDS) < MAX_PLAYERS or not all(isinstance(card, int) and not isinstance(card, bool) for card in CARDS):
    raise ComponentDataError(f"Windfall's data.toml: bonus_cards must be {MAX_PLAYERS} or more whole numbers")
