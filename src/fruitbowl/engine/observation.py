"""Observations for learning agents: a fixed-length numeric vector, kept as its nonzero entries.

A game encodes one seat's knowledge (exactly what ``state.view(seat)`` shows, read straight from
the state, because building the JSON view first costs more than the engine's own step) into an
:class:`Observation`. Most of a board's vector is zeros (one-hot cells of empty spaces), so an
encoder writes only the nonzero entries at their positions, and an adapter fills a zeroed array
from them in one step: the cost follows what is on the table, not the vector's length.

    >>> obs = Observation(5)
    >>> obs.one_hot(2, 3)  # positions 0-2: the third of three
    >>> obs.scalar(0.5)  # position 3
    >>> obs.skip(1)  # position 4 stays zero
    >>> obs.dense()
    [0.0, 0.0, 1.0, 0.5, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterable


class Observation:
    """A vector of ``size`` numbers, written left to right, storing only its nonzero entries.

    ``at`` is the next position to write; ``index`` and ``value`` hold the nonzero entries in
    the order they were written. Encoders may append to ``index``/``value`` directly (with
    positions at or after ``at``) and move ``at`` themselves where that is faster.
    """

    __slots__ = ("at", "index", "size", "value")

    def __init__(self, size: int):
        self.size = size
        self.at = 0
        self.index: list[int] = []
        self.value: list[float] = []

    def scalar(self, x: float) -> None:
        """One number at the next position."""
        if x:
            self.index.append(self.at)
            self.value.append(x)
        self.at += 1

    def scalars(self, xs: Iterable[float]) -> None:
        """Several numbers, one per position."""
        at = self.at
        for x in xs:
            if x:
                self.index.append(at)
                self.value.append(x)
            at += 1
        self.at = at

    def one_hot(self, position: int | None, width: int) -> None:
        """``width`` positions, the ``position``-th of them 1 (all zero for ``None``)."""
        if position is not None:
            if not 0 <= position < width:
                raise ValueError(f"one-hot position {position} is outside 0..{width - 1}")
            self.index.append(self.at + position)
            self.value.append(1.0)
        self.at += width

    def skip(self, width: int) -> None:
        """``width`` positions that stay zero."""
        self.at += width

    def finish(self) -> Observation:
        """Check that exactly ``size`` positions were written; returns the observation."""
        if self.at != self.size:
            raise ValueError(f"the encoder wrote {self.at} positions, but the observation has {self.size}")
        return self

    def dense(self) -> list[float]:
        """Every position, zeros included."""
        out = [0.0] * self.size
        for position, x in zip(self.index, self.value, strict=True):
            out[position] = x
        return out
