"""What each seat may know of a Tang Hu Lu position: the view, and its declared shape.

:func:`build_view` is the information boundary (§11.4, AMB-23): everything on the table is
public except the sweet cards in other players' hands (shown only as a count until the end) and
the order of the bag and the sweet deck. :class:`TangHuLuView` is its shape, which
``fruitbowl.views`` turns into a JSON Schema that every view is checked against.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, cast

from .components import COMPONENTS as C
from .legality import OVER, PHASE_NAMES
from .patterns import PATTERN_NAMES

if TYPE_CHECKING:
    from .rules import TangHuLuState

Fruit = Literal["orange", "apple", "kiwi", "strawberry", "haw"]
Pattern = Literal["all-different", "all-same", "two-pairs"]
Phase = Literal["die_tile", "garnish", "pattern", "action", "shop", "over"]
DieFace = Literal["sugar", "coin", "fruit"]

# The names as typed (data.toml and the rules spell them; the view check holds them to these types).
FRUITS = cast(tuple[Fruit, ...], C.fruits)
PATTERNS = cast(tuple[Pattern, ...], PATTERN_NAMES)
PHASES = cast(tuple[Phase, ...], PHASE_NAMES)


class TileView(TypedDict):
    id: str  # the tile's printed name, "kiwi_07"
    fruit: Fruit
    stars: int  # as it lies: a sugared (garnished) tile shows its back, worth the garnish bonus more
    pink: bool  # sugared


class StickView(TypedDict):
    tiles: list[TileView]  # bottom first
    complete: bool
    garnished: bool


class PlayerView(TypedDict):
    seat: int
    coins: int
    drops: int
    income: int  # what working pays now: the coin icons its sticks leave uncovered
    tile_stars: int
    sweet_cards: int  # how many (everyone sees the count)
    sticks: list[StickView]
    turns: int
    sweet_card_stars: NotRequired[list[int]]  # the viewer's own hand, and every hand once the game is over


class BagCount(TypedDict):
    fruit: Fruit
    stars: int
    count: int


class BagView(TypedDict):
    size: int
    contents: list[BagCount]  # what is left in the bag (public), by fruit and stars; never its order


class PatternChoice(TypedDict):
    stick: int
    patterns: list[Pattern]


class Breakdown(TypedDict):
    tiles: int
    sweets: int
    king: int


class Standings(TypedDict):
    """``Result.to_json()`` of a Tang Hu Lu game."""

    scores: list[int]
    winners: list[int]
    places: list[int]
    categories: list[str]
    breakdown: list[Breakdown]
    tiebreak_names: list[str]
    tiebreaks: list[list[int]]
    truncated: bool


class CoinReward(TypedDict):
    coins: int


class CardReward(TypedDict):
    sweet_cards: int


class CardAndDropReward(TypedDict):
    sweet_cards: int
    drops: int


Rewards = TypedDict("Rewards", {"all-different": CoinReward, "all-same": CardReward, "two-pairs": CardAndDropReward})


class Values(TypedDict):
    """The printed numbers a front end tells players (from ``data.toml``), so none hard-codes them."""

    coin_cap: int
    garnish_cost: int
    garnish_bonus: int
    king_stars: int
    drops: int
    sweet_cards: int
    spots: int
    sticks: int
    till: int
    rewards: Rewards


class TangHuLuView(TypedDict):
    """Everything one seat (or a spectator: ``viewer`` null) may know of a position."""

    game: Literal["tanghulu"]
    viewer: int | None
    num_players: int
    phase: Phase
    current_player: int  # -1 once the game is over
    roller: int  # whose turn it is (another seat may be deciding, in a garnish window)
    first_player: int
    round: int
    die: DieFace | None
    die_tile: TileView | None  # the die's fruit tile waiting to be placed
    purchases: int  # this turn
    price: int  # of the next tile
    store: list[TileView | None]  # per store space; null when empty
    store_spaces: list[str]
    money_bags: list[int]  # per store space: added to the price while it is empty
    coin_icons: list[int]  # coins printed under spots 1–4 of every stick, paid while uncovered
    bag: BagView
    drop_stock: int
    sweet_deck: int
    players: list[PlayerView]
    pattern_choice: PatternChoice | None
    end_triggered: bool
    standings: Standings | None  # once the game is over
    values: Values


def tile_json(tile: int, pink: bool = False) -> TileView:
    return {
        "id": C.tile_ids[tile],
        "fruit": FRUITS[C.tile_fruit[tile]],
        "stars": C.tile_stars[tile] + (C.garnish_bonus if pink else 0),
        "pink": pink,
    }


def build_view(state: TangHuLuState, seat: int | None) -> TangHuLuView:
    """Everything ``seat`` may know; ``None`` is a spectator. JSON-ready."""
    over = state.phase == OVER
    players: list[PlayerView] = []
    for p in range(state.num_players):
        sticks: list[StickView] = []
        for s, stick in enumerate(state.sticks[p]):
            pink = state.garnished[p][s]
            sticks.append(
                {"tiles": [tile_json(t, pink) for t in stick], "complete": len(stick) == C.spots, "garnished": pink}
            )
        player: PlayerView = {
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
    bag = Counter((FRUITS[C.tile_fruit[t]], C.tile_stars[t]) for t in state.bag)
    return {
        "game": "tanghulu",
        "viewer": seat,
        "num_players": state.num_players,
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "roller": state.roller,
        "first_player": state.first,
        "round": state.round,
        "die": cast(DieFace, state.die) if state.die else None,
        "die_tile": tile_json(state.die_tile) if state.die_tile >= 0 else None,
        "purchases": state.bought,
        "price": state.price(),
        "store": [tile_json(t) if t >= 0 else None for t in state.store],
        "store_spaces": list(C.spaces),
        "money_bags": list(C.money_bags),
        "coin_icons": list(C.coin_icons),
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
            {"stick": state.pattern_stick, "patterns": [PATTERNS[p] for p in state.pattern_options]}
            if state.pattern_options
            else None
        ),
        "end_triggered": state.end_triggered,
        "standings": cast(Standings, state.standings().to_json()) if over else None,
        "values": component_values(),
    }


def component_values() -> Values:
    """The printed numbers a front end tells players (from ``data.toml``), so none hard-codes them."""
    return {
        "coin_cap": C.coin_cap,
        "garnish_cost": C.garnish_cost,
        "garnish_bonus": C.garnish_bonus,
        "king_stars": C.king_stars,
        "drops": C.drops,
        "sweet_cards": len(C.sweet_stars),
        "spots": C.spots,
        "sticks": C.sticks,
        "till": C.till,
        "rewards": {
            "all-different": {"coins": C.all_different_coins},
            "all-same": {"sweet_cards": C.all_same_sweet_cards},
            "two-pairs": {"sweet_cards": C.two_pairs_sweet_cards, "drops": C.two_pairs_drops},
        },
    }
