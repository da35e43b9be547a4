"""Tang Hu Lu in words and views: what each seat sees, event sentences, prompts, refusals.

Everything here is plain data and plain strings, shared by every front end (the terminal
draws the view with Rich, the web client with SVG).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event

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


# ---------------------------------------------------------------------- the view


def build_view(state: TangHuLuState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know; ``None`` is a spectator. JSON-ready."""
    from .rules import OVER, PHASE_NAMES, tile_json

    over = state.phase == OVER
    players = []
    for p in range(state.num_players):
        sticks = []
        for s, stick in enumerate(state.sticks[p]):
            pink = state.garnished[p][s]
            sticks.append(
                {
                    "tiles": [tile_json(t, pink) for t in stick],
                    "complete": len(stick) == C.spots,
                    "garnished": pink,
                }
            )
        player: dict[str, Any] = {
            "seat": p,
            "coins": state.coins[p],
            "drops": state.drops[p],
            "income": state.income(p),
            "tile_stars": state.tile_stars(p),
            "sweet_cards": len(state.hands[p]),
            "sticks": sticks,
            "turns": state.turns[p],
        }
        if over or p == seat:
            player["sweet_card_stars"] = [C.sweet_stars[c] for c in state.hands[p]]
        players.append(player)
    bag = Counter((C.fruits[C.tile_fruit[t]], C.tile_stars[t]) for t in state.bag)
    view: dict[str, Any] = {
        "game": "tanghulu",
        "viewer": seat,
        "num_players": state.num_players,
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current_player,
        "roller": state.roller,
        "first_player": state.first,
        "round": state.round,
        "die": state.die or None,
        "die_tile": tile_json(state.die_tile) if state.die_tile >= 0 else None,
        "purchases": state.bought,
        "price": state.price(),
        "store": [tile_json(t) if t >= 0 else None for t in state.store],
        "store_spaces": list(C.spaces),
        "money_bags": list(C.money_bags),
        "coin_icons": list(C.coin_icons),  # coins printed under spots 1–4 of every stick, paid while uncovered
        "bag": {
            "size": len(state.bag),
            "contents": [
                {"fruit": fruit, "stars": stars, "count": count} for (fruit, stars), count in sorted(bag.items())
            ],
        },
        "drop_stock": state.stock,
        "sweet_deck": len(state.deck),
        "players": players,
        "pattern_choice": (
            {"stick": state.pattern_stick, "patterns": [PATTERN_NAMES[p] for p in state.pattern_options]}
            if state.pattern_options
            else None
        ),
        "end_triggered": state.end_triggered,
        "standings": state.standings().to_json() if over else None,
    }
    return view


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
    if kind == "turn":
        return f"Round {d['round']}: {who} to play."
    if kind == "roll":
        return f"{who} rolled {d['face']}."
    if kind == "coins":
        lost = d["amount"] - d["gained"]
        return f"{who} gained {d['gained']} coin{'s' * (d['gained'] != 1)}" + (
            f" ({lost} lost to the 9-coin cap)." if lost else "."
        )
    if kind == "drops":
        reason = DROP_REASONS.get(d["reason"], d["reason"])
        if d["gained"] < d["amount"]:
            return f"{who} earned {_count(d['amount'], 'drop')} ({reason}), but the drop stock is empty."
        return f"{who} took {_count(d['gained'], 'drop')} ({reason})."
    if kind == "die_tile":
        return f"{who} drew {_article(tile_name(d['tile']))} with the die."
    if kind == "return":
        return f"{who} put the {tile_name(d['tile'])} back in the bag."
    if kind == "place":
        return f"{who} put the {tile_name(d['tile'])} on stick {d['stick'] + 1}, spot {d['spot']}."
    if kind == "buy":
        space = C.spaces[d["space"]]
        return f"{who} bought the {tile_name(d['tile'])} from {space} for {d['price']}."
    if kind == "complete":
        options = ", ".join(d["patterns"]) or "no pattern"
        return f"{who} completed stick {d['stick'] + 1} ({options})."
    if kind == "reward":
        return _describe_reward(d, who, you)
    if kind == "garnish":
        return f"{who} garnished stick {d['stick'] + 1} for {d['cost']} drops (+{d['stars']}★)."
    if kind == "pass":
        return f"{who} did not garnish."
    if kind == "work":
        lost = d["income"] - d["gained"]
        tail = f" ({lost} lost to the cap)" if lost else ""
        return f"{who} worked for {d['gained']} coin{'s' * (d['gained'] != 1)}{tail}."
    if kind == "stop":
        return f"{who} stopped shopping."
    if kind == "refill":
        tiles = ", ".join(f"{C.spaces[s]} {tile_name(t)}" for s, t in d["tiles"])
        return f"The store was refilled: {tiles}."
    if kind == "end_triggered":
        return f"{who} filled all three sticks: this is the last round."
    if kind == "game_over":
        return "The game is over" + (" (round limit reached)." if d["truncated"] else ".")
    return kind


