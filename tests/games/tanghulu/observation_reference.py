"""Reference encoder for Tang Hu Lu observations (tests only): a fixed-length vector built from one seat's JSON view.

This is the encoder as first written, kept unchanged in behaviour so that the fast state-direct
encoder in ``fruitbowl.games.tanghulu.observation`` can be checked against it position by position.

The layout is described in :mod:`fruitbowl.games.tanghulu.observation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.observation import FACES, FRUITS, MAX_STARS, PHASES, SWEET_VALUES, TILE
from fruitbowl.games.tanghulu.patterns import PATTERN_NAMES


def _one_hot_table(values: Any) -> dict[Any, tuple[float, ...]]:
    values = list(values)
    table = {v: tuple(1.0 if v == w else 0.0 for w in values) for v in values}
    table[None] = (0.0,) * len(values)
    return table


PHASE_VEC = _one_hot_table(PHASES)
FACE_VEC = _one_hot_table(FACES)
STICK_VEC = _one_hot_table(range(C.sticks))
FRUIT_VEC = _one_hot_table(FRUITS)
#: (fruit, stars, pink) -> fruit one-hot + stars + pink; a spot or store space is one lookup.
TILE_VEC = {
    (fruit, stars, pink): (*FRUIT_VEC[fruit], stars / MAX_STARS, 1.0 if pink else 0.0)
    for fruit in FRUITS
    for stars in range(MAX_STARS + 1)
    for pink in (False, True)
}
NO_TILE = (0.0,) * (TILE + 1)


def _tile_vec(tile: Mapping[str, Any] | None) -> tuple[float, ...]:
    return TILE_VEC[tile["fruit"], tile["stars"], tile["pink"]] if tile else NO_TILE


def encode(view: Mapping[str, Any]) -> list[float]:
    """The vector for ``view`` (a seat's or a spectator's: a spectator is placed at seat 0)."""
    n = view["num_players"]
    me = view["viewer"] if view["viewer"] is not None else 0
    order = [(me + k) % n for k in range(n)]
    out: list[float] = []
    out.extend(PHASE_VEC[view["phase"]])
    out.extend(FACE_VEC[view["die"]])
    die_tile = view["die_tile"]
    out.append(1.0 if die_tile else 0.0)
    out.extend(_tile_vec(die_tile)[:TILE])
    out.append(view["price"] / 10)
    out.append(view["purchases"] / len(C.spaces))
    choice = view["pattern_choice"]
    out.extend(STICK_VEC[choice["stick"] if choice else None])
    patterns = set(choice["patterns"]) if choice else set()
    out.extend(1.0 if name in patterns else 0.0 for name in PATTERN_NAMES)
    out.append(1.0 if view["end_triggered"] else 0.0)
    out.append(min(view["round"], 30) / 30)

    for tile in view["store"]:
        out.append(1.0 if tile else 0.0)
        out.extend(_tile_vec(tile)[:TILE])
    out.append(view["drop_stock"] / C.drops)
    out.append(view["sweet_deck"] / len(C.sweet_stars))
    bag = {(b["fruit"], b["stars"]): b["count"] for b in view["bag"]["contents"]}
    out.extend(bag.get((fruit, stars), 0) / 12 for fruit in FRUITS for stars in range(MAX_STARS))
    out.extend(1.0 if seat == view["first_player"] else 0.0 for seat in order)
    out.extend(1.0 if seat == view["current_player"] else 0.0 for seat in order)

    spots = range(C.spots)
    for seat in order:
        player = view["players"][seat]
        out.append(player["coins"] / C.coin_cap)
        out.append(min(player["drops"], C.drops) / C.drops)
        out.append(player["income"] / max(1, sum(C.coin_icons) * C.sticks))
        out.append(player["sweet_cards"] / len(C.sweet_stars))
        out.append(player["tile_stars"] / 40)
        out.append(min(player["turns"], 30) / 30)
        for stick in player["sticks"]:
            tiles = stick["tiles"]
            for spot in spots:
                out.extend(_tile_vec(tiles[spot]) if spot < len(tiles) else NO_TILE)
            out.append(1.0 if stick["complete"] else 0.0)
            out.append(1.0 if stick["garnished"] else 0.0)

    own = view["players"][me].get("sweet_card_stars", []) if view["viewer"] is not None else []
    out.extend(own.count(value) / len(C.sweet_stars) for value in SWEET_VALUES)
    return out
