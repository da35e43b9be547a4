"""Juicy Fruits in words: event sentences, the status line, menu labels and refusals.

Plain strings only, shared by every front end, with their numbers read from the game's data, said
in the current language through ``engine.wording`` (the pieces' printed names are marked in
:mod:`.words`). What each seat sees is built in :mod:`.view`; the labels and the status line read
that view. Refusals (:data:`REFUSALS`) give one sentence per key of :mod:`.legality`, the module
where each rule is written once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.legality import GAME_OVER, Refusal
from fruitbowl.engine.pages import slug
from fruitbowl.engine.wording import N_, _, ngettext, nsaid, pgettext, said

from . import business, juice, mystic, new_business
from . import legality as L
from .boulders import BOULDER, boulder_id, condition_text
from .components import COMPONENTS as C
from .components import Token
from .island import (
    CELL_NAMES,
    CELLS,
    COLLECTOR,
    SHIP,
    TOKEN,
    VENUE,
    VENUE_SIZE,
    block_name,
)
from .ships import DEMANDS
from .words import (
    advanced_collector_after_with,
    ands,
    collector_object,
    commas,
    cost_text,
    direction_name,
    either,
    fruit_name,
    fruits_after_with,
    fruits_counted,
    ice_name,
    n_fruits,
    named_cost_text,
    shortfall,
    token_data_name,
    token_name,
    token_object,
    token_subject,
)

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

FRUITS = C.fruit_names
CATEGORY_NAMES = {
    "placeholder": N_("large venue"),
    "small_venue": N_("small venue"),
    "stall": N_("stall"),
    "advanced_collector": N_("advanced collector"),
    "ice_cream_cart": N_("ice cream cart"),
    "admin": N_("administration building"),
    "whale_watching": N_("whale watching"),
}
ADMIN_TEXT = {
    "harbor_office": N_("from your next turn: +1 per business token whenever you supply a ship"),
    "construction_office": N_("from your next turn: claims cost 1 fruit less and score +1"),
}
FORMULA_TEXT = {
    "per_empty_beach": N_("{p} per empty beach"),
    "per_supplied_ship": N_("{p} per supplied ship"),
    "per_star": N_("{p} per venue star"),
    "per_two_fruits": N_("{p} per 2 fruits left"),
    "per_full_beach": N_("{p} per beach with all 3 ships"),
    "per_milkshake": N_("{p} per milkshake marker"),
}


def whale_text() -> str:
    """What a whale-watching token does, in the current language."""
    return _("at the end of your turns: move it; +{n} when it sees its whale").format(n=C.sighting_points)


def token_text(spec: Token) -> str:
    """What a stall, office or whale-watching token does ('' for other tokens)."""
    if spec.category == "stall":
        return _(FORMULA_TEXT[spec.formula]).format(p=spec.points)
    if spec.category == "admin":
        return _(ADMIN_TEXT[spec.effect])
    if spec.category == "whale_watching":
        return whale_text()
    return ""


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return _("You")
    return names[seat] if seat < len(names) else _("Seat {number}").format(number=seat + 1)


def _moved_piece(code: int) -> str:
    """The piece a move slid (a collector or a token) as the sentence's object, in the current language."""
    if COLLECTOR <= code < TOKEN:
        return collector_object(FRUITS[code - COLLECTOR])
    if TOKEN <= code < VENUE:
        return token_object(C.all_tokens[code - TOKEN].name)
    raise ValueError(f"Juicy Fruits moves only collectors and tokens, not piece {code}.")


def _token(token_id: str) -> str:
    return token_name(token_data_name(token_id))


