"""Readable Tang Hu Lu positions for tests.

Every position starts from a real ``new_state`` and then sets only the fields a worked example
gives, always by *moving* components (tiles from the bag or store, drops from the stock, sweet
cards from the deck), so that the conservation invariants still hold. Chance is steered, never
bypassed: a :class:`SteeredState` resolves the chance nodes its moves lead to at once (as a
table's dealer does), with the die faces and bag draws a test asks for; every other draw comes
from a seeded dealer.

Tiles are written as a letter and an optional front-star digit: ``"O"`` (any orange), ``"K2"``
(a 2★ kiwi), ``"H"`` (a haw). A stick is a space-separated list, bottom first: ``"O A K"``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, cast

import pytest

from fruitbowl.engine import Action, Event, IllegalAction, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.rules import (
    ACTION,
    CHANCE_TABLE,
    DIE_DRAW,
    FACES,
    REFILL_DRAW,
    ROLL,
    SWEET_DRAW,
    SWEET_OUTCOME,
    TILE_OUTCOME,
    TangHuLu,
    TangHuLuState,
)

GAME = cast(TangHuLu, get_game("tanghulu"))  # (typed: the tests read its states' fields)
LETTER = {"O": "orange", "A": "apple", "K": "kiwi", "S": "strawberry", "H": "haw"}


def opening(players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> TangHuLuState:
    """A new game as a table deals it with this seed: its opening chance nodes resolved (their
    events follow the setup's in ``setup_events``, as a record's opening has them)."""
    state = GAME.new_state(players, seed, options)
    for _outcome, events in Dealer(seed).settle(state):
        state.setup_events += events
    return state


class SteeredState(TangHuLuState):
    """A state whose moves resolve the chance nodes they lead to at once, as a table's dealer
    does: queued die faces (``faces``), bag draws (``draws``, tile ids) and sweet card draws
    (``cards``) first, every other outcome from a seeded dealer.

    A queued draw is taken by the next draw from the bag of any kind (a store refill or the
    die), so tests queue one only when that next draw is the one they mean.
    """

    __slots__ = ("cards", "dealer", "draws", "faces")
    faces: list[str]  # die faces to roll, in order
    draws: list[int]  # tiles to draw from the bag, in order
    cards: list[int]  # sweet cards to draw, in order
    dealer: Dealer  # every other outcome

    def apply(self, action: Action | int | str) -> list[Event]:
        events = TangHuLuState.apply(self, action)
        while self.chance:
            events += TangHuLuState.apply(self, self._steered())
        return events

    def _steered(self) -> Action:
        if self.chance == ROLL and self.faces:
            return CHANCE_TABLE[FACES.index(self.faces.pop(0))]
        if self.chance in (DIE_DRAW, REFILL_DRAW) and self.draws:
            return CHANCE_TABLE[TILE_OUTCOME + self.draws.pop(0)]
        if self.chance == SWEET_DRAW and self.cards:
            return CHANCE_TABLE[SWEET_OUTCOME + self.cards.pop(0)]
        return self.dealer.draw(self)

    def clone(self) -> SteeredState:
        c = super().clone()
        c.faces, c.draws, c.cards, c.dealer = list(self.faces), list(self.draws), list(self.cards), self.dealer.copy()
        return c


def table(players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> SteeredState:
    """A new game as a table plays it: dealt by the dealer seeded with ``seed``, and every move's
    chance resolved by it at once (:class:`SteeredState`)."""
    return steer(opening(players, seed, options), seed)


def steer(state: TangHuLuState, seed: int = 0) -> SteeredState:
    """The same position as a :class:`SteeredState` (nothing queued yet)."""
    steered = SteeredState.__new__(SteeredState)
    for name in TangHuLuState.__slots__:
        if hasattr(state, name):
            setattr(steered, name, getattr(state, name))
    steered.faces, steered.draws, steered.cards, steered.dealer = [], [], [], Dealer(seed)
    return steered


# ---------------------------------------------------------------------------------- tiles


def _matches(tile: int, spec: str) -> bool:
    fruit = C.fruits.index(LETTER[spec[0]])
    return C.tile_fruit[tile] == fruit and (len(spec) == 1 or C.tile_stars[tile] == int(spec[1:]))


def _into_bag(state: TangHuLuState, spec: str) -> int:
    """A tile matching ``spec`` that is in the bag, swapping it out of the store if need be."""
    for tile in sorted(state.bag):
        if _matches(tile, spec):
            return tile
    for space, tile in enumerate(state.store):
        if tile >= 0 and _matches(tile, spec):
            spare = min(t for t in state.bag if not _matches(t, spec))
            state.bag.remove(spare)
            state.store[space] = spare
            insort(state.bag, tile)
            return tile
    raise AssertionError(f"no {spec} tile left in the bag or the store")


def take(state: TangHuLuState, spec: str) -> int:
    """Remove a tile matching ``spec`` from the bag (or the store) and return its id."""
    tile = _into_bag(state, spec)
    state.bag.remove(tile)
    return tile


def fruit_of(tile: int) -> str:
    return C.fruits[C.tile_fruit[tile]]


# ---------------------------------------------------------------------------------- positions


def new_position(players: int = 2, seed: int = 0, first: int = 0, **options: Any) -> TangHuLuState:
    """A new game just before the first player's die roll is applied: everyone at 5 coins and
    2 drops, empty boards, a full store, the first player to act in the action phase."""
    state = steer(opening(players, seed, {"first_player": first + 1, **options}), seed)
    if state.die_tile >= 0:  # undo the opening roll, whatever it was
        insort(state.bag, state.die_tile)
        state.die_tile = -1
    state.coins = [C.start_coins] * players
    state.drops = [C.start_drops] * players
    state.stock = C.drops - C.start_drops * players
    state.phase, state.player, state.roller, state.die = ACTION, first, first, ""
    state.forget_answers()
    return state


def first_turn_with(face: str, players: int = 2) -> TangHuLuState:
    """A real new game (seat 0 first) whose opening roll showed ``face``, found by trying seeds."""
    seed = next(s for s in range(1000) if opening(players, s).die == face)
    return steer(opening(players, seed), seed)


def set_stick(state: TangHuLuState, seat: int, stick: int, spec: str, garnished: bool = False) -> list[int]:
    """Put exactly these tiles (bottom first) on a stick; the old ones go back to the bag."""
    old = state.sticks[seat][stick]
    state.bag = sorted(state.bag + old)
    tiles = [take(state, s) for s in spec.split()]
    state.sticks[seat][stick] = tiles
    state.filled[seat] = sum(len(line) for line in state.sticks[seat])
    state.garnished[seat][stick] = garnished
    state.forget_answers()
    return tiles


def set_board(state: TangHuLuState, seat: int, *sticks: str) -> None:
    for stick, spec in enumerate(sticks):
        set_stick(state, seat, stick, spec)


def set_store(state: TangHuLuState, spec: str) -> None:
    """Fill S1–S4 with these tiles (``-`` leaves a space empty); old store tiles go to the bag."""
    for space, tile in enumerate(state.store):
        if tile >= 0:
            insort(state.bag, tile)
            state.store[space] = -1
    for space, s in enumerate(spec.split()):
        if s != "-":
            state.store[space] = take(state, s)
    state.forget_answers()


def set_coins(state: TangHuLuState, seat: int, coins: int) -> None:
    state.coins[seat] = coins
    state.forget_answers()


def set_drops(state: TangHuLuState, seat: int, drops: int) -> None:
    """Move drops between the stock and a player."""
    state.stock -= drops - state.drops[seat]
    state.drops[seat] = drops
    assert state.stock >= 0
    state.forget_answers()


def give_cards(state: TangHuLuState, seat: int, stars: Sequence[int]) -> list[int]:
    """Move sweet cards with these star values from the deck to a player's hand."""
    cards = []
    for value in stars:
        card = next(c for c in state.deck if C.sweet_stars[c] == value)
        state.deck.remove(card)
        cards.append(card)
    state.hands[seat] = sorted(state.hands[seat] + cards)
    return cards


