"""Fabled Fruit in words and views: what each seat sees, event sentences, prompts, refusals.

The view (``build_view``) is plain JSON, shared by every front end::

    {"game": "fabledfruit", "viewer": seat|None, "num_players", "current_player" (-1 when over), "lime": bool,
     "active_player", "start_player", "round", "game_number", "target" (juices needed),
     "decision": {"kind": "move"|"thief_pay"|"occupant_pay"|"act_or_buy"|"pay"|"extra_turn"|
                  "player"|"name"|"choose"|"thief"|"give"|"discard"|"put"|"take",
                  "seat": who decides, + "to"/"from"/"zone"/"filter"/"optional"/"occupants"} | None,
     "display": [{"location", "label" ("7", "1L"), "name", "cards", "price", "action", "signpost",
                  "market", "animals": [seat…], "thief": bool}…]            (in display order),
     "big_stack": {"cards", "top": location|None},
     "draw_stack": cards, "discard": {fruit: count},
     "market": {fruit: count} | None, "market_pending": [fruit…] (given in a swap, not yet in),
     "fruit_mix_supply": [fruit…] | None, "thief": None | 0 (in play, next to no stack) | location,
     "fruit_tokens": {fruit: holder seat | -1 pool} | None, "wild_pool", "double_pool" (None if not in play),
     "revealed": [fruit…] (face-up cards of the current action), "looking_at": [fruit…] (#35, own only),
     "peek": {"player", "hand": {fruit: count}} (#31, the peeker only),
     "payment": {"location", "price", "chosen": [unit…]} | None,
     "players": [{"seat", "position" (0 = off the display), "hand_size", "hand": {fruit: count}
                  (own hand; everybody's once the game is over), "juices": [location…],
                  "fruit_tokens": [fruit…], "wild": n, "double": n, "double_usable": n,
                  Lime: "saved_count", "saved": {fruit: count} (own; all once over), "gambling": n,
                  "coat": bool}…],
     Lime games (None in base games): "lime_pile": n, "coat": holder seat | -1 pool | None,
     "gambling_pool", "gambling_reveals" (fruits revealed per token), "thief_stacks": [location…],
     "offer_round": {"limes", "offers":
     [{"seat", "fruits": {fruit: count}, "done": bool}…]} | None (#11L; offers are face up),
     "payment" gains "gambling": tokens returned (its reveals are "revealed"),
     "end_triggered", "ended_by", "standings": Result JSON once over}

Fruit names are the card kinds: ``banana`` or, for a fruit-mix card, ``banana/strawberry``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import counted

from . import actions as A
from .components import COMPONENTS as C
from .components import loc_label
from .fruits import KIND_NAME, NUM_KINDS

if TYPE_CHECKING:
    from .rules import FabledFruitState

STEP_NAMES = {
    "move": "move",
    "tpay": "thief_pay",
    "opay": "occupant_pay",
    "actbuy": "act_or_buy",
    "pay": "pay",
    "extra": "extra_turn",
}
COMPONENT_NAMES = {
    "market": f"the market ({counted(C.market_size, 'fruit')})",
    "thief": "the thief",
    "fruit_tokens": "the fruit tokens",
    "coat": "the camouflage coat",
    "gambling": f"the {counted(C.lime.gambling_tokens, 'gambling token')}",
    "wild_double_tokens": f"{counted(C.wild_tokens, 'wild token')} and {counted(C.double_tokens, 'double turn token')}",
    "fruit_mix": f"the {counted(len(C.mix_pairs), 'fruit-mix card')}",
}


def counts(vector: Sequence[int]) -> dict[str, int]:
    return {KIND_NAME[k]: vector[k] for k in range(NUM_KINDS) if vector[k]}


def price_text(price: str) -> str:
    return price


def location_title(loc: int) -> str:
    return f"#{loc_label(loc)} {C.locations[loc].name}"


# ---------------------------------------------------------------------- the view


def build_view(s: FabledFruitState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know; ``None`` is a spectator. JSON-ready."""
    from .rules import NEEDS  # noqa: F401  (keeps rules loaded before views)

    over = s.over
    players = []
    for p in range(s.num_players):
        player: dict[str, Any] = {
            "seat": p,
            "position": s.pos[p],
            "hand_size": sum(s.hands[p]),
            "juices": list(s.juices[p]),
            "fruit_tokens": [C.type_names[t] for t in range(s.ntypes) if s.ftok is not None and s.ftok[t] == p],
            "wild": s.wild[p] if s.wild is not None else 0,
            "double": s.double[p] if s.double is not None else 0,
            "double_usable": max(0, s.double[p] - s.fresh[p]) if s.double is not None and p == s.active else 0,
        }
        if over or p == seat:
            player["hand"] = counts(s.hands[p])
        if s.saved is not None:
            player["saved_count"] = sum(s.saved[p])
            player["gambling"] = s.gamble[p] if s.gamble is not None else 0
            player["coat"] = s.coat == p
            if over or p == seat:
                player["saved"] = counts(s.saved[p])
        players.append(player)
    display = []
    for loc in s.stacks:
        info = C.locations[loc]
        display.append(
            {
                "location": loc,
                "label": info.label,
                "name": info.name,
                "cards": s.counts[loc],
                "price": info.price,
                "action": info.action,
                "signpost": info.signpost,
                "market": info.market,
                "animals": [p for p in range(s.num_players) if s.pos[p] == loc],
                "thief": loc in (s.thief, s.thief2),
            }
        )
    size = len(s.deck)

    view: dict[str, Any] = {
        "game": "fabledfruit",
        "viewer": seat,
        "num_players": s.num_players,
        "current_player": s.current_player,
        "active_player": s.active if not over else -1,
        "start_player": s.start,
        "round": s.round,
        "game_number": s.options["game_number"],
        "target": C.targets[s.num_players],
        "decision": None if over else _decision(s),
        "display": display,
        "big_stack": {"cards": size - s.top, "top": s.deck[s.top] if s.top < size else None},
        "draw_stack": len(s.draw),
        "discard": counts(s.discard),
        "market": counts(s.market) if s.market is not None else None,
        "market_pending": [KIND_NAME[k] for k in s.aux],
        "fruit_mix_supply": [KIND_NAME[k] for k in range(NUM_KINDS) if s.supply[k]] if s.supply is not None else None,
        "thief": None if s.thief < 0 else s.thief,
        "fruit_tokens": ({C.type_names[t]: s.ftok[t] for t in range(s.ntypes)} if s.ftok is not None else None),
        "wild_pool": s.wild_pool if s.wild is not None else None,
        "double_pool": s.double_pool if s.double is not None else None,
        "revealed": [] if s.buf_private else [KIND_NAME[k] for k in s.buf],
        "looking_at": [KIND_NAME[k] for k in s.buf] if s.buf_private and seat == s.active else [],
        "peek": ({"player": s.peek, "hand": counts(s.hands[s.peek])} if s.peek >= 0 and seat == s.active else None),
        "payment": (
            {
                "location": s.pos[s.active],
                "price": C.locations[s.pos[s.active]].price,
                "chosen": [A.unit_name(u) for u in s.paying],
            }
            if not over and s.steps and s.steps[0][0] == "pay"
            else None
        ),
        "players": players,
        "lime": s.lime,
        "lime_pile": s.limes if s.lime else None,
        "coat": s.coat if s.coat >= -1 else None,
        "gambling_pool": s.gamble_pool if s.gamble is not None else None,
        "gambling_reveals": C.lime.gambling_reveals if s.lime else None,
        "thief_stacks": [loc for loc in (s.thief, s.thief2) if loc > 0] if s.lime else None,
        "offer_round": _offer_round(s),
        "end_triggered": s.end_triggered,
        "ended_by": s.ended_by or None,
        "standings": s.standings().to_json() if over else None,
    }
    if view["payment"] is not None and s.gambling:
        view["payment"]["gambling"] = s.gambling
    return view