def _beach(beach: str) -> str:
    return direction_name(BEACH_NAMES_LONG[beach])


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event (nothing in this game is secret, so no redaction)."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    you = event.actor is not None and event.actor == viewer
    kind = event.kind
    if kind == "setup":
        n = d["license"]
        first = _who(d["first_player"], viewer, names)
        return nsaid(
            d["first_player"] == viewer,
            "{who} will play first; {n} claim until X.",
            "{who} will play first; {n} claims until X.",
            n,
        ).format(who=first, n=n)
    if kind == "round":
        return _("Round {round} begins.").format(round=d["round"])
    if kind == "turn":
        return _("Your turn.") if you else _("{who}'s turn.").format(who=who)
    if kind == "no_move":
        return said(you, "{who} cannot move any token; step 1 is skipped.").format(who=who)
    if kind == "move":
        what, start, end = _moved_piece(d["piece"]), CELL_NAMES[d["from"]], CELL_NAMES[d["to"]]
        if "fruit" in d:
            gain = fruits_counted(FRUITS[d["fruit"]], d["distance"])
            return said(you, "{who} slid {what} {start}→{end} (+{gain}).").format(
                who=who, what=what, start=start, end=end, gain=gain
            )
        return said(you, "{who} slid {what} {start}→{end}.").format(who=who, what=what, start=start, end=end)
    if kind == "split":
        got = ands([fruits_counted(FRUITS[f], n) for f, n in d["gained"] if n])
        return said(you, "{who} took {fruits}.").format(who=who, fruits=got)
    if kind == "produce":
        made = [ngettext("{n}-point ice cream", "{n}-point ice cream", v).format(n=v) for v in d["ice_cream"]]
        made += [ngettext("{n}-point milkshake", "{n}-point milkshake", v).format(n=v) for v in d["milkshake"]]
        if not made:
            return said(you, "{who} made no ice cream.").format(who=who)
        points = sum(d["ice_cream"]) + sum(d["milkshake"])
        return said(you, "{who} made {made} (+{points}).").format(who=who, made=commas(made), points=points)
    if kind == "license":
        return ngettext(
            "The ice cream moves the license marker a space: {n} claim until X.",
            "The ice cream moves the license marker a space: {n} claims until X.",
            d["left"],
        ).format(n=d["left"])
    if kind == "supply":
        return said(you, "{who} supplied ship {ship} on {cell} (+{points}).").format(
            who=who, ship=d["ship"], cell=CELL_NAMES[d["cell"]], points=d["points"]
        )
    if kind == "claim":
        name = token_object(token_data_name(d["token"]))
        if "office_points" in d:
            return said(
                you,
                "{who} claimed {name} ({token}) from row {row}, leaving out {fruit} "
                "(+{points}, construction office +{office}).",
            ).format(
                who=who,
                name=name,
                token=d["token"],
                row=d["row"],
                fruit=fruits_counted(FRUITS[d["left_out"]], 1),
                points=d["points"],
                office=d["office_points"],
            )
        return said(you, "{who} claimed {name} ({token}) from row {row} (+{points}).").format(
            who=who, name=name, token=d["token"], row=d["row"], points=d["points"]
        )
    if kind == "place":
        where = CELL_NAMES[d["cells"][0]] if len(d["cells"]) == 1 else _cells_span(d["cells"])
        name = token_object(token_data_name(d["token"]))
        if d["points"]:
            return said(you, "{who} placed {name} on {where} (+{points}).").format(
                who=who, name=name, where=where, points=d["points"]
            )
        return said(you, "{who} placed {name} on {where}.").format(who=who, name=name, where=where)
    if kind == "bonus":
        fruit = fruits_counted(FRUITS[d["fruit"]], 1)
        return said(you, "{who} took {fruit} from the new collector.").format(who=who, fruit=fruit)
    if kind == "pass":
        return said(you, "{who} did nothing in step 2.").format(who=who)
    if kind == "juice":
        return said(you, "{who} made juice: J{space} (+{points}).").format(
            who=who, space=d["space"], points=d["points"]
        )
    if kind == "stop":
        return said(you, "{who} stopped making juice.").format(who=who)
    if kind == "pineapple":
        return _describe_pineapple(d)
    if kind == "pineapple_claim":
        return _describe_pineapple_claim(d)
    module = _describe_module_event(kind, d, who, you)
    if module:
        return module
    if kind == "end_triggered":
        reason = d["reason"]
        if reason == "license":
            return _("The license marker reached X: this round is the last.")
        if reason == "bag":
            return _("Pineapple's bag is empty: the game ends now.")
        if reason == "stalemate":
            n = C.quiet_rounds_limit
            return ngettext(
                "{n} round passed without a claim: the game ends.",
                "{n} rounds passed without a claim: the game ends.",
                n,
            ).format(n=n)
        return _("The action limit is reached: the game is cut short and scored as it stands.")
    if kind == "stalls":
        parts = commas([_("{name} +{points}").format(name=_token(t), points=v) for t, v in d["stalls"]])
        return said(you, "{who} scored stalls: {stalls}.").format(who=who, stalls=parts)
    if kind == "game_over":
        if d.get("reason") == "action_limit":
            return _("The game is over (cut short at the action limit).")
        return _("The game is over.")
    return kind


