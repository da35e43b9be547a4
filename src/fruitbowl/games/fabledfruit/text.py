"""Fabled Fruit in words: event sentences, prompts, menu labels and refusals.

The view these read is built in :mod:`.view`; refusals name the rules of :mod:`.legality` by key
(:data:`REFUSALS`). Numbers come from ``data.toml``; counted nouns from ``engine.wording``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.game import CHANCE
from fruitbowl.engine.legality import GAME_OVER, Refusal
from fruitbowl.engine.wording import counted

from . import actions as A
from .components import COMPONENTS as C
from .components import loc_label
from .legality import CARD_STEPS, LAST_JUICE
from .view import counts

if TYPE_CHECKING:
    from .rules import FabledFruitState

COMPONENT_NAMES = {
    "market": f"the market ({counted(C.market_size, 'fruit')})",
    "thief": "the thief",
    "fruit_tokens": "the fruit tokens",
    "coat": "the camouflage coat",
    "gambling": f"the {counted(C.lime.gambling_tokens, 'gambling token')}",
    "wild_double_tokens": f"{counted(C.wild_tokens, 'wild token')} and {counted(C.double_tokens, 'double turn token')}",
    "fruit_mix": f"the {counted(len(C.mix_pairs), 'fruit-mix card')}",
}


def location_title(loc: int) -> str:
    return f"#{loc_label(loc)} {C.locations[loc].name}"


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str], capital: bool = True) -> str:
    if seat is None or seat < 0:
        return "Nobody"
    if seat == viewer:
        return "You" if capital else "you"
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def a_fruit(name: str) -> str:
    """``a banana``, ``an …``, ``grapes``, ``a banana/strawberry card``."""
    if "/" in name:
        return f"a {name} card"
    if name == "grapes":
        return "grapes"
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _list(items: Sequence[str]) -> str:
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event, redacted for ``viewer``."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    kind = event.kind
    if kind == "setup":
        first = _who(d["start_player"], viewer, names)
        if d["game_number"] == 1:
            return f"{first} will start."
        return f"Game {d['game_number']} of the campaign: {first} will start."
    if kind == "round":
        return f"Round {d['round']} begins."
    if kind == "turn":
        extra = " (extra turn)" if d["extra"] else ""
        if event.actor is not None and event.actor == viewer:
            return f"Your turn{extra}."
        return f"{who} to play{extra}."
    if kind == "draw":
        if "fruits" in d:
            got = _list(d["fruits"])
            tail = f" ({d['wanted'] - d['count']} lost: no fruit left)" if d["count"] < d["wanted"] else ""
            return f"{who} drew {got}{tail}."
        return f"{who} drew {counted(d['count'], 'fruit')}."
    if kind == "reshuffle":
        return f"The discard pile ({counted(d['cards'], 'fruit')}) was shuffled into a new draw stack."
    if kind == "move":
        return f"{who} moved to {location_title(d['location'])}."
    if kind == "thief_pay":
        return f"{who} paid the thief: {a_fruit(d['fruit'])} into the {d['to']}."
    if kind == "give":
        to = _who(d["to"], viewer, names, capital=False)
        what = a_fruit(d["fruit"]) if "fruit" in d else "a fruit"
        whose = "your" if d["to"] == viewer else "their"
        why = f" for moving onto {whose} stack" if d["reason"] == "movement" else ""
        return f"{who} gave {to} {what}{why}."
    if kind == "unpaid":
        return f"{who} had no fruit left for {_who(d['to'], viewer, names, capital=False)}."
    if kind == "act":
        return f"{who} used {location_title(d['location'])}."
    if kind == "declare_buy":
        return f"{who} chose to buy {location_title(d['location'])}."
    if kind == "buy":
        return (
            f"{who} bought {location_title(d['location'])} as a fabled juice with {_list(d['paid'])} "
            f"({counted(d['juices'], 'juice')})."
        )
    if kind == "refill":
        title = location_title(d["location"])
        return f"{title} was revealed: a new stack enters play." if d["new_stack"] else f"{title} joined its stack."
    if kind == "stack_gone":
        off = ", ".join(_who(p, viewer, names, capital=False) for p in d["animals_off"])
        return f"The #{loc_label(d['location'])} stack is empty and leaves the display" + (
            f" ({off} off the display)." if off else "."
        )
    if kind == "component":
        what = COMPONENT_NAMES.get(d["component"], d["component"]).capitalize()
        if not d["location"]:
            return f"{what} is laid out (a Lime game always has one)."
        return f"{what} entered play with #{loc_label(d['location'])}."
    if kind == "market_refill":
        return f"The market received {_list(d['fruits'])}."
    if kind == "end_triggered":
        return f"{who} reached {counted(d['juices'], 'fabled juice')}: the game ends at the end of this round."
    if kind == "game_over":
        reason = {
            "end_of_round": "at the end of the round",
            "immediate": "at once",
            "empty_display": "because the display is empty",
            "round_limit": "cut short at the round limit, scored as it stands",
            "action_limit": "cut short at the action limit, scored as it stands",
        }
        return f"The game is over ({reason.get(d['ended_by'], d['ended_by'])})."
    if kind == "extra_turn":
        return f"{who} returned a double turn token for an extra turn."
    if kind == "signpost":
        label = loc_label(d["location"])
        if C.locations[d["location"]].signpost:
            return f"{who} could not meet #{label}'s requirement: the signpost gives 1 fruit instead."
        return f"{who} could not carry out #{label}'s action: only 1 fruit is drawn instead."
    if kind == "target":
        how = "had to choose" if d.get("only") else "chose"
        return f"{who} {how} {_who(d['player'], viewer, names, capital=False)}."
    if kind == "name":
        return f"{who} named {d['fruit']}."
    if kind == "thief":
        if "locations" in d:
            where = " and ".join(location_title(loc) for loc in d["locations"])
            return f"{who} put the thief next to {where}."
        return f"{who} put the thief next to {location_title(d['location'])}."
    if kind == "discard":
        return f"{who} discarded {a_fruit(d['fruit'])}."
    if kind == "discarded":
        return f"{_list(d['fruits']).capitalize()} went to the discard pile."
    if kind == "put":
        return f"{who} put {a_fruit(d['fruit'])} into the {d['to']}."
    if kind == "take":
        if "fruit" in d:
            source = {"market": "the market", "discard": "the discard pile", "supply": "the fruit-mix supply"}
            return f"{who} took {a_fruit(d['fruit'])} from {source.get(d['from'], 'the revealed cards')}."
        victim = _who(d.get("victim"), viewer, names, capital=False)
        return f"{who} took a fruit" + (f" from {victim}'s hand." if d["from"] == "hand" else " of those looked at.")
    if kind == "steal":
        victim = _who(d["from"], viewer, names, capital=False)
        what = a_fruit(d["fruit"]) if "fruit" in d else "a random fruit"
        return f"{who} took {what} from {victim}" + (" (the thief)." if d["reason"] == "thief" else ".")
    if kind == "reveal":
        return f"{who} revealed {_list(d['fruits'])}."
    if kind == "take_revealed":
        return f"{who} took {_list(d['fruits'])} into hand."
    if kind == "bust":
        return f"{who} busted with {_list(d['fruits'])}: all discarded."
    if kind == "peek":
        hand = f": {_list(d['hand'])}" if "hand" in d else ""
        return f"{who} looked at {_who(d['player'], viewer, names, capital=False)}'s hand{hand}."
    if kind == "look":
        seen = f": {_list(d['fruits'])}" if "fruits" in d else ""
        return f"{who} looked at the top {counted(d['count'], 'fruit')}{seen}."
    if kind == "pass_on":
        what = a_fruit(d["fruit"]) if "fruit" in d else "a random fruit"
        return f"{who} passed {what} to {_who(d['to'], viewer, names, capital=False)}."
    if kind == "fruit_token":
        giver = "the pool" if d["from"] < 0 else _who(d["from"], viewer, names, capital=False)
        return f"{who} showed {a_fruit(d['fruit'])} and took the {d['fruit']} token from {giver}."
    if kind == "token":
        return f"{who} took a {d['token']} token."
    if kind == "tokens_returned":
        return f"The {d['token']} pool was empty: all {counted(d['count'], d['token'] + ' token')} returned to it."
    if kind == "reveal_hand":
        return f"{who} revealed {'your' if who == 'You' else 'their'} hand: {_list(d['hand'])}."
    return _lime_sentence(kind, d, who, viewer, names)


def _lime_sentence(kind: str, d: Mapping[str, Any], who: str, viewer: int | None, names: Sequence[str]) -> str:
    """The Lime expansion's events (§3)."""
    if kind == "take_lime":
        return f"{who} took {counted(d['count'], 'lime')} from the lime pile ({d['pile']} left)."
    if kind == "coat":
        return f"{who} wore the camouflage coat: nothing to pay for moving onto #{loc_label(d['location'])}."
    if kind == "coat_taken":
        giver = "the pool" if d["from"] < 0 else _who(d["from"], viewer, names, capital=False)
        return f"{who} took the camouflage coat from {giver}."
    if kind == "save":
        what = a_fruit(d["fruit"]) if "fruit" in d else "a fruit"
        return f"{who} saved {what} under the animal token ({d['saved']} saved)."
    if kind == "no_save":
        return f"{who} saved no fruit."
    if kind == "offer_limes":
        return f"{who} put {counted(d['limes'], 'lime')} in the centre: the others may make offers."
    if kind == "offer":
        return f"{who} offered {a_fruit(d['fruit'])}."
    if kind == "offer_done":
        return f"{who} offered {_list(d['fruits'])}." if d["fruits"] else f"{who} made no offer."
    if kind == "accept":
        taker = _who(d["player"], viewer, names, capital=False)
        whose = "your" if d["player"] == viewer else f"{taker}'s"
        return f"{who} accepted {whose} offer ({_list(d['fruits'])}); {taker} took {counted(d['limes'], 'lime')}."
    if kind == "refuse":
        return f"{who} accepted no offer and took {counted(d['limes'], 'lime')}; the others draw 1 fruit each."
    if kind == "offer_back":
        return f"{who} took back {_list(d['fruits'])}."
    if kind == "lime_pass":
        return f"{who} took no lime."
    if kind == "gamble":
        return f"{who} returned {counted(d['tokens'], 'gambling token')} to buy {location_title(d['location'])}."
    if kind == "gamble_failed":
        return f"Tough luck: {who.lower() if who == 'You' else who} could not pay; {_list(d['fruits'])} discarded."
    if kind == "return_juice":
        tail = " as a new stack" if d["new_stack"] else ""
        return f"{who} put the fabled juice {location_title(d['location'])} back on the display{tail}."
    if kind == "trade_juice":
        return f"{who} took {location_title(d['location'])} as a fabled juice in exchange."
    if kind == "decline":
        return f"{who} declined the trade and draws 1 fruit."
    if kind == "hand_limit":
        return f"{who} must discard {counted(d['discard'], 'fruit')} down to 5."
    return kind


