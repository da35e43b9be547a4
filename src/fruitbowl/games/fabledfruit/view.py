"""What each seat sees of a Fabled Fruit game (the information boundary), and the view's shape, typed.

``state.view(seat)`` is everything a board renderer needs, JSON-ready; :class:`FabledFruitView` and
the ``TypedDict`` s it nests declare every key it has (``Game.view_type``, from which
``fruitbowl.views`` derives the JSON Schema the conformance kit checks every view against).

Hidden: the draw stack's order (only its size is shown), other players' hands and saved fruits
(their sizes are shown; every hand once the game is over), the fruits a player looks at alone
(#35: ``looking_at``, the looker only) and a peeked hand (#31: ``peek``, the peeker only). The big
stack's top card is public (the campaign deck is presorted, §2.6). Lime keys are ``None`` in a base
game; a player's Lime keys are present only in a Lime game.

Fruit names are the card kinds: ``banana`` or, for a fruit-mix card, ``banana/strawberry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NotRequired, Required, TypedDict, cast, get_args

from fruitbowl.engine.game import CHANCE
from fruitbowl.engine.result import Result
from fruitbowl.engine.wording import _

from . import actions as A
from .components import COMPONENTS as C
from .fruits import KIND_NAME, NUM_KINDS

if TYPE_CHECKING:
    from .rules import FabledFruitState

# ---------------------------------------------------------------------- closed sets of words

#: The decision waited on: the turn's steps (§2.3, §2.5, §2.9.3), a location's choices, the Lime ones (§3).
DecisionKind = Literal[
    "move", "thief_pay", "occupant_pay", "act_or_buy", "pay", "extra_turn", "player", "name", "choose", "thief",
    "give", "discard", "put", "take", "save", "offer", "accept", "limeask", "return", "juice",
]  # fmt: skip
#: Where a ``take`` takes from: the market, the discard pile, the fruit-mix supply, the chosen
#: player's hand (#31), or the cards revealed by the current action.
Zone = Literal["market", "discard", "supply", "hand", "buf"]
#: Why the game ended (§2.10): at the end of the round, at once (option ``immediate_end``), an
#: empty display, or cut short by the round limit (option ``max_rounds``) or the action limit
#: (option ``action_limit``).
EndedBy = Literal["end_of_round", "immediate", "empty_display", "round_limit", "action_limit"]

#: The view's name of each step kind (most keep their own name).
STEP_NAMES: dict[str, DecisionKind] = {
    "move": "move",
    "tpay": "thief_pay",
    "opay": "occupant_pay",
    "actbuy": "act_or_buy",
    "pay": "pay",
    "extra": "extra_turn",
}
_DECISION: dict[str, DecisionKind] = {
    **{kind: kind for kind in get_args(DecisionKind)},
    **STEP_NAMES,
}


# ---------------------------------------------------------------------- the view's shape


class PlayerView(TypedDict):
    seat: int
    position: int  # the location the animal stands on; 0 = off the display
    hand_size: int
    hand: NotRequired[dict[str, int]]  # the viewer's own hand; everybody's once the game is over
    juices: list[int]  # locations bought as fabled juices
    fruit_tokens: list[str]  # the types of the fruit tokens held
    wild: int
    double: int
    double_usable: int  # double turn tokens the active player may return now (not taken this turn)
    saved_count: NotRequired[int]  # Lime (#6L)
    saved: NotRequired[dict[str, int]]  # Lime: own; everybody's once over
    gambling: NotRequired[int]  # Lime (#12L)
    coat: NotRequired[bool]  # Lime (#10L): wears the camouflage coat


class StackView(TypedDict):
    """A stack of the display, in display order."""

    location: int
    label: str  # "7", "1L"
    name: str
    cards: int
    price: str  # letters and '*' (a smoothie: any fruit), as printed
    action: str
    signpost: bool
    market: bool
    animals: list[int]  # seats standing here
    thief: bool  # the thief (or, in a Lime game, one of its two stacks) is next to it


class BigStackView(TypedDict):
    cards: int
    top: int | None  # the next card's location (the deck is presorted)


class PeekView(TypedDict):
    """#31: the hand the active player looks at (the peeker only)."""

    player: int
    hand: dict[str, int]


