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
INTRODUCES = ("", "market", "thief", "fruit_tokens", "wild_double_tokens", "fruit_mix", "coat", "gambling")
SMOOTHIE = "*"
#: Lime locations #1L–#20L are numbered 60–79 inside the engine, so they sort after every base
#: card (§4.1: in a Lime campaign #48–#53 come before #1L); texts always show ``#1L``.
LIME_OFFSET = 59


def loc_label(loc: int) -> str:
    """``7`` → ``"7"``, ``60`` → ``"1L"`` (§3.5 I-1: canonical ids)."""
    return f"{loc - LIME_OFFSET}L" if loc > LIME_OFFSET else str(loc)


def parse_loc(value: object) -> int:
    """``7``, ``"7"``, ``"1L"``, ``"L1"`` (the seed's setup spelling, I-1) → engine id; ValueError if not."""
    if isinstance(value, bool):
        raise ValueError(f"not a location id: {value!r}")
    if isinstance(value, int):
        return value
    text = str(value).strip().upper().lstrip("#")
    if text.endswith("L") and text[:-1].isdigit():
        return int(text[:-1]) + LIME_OFFSET
    if text.startswith("L") and text[1:].isdigit():
        return int(text[1:]) + LIME_OFFSET
    if text.isdigit():
        return int(text)
    raise ValueError(f"not a location id: {value!r}")


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

    @property
    def label(self) -> str:
        return loc_label(self.id)

    @property
    def lime(self) -> bool:
        return self.id > LIME_OFFSET


@dataclass(frozen=True)
class LimeData:
    """The Lime expansion's components and first display (§1.3, §3.2)."""

    limes: int
    gambling_tokens: int
    gambling_reveals: int  # #12L: fruits revealed per gambling token returned
    coat: int
    base_locations: tuple[int, ...]  # #48–#53, used with ``base_copies`` copies each
    base_copies: int
    cards: int
    first_display: int


