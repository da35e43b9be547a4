"""Set-up, turn order and final scoring, checked against the rulebook on real games.

The set-up tests look at a real ``new_state`` for 3 and 4 players only through its views and
legal actions. The scoring tests replay many random games and recompute everything a player
could count at the table — coins, drops, prices, income, rewards, stars, the Crystal Sugar King
and the winner — from the public events and the final public view, with code written here from
the rulebook (shared/seeds/004) and the raw ``data.toml`` values, never the engine's helpers.
"""

from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import pytest

import fruitbowl.games.tanghulu as tanghulu_package
from fruitbowl.engine import Event, get_game
from fruitbowl.games.tanghulu.rules import TangHuLu

from .positions import new_position, script, set_board, set_drops, table, to_turn

GAME = cast(TangHuLu, get_game("tanghulu"))  # (typed: the tests read its states' fields)
DATA = tomllib.loads((Path(tanghulu_package.__file__).parent / "data.toml").read_text(encoding="utf-8"))
FRUITS = DATA["fruits"]["ordinary"]
HAW = DATA["fruits"]["haw"]
START_COINS = DATA["supplies"]["start_coins"]
START_DROPS = DATA["supplies"]["start_drops"]
ALL_DROPS = DATA["supplies"]["drops"]
CAP = DATA["supplies"]["coin_cap"]
GARNISH_COST = DATA["supplies"]["garnish_cost"]
KING = DATA["supplies"]["king_stars"]
SWEET_CARDS = len(DATA["sweet_cards"]["stars"])
ICONS = DATA["board"]["coin_icons"]
STICKS, SPOTS = DATA["sticks"]["per_board"], DATA["sticks"]["spots"]
TILL, BAGS = DATA["supplies"]["till"], DATA["store"]["money_bags"]
SPACES = len(DATA["store"]["spaces"])
REWARDS = DATA["rewards"]
TILES = len(FRUITS) * DATA["fruits"]["per_fruit"] + DATA["fruits"]["haws"]


# ------------------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 4, 10, 13, 15])
def test_setup_for_three_and_four_players_follows_the_rulebook(players, seed):
    """Set-up: "draw 4 tiles to put in the spaces on the fruit store. Place the tiles so that
    they show the white side"; "Put the coin marker on the number FIVE (each player starts with
    5 coins). Then, each player takes 2 crystal sugar drops"; "Shuffle the 20 sweet cards and
    pile them up a face down stack"; "The remaining crystal sugar drops … are also placed in the
    center"; "Deal the First Player Marker to the youngest player" (seat 1 by default); and
    "First of all, the current player must roll the custom dice and applies its effect"."""
    state = table(players, seed)
    view = state.view(None)
    die = view["die"]
    assert die in ("sugar", "coin", "fruit")
    assert view["num_players"] == players and len(view["players"]) == players
    assert view["first_player"] == 0 and view["roller"] == 0 and view["round"] == 1
    assert len(view["store"]) == SPACES == 4
    assert all(tile is not None and not tile["pink"] for tile in view["store"])
    drawn_by_die = 1 if view["die_tile"] is not None else 0
    assert view["bag"]["size"] == TILES - 4 - drawn_by_die == 54 - 4 - drawn_by_die
    assert view["sweet_deck"] == SWEET_CARDS == 20
    assert view["purchases"] == 0 and view["price"] == TILL
    for player in view["players"]:
        seat = player["seat"]
        roller_bonus_coin = 1 if seat == 0 and die == "coin" else 0
        roller_bonus_drop = 1 if seat == 0 and die == "sugar" else 0
        assert player["coins"] == START_COINS + roller_bonus_coin == 5 + roller_bonus_coin
        assert player["drops"] == START_DROPS + roller_bonus_drop == 2 + roller_bonus_drop
        assert player["sweet_cards"] == 0 and player["turns"] == 0
        assert [len(stick["tiles"]) for stick in player["sticks"]] == [0] * STICKS == [0, 0, 0]
        assert player["income"] == STICKS * sum(ICONS)
    # "The remaining crystal sugar drops" are the stock: 30 - 2 per player (less the roller's drop).
    assert (
        view["drop_stock"]
        == ALL_DROPS - START_DROPS * players - (die == "sugar")
        == 30 - 2 * players - (die == "sugar")
    )
    # Nobody has a complete stick, so a sugar roll's garnish window asks nobody: seat 1 decides.
    assert state.current_player == 0
    legal = [a.text for a in state.legal_actions()]
    if die == "fruit":
        assert legal == ["place 1", "place 2", "place 3", "return"]
    else:  # work, or buy any of the 4 store tiles onto any of the 3 empty sticks for 1 coin
        assert legal[0] == "work" and len(legal) == 1 + 4 * 3
    # Everyone else sees the same public table; hidden values stay hidden.
    for seat in range(players):
        mine = state.view(seat)
        assert mine["store"] == view["store"] and mine["drop_stock"] == view["drop_stock"]


