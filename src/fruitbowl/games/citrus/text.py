"""Citrus in words: event sentences, the status line and menu labels.

What each seat sees (the view, its typed shape) is :mod:`.view`, and why an action is refused
:mod:`.refusals`; the texts here read views and events, never more than the view shows. Every
sentence is one message of ``engine.wording`` with named placeholders; the stored words (types,
landscape tiles) are marked in :mod:`.words`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import _, ngettext, npgettext, nsaid, pgettext, said

from .components import COMPONENTS as C
from .words import LANDSCAPE_WORDS, TYPE_WORDS

# ---------------------------------------------------------------------- words


def type_word(full: str) -> str:
    """A plantation type by its full name ("blood orange"), in the current language."""
    return _(TYPE_WORDS[full]) if full in TYPE_WORDS else full


def _type_name(short: str) -> str:
    """The full name of a plantation type ("blood orange") from its action-text word ("blood")."""
    return type_word(C.type_names[C.types.index(short)])


def _with_well(name: str, well: bool) -> str:
    return _("{type} with a well").format(type=name) if well else name


def _tile_name(short: str, well: bool) -> str:
    return _with_well(_type_name(short), well)


def kind_name(kind: int) -> str:
    """A tile kind (type × 2 + well) in words: "lemon with a well"."""
    return _with_well(type_word(C.type_names[kind >> 1]), bool(kind & 1))


def landscape_name(kind: str) -> str:
    """A landscape tile's name ("Cart", "wild horses") in the current language."""
    return _(LANDSCAPE_WORDS[kind])


def listed(items: Sequence[str]) -> str:
    """Items one after another, the language's way ("a, b" / "a、b")."""
    return pgettext("list", ", ").join(items)