# ---------------------------------------------------------------------- prompts and labels


def describe_outcome(outcome: Action, hidden: bool = False) -> str:
    """A chance outcome in words ("a banana from the draw stack", "seat 2 goes first"); ``hidden``:
    as a seat that does not see it (a fruit drawn into another hand, one taken from a hand)."""
    kind = outcome.kind
    if kind == "first":
        return f"seat {outcome.fields['seat'] + 1} goes first"
    fruit = "a fruit" if hidden else a_fruit(outcome.fields["fruit"])
    return f"{fruit} from the draw stack" if kind == "card" else f"{fruit} taken at random from a hand"


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    viewer = view["viewer"]
    if view["current_player"] == CHANCE:
        return "A random event is being decided"
    if view["current_player"] < 0:
        winners = view["standings"]["winners"]
        cut = " (cut short)" if view["standings"]["truncated"] else ""
        return f"Game over{cut}: " + " and ".join(_who(w, viewer, names) for w in winners) + " won."
    d = view["decision"]
    mine = d["seat"] == viewer
    who = _who(d["seat"], viewer, names)
    kind = d["kind"]
    what = {
        "move": "Move your animal to another stack",
        "thief_pay": "Pay the thief: put 1 fruit into the market",
        "occupant_pay": f"Pay {_who(d.get('occupants', [0])[0], viewer, names, False)} 1 fruit for moving there",
        "act_or_buy": "Act, or buy this location as a fabled juice",
        "pay": "Choose the next fruit (or token) to pay with",
        "extra_turn": "Return a double turn token for an extra turn, or end your turn",
        "player": "Choose a player",
        "name": "Name a fruit type",
        "choose": "Choose: " + " or ".join(d.get("choices", [])),
        "thief": "Choose the stack to put the thief next to",
        "give": f"Give {_who(d.get('to'), viewer, names, capital=False)} a fruit of your choice",
        "discard": "Discard a fruit",
        "put": "Put a fruit into the market",
        "take": "Take a fruit",
        "save": "Save a fruit under your animal token (it pays twice), or save nothing ('done')",
        "offer": f"Offer fruits for the {counted(d.get('limes', 2), 'lime')}, or finish ('done')",
        "accept": "Accept one offer for the limes, or refuse them all",
        "limeask": f"Take a lime ({_who(view['active_player'], viewer, names, False)} draws 2), or pass",
        "return": "Choose the fabled juice to trade back, or decline (draw 1 fruit)",
        "juice": "Choose the stack whose top card you take as a fabled juice",
    }.get(kind, kind)
    if kind == "thief" and d.get("stacks"):
        what = "Choose " + ("a second stack" if d.get("chosen") else "a stack") + " for the thief (V2.0)"
    if kind == "take" and d.get("filter") == "nomask":
        what = "Take another fruit of a different type"
    if kind == "put" and d.get("filter") == "nomask":
        what = "Put another fruit of a different type into the market"
    if kind == "take" and d.get("filter") == "nolime":
        what = "Take a non-lime market fruit"
    if kind == "give" and d["seat"] != view["active_player"] and view["active_player"] >= 0:
        spot = view["players"][view["active_player"]]["position"]
        what += f" ({_who(view['active_player'], viewer, names, False)} used #{loc_label(spot)})" if spot else ""
    if kind == "give" and d.get("filter"):
        what += f" ({a_fruit(C.type_names[C.type_codes.index(d['filter'])])})" if d["filter"] in C.type_codes else ""
    if d.get("optional"):
        what += ", or done"
    if mine:
        return what
    return f"Waiting for {who}: {what[0].lower()}{what[1:]}"


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    kind, fields = action.kind, action.fields
    if kind == "move":
        loc = fields["location"]
        info = C.locations[loc]
        here = next((st for st in view["display"] if st["location"] == loc), None)
        extra = ""
        if here:
            payers = len(here["animals"]) + (1 if here["thief"] else 0)
            seat = view["current_player"]
            coat = seat is not None and seat >= 0 and view.get("coat") == seat
            extra = (" — free (camouflage coat)" if coat else f" — pay {payers}") if payers else ""
        return f"Move to {location_title(loc)} [{info.price}]{extra}"
    if kind == "thief":
        return f"Put the thief next to {location_title(fields['location'])}"
    if kind == "return":
        return f"Trade back your fabled juice {location_title(fields['location'])}"
    if kind == "juice":
        return f"Take the top card of {location_title(fields['location'])} as a fabled juice"
    if kind == "gamble":
        n = fields["tokens"]
        reveals = counted(C.lime.gambling_reveals * n, "fruit")
        return f"Buy by returning {counted(n, 'gambling token')}: reveal {reveals} to pay with (binding)"
    decision = view.get("decision") or {}
    if kind == "accept":
        round_ = view.get("offer_round") or {}
        offer = next((o for o in round_.get("offers", []) if o["seat"] == fields["seat"]), None)
        got = ", ".join(counted(n, f) for f, n in offer["fruits"].items()) if offer else ""
        return f"Accept player {fields['seat'] + 1}'s offer" + (f" ({got})" if got else "")
    if kind == "save":
        return f"Save {a_fruit(fields['fruit'])} under your animal token"
    if kind == "done" and decision.get("kind") == "save":
        return "Save nothing (saving is optional)"
    if kind == "offer":
        return f"Offer {a_fruit(fields['fruit'])}"
    if kind == "take" and decision.get("kind") == "limeask":
        return "Take a lime from the lime pile"
    if kind == "done" and decision.get("kind") == "limeask":
        return "Pass: no lime"
    if kind == "done" and decision.get("kind") == "offer":
        mine = next(
            (o for o in (view.get("offer_round") or {}).get("offers", []) if o["seat"] == decision["seat"]), None
        )
        return "Finish the offer" if mine and mine["fruits"] else "Make no offer"
    if kind == "act":
        seat = view["active_player"]
        loc = view["players"][seat]["position"] if seat >= 0 else 0
        return f"Act: {C.locations[loc].action}" if loc else "Act"
    if kind == "pay" and fields.get("saved"):
        return f"Pay with your {fields['unit']} (each saved fruit pays for two icons)"
    if kind == "buy":
        seat = view["active_player"]
        loc = view["players"][seat]["position"] if seat >= 0 else 0
        return f"Buy #{loc_label(loc)} as a fabled juice for {C.locations[loc].price}" if loc else "Buy"
    if kind == "pay":
        return f"Pay with {a_fruit(fields['unit']) if fields['card'] is not None else 'your ' + fields['unit']}"
    if kind == "player":
        return f"Choose player {fields['seat'] + 1}"
    if kind == "name":
        return f"Name {fields['fruit']}"
    labels = {
        "give": "Give {}",
        "discard": "Discard {}",
        "put": "Put {} into the market",
        "take": "Take {}",
    }
    if kind in labels:
        return labels[kind].format(a_fruit(fields["fruit"]))
    return {
        "skip": "Leave this player unpaid (you are short of fruit)",
        "reveal": "Reveal another fruit" + _bust_hint(view),
        "stop": "Stop and keep the revealed fruits",
        "done": "Done",
        "keep": "Keep both revealed fruits",
        "redraw": "Discard both and draw 3",
        "double": "Take a double turn token",
        "wild": "Take a wild token",
        "extra_turn": "Return a double turn token and play again",
        "end_turn": "End your turn",
        "refuse": "Accept no offer: take the limes yourself (the others draw 1 fruit each)",
        "decline": "Do not trade: draw 1 fruit instead",
    }.get(kind, action.text)