def _describe_reward(d: dict[str, Any], who: str, you: bool) -> str:
    pattern = d["pattern"]
    if pattern == "all-different":
        lost = d["amount"] - d["coins"]
        tail = f" ({lost} lost to the 9-coin cap)" if lost else ""
        return f"{who} scored all-different: +{_count(d['coins'], 'coin')}{tail}."
    got = []
    if "card_stars" in d:
        got.append("drew " + " and ".join(f"a {stars}★ sweet card" for stars in d["card_stars"]))
    elif d["sweet_cards"]:
        got.append(f"drew {_count(d['sweet_cards'], 'sweet card')}")
    if d.get("drops"):
        got.append(f"took {_count(d['drops'], 'drop')}")
    text = " and ".join(got) if got else "nothing, the supplies are empty"
    return f"{who} scored {pattern}: {text}."


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"


def _article(text: str) -> str:
    return ("an " if text[0] in "aeiou" else "a ") + text


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    viewer = view["viewer"]
    seat = view["current_player"]
    phase = view["phase"]
    if phase == "over":
        winners = view["standings"]["winners"]
        return "Game over: " + " and ".join(_who(w, viewer, names) for w in winners) + " won."
    mine = seat == viewer
    who = _who(seat, viewer, names)
    if phase == "die_tile":
        tile = view["die_tile"]
        what = f"the {tile['fruit']} ({tile['stars']}★)"
        return f"Choose a stick for {what}, or return it" if mine else f"Waiting for {who} to place {what}"
    if phase == "garnish":
        return "Garnish a complete stick for 4 drops, or pass" if mine else f"Waiting for {who} to garnish"
    if phase == "pattern":
        stick = view["pattern_choice"]["stick"] + 1
        return f"Choose the pattern for stick {stick}" if mine else f"Waiting for {who} to choose a pattern"
    price = view["price"]
    if phase == "action":
        return f"Work, or buy a tile for {price}" if mine else f"Waiting for {who} to work or buy"
    return f"Buy another tile for {price}, or stop" if mine else f"Waiting for {who} to shop"


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips."""
    fields = action.fields
    if action.kind == "buy":
        tile = view["store"][fields["space"]]
        space = view["store_spaces"][fields["space"]]
        what = f"{tile['fruit']} ({tile['stars']}★)" if tile else "tile"
        return f"Buy the {what} in {space} for {view['price']} onto stick {fields['stick'] + 1}"
    if action.kind == "place":
        return f"Put the die's {view['die_tile']['fruit']} on stick {fields['stick'] + 1}"
    if action.kind == "return":
        return "Put the die's tile back in the bag"
    if action.kind == "garnish":
        return f"Garnish stick {fields['stick'] + 1} for 4 drops"
    if action.kind == "pass":
        return "Do not garnish"
    if action.kind == "pattern":
        return {
            "all-different": "All different: +5 coins",
            "all-same": "All the same: 2 sweet cards",
            "two-pairs": "Two pairs: 1 sweet card and 2 drops",
        }[fields["pattern"]]
    if action.kind == "work":
        viewer = view["viewer"]
        income = view["players"][viewer]["income"] if viewer is not None else 0
        return f"Work for {income} coin{'s' * (income != 1)}"
    return "Stop shopping"


# ---------------------------------------------------------------------- refusals


def why_illegal(state: TangHuLuState, action: Action) -> str:
    """The rule an action breaks in this position, in one sentence."""
    from .rules import ACTION, DIE_TILE, GARNISH, PATTERN, SHOP

    phase, p = state.phase, state.player
    kind, fields = action.kind, action.fields
    if kind in ("garnish", "pass") and phase != GARNISH:
        if state.die == "sugar" and phase in (ACTION, SHOP):
            return (
                "the garnish window of this sugar roll has closed: each player could garnish once, "
                "in turn from the roller (AMB-8)"
            )
        return "you can garnish only in the window after a sugar roll (AMB-7)"
    if phase == DIE_TILE and kind not in ("place", "return"):
        return "first place the die's tile on a stick or return it to the bag"
    if phase == GARNISH and kind not in ("garnish", "pass"):
        return "the garnish window is open: garnish a complete stick or pass"
    if phase == PATTERN and kind != "pattern":
        return f"first choose the pattern for stick {state.pattern_stick + 1}"
    if kind in ("place", "return") and phase != DIE_TILE:
        return "there is no die tile to place: the die did not show fruit"
    if kind in ("place", "garnish", "buy"):
        stick = fields["stick"]
        line = state.sticks[p][stick]
        if kind != "garnish" and len(line) >= C.spots:
            return f"stick {stick + 1} is full"
    if kind in ("garnish", "pass"):
        stick = fields.get("stick", 0)
        if state.drops[p] < C.garnish_cost:
            return f"garnishing costs {C.garnish_cost} drops; you have {state.drops[p]}"
        if len(state.sticks[p][stick]) < C.spots:
            return f"stick {stick + 1} is not complete"
        if state.garnished[p][stick]:
            return f"stick {stick + 1} is already garnished"
        return "you have already garnished once in this window (AMB-8)"
    if kind == "pattern":
        if phase != PATTERN:
            return "there is no completed stick waiting for a pattern"
        stick = state.sticks[p][state.pattern_stick]
        shown = " ".join(FRUIT_SYMBOL[C.fruits[C.tile_fruit[t]]] for t in stick)
        possible = [PATTERN_NAMES[o] for o in possible_patterns([C.tile_fruit[t] for t in stick], C.haw)]
        return f"stick {state.pattern_stick + 1} ({shown}) cannot make {fields['pattern']}; it can make " + (
            ", ".join(possible)
        )
    if kind == "work":
        return "you have already chosen to buy this turn: buy another tile or stop"
    if kind == "stop":
        return "you have not bought anything: work, or buy at least one tile (AMB-14)"
    if kind == "buy":
        if phase not in (ACTION, SHOP):
            return "you cannot buy now"
        space = C.spaces[fields["space"]]
        if state.store[fields["space"]] < 0:
            return f"store space {space} is empty"
        price = state.price()
        if state.coins[p] < price:
            bags = price - C.till
            return (
                f"the next tile costs {price} ({C.till} for the till + {bags} money bag{'s' * (bags != 1)}); "
                f"you have {state.coins[p]} coin{'s' * (state.coins[p] != 1)}"
            )
    return f"{action.text!r} is not legal now"


def format_stick(tiles: Sequence[dict[str, Any]]) -> str:
    return " ".join(FRUIT_SYMBOL[t["fruit"]] for t in tiles)


__all__ = ["action_label", "build_view", "describe_event", "format_stick", "prompt", "why_illegal"]