def _offer_round(s: FabledFruitState) -> dict[str, Any] | None:
    """#11L's open offer round: the limes in the centre and the face-up offers so far."""
    if s.offers is None:
        return None
    waiting = {step[1] for step in s.steps if step[0] == "offer"}
    offers = [{"seat": q, "fruits": counts(s.offers[q]), "done": q not in waiting} for q in s.others(s.active)]
    return {"limes": s.centre, "offers": offers}


def _decision(s: FabledFruitState) -> dict[str, Any]:
    step = s.steps[0]
    kind = step[0]
    out: dict[str, Any] = {"kind": STEP_NAMES.get(kind, kind), "seat": s.current_player}
    if kind == "opay":
        out["occupants"] = list(step[1:])
    elif kind == "player":
        out["players"] = sorted(step[1])
    elif kind == "name":
        out["filter"] = step[1]
    elif kind == "choose":
        out["choices"] = [A.ACTION_TABLE[c].text for c in step[1:]]
    elif kind == "give":
        out.update({"to": step[2], "filter": step[3], "optional": step[4]})
    elif kind in ("discard", "put"):
        out.update({"filter": step[2], "optional": step[3]})
    elif kind == "take":
        out.update({"zone": step[1], "filter": step[2], "optional": step[3]})
        if step[1] == "hand":
            out["from"] = s.target
    elif kind == "thief" and len(step) > 1:
        out["chosen"] = list(s.picks)
        out["stacks"] = 2
    elif kind == "offer":
        out["limes"] = s.centre
    elif kind == "limeask":
        out["lime_pile"] = s.limes
    elif kind in ("return", "juice"):
        out["returned"] = s.picks[0] if s.picks else None
    return out


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
    if kind == "turn":
        extra = " (extra turn)" if d["extra"] else ""
        if event.actor is not None and event.actor == viewer:
            return f"Round {d['round']}: your turn{extra}."
        return f"Round {d['round']}: {who} to play{extra}."
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
            "round_limit": "at the round limit",
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


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    viewer = view["viewer"]
    if view["current_player"] < 0:
        winners = view["standings"]["winners"]
        return "Game over: " + " and ".join(_who(w, viewer, names) for w in winners) + " won."
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
        return "Save nothing (the seed: you may save 1 fruit)"
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


