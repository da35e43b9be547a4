"""Juicy Fruits in words and views: what each seat sees, event sentences, prompts, refusals.

Everything here is plain data and plain strings, shared by every front end.

The view
========

``build_view(state, seat)`` returns one JSON-ready dict, the same for every seat apart from
``viewer`` (the game has no private hands; bag and box *contents* and orders and the random
generator are never shown — only bag sizes). Its keys:

* ``game`` ``"juicyfruits"``, ``viewer`` (seat or ``None``), ``num_players``, ``options``,
  ``phase`` (``move | split | produce | action | place | bonus | juice | over``),
  ``current_player`` (-1 when over), ``first_player``, ``round``, ``end_triggered``,
  ``end_reason`` (``license | bag | stalemate`` or ``""``), ``quiet_rounds``.
* ``fruits``: ``[{"code": "B", "name": "banana"}, …]`` in component order; every fruit count
  below is a dict keyed by fruit *name*.
* ``island``: the geometry shared by all islands: ``size`` 5; ``cells``: 25 entries
  ``{"cell", "name" ("a5"), "row", "col", "kind" (beach|pond|corner|inland), "beach" (N/E/S/W
  or null)}``, cell = row × 5 + col, row 0 = north (far from the owner), ``a1`` = south-west;
  ``beaches`` ``{"N": [cells], …}``; ``ponds``; ``blocks``: the 16 2×2 blocks as
  ``{"block", "name" ("a5-b4"), "cells"}``.
* ``players``: per seat ``{"seat", "score", "breakdown" {category: points}, "reserve",
  "grid": [25 × piece or null], "supplied": [ship ids], "tokens": [token ids claimed],
  "stars", "markers": {"yellow": n, …, "milkshake": n}, "juice" (0–10), "turns",
  "empty_beaches"}``. A piece is one of ``{"type": "ship", "id", "demand", "points"}``,
  ``{"type": "collector", "fruit"}``, ``{"type": "token", "id", "name", "category",
  "fruits"?, "kind"?, "points"?, "stars"?, "formula"?}`` or ``{"type": "venue", "id", "name",
  "points", "stars", "origin" (true on its north-west cell)}``.
* ``business_board``: ``{"columns_in_play", "rows": [{"row" 1–5, "cost", "points",
  "spaces": [4 × token or null]}]}`` (tokens as above, plus ``"row"``/``"column"``).
* ``license``: ``{"start", "left" (claims until X), "at_x"}``.
* ``ice_cream``: ``{"pools": [{"kind", "values", "left", "next" (value or null)}], …}`` with
  the milkshake pool last (``kind`` ``"milkshake"``).
* ``large_venues``: the venues still waiting beside the board.
* ``juice_factory``: ``null`` unless the option is on, else ``{"spaces": [{"space", "cost",
  "points"}], "steps_this_turn", "max_steps"}`` (positions are in ``players``).
* ``pending``: what the current decision is about: ``{"moved": {"cell", "distance",
  "piece"}}`` in split/produce (with ``"split"`` fruit names or ``"production"`` limits), or
  ``{"token": …}`` in place/bonus, else ``{}``.
* ``solo``: ``null`` unless solo, else ``{"board", "pineapple_score", "breakdown",
  "bag_size", "drawn": [{"id", "value", "wait"}], "claimed": [token ids]}``.
* ``bags``: ships left in the orange and green bags (multiplayer; sizes only).
* ``standings``: the result's JSON once the game is over, else ``null``.
* ``modules``: the Mystic Island modules in play (``[]`` in a base game), then one key per
  module, ``null`` when it is not played: ``mystic`` (:func:`.mystic.view`: the 25 cells in
  printed orientation with statues and plateaus, each seat's edge, explorers, collected and
  boxed tiles, the statue legend), ``boulders`` (:func:`.boulders.view`: the dealt boulders
  and their conditions, the tray, removals per seat; boulders on corners are grid pieces
  ``{"type": "boulder", "id", "text"}``) and ``new_business`` (:func:`.new_business.view`:
  the whales' owners and beaches, each seat's offices and whether they work yet). The module
  phases put ``explore``/``collect``, ``statue`` or ``arrange`` into ``pending``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import counted, plural

from . import boulders, business, juice, mystic, new_business
from .boulders import BOULDER, condition_text
from .components import BEACH_NAMES, MODULES
from .components import COMPONENTS as C
from .island import (
    BEACH_OF,
    BEACHES,
    BLOCK_CELLS,
    CELL_NAMES,
    CELLS,
    COLLECTOR,
    PONDS,
    SHIP,
    SIZE,
    SPACE_KINDS,
    TOKEN,
    VENUE,
    block_name,
    empty_beaches,
)
from .ships import DEMANDS, cost_text, shortfall

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

FRUITS = C.fruit_names
CATEGORY_NAMES = {
    "placeholder": "large venue",
    "small_venue": "small venue",
    "stall": "stall",
    "advanced_collector": "advanced collector",
    "ice_cream_cart": "ice cream cart",
    "admin": "administration building",
    "whale_watching": "whale watching",
}
ADMIN_TEXT = {
    "harbor_office": "from your next turn: +1 per business token whenever you supply a ship",
    "construction_office": "from your next turn: claims cost 1 fruit less and score +1",
}
FORMULA_TEXT = {
    "per_empty_beach": "{p} per empty beach",
    "per_supplied_ship": "{p} per supplied ship",
    "per_star": "{p} per venue star",
    "per_two_fruits": "{p} per 2 fruits left",
    "per_full_beach": "{p} per beach with all 3 ships",
    "per_milkshake": "{p} per milkshake marker",
}


def counts(cost: Sequence[int]) -> dict[str, int]:
    return {FRUITS[f]: n for f, n in enumerate(cost) if n}


def token_json(token: int) -> dict[str, Any]:
    spec = C.all_tokens[token]
    out: dict[str, Any] = {"type": "token", "id": spec.id, "name": spec.name, "category": spec.category}
    if spec.category == "advanced_collector":
        out["fruits"] = [FRUITS[f] for f in spec.fruits]
    elif spec.category == "ice_cream_cart":
        out["kind"] = C.ice_kinds[spec.kind]
    elif spec.category == "stall":
        out["formula"] = spec.formula
        out["points"] = spec.points
        out["text"] = FORMULA_TEXT[spec.formula].format(p=spec.points)
    elif spec.category == "admin":
        out["effect"] = spec.effect
        out["text"] = ADMIN_TEXT[spec.effect]
    elif spec.category == "whale_watching":
        out["text"] = "at the end of your turns: move it; +2 when it sees its whale"
    else:
        out["points"] = spec.points
        out["stars"] = spec.stars
    if spec.category == "placeholder":
        out["venue"] = C.all_venues[spec.venue].id
    if spec.pond_only:
        out["pond_only"] = True
    if spec.module:
        out["module"] = spec.module
    return out


def piece_json(code: int, cell: int) -> dict[str, Any] | None:
    if code < 0:
        return None
    if code < COLLECTOR:
        ship = C.ships[code - SHIP]
        return {"type": "ship", "id": ship.id, "demand": counts(ship.demand), "points": ship.points}
    if code < TOKEN:
        return {"type": "collector", "fruit": FRUITS[code - COLLECTOR]}
    if code < VENUE:
        return token_json(code - TOKEN)
    if code >= BOULDER:
        return {"type": "boulder", "id": C.boulders[code - BOULDER].id, "text": condition_text(code - BOULDER)}
    venue = C.all_venues[code - VENUE]
    return {"type": "venue", "id": venue.id, "name": venue.name, "points": venue.points, "stars": venue.stars}


def _grid_json(grid: list[int]) -> list[dict[str, Any] | None]:
    out = []
    for cell, code in enumerate(grid):
        piece = piece_json(code, cell)
        if piece is not None and piece["type"] == "venue":
            west = cell % SIZE > 0 and grid[cell - 1] == code
            north = cell >= SIZE and grid[cell - SIZE] == code
            piece["origin"] = not west and not north
        out.append(piece)
    return out


ISLAND_JSON: dict[str, Any] = {
    "size": SIZE,
    "cells": [
        {
            "cell": cell,
            "name": CELL_NAMES[cell],
            "row": cell // SIZE,
            "col": cell % SIZE,
            "kind": SPACE_KINDS[cell],
            "beach": BEACH_OF.get(cell),
        }
        for cell in range(CELLS)
    ],
    "beaches": {name: list(BEACHES[i]) for i, name in enumerate(BEACH_NAMES)},
    "ponds": list(PONDS),
    "blocks": [{"block": b, "name": block_name(b), "cells": list(cells)} for b, cells in enumerate(BLOCK_CELLS)],
}


# ---------------------------------------------------------------------- the view


def build_view(state: JuicyFruitsState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know; ``None`` is a spectator. JSON-ready."""
    from .rules import (
        ALL_CATEGORIES,
        ARRANGE,
        EXPLORE,
        MILKSHAKE,
        OVER,
        PHASE_NAMES,
        PINEAPPLE_CATEGORIES,
        PRODUCE,
        SPLIT,
    )

    n = state.num_players
    shown = state.categories()
    players = []
    for p in range(n):
        markers = {kind: state.markers[p][k] for k, kind in enumerate(C.ice_kinds)}
        markers["milkshake"] = state.markers[p][MILKSHAKE]
        players.append(
            {
                "seat": p,
                "score": state.score(p),
                "breakdown": {ALL_CATEGORIES[i]: state.parts[p][i] for i in shown},
                "reserve": {FRUITS[f]: state.reserve[p][f] for f in range(len(FRUITS))},
                "grid": _grid_json(state.grid[p]),
                "supplied": [C.ships[s].id for s in state.supplied[p]],
                "tokens": [C.all_tokens[t].id for t in state.owned[p]],
                "stars": business.stars(state.owned[p]),
                "markers": markers,
                "juice": state.juice[p],
                "turns": state.turns[p],
                "empty_beaches": empty_beaches(state.grid[p]),
            }
        )
    rows = []
    for row in range(business.ROWS):
        spaces = []
        for col in range(business.COLUMNS):
            token = state.board[row * business.COLUMNS + col]
            spaces.append(None if token < 0 else {**token_json(token), "row": row + 1, "column": col + 1})
        rows.append({"row": row + 1, "cost": counts(C.row_costs[row]), "points": C.row_points[row], "spaces": spaces})
    pools = []
    for kind, values in enumerate(C.ice_values):
        left = state.pool[kind]
        name = "milkshake" if kind == MILKSHAKE else C.ice_kinds[kind]
        pools.append({"kind": name, "values": list(values), "left": left, "next": values[-left] if left else None})
    gone = {C.all_tokens[t].venue for p in range(n) for t in state.owned[p]} | {
        C.all_tokens[t].venue for t in state.pine_claimed
    }
    waiting = [
        {"id": v.id, "name": v.name, "points": v.points, "stars": v.stars}
        for i, v in enumerate(C.all_venues)
        if i not in gone and (i < C.base_venues or state.nb)
    ]
    pending: dict[str, Any] = {}
    if state.moved[0] >= 0 and state.phase != OVER:
        to, distance = state.moved
        piece = piece_json(state.grid[state.player][to], to)
        pending["moved"] = {"cell": to, "name": CELL_NAMES[to], "distance": distance, "piece": piece}
        if state.phase == SPLIT and piece is not None:
            pending["split"] = {"fruits": piece["fruits"], "total": distance + 1}
        elif state.phase == PRODUCE:
            pending["production"] = {"max": distance}
        elif state.phase == EXPLORE:
            target = mystic.explorer_target(state, state.player, state.moved_dir, distance)
            tile = state.statues[target]
            pending["explore"] = {"cell": target, "name": mystic.CELL_NAMES[target], "statue": tile or None}
            if piece is not None and piece["type"] == "collector":
                pending["collect"] = {"fruit": piece["fruit"], "count": distance}
            else:
                pending["collect"] = {"fruits": piece["fruits"] if piece else [], "count": distance + 1}
    if state.pending >= 0:
        pending["token"] = token_json(state.pending)
    if state.pending_statue:
        pending["statue"] = {"tile": state.pending_statue, "text": mystic.tile_text(state.pending_statue)}
    if state.phase == ARRANGE:
        corner = boulders.next_corner(state, state.player)
        ids = [C.boulders[c].id for c in boulders.corners_left(state, state.player)]
        pending["arrange"] = {"cell": corner, "name": CELL_NAMES[corner], "boulders": ids}
    juice_view = None
    if state.options["juice_factory"]:
        juice_view = {
            "spaces": [
                {"space": i + 1, "cost": counts(cost), "points": C.juice_points[i]}
                for i, cost in enumerate(C.juice_costs)
            ],
            "steps_this_turn": state.juice_steps,
            "max_steps": juice.STEPS_PER_TURN,
        }
    solo_view = None
    if n == 1:
        solo_view = {
            "board": state.options["solo_board"],
            "pineapple_score": state.pineapple_score(),
            "breakdown": dict(zip(PINEAPPLE_CATEGORIES, state.pine_parts, strict=True)),
            "bag_size": len(state.pine_bag),
            "drawn": [
                {"id": C.ships[b].id, "value": C.ships[b].solo_value, "wait": C.ships[b].solo_wait}
                for b in state.pine_drawn
            ],
            "claimed": [C.all_tokens[t].id for t in state.pine_claimed],
        }
    over = state.phase == OVER
    return {
        "game": "juicyfruits",
        "viewer": seat,
        "num_players": n,
        "options": dict(state.options),
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current_player,
        "first_player": state.first,
        "round": state.round,
        "end_triggered": state.end_triggered,
        "end_reason": state.end_reason,
        "quiet_rounds": state.quiet_rounds,
        "fruits": [{"code": code, "name": name} for code, name in zip(C.fruit_codes, FRUITS, strict=True)],
        "island": ISLAND_JSON,
        "players": players,
        "business_board": {"columns_in_play": _columns(state), "rows": rows},
        "license": {"start": C.license_start[n], "left": state.license, "at_x": state.license == 0},
        "ice_cream": {"pools": pools},
        "large_venues": waiting,
        "juice_factory": juice_view,
        "pending": pending,
        "solo": solo_view,
        "bags": {"orange": len(state.bags[0]), "green": len(state.bags[1])},
        "standings": state.standings().to_json() if over else None,
        "modules": [m for m in MODULES if m in state.mods],
        "mystic": mystic.view(state) if state.mi else None,
        "boulders": boulders.view(state) if state.bo else None,
        "new_business": new_business.view(state) if state.nb else None,
    }


