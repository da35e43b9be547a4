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
from fruitbowl.engine.wording import N_, _, counted, ngettext, nsaid, pgettext, said

from . import actions as A
from .components import COMPONENTS as C
from .components import loc_label
from .legality import CARD_STEPS, LAST_JUICE
from .view import counts

if TYPE_CHECKING:
    from .rules import FabledFruitState

#: The words of the fruit types data.toml names (and the hand-sized counts of each).
FRUITS = {
    "pineapple": N_("pineapple"),
    "banana": N_("banana"),
    "strawberry": N_("strawberry"),
    "coconut": N_("coconut"),
    "grapes": N_("grapes"),
    "lime": N_("lime"),
}
#: A fruit of each type, as a sentence's object ("a banana", "grapes").
A_FRUIT = {
    "pineapple": N_("a pineapple"),
    "banana": N_("a banana"),
    "strawberry": N_("a strawberry"),
    "coconut": N_("a coconut"),
    "grapes": N_("grapes"),
    "lime": N_("a lime"),
}
#: The token kinds of events, units and the board ("wild", "double", "gambling").
TOKENS = {"wild": N_("wild"), "double": N_("double"), "gambling": N_("gambling")}
#: Where a paid or put fruit went (the market, or the discard pile while there is no market).
INTO = {"market": N_("into the market"), "discard": N_("into the discard")}
#: Where a taken fruit came from.
FROM = {
    "market": N_("from the market"),
    "discard": N_("from the discard pile"),
    "supply": N_("from the fruit-mix supply"),
}


def fruit_name(name: str) -> str:
    """A fruit type (or a fruit-mix card's ``banana/strawberry``) in the current language."""
    return "/".join(_(FRUITS[part]) if part in FRUITS else part for part in name.split("/"))


def fruits_counted(name: str, n: int) -> str:
    """``2 bananas``, ``1 grapes``: a count of one fruit type."""
    if name == "pineapple":
        text = ngettext("{n} pineapple", "{n} pineapples", n)
    elif name == "banana":
        text = ngettext("{n} banana", "{n} bananas", n)
    elif name == "strawberry":
        text = ngettext("{n} strawberry", "{n} strawberries", n)
    elif name == "coconut":
        text = ngettext("{n} coconut", "{n} coconuts", n)
    elif name == "grapes":
        text = ngettext("{n} grapes", "{n} grapes", n)
    elif name == "lime":
        text = ngettext("{n} lime", "{n} limes", n)
    else:
        return counted(n, name)
    return text.format(n=n)


def n_fruits(n: int) -> str:
    """``3 fruits``: fruit cards of any type."""
    return ngettext("{n} fruit", "{n} fruits", n).format(n=n)


def component_name(component: str) -> str:
    """A component entering play, as the subject of a sentence ("The market (4 fruits)")."""
    if component == "market":
        n = C.market_size
        return ngettext("The market ({n} fruit)", "The market ({n} fruits)", n).format(n=n)
    if component == "thief":
        return _("The thief")
    if component == "fruit_tokens":
        return _("The fruit tokens")
    if component == "coat":
        return _("The camouflage coat")
    if component == "gambling":
        n = C.lime.gambling_tokens
        return ngettext("The {n} gambling token", "The {n} gambling tokens", n).format(n=n)
    if component == "wild_double_tokens":
        wild = ngettext("{n} wild token", "{n} wild tokens", C.wild_tokens).format(n=C.wild_tokens)
        double = ngettext("{n} double turn token", "{n} double turn tokens", C.double_tokens).format(n=C.double_tokens)
        return _("{wild} and {double}").format(wild=wild, double=double)
    if component == "fruit_mix":
        n = len(C.mix_pairs)
        return ngettext("The {n} fruit-mix card", "The {n} fruit-mix cards", n).format(n=n)
    return component.capitalize()


def location_name(loc: int) -> str:
    """A location's printed name in the current language (the names are marked in :mod:`.words`)."""
    return _(C.locations[loc].name)


def location_action(loc: int) -> str:
    """A location's action text in the current language."""
    return _(C.locations[loc].action)


def location_title(loc: int) -> str:
    return _("#{label} {name}").format(label=loc_label(loc), name=location_name(loc))


def stack_label(loc: int) -> str:
    """``#7``: a stack by its number."""
    return f"#{loc_label(loc)}"


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str], capital: bool = True) -> str:
    if seat is None or seat < 0:
        return _("Nobody")
    if seat == viewer:
        return _("You") if capital else pgettext("object", "you")
    return names[seat] if seat < len(names) else _("Seat {number}").format(number=seat + 1)


def _to(seat: int | None, viewer: int | None, names: Sequence[str]) -> str:
    """A seat as the one something is given to ("you" in English; German "dir")."""
    if seat is not None and seat >= 0 and seat == viewer:
        return pgettext("to", "you")
    return _who(seat, viewer, names, capital=False)


def a_fruit(name: str) -> str:
    """``a banana``, ``an …``, ``grapes``, ``a banana/strawberry card``."""
    if "/" in name:
        return _("a {mix} card").format(mix=fruit_name(name))
    if name in A_FRUIT:
        return _(A_FRUIT[name])
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _list(items: Sequence[str]) -> str:
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    return pgettext("list", ", ").join(items[:-1]) + pgettext("list", " and ") + items[-1]


def _fruits(names: Sequence[str]) -> str:
    """Fruits listed by type ("a banana, grapes and a coconut")."""
    return _list([fruit_name(name) for name in names])


def _source(where: str) -> str:
    """Where a taken fruit came from ("from the market")."""
    return _(FROM[where]) if where in FROM else _("from the revealed cards")


