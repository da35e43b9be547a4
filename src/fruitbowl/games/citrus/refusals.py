"""Citrus's refusals in words: per refusal key (the rule a check in :mod:`.rules` names), the
sentence a player reads, and the heading of the players' page (``how_to_play.md``) whose
paragraph states that rule. The checks decide; the sentences only name the rule in plain words
and give the numbers of the position, read from the state and the component data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fruitbowl.engine.actions import Action
from fruitbowl.engine.wording import counted

from .components import COMPONENTS as C

if TYPE_CHECKING:
    from .rules import CitrusState

Sentence = Callable[["CitrusState", Action], str]


def _label(s: CitrusState, a: Action) -> str:
    return s.geo.labels[a.fields["space"]]


def _type(a: Action) -> str:
    return C.type_names[a.fields["tile"] >> 1]


def _open_sites(s: CitrusState, a: Action) -> str:
    letters = " ".join(s.geo.site_letters[site] for site in s.open_sites)
    return f"site {a.fields['letter']} is not open: a new Finca goes on an open site ({letters})"


def _harvest_owner(s: CitrusState, a: Action) -> str:
    owner = s.rown[s.rid[a.fields["space"]]]
    whose = "neutral" if owner < 0 else f"player {owner + 1}'s"
    return f"that region is {whose}: you harvest only your own regions (those with your worker)"


def _first_tile(s: CitrusState, a: Action) -> str:
    first = s.geo.labels[min(s.rcells[s.rid[a.fields["space"]]])]
    return f"a region is named by its first tile in reading order (top row, then leftmost): {first}"


def _too_dear(s: CitrusState, a: Action) -> str:
    cost = len(s.line_tiles(a.fields["line"]))
    money = counted(s.money[s.player], "coin")
    return f"line {a.fields['line_name']} costs {counted(cost, 'coin')}, one a tile; you have {money}"


def _not_held(s: CitrusState, a: Action) -> str:
    name = {"cash": f"Money tile worth {a.fields.get('value')}", "cart": "Cart", "bull": "Bull"}[a.kind]
    return f"you hold no {name}"


def _market_tile(s: CitrusState, a: Action) -> str:
    return C.kind_name(s.market[a.fields["market_space"]])


def _touching_rival(s: CitrusState, a: Action) -> str:
    t, colour = a.fields["space"], a.fields["tile"] >> 1
    rule = "no region may touch another player's region of its type"
    for nb in s.geo.orth[t]:
        kind = s.plant[nb]
        if kind >= 0 and kind >> 1 == colour and s.rown[s.rid[nb]] not in (-1, s.player):
            return f"{_label(s, a)} touches player {s.rown[s.rid[nb]] + 1}'s {_type(a)} region: {rule}"
    return f"{_label(s, a)} touches another player's {_type(a)} region: {rule}"


def _sizes(s: CitrusState, a: Action) -> tuple[int, int]:
    """The sizes of the player's own and the neutral regions of the tile's type next to its space."""
    t, colour = a.fields["space"], a.fields["tile"] >> 1
    own = neutral = 0
    seen: set[int] = set()
    for nb in s.geo.orth[t]:
        kind, r = s.plant[nb], s.rid[nb]
        if kind < 0 or kind >> 1 != colour or r in seen:
            continue
        seen.add(r)
        if s.rown[r] == s.player:
            own += len(s.rcells[r])
        elif s.rown[r] < 0:
            neutral += len(s.rcells[r])
    return own, neutral


def _neutral_larger(s: CitrusState, a: Action) -> str:
    own, neutral = _sizes(s, a)
    return (
        f"{_label(s, a)} would join a neutral {_type(a)} region of {counted(neutral, 'tile')} to yours of only"
        f" {own}: you absorb a neutral region only with regions at least as large"
    )


def _variety(s: CitrusState, a: Action) -> str:
    t, colour, geo = a.fields["space"], a.fields["tile"] >> 1, s.geo
    site = geo.road_site[t]
    rule = "the variety rule allows one of each type on a site's roads"
    for road in geo.site_roads[site]:
        if road != t and s.plant[road] >= 0 and s.plant[road] >> 1 == colour:
            return f"site {geo.site_letters[site]} already has {_type(a)} on its road {geo.labels[road]}: {rule}"
    return f"site {geo.site_letters[site]} already has {_type(a)} on another road: {rule}"


def _bridge_same_type(s: CitrusState, a: Action) -> str:
    colour = s.rcol[s.rid[a.fields["space"]]]
    return (
        f"the neutral {C.type_names[colour]} region there has several tiles: a Bridge over it needs a tile of"
        " another type"
    )


_ALL_BUILT = "everything you take must be built this turn"

REFUSALS: dict[str, Sentence] = {
    # turn structure
    "site.choose_first": lambda s, a: "first choose the site of the new Finca: it is built before your tiles",
    "site.no_finca": lambda s, a: (
        f"no new Finca is being built now: one comes when {C.trigger} or fewer tiles are left in the market"
    ),
    "harvest.no_cart": lambda s, a: (
        "finish the harvest first (harvest another region or collect income): no Cart during a harvest, as its"
        " tile would change the regions and workers the harvest counts"
    ),
    "harvest.unfinished": lambda s, a: "finish the harvest first: harvest another region or collect income",
    "income.after_harvest": lambda s, a: "income is collected only at the end of a harvest",
    "main.done": lambda s, a: "you have already taken your main action this turn: one Build or one Harvest a turn",
    "harvest.not_now": lambda s, a: "build the Cart's tile first (it is built at once); then you may harvest",
    "buy.tiles_waiting": lambda s, a: "build the Cart's tile first (it is built at once); then you may buy a line",
    "place.nothing_waiting": lambda s, a: "you have no tile waiting to be built",
    "place.build_first": lambda s, a: f"build your waiting tiles first: {_ALL_BUILT}",
    "cart.its_tile_first": lambda s, a: "build the Cart's tile first: a Cart's tile is built at once",
    "cart.restriction": lambda s, a: "no Cart while bought tiles wait to be built: build them first",
    "end.main_first": lambda s, a: "take your main action first: buy a line or harvest",
    "pass.not_now": lambda s, a: "you may pass only at the start of your turn, when no main action is possible",
    "pass.can_act": lambda s, a: (
        "you may pass only when no main action is possible, even after cashing your Money tiles or using a Cart"
    ),
    # sites
    "site.not_open": _open_sites,
    "site.unbuildable": lambda s, a: (
        f"with a Finca on site {a.fields['letter']} your waiting tiles could not all be built: {_ALL_BUILT}"
    ),
    # harvest
    "harvest.no_plantation": lambda s, a: f"there is no plantation on {_label(s, a)}",
    "harvest.neutral": _harvest_owner,
    "harvest.rival": _harvest_owner,
    "harvest.first_tile": _first_tile,
    # buying
    "buy.empty_line": lambda s, a: f"line {a.fields['line_name']} is empty",
    "buy.too_dear": _too_dear,
    "buy.unbuildable": lambda s, a: (
        f"the tiles of line {a.fields['line_name']} could not all be built: you may buy a line only if you can"
        " build every tile of it"
    ),
    # action tiles
    "tile.not_held": _not_held,
    "cart.empty_space": lambda s, a: f"market space {a.fields['market_space'] + 1} is empty",
    "cart.unbuildable_with_waiting": lambda s, a: (
        f"the {_market_tile(s, a)} and your waiting tiles could not all be built: {_ALL_BUILT}"
    ),
    "cart.unbuildable": lambda s, a: (
        f"the {_market_tile(s, a)} could not be built anywhere: a Cart takes only a tile you can build"
    ),
    "bull.not_empty": lambda s, a: f"a Bull goes only on an empty space; {_label(s, a)} is not empty",
    # building
    "place.not_waiting": lambda s, a: f"you have no {C.kind_name(a.fields['tile'])} waiting",
    "place.no_bridge": lambda s, a: "you hold no Bridge",
    "place.no_milestone": lambda s, a: "you hold no Milestone",
    "place.site": lambda s, a: f"{_label(s, a)} is a building site: plantations never go on building sites",
    "place.occupied": lambda s, a: (
        f"{_label(s, a)} already holds a plantation (only a Bridge builds over a tile of a neutral region)"
    ),
    "place.rock": lambda s, a: f"{_label(s, a)} is a rock: only a Bridge builds on a rock",
    "place.bridge_owned_region": lambda s, a: (
        f"{_label(s, a)} belongs to a region with a worker: a Bridge covers only tiles of neutral regions"
    ),
    "place.bridge_same_type": _bridge_same_type,
    "place.bridge_not_needed": lambda s, a: (
        f"{_label(s, a)} is neither a rock nor a neutral plantation: no Bridge is needed"
    ),
    "place.touches_rival": _touching_rival,
    "place.neutral_larger": _neutral_larger,
    "place.new_touches_neutral": lambda s, a: (
        f"a new {_type(a)} region may not touch a neutral {_type(a)} region: with no tiles yet, it is smaller than"
        " the region it would absorb"
    ),
    "place.no_worker": lambda s, a: "you have no worker on your mat: a new region needs one",
    "place.not_connected": lambda s, a: (
        f"{_label(s, a)} is not next to your {_type(a)} region nor on a Finca road: a tile grows one of your"
        " regions or starts a new one on a Finca's road"
    ),
    "place.milestone_extends": lambda s, a: (
        f"{_label(s, a)} extends your {_type(a)} region: a Milestone is only for starting a new region"
    ),
    "place.milestone_not_needed": lambda s, a: f"{_label(s, a)} is a Finca road: no Milestone is needed",
    "place.variety": _variety,
    "place.blocks_rest": lambda s, a: f"after that your other waiting tiles could no longer all be built: {_ALL_BUILT}",
}

#: Per refusal key: the anchor of the heading of ``how_to_play.md`` whose paragraph states the rule.
RULE_ANCHORS: dict[str, str] = {
    # "Your turn"
    "main.done": "one-main-action-a-turn",
    "end.main_first": "ending-your-turn",
    "place.build_first": "ending-your-turn",
    "pass.not_now": "passing-when-no-main-action-is-possible",
    "pass.can_act": "passing-when-no-main-action-is-possible",
    # "Build: buy a line and build it"
    "buy.empty_line": "buying-a-line",
    "buy.too_dear": "buying-a-line",
    "buy.unbuildable": "everything-you-take-is-built",
    "site.unbuildable": "everything-you-take-is-built",
    "cart.unbuildable_with_waiting": "everything-you-take-is-built",
    "place.blocks_rest": "everything-you-take-is-built",
    "place.nothing_waiting": "everything-you-take-is-built",
    "place.not_waiting": "everything-you-take-is-built",
    "site.choose_first": "a-new-finca",
    "site.no_finca": "a-new-finca",
    "site.not_open": "a-new-finca",
    # "Building rules"
    "place.site": "where-a-tile-may-go",
    "place.occupied": "where-a-tile-may-go",
    "place.rock": "where-a-tile-may-go",
    "place.not_connected": "growing-a-region-or-starting-one",
    "place.no_worker": "growing-a-region-or-starting-one",
    "place.variety": "variety-on-a-fincas-roads",
    "place.touches_rival": "no-contact-with-other-players-regions",
    "place.neutral_larger": "joining-regions",
    "place.new_touches_neutral": "joining-regions",
    # "Harvest"
    "harvest.no_plantation": "harvesting-your-regions",
    "harvest.neutral": "harvesting-your-regions",
    "harvest.rival": "harvesting-your-regions",
    "harvest.first_tile": "harvesting-your-regions",
    "harvest.unfinished": "harvesting-your-regions",
    "income.after_harvest": "income",
    # "Action tiles"
    "tile.not_held": "using-action-tiles",
    "cart.empty_space": "cart",
    "cart.unbuildable": "cart",
    "cart.its_tile_first": "cart",
    "cart.restriction": "cart",
    "harvest.no_cart": "cart",
    "harvest.not_now": "cart",
    "buy.tiles_waiting": "cart",
    "bull.not_empty": "bull",
    "place.no_bridge": "bridge",
    "place.bridge_owned_region": "bridge",
    "place.bridge_same_type": "bridge",
    "place.bridge_not_needed": "bridge",
    "place.no_milestone": "milestone",
    "place.milestone_extends": "milestone",
    "place.milestone_not_needed": "milestone",
}