def coins(n: int) -> str:
    """Money counted as Citrus counts it (German "3 Geld"; the context keeps it apart from Tang Hu Lu's coins)."""
    return npgettext("money", "{n} coin", "{n} coins", n).format(n=n)


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def _short_tile(type_short: str, well: bool) -> str:
    """A tile as the status line and menus name it: "blood orange+well"."""
    name = _type_name(type_short)
    return _("{type}+well").format(type=name) if well else name


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return _("You")
    return names[seat] if 0 <= seat < len(names) else _("Player {number}").format(number=seat + 1)


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event (nothing in Citrus is secret to one seat)."""
    d = event.for_viewer(viewer)
    you = event.actor is not None and event.actor == viewer
    who = _who(event.actor, viewer, names)
    kind = event.kind
    if kind == "setup":
        fincas = listed([f"{s} {h}/{lo}" for s, (h, lo) in d["fincas"]])
        first = d["first_player"]
        return said(
            first is not None and first == viewer,
            "Fincas stand on {fincas}; open sites {sites}. {who} will play first.",
        ).format(fincas=fincas, sites=" ".join(d["open_sites"]), who=_who(first, viewer, names))
    if kind == "turn":
        return said(you, "Turn {turn}: {who} to play.").format(turn=d["turn"], who=who)
    if kind == "buy":
        bought = listed([kind_name(k) for _space, k in d["tiles"]])
        n = d["cost"]
        return nsaid(
            you,
            "{who} bought line {line} for {n} coin: {tiles}.",
            "{who} bought line {line} for {n} coins: {tiles}.",
            n,
        ).format(who=who, line=d["line"], n=n, tiles=bought)
    if kind == "cart":
        return said(you, "{who} used a Cart to take the {tile} from market space {space}.").format(
            who=who, tile=kind_name(d["kind"]), space=d["market_space"] + 1
        )
    if kind == "finca":
        high, low = d["values"]
        if d["revealed_site"]:
            return said(
                you, "{who} built a new {high}/{low} Finca on site {site}. Site {revealed} is now open."
            ).format(who=who, high=high, low=low, site=d["site"], revealed=d["revealed_site"])
        return said(you, "{who} built a new {high}/{low} Finca on site {site}.").format(
            who=who, high=high, low=low, site=d["site"]
        )
    if kind == "place":
        return _describe_place(d, you, who)
    if kind == "harvest":
        return said(you, "{who} harvested {tiles} of {type} at {space} for {points}; the worker goes home.").format(
            who=who,
            tiles=tiles(d["size"]),
            type=type_word(C.type_names[d["type"]]),
            space=d["space_label"],
            points=points(d["points"]),
        )
    if kind == "income":
        lost = d["income"] - d["gained"]
        if lost:
            return said(you, "{who} took {coins} of income ({lost} lost to the cap of {cap}).").format(
                who=who, coins=coins(d["gained"]), lost=lost, cap=C.money_cap
            )
        return said(you, "{who} took {coins} of income.").format(who=who, coins=coins(d["gained"]))
    if kind == "cash":
        lost = d["value"] - d["gained"]
        if lost:
            return said(you, "{who} cashed a Money tile for {coins} ({lost} lost to the cap of {cap}).").format(
                who=who, coins=coins(d["gained"]), lost=lost, cap=C.money_cap
            )
        return said(you, "{who} cashed a Money tile for {coins}.").format(who=who, coins=coins(d["gained"]))
    if kind == "bull":
        if "space_label" in d:
            return said(you, "{who} put a Bull on {space}.").format(who=who, space=d["space_label"])
        return said(you, "{who} put a Bull down.").format(who=who)
    if kind == "refill":
        n = len(d["tiles"])
        return ngettext("The market was refilled with {n} tile.", "The market was refilled with {n} tiles.", n).format(
            n=n
        )
    if kind == "returned":
        return said(you, "{who} could not build {tiles}: they go back to the market (−{points}).").format(
            who=who, tiles=tiles(len(d["tiles"])), points=points(d["penalty"])
        )
    if kind == "finca_scored":
        got = [f"{_who(s, viewer, names)} +{a}" for s, a in enumerate(d["awards"]) if a]
        return _("The Finca on site {site} is enclosed and scores: {awards}.").format(
            site=d["site"], awards=listed(got) or _("nobody")
        )
    if kind == "end_turn":
        return said(you, "{who} ended the turn.").format(who=who)
    if kind == "pass":
        return said(you, "{who} cannot take a main action and passed.").format(who=who)
    if kind == "blocked":
        return _("Nobody can take a main action: the game is blocked.")
    if kind == "game_over":
        return _("The game is over (blocked).") if d["blocked"] else _("The game is over: every plantation is built.")
    return kind


def _describe_place(d: dict[str, Any], you: bool, who: str) -> str:
    """A placement: the tile and where, then each thing that came with it, each a clause of its
    own message that takes the sentence so far (``{done}``)."""
    tile, where = kind_name(d["kind"]), d.get("space_label", "")
    if where:
        out = said(you, "{who} built {tile} on {space}").format(who=who, tile=tile, space=where)
    else:
        out = said(you, "{who} built {tile}").format(who=who, tile=tile)
    if d.get("bridge") and d.get("milestone"):
        out = _("{done} using a Bridge and a Milestone").format(done=out)
    elif d.get("bridge"):
        out = _("{done} using a Bridge").format(done=out)
    elif d.get("milestone"):
        out = _("{done} using a Milestone").format(done=out)
    if d.get("new_region"):
        out = _("{done}, starting a region with a worker").format(done=out)
    if d.get("workers_back"):
        n = d["workers_back"]
        out = ngettext(
            "{done}, joining regions ({n} worker back home)", "{done}, joining regions ({n} workers back home)", n
        ).format(done=out, n=n)
    if d.get("neutral_merged"):
        out = _("{done}, absorbing a neutral region").format(done=out)
    if "pickup" in d:
        pick = d["pickup"]
        if pick["kind"] == "horses":
            n = pick["value"]
            out = ngettext("{done}, and took {n} wild horse", "{done}, and took {n} wild horses", n).format(
                done=out, n=n
            )
            if pick.get("scored"):
                out = ngettext("{done}, scoring {n} point at once", "{done}, scoring {n} points at once", n).format(
                    done=out, n=n
                )
        elif pick["value"]:
            out = _("{done}, and took the {landscape} ({value})").format(
                done=out, landscape=landscape_name(pick["kind"]), value=pick["value"]
            )
        else:
            out = _("{done}, and took the {landscape}").format(done=out, landscape=landscape_name(pick["kind"]))
    return pgettext("sentence", "{done}.").format(done=out)


def describe_outcome(outcome: Action) -> str:
    """A chance outcome in words ("a lemon tile with a well from the bag", "a Finca worth 8/4");
    every Citrus outcome is public."""
    f, kind = outcome.fields, outcome.kind
    if kind == "tile":
        return _("a {tile} tile from the bag").format(tile=kind_name(f["plantation"]))
    if kind == "landscape":
        name = landscape_name(f["landscape"])
        if f["value"]:
            return _("a landscape tile: {name} ({value})").format(name=name, value=f["value"])
        return _("a landscape tile: {name}").format(name=name)
    if kind == "finca":
        return _("a Finca worth {high}/{low}").format(high=f["high"], low=f["low"])
    if kind == "site":
        return _("building site {letter}").format(letter=f["letter"])
    return _("seat {number} plays first").format(number=f["seat"] + 1)


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer (short: the terminal
    shows it beside its key reminder in 80 columns)."""
    viewer = view["viewer"]
    seat = view["current_player"]
    phase = view["phase"]
    if phase == "over":
        winners = view["standings"]["winners"]
        told = pgettext("list", " and ").join(_who(w, viewer, names) for w in winners)
        if len(winners) == 1:
            return said(winners[0] == viewer, "Game over: {winners} won.").format(winners=told)
        return pgettext("winners", "Game over: {winners} won.").format(winners=told)
    mine = seat == viewer
    who = _who(seat, viewer, names)
    if phase == "place":
        waiting = listed(
            [
                ("" if w["count"] == 1 else f"{w['count']}× ") + _short_tile(w["type"], w["well"])
                for w in view["waiting"]
            ]
        )
        if mine:
            return _("Build: {tiles}").format(tiles=waiting)
        return _("Waiting for {who} to build {tiles}").format(who=who, tiles=waiting)
    if phase in ("site", "blocked_site"):
        if mine:
            return _("Choose a Finca site: {sites}").format(sites=" ".join(view["open_sites"]))
        return _("Waiting for {who} to choose a Finca site").format(who=who)
    if phase == "harvest":
        return _("Harvest more or take income") if mine else _("Waiting for {who} to harvest").format(who=who)
    if phase == "after":
        return _("Action tiles or end turn") if mine else _("Waiting for {who} to end the turn").format(who=who)
    return _("Buy a market line or harvest") if mine else _("Waiting for {who} to buy or harvest").format(who=who)