def _into(where: str) -> str:
    """Where a paid or put fruit went ("into the market", "into the discard")."""
    return _(INTO[where]) if where in INTO else f"into the {where}"


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event, redacted for ``viewer``."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    you = event.actor is not None and event.actor == viewer
    kind = event.kind
    if kind == "setup":
        first = _who(d["start_player"], viewer, names)
        starts = d["start_player"] == viewer
        if d["game_number"] == 1:
            return said(starts, "{who} will start.").format(who=first)
        return said(starts, "Game {number} of the campaign: {who} will start.").format(
            number=d["game_number"], who=first
        )
    if kind == "round":
        return _("Round {round} begins.").format(round=d["round"])
    if kind == "turn":
        if you:
            return _("Your turn (extra turn).") if d["extra"] else _("Your turn.")
        return (_("{who} to play (extra turn).") if d["extra"] else _("{who} to play.")).format(who=who)
    if kind == "draw":
        if "fruits" in d:
            got = _fruits(d["fruits"])
            if d["count"] < d["wanted"]:
                lost = d["wanted"] - d["count"]
                text = nsaid(
                    you,
                    "{who} drew {fruits} ({n} lost: no fruit left).",
                    "{who} drew {fruits} ({n} lost: no fruit left).",
                    lost,
                )
                return text.format(who=who, fruits=got, n=lost)
            return said(you, "{who} drew {fruits}.").format(who=who, fruits=got)
        n = d["count"]
        return nsaid(you, "{who} drew {n} fruit.", "{who} drew {n} fruits.", n).format(who=who, n=n)
    if kind == "reshuffle":
        n = d["cards"]
        return ngettext(
            "The discard pile ({n} fruit) was shuffled into a new draw stack.",
            "The discard pile ({n} fruits) was shuffled into a new draw stack.",
            n,
        ).format(n=n)
    if kind == "move":
        return said(you, "{who} moved to {location}.").format(who=who, location=location_title(d["location"]))
    if kind == "thief_pay":
        return said(you, "{who} paid the thief: {fruit} {place}.").format(
            who=who, fruit=a_fruit(d["fruit"]), place=_into(d["to"])
        )
    if kind == "give":
        return _give(d, who, you, viewer, names)
    if kind == "unpaid":
        return said(you, "{who} had no fruit left for {whom}.").format(who=who, whom=_to(d["to"], viewer, names))
    if kind == "act":
        return said(you, "{who} used {location}.").format(who=who, location=location_title(d["location"]))
    if kind == "declare_buy":
        return said(you, "{who} chose to buy {location}.").format(who=who, location=location_title(d["location"]))
    if kind == "buy":
        n = d["juices"]
        text = nsaid(
            you,
            "{who} bought {location} as a fabled juice with {paid} ({n} juice).",
            "{who} bought {location} as a fabled juice with {paid} ({n} juices).",
            n,
        )
        return text.format(who=who, location=location_title(d["location"]), paid=_paid(d["paid"]), n=n)
    if kind == "refill":
        title = location_title(d["location"])
        if d["new_stack"]:
            return _("{location} was revealed: a new stack enters play.").format(location=title)
        return _("{location} joined its stack.").format(location=title)
    if kind == "stack_gone":
        stack = stack_label(d["location"])
        if not d["animals_off"]:
            return _("The {stack} stack is empty and leaves the display.").format(stack=stack)
        off = pgettext("list", ", ").join(_who(p, viewer, names, capital=False) for p in d["animals_off"])
        return _("The {stack} stack is empty and leaves the display ({off} off the display).").format(
            stack=stack, off=off
        )
    if kind == "component":
        what = component_name(d["component"])
        if not d["location"]:
            return _("{component} is laid out (a Lime game always has one).").format(component=what)
        return _("{component} entered play with {stack}.").format(component=what, stack=stack_label(d["location"]))
    if kind == "market_refill":
        return _("The market received {fruits}.").format(fruits=_fruits(d["fruits"]))
    if kind == "end_triggered":
        n = d["juices"]
        text = nsaid(
            you,
            "{who} reached {n} fabled juice: the game ends at the end of this round.",
            "{who} reached {n} fabled juices: the game ends at the end of this round.",
            n,
        )
        return text.format(who=who, n=n)
    if kind == "game_over":
        return _game_over(d["ended_by"])
    if kind == "extra_turn":
        return said(you, "{who} returned a double turn token for an extra turn.").format(who=who)
    if kind == "signpost":
        stack = stack_label(d["location"])
        if C.locations[d["location"]].signpost:
            text = said(you, "{who} could not meet {stack}'s requirement: the signpost gives 1 fruit instead.")
        else:
            text = said(you, "{who} could not carry out {stack}'s action: only 1 fruit is drawn instead.")
        return text.format(who=who, stack=stack)
    if kind == "target":
        whom = pgettext("accusative", "you") if d["player"] == viewer else _who(d["player"], viewer, names, False)
        if d.get("only"):
            return said(you, "{who} had to choose {whom}.").format(who=who, whom=whom)
        return said(you, "{who} chose {whom}.").format(who=who, whom=whom)
    if kind == "name":
        return said(you, "{who} named {fruit}.").format(who=who, fruit=fruit_name(d["fruit"]))
    if kind == "thief":
        if "locations" in d:
            where = pgettext("list", " and ").join(location_title(loc) for loc in d["locations"])
            return said(you, "{who} put the thief next to {locations}.").format(who=who, locations=where)
        return said(you, "{who} put the thief next to {location}.").format(
            who=who, location=location_title(d["location"])
        )
    if kind == "discard":
        return said(you, "{who} discarded {fruit}.").format(who=who, fruit=a_fruit(d["fruit"]))
    if kind == "discarded":
        fruits = _fruits(d["fruits"])
        return _("{fruits} went to the discard pile.").format(fruits=fruits[:1].upper() + fruits[1:])
    if kind == "put":
        return said(you, "{who} put {fruit} {place}.").format(who=who, fruit=a_fruit(d["fruit"]), place=_into(d["to"]))
    if kind == "take":
        return _take(d, who, you, viewer, names)
    if kind == "steal":
        victim = _who(d["from"], viewer, names, capital=False)
        what = a_fruit(d["fruit"]) if "fruit" in d else _("a random fruit")
        if d["reason"] == "thief":
            text = said(you, "{who} took {fruit} from {victim} (the thief).")
        else:
            text = said(you, "{who} took {fruit} from {victim}.")
        return text.format(who=who, fruit=what, victim=victim)
    if kind == "reveal":
        return said(you, "{who} revealed {fruits}.").format(who=who, fruits=_fruits(d["fruits"]))
    if kind == "take_revealed":
        return said(you, "{who} took {fruits} into hand.").format(who=who, fruits=_fruits(d["fruits"]))
    if kind == "bust":
        return said(you, "{who} busted with {fruits}: all discarded.").format(who=who, fruits=_fruits(d["fruits"]))
    if kind == "peek":
        whose = _who(d["player"], viewer, names, capital=False)
        if "hand" in d:
            text = said(you, "{who} looked at {whom}'s hand: {hand}.")
            return text.format(who=who, whom=whose, hand=_fruits(d["hand"]))
        return said(you, "{who} looked at {whom}'s hand.").format(who=who, whom=whose)
    if kind == "look":
        n = d["count"]
        if "fruits" in d:
            text = nsaid(
                you, "{who} looked at the top {n} fruit: {fruits}.", "{who} looked at the top {n} fruits: {fruits}.", n
            )
            return text.format(who=who, n=n, fruits=_fruits(d["fruits"]))
        return nsaid(you, "{who} looked at the top {n} fruit.", "{who} looked at the top {n} fruits.", n).format(
            who=who, n=n
        )
    if kind == "pass_on":
        what = a_fruit(d["fruit"]) if "fruit" in d else _("a random fruit")
        return said(you, "{who} passed {fruit} to {whom}.").format(
            who=who, fruit=what, whom=_to(d["to"], viewer, names)
        )
    if kind == "fruit_token":
        fruit = d["fruit"]
        if d["from"] < 0:
            text = said(you, "{who} showed {a_fruit} and took the {fruit} token from the pool.")
            return text.format(who=who, a_fruit=a_fruit(fruit), fruit=fruit_name(fruit))
        text = said(you, "{who} showed {a_fruit} and took the {fruit} token from {giver}.")
        giver = _who(d["from"], viewer, names, capital=False)
        return text.format(who=who, a_fruit=a_fruit(fruit), fruit=fruit_name(fruit), giver=giver)
    if kind == "token":
        return said(you, "{who} took a {token} token.").format(who=who, token=_token(d["token"]))
    if kind == "tokens_returned":
        n = d["count"]
        return ngettext(
            "The {token} pool was empty: all {n} {token} token returned to it.",
            "The {token} pool was empty: all {n} {token} tokens returned to it.",
            n,
        ).format(token=_token(d["token"]), n=n)
    if kind == "reveal_hand":
        if you:
            return said(True, "{who} revealed your hand: {hand}.").format(who=who, hand=_fruits(d["hand"]))
        return _("{who} revealed their hand: {hand}.").format(who=who, hand=_fruits(d["hand"]))
    return _lime_sentence(kind, d, who, you, viewer, names)


