"""Citrus in words: event sentences, the status line and menu labels.

What each seat sees (the view, its typed shape) is :mod:`.view`, and why an action is refused
:mod:`.refusals`; the texts here read views and events, never more than the view shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import counted

from .components import COMPONENTS as C

LANDSCAPE_NAMES = {"money": "Money tile", "cart": "Cart", "bull": "Bull", "bridge": "Bridge", "milestone": "Milestone"}


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


def describe_outcome(outcome: Action) -> str:
    """A chance outcome in words ("a lemon tile with a well from the bag", "a Finca worth 8/4");
    every Citrus outcome is public."""
    f, kind = outcome.fields, outcome.kind
    if kind == "tile":
        return f"a {C.kind_name(f['plantation'])} tile from the bag"
    if kind == "landscape":
        name = "wild horses" if f["landscape"] == "horses" else LANDSCAPE_NAMES[f["landscape"]]
        return f"a landscape tile: {name}" + (f" ({f['value']})" if f["value"] else "")
    if kind == "finca":
        return f"a Finca worth {f['high']}/{f['low']}"
    if kind == "site":
        return f"building site {f['letter']}"
    return f"seat {f['seat'] + 1} plays first"


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


__all__ = ["action_label", "describe_event", "line_contents", "prompt"]
