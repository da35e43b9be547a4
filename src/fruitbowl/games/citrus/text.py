"""Citrus in words: event sentences, the status line, menu labels and refusals.

What each seat sees (the view, its typed shape) is :mod:`.view`; the texts here read views and
events, never more than the view shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import counted

from .actions import BRIDGE, MILESTONE
from .components import COMPONENTS as C
from .components import ROCK, SITE
from .view import build_view as _build_view

if TYPE_CHECKING:
    from .rules import CitrusState

LANDSCAPE_NAMES = {"money": "Money tile", "cart": "Cart", "bull": "Bull", "bridge": "Bridge", "milestone": "Milestone"}


def build_view(state: CitrusState, seat: int | None) -> dict[str, Any]:
    """:func:`.view.build_view`, for ``CitrusState.view`` until it calls that itself (then this goes)."""
    return cast(dict[str, Any], _build_view(state, seat))


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str], capital: bool = True) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return "You" if capital else "you"
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _type_name(short: str) -> str:
    """The full name of a plantation type ("blood orange") from its action-text word ("blood")."""
    return C.type_names[C.types.index(short)]


def _tile_name(short: str, well: bool) -> str:
    return _type_name(short) + (" with a well" if well else "")


def _label(index: int, width: int) -> str:
    return f"{chr(65 + index % width)}{index // width + 1}"


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event (nothing in Citrus is secret to one seat)."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    kind = event.kind
    if kind == "setup":
        fincas = ", ".join(f"{s} {h}/{lo}" for s, (h, lo) in d["fincas"])
        return (
            f"Fincas stand on {fincas}; open sites {' '.join(d['open_sites'])}. "
            f"{_who(d['first_player'], viewer, names)} will play first."
        )
    if kind == "turn":
        return f"Turn {d['turn']}: {who} to play."
    if kind == "buy":
        tiles = ", ".join(C.kind_name(k) for _, k in d["tiles"])
        return f"{who} bought line {d['line']} for {counted(d['cost'], 'coin')}: {tiles}."
    if kind == "cart":
        return f"{who} used a Cart to take the {C.kind_name(d['kind'])} from market space {d['market_space'] + 1}."
    if kind == "finca":
        h, lo = d["values"]
        tail = f" Site {d['revealed_site']} is now open." if d["revealed_site"] else ""
        return f"{who} built a new {h}/{lo} Finca on site {d['site']}.{tail}"
    if kind == "place":
        return _describe_place(d, who)
    if kind == "harvest":
        return (
            f"{who} harvested {counted(d['size'], 'tile')} of {C.type_names[d['type']]} at {d['space_label']} "
            f"for {counted(d['points'], 'point')}; the worker goes home."
        )
    if kind == "income":
        lost = d["income"] - d["gained"]
        took = f"{who} took {counted(d['gained'], 'coin')} of income"
        return took + (f" ({lost} lost to the cap of {C.money_cap})." if lost else ".")
    if kind == "cash":
        lost = d["value"] - d["gained"]
        cashed = f"{who} cashed a Money tile for {counted(d['gained'], 'coin')}"
        return cashed + (f" ({lost} lost to the cap of {C.money_cap})." if lost else ".")
    if kind == "bull":
        return f"{who} put a Bull on {d['space_label']}." if "space_label" in d else f"{who} put a Bull down."
    if kind == "refill":
        return f"The market was refilled with {counted(len(d['tiles']), 'tile')}."
    if kind == "returned":
        return (
            f"{who} could not build {counted(len(d['tiles']), 'tile')}: they go back to the market "
            f"(−{counted(d['penalty'], 'point')})."
        )
    if kind == "finca_scored":
        got = [f"{_who(s, viewer, names)} +{a}" for s, a in enumerate(d["awards"]) if a]
        return f"The Finca on site {d['site']} is enclosed and scores: " + (", ".join(got) or "nobody") + "."
    if kind == "end_turn":
        return f"{who} ended the turn."
    if kind == "pass":
        return f"{who} cannot take a main action and passed."
    if kind == "blocked":
        return "Nobody can take a main action: the game is blocked."
    if kind == "game_over":
        return "The game is over" + (" (blocked)." if d["blocked"] else ": every plantation is built.")
    return kind


def _describe_place(d: dict[str, Any], who: str) -> str:
    where = d.get("space_label", "")
    out = f"{who} built {C.kind_name(d['kind'])}" + (f" on {where}" if where else "")
    spent = [name for name in ("bridge", "milestone") if d.get(name)]
    if spent:
        out += " using " + " and ".join(f"a {s.capitalize()}" for s in spent)
    if d.get("new_region"):
        out += ", starting a region with a worker"
    if d.get("workers_back"):
        out += f", joining regions ({counted(d['workers_back'], 'worker')} back home)"
    if d.get("neutral_merged"):
        out += ", absorbing a neutral region"
    if "pickup" in d:
        pick = d["pickup"]
        if pick["kind"] == "horses":
            out += f", and took {counted(pick['value'], 'wild horse')}"
            if pick.get("scored"):
                out += f", scoring {counted(pick['value'], 'point')} at once"
        else:
            out += f", and took the {LANDSCAPE_NAMES[pick['kind']]}" + (f" ({pick['value']})" if pick["value"] else "")
    return out + "."


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer (short: the terminal
    shows it beside its key reminder in 80 columns)."""
    viewer = view["viewer"]
    seat = view["current_player"]
    phase = view["phase"]
    if phase == "over":
        winners = view["standings"]["winners"]
        return "Game over: " + " and ".join(_who(w, viewer, names) for w in winners) + " won."
    mine = seat == viewer
    who = _who(seat, viewer, names)
    if phase == "place":
        tiles = ", ".join(
            ("" if w["count"] == 1 else f"{w['count']}× ") + _type_name(w["type"]) + ("+well" if w["well"] else "")
            for w in view["waiting"]
        )
        return f"Build: {tiles}" if mine else f"Waiting for {who} to build {tiles}"
    if phase in ("site", "blocked_site"):
        sites = " ".join(view["open_sites"])
        return f"Choose a Finca site: {sites}" if mine else f"Waiting for {who} to choose a Finca site"
    if phase == "harvest":
        return "Harvest more or take income" if mine else f"Waiting for {who} to harvest"
    if phase == "after":
        return "Action tiles or end turn" if mine else f"Waiting for {who} to end the turn"
    return "Buy a market line or harvest" if mine else f"Waiting for {who} to buy or harvest"