def _token(name: str) -> str:
    return _(TOKENS[name]) if name in TOKENS else name


def unit_word(unit: str) -> str:
    """A payment unit as the actions name it (``banana``, ``wild``, ``saved banana``, ``lime token``)."""
    if unit.startswith("saved "):
        return _("saved {fruit}").format(fruit=fruit_name(unit.removeprefix("saved ")))
    if unit.endswith(" token"):
        return _("{fruit} token").format(fruit=fruit_name(unit.removesuffix(" token")))
    if unit in TOKENS:
        return _token(unit)
    return fruit_name(unit)


def _paid(units: Sequence[str]) -> str:
    """What paid for a juice: fruits by type, tokens by name ("wild", "saved banana")."""
    return _list([unit_word(unit) for unit in units])


def _give(d: Mapping[str, Any], who: str, you: bool, viewer: int | None, names: Sequence[str]) -> str:
    to = _to(d["to"], viewer, names)
    what = a_fruit(d["fruit"]) if "fruit" in d else _("a fruit")
    if d["reason"] != "movement":
        return said(you, "{who} gave {whom} {fruit}.").format(who=who, whom=to, fruit=what)
    if d["to"] == viewer:
        text = said(you, "{who} gave {whom} {fruit} for moving onto your stack.")
    else:
        text = said(you, "{who} gave {whom} {fruit} for moving onto their stack.")
    return text.format(who=who, whom=to, fruit=what)


def _take(d: Mapping[str, Any], who: str, you: bool, viewer: int | None, names: Sequence[str]) -> str:
    if "fruit" in d:
        return said(you, "{who} took {fruit} {source}.").format(
            who=who, fruit=a_fruit(d["fruit"]), source=_source(d["from"])
        )
    if d["from"] == "hand":
        victim = _who(d.get("victim"), viewer, names, capital=False)
        return said(you, "{who} took a fruit from {whom}'s hand.").format(who=who, whom=victim)
    return said(you, "{who} took a fruit of those looked at.").format(who=who)