def _bust_hint(view: Mapping[str, Any]) -> str:
    shown = sorted({part for name in view["revealed"] for part in name.split("/")}, key=C.type_names.index)
    return f" (busts on {' or '.join(a_fruit(name) for name in shown)})" if shown else ""


# ---------------------------------------------------------------------- refusals


def _step(s: FabledFruitState) -> tuple[Any, ...]:
    return s.steps[0]


def _label(action: Action) -> str:
    return loc_label(action.fields["location"])


def _have(s: FabledFruitState, p: int) -> str:
    return ", ".join(counted(n, f) for f, n in counts(s.hands[p]).items()) or "no fruit"


def _movepay_first(s: FabledFruitState, action: Action) -> str:
    if _step(s)[0] == "tpay":
        return "first pay for moving: the thief's stack costs a fruit into the market"
    return "first pay for moving: one fruit to each animal already there"


def _last_juice(s: FabledFruitState, action: Action) -> str:
    target = C.targets[s.num_players]
    return (
        f"#{loc_label(LAST_JUICE)} may only be bought as your last fabled juice: you need "
        f"{counted(target - 1, 'juice')} first and have {len(s.juices[s.active])}"
    )


def _too_dear(s: FabledFruitState, action: Action) -> str:
    loc = s.pos[s.active]
    return f"{location_title(loc)} costs {C.locations[loc].price} (* = any fruit); you have {_have(s, s.active)}"


