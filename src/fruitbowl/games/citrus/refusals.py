"""Citrus's refusals in words: per refusal key (the rule a check in :mod:`.rules` names), the
sentence a player reads, and the heading of the players' page (``how_to_play.md``) whose
paragraph states that rule. The checks decide; the sentences only name the rule in plain words
and give the numbers of the position, read from the state and the component data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fruitbowl.engine.actions import Action
from fruitbowl.engine.wording import _, ngettext

from .components import COMPONENTS as C
from .components import ROCK, SITE
from .text import coins, kind_name, tiles, type_word

if TYPE_CHECKING:
    from .rules import CitrusState

Sentence = Callable[["CitrusState", Action], str]


def _label(s: CitrusState, a: Action) -> str:
    return s.geo.labels[a.fields["space"]]


def _type(a: Action) -> str:
    return type_word(C.type_names[a.fields["tile"] >> 1])


def _open_sites(s: CitrusState, a: Action) -> str:
    letters = " ".join(s.geo.site_letters[site] for site in s.open_sites)
    return _("site {letter} is not open: a new Finca goes on an open site ({sites})").format(
        letter=a.fields["letter"], sites=letters
    )


def _harvest_owner(s: CitrusState, a: Action) -> str:
    owner = s.rown[s.rid[a.fields["space"]]]
    if owner < 0:
        return _("that region is neutral: you harvest only your own regions (those with your worker)")
    return _("that region is player {number}'s: you harvest only your own regions (those with your worker)").format(
        number=owner + 1
    )


def _first_tile(s: CitrusState, a: Action) -> str:
    first = s.geo.labels[min(s.rcells[s.rid[a.fields["space"]]])]
    return _("a region is named by its first tile in reading order (top row, then leftmost): {space}").format(
        space=first
    )


def _too_dear(s: CitrusState, a: Action) -> str:
    cost = len(s.line_tiles(a.fields["line"]))
    return ngettext(
        "line {line} costs {n} coin, one a tile; you have {money}",
        "line {line} costs {n} coins, one a tile; you have {money}",
        cost,
    ).format(line=a.fields["line_name"], n=cost, money=coins(s.money[s.player]))


def _not_held(s: CitrusState, a: Action) -> str:
    if a.kind == "cash":
        return _("you hold no Money tile worth {value}").format(value=a.fields.get("value"))
    return _("you hold no Cart") if a.kind == "cart" else _("you hold no Bull")


def _bull_space(s: CitrusState, a: Action) -> str:
    """§8.4, G14: a Bull goes on an empty space, never on a rock or a building site."""
    space = a.fields["space"]
    kind = s.geo.kind[space]
    if kind == ROCK and s.plant[space] < 0:  # (not a rock a Bridge covered)
        return _("{space} is a rock: a Bull never goes on a rock").format(space=_label(s, a))
    if kind == SITE:
        return _("{space} is a building site: a Bull never goes on a building site").format(space=_label(s, a))
    return _("a Bull goes only on an empty space; {space} is not empty").format(space=_label(s, a))


def _market_tile(s: CitrusState, a: Action) -> str:
    return kind_name(s.market[a.fields["market_space"]])


def _touching_rival(s: CitrusState, a: Action) -> str:
    t, colour = a.fields["space"], a.fields["tile"] >> 1
    for nb in s.geo.orth[t]:
        kind = s.plant[nb]
        if kind >= 0 and kind >> 1 == colour and s.rown[s.rid[nb]] not in (-1, s.player):
            return _(
                "{space} touches player {number}'s {type} region: no region may touch another player's region of"
                " its type"
            ).format(space=_label(s, a), number=s.rown[s.rid[nb]] + 1, type=_type(a))
    return _(
        "{space} touches another player's {type} region: no region may touch another player's region of its type"
    ).format(space=_label(s, a), type=_type(a))


def _sizes(s: CitrusState, a: Action) -> tuple[int, int, int]:
    """The sizes of the player's own and the neutral regions of the tile's type next to its space,
    and how many neutral regions those are."""
    t, colour = a.fields["space"], a.fields["tile"] >> 1
    own = neutral = neutrals = 0
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
            neutrals += 1
    return own, neutral, neutrals


def _neutral_larger(s: CitrusState, a: Action) -> str:
    own, neutral, neutrals = _sizes(s, a)
    if neutrals > 1:
        return _(
            "{space} would join neutral {type} regions of {tiles} in all to yours of only {own}: you absorb neutral"
            " regions only with regions at least as large"
        ).format(space=_label(s, a), type=_type(a), tiles=tiles(neutral), own=own)
    return _(
        "{space} would join a neutral {type} region of {tiles} to yours of only {own}: you absorb a neutral region"
        " only with regions at least as large"
    ).format(space=_label(s, a), type=_type(a), tiles=tiles(neutral), own=own)


def _variety(s: CitrusState, a: Action) -> str:
    t, colour, geo = a.fields["space"], a.fields["tile"] >> 1, s.geo
    site = geo.road_site[t]
    for road in geo.site_roads[site]:
        if road != t and s.plant[road] >= 0 and s.plant[road] >> 1 == colour:
            return _(
                "site {letter} already has {type} on its road {space}: the variety rule allows one of each type on a"
                " site's roads"
            ).format(letter=geo.site_letters[site], type=_type(a), space=geo.labels[road])
    return _(
        "site {letter} already has {type} on another road: the variety rule allows one of each type on a site's roads"
    ).format(letter=geo.site_letters[site], type=_type(a))


def _bridge_same_type(s: CitrusState, a: Action) -> str:
    colour = s.rcol[s.rid[a.fields["space"]]]
    return _("the neutral {type} region there has several tiles: a Bridge over it needs a tile of another type").format(
        type=type_word(C.type_names[colour])
    )


def _all_built() -> str:
    return _("everything you take must be built this turn")


REFUSALS: dict[str, Sentence] = {
    # turn structure
    "site.choose_first": lambda s, a: _("first choose the site of the new Finca: it is built before your tiles"),
    "site.no_finca": lambda s, a: _(
        "no new Finca is being built now: one comes when {n} or fewer tiles are left in the market"
    ).format(n=C.trigger),
    "harvest.no_cart": lambda s, a: _(
        "finish the harvest first (harvest another region or collect income): no Cart during a harvest, as its"
        " tile would change the regions and workers the harvest counts"
    ),
    "harvest.unfinished": lambda s, a: _("finish the harvest first: harvest another region or collect income"),
    "income.after_harvest": lambda s, a: _("income is collected only at the end of a harvest"),
    "main.done": lambda s, a: _("you have already taken your main action this turn: one Build or one Harvest a turn"),
    "harvest.not_now": lambda s, a: _("build the Cart's tile first (it is built at once); then you may harvest"),
    "buy.tiles_waiting": lambda s, a: _("build the Cart's tile first (it is built at once); then you may buy a line"),
    "place.nothing_waiting": lambda s, a: _("you have no tile waiting to be built"),
    "place.build_first": lambda s, a: _("build your waiting tiles first: {rule}").format(rule=_all_built()),
    "cart.its_tile_first": lambda s, a: _("build the Cart's tile first: a Cart's tile is built at once"),
    "cart.restriction": lambda s, a: _("no Cart while bought tiles wait to be built: build them first"),
    "end.main_first": lambda s, a: _("take your main action first: buy a line or harvest"),
    "pass.not_now": lambda s, a: _("you may pass only at the start of your turn, when no main action is possible"),
    "pass.can_act": lambda s, a: _(
        "you may pass only when no main action is possible, even after cashing your Money tiles or using a Cart"
    ),
    # sites
    "site.not_open": _open_sites,
    "site.unbuildable": lambda s, a: _(
        "with a Finca on site {letter} your waiting tiles could not all be built: {rule}"
    ).format(letter=a.fields["letter"], rule=_all_built()),
    # harvest
    "harvest.no_plantation": lambda s, a: _("there is no plantation on {space}").format(space=_label(s, a)),
    "harvest.neutral": _harvest_owner,
    "harvest.rival": _harvest_owner,
    "harvest.first_tile": _first_tile,
    # buying
    "buy.empty_line": lambda s, a: _("line {line} is empty").format(line=a.fields["line_name"]),
    "buy.too_dear": _too_dear,
    "buy.unbuildable": lambda s, a: _(
        "the tiles of line {line} could not all be built: you may buy a line only if you can build every tile of it"
    ).format(line=a.fields["line_name"]),
    # action tiles
    "tile.not_held": _not_held,
    "cart.empty_space": lambda s, a: _("market space {number} is empty").format(number=a.fields["market_space"] + 1),
    "cart.unbuildable_with_waiting": lambda s, a: _(
        "the {tile} and your waiting tiles could not all be built: {rule}"
    ).format(tile=_market_tile(s, a), rule=_all_built()),
    "cart.unbuildable": lambda s, a: _(
        "the {tile} could not be built anywhere: a Cart takes only a tile you can build"
    ).format(tile=_market_tile(s, a)),
    "bull.not_empty": _bull_space,
    # building
    "place.not_waiting": lambda s, a: _("you have no {tile} waiting").format(tile=kind_name(a.fields["tile"])),
    "place.no_bridge": lambda s, a: _("you hold no Bridge"),
    "place.no_milestone": lambda s, a: _("you hold no Milestone"),
    "place.site": lambda s, a: _("{space} is a building site: plantations never go on building sites").format(
        space=_label(s, a)
    ),
    "place.occupied": lambda s, a: _(
        "{space} already holds a plantation (only a Bridge builds over a tile of a neutral region)"
    ).format(space=_label(s, a)),
    "place.rock": lambda s, a: _("{space} is a rock: only a Bridge builds on a rock").format(space=_label(s, a)),
    "place.bridge_owned_region": lambda s, a: _(
        "{space} belongs to a region with a worker: a Bridge covers only tiles of neutral regions"
    ).format(space=_label(s, a)),
    "place.bridge_same_type": _bridge_same_type,
    "place.bridge_not_needed": lambda s, a: _(
        "{space} is neither a rock nor a neutral plantation: no Bridge is needed"
    ).format(space=_label(s, a)),
    "place.touches_rival": _touching_rival,
    "place.neutral_larger": _neutral_larger,
    "place.new_touches_neutral": lambda s, a: _(
        "a new {type} region may not touch a neutral {type} region: with no tiles yet, it is smaller than"
        " the region it would absorb"
    ).format(type=_type(a)),
    "place.no_worker": lambda s, a: _("you have no worker on your mat: a new region needs one"),
    "place.not_connected": lambda s, a: _(
        "{space} is not next to your {type} region nor on a Finca road: a tile grows one of your"
        " regions or starts a new one on a Finca's road"
    ).format(space=_label(s, a), type=_type(a)),
    "place.milestone_extends": lambda s, a: _(
        "{space} extends your {type} region: a Milestone is only for starting a new region"
    ).format(space=_label(s, a), type=_type(a)),
    "place.milestone_not_needed": lambda s, a: _("{space} is a Finca road: no Milestone is needed").format(
        space=_label(s, a)
    ),
    "place.variety": _variety,
    "place.blocks_rest": lambda s, a: _(
        "after that your other waiting tiles could no longer all be built: {rule}"
    ).format(rule=_all_built()),
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


# ---------------------------------------------------------------------- options that do not combine


def three_fincas_side(side: str, starts: int) -> str:
    """``three_fincas`` asked on a side other than the long one, whose starting Fincas are fixed."""
    return ngettext(
        "option three_fincas is for the long side; the {side} side always starts with {n} Finca",
        "option three_fincas is for the long side; the {side} side always starts with {n} Fincas",
        starts,
    ).format(side=side, n=starts)


def three_fincas_alone() -> str:
    """``three_fincas`` asked without the random starting sites it belongs to."""
    return _("option three_fincas is part of the random starting sites variant; give random_sites=true as well")


def cart_with_free_placement() -> str:
    """``cart_restriction=false`` asked with ``free_placement``."""
    return _(
        "option cart_restriction=false does not combine with free_placement: a returned tile could not"
        " be told apart from the Cart's free one, so its refund would be undefined"
    )