def test_every_opening_face_shows_in_setups_of_three_and_four():
    """ "The player rolls the custom dice and gets the depicted bonus": over a few seeds each of
    the three bonuses opens a game, so the set-up test above saw each of them."""
    faces = {table(players, seed).view(None)["die"] for players in (3, 4) for seed in (0, 1, 2, 4, 10, 13, 15)}
    assert faces == {"sugar", "coin", "fruit"}


@pytest.mark.parametrize("players", [3, 4])
def test_play_passes_to_the_left_and_the_first_player_can_be_chosen(players):
    """ "The player in turn performs their actions, then the player on their left and so on in
    clockwise direction." The first-player marker is a set-up option (the youngest player)."""
    state = table(players, 5, {"first_player": 2})
    assert state.view(None)["first_player"] == 1
    order = []
    rng = random.Random(5)
    while len(order) < 2 * players + 1:
        view = state.view(None)
        if not order or order[-1] != view["roller"]:
            order.append(view["roller"])
        state.apply(rng.choice(state.legal_actions()))
    assert order == [(1 + k) % players for k in range(2 * players + 1)]


# ------------------------------------------------------------------------------------- scoring


def front_stars(tile_id: str) -> int:
    """A tile's printed front stars, read from data.toml by its id (``kiwi_07``, ``haw_3``)."""
    fruit, number = tile_id.rsplit("_", 1)
    table = DATA["tile_stars"]["haw" if fruit == HAW else "ordinary"]
    return int(table[int(number) - 1])


def fruit_of(tile_id: str) -> str:
    return tile_id.rsplit("_", 1)[0]


def patterns_by_brute_force(fruits: Sequence[str]) -> set[str]:
    """ "For all the patterns, the haw fruit acts as a wild": try every fruit for every haw."""
    found = set()
    haws = [i for i, f in enumerate(fruits) if f == HAW]
    for choice in itertools.product(FRUITS, repeat=len(haws)):
        stick = list(fruits)
        for index, fruit in zip(haws, choice, strict=True):
            stick[index] = fruit
        counts = sorted(Counter(stick).values())
        if counts == [1, 1, 1, 1]:
            found.add("all-different")
        if counts == [4]:
            found.add("all-same")
        if counts == [2, 2]:
            found.add("two-pairs")
    return found


