"""Each seat's observation kept whole between steps and patched (the PettingZoo environment's).

A game with a patcher (:func:`fruitbowl.engine.observation.patcher_for`) keeps one float32
array per seat, which the patcher brings up to date with whatever position it is given (it
compares the sources of each part of the vector with the position's and rewrites only the parts
that changed: a step changes a few of them); a game without one has its observation encoded
afresh each time. Either way the arrays' numbers are the game's encoding of the seat's view.
"""

from __future__ import annotations

import numpy as np

from fruitbowl.engine import Game
from fruitbowl.engine.game import State
from fruitbowl.engine.observation import KeptObservation, patcher_for


class ObservationKeeper:
    """The observations of one game's seats (a player count and option set), kept or encoded."""

    def __init__(self, game: Game, num_players: int, size: int):
        self.game = game
        self.size = size
        self.blank = np.zeros(size, dtype=np.float32)
        self.patcher = patcher_for(game.id)
        #: per seat, the kept array and its record (written through the array's memoryview,
        #: whose item assignment costs less than numpy's); empty for a game without a patcher
        self.kept: list[tuple[np.ndarray, KeptObservation]] = []
        if self.patcher is not None:
            for seat in range(num_players):
                array = self.blank.copy()
                self.kept.append((array, KeptObservation(array.data, seat)))

    def current(self, state: State, seat: int) -> np.ndarray:
        """The seat's observation of ``state``: the kept array itself, brought up to date (for
        a game with a patcher: copy it to keep it, as the next call changes it), else a new one."""
        if self.patcher is not None:
            array, kept = self.kept[seat]
            self.patcher(state, kept)
            return array
        encoded = self.game.observation(state, seat)
        index, value = encoded.index, encoded.value
        array = self.blank.copy()  # (a copy of zeros made once: cheaper than np.zeros)
        # (the entries read into arrays by fromiter, which knows their type and number, then put:
        # a third cheaper than put converting the two lists itself)
        array.put(np.fromiter(index, np.intp, len(index)), np.fromiter(value, np.float32, len(value)))
        return array

    def copy(self, state: State, seat: int) -> np.ndarray:
        """The seat's observation of ``state``, as an array of the caller's own."""
        array = self.current(state, seat)
        return array.copy() if self.patcher is not None else array