class PaymentView(TypedDict):
    location: int
    price: str
    chosen: list[str]  # payment units so far ("banana", "wild", "banana token", "saved banana")
    gambling: NotRequired[int]  # #12L: gambling tokens returned (their reveals are "revealed")


class OfferView(TypedDict):
    seat: int
    fruits: dict[str, int]
    done: bool


class OfferRoundView(TypedDict):
    """#11L's open offer round (offers are face up)."""

    limes: int
    offers: list[OfferView]


#: The decision waited on and who decides, with what the step names ("from" is a keyword, so
#: the functional form).
DecisionView = TypedDict(
    "DecisionView",
    {
        "kind": Required[DecisionKind],
        "seat": Required[int],
        "occupants": list[int],  # occupant_pay: the seats still to pay
        "players": list[int],  # player: the seats to choose from
        "filter": str,  # name / card steps: a type letter or a named rule ("" for none)
        "choices": list[str],  # choose: the texts of the choices
        "to": int,  # give: the receiving seat
        "optional": bool,  # card steps: "done" ends it
        "zone": Zone,  # take
        "from": int,  # take from a hand: whose
        "chosen": list[int],  # thief V2.0: the stacks chosen so far
        "stacks": int,  # thief V2.0: how many stacks it takes
        "limes": int,  # offer: the limes in the centre
        "lime_pile": int,  # limeask
        "returned": int | None,  # return / juice: the juice returned
    },
    total=False,
)


class Breakdown(TypedDict):
    juices: int


class Standings(TypedDict):
    """``Result.to_json()`` of a Fabled Fruit game (most juices wins, then most fruits in hand)."""

    scores: list[int]
    winners: list[int]
    places: list[int]
    categories: list[str]
    breakdown: list[Breakdown]
    tiebreak_names: list[str]
    tiebreaks: list[list[int]]
    truncated: bool


class FabledFruitView(TypedDict):
    game: Literal["fabledfruit"]
    viewer: int | None  # None: a spectator
    num_players: int
    current_player: int  # -1 when over
    active_player: int  # whose turn it is; -1 when over
    start_player: int
    round: int
    game_number: int  # within the campaign
    target: int  # fabled juices that end the game (§2.10)
    decision: DecisionView | None  # None when over
    display: list[StackView]
    big_stack: BigStackView
    draw_stack: int
    discard: dict[str, int]
    market: dict[str, int] | None  # None until a market location enters play
    market_pending: list[str]  # given in a market swap, not yet in the market
    fruit_mix_supply: list[str] | None
    thief: int | None  # None: not in play; 0: in play, next to no stack; else a location
    fruit_tokens: dict[str, int] | None  # holder seat per type, -1 in the pool
    wild_pool: int | None
    double_pool: int | None
    revealed: list[str]  # the face-up cards of the current action
    looking_at: list[str]  # #35: the cards the active player looks at (the looker only)
    peek: PeekView | None
    payment: PaymentView | None
    players: list[PlayerView]
    lime: bool
    lime_pile: int | None  # Lime keys are None in a base game
    coat: int | None  # holder seat, -1 in the pool
    gambling_pool: int | None
    gambling_reveals: int | None  # fruits revealed per gambling token
    thief_stacks: list[int] | None
    offer_round: OfferRoundView | None
    end_triggered: bool
    ended_by: EndedBy | None
    standings: Standings | None  # once the game is over


# ---------------------------------------------------------------------- the view


def counts(vector: Sequence[int]) -> dict[str, int]:
    """A count vector by card kind as ``{fruit: count}`` (kinds held only)."""
    return {KIND_NAME[k]: vector[k] for k in range(NUM_KINDS) if vector[k]}