def _describe_module_event(kind: str, d: dict[str, Any], who: str, you: bool) -> str:
    """Sentences for the Mystic Island modules' events ('' for any other kind); ``you``: the
    actor is the viewer."""
    mc = mystic.CELL_NAMES
    if kind == "statues":
        tiles = commas(
            [_("{tile} on {cell}").format(tile=t, cell=c) for c, t in sorted(d["statues"].items(), key=lambda x: x[1])]
        )
        return _("Statue tiles on Mystic Island: {tiles}.").format(tiles=tiles)
    if kind == "boulders_dealt":
        return said(you, "{who} drew the boulders {boulders}; everyone plays these four.").format(
            who=who, boulders=commas(d["boulders"])
        )
    if kind == "arrange":
        cell = CELL_NAMES[d["cell"]]
        if you:
            return said(you, "{who} put boulder {boulder} on your corner {cell}.").format(
                who=who, boulder=d["boulder"], cell=cell
            )
        return _("{who} put boulder {boulder} on their corner {cell}.").format(who=who, boulder=d["boulder"], cell=cell)
    if kind == "collect":
        if "fruit" in d:
            fruits = fruits_counted(FRUITS[d["fruit"]], d["count"])
            return said(you, "{who} collected {fruits}.").format(who=who, fruits=fruits)
        return said(you, "{who} collected {fruits} with {name}.").format(
            who=who, fruits=n_fruits(d["count"]), name=advanced_collector_after_with(token_data_name(d["token"]))
        )
    if kind == "explore":
        start, end = mc[d["from"]], mc[d["to"]]
        if d["tile"] is None:
            return said(you, "{who} moved the explorer {start}→{end} instead of collecting.").format(
                who=who, start=start, end=end
            )
        if d["points"] is None:
            return said(
                you, "{who} moved the explorer {start}→{end} instead of collecting and took statue {tile}."
            ).format(who=who, start=start, end=end, tile=d["tile"])
        return said(
            you, "{who} moved the explorer {start}→{end} instead of collecting and took statue {tile} (+{points})."
        ).format(who=who, start=start, end=end, tile=d["tile"], points=d["points"])
    if kind == "statue":
        if "ship" in d:
            return said(you, "{who} scored statue {tile} with ship {ship} (+{points}).").format(
                who=who, tile=d["tile"], ship=d["ship"], points=d["points"]
            )
        return said(you, "{who} scored statue {tile} with {fruits} (+{points}).").format(
            who=who, tile=d["tile"], fruits=fruits_after_with(FRUITS[d["fruit"]]), points=d["points"]
        )
    if kind == "boulder":
        cell = CELL_NAMES[d["cell"]]
        if d["first"]:
            return said(you, "{who} cleared boulder {boulder} from {cell} (first of its number, +{points}).").format(
                who=who, boulder=d["boulder"], cell=cell, points=d["points"]
            )
        return said(you, "{who} cleared boulder {boulder} from {cell} (stacked on the tray, +{points}).").format(
            who=who, boulder=d["boulder"], cell=cell, points=d["points"]
        )
    if kind == "harbor_office":
        return said(you, "{who} scored the harbor office (+{points}).").format(who=who, points=d["points"])
    if kind == "whale_placed":
        return said(you, "{who} put the whale of {token} at the {beach} beach.").format(
            who=who, token=d["token"], beach=_beach(d["beach"])
        )
    if kind == "watch":
        if d["from"] == d["to"]:
            return said(you, "{who} left {token} on {cell}.").format(
                who=who, token=d["token"], cell=CELL_NAMES[d["to"]]
            )
        return said(you, "{who} moved {token} {start}→{end}.").format(
            who=who, token=d["token"], start=CELL_NAMES[d["from"]], end=CELL_NAMES[d["to"]]
        )
    if kind == "whale":
        return said(
            you, "{who} saw the whale of {token} from {cell} (+{points}); it swims on to the {beach} beach."
        ).format(who=who, token=d["token"], cell=CELL_NAMES[d["cell"]], points=d["points"], beach=_beach(d["to"]))
    if kind == "plateau":
        return said(you, "{who} scored the plateau {cell} (+{points}).").format(
            who=who, cell=mc[d["cell"]], points=d["points"]
        )
    if kind == "pineapple_explorer":
        if d["to"] is None:
            return _("No statue tiles are left: Pineapple's explorer stays.")
        start, end = mc[d["from"]], mc[d["to"]]
        if d["direction"]:
            return _("Pineapple's explorer went {start}→{end} (compass {direction}) and boxed statue {tile}.").format(
                start=start, end=end, direction=d["direction"], tile=d["tile"]
            )
        return _("Pineapple's explorer went {start}→{end} (lowest tile) and boxed statue {tile}.").format(
            start=start, end=end, tile=d["tile"]
        )
    return ""


BEACH_NAMES_LONG = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _describe_pineapple(d: dict[str, Any]) -> str:
    boat = {"boat": d["boat"], "value": d["value"], "wait": d["wait"]}
    if d["opening"]:
        return _("Pineapple's opening boat {boat} (value {value}, wait {wait}): +{value}.").format(**boat)
    return _("Pineapple drew {boat} (value {value}, wait {wait}): +{value}.").format(**boat)


def _describe_pineapple_claim(d: dict[str, Any]) -> str:
    """Pineapple's claim, after her explorer's move on Mystic Island as the rulebook orders them."""
    claim = d["claim"]
    if claim is None:
        return _("The business board is empty, so Pineapple claims nothing.")
    name = token_object(token_data_name(claim["token"]))
    return _("Pineapple claimed {name} from row {row}, column {column} (+{points}).").format(
        name=name, row=claim["row"], column=claim["column"], points=d["points"]
    )


def _cells_span(cells: Sequence[int]) -> str:
    return f"{CELL_NAMES[min(cells)]}-{CELL_NAMES[max(cells)]}"


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    phase = view["phase"]
    viewer = view["viewer"]
    if phase == "over":
        standings = view["standings"]
        house = standings.get("house")
        cut = view["end_reason"] == "action_limit"
        if house is not None:
            score = {"you": standings["scores"][0], "pineapple": house["score"]}
            if standings["winners"]:
                if cut:
                    return _("Game over (cut short): you beat Pineapple, {you}–{pineapple}.").format(**score)
                return _("Game over: you beat Pineapple, {you}–{pineapple}.").format(**score)
            if cut:
                return _("Game over (cut short): Pineapple wins, {you}–{pineapple}.").format(**score)
            return _("Game over: Pineapple wins, {you}–{pineapple}.").format(**score)
        winners = standings["winners"]
        alone = list(winners) == [viewer]
        said_winners = ands([_who(w, viewer, names) for w in winners])
        if cut:
            text = nsaid(alone, "Game over (cut short): {who} won.", "Game over (cut short): {who} won.", len(winners))
        else:
            text = nsaid(alone, "Game over: {who} won.", "Game over: {who} won.", len(winners))
        return text.format(who=said_winners)
    seat = view["current_player"]
    if seat == viewer:
        return _ask(phase, view["pending"])
    return _waiting(phase, view["pending"], _who(seat, viewer, names))