class Ledger:
    """The table as a careful player tracks it from what everyone sees, rule by rule."""

    def __init__(self, players: int, first: int):
        self.n, self.first = players, first
        self.coins = [START_COINS] * players
        self.drops = [START_DROPS] * players
        self.stock = ALL_DROPS - START_DROPS * players
        self.deck = SWEET_CARDS
        self.cards = [0] * players
        self.placed = [[0] * STICKS for _ in range(players)]
        self.garnished: set[tuple[int, int]] = set()
        self.completed: list[tuple[int, int, set[str]]] = []
        self.store_full = [False] * SPACES
        self.turns: list[int] = []
        self.bought = 0
        self.rewards: dict[tuple[int, int], str] = {}

    def gain_coins(self, seat: int, amount: int) -> int:
        """ "If you already reached the space with 9, then you can not get more." """
        gained = min(amount, CAP - self.coins[seat])
        self.coins[seat] += gained
        return gained

    def gain_drops(self, seat: int, amount: int) -> int:
        gained = min(amount, self.stock)
        self.stock -= gained
        self.drops[seat] += gained
        return gained

    def income(self, seat: int) -> int:
        """ "as many coins as the coins showed on his personal board, where the spaces are not
        covered by fruit tiles yet" """
        return sum(sum(ICONS[count:]) for count in self.placed[seat])

    def price(self) -> int:
        """ "the total of coin bags showed on those free spaces … then plus the fixed cost of 1
        coin depicted on the POS" """
        return TILL + sum(bags for bags, full in zip(BAGS, self.store_full, strict=True) if not full)

    def see(self, event: Event) -> None:
        d, kind = event.for_viewer(None), event.kind
        seat = -1 if event.actor is None else event.actor  # (table events have no actor and use no seat)
        if kind == "turn":
            self.turns.append(seat)
            self.bought = 0
        elif kind == "refill":
            for space, _tile in d["tiles"]:
                assert not self.store_full[space]
                self.store_full[space] = True
        elif kind == "coins":
            assert d["amount"] == 1 and d["gained"] == self.gain_coins(seat, 1)
        elif kind == "drops":
            assert d["amount"] == 1 and d["gained"] == self.gain_drops(seat, 1)
            if d["reason"] == "single purchase":
                # "If the player buys only 1 fruit tile in his turn, they also receive 1 crystal sugar drop."
                assert self.bought == 1
        elif kind == "work":
            assert d["income"] == self.income(seat)
            assert d["gained"] == self.gain_coins(seat, d["income"])
        elif kind == "buy":
            assert d["price"] == self.price() <= self.coins[seat]
            self.coins[seat] -= d["price"]
            self.store_full[d["space"]] = False
            self.bought += 1
        elif kind == "place":
            stick = d["stick"]
            # "the tile must be put on the lower blank spot on that stick which you have chosen"
            assert d["spot"] == self.placed[seat][stick] + 1 <= SPOTS
            self.placed[seat][stick] += 1
        elif kind == "complete":
            assert self.placed[seat][d["stick"]] == SPOTS
            self.completed.append((seat, d["stick"], set(d["patterns"])))
        elif kind == "reward":
            self._reward(seat, d)
        elif kind == "garnish":
            # "spend 4 crystal sugar drops (return them to the general stock) to garnish 1 complete fruit stick"
            assert self.placed[seat][d["stick"]] == SPOTS and (seat, d["stick"]) not in self.garnished
            assert d["cost"] == GARNISH_COST <= self.drops[seat]
            self.drops[seat] -= GARNISH_COST
            self.stock += GARNISH_COST
            self.garnished.add((seat, d["stick"]))

    def _reward(self, seat: int, d: dict[str, Any]) -> None:
        pattern = d["pattern"]
        self.rewards[(seat, d["stick"])] = pattern
        if pattern == "all-different":
            assert d["coins"] == self.gain_coins(seat, REWARDS["all_different_coins"])
            return
        wanted = REWARDS["all_same_sweet_cards" if pattern == "all-same" else "two_pairs_sweet_cards"]
        cards = min(wanted, self.deck)
        assert d["sweet_cards"] == cards
        self.deck -= cards
        self.cards[seat] += cards
        if pattern == "two-pairs":
            assert d["drops"] == self.gain_drops(seat, REWARDS["two_pairs_drops"])


def score_table(view: dict[str, Any], ledger: Ledger) -> tuple[list[int], list[int], list[int], list[int]]:
    """Stars per player from the final public view (a: tiles, b: sweet cards, c: the King),
    with the garnished sticks the ledger saw; then places and winners by stars, then coins."""
    players = view["players"]
    tile_stars = []
    for player in players:
        stars = 0
        for s, stick in enumerate(player["sticks"]):
            pink = (player["seat"], s) in ledger.garnished
            assert stick["garnished"] == pink
            for tile in stick["tiles"]:
                value = front_stars(tile["id"]) + (1 if pink else 0)  # "1 star more on the back side"
                assert tile["stars"] == value and tile["pink"] == pink
                stars += value
        tile_stars.append(stars)
    sweets = [sum(player["sweet_card_stars"]) for player in players]
    most = max(ledger.drops)
    # "The player with the most crystal sugar drops remaining is the Crystal Sugar King …
    # worth 2 stars. In case of a tie, no player obtains this marker."
    king = [KING if d == most and ledger.drops.count(most) == 1 else 0 for d in ledger.drops]
    totals = [t + s + k for t, s, k in zip(tile_stars, sweets, king, strict=True)]
    # "The player with the most stars … is the winner. The coins remaining … are the tie breaker."
    keys = [(totals[p], ledger.coins[p]) for p in range(len(players))]
    places = [1 + sum(other > key for other in keys) for key in keys]
    winners = [p for p in range(len(players)) if places[p] == 1]
    return totals, king, places, winners