def to_turn(state: TangHuLuState, seat: int, face: str, draw: str | None = None) -> list[Event]:
    """Start ``seat``'s turn with a forced die face: the seat before it works to end its turn.

    ``draw`` forces the tile a FRUIT face draws. The seat before only serves to start the turn
    through the engine: the round number and every seat's turn count stay as the test set them.
    Returns the events of the new turn (from its ``turn`` event on).
    """
    turns, round_number = state.turns[:], state.round
    before = (seat - 1) % state.num_players
    state.phase, state.player, state.roller, state.die, state.bought = ACTION, before, before, "", 0
    state.forget_answers()
    assert isinstance(state, SteeredState)
    state.faces.append(face)
    if draw is not None:
        state.draws.append(_into_bag(state, draw))
    if seat == state.first:
        state.round = round_number - 1  # the engine counts the new round
    events = state.apply("work")
    state.turns, state.round = turns, round_number
    start = next(i for i, e in enumerate(events) if e.kind == "turn")
    return events[start:]


def script(state: TangHuLuState, *faces: str) -> None:
    """Force the next die faces (for turns that the test plays through the engine)."""
    assert isinstance(state, SteeredState)
    state.faces.extend(faces)


# ---------------------------------------------------------------------------------- checks


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: Sequence[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {kinds(events)}"
    return found[0]


def legal(state: TangHuLuState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def refused(state: TangHuLuState, action: str, match: str) -> str:
    """``action`` raises IllegalAction with a message matching ``match`` and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction, match=match) as info:
        state.apply(action)
    assert state.to_json() == before
    return str(info.value)


def tiles_total(state: TangHuLuState) -> int:
    return (
        len(state.bag)
        + sum(t >= 0 for t in state.store)
        + sum(len(line) for board in state.sticks for line in board)
        + (state.die_tile >= 0)
    )


def quiet_turn(state: TangHuLuState, seat: int) -> None:
    """Start ``seat``'s turn with a roll that changes nothing: FRUIT, tile returned (§14 notation)."""
    to_turn(state, seat, "fruit")
    state.apply("return")