def _game_over(ended_by: str) -> str:
    return {
        "end_of_round": _("The game is over (at the end of the round)."),
        "immediate": _("The game is over (at once)."),
        "empty_display": _("The game is over (because the display is empty)."),
        "round_limit": _("The game is over (cut short at the round limit, scored as it stands)."),
        "action_limit": _("The game is over (cut short at the action limit, scored as it stands)."),
    }.get(ended_by) or _("The game is over ({reason}).").format(reason=ended_by)


def _lime_sentence(
    kind: str, d: Mapping[str, Any], who: str, you: bool, viewer: int | None, names: Sequence[str]
) -> str:
    """The Lime expansion's events (§3)."""
    if kind == "take_lime":
        n = d["count"]
        text = nsaid(
            you,
            "{who} took {n} lime from the lime pile ({left} left).",
            "{who} took {n} limes from the lime pile ({left} left).",
            n,
        )
        return text.format(who=who, n=n, left=d["pile"])
    if kind == "coat":
        text = said(you, "{who} wore the camouflage coat: nothing to pay for moving onto {stack}.")
        return text.format(who=who, stack=stack_label(d["location"]))
    if kind == "coat_taken":
        if d["from"] < 0:
            return said(you, "{who} took the camouflage coat from the pool.").format(who=who)
        giver = _who(d["from"], viewer, names, capital=False)
        return said(you, "{who} took the camouflage coat from {giver}.").format(who=who, giver=giver)
    if kind == "save":
        what = a_fruit(d["fruit"]) if "fruit" in d else _("a fruit")
        text = said(you, "{who} saved {fruit} under the animal token ({saved} saved).")
        return text.format(who=who, fruit=what, saved=d["saved"])
    if kind == "no_save":
        return said(you, "{who} saved no fruit.").format(who=who)
    if kind == "offer_limes":
        n = d["limes"]
        text = nsaid(
            you,
            "{who} put {n} lime in the centre: the others may make offers.",
            "{who} put {n} limes in the centre: the others may make offers.",
            n,
        )
        return text.format(who=who, n=n)
    if kind == "offer":
        return said(you, "{who} offered {fruit}.").format(who=who, fruit=a_fruit(d["fruit"]))
    if kind == "offer_done":
        if d["fruits"]:
            return said(you, "{who} offered {fruits}.").format(who=who, fruits=_fruits(d["fruits"]))
        return said(you, "{who} made no offer.").format(who=who)
    if kind == "accept":
        n = d["limes"]
        fruits = _fruits(d["fruits"])
        if d["player"] == viewer:
            text = nsaid(
                you,
                "{who} accepted your offer ({fruits}); {taker} took {n} lime.",
                "{who} accepted your offer ({fruits}); {taker} took {n} limes.",
                n,
            )
            return text.format(who=who, fruits=fruits, taker=pgettext("object", "you"), n=n)
        taker = _who(d["player"], viewer, names, capital=False)
        text = nsaid(
            you,
            "{who} accepted {taker}'s offer ({fruits}); {taker} took {n} lime.",
            "{who} accepted {taker}'s offer ({fruits}); {taker} took {n} limes.",
            n,
        )
        return text.format(who=who, fruits=fruits, taker=taker, n=n)
    if kind == "refuse":
        n = d["limes"]
        text = nsaid(
            you,
            "{who} accepted no offer and took {n} lime; the others draw 1 fruit each.",
            "{who} accepted no offer and took {n} limes; the others draw 1 fruit each.",
            n,
        )
        return text.format(who=who, n=n)
    if kind == "offer_back":
        return said(you, "{who} took back {fruits}.").format(who=who, fruits=_fruits(d["fruits"]))
    if kind == "lime_pass":
        return said(you, "{who} took no lime.").format(who=who)
    if kind == "gamble":
        n = d["tokens"]
        text = nsaid(
            you,
            "{who} returned {n} gambling token to buy {location}.",
            "{who} returned {n} gambling tokens to buy {location}.",
            n,
        )
        return text.format(who=who, n=n, location=location_title(d["location"]))
    if kind == "gamble_failed":
        text = said(you, "Tough luck: {who} could not pay; {fruits} discarded.")
        return text.format(who=pgettext("object", "you") if you else who, fruits=_fruits(d["fruits"]))
    if kind == "return_juice":
        if d["new_stack"]:
            text = said(you, "{who} put the fabled juice {location} back on the display as a new stack.")
        else:
            text = said(you, "{who} put the fabled juice {location} back on the display.")
        return text.format(who=who, location=location_title(d["location"]))
    if kind == "trade_juice":
        text = said(you, "{who} took {location} as a fabled juice in exchange.")
        return text.format(who=who, location=location_title(d["location"]))
    if kind == "decline":
        return said(you, "{who} declined the trade and draws 1 fruit.").format(who=who)
    if kind == "hand_limit":
        n = d["discard"]
        return nsaid(
            you, "{who} must discard {n} fruit down to 5.", "{who} must discard {n} fruits down to 5.", n
        ).format(who=who, n=n)
    return kind


# ---------------------------------------------------------------------- prompts and labels


def describe_outcome(outcome: Action, hidden: bool = False) -> str:
    """A chance outcome in words ("a banana from the draw stack", "seat 2 goes first"); ``hidden``:
    as a seat that does not see it (a fruit drawn into another hand, one taken from a hand)."""
    kind = outcome.kind
    if kind == "first":
        return _("seat {number} goes first").format(number=outcome.fields["seat"] + 1)
    fruit = _("a fruit") if hidden else a_fruit(outcome.fields["fruit"])
    if kind == "card":
        return _("{fruit} from the draw stack").format(fruit=fruit)
    return _("{fruit} taken at random from a hand").format(fruit=fruit)