def _columns(state: JuicyFruitsState) -> int:
    if state.options.get("three_per_row") and state.num_players == 2:
        return 3
    return business.columns_in_play(state.num_players)


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return "You"
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def piece_name(code: int) -> str:
    if code < COLLECTOR:
        return f"ship {C.ships[code - SHIP].id}"
    if code < TOKEN:
        return f"{FRUITS[code - COLLECTOR]} collector"
    if code < VENUE:
        return C.all_tokens[code - TOKEN].name
    if code >= BOULDER:
        return f"boulder {C.boulders[code - BOULDER].id}"
    return C.all_venues[code - VENUE].name


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event (nothing in this game is secret, so no redaction)."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    kind = event.kind
    if kind == "setup":
        return f"{_who(d['first_player'], viewer, names)} will play first; {counted(d['license'], 'claim')} until X."
    if kind == "turn":
        whose = "your" if event.actor == viewer else f"{who}'s"
        return f"Round {d['round']}: {whose} turn."
    if kind == "no_move":
        return f"{who} cannot move any token; step 1 is skipped."
    if kind == "move":
        what = piece_name(d["piece"])
        line = f"{who} slid the {what} {CELL_NAMES[d['from']]}→{CELL_NAMES[d['to']]}"
        if "fruit" in d:
            return f"{line} (+{counted(d['distance'], FRUITS[d['fruit']])})."
        return line + "."
    if kind == "split":
        got = " and ".join(counted(n, FRUITS[f]) for f, n in d["gained"] if n)
        return f"{who} took {got}."
    if kind == "produce":
        made = [f"{v}-point ice cream" for v in d["ice_cream"]] + [f"{v}-point milkshake" for v in d["milkshake"]]
        if not made:
            return f"{who} made no ice cream."
        return f"{who} made {', '.join(made)} (+{sum(d['ice_cream']) + sum(d['milkshake'])})."
    if kind == "supply":
        return f"{who} supplied ship {d['ship']} on {CELL_NAMES[d['cell']]} (+{d['points']})."
    if kind == "claim":
        name = C.all_tokens[C.token_index(d["token"])].name
        if "office_points" in d:
            saved = FRUITS[d["left_out"]]
            return (
                f"{who} claimed the {name} ({d['token']}) from row {d['row']}, leaving out 1 {saved} "
                f"(+{d['points']}, construction office +{d['office_points']})."
            )
        return f"{who} claimed the {name} ({d['token']}) from row {d['row']} (+{d['points']})."
    if kind == "place":
        where = CELL_NAMES[d["cells"][0]] if len(d["cells"]) == 1 else _cells_span(d["cells"])
        tail = f" (+{d['points']})" if d["points"] else ""
        return f"{who} placed the {C.all_tokens[C.token_index(d['token'])].name} on {where}{tail}."
    if kind == "bonus":
        return f"{who} took 1 {FRUITS[d['fruit']]} from the new collector."
    if kind == "pass":
        return f"{who} did nothing in step 2."
    if kind == "juice":
        return f"{who} made juice: J{d['space']} (+{d['points']})."
    if kind == "stop":
        return f"{who} stopped making juice."
    if kind == "pineapple":
        return _describe_pineapple(d)
    module = _describe_module_event(kind, d, who, "your" if event.actor == viewer else "their")
    if module:
        return module
    if kind == "end_triggered":
        return {
            "license": "The license marker reached X: this round is the last.",
            "bag": "Pineapple's bag is empty: the game ends now.",
            "stalemate": f"{counted(C.quiet_rounds_limit, 'round')} passed without a claim: the game ends (AMB-10).",
        }[d["reason"]]
    if kind == "stalls":
        parts = ", ".join(f"{C.all_tokens[C.token_index(t)].name} +{v}" for t, v in d["stalls"])
        return f"{who} scored stalls: {parts}."
    if kind == "game_over":
        return "The game is over."
    return kind