def line_contents(view: Mapping[str, Any], line_index: int) -> str:
    """What buying a market line costs and brings: "for 3 coins: lemon, blood orange+well"."""
    line = view["market"]["lines"][line_index]
    found = [view["market"]["spaces"][m - 1]["tile"] for m in line["spaces"]]
    bought = [_short_tile(t["type"], t["well"]) for t in found if t]
    n = len(bought)
    return ngettext("for {n} coin: {tiles}", "for {n} coins: {tiles}", n).format(n=n, tiles=listed(bought))


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    f = action.fields
    kind = action.kind
    if kind == "buy":
        return _("Buy line {line} {contents}").format(
            line=view["market"]["lines"][f["line"]]["name"], contents=line_contents(view, f["line"])
        )
    if kind == "harvest":
        board = view["board"]
        label = board["labels"][f["space"]]
        region = next((r for r in view["regions"] if r["id"] == board["region"][f["space"]]), None)
        if region:
            return _("Harvest your {type} region at {space} ({tiles}, {points})").format(
                type=_type_name(region["type"]),
                space=label,
                tiles=tiles(region["size"]),
                points=points(region["points"]),
            )
        return _("Harvest the region at {space}").format(space=label)
    if kind == "income":
        viewer = view["current_player"]
        income = view["players"][viewer]["income"] if viewer is not None and viewer >= 0 else 0
        return _("Collect income ({coins}) and finish the harvest").format(coins=coins(income))
    if kind == "site":
        return _("Build the new Finca on site {letter}").format(letter=f["letter"])
    if kind == "place":
        label = view["board"]["labels"][f["space"]]
        tile = _tile_name(f["type"], f["well"])
        if f["bridge"] and f["milestone"]:
            message = _("Build {tile} on {space} spending a Bridge and a Milestone")
        elif f["bridge"]:
            message = _("Build {tile} on {space} spending a Bridge")
        elif f["milestone"]:
            message = _("Build {tile} on {space} spending a Milestone")
        else:
            message = _("Build {tile} on {space}")
        return message.format(tile=tile, space=label)
    if kind == "cash":
        return _("Cash a Money tile for {coins}").format(coins=coins(f["value"]))
    if kind == "cart":
        held = view["market"]["spaces"][f["market_space"]]["tile"]
        what = _tile_name(held["type"], held["well"]) if held else _("tile")
        return _("Use a Cart: take the {tile} from market space {space}").format(tile=what, space=f["market_space"] + 1)
    if kind == "bull":
        return _("Put a Bull on {space}").format(space=view["board"]["labels"][f["space"]])
    if kind == "end":
        return _("End the turn")
    return _("Pass (no main action is possible)")


__all__ = ["action_label", "describe_event", "kind_name", "line_contents", "prompt", "type_word"]


def plantation_tile_said(recorded: str) -> str:
    """A plantation tile as the balance report records it ("blood well"), in words: "blood orange
    with a well" in the current language; else as recorded."""
    short, _space, well = recorded.partition(" ")
    if short not in C.types or well not in ("", "well"):
        return recorded
    return _tile_name(short, well == "well")


def action_tile_said(recorded: str) -> str:
    """An action tile as the balance report records it ("cart"), by its name in the current language."""
    return landscape_name(recorded) if recorded in LANDSCAPE_WORDS else recorded