def _ask(phase: str, pending: Mapping[str, Any]) -> str:
    """What the player whose turn it is must do now, said to them."""
    if phase == "move":
        return _("Step 1: slide one of your tokens")
    if phase == "split":
        return _("Split the collector's {fruits}").format(fruits=n_fruits(pending.get("split", {}).get("total", 0)))
    if phase == "produce":
        n = pending.get("production", {}).get("max", 0)
        return ngettext(
            "Make up to {n} marker (ice cream or milkshake), or nothing",
            "Make up to {n} markers (ice cream or milkshake), or nothing",
            n,
        ).format(n=n)
    if phase == "action":
        return _("Step 2: supply a ship, claim a token, or pass")
    if phase == "place":
        return _("Place the claimed token")
    if phase == "bonus":
        return _("Take the new collector's fruit")
    if phase == "juice":
        return _("Make juice, or stop")
    if phase == "explore":
        return _("Collect the fruit, or move your explorer instead")
    if phase == "statue":
        return _("Choose how statue {tile} scores").format(tile=pending.get("statue", {}).get("tile", ""))
    if phase == "arrange":
        return _("Choose the boulder for corner {corner}").format(corner=pending.get("arrange", {}).get("name", ""))
    if phase == "discount":
        return _("Choose the fruit the construction office saves")
    if phase == "whale":
        return _("Choose the beach where the whale starts")
    return _("Move your whale-watching token, or leave it")


def _waiting(phase: str, pending: Mapping[str, Any], who: str) -> str:
    """What the player whose turn it is (``who``) must do now, said to the others."""
    if phase == "move":
        return _("Waiting for {who}: step 1: slide one of their tokens").format(who=who)
    if phase == "split":
        fruits = n_fruits(pending.get("split", {}).get("total", 0))
        return _("Waiting for {who}: split the collector's {fruits}").format(who=who, fruits=fruits)
    if phase == "produce":
        n = pending.get("production", {}).get("max", 0)
        return ngettext(
            "Waiting for {who}: make up to {n} marker (ice cream or milkshake), or nothing",
            "Waiting for {who}: make up to {n} markers (ice cream or milkshake), or nothing",
            n,
        ).format(who=who, n=n)
    if phase == "action":
        return _("Waiting for {who}: step 2: supply a ship, claim a token, or pass").format(who=who)
    if phase == "place":
        return _("Waiting for {who}: place the claimed token").format(who=who)
    if phase == "bonus":
        return _("Waiting for {who}: take the new collector's fruit").format(who=who)
    if phase == "juice":
        return _("Waiting for {who}: make juice, or stop").format(who=who)
    if phase == "explore":
        return _("Waiting for {who}: collect the fruit, or move their explorer instead").format(who=who)
    if phase == "statue":
        tile = pending.get("statue", {}).get("tile", "")
        return _("Waiting for {who}: choose how statue {tile} scores").format(who=who, tile=tile)
    if phase == "arrange":
        corner = pending.get("arrange", {}).get("name", "")
        return _("Waiting for {who}: choose the boulder for corner {corner}").format(who=who, corner=corner)
    if phase == "discount":
        return _("Waiting for {who}: choose the fruit the construction office saves").format(who=who)
    if phase == "whale":
        return _("Waiting for {who}: choose the beach where the whale starts").format(who=who)
    return _("Waiting for {who}: move their whale-watching token, or leave it").format(who=who)


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    f = action.fields
    kind = action.kind
    seat = view["current_player"]
    grid = view["players"][seat]["grid"] if seat >= 0 else [None] * CELLS
    if kind == "move":
        piece = grid[f["from"]]
        what, direction = _piece_label(piece), direction_name(f["direction"])
        if piece and piece["type"] == "collector":
            gain = fruits_counted(piece["fruit"], f["distance"])
            return _("Slide {what} {direction} (+{gain})").format(what=what, direction=direction, gain=gain)
        return _("Slide {what} {direction}").format(what=what, direction=direction)
    if kind == "split":
        (a, b), (x, y) = f["fruits"], f["counts"]
        return _("Take {first} and {second}").format(first=fruits_counted(a, x), second=fruits_counted(b, y))
    if kind == "produce":
        made = [ngettext("{n} ice cream marker", "{n} ice cream markers", f["ice_cream"]).format(n=f["ice_cream"])]
        made = made if f["ice_cream"] else []
        if f["milkshake"]:
            made += [ngettext("{n} milkshake marker", "{n} milkshake markers", f["milkshake"]).format(n=f["milkshake"])]
        if made:
            return _("Make {markers}").format(markers=ands(made))
        return _("Make nothing (no ice cream, no milkshake)")
    if kind == "supply":
        ship = grid[f["cell"]]
        cell = CELL_NAMES[f["cell"]]
        if ship:
            demand = named_cost_text(ship["demand"])
            bonus = _harbor_bonus(view, seat)
            if bonus is not None:
                return _("Supply ship {ship} on {cell}: pay {cost}, +{points} + {bonus} harbor office").format(
                    ship=ship["id"], cell=cell, cost=demand, points=ship["points"], bonus=bonus
                )
            return _("Supply ship {ship} on {cell}: pay {cost}, +{points}").format(
                ship=ship["id"], cell=cell, cost=demand, points=ship["points"]
            )
        return _("Supply the ship on {cell}").format(cell=cell)
    if kind == "claim":
        return _claim_label(view, seat, f["token"])
    if kind in ("place", "place_block"):
        token = view["pending"].get("token")
        name = token_object(token_data_name(token["id"])) if token else pgettext("object", "the token")
        where = CELL_NAMES[f["cell"]] if kind == "place" else block_name(f["block"])
        return _("Place {name} on {where}").format(name=name, where=where)
    if kind == "bonus":
        return _("Take {fruit} as the collector's claim bonus").format(fruit=fruits_counted(f["fruit"], 1))
    if kind in MODULE_KINDS:
        return _module_label(view, action, grid)
    if kind == "pass":
        return _("Do nothing in step 2")
    if kind == "juice":
        me = view["players"][seat]
        space = view["juice_factory"]["spaces"][me["juice"]]
        return _("Make juice: pay {cost}, move to J{space}, +{points}").format(
            cost=named_cost_text(space["cost"]), space=space["space"], points=space["points"]
        )
    return _("Stop making juice and end the turn")