def _describe_module_event(kind: str, d: dict[str, Any], who: str, whose: str) -> str:
    """Sentences for the Mystic Island modules' events ('' for any other kind); ``whose`` is
    the actor's possessive ("your" for the viewer, "their" after another player's name)."""
    mc = mystic.CELL_NAMES
    if kind == "statues":
        tiles = ", ".join(f"{t} on {c}" for c, t in sorted(d["statues"].items(), key=lambda x: x[1]))
        return f"Statue tiles on Mystic Island: {tiles}."
    if kind == "boulders_dealt":
        return f"{who} drew the boulders {', '.join(d['boulders'])}; everyone plays these four."
    if kind == "arrange":
        return f"{who} put boulder {d['boulder']} on {whose} corner {CELL_NAMES[d['cell']]}."
    if kind == "collect":
        if "fruit" in d:
            return f"{who} collected {counted(d['count'], FRUITS[d['fruit']])}."
        name = C.all_tokens[C.token_index(d["token"])].name
        return f"{who} collected {counted(d['count'], 'fruit')} with the {name}."
    if kind == "explore":
        line = f"{who} moved the explorer {mc[d['from']]}→{mc[d['to']]} instead of collecting"
        if d["tile"] is None:
            return line + "."
        if d["points"] is None:
            return f"{line} and took statue {d['tile']}."
        return f"{line} and took statue {d['tile']} (+{d['points']})."
    if kind == "statue":
        using = f"ship {d['ship']}" if "ship" in d else plural(FRUITS[d["fruit"]])
        return f"{who} scored statue {d['tile']} with {using} (+{d['points']})."
    if kind == "boulder":
        how = "first of its number" if d["first"] else "stacked on the tray"
        return f"{who} cleared boulder {d['boulder']} from {CELL_NAMES[d['cell']]} ({how}, +{d['points']})."
    if kind == "harbor_office":
        return f"{who} scored the harbor office (+{d['points']})."
    if kind == "whale_placed":
        return f"{who} put the whale of {d['token']} at the {BEACH_NAMES_LONG[d['beach']]} beach."
    if kind == "watch":
        if d["from"] == d["to"]:
            return f"{who} left {d['token']} on {CELL_NAMES[d['to']]}."
        return f"{who} moved {d['token']} {CELL_NAMES[d['from']]}→{CELL_NAMES[d['to']]}."
    if kind == "whale":
        where = f"from {CELL_NAMES[d['cell']]} (+{d['points']})"
        return f"{who} saw the whale of {d['token']} {where}; it swims on to the {BEACH_NAMES_LONG[d['to']]} beach."
    if kind == "plateau":
        return f"{who} scored the plateau {mc[d['cell']]} (+{d['points']})."
    if kind == "pineapple_explorer":
        if d["to"] is None:
            return "No statue tiles are left: Pineapple's explorer stays."
        how = f"compass {d['direction']}" if d["direction"] else "lowest tile"
        return f"Pineapple's explorer went {mc[d['from']]}→{mc[d['to']]} ({how}) and boxed statue {d['tile']}."
    return ""


