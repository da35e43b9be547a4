"""The reference encoder of a Citrus view (test-only): the observation layout as first written.

``fruitbowl.games.citrus.observation.encode(state, seat)`` reads the state directly for speed and
must give exactly this vector for ``state.view(seat)`` (``test_observation.py`` checks it).

The layout is described in :mod:`fruitbowl.games.citrus.observation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fruitbowl.games.citrus.observation import FINCA_TOP, LANDSCAPE, MARKET, PHASES, SITE_STATES, SPACE_TYPES, TYPES


def encode(view: Mapping[str, Any]) -> list[float]:
    """The vector for ``view`` (a spectator is placed at seat 0)."""
    n = view["num_players"]
    me = view["viewer"] if view["viewer"] is not None else 0
    order = [(me + k) % n for k in range(n)]
    relative = {seat: k for k, seat in enumerate(order)}
    out: list[float] = []
    out.extend(1.0 if phase == view["phase"] else 0.0 for phase in PHASES)
    out.append(1.0 if view["main_done"] else 0.0)
    out.append(1.0 if view["refill_pending"] else 0.0)
    waiting = {(w["type"], w["well"]): w["count"] for w in view["waiting"]}
    out.extend(min(waiting.get((t, well), 0), 4) / 4 for t in TYPES for well in (False, True))

    board = view["board"]
    for space in range(len(board["type"])):
        out.extend(1.0 if kind == board["type"][space] else 0.0 for kind in SPACE_TYPES)
        tile = board["tile"][space]
        out.extend(1.0 if tile and tile[0] == index else 0.0 for index in range(len(TYPES)))
        out.append(1.0 if tile and tile[1] else 0.0)
        owner = board["owner"][space]
        out.extend(1.0 if owner is not None and owner >= 0 and relative[owner] == k else 0.0 for k in range(n))
        out.append(1.0 if owner == -1 else 0.0)
        out.append(1.0 if board["worker"][space] else 0.0)
        land = board["landscape"][space]
        out.extend(1.0 if land and land[0] == kind else 0.0 for kind in LANDSCAPE)
        out.append(min(land[1] or 0, 5) / 5 if land else 0.0)
        out.append(1.0 if board["bull"][space] else 0.0)

    for site in view["sites"]:
        out.extend(1.0 if state == site["state"] else 0.0 for state in SITE_STATES)
        finca = site["finca"]
        out.append(finca["high"] / FINCA_TOP if finca else 0.0)
        out.append(finca["low"] / FINCA_TOP if finca else 0.0)
        out.append(1.0 if finca and finca["scored"] else 0.0)
        out.append(site["filled"] / max(1, site["neighbours"]))

    for space in view["market"]["spaces"][:MARKET]:
        tile = space["tile"]
        out.append(1.0 if tile else 0.0)
        out.extend(1.0 if tile and tile["type"] == t else 0.0 for t in TYPES)
        out.append(1.0 if tile and tile["well"] else 0.0)
    bag = {(b["type"], b["well"]): b["count"] for b in view["bag"]["counts"]}
    out.extend(min(bag.get((t, well), 0), 20) / 20 for t in TYPES for well in (False, True))
    out.extend(1.0 if seat == view["first_player"] else 0.0 for seat in order)
    out.extend(1.0 if seat == view["current_player"] else 0.0 for seat in order)

    for seat in order:
        player = view["players"][seat]
        out.append(min(player["money"], 12) / 12)
        out.append(min(player["workers"], 5) / 5)
        out.append(min(player["income"], 20) / 20)
        out.append(min(max(player["score"], 0), 150) / 150)
        held = [h["kind"] for h in player["held"]]
        out.extend(min(held.count(kind), 4) / 4 for kind in LANDSCAPE)
        out.append(min(len(player["horses"]), 12) / 12)
        out.append(min(player["regions"], 20) / 20)
    return out