def build_view(s: FabledFruitState, seat: int | None) -> FabledFruitView:
    """Everything ``seat`` may know; ``None`` is a spectator. JSON-ready."""
    over = s.over
    players: list[PlayerView] = []
    for p in range(s.num_players):
        player: PlayerView = {
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
    display: list[StackView] = []
    for loc in s.stacks:
        info = C.locations[loc]
        display.append(
            {
                "location": loc,
                "label": info.label,
                "name": _(info.name),  # (in the reader's language: the names are marked in words.py)
                "cards": s.counts[loc],
                "price": info.price,
                "action": _(info.action),
                "signpost": info.signpost,
                "market": info.market,
                "animals": [p for p in range(s.num_players) if s.pos[p] == loc],
                "thief": loc in (s.thief, s.thief2),
            }
        )
    size = len(s.deck)
    payment: PaymentView | None = None
    if not over and s.steps and s.steps[0][0] == "pay":
        payment = {
            "location": s.pos[s.active],
            "price": C.locations[s.pos[s.active]].price,
            "chosen": [A.unit_name(u) for u in s.paying],
        }
        if s.gambling:
            payment["gambling"] = s.gambling
    return {
        "game": "fabledfruit",
        "viewer": seat,
        "num_players": s.num_players,
        "current_player": s.current_player,
        "active_player": s.active if not over else -1,
        "start_player": s.start,
        "round": s.round,
        "game_number": s.options["game_number"],
        "target": C.targets[s.num_players],
        "decision": None if over or s.current_player == CHANCE else _decision(s),  # (a chance node: nobody decides)
        "display": display,
        "big_stack": {"cards": size - s.top, "top": s.deck[s.top] if s.top < size else None},
        "draw_stack": sum(s.draw),
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
        "payment": payment,
        "players": players,
        "lime": s.lime,
        "lime_pile": s.limes if s.lime else None,
        "coat": s.coat if s.coat >= -1 else None,
        "gambling_pool": s.gamble_pool if s.gamble is not None else None,
        "gambling_reveals": C.lime.gambling_reveals if s.lime else None,
        "thief_stacks": [loc for loc in (s.thief, s.thief2) if loc > 0] if s.lime else None,
        "offer_round": _offer_round(s),
        "end_triggered": s.end_triggered,
        "ended_by": cast(EndedBy, s.ended_by) if s.ended_by else None,
        "standings": _standings(s.standings()) if over else None,
    }


def _standings(result: Result) -> Standings:
    return cast(Standings, result.to_json())


def _offer_round(s: FabledFruitState) -> OfferRoundView | None:
    """#11L's open offer round: the limes in the centre and the face-up offers so far."""
    if s.offers is None:
        return None
    waiting = {step[1] for step in s.steps if step[0] == "offer"}
    offers: list[OfferView] = [
        {"seat": q, "fruits": counts(s.offers[q]), "done": q not in waiting} for q in s.others(s.active)
    ]
    return {"limes": s.centre, "offers": offers}


def _decision(s: FabledFruitState) -> DecisionView:
    step = s.steps[0]
    kind = step[0]
    out: DecisionView = {"kind": _DECISION[kind], "seat": s.current_player}
    if kind == "opay":
        out["occupants"] = list(step[1:])
    elif kind == "player":
        out["players"] = sorted(step[1])
    elif kind == "name":
        out["filter"] = step[1]
    elif kind == "choose":
        out["choices"] = [A.ACTION_TABLE[c].text for c in step[1:]]
    elif kind == "give":
        out["to"], out["filter"], out["optional"] = step[2], step[3], step[4]
    elif kind in ("discard", "put"):
        out["filter"], out["optional"] = step[2], step[3]
    elif kind == "take":
        out["zone"], out["filter"], out["optional"] = step[1], step[2], step[3]
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


__all__ = ["STEP_NAMES", "FabledFruitView", "build_view", "counts"]