def _no_tokens(s: FabledFruitState, action: Action) -> str:
    held = s.gamble[s.active] if s.gamble is not None else 0
    reveals = counted(C.lime.gambling_reveals, "reveal")
    return f"you hold {counted(held, 'gambling token')}; to gamble you return one for every {reveals}"


def _unit(name: str) -> str:
    """A payment unit as a sentence names it ("wild" is the wild token)."""
    return "wild token" if name == "wild" else name


def _pay_order(s: FabledFruitState, action: Action) -> str:
    unit, last = _unit(action.fields["unit"]), _unit(A.unit_name(s.paying[-1]))
    return f"payments are chosen in menu order: {unit} comes before the {last} already chosen"


def _cannot_cover(s: FabledFruitState, action: Action) -> str:
    price = C.locations[s.pos[s.active]].price
    return (
        f"{_unit(action.fields['unit'])} cannot be paid now: with it, the rest of {price} cannot be covered "
        "by what you hold later in menu order"
    )


def _players(s: FabledFruitState, action: Action) -> str:
    allowed = " or ".join(f"player {q + 1}" for q in sorted(_step(s)[1]))
    return f"choose one of the players the location allows: {allowed}"


def _name_first(s: FabledFruitState, action: Action) -> str:
    return "now name a fruit type"