def play_and_check(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    state = table(players, seed, options or {})
    first = state.view(None)["first_player"]
    ledger = Ledger(players, first)
    triggered_in: int | None = None
    for event in state.setup_events:
        ledger.see(event)
    rng = random.Random(seed)
    while not state.is_terminal():
        for event in state.apply(rng.choice(state.legal_actions())):
            ledger.see(event)
            if event.kind == "end_triggered":
                triggered_in = len(ledger.turns) - 1
    view = state.view(None)
    # "continue playing until each other player finishes their last turn, so that each player
    # has played the same number of turns"
    assert triggered_in is not None
    per_seat = Counter(ledger.turns)
    assert len(set(per_seat.values())) == 1 and len(per_seat) == players
    assert ledger.turns[-1] == (first - 1) % players
    assert len(ledger.turns) - triggered_in <= players  # nobody plays past the trigger's round
    for player in view["players"]:
        seat = player["seat"]
        assert (player["coins"], player["drops"], player["sweet_cards"]) == (
            ledger.coins[seat],
            ledger.drops[seat],
            ledger.cards[seat],
        )
        assert len(player["sweet_card_stars"]) == ledger.cards[seat]  # "Reveal all the sweet cards"
        for s, stick in enumerate(player["sticks"]):
            assert len(stick["tiles"]) == ledger.placed[seat][s]
    assert view["drop_stock"] == ledger.stock and view["sweet_deck"] == ledger.deck
    # "When you complete a stick, immediately receive a bonus according to the pattern"
    for seat, s, patterns in ledger.completed:
        fruits = [fruit_of(t["id"]) for t in view["players"][seat]["sticks"][s]["tiles"]]
        assert patterns == patterns_by_brute_force(fruits)
        assert (ledger.rewards.get((seat, s)) in patterns) if patterns else (seat, s) not in ledger.rewards
    totals, king, places, winners = score_table(view, ledger)
    standings = view["standings"]
    assert standings["scores"] == totals
    assert [b["king"] for b in standings["breakdown"]] == king
    assert standings["places"] == places and standings["winners"] == winners
    result = state.result()
    assert list(result.winners) == winners and list(result.scores) == totals
    return {"king": any(king), "tied_drops": not any(king), "coin_tiebreak": _coin_tiebreak(totals)}


def _coin_tiebreak(totals: list[int]) -> bool:
    """Did the lead in stars tie, so that coins had to decide?"""
    best = max(totals)
    return sum(t == best for t in totals) > 1


def test_scores_and_winners_recomputed_from_public_views_in_random_games():
    """Final scoring a, b and c, the King tie rule and the coin tie-break, over many random
    games of 2, 3 and 4 players (and the option sets that change the flow)."""
    seen: Counter[str] = Counter()
    games = 0
    for players in (2, 3, 4):
        for seed in range(40):
            options = {"multi_garnish": True} if seed % 4 == 1 else {"random_first": True} if seed % 4 == 2 else {}
            outcome = play_and_check(players, seed, options)
            seen.update(key for key, happened in outcome.items() if happened)
            games += 1
    assert seen["king"] and seen["tied_drops"] and seen["coin_tiebreak"], seen


def _last_round_with(drops: list[int]) -> dict[str, Any]:
    """Three players holding ``drops``; seat 2 fills its 12th spot with the die's tile (a stick
    that pays nothing), seat 3 rolls a coin and works, and the game ends: the final view."""
    state = new_position(players=3)
    set_board(state, 0, "O A K S", "K K K K", "")
    set_board(state, 1, "O A K S", "A A S S", "O O O")
    set_board(state, 2, "S", "", "")
    for seat, count in enumerate(drops):
        set_drops(state, seat, count)
    to_turn(state, 1, "fruit", draw="K")  # seat 1 works first (no die), then seat 2 rolls fruit
    events = state.apply("place 3")  # O O O K: three of a kind and one other pays nothing
    assert [e.kind for e in events] == ["place", "end_triggered", "complete"]
    script(state, "coin")
    state.apply("work")
    assert state.view(None)["current_player"] == 2
    state.apply("work")
    assert state.is_terminal()
    view = state.view(None)
    assert [p["drops"] for p in view["players"]] == drops
    return view


def test_nobody_is_king_when_everyone_ends_with_no_drops():
    """ "The player with the most crystal sugar drops remaining is the Crystal Sugar King …
    In case of a tie, no player obtains this marker." — a tie at 0 drops included."""
    view = _last_round_with([0, 0, 0])
    standings = view["standings"]
    assert [b["king"] for b in standings["breakdown"]] == [0, 0, 0]
    assert standings["scores"] == [b["tiles"] + b["sweets"] for b in standings["breakdown"]]


@pytest.mark.parametrize(
    ("drops", "king"),
    [([3, 3, 1], [0, 0, 0]), ([0, 2, 2], [0, 0, 0]), ([4, 3, 1], [KING, 0, 0]), ([0, 0, 1], [0, 0, KING])],
)
def test_the_king_needs_strictly_the_most_drops(drops, king):
    """ "In case of a tie, no player obtains this marker"; a single leader, even with 1 drop
    against 0, is the Crystal Sugar King and "obtains the … marker, which is worth 2 stars"."""
    standings = _last_round_with(drops)["standings"]
    assert [b["king"] for b in standings["breakdown"]] == king
    assert standings["scores"] == [b["tiles"] + b["sweets"] + b["king"] for b in standings["breakdown"]]