@dataclass(frozen=True)
class Components:
    type_codes: tuple[str, ...]  # P B S C G, then L (lime, only in Lime games)
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
    lime: LimeData

    @property
    def num_locations(self) -> int:
        """The highest engine id (#20L = 79): location ids are 1..num_locations."""
        return max(self.locations)

    @property
    def base_types(self) -> int:
        """Fruit types of the base game (the lime is the last type code)."""
        return len(self.type_codes) - 1

    def sorted_deck(self) -> list[int]:
        """All base location cards, top first: #1 ×4 … #59 ×8 (the big stack of a new campaign)."""
        base = sorted((loc for loc in self.locations.values() if not loc.lime), key=lambda x: x.id)
        return [loc.id for loc in base for _ in range(loc.copies)]

    def lime_deck(self) -> list[int]:
        """A Lime campaign's 98 cards, top first: 3 × #48…#53, then #1L ×4 … #20L ×4 (§3.1)."""
        base = [loc for loc in self.lime.base_locations for _ in range(self.lime.base_copies)]
        lime = sorted(loc.id for loc in self.locations.values() if loc.lime)
        return base + [loc for loc in lime for _ in range(self.locations[loc].copies)]


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
    for table in ("deck", "fruits", "tokens", "targets", "market", "lime"):
        _check(raw[table].get("status") in STATUSES, f"[{table}] needs status 'sourced' or 'RECONSTRUCTED'")
        status[table] = raw[table]["status"]
    fruits = raw["fruits"]
    base_codes = tuple(fruits["codes"])
    _check(len(base_codes) == 5 and len(set(base_codes)) == 5, "there are five distinct base fruit types (§1.2)")
    lime_raw = raw["lime"]
    codes = (*base_codes, str(lime_raw["code"]))
    _check(len(set(codes)) == 6, "the lime's letter must differ from the five base fruits (§1.2)")
    _check(SMOOTHIE not in codes, "'*' is the smoothie, not a fruit letter")
    pairs = []
    for pair in fruits["fruit_mix"]:
        _check(
            len(pair) == 2 and pair[0] in base_codes and pair[1] in base_codes and pair[0] != pair[1],
            f"bad mix {pair!r}: a fruit-mix card shows two different base fruits",
        )
        pairs.append((codes.index(pair[0]), codes.index(pair[1])))
    _check(len(set(pairs)) == len(pairs) == 10, "the 10 fruit-mix cards are the 10 pairs of the five types (§5.2)")
    targets = {int(k): int(v) for k, v in raw["targets"]["juices"].items()}
    _check(sorted(targets) == [2, 3, 4, 5], "juice targets are given for 2–5 players (§2.10)")
    locations: dict[int, Location] = {}
    for entry in raw["location"]:
        try:
            number = parse_loc(entry["id"])
        except ValueError:
            raise ComponentDataError(f"Fabled Fruit data.toml: bad location id {entry['id']!r}") from None
        _check(
            isinstance(entry["id"], int) == (number <= LIME_OFFSET),
            f"location id {entry['id']!r}: base ids are numbers 1–59, Lime ids are strings '1L'–'20L'",
        )
        loc = Location(
            id=number,
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
        where = f"location #{loc.label}"
        _check(loc.id not in locations, f"{where} is listed twice")
        _check(loc.action_status in STATUSES and loc.price_status in STATUSES, f"{where}: bad status")
        _check(loc.introduces in INTRODUCES, f"{where}: unknown component {loc.introduces!r}")
        letters_ok = codes if loc.lime else base_codes
        _check(all(ch in letters_ok or ch == SMOOTHIE for ch in loc.price), f"{where}: unknown letter in {loc.price!r}")
        _check(
            loc.lime or loc.introduces not in ("coat", "gambling"), f"{where}: the coat and gambling tokens are Lime"
        )
        _check(4 <= len(loc.price) <= 7, f"{where}: a price has 4–7 icons (§5.2); got {loc.price!r}")
        letters = [ch for ch in loc.price if ch != SMOOTHIE]
        _check(
            SMOOTHIE in loc.price or len(set(letters)) < len(letters),
            f"{where}: price {loc.price!r} could be paid with fruit tokens alone; it needs a smoothie or a "
            "repeated type (§5.3)",
        )
        locations[loc.id] = loc
    base = {k: v for k, v in locations.items() if not v.lime}
    _check(sorted(base) == list(range(1, 60)), "the base game has locations #1–#59 (§1.5)")
    lime_ids = sorted(k for k, v in locations.items() if v.lime)
    _check(
        lime_ids == list(range(LIME_OFFSET + 1, LIME_OFFSET + 21)), "the Lime expansion has locations #1L–#20L (§1.3)"
    )
    _check(all(locations[k].copies == 4 for k in lime_ids), "#1L–#20L have four copies each (§1.3)")
    lime = LimeData(
        limes=int(lime_raw["limes"]),
        gambling_tokens=int(lime_raw["gambling_tokens"]),
        gambling_reveals=int(lime_raw["gambling_reveals"]),
        coat=int(lime_raw["coat"]),
        base_locations=tuple(int(x) for x in lime_raw["base_locations"]),
        base_copies=int(lime_raw["base_copies"]),
        cards=int(lime_raw["cards"]),
        first_display=int(lime_raw["first_display"]),
    )
    _check(
        lime.limes == 15 and lime.gambling_tokens == 6 and lime.coat == 1, "Lime: 15 limes, 6 gambling tokens, 1 coat"
    )
    _check(
        lime.base_locations == (48, 49, 50, 51, 52, 53) and lime.base_copies == 3,
        "the first Lime display uses 3 copies each of base #48–#53 (§3.2)",
    )
    _check(
        lime.cards == len(lime.base_locations) * lime.base_copies + 4 * len(lime_ids) == 98,
        "a Lime campaign has 18 base + 80 Lime location cards (§3.1)",
    )
    _check(lime.first_display == 24, "the first Lime display holds 24 cards (§3.2)")
    deck = raw["deck"]
    total = sum(loc.copies for loc in base.values())
    _check(total == deck["cards"] == 240, f"the location cards add up to 240 (§1.1); got {total}")
    _check(all(loc.copies == 4 for loc in locations.values() if loc.id != 59), "#1–#58 have four copies each")
    _check(locations[59].copies == 8, "#59 has eight copies (§1.1)")
    first = sum(loc.copies for loc in base.values() if loc.id <= 6)
    _check(first == deck["first_display"] == 24, "the first display is #1–#6, 24 cards (§2.2.1)")
    return Components(
        type_codes=codes,
        type_names=(*fruits["names"], str(lime_raw["name"])),
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
        lime=lime,
    )


COMPONENTS = load_components()
