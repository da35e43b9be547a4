"""Tang Hu Lu in words: event sentences, the status line, menu labels and refusals.

Plain strings shared by every front end (the terminal, the web client, bots' logs); what each
seat may see is ``view.py``. Numbers come from ``data.toml`` through ``COMPONENTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import counted

from .components import COMPONENTS as C
from .patterns import PATTERN_NAMES, possible_patterns

if TYPE_CHECKING:
    from .rules import TangHuLuState

DROP_REASONS = {"die": "sugar roll", "single purchase": "single purchase"}
FRUIT_SYMBOL = {"orange": "O", "apple": "A", "kiwi": "K", "strawberry": "S", "haw": "H"}


def tile_name(tile: int, pink: bool = False) -> str:
    fruit = C.fruits[C.tile_fruit[tile]]
    stars = C.tile_stars[tile] + (C.garnish_bonus if pink else 0)
    return f"{'sugared ' if pink else ''}{fruit} ({stars}★)"


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str], capital: bool = True) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return "You" if capital else "you"
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event, redacted for ``viewer``."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    you = event.actor is not None and event.actor == viewer
    kind = event.kind
    if kind == "setup":
        return f"{_who(d['first_player'], viewer, names)} will play first."
    if kind == "round":
        return f"Round {d['round']} begins."
    if kind == "turn":
        return f"{'Your' if you else _possessive(who)} turn."
    if kind == "roll":
        return f"{who} rolled {d['face']}."
    if kind == "coins":
        return f"{who} gained {counted(d['gained'], 'coin')}{_capped(d['amount'] - d['gained'])}."
    if kind == "drops":
        reason = DROP_REASONS.get(d["reason"], d["reason"])
        if not d["gained"] and d["amount"]:
            return f"{who} earned {counted(d['amount'], 'drop')} ({reason}), but the drop stock is empty."
        return f"{who} took {counted(d['gained'], 'drop')} ({reason}){_drops_short(d['amount'] - d['gained'])}."
    if kind == "die_tile":
        return f"{who} drew {_article(tile_name(d['tile']))} with the die."
    if kind == "return":
        return f"{who} put the {tile_name(d['tile'])} back in the bag."
    if kind == "place":
        return f"{who} put the {tile_name(d['tile'])} on stick {d['stick'] + 1}, spot {d['spot']}."
    if kind == "buy":
        space = C.spaces[d["space"]]
        return f"{who} bought the {tile_name(d['tile'])} from {space} for {counted(d['price'], 'coin')}."
    if kind == "complete":
        options = ", ".join(d["patterns"]) or "no pattern, so no reward"
        return f"{who} completed stick {d['stick'] + 1} ({options})."
    if kind == "reward":
        return _describe_reward(d, who)
    if kind == "garnish":
        return f"{who} garnished stick {d['stick'] + 1} for {counted(d['cost'], 'drop')} (+{d['stars']}★)."
    if kind == "pass":
        return f"{who} did not garnish."
    if kind == "work":
        return f"{who} worked for {counted(d['gained'], 'coin')}{_capped(d['income'] - d['gained'])}."
    if kind == "stop":
        return f"{who} stopped shopping."
    if kind == "refill":
        tiles = ", ".join(f"{C.spaces[s]} {tile_name(t)}" for s, t in d["tiles"])
        return f"The store was refilled: {tiles}."
    if kind == "end_triggered":
        return f"{who} filled all {C.sticks} sticks: this is the last round."
    if kind == "game_over":
        return "The game is over" + (" (round limit reached)." if d["truncated"] else ".")
    return kind


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _capped(lost: int) -> str:
    """The tail of a coin gain: how much the coin cap took away, if anything."""
    return f" ({lost} lost to the {C.coin_cap}-coin cap)" if lost > 0 else ""


def _drops_short(lost: int) -> str:
    return f"; {counted(lost, 'drop')} lost because the drop stock ran out" if lost > 0 else ""


def _describe_reward(d: dict[str, Any], who: str) -> str:
    pattern = d["pattern"]
    if pattern == "all-different":
        return f"{who} scored all-different: +{counted(d['coins'], 'coin')}{_capped(d['amount'] - d['coins'])}."
    wanted_cards = C.all_same_sweet_cards if pattern == "all-same" else C.two_pairs_sweet_cards
    drawn = d["sweet_cards"]
    if d.get("card_stars"):
        cards = "drew " + " and ".join(f"a {stars}★ sweet card" for stars in d["card_stars"])
    else:
        cards = f"drew {counted(drawn, 'sweet card')}" if drawn else "drew no sweet card"
    if drawn < wanted_cards:
        missing = wanted_cards - drawn
        cards += f" ({counted(missing, 'sweet card')} lost because the sweet deck ran out)"
    got = [cards]
    if pattern == "two-pairs":
        drops = d.get("drops", 0)
        took = f"took {counted(drops, 'drop')}" if drops else "took no drops"
        if drops < C.two_pairs_drops:
            took += f" ({counted(C.two_pairs_drops - drops, 'drop')} lost because the drop stock ran out)"
        got.append(took)
    return f"{who} scored {pattern}: {' and '.join(got)}."


def describe_outcome(outcome: Action, hidden: bool = False) -> str:
    """A chance outcome in words ("a strawberry (2★) tile", "the die shows sugar"); ``hidden``:
    as a seat that does not see it (only a sweet card is drawn face down)."""
    fields = outcome.fields
    if outcome.kind == "die":
        return f"the die shows {fields['face']}"
    if outcome.kind == "tile":
        return f"{_article(tile_name(fields['tile']))} from the bag"
    if outcome.kind == "sweet":
        if hidden:
            return "a sweet card, face down"
        card = fields["card"]
        return f"sweet card {card + 1} ({counted(C.sweet_stars[card], 'star')})"
    return f"seat {fields['seat'] + 1} goes first"


def _article(text: str) -> str:
    return ("an " if text[0] in "aeiou" else "a ") + text


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    viewer = view["viewer"]
    seat = view["current_player"]
    phase = view["phase"]
    if phase == "over":
        winners = view["standings"]["winners"]
        verb = "won" if len(winners) == 1 else "share the win"
        return "Game over: " + " and ".join(_who(w, viewer, names) for w in winners) + f" {verb}."
    mine = seat == viewer
    who = _who(seat, viewer, names)
    if phase == "die_tile":
        tile = view["die_tile"]
        what = f"the {tile['fruit']} ({tile['stars']}★)"
        return f"Choose a stick for {what}, or return it" if mine else f"Waiting for {who} to place {what}"
    if phase == "garnish":
        cost = counted(C.garnish_cost, "drop")
        return f"Garnish a complete stick for {cost}, or pass" if mine else f"Waiting for {who} to garnish"
    if phase == "pattern":
        stick = view["pattern_choice"]["stick"] + 1
        return f"Choose the pattern for stick {stick}" if mine else f"Waiting for {who} to choose a pattern"
    price = counted(view["price"], "coin")
    if phase == "action":
        return f"Work, or buy a tile for {price}" if mine else f"Waiting for {who} to work or buy"
    return f"Buy another tile for {price}, or stop" if mine else f"Waiting for {who} to shop"


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips.

    Every number is what the action really does for the player who takes it (the seat to act,
    which is the viewer whenever the viewer has a menu): capped coins, and cards or drops
    limited by what the supplies still hold.
    """
    fields = action.fields
    seat = view["current_player"]
    actor = view["players"][seat] if seat is not None and seat >= 0 else None
    if action.kind == "buy":
        tile = view["store"][fields["space"]]
        space = view["store_spaces"][fields["space"]]
        what = f"{tile['fruit']} ({tile['stars']}★)" if tile else "tile"
        return f"Buy the {what} in {space} for {counted(view['price'], 'coin')} onto stick {fields['stick'] + 1}"
    if action.kind == "place":
        return f"Put the die's {view['die_tile']['fruit']} on stick {fields['stick'] + 1}"
    if action.kind == "return":
        return "Put the die's tile back in the bag"
    if action.kind == "garnish":
        return f"Garnish stick {fields['stick'] + 1} for {counted(C.garnish_cost, 'drop')}"
    if action.kind == "pass":
        return "Do not garnish"
    if action.kind == "pattern":
        return _pattern_label(view, fields["pattern"], actor)
    if action.kind == "work":
        income = actor["income"] if actor else 0
        gain = _coin_gain(actor, income)
        if gain == income:
            return f"Work for {counted(income, 'coin')}"
        return f"Work for {counted(gain, 'coin')} (income {income}, {_over_cap(income - gain)})"
    return "Stop shopping"