def _choose_one(s: FabledFruitState, action: Action) -> str:
    return "choose " + " or ".join(A.ACTION_TABLE[c].text for c in _step(s)[1:])


def _thief_first(s: FabledFruitState, action: Action) -> str:
    if len(_step(s)) > 1:
        return "choose the stacks for the thief V2.0 first"
    return "choose the stack to put the thief next to first"


def _thief_must_move(s: FabledFruitState, action: Action) -> str:
    if len(_step(s)) > 1:
        return f"the thief V2.0 must move to two stacks it is not next to now, and it is next to #{_label(action)}"
    return f"the thief must move to another stack in the display: it is already next to #{_label(action)}"


def _verb(s: FabledFruitState) -> str:
    return str(_step(s)[0])


def _filter(s: FabledFruitState) -> str:
    """The filter of the card step waited on (a type letter or a named rule)."""
    step = _step(s)
    return str(step[CARD_STEPS[step[0]][2]])


def _card_type(s: FabledFruitState, action: Action) -> str:
    letter = _filter(s)
    return f"it must be {a_fruit(C.type_names[C.type_codes.index(letter)])} (or a fruit-mix card showing one)"


#: What each named card filter asks for (:func:`.legality.card_filter`).
FILTER_RULES = {
    "mask": "it must share a fruit type with the fruit chosen before",
    "nomask": "it must be of a fruit type different from every fruit chosen before",
    "nolime": "take a fruit other than a lime",
    "pairable": "it must have a partner of the same fruit type in your hand",
    "diff2": "it must leave you a fruit of another type to discard with it",
    "diff3": "the fruits must be of pairwise different types, and this one would leave too few",
}


