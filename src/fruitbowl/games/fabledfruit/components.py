"""Fabled Fruit's component values, loaded from ``data.toml`` and validated at import.

The rules read names, prices, copies, signposts and market flags from :data:`COMPONENTS`;
the only per-location code is the effect function in :mod:`.locations`. A wrong data file is
refused with a :class:`ComponentDataError` naming the rule it breaks (240 cards, a price
without a smoothie or repeated type, an unknown price letter…).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fruitbowl.engine.errors import ComponentDataError

DATA_FILE = Path(__file__).with_name("data.toml")
STATUSES = ("sourced", "RECONSTRUCTED")
INTRODUCES = ("", "market", "thief", "fruit_tokens", "wild_double_tokens", "fruit_mix")
SMOOTHIE = "*"


@dataclass(frozen=True)
class Location:
    id: int
    name: str
    animal: str
    copies: int
    price: str  # letters and '*', as printed
    signpost: bool
    market: bool
    introduces: str
    action: str
    action_status: str
    price_status: str


@dataclass(frozen=True)
class Components:
    type_codes: tuple[str, ...]  # P B S C G
    type_names: tuple[str, ...]
    per_type: int
    mix_pairs: tuple[tuple[int, int], ...]  # the fruit-mix cards, as pairs of type indices
    wild_tokens: int
    double_tokens: int
    targets: dict[int, int]
    market_size: int
    deck_cards: int
    first_display: int
    locations: dict[int, Location]
    status: dict[str, str]

    @property
    def num_locations(self) -> int:
        return len(self.locations)

    def sorted_deck(self) -> list[int]:
        """All location cards, top first: #1 ×4 … #59 ×8 (the big stack of a new campaign)."""
        return [loc.id for loc in sorted(self.locations.values(), key=lambda x: x.id) for _ in range(loc.copies)]


def load_components(path: Path = DATA_FILE) -> Components:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ComponentDataError(f"{path}: cannot read Fabled Fruit data: {exc}") from None
    try:
        return _build(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise ComponentDataError(f"{path}: missing or mistyped value {exc}") from None


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(f"Fabled Fruit data.toml: {message}")


def _build(raw: dict[str, Any]) -> Components:
    status = {}
    for table in ("deck", "fruits", "tokens", "targets", "market"):
        _check(raw[table].get("status") in STATUSES, f"[{table}] needs status 'sourced' or 'RECONSTRUCTED'")
        status[table] = raw[table]["status"]
    fruits = raw["fruits"]
    codes = tuple(fruits["codes"])
    _check(len(codes) == 5 and len(set(codes)) == 5, "there are five distinct base fruit types (§1.2)")
    _check(SMOOTHIE not in codes, "'*' is the smoothie, not a fruit letter")
    pairs = []
    for pair in fruits["fruit_mix"]:
        _check(len(pair) == 2 and pair[0] in codes and pair[1] in codes and pair[0] != pair[1], f"bad mix {pair!r}")
        pairs.append((codes.index(pair[0]), codes.index(pair[1])))
    _check(len(set(pairs)) == len(pairs) == 10, "the 10 fruit-mix cards are the 10 pairs of the five types (§5.2)")
    targets = {int(k): int(v) for k, v in raw["targets"]["juices"].items()}
    _check(sorted(targets) == [2, 3, 4, 5], "juice targets are given for 2–5 players (§2.10)")
    locations: dict[int, Location] = {}
    for entry in raw["location"]:
        loc = Location(
            id=int(entry["id"]),
            name=str(entry["name"]),
            animal=str(entry.get("animal", "")),
            copies=int(entry["copies"]),
            price=str(entry["price"]),
            signpost=bool(entry["signpost"]),
            market=bool(entry["market"]),
            introduces=str(entry["introduces"]),
            action=str(entry["action"]),
            action_status=str(entry["action_status"]),
            price_status=str(entry["price_status"]),
        )
        where = f"location #{loc.id}"
        _check(loc.id not in locations, f"{where} is listed twice")
        _check(loc.action_status in STATUSES and loc.price_status in STATUSES, f"{where}: bad status")
        _check(loc.introduces in INTRODUCES, f"{where}: unknown component {loc.introduces!r}")
        _check(all(ch in codes or ch == SMOOTHIE for ch in loc.price), f"{where}: unknown letter in {loc.price!r}")
        _check(4 <= len(loc.price) <= 7, f"{where}: a price has 4–7 icons (§5.2); got {loc.price!r}")
        letters = [ch for ch in loc.price if ch != SMOOTHIE]
        _check(
            SMOOTHIE in loc.price or len(set(letters)) < len(letters),
            f"{where}: price {loc.price!r} could be paid with fruit tokens alone; it needs a smoothie or a "
            "repeated type (§5.3)",
        )
        locations[loc.id] = loc
    _check(sorted(locations) == list(range(1, 60)), "the base game has locations #1–#59 (§1.5)")
    deck = raw["deck"]
    total = sum(loc.copies for loc in locations.values())
    _check(total == deck["cards"] == 240, f"the location cards add up to 240 (§1.1); got {total}")
    _check(all(loc.copies == 4 for loc in locations.values() if loc.id != 59), "#1–#58 have four copies each")
    _check(locations[59].copies == 8, "#59 has eight copies (§1.1)")
    first = sum(loc.copies for loc in locations.values() if loc.id <= 6)
    _check(first == deck["first_display"] == 24, "the first display is #1–#6, 24 cards (§2.2.1)")
    return Components(
        type_codes=codes,
        type_names=tuple(fruits["names"]),
        per_type=int(fruits["per_type"]),
        mix_pairs=tuple(pairs),
        wild_tokens=int(raw["tokens"]["wild"]),
        double_tokens=int(raw["tokens"]["double"]),
        targets=targets,
        market_size=int(raw["market"]["size"]),
        deck_cards=int(deck["cards"]),
        first_display=int(deck["first_display"]),
        locations=locations,
        status=status,
    )


COMPONENTS = load_components()
