"""Test-only reference: Fabled Fruit's observation encoded from the JSON view ``state.view(seat)``.

The encoder as first written, kept plain to read; the game's fast encoder
(:mod:`fruitbowl.games.fabledfruit.observation`) reads the state directly and must give the same
vector (``tests/games/fabledfruit/test_observation.py``).

The layout is described in :mod:`fruitbowl.games.fabledfruit.observation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.games.fabledfruit.actions import unit_name
from fruitbowl.games.fabledfruit.components import COMPONENTS as C
from fruitbowl.games.fabledfruit.observation import ZONES, layout, observation_size


def _kinds(values: Any, index: Mapping[str, int], size: int) -> list[float]:
    out = [0.0] * size
    if isinstance(values, dict):
        for name, count in values.items():
            out[index[name]] = min(1.0, count / 12)
    elif values:
        for name in values:
            out[index[name]] = min(1.0, out[index[name]] + 1 / 12)
    return out


def encode(view: Mapping[str, Any]) -> list[float]:
    """The vector for ``view`` (a spectator is placed at seat 0)."""
    lay = layout(bool(view.get("lime")))
    index = lay.kind_index
    kinds = len(lay.kinds)
    n = view["num_players"]
    me = view["viewer"] if view["viewer"] is not None else 0
    order = [(me + k) % n for k in range(n)]
    out: list[float] = []
    decision = view["decision"]
    out.extend(1.0 if decision and decision["kind"] == kind else 0.0 for kind in lay.decisions)
    for seat in (view["current_player"], view["active_player"], view["start_player"]):
        out.extend(1.0 if seat == s else 0.0 for s in order)
    out.append(min(1.0, view["round"] / 50))
    out.append(1.0 if view["end_triggered"] else 0.0)

    stacks = {st["location"]: st for st in view["display"]}
    for loc in lay.locations:
        st = stacks.get(loc)
        out.append(st["cards"] / 8 if st else 0.0)
        out.append(1.0 if st and st["thief"] else 0.0)
        here = set(st["animals"]) if st else set()
        out.extend(1.0 if s in here else 0.0 for s in order)
    out.append(view["big_stack"]["cards"] / (98 if lay.lime else 240))
    out.append(min(1.0, view["draw_stack"] / 85))
    for zone in ZONES:
        out.extend(_kinds(view[zone], index, kinds))
    out.append(1.0 if view["market"] is not None else 0.0)
    out.append(1.0 if view["fruit_mix_supply"] is not None else 0.0)
    out.append(1.0 if view["thief"] is not None else 0.0)
    out.append((view["wild_pool"] or 0) / 3)
    out.append((view["double_pool"] or 0) / 3)
    tokens = view["fruit_tokens"] or {}
    for t in range(lay.types):
        holder = tokens.get(C.type_names[t], -2)
        out.extend(1.0 if holder == s else 0.0 for s in order)
        out.append(1.0 if holder == -1 else 0.0)
    out.append(1.0 if view["fruit_tokens"] is not None else 0.0)
    out.append(1.0 if view["payment"] else 0.0)

    for seat in order:
        player = view["players"][seat]
        out.append(min(1.0, player["hand_size"] / 30))
        out.append(min(1.0, len(player["juices"]) / 5))
        out.append(player["wild"] / 3)
        out.append(player["double"] / 3)
        out.append(1.0 if player["position"] == 0 else 0.0)
    own = view["players"][me].get("hand", {}) if view["viewer"] is not None else {}
    out.extend(_kinds(own, index, kinds))
    chosen = [0.0] * len(lay.units)
    if view["payment"]:
        names = {unit_name(u): i for i, u in enumerate(lay.units)}
        for unit in view["payment"]["chosen"]:
            chosen[names[unit]] = min(1.0, chosen[names[unit]] + 1 / 7)
    out.extend(chosen)
    if lay.lime:
        out.extend(_lime_block(view, order, me, index, kinds))
    return out


def _lime_block(
    view: Mapping[str, Any], order: list[int], me: int, index: Mapping[str, int], kinds: int
) -> list[float]:
    out = [min(1.0, (view["lime_pile"] or 0) / 15)]
    coat = view["coat"]
    out.extend(1.0 if coat == s else 0.0 for s in order)
    out.append(1.0 if coat == -1 else 0.0)
    out.append((view["gambling_pool"] or 0) / 6)
    for seat in order:
        player = view["players"][seat]
        out.append(min(1.0, player.get("saved_count", 0) / 10))
        out.append(player.get("gambling", 0) / 6)
    own = view["players"][me].get("saved", {}) if view["viewer"] is not None else {}
    out.extend(_kinds(own, index, kinds))
    round_ = view["offer_round"]
    out.append((round_["limes"] / 2) if round_ else 0.0)
    offers = {o["seat"]: o["fruits"] for o in round_["offers"]} if round_ else {}
    for seat in order:
        out.extend(_kinds(offers.get(seat, {}), index, kinds))
    return out


__all__ = ["encode", "layout", "observation_size"]