def _claim_label(view: Mapping[str, Any], seat: int, token_id: str) -> str:
    for row in view["business_board"]["rows"]:
        for space in row["spaces"]:
            if space and space["id"] == token_id:
                cost = named_cost_text(row["cost"])
                name, category = token_name(space["name"]), _category(space)
                if space["category"] in ("small_venue", "placeholder"):
                    what = _("{name} ({category}, +{points} more)").format(
                        name=name, category=category, points=space["points"]
                    )
                else:
                    what = _("{name} ({category})").format(name=name, category=category)
                if _office_works(view, seat, "construction_office"):
                    shown = sum(row["cost"].values())
                    office = C.all_tokens[new_business.CONSTRUCTION].points
                    return _(
                        "{what}, row {row}: +{points} + {office} office, pay {n} of {cost} (construction office)"
                    ).format(what=what, row=row["row"], points=row["points"], office=office, n=shown - 1, cost=cost)
                return _("{what}, row {row}: +{points}, pay {cost}").format(
                    what=what, row=row["row"], points=row["points"], cost=cost
                )
    return _("Claim {token}").format(token=token_id)


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
            return _("Collect {fruits}").format(fruits=fruits_counted(got["fruit"], got["count"]))
        return _("Collect {fruits}").format(fruits=n_fruits(got.get("count", 0)))
    if kind == "explore":
        where = pending.get("explore", {})
        tile = where.get("statue")
        cell = where.get("name", "?")
        if tile:
            return _("Give up the fruit: move your explorer to {cell} and take statue {tile} ({scores})").format(
                cell=cell, tile=tile, scores=mystic.tile_text(tile)
            )
        return _("Give up the fruit: move your explorer to {cell}").format(cell=cell)
    if kind == "statue_ship":
        ship = C.ships[C.ship_index(f["ship"])]
        return _("Score statue 5 with ship {ship}: +{points}").format(ship=ship.id, points=ship.points)
    if kind == "statue_fruit":
        me = view["players"][view["current_player"]]
        return _("Score statue 7 with your {fruits}: +{points}").format(
            fruits=fruits_after_with(f["fruit"]), points=me["reserve"][f["fruit"]]
        )
    if kind == "boulder":
        code = C.boulder_index(f["boulder"])
        where = pending.get("arrange", {}).get("name", "")
        return _("Your corner {corner}: clears when {condition}").format(corner=where, condition=condition_text(code))
    if kind == "leave_out":
        office = C.all_tokens[new_business.CONSTRUCTION].points
        return ngettext(
            "Leave out {fruit}: pay the rest of the row, +{n} point (construction office)",
            "Leave out {fruit}: pay the rest of the row, +{n} points (construction office)",
            office,
        ).format(fruit=fruits_counted(f["fruit"], 1), n=office)
    if kind == "whale_beach":
        return _("Start the whale at your {beach} beach").format(beach=_beach(f["beach"]))
    here = next(
        (c for c, piece in enumerate(grid) if piece and piece.get("id") == f["token"]),
        -1,
    )
    if here == f["cell"]:
        return _("Leave whale watching {token} on {cell}").format(token=f["token"], cell=CELL_NAMES[f["cell"]])
    return _("Move whale watching {token} to {cell}").format(token=f["token"], cell=CELL_NAMES[f["cell"]])


def _category(token: Mapping[str, Any]) -> str:
    category = token["category"]
    if category in ("stall", "admin", "whale_watching"):
        text = token_text(C.all_tokens[C.token_index(token["id"])])
        if category == "stall":
            return _("stall: {text} at the end").format(text=text)
        return _("{category}: {text}").format(category=_(CATEGORY_NAMES[category]), text=text)
    if category == "advanced_collector":
        first, second = token["fruits"]
        return _("advanced collector: {fruits}").format(fruits=either(fruit_name(first), fruit_name(second)))
    if token.get("pond_only"):
        return _("small venue, only on an empty pond")
    return _(CATEGORY_NAMES[category])


def _piece_label(piece: Mapping[str, Any] | None) -> str:
    """The piece a slide would move, as the label's object."""
    if piece is None:
        return pgettext("object", "the token")
    if piece["type"] == "collector":
        return collector_object(piece["fruit"])
    return token_object(token_data_name(piece["id"]))


# ---------------------------------------------------------------------- refusals
# One sentence per refusal key of ``legality`` (the rule an action breaks), worded for the
# player whose turn it is; the numbers come from the game's data.

MODULE_TITLES = {
    "mystic_island": N_("Module 1 (Mystic Island's explorers and statues)"),
    "boulders": N_("Module 2 (the boulders)"),
    "new_business": N_("Module 3 (the new business tokens)"),
}
STEPS = {
    "move": N_("first slide a token in step 1"),
    "split": N_("first split the advanced collector's fruits"),
    "produce": N_("first choose the ice cream cart's markers"),
    "action": N_("it is step 2: supply a ship, claim a business token, or pass"),
    "place": N_("first place the token you claimed"),
    "bonus": N_("first take the new advanced collector's fruit"),
    "juice": N_("the turn is at the juice factory: make juice or stop"),
    "explore": N_("first choose: collect the fruit, or move your explorer"),
    "arrange": N_("first put your boulders on your corners"),
    "discount": N_("first choose the fruit the construction office saves"),
    "whale": N_("first choose the beach where the new whale starts"),
    "watch": N_("first move your whale-watching token (or leave it)"),
}