def line_contents(view: Mapping[str, Any], line_index: int) -> str:
    """What buying a market line costs and brings: "for 3 coins: lemon, blood orange+well"."""
    line = view["market"]["lines"][line_index]
    tiles = [view["market"]["spaces"][m - 1]["tile"] for m in line["spaces"]]
    names = [_type_name(t["type"]) + ("+well" if t["well"] else "") for t in tiles if t]
    return f"for {counted(len(names), 'coin')}: {', '.join(names)}"


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    f = action.fields
    kind = action.kind
    if kind == "buy":
        return f"Buy line {view['market']['lines'][f['line']]['name']} {line_contents(view, f['line'])}"
    if kind == "harvest":
        board = view["board"]
        label = board["labels"][f["space"]]
        region = next((r for r in view["regions"] if r["id"] == board["region"][f["space"]]), None)
        if region:
            size, points = counted(region["size"], "tile"), counted(region["points"], "point")
            return f"Harvest your {_type_name(region['type'])} region at {label} ({size}, {points})"
        return f"Harvest the region at {label}"
    if kind == "income":
        viewer = view["current_player"]
        income = view["players"][viewer]["income"] if viewer is not None and viewer >= 0 else 0
        return f"Collect income ({counted(income, 'coin')}) and finish the harvest"
    if kind == "site":
        return f"Build the new Finca on site {f['letter']}"
    if kind == "place":
        label = view["board"]["labels"][f["space"]]
        out = f"Build {_tile_name(f['type'], f['well'])} on {label}"
        spent = [n for n in ("bridge", "milestone") if f[n]]
        return out + (" spending a " + " and a ".join(s.capitalize() for s in spent) if spent else "")
    if kind == "cash":
        return f"Cash a Money tile for {counted(f['value'], 'coin')}"
    if kind == "cart":
        tile = view["market"]["spaces"][f["market_space"]]["tile"]
        what = _tile_name(tile["type"], tile["well"]) if tile else "tile"
        return f"Use a Cart: take the {what} from market space {f['market_space'] + 1}"
    if kind == "bull":
        return f"Put a Bull on {view['board']['labels'][f['space']]}"
    if kind == "end":
        return "End the turn"
    return "Pass (no main action is possible)"


