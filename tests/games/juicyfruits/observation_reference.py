"""The reference encoder of Juicy Fruits' observation: the layout as first written, from the JSON view.

Test-only. :func:`fruitbowl.games.juicyfruits.observation.encode` reads the state directly for
speed; ``tests/games/juicyfruits/test_observation.py`` checks it against :func:`encode` below,
which builds the same vector from ``state.view(seat)`` alone (easy to read, slow).

The layout is described in :mod:`fruitbowl.games.juicyfruits.observation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.games.juicyfruits.observation import (
    BEACHES,
    CATEGORIES,
    CELLS,
    COLUMNS,
    FRUITS,
    MARKERS,
    MODULE_PHASES,
    PHASES,
    PIECES,
)


def encode(view: Mapping[str, Any]) -> list[float]:
    """The vector for ``view`` (a spectator is placed at seat 0)."""
    n = view["num_players"]
    me = view["viewer"] if view["viewer"] is not None else 0
    order = [(me + k) % n for k in range(n)]
    out: list[float] = []
    out.extend(1.0 if phase == view["phase"] else 0.0 for phase in PHASES)
    moved = view["pending"].get("moved") or {}
    out.extend(1.0 if cell == moved.get("cell") else 0.0 for cell in range(CELLS))
    out.append(min(moved.get("distance", 0), 4) / 4)
    factory = view["juice_factory"]
    out.append(factory["steps_this_turn"] / max(1, factory["max_steps"]) if factory else 0.0)

    license = view["license"]
    out.append(min(view["round"], 60) / 60)
    out.append(min(view["quiet_rounds"], 10) / 10)
    out.append(license["left"] / max(1, license["start"]))
    out.append(1.0 if license["at_x"] else 0.0)
    out.append(1.0 if view["end_triggered"] else 0.0)
    board = view["business_board"]
    out.append(board["columns_in_play"] / COLUMNS)
    for row in board["rows"]:
        for token in row["spaces"]:
            out.append(1.0 if token else 0.0)
            category = token["category"] if token else None
            out.extend(1.0 if c == category else 0.0 for c in CATEGORIES)
            out.append(min(token.get("points", 0), 10) / 10 if token else 0.0)
    pools = {pool["kind"]: pool for pool in view["ice_cream"]["pools"]}
    for kind in MARKERS:
        pool = pools.get(kind)
        out.append(pool["left"] / max(1, len(pool["values"])) if pool else 0.0)
        out.append((pool["next"] or 0) / 5 if pool else 0.0)
    bags = view["bags"] or {}
    out.extend(min(bags.get(colour, 0), 25) / 25 for colour in ("orange", "green"))
    out.append(len(view["large_venues"]) / (7 if view.get("new_business") else 6))  # + the restaurant
    solo = view["solo"]
    out.append(min(solo["pineapple_score"], 150) / 150 if solo else 0.0)
    out.append(min(solo["bag_size"], 50) / 50 if solo else 0.0)
    out.append(min(len(solo["drawn"]), 10) / 10 if solo else 0.0)
    out.extend(1.0 if seat == view["first_player"] else 0.0 for seat in order)
    out.extend(1.0 if seat == view["current_player"] else 0.0 for seat in order)

    for seat in order:
        player = view["players"][seat]
        out.append(min(player["score"], 150) / 150)
        out.extend(min(player["reserve"].get(fruit, 0), 20) / 20 for fruit in FRUITS)
        out.extend(min(player["markers"].get(kind, 0), 5) / 5 for kind in MARKERS)
        out.append(player["juice"] / 10)
        out.append(min(player["stars"], 30) / 30)
        out.append(min(player["turns"], 60) / 60)
        out.append(min(player["empty_beaches"], 16) / 16)
        out.append(min(len(player["supplied"]), 25) / 25)
        out.append(min(len(player["tokens"]), 12) / 12)
        for piece in player["grid"]:
            _cell(out, piece)
    if view.get("modules"):
        _modules(out, view, order)
    return out


def _modules(out: list[float], view: Mapping[str, Any], order: list[int]) -> None:
    out.extend(1.0 if phase == view["phase"] else 0.0 for phase in MODULE_PHASES)
    mystic = view["mystic"]
    if mystic:
        for cell in mystic["cells"]:
            out.append(1.0 if cell["statue"] else 0.0)
            out.append((cell["statue"] or 0) / 13)
            out.append((cell["plateau"] or 0) / 12)
        explorers = mystic["explorers"]
        ranked = [explorers[seat] for seat in order] + explorers[len(order) :]
        for explorer in ranked:
            out.extend(1.0 if c == explorer["cell"] else 0.0 for c in range(CELLS))
        out.extend(min(len(mystic["collected"][seat]), 11) / 11 for seat in order)
        out.append((mystic["pending_statue"] or 0) / 13)
    boulders = view["boulders"]
    if boulders:
        for tile in boulders["tray"]:
            number, side = int(tile["id"][:-1]), tile["id"][-1]
            out.extend(1.0 if number == k else 0.0 for k in range(1, 9))
            out.append(1.0 if side == "b" else 0.0)
        out.extend(min(tile["count"], 4) / 4 for tile in boulders["tray"])
        for seat in order:
            grid = view["players"][seat]["grid"]
            out.extend(1.0 if (grid[c] or {}).get("type") == "boulder" else 0.0 for c in boulders["corners"])
            out.append(len(boulders["removed"][seat]) / 4)
    extra = view["new_business"]
    if extra:
        me = order[0]
        for whale in extra["whales"]:
            out.extend(1.0 if whale["beach"] == b else 0.0 for b in BEACHES)
            out.append(1.0 if whale["owner"] == me else 0.0)
            out.append(1.0 if whale["owner"] is not None and whale["owner"] != me else 0.0)
        out.append(1.0 if extra["three_per_row"] else 0.0)
        for seat in order:
            offices = extra["offices"][seat]
            out.append(1.0 if offices.get("harbor_office") else 0.0)
            out.append(1.0 if offices.get("construction_office") else 0.0)
            for piece in view["players"][seat]["grid"]:
                piece = piece or {}
                out.append(1.0 if piece.get("type") == "boulder" else 0.0)
                out.append(1.0 if piece.get("category") == "admin" else 0.0)
                out.append(1.0 if piece.get("category") == "whale_watching" else 0.0)
                out.append(1.0 if piece.get("pond_only") else 0.0)


def _cell(out: list[float], piece: Mapping[str, Any] | None) -> None:
    kind = piece["type"] if piece else None
    out.extend(1.0 if k == kind else 0.0 for k in PIECES)
    fruits = set()
    if piece:
        if piece.get("fruit"):
            fruits.add(piece["fruit"])
        fruits.update(piece.get("fruits") or ())
    out.extend(1.0 if fruit in fruits else 0.0 for fruit in FRUITS)
    demand = piece.get("demand", {}) if piece else {}
    out.extend(min(demand.get(fruit, 0), 5) / 5 for fruit in FRUITS)
    out.append(min(piece.get("points", 0), 10) / 10 if piece else 0.0)
    category = piece.get("category") if piece else None
    out.extend(1.0 if c == category else 0.0 for c in CATEGORIES)