def _decision(kind: str, d: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]) -> str:
    """What the decision ``d`` asks, as an order to its seat."""
    viewer = view["viewer"]
    if kind == "occupant_pay":
        whom = _to(d.get("occupants", [0])[0], viewer, names)
        return _("Pay {whom} 1 fruit for moving there").format(whom=whom)
    if kind == "choose":
        return _("Choose: {choices}").format(choices=pgettext("list", " or ").join(d.get("choices", [])))
    if kind == "give":
        return _("Give {whom} a fruit of your choice").format(whom=_to(d.get("to"), viewer, names))
    if kind == "offer":
        n = d.get("limes", 2)
        return ngettext(
            "Offer fruits for the {n} lime, or finish ('done')", "Offer fruits for the {n} limes, or finish ('done')", n
        ).format(n=n)
    if kind == "limeask":
        who = _who(view["active_player"], viewer, names, False)
        return _("Take a lime ({who} draws 2), or pass").format(who=who)
    if kind == "thief" and d.get("stacks"):
        if d.get("chosen"):
            return _("Choose a second stack for the thief (V2.0)")
        return _("Choose a stack for the thief (V2.0)")
    if kind == "take" and d.get("filter") == "nomask":
        return _("Take another fruit of a different type")
    if kind == "put" and d.get("filter") == "nomask":
        return _("Put another fruit of a different type into the market")
    if kind == "take" and d.get("filter") == "nolime":
        return _("Take a non-lime market fruit")
    orders = {
        "move": _("Move your animal to another stack"),
        "thief_pay": _("Pay the thief: put 1 fruit into the market"),
        "act_or_buy": _("Act, or buy this location as a fabled juice"),
        "pay": _("Choose the next fruit (or token) to pay with"),
        "extra_turn": _("Return a double turn token for an extra turn, or end your turn"),
        "player": _("Choose a player"),
        "name": _("Name a fruit type"),
        "thief": _("Choose the stack to put the thief next to"),
        "discard": _("Discard a fruit"),
        "put": _("Put a fruit into the market"),
        "take": _("Take a fruit"),
        "save": _("Save a fruit under your animal token (it pays twice), or save nothing ('done')"),
        "accept": _("Accept one offer for the limes, or refuse them all"),
        "return": _("Choose the fabled juice to trade back, or decline (draw 1 fruit)"),
        "juice": _("Choose the stack whose top card you take as a fabled juice"),
    }
    return orders.get(kind, kind)


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    viewer = view["viewer"]
    if view["current_player"] == CHANCE:
        return _("A random event is being decided")
    if view["current_player"] < 0:
        winners = view["standings"]["winners"]
        who = pgettext("list", " and ").join(_who(w, viewer, names) for w in winners)
        if view["standings"]["truncated"]:
            return _("Game over (cut short): {winners} won.").format(winners=who)
        if len(winners) == 1:
            return said(winners[0] == viewer, "Game over: {winners} won.").format(winners=who)
        return pgettext("winners", "Game over: {winners} won.").format(winners=who)
    d = view["decision"]
    mine = d["seat"] == viewer
    who = _who(d["seat"], viewer, names)
    kind = d["kind"]
    details = ""
    if kind == "give" and d["seat"] != view["active_player"] and view["active_player"] >= 0:
        spot = view["players"][view["active_player"]]["position"]
        if spot:
            user = _who(view["active_player"], viewer, names, False)
            details += _(" ({who} used {stack})").format(who=user, stack=stack_label(spot))
    if kind == "give" and d.get("filter") and d["filter"] in C.type_codes:
        details += _(" ({fruit})").format(fruit=a_fruit(C.type_names[C.type_codes.index(d["filter"])]))
    if d.get("optional"):
        details += _(", or done")
    if mine:
        return _decision(kind, d, view, names) + details
    if kind == "give":  # (the giver chooses: "of your choice" would speak to the reader)
        whom = _to(d.get("to"), viewer, names)
        return _("Waiting for {who} to give {whom} a fruit of their choice").format(who=who, whom=whom) + details
    what = _decision(kind, d, view, names) + details
    return _("Waiting for {who}: {what}").format(who=who, what=f"{what[0].lower()}{what[1:]}")


def move_payment(view: Mapping[str, Any], loc: int) -> tuple[int, bool]:
    """What moving to a location costs the player to act: one fruit to each animal there and to
    the thief if it stands by the stack, and whether the camouflage coat lets them off."""
    here = next((st for st in view["display"] if st["location"] == loc), None)
    if not here:
        return 0, False
    seat = view["current_player"]
    coat = seat is not None and seat >= 0 and view.get("coat") == seat
    return len(here["animals"]) + (1 if here["thief"] else 0), coat


def _move_label(view: Mapping[str, Any], loc: int) -> str:
    info = C.locations[loc]
    title = location_title(loc)
    payers, coat = move_payment(view, loc)
    if payers and coat:
        return _("Move to {location} [{price}] — free (camouflage coat)").format(location=title, price=info.price)
    if payers:
        text = ngettext("Move to {location} [{price}] — pay {n}", "Move to {location} [{price}] — pay {n}", payers)
        return text.format(location=title, price=info.price, n=payers)
    return _("Move to {location} [{price}]").format(location=title, price=info.price)