BEACH_NAMES_LONG = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _describe_pineapple(d: dict[str, Any]) -> str:
    start = "Pineapple's opening boat" if d["opening"] else "Pineapple drew"
    line = f"{start} {d['boat']} (value {d['value']}, wait {d['wait']}): +{d['value']}"
    claim = d.get("claim", False)
    if claim is None:
        return line + "; the business board is empty, so she claims nothing."
    if claim:
        name = C.all_tokens[C.token_index(claim["token"])].name
        return (
            f"{line}; she claimed the {name} from row {claim['row']}, column {claim['column']} (+{d['claim_points']})."
        )
    return line + "."


def _cells_span(cells: Sequence[int]) -> str:
    return f"{CELL_NAMES[min(cells)]}-{CELL_NAMES[max(cells)]}"


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    phase = view["phase"]
    viewer = view["viewer"]
    if phase == "over":
        standings = view["standings"]
        house = standings.get("house")
        if house is not None:
            you, pine = standings["scores"][0], house["score"]
            verdict = "you beat Pineapple" if standings["winners"] else "Pineapple wins"
            return f"Game over: {verdict}, {you}–{pine}."
        winners = " and ".join(_who(w, viewer, names) for w in standings["winners"])
        return f"Game over: {winners} won."
    seat = view["current_player"]
    mine = seat == viewer
    who = _who(seat, viewer, names)
    pending = view["pending"]
    asks = {
        "move": "Step 1: slide one of your tokens",
        "split": f"Split the collector's {counted(pending.get('split', {}).get('total', 0), 'fruit')}",
        "produce": f"Make up to {counted(pending.get('production', {}).get('max', 0), 'marker')}"
        " (ice cream or milkshake), or nothing",
        "action": "Step 2: supply a ship, claim a token, or pass",
        "place": "Place the claimed token",
        "bonus": "Take the new collector's fruit",
        "juice": "Make juice, or stop",
        "explore": "Collect the fruit, or move your explorer instead",
        "statue": f"Choose how statue {pending.get('statue', {}).get('tile', '')} scores",
        "arrange": f"Choose the boulder for corner {pending.get('arrange', {}).get('name', '')}",
        "discount": "Choose the fruit the construction office saves",
        "whale": "Choose the beach where the whale starts",
        "watch": "Move your whale-watching token, or leave it",
    }
    ask = asks[phase]
    if mine:
        return ask
    theirs = ask.replace("your ", "their ").replace("Your ", "Their ")
    return f"Waiting for {who}: {theirs[0].lower()}{theirs[1:]}"


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    f = action.fields
    kind = action.kind
    seat = view["current_player"]
    grid = view["players"][seat]["grid"] if seat >= 0 else [None] * CELLS
    if kind == "move":
        piece = grid[f["from"]]
        what = _piece_label(piece)
        gain = ""
        if piece and piece["type"] == "collector":
            gain = f" (+{counted(f['distance'], piece['fruit'])})"
        return f"Slide the {what} {f['direction']}{gain}"
    if kind == "split":
        (a, b), (x, y) = f["fruits"], f["counts"]
        return f"Take {counted(x, a)} and {counted(y, b)}"
    if kind == "produce":
        made = [counted(f["ice_cream"], "ice cream marker")] if f["ice_cream"] else []
        made += [counted(f["milkshake"], "milkshake marker")] if f["milkshake"] else []
        return f"Make {' and '.join(made)}" if made else "Make nothing (no ice cream, no milkshake)"
    if kind == "supply":
        ship = grid[f["cell"]]
        if ship:
            demand = " + ".join(counted(n, fruit) for fruit, n in ship["demand"].items())
            bonus = _harbor_bonus(view, seat)
            extra = f" + {bonus} harbor office" if bonus is not None else ""
            return f"Supply ship {ship['id']} on {CELL_NAMES[f['cell']]}: pay {demand}, +{ship['points']}{extra}"
        return f"Supply the ship on {CELL_NAMES[f['cell']]}"
    if kind == "claim":
        for row in view["business_board"]["rows"]:
            for space in row["spaces"]:
                if space and space["id"] == f["token"]:
                    cost = " + ".join(counted(n, fruit) for fruit, n in row["cost"].items())
                    venue = space["category"] in ("small_venue", "placeholder")
                    extra = f", +{space['points']} more" if venue else ""
                    what = f"{space['name']} ({_category(space)}{extra})"
                    if _office_works(view, seat, "construction_office"):
                        shown = sum(row["cost"].values())
                        office = C.all_tokens[new_business.CONSTRUCTION].points
                        return (
                            f"{what}, row {row['row']}: +{row['points']} + {office} office, "
                            f"pay {shown - 1} of {cost} (construction office)"
                        )
                    return f"{what}, row {row['row']}: +{row['points']}, pay {cost}"
        return f"Claim {f['token']}"
    if kind in ("place", "place_block"):
        token = view["pending"].get("token")
        name = token["name"] if token else "token"
        where = CELL_NAMES[f["cell"]] if kind == "place" else block_name(f["block"])
        return f"Place the {name} on {where}"
    if kind == "bonus":
        return f"Take 1 {f['fruit']} as the collector's claim bonus"
    if kind in MODULE_KINDS:
        return _module_label(view, action, grid)
    if kind == "pass":
        return "Do nothing in step 2"
    if kind == "juice":
        me = view["players"][seat]
        space = view["juice_factory"]["spaces"][me["juice"]]
        cost = " + ".join(counted(n, fruit) for fruit, n in space["cost"].items())
        return f"Make juice: pay {cost}, move to J{space['space']}, +{space['points']}"
    return "Stop making juice and end the turn"


