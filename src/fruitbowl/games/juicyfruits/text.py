"""Juicy Fruits in words: event sentences, the status line, menu labels and refusals.

Plain strings only, shared by every front end, with their numbers read from the game's data.
What each seat sees is built in :mod:`.view`; the labels and the status line read that view.
Refusals (:data:`REFUSALS`) give one sentence per key of :mod:`.legality`, the module where
each rule is written once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.legality import GAME_OVER, Refusal
from fruitbowl.engine.pages import slug
from fruitbowl.engine.wording import counted, plural

from . import business, juice, mystic, new_business
from . import legality as L
from .boulders import BOULDER, condition_text
from .components import COMPONENTS as C
from .island import (
    CELL_NAMES,
    CELLS,
    COLLECTOR,
    SHIP,
    TOKEN,
    VENUE,
    block_name,
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
WHALE_TEXT = f"at the end of your turns: move it; +{C.sighting_points} when it sees its whale"
FORMULA_TEXT = {
    "per_empty_beach": "{p} per empty beach",
    "per_supplied_ship": "{p} per supplied ship",
    "per_star": "{p} per venue star",
    "per_two_fruits": "{p} per 2 fruits left",
    "per_full_beach": "{p} per beach with all 3 ships",
    "per_milkshake": "{p} per milkshake marker",
}


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
    if kind == "round":
        return f"Round {d['round']} begins."
    if kind == "turn":
        return "Your turn." if event.actor == viewer else f"{who}'s turn."
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
            "stalemate": f"{counted(C.quiet_rounds_limit, 'round')} passed without a claim: the game ends.",
            "action_limit": "The action limit is reached: the game is cut short and scored as it stands.",
        }[d["reason"]]
    if kind == "stalls":
        parts = ", ".join(f"{C.all_tokens[C.token_index(t)].name} +{v}" for t, v in d["stalls"])
        return f"{who} scored stalls: {parts}."
    if kind == "game_over":
        return "The game is over" + (" (cut short at the action limit)." if d.get("reason") == "action_limit" else ".")
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
        over = "Game over (cut short)" if view["end_reason"] == "action_limit" else "Game over"
        if house is not None:
            you, pine = standings["scores"][0], house["score"]
            verdict = "you beat Pineapple" if standings["winners"] else "Pineapple wins"
            return f"{over}: {verdict}, {you}–{pine}."
        winners = " and ".join(_who(w, viewer, names) for w in standings["winners"])
        return f"{over}: {winners} won."
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
# One sentence per refusal key of ``legality`` (the rule an action breaks), worded for the
# player whose turn it is; the numbers come from the game's data.

MODULE_TITLES = {
    "mystic_island": "Module 1 (Mystic Island's explorers and statues)",
    "boulders": "Module 2 (the boulders)",
    "new_business": "Module 3 (the new business tokens)",
}
STEPS = {
    "move": "first slide a token in step 1",
    "split": "first split the advanced collector's fruits",
    "produce": "first choose the ice cream cart's markers",
    "action": "it is step 2: supply a ship, claim a business token, or pass",
    "place": "first place the token you claimed",
    "bonus": "first take the new advanced collector's fruit",
    "juice": "the turn is at the juice factory: make juice or stop",
    "explore": "first choose: collect the fruit, or move your explorer",
    "statue": "first choose how the statue you took scores",  # (said with its number below)
    "arrange": "first put your boulders on your corners",
    "discount": "first choose the fruit the construction office saves",
    "whale": "first choose the beach where the new whale starts",
    "watch": "first move your whale-watching token (or leave it)",
}


#: The statue tiles whose scoring is a choice (D7): "5 or 7".
CHOICE_TILES = " or ".join(str(t.tile) for t in mystic.TILES if t.effect.startswith("choose_"))


def _said(sentence: str) -> Refusal:
    return lambda state, action: sentence


def _module_off(state: JuicyFruitsState, action: Action) -> str:
    module = L.CODE_MODULE[action.code] or ""
    return f"{action.text!r} belongs to {MODULE_TITLES[module]}, which is not in play at this table"


def _move_no_token(state: JuicyFruitsState, action: Action) -> str:
    where = CELL_NAMES[action.fields["from"]]
    return f"there is no collector, advanced collector or ice cream cart of yours on {where}"


def _move_blocked(state: JuicyFruitsState, action: Action) -> str:
    cell = L.blocking_cell(state, action.code)
    return f"{CELL_NAMES[cell]} is in the way: a token slides only across free spaces"


def _split_other(state: JuicyFruitsState, action: Action) -> str:
    moved = C.all_tokens[state.grid[state.player][state.moved[0]] - TOKEN]
    gives = " or ".join(FRUITS[x] for x in moved.fruits)
    return f"the collector you moved is the {moved.name}, which gives {gives}"


def _split_total(state: JuicyFruitsState, action: Action) -> str:
    distance = state.moved[1]
    return f"it moved {counted(distance, 'space')}, so it gives {counted(distance + 1, 'fruit')} in all"


def _produce_too_many(state: JuicyFruitsState, action: Action) -> str:
    distance = state.moved[1]
    return f"the cart moved {counted(distance, 'space')}: at most {counted(distance, 'marker')}, one per space"


def _markers_left(left: int, what: str) -> str:
    return f"only {counted(left, what)} {'is' if left == 1 else 'are'} left"


def _produce_no_ice(state: JuicyFruitsState, action: Action) -> str:
    kind = C.all_tokens[state.grid[state.player][state.moved[0]] - TOKEN].kind
    return _markers_left(state.pool[kind], f"{C.ice_kinds[kind]} ice cream marker")


def _produce_no_shake(state: JuicyFruitsState, action: Action) -> str:
    return _markers_left(state.pool[C.milkshake], "milkshake marker")


def _supply_no_ship(state: JuicyFruitsState, action: Action) -> str:
    return f"there is no ship on {CELL_NAMES[action.fields['cell']]}"


def _supply_short(state: JuicyFruitsState, action: Action) -> str:
    p = state.player
    ship = state.grid[p][action.fields["cell"]] - SHIP
    need = shortfall(state.reserve[p], DEMANDS[ship])
    return f"ship {C.ships[ship].id} needs {need} (it demands {cost_text(C.ships[ship].demand)})"


def _claimed_row(state: JuicyFruitsState, action: Action) -> int:
    return state.board.index(C.token_index(action.fields["token"])) // business.COLUMNS


def _claim_short(state: JuicyFruitsState, action: Action) -> str:
    row = _claimed_row(state, action)
    cost = C.row_costs[row]
    return f"row {row + 1} costs {cost_text(cost)}: it needs {shortfall(state.reserve[state.player], cost)}"


def _claim_short_with_office(state: JuicyFruitsState, action: Action) -> str:
    row = _claimed_row(state, action)
    cost, reserve = C.row_costs[row], state.reserve[state.player]
    cheapest = min(
        (new_business.less_one(cost, fruit) for fruit, n in enumerate(cost) if n),
        key=lambda rest: sum(max(0, need - have) for need, have in zip(rest, reserve, strict=True)),
    )
    return (
        f"row {row + 1} costs {cost_text(cost)}: even with one fruit left out "
        f"(construction office) it needs {shortfall(reserve, cheapest)}"
    )


def _claim_no_room(state: JuicyFruitsState, action: Action) -> str:
    token = C.token_index(action.fields["token"])
    if token in new_business.POND_ONLY:
        return "a guesthouse at the pond goes only on an empty pond space, and your island has none"
    if C.all_tokens[token].category == "placeholder":
        return "a large venue needs a free 2×2 block, and your island has none: you may claim only what you can place"
    return "your island has no free space for it: you may claim only what you can place"


def _place_block_taken(state: JuicyFruitsState, action: Action) -> str:
    grid = state.grid[state.player]
    taken = [CELL_NAMES[c] for c in action.fields["cells"] if grid[c] >= 0]
    return f"the block {block_name(action.fields['block'])} is not free: {', '.join(taken)} taken"


def _bonus_other(state: JuicyFruitsState, action: Action) -> str:
    new = C.all_tokens[state.pending]
    return f"the {new.name} gives {' or '.join(FRUITS[x] for x in new.fruits)}"


def _juice_short(state: JuicyFruitsState, action: Action) -> str:
    p = state.player
    position = state.juice[p]
    cost = C.juice_costs[position]
    return f"J{position + 1} costs {cost_text(cost)}: it needs {shortfall(state.reserve[p], cost)}"


def _statue_tile(state: JuicyFruitsState) -> str:
    return f"statue {state.pending_statue} ({mystic.tile_text(state.pending_statue)})"


def _statue_counts_fruit(state: JuicyFruitsState, action: Action) -> str:
    return f"{_statue_tile(state)} counts one fruit type, not a ship: choose it with 'statue <fruit>'"


def _statue_counts_ship(state: JuicyFruitsState, action: Action) -> str:
    tile = _statue_tile(state)
    return f"{tile} counts one of your supplied ships, not a fruit type: choose it with 'statue ship <id>'"


def _leave_out_short(state: JuicyFruitsState, action: Action) -> str:
    fruit = action.fields["fruit"]
    cost = C.row_costs[state.board.index(state.pending) // business.COLUMNS]
    if not cost[FRUITS.index(fruit)]:
        return f"row {state.board.index(state.pending) // business.COLUMNS + 1} shows no {fruit} to leave out"
    return f"leaving out 1 {fruit}, you still cannot pay the rest of the row ({cost_text(cost)})"


REFUSALS: dict[str, Refusal] = {
    GAME_OVER: _said("the game is over"),
    L.MODULE_OFF: _module_off,
    L.JUICE_OFF: _said("the juice factory is not in play at this table"),
    L.MOVE_DONE: _said("you have already moved in step 1 this turn (or nothing could move)"),
    **{key: _said(STEPS[name]) for key, name in zip(L.PHASE_KEYS, L.PHASE_NAMES, strict=True) if name in STEPS},
    L.NOT_NOW[L.EXPLORE]: _said("collect or explore is chosen right after a collector or advanced collector moves"),
    L.PHASE_KEYS[L.STATUE]: lambda state, action: f"first choose how statue {state.pending_statue} scores",
    L.NOT_NOW[L.STATUE]: _said(f"statue choices come only when your explorer takes statue {CHOICE_TILES}"),
    L.NOT_NOW[L.ARRANGE]: _said("boulders are put on the corners during setup only"),
    L.NOT_NOW[L.DISCOUNT]: _said("the construction office's saving is chosen when you claim, once the office works"),
    L.NOT_NOW[L.WHALE]: _said("a whale is placed right after you place its whale-watching token"),
    L.NOT_NOW[L.WATCH]: _said("whale-watching tokens move at the end of your turn"),
    L.MOVE_NO_TOKEN: _move_no_token,
    L.MOVE_BLOCKED: _move_blocked,
    L.MOVE_NOT_FAR: _said("this table plays the slide-to-the-end variant: a token slides as far as it can"),
    L.SPLIT_OTHER: _split_other,
    L.SPLIT_TOTAL: _split_total,
    L.PRODUCE_TOO_MANY: _produce_too_many,
    L.PRODUCE_NO_ICE: _produce_no_ice,
    L.PRODUCE_NO_SHAKE: _produce_no_shake,
    L.SUPPLY_NO_SHIP: _supply_no_ship,
    L.SUPPLY_SHORT: _supply_short,
    L.CLAIM_GONE: lambda state, action: f"{action.fields['token']} is not on the business board",
    L.CLAIM_SHORT: _claim_short,
    L.CLAIM_SHORT_OFFICE: _claim_short_with_office,
    L.CLAIM_NO_ROOM: _claim_no_room,
    L.PLACE_NEEDS_BLOCK: _said("a large venue covers a 2×2 block: place it on a block such as 'place a5-b4'"),
    L.PLACE_ONE_SPACE: _said("only a large venue covers a 2×2 block; place this token on one free space"),
    L.PLACE_BLOCK_TAKEN: _place_block_taken,
    L.PLACE_POND_ONLY: _said("a guesthouse at the pond goes only on an empty pond space"),
    L.PLACE_TAKEN: lambda state, action: f"{CELL_NAMES[action.fields['cell']]} is not free",
    L.BONUS_OTHER: _bonus_other,
    L.JUICE_END: _said("your juice disc is on the last space"),
    L.JUICE_TWICE: lambda state, action: f"you may make juice at most {counted(juice.STEPS_PER_TURN, 'time')} a turn",
    L.JUICE_SHORT: _juice_short,
    L.STATUE_NOT_SUPPLIED: lambda state, action: f"ship {action.fields['ship']} is not one of the ships you supplied",
    L.STATUE_FRUIT_WANTED: _statue_counts_fruit,
    L.STATUE_SHIP_WANTED: _statue_counts_ship,
    L.BOULDER_NOT_DEALT: lambda state, action: (
        f"boulder {action.fields['boulder']} is not one of the {len(state.boulder_set)} dealt, "
        "or is already on one of your corners"
    ),
    L.LEAVE_OUT_SHORT: _leave_out_short,
    L.WATCH_NOT_YOURS: lambda state, action: f"{action.fields['token']} is not on your island",
    L.WATCH_MOVED: lambda state, action: f"{action.fields['token']} has already moved this turn",
    L.WATCH_UNREACHABLE: lambda state, action: (
        f"{CELL_NAMES[action.fields['cell']]} cannot be reached through free spaces"
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