def _offer_label(view: Mapping[str, Any], seat: int) -> str:
    round_ = view.get("offer_round") or {}
    offer = next((o for o in round_.get("offers", []) if o["seat"] == seat), None)
    got = pgettext("list", ", ").join(fruits_counted(f, n) for f, n in offer["fruits"].items()) if offer else ""
    if got:
        return _("Accept player {number}'s offer ({fruits})").format(number=seat + 1, fruits=got)
    return _("Accept player {number}'s offer").format(number=seat + 1)


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    kind, fields = action.kind, action.fields
    if kind == "move":
        return _move_label(view, fields["location"])
    if kind == "thief":
        return _("Put the thief next to {location}").format(location=location_title(fields["location"]))
    if kind == "return":
        return _("Trade back your fabled juice {location}").format(location=location_title(fields["location"]))
    if kind == "juice":
        text = _("Take the top card of {location} as a fabled juice")
        return text.format(location=location_title(fields["location"]))
    if kind == "gamble":
        n = fields["tokens"]
        reveals = n_fruits(C.lime.gambling_reveals * n)
        return ngettext(
            "Buy by returning {n} gambling token: reveal {reveals} to pay with (binding)",
            "Buy by returning {n} gambling tokens: reveal {reveals} to pay with (binding)",
            n,
        ).format(n=n, reveals=reveals)
    decision = view.get("decision") or {}
    if kind == "accept":
        return _offer_label(view, fields["seat"])
    if kind == "save":
        return _("Save {fruit} under your animal token").format(fruit=a_fruit(fields["fruit"]))
    if kind == "done" and decision.get("kind") == "save":
        return _("Save nothing (saving is optional)")
    if kind == "offer":
        return _("Offer {fruit}").format(fruit=a_fruit(fields["fruit"]))
    if kind == "take" and decision.get("kind") == "limeask":
        return _("Take a lime from the lime pile")
    if kind == "done" and decision.get("kind") == "limeask":
        return _("Pass: no lime")
    if kind == "done" and decision.get("kind") == "offer":
        mine = next(
            (o for o in (view.get("offer_round") or {}).get("offers", []) if o["seat"] == decision["seat"]), None
        )
        return _("Finish the offer") if mine and mine["fruits"] else _("Make no offer")
    if kind == "act":
        seat = view["active_player"]
        loc = view["players"][seat]["position"] if seat >= 0 else 0
        return _("Act: {action}").format(action=location_action(loc)) if loc else _("Act")
    if kind == "pay" and fields.get("saved"):
        text = _("Pay with your {unit} (each saved fruit pays for two icons)")
        return text.format(unit=unit_word(fields["unit"]))
    if kind == "buy":
        seat = view["active_player"]
        loc = view["players"][seat]["position"] if seat >= 0 else 0
        if not loc:
            return _("Buy")
        text = _("Buy {stack} as a fabled juice for {price}")
        return text.format(stack=stack_label(loc), price=C.locations[loc].price)
    if kind == "pay":
        if fields["card"] is not None:
            return _("Pay with {fruit}").format(fruit=a_fruit(fields["unit"]))
        return _("Pay with your {unit}").format(unit=unit_word(fields["unit"]))
    if kind == "player":
        return _("Choose player {number}").format(number=fields["seat"] + 1)
    if kind == "name":
        return _("Name {fruit}").format(fruit=fruit_name(fields["fruit"]))
    if kind in ("give", "discard", "put", "take"):
        return _card_label(kind, a_fruit(fields["fruit"]))
    if kind == "reveal":
        return _reveal_label(view)
    return {
        "skip": _("Leave this player unpaid (you are short of fruit)"),
        "stop": _("Stop and keep the revealed fruits"),
        "done": _("Done"),
        "keep": _("Keep both revealed fruits"),
        "redraw": _("Discard both and draw 3"),
        "double": _("Take a double turn token"),
        "wild": _("Take a wild token"),
        "extra_turn": _("Return a double turn token and play again"),
        "end_turn": _("End your turn"),
        "refuse": _("Accept no offer: take the limes yourself (the others draw 1 fruit each)"),
        "decline": _("Do not trade: draw 1 fruit instead"),
    }.get(kind, action.text)


def _card_label(kind: str, fruit: str) -> str:
    if kind == "give":
        return _("Give {fruit}").format(fruit=fruit)
    if kind == "discard":
        return _("Discard {fruit}").format(fruit=fruit)
    if kind == "put":
        return _("Put {fruit} into the market").format(fruit=fruit)
    return _("Take {fruit}").format(fruit=fruit)


def _reveal_label(view: Mapping[str, Any]) -> str:
    shown = sorted({part for name in view["revealed"] for part in name.split("/")}, key=C.type_names.index)
    if not shown:
        return _("Reveal another fruit")
    busts = pgettext("list", " or ").join(a_fruit(name) for name in shown)
    return _("Reveal another fruit (busts on {fruits})").format(fruits=busts)


# ---------------------------------------------------------------------- refusals


def _step(s: FabledFruitState) -> tuple[Any, ...]:
    return s.steps[0]


def _label(action: Action) -> str:
    return stack_label(action.fields["location"])


def _have(s: FabledFruitState, p: int) -> str:
    """What ``p`` could pay with: the hand, then saved fruits (#6L), fruit tokens and wild tokens."""
    held = [fruits_counted(f, n) for f, n in counts(s.hands[p]).items()]
    if s.saved is not None:
        held += [
            _("saved {fruits} (pays twice)").format(fruits=fruits_counted(f, n)) for f, n in counts(s.saved[p]).items()
        ]
    if s.ftok is not None:
        held += [unit_word(f"{C.type_names[t]} token") for t, owner in enumerate(s.ftok) if owner == p]
    if s.wild is not None and s.wild[p]:
        held.append(ngettext("{n} wild token", "{n} wild tokens", s.wild[p]).format(n=s.wild[p]))
    return pgettext("list", ", ").join(held) or _("no fruit")