def _office_works(view: Mapping[str, Any], seat: int, effect: str) -> bool:
    """Whether ``seat``'s office of this effect works on this turn (Module 3, AMB-8)."""
    extra = view.get("new_business")
    return bool(extra and seat >= 0 and extra["offices"][seat].get(effect))


def _harbor_bonus(view: Mapping[str, Any], seat: int) -> int | None:
    """The harbor office's extra points for a supply now: 1 per business token on the island."""
    if not _office_works(view, seat, "harbor_office"):
        return None
    return len(view["players"][seat]["tokens"])


MODULE_KINDS = ("collect", "explore", "statue_ship", "statue_fruit", "boulder", "leave_out", "whale_beach", "watch")


def _module_label(view: Mapping[str, Any], action: Action, grid: Sequence[Any]) -> str:
    f, kind = action.fields, action.kind
    pending = view["pending"]
    if kind == "collect":
        got = pending.get("collect", {})
        if "fruit" in got:
            return f"Collect {counted(got['count'], got['fruit'])}"
        return f"Collect {counted(got.get('count', 0), 'fruit')}"
    if kind == "explore":
        where = pending.get("explore", {})
        tile = where.get("statue")
        gain = f" and take statue {tile} ({mystic.tile_text(tile)})" if tile else ""
        return f"Give up the fruit: move your explorer to {where.get('name', '?')}{gain}"
    if kind == "statue_ship":
        ship = C.ships[C.ship_index(f["ship"])]
        return f"Score statue 5 with ship {ship.id}: +{ship.points}"
    if kind == "statue_fruit":
        me = view["players"][view["current_player"]]
        return f"Score statue 7 with your {plural(f['fruit'])}: +{me['reserve'][f['fruit']]}"
    if kind == "boulder":
        code = C.boulder_index(f["boulder"])
        where = pending.get("arrange", {}).get("name", "")
        return f"Your corner {where}: clears when {condition_text(code)}"
    if kind == "leave_out":
        office = C.all_tokens[new_business.CONSTRUCTION].points
        return f"Leave out 1 {f['fruit']}: pay the rest of the row, +{counted(office, 'point')} (construction office)"
    if kind == "whale_beach":
        return f"Start the whale at your {BEACH_NAMES_LONG[f['beach']]} beach"
    here = next(
        (c for c, piece in enumerate(grid) if piece and piece.get("id") == f["token"]),
        -1,
    )
    if here == f["cell"]:
        return f"Leave whale watching {f['token']} on {CELL_NAMES[f['cell']]}"
    return f"Move whale watching {f['token']} to {CELL_NAMES[f['cell']]}"


