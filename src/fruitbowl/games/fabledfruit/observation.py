"""Fabled Fruit as numbers: a fixed-length vector built from one seat's view, for learning agents.

Seats are listed from the viewer clockwise, so a policy learns "me" and "the next player".
Values are scaled into [0, 1]. Layout:

* the decision kind (one-hot), who decides / whose turn / the start player (relative one-hot),
  round, end triggered;
* per location #1–#59: cards in the display, thief next to it, which seats stand there;
* big stack, draw stack, discard pile / market / fruit-mix supply / revealed / looked-at /
  pending market cards by kind (15 each), components in play, fruit token holders and pools;
* per seat: hand size, juices, wild and double turn tokens, off the display;
* the viewer's own hand by kind, and the payment chosen so far by unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import COMPONENTS as C
from .fruits import KIND_NAME, NUM_KINDS, NUM_TYPES, NUM_UNITS

DECISIONS = (
    "move", "thief_pay", "occupant_pay", "act_or_buy", "pay", "extra_turn", "player", "name", "choose",
    "thief", "give", "discard", "put", "take",
)  # fmt: skip
KIND_INDEX = {name: k for k, name in enumerate(KIND_NAME)}
LOCATIONS = sorted(C.locations)
ZONES = ("discard", "market", "fruit_mix_supply", "revealed", "looking_at", "market_pending")


def observation_size(num_players: int) -> int:
    n = num_players
    head = len(DECISIONS) + 3 * n + 2
    table = len(LOCATIONS) * (2 + n) + 2 + len(ZONES) * NUM_KINDS + 5 + NUM_TYPES * (n + 1) + 2
    return head + table + n * 5 + NUM_KINDS + NUM_UNITS


def _kinds(values: Any) -> list[float]:
    out = [0.0] * NUM_KINDS
    if isinstance(values, dict):
        for name, count in values.items():
            out[KIND_INDEX[name]] = min(1.0, count / 12)
    elif values:
        for name in values:
            out[KIND_INDEX[name]] = min(1.0, out[KIND_INDEX[name]] + 1 / 12)
    return out


def encode(view: Mapping[str, Any]) -> list[float]:
    """The vector for ``view`` (a spectator is placed at seat 0)."""
    n = view["num_players"]
    me = view["viewer"] if view["viewer"] is not None else 0
    order = [(me + k) % n for k in range(n)]
    out: list[float] = []
    decision = view["decision"]
    out.extend(1.0 if decision and decision["kind"] == kind else 0.0 for kind in DECISIONS)
    for seat in (view["current_player"], view["active_player"], view["start_player"]):
        out.extend(1.0 if seat == s else 0.0 for s in order)
    out.append(min(1.0, view["round"] / 50))
    out.append(1.0 if view["end_triggered"] else 0.0)

    stacks = {st["location"]: st for st in view["display"]}
    for loc in LOCATIONS:
        st = stacks.get(loc)
        out.append(st["cards"] / 8 if st else 0.0)
        out.append(1.0 if st and st["thief"] else 0.0)
        here = set(st["animals"]) if st else set()
        out.extend(1.0 if s in here else 0.0 for s in order)
    out.append(view["big_stack"]["cards"] / 240)
    out.append(min(1.0, view["draw_stack"] / 70))
    for zone in ZONES:
        out.extend(_kinds(view[zone]))
    out.append(1.0 if view["market"] is not None else 0.0)
    out.append(1.0 if view["fruit_mix_supply"] is not None else 0.0)
    out.append(1.0 if view["thief"] is not None else 0.0)
    out.append((view["wild_pool"] or 0) / 3)
    out.append((view["double_pool"] or 0) / 3)
    tokens = view["fruit_tokens"] or {}
    for t in range(NUM_TYPES):
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
    out.extend(_kinds(own))
    chosen = [0.0] * NUM_UNITS
    if view["payment"]:
        from .actions import unit_name

        names = {unit_name(u): u for u in range(NUM_UNITS)}
        for unit in view["payment"]["chosen"]:
            chosen[names[unit]] = min(1.0, chosen[names[unit]] + 1 / 7)
    out.extend(chosen)
    return out
