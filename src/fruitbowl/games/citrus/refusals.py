"""Citrus's refusals in words: per refusal key (the rule a check in :mod:`.rules` names), the
sentence a player reads. The checks decide; these only say which rule and the numbers of the
position, read from the state and the component data.
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
    return f"site {a.fields['letter']} has no face-up building-site tile; open sites: {letters}"


def _harvest_owner(s: CitrusState, a: Action) -> str:
    owner = s.rown[s.rid[a.fields["space"]]]
    return "that region is " + ("neutral" if owner < 0 else f"player {owner + 1}'s")


def _first_tile(s: CitrusState, a: Action) -> str:
    first = s.geo.labels[min(s.rcells[s.rid[a.fields["space"]]])]
    return f"name a region by its first tile in reading order (top row, then leftmost): {first}"


def _too_dear(s: CitrusState, a: Action) -> str:
    cost = len(s.line_tiles(a.fields["line"]))
    return f"line {a.fields['line_name']} costs {cost}; you have {counted(s.money[s.player], 'coin')}"


def _not_held(s: CitrusState, a: Action) -> str:
    name = {"cash": f"Money tile worth {a.fields.get('value')}", "cart": "Cart", "bull": "Bull"}[a.kind]
    return f"you hold no {name}"


def _market_tile(s: CitrusState, a: Action) -> str:
    return C.kind_name(s.market[a.fields["market_space"]])


def _touching_rival(s: CitrusState, a: Action) -> str:
    t, colour = a.fields["space"], a.fields["tile"] >> 1
    for nb in s.geo.orth[t]:
        kind = s.plant[nb]
        if kind >= 0 and kind >> 1 == colour and s.rown[s.rid[nb]] not in (-1, s.player):
            return f"{_label(s, a)} touches player {s.rown[s.rid[nb]] + 1}'s {_type(a)} region (§5.3.4)"
    return f"{_label(s, a)} touches another player's {_type(a)} region (§5.3.4)"


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
    return f"{_label(s, a)} would join a neutral {_type(a)} region of {neutral} to yours of only {own} (§5.3.6)"


def _variety(s: CitrusState, a: Action) -> str:
    t, colour, geo = a.fields["space"], a.fields["tile"] >> 1, s.geo
    site = geo.road_site[t]
    for road in geo.site_roads[site]:
        if road != t and s.plant[road] >= 0 and s.plant[road] >> 1 == colour:
            return (
                f"site {geo.site_letters[site]} already has {_type(a)} on its road {geo.labels[road]} (§5.3.3 variety)"
            )
    return f"site {geo.site_letters[site]} already has {_type(a)} on another road (§5.3.3 variety)"


def _bridge_same_type(s: CitrusState, a: Action) -> str:
    colour = s.rcol[s.rid[a.fields["space"]]]
    return f"the neutral {C.type_names[colour]} region there has several tiles; a Bridge needs another colour (§8.5)"


REFUSALS: dict[str, Sentence] = {
    # turn structure
    "site.choose_first": lambda s, a: "first choose the site for the new Finca (§5.2)",
    "site.no_finca": lambda s, a: "no new Finca is being built now",
    "harvest.no_cart": lambda s, a: (
        "finish the harvest first (harvest another region or collect income): a Cart's tile would change"
        " the regions and workers the harvest counts (§6)"
    ),
    "harvest.unfinished": lambda s, a: "finish the harvest first: harvest another region or collect income",
    "income.after_harvest": lambda s, a: "income is collected only after harvesting",
    "main.done": lambda s, a: "you have already taken your main action this turn",
    "harvest.not_now": lambda s, a: "you cannot harvest now",
    "buy.tiles_waiting": lambda s, a: "build the tiles you have first",
    "place.nothing_waiting": lambda s, a: "you have no tile waiting to be built",
    "place.build_first": lambda s, a: "build your waiting tiles first",
    "cart.its_tile_first": lambda s, a: "build the Cart's tile first: a Cart's tile is built at once (§8.3)",
    "cart.restriction": lambda s, a: "build your waiting tiles first (no Cart while bought tiles wait, §5.6)",
    "end.main_first": lambda s, a: "take your main action first: buy a line or harvest",
    "pass.not_now": lambda s, a: "you may pass only at the start of your turn, when no main action is possible (§9)",
    "pass.can_act": lambda s, a: "you may pass only when no main action is possible (§9)",
    # sites
    "site.not_open": _open_sites,
    "site.unbuildable": lambda s, a: (
        f"with a Finca on site {a.fields['letter']} your waiting tiles could not all be built (§5.7)"
    ),
    # harvest
    "harvest.no_plantation": lambda s, a: f"there is no plantation on {_label(s, a)}",
    "harvest.neutral": _harvest_owner,
    "harvest.rival": _harvest_owner,
    "harvest.first_tile": _first_tile,
    # buying
    "buy.empty_line": lambda s, a: f"line {a.fields['line_name']} is empty",
    "buy.too_dear": _too_dear,
    "buy.unbuildable": lambda s, a: f"the tiles of line {a.fields['line_name']} could not all be built (§5.1)",
    # action tiles
    "tile.not_held": _not_held,
    "cart.empty_space": lambda s, a: f"market space {a.fields['market_space'] + 1} is empty",
    "cart.unbuildable_with_waiting": lambda s, a: (
        f"the {_market_tile(s, a)} and your waiting tiles could not all be built (§5.7)"
    ),
    "cart.unbuildable": lambda s, a: f"the {_market_tile(s, a)} could not be built anywhere (§8.3)",
    "bull.not_empty": lambda s, a: f"a Bull goes only on an empty space; {_label(s, a)} is not empty (§8.4)",
    # building (§5.3, §8.5, §8.6, §5.7)
    "place.not_waiting": lambda s, a: f"you have no {C.kind_name(a.fields['tile'])} waiting",
    "place.no_bridge": lambda s, a: "you hold no Bridge",
    "place.no_milestone": lambda s, a: "you hold no Milestone",
    "place.site": lambda s, a: f"{_label(s, a)} is a building site; plantations never go there (§5.3.1)",
    "place.occupied": lambda s, a: f"{_label(s, a)} already holds a plantation",
    "place.rock": lambda s, a: f"{_label(s, a)} is a rock; only a Bridge builds there (§8.5)",
    "place.bridge_owned_region": lambda s, a: (
        f"{_label(s, a)} belongs to a region with a worker; a Bridge covers only neutral tiles (§8.5)"
    ),
    "place.bridge_same_type": _bridge_same_type,
    "place.bridge_not_needed": lambda s, a: (
        f"{_label(s, a)} is neither a rock nor a neutral plantation; no Bridge is needed"
    ),
    "place.touches_rival": _touching_rival,
    "place.neutral_larger": _neutral_larger,
    "place.new_touches_neutral": lambda s, a: (
        f"a new {_type(a)} region may not touch a neutral {_type(a)} region (§5.3.6)"
    ),
    "place.no_worker": lambda s, a: "you have no worker on your mat to start a new region (§5.3.2)",
    "place.not_connected": lambda s, a: (
        f"{_label(s, a)} is not next to your {_type(a)} region nor on a Finca road (§5.3.2)"
    ),
    "place.milestone_extends": lambda s, a: (
        f"{_label(s, a)} extends your {_type(a)} region; a Milestone is only for a new region (§8.6)"
    ),
    "place.milestone_not_needed": lambda s, a: f"{_label(s, a)} is a Finca road; no Milestone is needed",
    "place.variety": _variety,
    "place.blocks_rest": lambda s, a: "after that your other waiting tiles could no longer all be built (§5.7)",
}