#: The statue tiles whose scoring is a choice (D7): 5 and 7.
CHOICE_TILES = tuple(str(t.tile) for t in mystic.TILES if t.effect.startswith("choose_"))


def _said(sentence: str) -> Refusal:
    """A refusal that is always one sentence (marked with ``N_``, said in the reader's language)."""
    return lambda state, action: _(sentence)


def _module_off(state: JuicyFruitsState, action: Action) -> str:
    module = L.CODE_MODULE[action.code] or ""
    return _("{action} belongs to {module}, which is not in play at this table").format(
        action=repr(action.text), module=_(MODULE_TITLES[module])
    )


def _explore_not_now(state: JuicyFruitsState, action: Action) -> str:
    """``collect`` or ``explore`` outside D4; ``explore`` also says the other reason it is not
    offered: the explorer cannot copy the slide without leaving Mystic Island (then the fruit is
    collected at once)."""
    if action.kind == "explore":
        return _(
            "your explorer moves only instead of collecting, right after a collector or advanced collector "
            "slides, and only when it can copy that slide without leaving Mystic Island"
        )
    return _("collect or explore is chosen right after a collector or advanced collector moves")


def _statue_choice_later(state: JuicyFruitsState, action: Action) -> str:
    tiles = either(*CHOICE_TILES)
    return _("statue choices come only when your explorer takes statue {tiles}").format(tiles=tiles)


def _move_no_token(state: JuicyFruitsState, action: Action) -> str:
    where = CELL_NAMES[action.fields["from"]]
    return _("there is no collector, advanced collector or ice cream cart of yours on {cell}").format(cell=where)


def _move_blocked(state: JuicyFruitsState, action: Action) -> str:
    cell = L.blocking_cell(state, action.code)
    boulder = _boulder_on(state, cell)
    if boulder:
        return _("{cell} is in the way: boulder {boulder} lies there until you clear it ({condition})").format(
            cell=CELL_NAMES[cell], **boulder
        )
    return _("{cell} is in the way: a token slides only across free spaces").format(cell=CELL_NAMES[cell])


def _boulder_on(state: JuicyFruitsState, cell: int) -> dict[str, str]:
    """The boulder on the current player's ``cell`` and what clears it (Module 2), or nothing."""
    code = state.grid[state.player][cell] - BOULDER
    return {"boulder": boulder_id(code), "condition": condition_text(code)} if code >= 0 else {}


def _place_taken(state: JuicyFruitsState, action: Action) -> str:
    cell = action.fields["cell"]
    boulder = _boulder_on(state, cell)
    if boulder:
        return _("{cell} is not free: boulder {boulder} lies there until you clear it ({condition})").format(
            cell=CELL_NAMES[cell], **boulder
        )
    return _("{cell} is not free").format(cell=CELL_NAMES[cell])


def _split_other(state: JuicyFruitsState, action: Action) -> str:
    moved = C.all_tokens[state.grid[state.player][state.moved[0]] - TOKEN]
    first, second = (fruit_name(FRUITS[x]) for x in moved.fruits)
    return _("the collector you moved is {name}, which gives {fruits}").format(
        name=token_subject(moved.name), fruits=either(first, second)
    )


def _spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def _split_total(state: JuicyFruitsState, action: Action) -> str:
    distance = state.moved[1]
    return _("it moved {spaces}, so it gives {fruits} in all").format(
        spaces=_spaces(distance), fruits=n_fruits(distance + 1)
    )


def _produce_too_many(state: JuicyFruitsState, action: Action) -> str:
    distance = state.moved[1]
    markers = ngettext("{n} marker", "{n} markers", distance).format(n=distance)
    return _("the cart moved {spaces}: at most {markers}, one per space").format(
        spaces=_spaces(distance), markers=markers
    )


def _produce_no_ice(state: JuicyFruitsState, action: Action) -> str:
    kind = C.all_tokens[state.grid[state.player][state.moved[0]] - TOKEN].kind
    left = state.pool[kind]
    return ngettext(
        "only {n} {colour} ice cream marker is left", "only {n} {colour} ice cream markers are left", left
    ).format(n=left, colour=ice_name(C.ice_kinds[kind]))


def _produce_no_shake(state: JuicyFruitsState, action: Action) -> str:
    left = state.pool[C.milkshake]
    return ngettext("only {n} milkshake marker is left", "only {n} milkshake markers are left", left).format(n=left)


def _supply_no_ship(state: JuicyFruitsState, action: Action) -> str:
    return _("there is no ship on {cell}").format(cell=CELL_NAMES[action.fields["cell"]])


def _supply_short(state: JuicyFruitsState, action: Action) -> str:
    p = state.player
    ship = state.grid[p][action.fields["cell"]] - SHIP
    need = shortfall(state.reserve[p], DEMANDS[ship])
    return _("ship {ship} needs {need} (it demands {demand})").format(
        ship=C.ships[ship].id, need=need, demand=cost_text(C.ships[ship].demand)
    )


def _claimed_row(state: JuicyFruitsState, action: Action) -> int:
    return state.board.index(C.token_index(action.fields["token"])) // business.COLUMNS


def _claim_short(state: JuicyFruitsState, action: Action) -> str:
    row = _claimed_row(state, action)
    cost = C.row_costs[row]
    return _("row {row} costs {cost}: it needs {need}").format(
        row=row + 1, cost=cost_text(cost), need=shortfall(state.reserve[state.player], cost)
    )