def _card_rule(s: FabledFruitState, action: Action) -> str:
    rule = FILTER_RULES.get(_filter(s), "it does not fit the location's rule here")
    return f"{a_fruit(action.fields['fruit'])} does not fit: {rule}"


def _thief_twice(s: FabledFruitState, action: Action) -> str:
    return "the thief V2.0 needs two different stacks; you chose #" + _label(action) + " already"


def _not_returnable(s: FabledFruitState, action: Action) -> str:
    return (
        f"no other stack's top card could be taken in exchange for #{_label(action)} "
        f"(#{loc_label(LAST_JUICE)} is never taken in a trade)"
    )


def _sentence(text: str) -> Refusal:
    """A refusal whose sentence does not depend on the position."""
    return lambda s, action: text


REFUSALS: dict[str, Refusal] = {
    GAME_OVER: _sentence("the game is over"),
    # the turn (§2.3)
    "move.first": _sentence("first move your animal to another location stack: every turn starts with a move"),
    "move.must_move": lambda s, a: (
        f"you must move: your animal already stands on #{_label(a)}, and each turn it goes to another stack"
    ),
    "move.not_in_display": lambda s, a: (
        f"#{_label(a)} is not in the display: your animal moves to a stack on the table"
    ),
    "movepay.first": _movepay_first,
    "movepay.not_held": lambda s, a: f"you have no {a.fields['fruit']} to pay with",
    "movepay.skip": _sentence(
        "you must pay every animal there while you have fruit; leave someone unpaid only when you run short"
    ),
    "actbuy.already_moved": _sentence(
        "you have already moved this turn: one move a turn, then use the location's action or buy it"
    ),
    "actbuy.choose": _sentence("use the location's action or buy it: after moving you do exactly one of the two"),
    "buy.no_card": lambda s, a: f"{location_title(s.pos[s.active])} has no card left to buy",
    "buy.last_juice": _last_juice,
    "buy.too_dear": _too_dear,
    "gamble.no_tokens": _no_tokens,
    "pay.finish_first": _sentence("finish paying for the juice first"),
    "pay.not_held": lambda s, a: f"you have no {_unit(a.fields['unit'])} left to pay with",
    "pay.order": _pay_order,
    "pay.cannot_cover": _cannot_cover,
    "extra.choose": _sentence("return a double turn token for an extra turn, or end your turn"),
    # location decisions
    "player.choose": _players,
    "name.choose": _name_first,
    "name.not_in_game": lambda s, a: f"{a.fields['fruit']} is not a fruit type of this game",
    "name.not_in_market": lambda s, a: f"there is no {a.fields['fruit']} in the market",
    "name.own_token": lambda s, a: f"you already hold the {a.fields['fruit']} token",
    "name.not_held": lambda s, a: f"you have no {a.fields['fruit']} to show for its token",
    "choose.one_of": _choose_one,
    "thief.choose": _thief_first,
    "thief.not_in_display": lambda s, a: f"#{_label(a)} is not in the display",
    "thief.must_move": _thief_must_move,
    "thief.twice": _thief_twice,
    "card.other_verb": lambda s, a: f"now {_verb(s)} a fruit",
    "card.not_optional": lambda s, a: (
        f"you cannot stop here: {_verb(s)} a fruit (the location does not let you stop early)"
    ),
    "card.none": lambda s, a: f"there is no {a.fields['fruit']} to {_verb(s)}",
    "card.type": _card_type,
    "card.rule": _card_rule,
    # the Lime decisions (§3)
    "save.choose": _sentence("save a fruit from your hand, or save nothing ('done')"),
    "save.not_held": lambda s, a: (
        f"save a fruit from your hand, or save nothing ('done'); you have no {a.fields['fruit']}"
    ),
    "offer.choose": _sentence("offer a fruit from your hand, or 'done' to finish (or make no offer)"),
    "offer.not_held": lambda s, a: f"you have no {a.fields['fruit']} to offer",
    "limeask.choose": _sentence("take a lime ('take lime') or pass ('done')"),
    "accept.choose": _sentence("accept the offer of a player who made one ('accept N'), or 'refuse'"),
    "accept.no_offer": lambda s, a: (
        f"player {a.fields['seat'] + 1} made no offer: accept the offer of a player who made one, or 'refuse'"
    ),
    "return.choose": _sentence("return one of your fabled juices of this game ('return N'), or 'decline'"),
    "return.not_owned": lambda s, a: f"#{_label(a)} is not one of your fabled juices of this game",
    "return.no_trade": _not_returnable,
    "juice.choose": _sentence("take the top card of a stack other than the juice you returned"),
    "juice.not_in_display": lambda s, a: f"#{_label(a)} is not in the display",
    "juice.returned": lambda s, a: f"#{_label(a)} is the juice you returned: take the top card of another stack",
    "juice.last_juice": lambda s, a: f"#{_label(a)} is never taken in a trade: it can only be bought, as a last juice",
}


__all__ = ["REFUSALS", "action_label", "describe_event", "prompt"]