def why_illegal(s: FabledFruitState, action: Action) -> str:
    """The rule an action breaks in this position, in one sentence."""
    from .rules import ICONS  # noqa: F401

    step = s.steps[0]
    kind = step[0]
    a = action.kind
    p = s.current_player
    if kind == "move":
        if a != "move":
            return "first move your animal to another location stack (§2.3 step 1)"
        loc = action.fields["location"]
        if loc == s.pos[p]:
            return f"you must move: your animal already stands on #{loc_label(loc)} (§2.3 step 1)"
        return f"#{loc_label(loc)} is not in the display"
    if kind == "actbuy":
        if a in ("buy", "gamble") and not s.may_buy(p, s.pos[p]):
            target = C.targets[s.num_players]
            return (
                f"#20L may only be bought as your last fabled juice: you need {target - 1} juices first "
                f"and have {len(s.juices[p])} (§1.6)"
            )
        if a == "gamble":
            held = s.gamble[p] if s.gamble is not None else 0
            reveals = counted(C.lime.gambling_reveals, "reveal")
            return f"you hold {counted(held, 'gambling token')}; gambling needs one per {reveals} (§2.9.5)"
        if a == "buy":
            loc = s.pos[p]
            have = ", ".join(counted(n, f) for f, n in counts(s.hands[p]).items()) or "no fruit"
            return f"{location_title(loc)} costs {C.locations[loc].price} (* = any fruit); you have {have}"
        if a == "move":
            return "you have already moved this turn; now use the location's action or buy it (§2.3 step 3)"
        return "use the location's action or buy it (§2.3 step 3)"
    if kind == "pay":
        if a != "pay":
            return "finish paying for the juice first"
        return (
            f"{action.fields['unit']} cannot cover a remaining icon of {C.locations[s.pos[s.active]].price}, "
            "or you have none left; payments are chosen in menu order (§2.5.2)"
        )
    if kind in ("tpay", "opay"):
        if a == "skip":
            return "you must pay every animal there while you have fruit; skip only when short (§2.3 step 2)"
        if a in ("give", "put"):
            return f"you have no {action.fields['fruit']}"
        return "first pay for moving: the thief, then each animal already there (§2.3 step 2)"
    if kind == "extra":
        return "return a double turn token for an extra turn, or end your turn"
    verbs = {"give": "give", "discard": "discard", "put": "put", "take": "take"}
    if kind in verbs:
        if a == "done":
            return "this step is not optional"
        if a != kind:
            return f"now {verbs[kind]} a fruit"
        filt = step[3] if kind == "give" else step[2]
        if filt in C.type_codes:
            return f"it must be {a_fruit(C.type_names[C.type_codes.index(filt)])} (or a fruit-mix card showing one)"
        if filt:
            return f"{a_fruit(action.fields['fruit'])} does not fit the location's rule here"
        return f"there is no {action.fields['fruit']} to {verbs[kind]}"
    if kind == "player":
        return "choose one of the players the location allows"
    if kind == "name":
        return "name one of the fruit types allowed here"
    if kind == "thief" and len(step) == 1:
        return "the thief must move to another stack in the display"
    if kind == "choose":
        return "choose " + " or ".join(A.ACTION_TABLE[c].text for c in step[1:])
    return _why_illegal_lime(s, step, action)


def _why_illegal_lime(s: FabledFruitState, step: tuple[Any, ...], action: Action) -> str:
    kind, a = step[0], action.kind
    if kind == "save":
        missing = action.fields.get("fruit", "such fruit")
        return f"save a fruit from your hand, or save nothing ('done'); you have no {missing}"
    if kind == "offer":
        if a == "offer":
            return f"you have no {action.fields['fruit']} to offer"
        return "offer a fruit from your hand, or 'done' to finish (or make no offer)"
    if kind == "accept":
        return "accept the offer of a player who made one ('accept N'), or 'refuse'"
    if kind == "limeask":
        return "take a lime ('take lime') or pass ('done')"
    if kind == "return":
        return "return one of your fabled juices of this game ('return N'), or 'decline'"
    if kind == "juice":
        return "take the top card of a stack other than the juice you returned (never #20L, §3.5 I-11)"
    if kind == "thief":
        return "the thief V2.0 needs two stacks that are not next to it now, and not the same one twice (I-10)"
    return f"{action.text!r} is not legal now"


__all__ = ["action_label", "build_view", "describe_event", "prompt", "why_illegal"]