def _movepay_first(s: FabledFruitState, action: Action) -> str:
    if _step(s)[0] == "tpay":
        return _("first pay for moving: the thief's stack costs a fruit into the market")
    return _("first pay for moving: one fruit to each animal already there")


def _last_juice(s: FabledFruitState, action: Action) -> str:
    n = C.targets[s.num_players] - 1
    return ngettext(
        "{stack} may only be bought as your last fabled juice: you need {n} juice first and have {have}",
        "{stack} may only be bought as your last fabled juice: you need {n} juices first and have {have}",
        n,
    ).format(stack=stack_label(LAST_JUICE), n=n, have=len(s.juices[s.active]))


def _too_dear(s: FabledFruitState, action: Action) -> str:
    loc = s.pos[s.active]
    text = _("{location} costs {price} (* = any fruit); you have {have}")
    return text.format(location=location_title(loc), price=C.locations[loc].price, have=_have(s, s.active))


def _no_tokens(s: FabledFruitState, action: Action) -> str:
    held = s.gamble[s.active] if s.gamble is not None else 0
    r = C.lime.gambling_reveals
    reveals = ngettext("{n} reveal", "{n} reveals", r).format(n=r)
    return ngettext(
        "you hold {n} gambling token; to gamble you return one for every {reveals}",
        "you hold {n} gambling tokens; to gamble you return one for every {reveals}",
        held,
    ).format(n=held, reveals=reveals)


def _unit(name: str) -> str:
    """A payment unit as a sentence names it ("wild" is the wild token)."""
    return _("wild token") if name == "wild" else unit_word(name)


def _pay_order(s: FabledFruitState, action: Action) -> str:
    unit, last = _unit(action.fields["unit"]), _unit(A.unit_name(s.paying[-1]))
    return _("payments are chosen in menu order: {unit} comes before the {last} already chosen").format(
        unit=unit, last=last
    )


def _cannot_cover(s: FabledFruitState, action: Action) -> str:
    price = C.locations[s.pos[s.active]].price
    return _(
        "{unit} cannot be paid now: with it, the rest of {price} cannot be covered by what you hold later in menu order"
    ).format(unit=_unit(action.fields["unit"]), price=price)


def _players(s: FabledFruitState, action: Action) -> str:
    allowed = pgettext("list", " or ").join(_("player {number}").format(number=q + 1) for q in sorted(_step(s)[1]))
    return _("choose one of the players the location allows: {players}").format(players=allowed)


def _name_first(s: FabledFruitState, action: Action) -> str:
    return _("now name a fruit type")


def _choose_one(s: FabledFruitState, action: Action) -> str:
    choices = pgettext("list", " or ").join(A.ACTION_TABLE[c].text for c in _step(s)[1:])
    return _("choose {choices}").format(choices=choices)


def _thief_first(s: FabledFruitState, action: Action) -> str:
    if len(_step(s)) > 1:
        return _("choose the stacks for the thief V2.0 first")
    return _("choose the stack to put the thief next to first")


def _thief_must_move(s: FabledFruitState, action: Action) -> str:
    if len(_step(s)) > 1:
        text = _("the thief V2.0 must move to two stacks it is not next to now, and it is next to {stack}")
    else:
        text = _("the thief must move to another stack in the display: it is already next to {stack}")
    return text.format(stack=_label(action))


def _filter(s: FabledFruitState) -> str:
    """The filter of the card step waited on (a type letter or a named rule)."""
    step = _step(s)
    return str(step[CARD_STEPS[step[0]][2]])


def _card_type(s: FabledFruitState, action: Action) -> str:
    letter = _filter(s)
    fruit = a_fruit(C.type_names[C.type_codes.index(letter)])
    return _("it must be {fruit} (or a fruit-mix card showing one)").format(fruit=fruit)


#: What each named card filter asks for (:func:`.legality.card_filter`).
FILTER_RULES = {
    "mask": N_("it must share a fruit type with the fruit chosen before"),
    "nomask": N_("it must be of a fruit type different from every fruit chosen before"),
    "nolime": N_("take a fruit other than a lime"),
    "pairable": N_("it must have a partner of the same fruit type in your hand"),
    "diff2": N_("it must leave you a fruit of another type to discard with it"),
    "diff3": N_("the fruits must be of pairwise different types, and this one would leave too few"),
}


def _card_rule(s: FabledFruitState, action: Action) -> str:
    rule = FILTER_RULES.get(_filter(s))
    said_rule = _(rule) if rule else _("it does not fit the location's rule here")
    return _("{fruit} does not fit: {rule}").format(fruit=a_fruit(action.fields["fruit"]), rule=said_rule)


def _thief_twice(s: FabledFruitState, action: Action) -> str:
    return _("the thief V2.0 needs two different stacks; you chose {stack} already").format(stack=_label(action))


def _not_returnable(s: FabledFruitState, action: Action) -> str:
    return _(
        "no other stack's top card could be taken in exchange for {stack} ({last} is never taken in a trade)"
    ).format(stack=_label(action), last=stack_label(LAST_JUICE))


def _now_verb(s: FabledFruitState, action: Action) -> str:
    return {
        "give": _("now give a fruit"),
        "discard": _("now discard a fruit"),
        "put": _("now put a fruit"),
        "take": _("now take a fruit"),
    }[str(_step(s)[0])]