def _category(token: Mapping[str, Any]) -> str:
    if token["category"] == "stall":
        return f"stall: {token['text']} at the end"
    if token["category"] == "advanced_collector":
        return f"advanced collector: {' or '.join(token['fruits'])}"
    if token["category"] in ("admin", "whale_watching"):
        return f"{CATEGORY_NAMES[token['category']]}: {token['text']}"
    if token.get("pond_only"):
        return "small venue, only on an empty pond"
    return CATEGORY_NAMES[token["category"]]


def _piece_label(piece: Mapping[str, Any] | None) -> str:
    if piece is None:
        return "token"
    if piece["type"] == "collector":
        return f"{piece['fruit']} collector"
    return str(piece.get("name", "token"))


# ---------------------------------------------------------------------- refusals


def why_illegal(state: JuicyFruitsState, action: Action) -> str:
    """The rule an action breaks in this position, in one sentence."""
    from .rules import (
        ACTION,
        ARRANGE,
        BONUS,
        DISCOUNT,
        EXPLORE,
        JUICE,
        MOVE,
        PLACE,
        PRODUCE,
        SPLIT,
        STATUE,
        WATCH,
        WHALE,
    )

    phase, p = state.phase, state.player
    kind, f = action.kind, action.fields
    grid, reserve = state.grid[p], state.reserve[p]
    module_steps = {
        EXPLORE: "first choose: collect the fruit, or move your explorer",
        STATUE: f"first choose how statue {state.pending_statue} scores",
        ARRANGE: "first put your boulders on your corners",
        DISCOUNT: "first choose the fruit the construction office saves",
        WHALE: "first choose the beach where the new whale starts",
        WATCH: "first move your whale-watching token (or leave it)",
    }
    module_wanted = {
        "collect": EXPLORE,
        "explore": EXPLORE,
        "statue_ship": STATUE,
        "statue_fruit": STATUE,
        "boulder": ARRANGE,
        "leave_out": DISCOUNT,
        "whale_beach": WHALE,
        "watch": WATCH,
    }
    if kind in module_wanted or phase in module_steps:
        return _why_illegal_module(state, action, module_wanted.get(kind, -1), module_steps)
    step = {
        MOVE: "first slide a token in step 1",
        SPLIT: "first split the advanced collector's fruits",
        PRODUCE: "first choose the ice cream cart's markers",
        ACTION: "it is step 2: supply a ship, claim a business token, or pass",
        PLACE: "first place the token you claimed",
        BONUS: "first take the new advanced collector's fruit",
        JUICE: "the turn is at the juice factory: make juice or stop",
    }[phase]
    wanted = {
        "move": MOVE,
        "split": SPLIT,
        "produce": PRODUCE,
        "supply": ACTION,
        "claim": ACTION,
        "pass": ACTION,
        "place": PLACE,
        "place_block": PLACE,
        "bonus": BONUS,
        "juice": JUICE,
        "stop": JUICE,
    }[kind]
    if wanted != phase:
        if kind == "move" and phase == ACTION and state.moved[0] < 0:
            return "you have already moved in step 1 this turn (or nothing could move)"
        if kind in ("juice", "stop") and not state.options["juice_factory"]:
            return "the juice factory is not in play (option juice_factory)"
        return step
    if kind == "move":
        piece = grid[f["from"]]
        if piece < COLLECTOR or piece >= VENUE or (piece >= TOKEN and not C.all_tokens[piece - TOKEN].mobile):
            return f"there is no collector, advanced collector or ice cream cart of yours on {CELL_NAMES[f['from']]}"
        from .island import RAYS

        ray = RAYS[f["from"]][("north", "east", "south", "west").index(f["direction"])]
        for cell in ray[: f["distance"]]:
            if grid[cell] >= 0:
                return f"{CELL_NAMES[cell]} is in the way: a token slides only across free spaces"
        return "with forced_max_distance a token must slide as far as it can (AMB-17)"
    if kind == "split":
        to, distance = state.moved
        moved = C.all_tokens[grid[to] - TOKEN]
        if f["token"] != moved.id:
            gives = " or ".join(FRUITS[x] for x in moved.fruits)
            return f"the collector you moved is the {moved.name}, which gives {gives}"
        return f"it moved {counted(distance, 'space')}, so it gives {counted(distance + 1, 'fruit')} in all"
    if kind == "produce":
        to, distance = state.moved
        if f["ice_cream"] + f["milkshake"] > distance:
            return f"the cart moved {counted(distance, 'space')}: at most {counted(distance, 'marker')}, one per space"
        kind_index = C.all_tokens[grid[to] - TOKEN].kind
        if f["ice_cream"] > state.pool[kind_index]:
            left = counted(state.pool[kind_index], f"{C.ice_kinds[kind_index]} ice cream marker")
            return f"only {left} {'is' if state.pool[kind_index] == 1 else 'are'} left"
        left = counted(state.pool[C.milkshake], "milkshake marker")
        return f"only {left} {'is' if state.pool[C.milkshake] == 1 else 'are'} left"
    if kind == "supply":
        piece = grid[f["cell"]]
        if not 0 <= piece < COLLECTOR:
            return f"there is no ship on {CELL_NAMES[f['cell']]}"
        ship = C.ships[piece - SHIP]
        return f"ship {ship.id} needs {shortfall(reserve, DEMANDS[piece - SHIP])} (it demands {cost_text(ship.demand)})"
    if kind == "claim":
        token = C.token_index(f["token"])
        if token >= C.base_tokens and not state.nb:
            return "Module 3's business tokens are not in play (option modules=new_business)"
        if token not in state.board:
            return f"{f['token']} is not on the business board"
        row = state.board.index(token) // business.COLUMNS
        cost = C.row_costs[row]
        if state.nb and new_business.office_active(state, p, new_business.CONSTRUCTION):
            if not new_business.leave_out_options(reserve, cost):
                cheapest = min(
                    (new_business.less_one(cost, fruit) for fruit, n in enumerate(cost) if n),
                    key=lambda rest: sum(max(0, need - have) for need, have in zip(rest, reserve, strict=True)),
                )
                lack = shortfall(reserve, cheapest)
                return (
                    f"row {row + 1} costs {cost_text(cost)}: even with one fruit left out "
                    f"(construction office) it needs {lack}"
                )
        else:
            lack = shortfall(reserve, cost)
            if lack:
                return f"row {row + 1} costs {cost_text(cost)}: it needs {lack}"
        if token in new_business.POND_ONLY:
            return "a guesthouse at the pond needs an empty pond space on your island, and you have none"
        if C.all_tokens[token].category == "placeholder":
            return "a large venue needs a free 2×2 block on your island, and you have none (AMB-4)"
        return "your island has no free space to place it (AMB-4)"
    if kind == "place":
        if state.pending in new_business.POND_ONLY:
            return "a guesthouse at the pond goes only on an empty pond space"
        if C.all_tokens[state.pending].category == "placeholder":
            return "a large venue covers a 2×2 block: place it on a block such as 'place a5-b4'"
        return f"{CELL_NAMES[f['cell']]} is not free"
    if kind == "place_block":
        if C.all_tokens[state.pending].category != "placeholder":
            return "only a large venue covers a 2×2 block; place this token on one free space"
        taken = [CELL_NAMES[c] for c in f["cells"] if grid[c] >= 0]
        return f"the block {block_name(f['block'])} is not free: {', '.join(taken)} taken"
    if kind == "bonus":
        new = C.all_tokens[state.pending]
        return f"the {new.name} gives {' or '.join(FRUITS[x] for x in new.fruits)}"
    if kind == "juice":
        position = state.juice[p]
        if position >= len(C.juice_costs):
            return "your juice disc is on the last space"
        lack = shortfall(reserve, C.juice_costs[position])
        if not lack:
            return f"you may make juice at most {juice.STEPS_PER_TURN} times a turn"
        return f"J{position + 1} costs {cost_text(C.juice_costs[position])}: it needs {lack}"
    return f"{action.text!r} is not legal now"