# ---------------------------------------------------------------------- refusals


def why_illegal(state: CitrusState, action: Action) -> str:
    """The rule an action breaks in this position, in one sentence."""
    from .rules import AFTER, BLOCKED_SITE, HARVEST, MAIN, PLACE, SITE_CHOICE

    phase, p, f, kind = state.phase, state.player, action.fields, action.kind
    geo = state.geo
    if phase in (SITE_CHOICE, BLOCKED_SITE) and kind != "site":
        return "first choose the site for the new Finca (§5.2)"
    if kind == "site":
        if phase not in (SITE_CHOICE, BLOCKED_SITE):
            return "no new Finca is being built now"
        if f["site"] not in state.open_sites:
            return f"site {f['letter']} has no face-up building-site tile; open sites: " + " ".join(
                geo.site_letters[s] for s in state.open_sites
            )
        return f"with a Finca on site {f['letter']} your waiting tiles could not all be built (§5.7)"
    if phase == HARVEST and kind == "cart" and "cart" in state.held_kinds(p):
        return (
            "finish the harvest first (harvest another region or collect income): a Cart's tile would change"
            " the regions and workers the harvest counts (§6)"
        )
    if phase == HARVEST and kind not in ("harvest", "income", "cash", "cart", "bull"):
        return "finish the harvest first: harvest another region or collect income"
    if kind == "income":
        return "income is collected only after harvesting"
    if kind == "harvest":
        if phase not in (MAIN, HARVEST):
            return "you have already taken your main action this turn" if state.main_done else "you cannot harvest now"
        r = state.rid[f["space"]]
        if r < 0:
            return f"there is no plantation on {geo.labels[f['space']]}"
        if state.rown[r] != p:
            return "that region is " + ("neutral" if state.rown[r] < 0 else f"player {state.rown[r] + 1}'s")
        first = geo.labels[min(state.rcells[r])]
        return f"name a region by its first tile in reading order (top row, then leftmost): {first}"
    if kind == "buy":
        if state.main_done:
            return "you have already taken your main action this turn"
        if phase != MAIN:
            return "build the tiles you have first"
        tiles = state.line_tiles(f["line"])
        if not tiles:
            return f"line {f['line_name']} is empty"
        if len(tiles) > state.money[p]:
            return f"line {f['line_name']} costs {len(tiles)}; you have {counted(state.money[p], 'coin')}"
        return f"the tiles of line {f['line_name']} could not all be built (§5.1)"
    if kind == "place":
        if phase != PLACE:
            return "you have no tile waiting to be built"
        if not state.waiting[f["tile"]]:
            return f"you have no {C.kind_name(f['tile'])} waiting"
        reason = placement_problem(
            state, p, f["tile"] >> 1, f["space"], int(f["bridge"]) * BRIDGE + int(f["milestone"]) * MILESTONE
        )
        return reason or "after that your other waiting tiles could no longer all be built (§5.7)"
    if phase == PLACE and kind in ("end", "pass"):
        return "build your waiting tiles first"
    if phase == PLACE and kind == "cart" and state.from_cart:
        return "build the Cart's tile first: a Cart's tile is built at once (§8.3)"
    if phase == PLACE and kind == "cart" and state.cart_restriction:
        return "build your waiting tiles first (no Cart while bought tiles wait, §5.6)"
    if kind in ("cash", "cart", "bull"):
        name = {"cash": f"Money tile worth {f.get('value')}", "cart": "Cart", "bull": "Bull"}[kind]
        wanted = "money" if kind == "cash" else kind
        if not any(
            C.landscape[t][0] == wanted and (kind != "cash" or C.landscape[t][1] == f["value"]) for t in state.held[p]
        ):
            return f"you hold no {name}"
        if kind == "cart":
            m = f["market_space"]
            if state.market[m] < 0:
                return f"market space {m + 1} is empty"
            if any(state.waiting):
                return f"the {C.kind_name(state.market[m])} and your waiting tiles could not all be built (§5.7)"
            return f"the {C.kind_name(state.market[m])} could not be built anywhere (§8.3)"
        if kind == "bull":
            s = f["space"]
            return f"a Bull goes only on an empty space; {geo.labels[s]} is not empty (§8.4)"
    if kind == "end":
        return "take your main action first: buy a line or harvest" if phase == MAIN else "you cannot end the turn now"
    if kind == "pass":
        return "you may pass only when no main action is possible (§9)"
    if phase == AFTER:
        return "you have already taken your main action; use action tiles or end the turn"
    return f"{action.text!r} is not legal now"