def _coin_gain(player: Mapping[str, Any] | None, amount: int) -> int:
    """What ``amount`` coins really add for ``player``: the coin track stops at the cap."""
    if player is None:
        return amount
    return max(0, min(amount, C.coin_cap - player["coins"]))


def _over_cap(lost: int) -> str:
    return f"{lost} lost to the {C.coin_cap}-coin cap"


def _pattern_label(view: Mapping[str, Any], pattern: str, actor: Mapping[str, Any] | None) -> str:
    if pattern == "all-different":
        amount = C.all_different_coins
        gain = _coin_gain(actor, amount)
        tail = f" ({_over_cap(amount - gain)})" if gain < amount else ""
        return f"All different: +{counted(gain, 'coin')}{tail}"
    deck, stock = view["sweet_deck"], view["drop_stock"]
    if pattern == "all-same":
        return "All the same: " + _supplied(C.all_same_sweet_cards, deck, "sweet card", "the sweet deck")
    cards = _supplied(C.two_pairs_sweet_cards, deck, "sweet card", "the sweet deck")
    drops = _supplied(C.two_pairs_drops, stock, "drop", "the drop stock")
    return f"Two pairs: {cards} and {drops}"


def _supplied(wanted: int, left: int, noun: str, supply: str) -> str:
    """``wanted`` of ``noun``, or as many as ``supply`` still holds, saying so."""
    if left >= wanted:
        return counted(wanted, noun)
    if left == 0:
        return f"no {noun} ({supply} is empty)"
    return f"{counted(left, noun)} (only {left} left in {supply})"


