"""Chance nodes: how a random event (a die roll, a draw from a bag) is decided outside the state.

A game that declares :attr:`~fruitbowl.engine.game.Game.explicit_chance` stops at every random
event: its state is then at a *chance node* (``current_player == CHANCE``), lists the possible
outcomes with their probabilities (:meth:`~fruitbowl.engine.game.State.chance_outcomes`) and
resolves one through :meth:`~fruitbowl.engine.game.State.apply`, as a player's action is. The
state holds no random generator, so a clone carries no future: what is not drawn yet is not
decided yet.

Who decides: a front end resolves chance with a :class:`Dealer` seeded by the table's seed
(:class:`~fruitbowl.engine.match.Match` does, and records each outcome), a search or a
playout samples with its own generator (:func:`settle`). Both draw with :func:`draw`: one
``rng.random()`` per chance node, so a dealer that has made ``k`` draws is at the same place in
its stream whatever the outcomes were (a reloaded match fast-forwards its dealer by counting).
A game may sample faster than by listing its outcomes (:meth:`~fruitbowl.engine.game.State.sample_outcome`),
with the same one ``random()``.

Old records: a game's records from before its chance became explicit drew from
``random.Random(seed)`` inside the state, in the old engine's own order. A :class:`LegacyDealer`
reproduces those draws (the game lists one per old rules version in
:attr:`~fruitbowl.engine.game.Game.legacy_dealers`), so such a record replays, and its game goes
on to the end, exactly as the old engine would have played it.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Self

from .actions import Action
from .events import Event
from .game import CHANCE, State, draw
from .rng import copy_rng, derive_seed

__all__ = ["CHANCE", "Dealer", "Dealing", "DuplicateDealer", "LegacyDealer", "draw", "settle"]


def settle(state: State, rng: random.Random) -> list[Event]:
    """Resolve chance nodes with ``rng`` until a player is to act or the game is over; the events.

    For searches and playouts (a bot samples chance like any search). A game without explicit
    chance never stops at a chance node, so this costs it one comparison.
    """
    if state.current_player != CHANCE:
        return []
    events: list[Event] = []
    while state.current_player == CHANCE:
        events += state._apply_chance(state.sample_outcome(rng))  # (its own outcome: nothing to check)
    return events


class Dealing(ABC):
    """What a front end needs of whoever decides a game's chance outcomes (a :class:`Dealer`, or
    a :class:`LegacyDealer` for an old record): ``draw`` one outcome, ``settle`` a state's chance
    nodes, a ``copy`` that goes on drawing exactly as the original will, and ``drawn``, the
    number of outcomes drawn so far."""

    __slots__ = ()
    drawn: int

    @abstractmethod
    def draw(self, state: State) -> Action:
        """The outcome this dealer picks at ``state``'s chance node (``state`` is not changed)."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent twin at the same place: it draws what this one would draw next."""

    def settle(self, state: State) -> list[tuple[Action, list[Event]]]:
        """Resolve ``state``'s chance nodes (if any) until a player acts or the game ends: each
        outcome with its events, in order."""
        resolved: list[tuple[Action, list[Event]]] = []
        while state.current_player == CHANCE:
            outcome = self.draw(state)
            resolved.append((outcome, state.apply(outcome)))
        return resolved


