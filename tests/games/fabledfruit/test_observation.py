"""The state-direct observation encoder against the reference encoding of the view.

``observation.encode(state, seat)`` reads the state through precomputed tables; it must give
exactly the vector the reference encoder (``observation_reference.encode``, the layout as first
written) builds from ``state.view(seat)``, at 2-5 players, for a first base game, a later game
of a base campaign, a first and a later Lime game (the conformance option sets), plus displays
with #35 (cards only the active player looks at, #31's peek) and #17L (the two-stack thief,
gambling, #11L's offer round) in play; and it must not change when the seat's hidden
information (other hands, other seats' saved fruits, the draw stack, private reveals) is
resampled.
"""

from __future__ import annotations

from typing import Any

import pytest

from fruitbowl.games.fabledfruit import observation
from fruitbowl.games.fabledfruit.fruits import NUM_KINDS
from tests.rl.observation_check import check_observations

from .observation_reference import encode as reference
from .positions import GAME, lime_through, table, through

#: Every n-th position per player count (games grow with the table), seeds 0 and 1 per option set.
EVERY = {2: 9, 3: 13, 4: 17, 5: 23}


def _cases(players: int) -> list[tuple[int, dict[str, Any]]]:
    sets = [*GAME.conformance_option_sets(players), through(35), lime_through("17L")]
    return [(players, options) for options in sets]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_encoder_matches_the_views_encoding(players: int) -> None:
    cases = _cases(players)
    checked = check_observations(GAME, reference, cases, seeds=range(2), every=EVERY[players], resample_every=2)
    assert checked > 700


@pytest.mark.parametrize("options", [{}, {"lime": True}], ids=["base", "lime"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_sees_its_own_hand(players: int, options: dict[str, Any]) -> None:
    """At the first decision every seat holds its own two fruits: a seat's vector encodes its
    own hand, so the seats' vectors differ (an encoder ignoring ``seat`` fails here)."""
    state = table(players, 11, options)
    plan = observation.plan(players, bool(options.get("lime")))
    vectors = [GAME.observation(state, seat).finish().dense() for seat in range(players)]
    for seat, vector in enumerate(vectors):
        hand = [vector[at] if at >= 0 else 0.0 for at in plan.hand]
        assert hand == [min(1.0, state.hands[seat][k] / 12) for k in range(NUM_KINDS)]
        assert vector == reference(state.view(seat))
    assert len({tuple(v) for v in vectors}) == players