def placement_problem(state: CitrusState, p: int, colour: int, t: int, mod: int) -> str:
    """The §5.3 rule a placement breaks, or "" if it breaks none on its own."""
    geo = state.geo
    label = geo.labels[t]
    held = state.held_kinds(p)
    name = C.type_names[colour]
    if mod & BRIDGE and "bridge" not in held:
        return "you hold no Bridge"
    if mod & MILESTONE and "milestone" not in held:
        return "you hold no Milestone"
    if geo.kind[t] == SITE:
        return f"{label} is a building site; plantations never go there (§5.3.1)"
    old = state.plant[t]
    if old >= 0:
        if not mod & BRIDGE:
            return f"{label} already holds a plantation"
        r = state.rid[t]
        if state.rown[r] >= 0:
            return f"{label} belongs to a region with a worker; a Bridge covers only neutral tiles (§8.5)"
        if len(state.rcells[r]) > 1 and state.rcol[r] == colour:
            return (
                f"the neutral {C.type_names[state.rcol[r]]} region there has several tiles; "
                "a Bridge needs another colour (§8.5)"
            )
    elif geo.kind[t] == ROCK and not mod & BRIDGE:
        return f"{label} is a rock; only a Bridge builds there (§8.5)"
    elif mod & BRIDGE:
        return f"{label} is neither a rock nor a neutral plantation; no Bridge is needed"
    own = neutral = 0
    seen: set[int] = set()
    for nb in geo.orth[t]:
        k = state.plant[nb]
        if k < 0 or k >> 1 != colour or state.rid[nb] in seen:
            continue
        r = state.rid[nb]
        seen.add(r)
        if state.rown[r] == p:
            own += len(state.rcells[r])
        elif state.rown[r] < 0:
            neutral += len(state.rcells[r])
        else:
            return f"{label} touches player {state.rown[r] + 1}'s {name} region (§5.3.4)"
    finca_road = geo.road_site[t] >= 0 and state.fincas[geo.road_site[t]] >= 0
    if own:
        if neutral > own:
            return f"{label} would join a neutral {name} region of {neutral} to yours of only {own} (§5.3.6)"
        if mod & MILESTONE:
            return f"{label} extends your {name} region; a Milestone is only for a new region (§8.6)"
    else:
        if neutral:
            return f"a new {name} region may not touch a neutral {name} region (§5.3.6)"
        if not state.workers[p]:
            return "you have no worker on your mat to start a new region (§5.3.2)"
        if not finca_road and not mod & MILESTONE:
            return f"{label} is not next to your {name} region nor on a Finca road (§5.3.2)"
        if finca_road and mod & MILESTONE:
            return f"{label} is a Finca road; no Milestone is needed"
    s = geo.road_site[t]
    if s >= 0 and not state.family:
        for road in geo.site_roads[s]:
            if road != t and state.plant[road] >= 0 and state.plant[road] >> 1 == colour:
                return f"site {geo.site_letters[s]} already has {name} on its road {geo.labels[road]} (§5.3.3 variety)"
    return ""


__all__ = [
    "action_label",
    "build_view",
    "describe_event",
    "line_contents",
    "placement_problem",
    "prompt",
    "why_illegal",
]