def _claim_short_with_office(state: JuicyFruitsState, action: Action) -> str:
    row = _claimed_row(state, action)
    cost, reserve = C.row_costs[row], state.reserve[state.player]
    cheapest = min(
        (new_business.less_one(cost, fruit) for fruit, n in enumerate(cost) if n),
        key=lambda rest: sum(max(0, need - have) for need, have in zip(rest, reserve, strict=True)),
    )
    return _("row {row} costs {cost}: even with one fruit left out (construction office) it needs {need}").format(
        row=row + 1, cost=cost_text(cost), need=shortfall(reserve, cheapest)
    )


def _claim_no_room(state: JuicyFruitsState, action: Action) -> str:
    token = C.token_index(action.fields["token"])
    if token in new_business.POND_ONLY:
        return _("a guesthouse at the pond goes only on an empty pond space, and your island has none")
    if C.all_tokens[token].category == "placeholder":
        return _(
            "a large venue needs a free {size} block, and your island has none: you may claim only what you can place"
        ).format(size=VENUE_SIZE)
    return _("your island has no free space for it: you may claim only what you can place")


def _place_block_taken(state: JuicyFruitsState, action: Action) -> str:
    grid = state.grid[state.player]
    taken = [CELL_NAMES[c] for c in action.fields["cells"] if grid[c] >= 0]
    return _("the block {block} is not free: {cells} taken").format(
        block=block_name(action.fields["block"]), cells=commas(taken)
    )


def _bonus_other(state: JuicyFruitsState, action: Action) -> str:
    new = C.all_tokens[state.pending]
    first, second = (fruit_name(FRUITS[x]) for x in new.fruits)
    return _("{name} gives {fruits}").format(name=token_subject(new.name), fruits=either(first, second))


def _juice_short(state: JuicyFruitsState, action: Action) -> str:
    p = state.player
    position = state.juice[p]
    cost = C.juice_costs[position]
    return _("J{space} costs {cost}: it needs {need}").format(
        space=position + 1, cost=cost_text(cost), need=shortfall(state.reserve[p], cost)
    )


def _statue_tile(state: JuicyFruitsState) -> str:
    tile = state.pending_statue
    return _("statue {tile} ({scores})").format(tile=tile, scores=mystic.tile_text(tile))


def _statue_counts_fruit(state: JuicyFruitsState, action: Action) -> str:
    return _("{statue} counts one fruit type, not a ship: choose it with 'statue <fruit>'").format(
        statue=_statue_tile(state)
    )


def _statue_counts_ship(state: JuicyFruitsState, action: Action) -> str:
    return _("{statue} counts one of your supplied ships, not a fruit type: choose it with 'statue ship <id>'").format(
        statue=_statue_tile(state)
    )


def _leave_out_short(state: JuicyFruitsState, action: Action) -> str:
    fruit = action.fields["fruit"]
    row = state.board.index(state.pending) // business.COLUMNS
    cost = C.row_costs[row]
    if not cost[FRUITS.index(fruit)]:
        return _("row {row} shows no {fruit} to leave out").format(row=row + 1, fruit=fruit_name(fruit))
    return _("leaving out {fruit}, you still cannot pay the rest of the row ({cost})").format(
        fruit=fruits_counted(fruit, 1), cost=cost_text(cost)
    )


REFUSALS: dict[str, Refusal] = {
    GAME_OVER: _said(N_("the game is over")),
    L.MODULE_OFF: _module_off,
    L.JUICE_OFF: _said(N_("the juice factory is not in play at this table")),
    L.MOVE_DONE: _said(N_("you have already moved in step 1 this turn (or nothing could move)")),
    **{key: _said(STEPS[name]) for key, name in zip(L.PHASE_KEYS, L.PHASE_NAMES, strict=True) if name in STEPS},
    L.NOT_NOW[L.EXPLORE]: _explore_not_now,
    L.PHASE_KEYS[L.STATUE]: lambda state, action: _("first choose how statue {tile} scores").format(
        tile=state.pending_statue
    ),
    L.NOT_NOW[L.STATUE]: _statue_choice_later,
    L.NOT_NOW[L.ARRANGE]: _said(N_("boulders are put on the corners during setup only")),
    L.NOT_NOW[L.DISCOUNT]: _said(
        N_("the construction office's saving is chosen when you claim, once the office works")
    ),
    L.NOT_NOW[L.WHALE]: _said(N_("a whale is placed right after you place its whale-watching token")),
    L.NOT_NOW[L.WATCH]: _said(N_("whale-watching tokens move at the end of your turn")),
    L.MOVE_NO_TOKEN: _move_no_token,
    L.MOVE_BLOCKED: _move_blocked,
    L.MOVE_NOT_FAR: _said(N_("this table plays the slide-to-the-end variant: a token slides as far as it can")),
    L.SPLIT_OTHER: _split_other,
    L.SPLIT_TOTAL: _split_total,
    L.PRODUCE_TOO_MANY: _produce_too_many,
    L.PRODUCE_NO_ICE: _produce_no_ice,
    L.PRODUCE_NO_SHAKE: _produce_no_shake,
    L.SUPPLY_NO_SHIP: _supply_no_ship,
    L.SUPPLY_SHORT: _supply_short,
    L.CLAIM_GONE: lambda state, action: _("{token} is not on the business board").format(token=action.fields["token"]),
    L.CLAIM_SHORT: _claim_short,
    L.CLAIM_SHORT_OFFICE: _claim_short_with_office,
    L.CLAIM_NO_ROOM: _claim_no_room,
    L.PLACE_NEEDS_BLOCK: lambda state, action: _(
        "a large venue covers a {size} block: place it on a block such as 'place {block}'"
    ).format(size=VENUE_SIZE, block=block_name(0)),
    L.PLACE_ONE_SPACE: lambda state, action: _(
        "only a large venue covers a {size} block; place this token on one free space"
    ).format(size=VENUE_SIZE),
    L.PLACE_BLOCK_TAKEN: _place_block_taken,
    L.PLACE_POND_ONLY: _said(N_("a guesthouse at the pond goes only on an empty pond space")),
    L.PLACE_TAKEN: _place_taken,
    L.BONUS_OTHER: _bonus_other,
    L.JUICE_END: _said(N_("your juice disc is on the last space")),
    L.JUICE_TWICE: lambda state, action: ngettext(
        "you may make juice at most {n} time a turn",
        "you may make juice at most {n} times a turn",
        juice.STEPS_PER_TURN,
    ).format(n=juice.STEPS_PER_TURN),
    L.JUICE_SHORT: _juice_short,
    L.STATUE_NOT_SUPPLIED: lambda state, action: _("ship {ship} is not one of the ships you supplied").format(
        ship=action.fields["ship"]
    ),
    L.STATUE_FRUIT_WANTED: _statue_counts_fruit,
    L.STATUE_SHIP_WANTED: _statue_counts_ship,
    L.BOULDER_NOT_DEALT: lambda state, action: _(
        "boulder {boulder} is not one of the {n} dealt, or is already on one of your corners"
    ).format(boulder=action.fields["boulder"], n=len(state.boulder_set)),
    L.LEAVE_OUT_SHORT: _leave_out_short,
    L.WATCH_NOT_YOURS: lambda state, action: _("{token} is not on your island").format(token=action.fields["token"]),
    L.WATCH_MOVED: lambda state, action: _("{token} has already moved this turn").format(token=action.fields["token"]),
    L.WATCH_UNREACHABLE: lambda state, action: _("{cell} cannot be reached through free spaces").format(
        cell=CELL_NAMES[action.fields["cell"]]
    ),
}


