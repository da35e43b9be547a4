"""Tang Hu Lu's component values, loaded from ``data.toml`` and validated.

The rules read every printed value from :data:`COMPONENTS`; nothing numeric about the
physical game is written in the rules code.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fruitbowl.engine.errors import ComponentDataError

DATA_FILE = Path(__file__).with_name("data.toml")
DIE_EFFECTS = ("sugar", "coin", "fruit")


@dataclass(frozen=True)
class Components:
    fruits: tuple[str, ...]  # ordinary fruits, then the haw last
    haw: int  # index of the haw in ``fruits``
    tile_ids: tuple[str, ...]
    tile_fruit: tuple[int, ...]
    tile_stars: tuple[int, ...]
    garnish_bonus: int
    sticks: int
    spots: int
    coin_icons: tuple[int, ...]
    spaces: tuple[str, ...]
    money_bags: tuple[int, ...]
    till: int
    sweet_stars: tuple[int, ...]
    die_faces: tuple[str, ...]
    drops: int
    start_coins: int
    start_drops: int
    coin_cap: int
    garnish_cost: int
    king_stars: int
    all_different_coins: int
    all_same_sweet_cards: int
    two_pairs_sweet_cards: int
    two_pairs_drops: int
    status: dict[str, str]  # table name -> "sourced" / "RECONSTRUCTED"

    @property
    def num_tiles(self) -> int:
        return len(self.tile_ids)

    def sweet_id(self, card: int) -> str:
        return f"sweet_{card + 1:02d}"


def load_components(path: Path = DATA_FILE) -> Components:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ComponentDataError(f"{path}: cannot read Tang Hu Lu data: {exc}") from None
    try:
        return _build(raw)
    except (KeyError, TypeError) as exc:
        raise ComponentDataError(f"{path}: missing or mistyped value {exc}") from None


def _build(raw: dict[str, Any]) -> Components:
    status = {}
    for table, values in raw.items():
        if values.get("status") not in ("sourced", "RECONSTRUCTED"):
            raise ComponentDataError(f"data.toml [{table}] needs status 'sourced' or 'RECONSTRUCTED'")
        status[table] = values["status"]

    fruits_t, stars_t, board, store = raw["fruits"], raw["tile_stars"], raw["board"], raw["store"]
    sticks, supplies, rewards, materials = raw["sticks"], raw["supplies"], raw["rewards"], raw["materials"]
    low, high = materials["front_stars"]
    ordinary = tuple(fruits_t["ordinary"])
    ordinary_stars = tuple(stars_t["ordinary"])
    haw_stars = tuple(stars_t["haw"])
    _check(len(ordinary) == 4, "there are exactly four ordinary fruits (the haw is wild, not a fifth)")
    _check(
        len(ordinary_stars) == fruits_t["per_fruit"],
        "[tile_stars] ordinary lists one value per tile of a fruit",
    )
    _check(len(haw_stars) == fruits_t["haws"], "[tile_stars] haw lists one value per haw")
    front = f"fruit tiles show {low}–{high} stars on the front"
    _check(all(low <= s <= high for s in ordinary_stars + haw_stars), front)
    _check(supplies["garnish_bonus"] == 1, "the sugared back is worth exactly 1 star more than the front")

    tile_ids: list[str] = []
    tile_fruit: list[int] = []
    tile_stars: list[int] = []
    for index, name in enumerate(ordinary):
        for number, stars in enumerate(ordinary_stars, start=1):
            tile_ids.append(f"{name}_{number:02d}")
            tile_fruit.append(index)
            tile_stars.append(stars)
    for number, stars in enumerate(haw_stars, start=1):
        tile_ids.append(f"haw_{number}")
        tile_fruit.append(len(ordinary))
        tile_stars.append(stars)
    tiles = materials["fruit_tiles"]
    _check(len(tile_ids) == tiles, f"the game has {tiles} fruit tiles; data gives {len(tile_ids)}")

    icons = tuple(board["coin_icons"])
    _check(len(icons) == sticks["spots"], "[board] coin_icons has one value per spot")
    _check(all(i >= 0 for i in icons), "coin icons are not negative")
    _check(sticks["per_board"] == 3 and sticks["spots"] == 4, "each board has 3 sticks of 4 spots")
    spaces = tuple(store["spaces"])
    bags = tuple(store["money_bags"])
    _check(len(spaces) == len(bags) == 4, "the store has 4 spaces, each with its money bags")
    _check(all(b >= 0 for b in bags) and supplies["till"] >= 0, "prices are not negative")

    sweet = tuple(raw["sweet_cards"]["stars"])
    cards, (fewest, most) = materials["sweet_cards"], materials["sweet_card_stars"]
    _check(len(sweet) == cards, f"there are {cards} sweet cards; data gives {len(sweet)}")
    _check(all(fewest <= s <= most for s in sweet), f"sweet cards are worth {fewest}–{most} stars")

    faces = tuple(raw["die"]["faces"])
    _check(len(faces) == 6, "the die has 6 faces")
    _check(set(faces) == set(DIE_EFFECTS), f"the die's faces show exactly the effects {DIE_EFFECTS}")

    _check(supplies["drops"] >= 4 * supplies["start_drops"], "enough drops for four players to start")
    _check(0 <= supplies["start_coins"] <= supplies["coin_cap"], "starting coins are on the coin track")

    return Components(
        fruits=(*ordinary, fruits_t["haw"]),
        haw=len(ordinary),
        tile_ids=tuple(tile_ids),
        tile_fruit=tuple(tile_fruit),
        tile_stars=tuple(tile_stars),
        garnish_bonus=supplies["garnish_bonus"],
        sticks=sticks["per_board"],
        spots=sticks["spots"],
        coin_icons=icons,
        spaces=spaces,
        money_bags=bags,
        till=supplies["till"],
        sweet_stars=sweet,
        die_faces=faces,
        drops=supplies["drops"],
        start_coins=supplies["start_coins"],
        start_drops=supplies["start_drops"],
        coin_cap=supplies["coin_cap"],
        garnish_cost=supplies["garnish_cost"],
        king_stars=supplies["king_stars"],
        all_different_coins=rewards["all_different_coins"],
        all_same_sweet_cards=rewards["all_same_sweet_cards"],
        two_pairs_sweet_cards=rewards["two_pairs_sweet_cards"],
        two_pairs_drops=rewards["two_pairs_drops"],
        status=status,
    )


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(f"data.toml: {message}")


COMPONENTS = load_components()