# ---------------------------------------------------------------------- refusals
#
# Each sentence says what is wrong and names the rule in words (players never read the rules
# reference's ids); ``TangHuLu.rule_anchors`` links each key to the paragraph of the players'
# page (``how_to_play.md``) that states the rule.


def _stick(action: Action) -> int:
    return int(action.fields["stick"]) + 1


def _no_die_tile(state: TangHuLuState, action: Action) -> str:
    verb = "place" if action.kind == "place" else "return"
    if state.die != "fruit":
        return f"there is no die tile to {verb}: only a fruit roll draws a tile, and the die did not show fruit"
    return (
        f"there is no die tile to {verb}: the die's tile is placed or returned at the start of the turn, "
        "before working or buying, and cannot be kept for later"
    )


def _window_closed(state: TangHuLuState, action: Action) -> str:
    each = "each player could garnish" if state.options["multi_garnish"] else "each player could garnish once"
    return f"the garnish window of this sugar roll has closed: {each}, in turn from the roller"


def _too_few_drops(state: TangHuLuState, action: Action) -> str:
    return f"garnishing costs {counted(C.garnish_cost, 'drop')}; you have {state.drops[state.player]}"


def _pattern_not_possible(state: TangHuLuState, action: Action) -> str:
    stick = state.sticks[state.player][state.pattern_stick]
    shown = " ".join(FRUIT_SYMBOL[C.fruits[C.tile_fruit[t]]] for t in stick)
    names = [PATTERN_NAMES[o] for o in possible_patterns([C.tile_fruit[t] for t in stick], C.haw)]
    possible = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return (
        f"stick {state.pattern_stick + 1} ({shown}) cannot make {action.fields['pattern']}, even with its haws "
        f"wild; it can make {possible}"
    )


def _too_dear(state: TangHuLuState, action: Action) -> str:
    price = state.price()
    bags, coins = counted(price - C.till, "money bag"), counted(state.coins[state.player], "coin")
    return f"the next tile costs {price} ({C.till} for the till + {bags}); you have {coins}"


#: The sentence for each refusal key of ``legality.py`` (the rule it names), for the player to act.
REFUSALS: dict[str, Callable[[TangHuLuState, Action], str]] = {
    "phase.die_tile": lambda state, action: (
        "first place the die's tile on a stick or return it to the bag: the die is settled before anything else"
    ),
    "phase.garnish_window": lambda state, action: (
        "the garnish window is open: garnish a complete stick or pass before the turn goes on"
    ),
    "phase.pattern": lambda state, action: (
        f"first choose the pattern for stick {state.pattern_stick + 1}: a finished stick pays its reward at once"
    ),
    "place.no_die_tile": _no_die_tile,
    "stick.full": lambda state, action: f"stick {_stick(action)} is full: a stick holds {counted(C.spots, 'tile')}",
    "garnish.no_window": lambda state, action: "you can garnish only in the window after a sugar roll",
    "garnish.window_closed": _window_closed,
    "garnish.too_few_drops": _too_few_drops,
    "garnish.once_per_window": lambda state, action: (
        "you have already garnished in this window: each player garnishes at most one stick per sugar roll"
    ),
    "garnish.stick_incomplete": lambda state, action: (
        f"stick {_stick(action)} is not complete: only a stick with all {C.spots} tiles can be garnished"
    ),
    "garnish.already_garnished": lambda state, action: (
        f"stick {_stick(action)} is already garnished: a stick is garnished only once"
    ),
    "pattern.none_waiting": lambda state, action: (
        "there is no completed stick waiting for a pattern: you choose one only when a stick you just finished "
        "fits more than one"
    ),
    "pattern.not_possible": _pattern_not_possible,
    "work.already_buying": lambda state, action: (
        "you have already chosen to shop this turn: buy another tile or stop (a turn has one action, work or shop)"
    ),
    "stop.nothing_bought": lambda state, action: (
        "you have not bought anything: shopping means buying at least one tile, so buy one or work instead"
    ),
    "buy.too_dear": _too_dear,
    "buy.space_empty": lambda state, action: (
        f"store space {C.spaces[action.fields['space']]} is empty: the store is refilled only at the end of a turn"
    ),
}


def format_stick(tiles: Sequence[dict[str, Any]]) -> str:
    return " ".join(FRUIT_SYMBOL[t["fruit"]] for t in tiles)


__all__ = ["REFUSALS", "action_label", "describe_event", "format_stick", "prompt"]