def _not_optional(s: FabledFruitState, action: Action) -> str:
    return {
        "give": _("you cannot stop here: give a fruit (the location does not let you stop early)"),
        "discard": _("you cannot stop here: discard a fruit (the location does not let you stop early)"),
        "put": _("you cannot stop here: put a fruit (the location does not let you stop early)"),
        "take": _("you cannot stop here: take a fruit (the location does not let you stop early)"),
    }[str(_step(s)[0])]


def _no_card(s: FabledFruitState, action: Action) -> str:
    text = {
        "give": _("there is no {fruit} to give"),
        "discard": _("there is no {fruit} to discard"),
        "put": _("there is no {fruit} to put"),
        "take": _("there is no {fruit} to take"),
    }[str(_step(s)[0])]
    return text.format(fruit=fruit_name(action.fields["fruit"]))


def _sentence(message: str) -> Refusal:
    """A refusal whose sentence does not depend on the position (``message`` marked with ``N_``)."""
    return lambda s, action: _(message)


def _fruit_refusal(message: str) -> Refusal:
    """A refusal naming the action's fruit (``message`` marked with ``N_``, placeholder ``{fruit}``)."""
    return lambda s, action: _(message).format(fruit=fruit_name(action.fields["fruit"]))


def _stack_refusal(message: str) -> Refusal:
    """A refusal naming the action's stack (``message`` marked with ``N_``, placeholder ``{stack}``)."""
    return lambda s, action: _(message).format(stack=_label(action))


REFUSALS: dict[str, Refusal] = {
    GAME_OVER: _sentence(N_("the game is over")),
    # the turn (§2.3)
    "move.first": _sentence(N_("first move your animal to another location stack: every turn starts with a move")),
    "move.must_move": _stack_refusal(
        N_("you must move: your animal already stands on {stack}, and each turn it goes to another stack")
    ),
    "move.not_in_display": _stack_refusal(
        N_("{stack} is not in the display: your animal moves to a stack on the table")
    ),
    "movepay.first": _movepay_first,
    "movepay.not_held": _fruit_refusal(N_("you have no {fruit} to pay with")),
    "movepay.skip": _sentence(
        N_("you must pay every animal there while you have fruit; leave someone unpaid only when you run short")
    ),
    "actbuy.already_moved": _sentence(
        N_("you have already moved this turn: one move a turn, then use the location's action or buy it")
    ),
    "actbuy.choose": _sentence(N_("use the location's action or buy it: after moving you do exactly one of the two")),
    "buy.no_card": lambda s, a: _("{location} has no card left to buy").format(
        location=location_title(s.pos[s.active])
    ),
    "buy.last_juice": _last_juice,
    "buy.too_dear": _too_dear,
    "gamble.no_tokens": _no_tokens,
    "pay.finish_first": _sentence(N_("finish paying for the juice first")),
    "pay.not_held": lambda s, a: _("you have no {unit} left to pay with").format(unit=_unit(a.fields["unit"])),
    "pay.order": _pay_order,
    "pay.cannot_cover": _cannot_cover,
    "extra.choose": _sentence(N_("return a double turn token for an extra turn, or end your turn")),
    # location decisions
    "player.choose": _players,
    "name.choose": _name_first,
    "name.not_in_game": _fruit_refusal(N_("{fruit} is not a fruit type of this game")),
    "name.not_in_market": _fruit_refusal(N_("there is no {fruit} in the market")),
    "name.own_token": _fruit_refusal(N_("you already hold the {fruit} token")),
    "name.not_held": _fruit_refusal(N_("you have no {fruit} to show for its token")),
    "choose.one_of": _choose_one,
    "thief.choose": _thief_first,
    "thief.not_in_display": _stack_refusal(N_("{stack} is not in the display")),
    "thief.must_move": _thief_must_move,
    "thief.twice": _thief_twice,
    "card.other_verb": _now_verb,
    "card.not_optional": _not_optional,
    "card.none": _no_card,
    "card.type": _card_type,
    "card.rule": _card_rule,
    # the Lime decisions (§3)
    "save.choose": _sentence(N_("save a fruit from your hand, or save nothing ('done')")),
    "save.not_held": _fruit_refusal(N_("save a fruit from your hand, or save nothing ('done'); you have no {fruit}")),
    "offer.choose": _sentence(N_("offer a fruit from your hand, or 'done' to finish (or make no offer)")),
    "offer.not_held": _fruit_refusal(N_("you have no {fruit} to offer")),
    "limeask.choose": _sentence(N_("take a lime ('take lime') or pass ('done')")),
    "accept.choose": _sentence(N_("accept the offer of a player who made one ('accept N'), or 'refuse'")),
    "accept.no_offer": lambda s, a: _(
        "player {number} made no offer: accept the offer of a player who made one, or 'refuse'"
    ).format(number=a.fields["seat"] + 1),
    "return.choose": _sentence(N_("return one of your fabled juices of this game ('return N'), or 'decline'")),
    "return.not_owned": _stack_refusal(N_("{stack} is not one of your fabled juices of this game")),
    "return.no_trade": _not_returnable,
    "juice.choose": _sentence(N_("take the top card of a stack other than the juice you returned")),
    "juice.not_in_display": _stack_refusal(N_("{stack} is not in the display")),
    "juice.returned": _stack_refusal(N_("{stack} is the juice you returned: take the top card of another stack")),
    "juice.last_juice": _stack_refusal(N_("{stack} is never taken in a trade: it can only be bought, as a last juice")),
}


__all__ = ["REFUSALS", "action_label", "describe_event", "prompt"]