class Dealer(Dealing):
    """The seeded dealer of one game: draws every chance outcome from a generator seeded by the
    game's seed, so a table, a record and a replay see the same draws.

    ``drawn`` counts the draws made; a dealer rebuilt with the same seed and count continues
    exactly where the first one was (each draw consumes one ``random()``).
    """

    __slots__ = ("drawn", "rng", "seed")

    def __init__(self, seed: int, drawn: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)
        self.drawn = 0
        self.skip(drawn)

    def skip(self, count: int) -> None:
        """Move on as if ``count`` outcomes had been drawn (they were read from a record)."""
        random_ = self.rng.random
        for _ in range(count):
            random_()
        self.drawn += count

    def draw(self, state: State) -> Action:
        """The outcome this dealer picks at ``state``'s chance node."""
        code = state.sample_outcome(self.rng)
        self.drawn += 1
        return state.chance_table[code]

    def settle(self, state: State) -> list[tuple[Action, list[Event]]]:
        """As :meth:`Dealing.settle`, trusting its own draws: an outcome this dealer sampled from
        the state's own chance node is one of its outcomes, so it is applied without the check an
        outcome from outside (a record, a caller) gets, which costs as much as applying it."""
        resolved: list[tuple[Action, list[Event]]] = []
        if state.current_player != CHANCE:
            return resolved
        table, rng = state.chance_table, self.rng
        while state.current_player == CHANCE:
            code = state.sample_outcome(rng)
            self.drawn += 1
            resolved.append((table[code], state._apply_chance(code)))
        return resolved

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        twin.seed, twin.drawn = self.seed, self.drawn
        twin.rng = copy_rng(self.rng)
        return twin


class DuplicateDealer(Dealing):
    """The dealer of a duplicate tournament: each kind of random event (:meth:`State.chance_kind`:
    die rolls, draws from the bag, cards…) has its own stream of random numbers seeded by
    ``(seed, kind)``, so games dealt from the same seed meet the same luck however differently
    they are played: the same 5th die roll, the same 12th draw from a bag holding the same tiles.
    (A :class:`Dealer`'s one stream would drift apart as soon as one game rolls where another
    draws.) A game dealt this way is replayed from its record's outcomes, which list every draw.
    """

    __slots__ = ("drawn", "seed", "streams")

    def __init__(self, seed: int):
        self.seed = seed
        self.streams: dict[str, random.Random] = {}
        self.drawn = 0

    def draw(self, state: State) -> Action:
        kind = state.chance_kind()
        stream = self.streams.get(kind)
        if stream is None:
            stream = self.streams[kind] = random.Random(derive_seed(self.seed, "chance", kind))
        code = state.sample_outcome(stream)
        self.drawn += 1
        return state.chance_table[code]

    def copy(self) -> Self:
        twin = type(self)(self.seed)
        twin.drawn = self.drawn
        twin.streams = {kind: copy_rng(stream) for kind, stream in self.streams.items()}
        return twin


class LegacyDealer(Dealing):
    """Base of a dealer that reproduces the draws a game's old engine (from before its chance
    became explicit) made from ``random.Random(seed)``, so that an old record (a save, a stored
    table, a simulation's record) replays and goes on to the end as the old engine played it.

    A subclass implements :meth:`pick`: at each chance node of the current engine, the outcome
    the old engine drew at that point, consuming :attr:`rng` exactly as the old code did. It may
    keep its own bookkeeping (a deck shuffled in advance as the old setup shuffled it, a bag in
    the old engine's order) in its constructor and in ``pick``, which is called once per chance
    node, in order, from the game's first chance node on (a dealer is never skipped forward).
    :meth:`copy` is a deep copy, the generator's state included.

    A game lists its legacy dealers in :attr:`~fruitbowl.engine.game.Game.legacy_dealers` (old
    rules version → class); records of those versions keep their version when continued, and
    every chance outcome, recorded or new, is this dealer's.
    """

    def __init__(self, seed: int, players: int, options: Mapping[str, Any]):
        #: The record's seed, as the old engine seeded its generator.
        self.seed = seed
        #: The number of players.
        self.players = players
        #: The record's options, checked and with every default filled in (as the state's).
        self.options = dict(options)
        #: The old engine's generator: ``random.Random(seed)``, advanced as the old code advanced it.
        self.rng = random.Random(seed)
        self.drawn = 0

    @abstractmethod
    def pick(self, state: State) -> Action:
        """The outcome the old engine drew at ``state``'s chance node: one of
        ``state.chance_table`` (``state.chance_table.resolve("die sugar")``, or by code)."""

    def draw(self, state: State) -> Action:
        """:meth:`pick`, checked to be one of this chance node's outcomes (:class:`IllegalAction`
        if not: the old engine could not have drawn it here)."""
        outcome = state._outcome(self.pick(state))
        self.drawn += 1
        return outcome

    def copy(self) -> Self:
        return copy.deepcopy(self)