def _why_illegal_module(state: JuicyFruitsState, action: Action, wanted: int, steps: Mapping[int, str]) -> str:
    """Refusals in and around the module phases."""
    from .rules import DISCOUNT, STATUE, WATCH

    phase, p, f = state.phase, state.player, action.fields
    needs = {"collect": "mystic_island", "explore": "mystic_island", "statue_ship": "mystic_island"}
    needs.update(statue_fruit="mystic_island", boulder="boulders", leave_out="new_business")
    needs.update(whale_beach="new_business", watch="new_business")
    module = needs.get(action.kind)
    if module and module not in state.mods:
        return f"{action.text!r} belongs to the {module.replace('_', ' ')} module, which is not in play"
    if wanted != phase:
        if phase in steps:
            return steps[phase]
        if action.kind in ("collect", "explore"):
            return "collect or explore is chosen right after a collector or advanced collector moves"
        if action.kind in ("statue_ship", "statue_fruit"):
            return "statue choices come only when your explorer takes statue 5 or 7"
        if action.kind == "boulder":
            return "boulders are put on the corners during setup only"
        if action.kind == "leave_out":
            return "the construction office's saving is chosen when you claim, once the office works"
        if action.kind == "whale_beach":
            return "a whale is placed right after you place its whale-watching token"
        return "whale-watching tokens move at the end of your turn"
    if phase == STATUE:
        if action.kind == "statue_ship":
            return f"ship {f['ship']} is not one of the ships you supplied"
        return "statue 7 counts a fruit type; statue 5 counts one of your supplied ships"
    if phase == DISCOUNT:
        return (
            f"leaving out 1 {f['fruit']}, you still cannot pay the rest of the row (or the row shows no {f['fruit']})"
        )
    if phase == WATCH:
        slot = C.token_index(f["token"])
        if slot not in [new_business.WHALE_TOKENS[s] for s in new_business.owned_whales(state, p)]:
            return f"{f['token']} is not on your island"
        if new_business.WHALE_TOKENS.index(slot) in state.watched:
            return f"{f['token']} has already moved this turn"
        return f"{CELL_NAMES[f['cell']]} cannot be reached through free spaces"
    if action.kind == "boulder":
        return f"boulder {f['boulder']} is not one of the four dealt, or is already on a corner"
    return f"{action.text!r} is not legal now"


__all__ = ["action_label", "build_view", "describe_event", "prompt", "why_illegal"]