#: Per refusal key: the heading of the players' page (``how_to_play.md``) whose paragraph states
#: the rule, as its anchor; the server links a refusal to it.
_RULE_HEADINGS: dict[str, tuple[str, ...]] = {
    "The end of the game": (GAME_OVER,),
    "Choosing modules": (L.MODULE_OFF,),
    "Step 1: slide one token": (L.PHASE_KEYS[L.MOVE], L.MOVE_DONE, L.MOVE_NO_TOKEN, L.MOVE_BLOCKED),
    "Sliding to the end (variant)": (L.MOVE_NOT_FAR,),
    "Advanced collectors": (L.PHASE_KEYS[L.SPLIT], L.SPLIT_OTHER, L.SPLIT_TOTAL, L.PHASE_KEYS[L.BONUS], L.BONUS_OTHER),
    "Ice cream carts": (L.PHASE_KEYS[L.PRODUCE], L.PRODUCE_TOO_MANY, L.PRODUCE_NO_ICE, L.PRODUCE_NO_SHAKE),
    "Step 2: supply a ship, claim a token, or pass": (L.PHASE_KEYS[L.ACTION],),
    "Supplying a ship": (L.SUPPLY_NO_SHIP, L.SUPPLY_SHORT),
    "Claiming a business token": (L.CLAIM_GONE, L.CLAIM_SHORT),
    "Placing a token on your island": (
        L.CLAIM_NO_ROOM,
        L.PHASE_KEYS[L.PLACE],
        L.PLACE_NEEDS_BLOCK,
        L.PLACE_ONE_SPACE,
        L.PLACE_BLOCK_TAKEN,
        L.PLACE_TAKEN,
    ),
    "The juice factory": (L.JUICE_OFF, L.PHASE_KEYS[L.JUICE], L.JUICE_END, L.JUICE_TWICE, L.JUICE_SHORT),
    "Exploring instead of collecting": (L.PHASE_KEYS[L.EXPLORE], L.NOT_NOW[L.EXPLORE]),
    "Statue tiles": (
        L.PHASE_KEYS[L.STATUE],
        L.NOT_NOW[L.STATUE],
        L.STATUE_NOT_SUPPLIED,
        L.STATUE_FRUIT_WANTED,
        L.STATUE_SHIP_WANTED,
    ),
    "Setting up the boulders": (L.PHASE_KEYS[L.ARRANGE], L.NOT_NOW[L.ARRANGE], L.BOULDER_NOT_DEALT),
    "Guesthouses at the pond": (L.PLACE_POND_ONLY,),
    "The construction office": (
        L.CLAIM_SHORT_OFFICE,
        L.PHASE_KEYS[L.DISCOUNT],
        L.NOT_NOW[L.DISCOUNT],
        L.LEAVE_OUT_SHORT,
    ),
    "Whale watching": (
        L.PHASE_KEYS[L.WHALE],
        L.NOT_NOW[L.WHALE],
        L.PHASE_KEYS[L.WATCH],
        L.NOT_NOW[L.WATCH],
        L.WATCH_NOT_YOURS,
        L.WATCH_MOVED,
        L.WATCH_UNREACHABLE,
    ),
}
RULE_ANCHORS: dict[str, str] = {key: slug(title) for title, keys in _RULE_HEADINGS.items() for key in keys}


__all__ = ["REFUSALS", "RULE_ANCHORS", "action_label", "describe_event", "prompt"]
