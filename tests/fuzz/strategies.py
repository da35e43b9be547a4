"""Shared Hypothesis settings and strategies for hostile input.

The ``fruitbowl-fuzz`` profile keeps the suite fast (a few dozen examples, no deadline, since
a shared CI machine has slow moments); set ``FRUITBOWL_FUZZ_EXAMPLES=2000`` for a long run.
It is applied per test with ``@FUZZ``, never loaded globally, so other tests keep their own.
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from fruitbowl.engine import all_games
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.game import Game, State

settings.register_profile(
    "fruitbowl-fuzz",
    max_examples=int(os.environ.get("FRUITBOWL_FUZZ_EXAMPLES", "25")),
    deadline=None,
    derandomize=os.environ.get("FRUITBOWL_FUZZ_RANDOM") is None,  # reproducible in CI unless asked
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
FUZZ = settings.get_profile("fruitbowl-fuzz")

GAME_IDS = sorted(g.id for g in all_games())

#: Any JSON value, nested a little.
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=12,
)

#: Text that looks like an action some of the time: words and numbers the games use, and junk.
ACTION_WORDS = [
    "buy",
    "take",
    "place",
    "move",
    "pass",
    "work",
    "return",
    "garnish",
    "on",
    "at",
    "to",
    "with",
    "S1",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "99",
    "row",
    "tile",
    "card",
    "juice",
    "play",
    "swap",
    "drop",
    "stick",
    "end",
    "done",
]
action_texts: st.SearchStrategy[str] = st.one_of(
    st.text(max_size=64),
    st.lists(st.sampled_from(ACTION_WORDS), min_size=1, max_size=5).map(" ".join),
    st.text(alphabet=" \t\n\r\x00\u200b\u00a0ÆØ€漢🍍", max_size=10),
)
action_codes: st.SearchStrategy[Any] = st.one_of(
    st.integers(min_value=-(2**64), max_value=2**64),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=3),
)


def reachable_state(game: Game, num_players: int, seed: int, moves: int) -> State:
    """A state after ``moves`` random legal moves from ``seed`` (fewer if the game ends)."""
    state = game.new_state(num_players, seed, game.validate_options({}, num_players))
    dealer = Dealer(seed)  # chance resolved as a table resolves it: a player is to act
    dealer.settle(state)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        dealer.settle(state)
    return state
