"""The check every game's observation encoder passes (used by ``tests/games/<game>/test_observation.py``).

A game's :meth:`Game.observation` reads the state directly for speed. It must encode exactly what
the seat's view shows, so at positions of seeded random games, for every seat, it is compared
with a plain reference encoder of the JSON view (kept in the game's tests: the layout as first
written, easy to read), and it must not change when the seat's hidden information is resampled
(``determinize``), which proves no hidden information reaches an agent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from fruitbowl.engine import Game
from fruitbowl.engine.chance import Dealer

ReferenceEncoder = Callable[[Mapping[str, Any]], list[float]]


def check_observations(
    game: Game,
    reference: ReferenceEncoder,
    cases: Iterable[tuple[int, Mapping[str, Any]]],
    seeds: Iterable[int] = range(3),
    every: int = 3,
    resample_every: int = 7,
) -> int:
    """Compare ``game.observation`` with ``reference(view)`` at every ``every``-th position of
    seeded random games, for each (player count, options) case; returns the positions checked."""
    checked = 0
    for num_players, options in cases:
        size = game.observation_size(num_players, game.validate_options(dict(options), num_players))
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_state(num_players, seed, dict(options))
            dealer = Dealer(seed)  # agents observe where a player acts: chance is resolved at once
            dealer.settle(state)
            step = 0
            while True:
                if step % every == 0:
                    for seat in range(num_players):
                        encoded = game.observation(state, seat).finish()
                        assert encoded.size == size
                        dense = encoded.dense()
                        expected = reference(state.view(seat))
                        assert len(expected) == size
                        assert dense == pytest.approx(expected, abs=1e-9), _first_difference(dense, expected)
                        assert encoded.index == sorted(set(encoded.index)), "entries are written left to right"
                        if step % resample_every == 0 and not state.is_terminal():
                            resampled = state.determinize(seat, random.Random(step))
                            assert game.observation(resampled, seat).dense() == pytest.approx(dense, abs=1e-9)
                        checked += 1
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_codes()))
                dealer.settle(state)
                step += 1
    return checked


def _first_difference(got: list[float], expected: list[float]) -> str:
    for position, (a, b) in enumerate(zip(got, expected, strict=False)):
        if abs(a - b) > 1e-9:
            return f"first difference at position {position}: got {a}, the view's encoding gives {b}"
    return f"lengths differ: {len(got)} and {len(expected)}"
