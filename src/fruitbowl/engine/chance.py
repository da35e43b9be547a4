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
"""

from __future__ import annotations

import random

from .actions import Action
from .events import Event
from .game import CHANCE, State, draw

__all__ = ["CHANCE", "Dealer", "draw", "settle"]


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


class Dealer:
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
        """Resolve ``state``'s chance nodes (if any) until a player acts or the game ends: each
        outcome with its events, in order."""
        resolved: list[tuple[Action, list[Event]]] = []
        while state.current_player == CHANCE:
            outcome = self.draw(state)
            resolved.append((outcome, state.apply(outcome)))
        return resolved

    def copy(self) -> Dealer:
        twin = Dealer.__new__(Dealer)
        twin.seed, twin.drawn = self.seed, self.drawn
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin
