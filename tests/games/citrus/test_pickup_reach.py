"""§5.1 with §8.5: a line is refused only if its tiles cannot all be built — counting a Bridge
that one of its tiles picks up on the way (§8.1) for a tile that has no place without it.

Seat 0 has no worker on its mat; its orange region O3 is shut in by a rock and two neutral
grapefruit tiles, so an orange goes only where a Bridge lets it. Its lemon region H1 grows
onto the landscape spaces I1 and J1. Whether ``buy R3`` (lemons and an orange) is offered
depends on where the Bridge lies and how many lemons can walk to it; each answer is checked
against the brute force with no budget (:mod:`.brute`), near the Bridge and far from it.
"""

from __future__ import annotations

import pytest

from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.rules import MAIN, CitrusState

from . import brute
from .positions import fresh, kind, legal_texts, region, set_market, touch

BRIDGE = next(t for t, (k, _v) in enumerate(C.landscape) if k == "bridge")
ACTION_TILES = {t for t, (k, _v) in enumerate(C.landscape) if k in ("bridge", "milestone")}


def position(bridge_at: str | None) -> CitrusState:
    state = fresh(2, 11)
    region(state, 0, "orange", ["O3"])
    region(state, -1, "grapefruit", ["O2"])
    region(state, -1, "grapefruit", ["N3"])
    region(state, 0, "lemon", ["H1"])
    state.land = [-1 if t in ACTION_TILES else t for t in state.land]
    for label in ("I1", "J1"):
        state.land[state.geo.space(label)] = -1
    if bridge_at is not None:
        state.land[state.geo.space(bridge_at)] = BRIDGE
    state.workers[0] = 0
    state.player, state.phase, state.main_done, state.money[0] = 0, MAIN, False, 12
    touch(state)
    return state


def offered(state: CitrusState, names: list[str]) -> bool:
    """Is ``buy R3`` offered with these tiles on market spaces 9–12 (the rest of the market full,
    so no Finca comes)?"""
    market = {m: "lime" for m in range(1, 9)}
    market.update({9 + i: name for i, name in enumerate(names)})
    set_market(state, market)
    return "buy R3" in legal_texts(state)


@pytest.mark.parametrize(
    ("bridge_at", "lemons", "expected"),
    [
        ("I1", 1, True),  # the lemon takes I1 and its Bridge; the orange covers a grapefruit
        ("J1", 1, False),  # one lemon cannot reach J1
        ("J1", 2, True),  # the first lemon on I1, the second on J1 with the Bridge
        ("A5", 2, False),  # far from every tile seat 0 could build
        (None, 2, False),  # no Bridge on the board
    ],
)
def test_a_line_is_offered_exactly_when_its_tiles_can_fetch_the_bridge_one_of_them_needs(
    bridge_at: str | None, lemons: int, expected: bool
) -> None:
    state = position(bridge_at)
    counts = [0] * len(C.types)
    counts[C.types.index("lemon")], counts[C.types.index("orange")] = lemons, 1
    assert not state.placement_options(0, C.types.index("orange"))  # (no place without a Bridge)
    assert brute.buildable(state, 0, counts) is expected
    assert offered(state, ["lemon"] * lemons + ["orange"]) is expected


def test_after_the_lemon_fetches_the_bridge_the_orange_is_built_with_it() -> None:
    state = position("I1")
    assert offered(state, ["lemon", "orange"])
    state.apply("buy R3")
    assert legal_texts(state) >= {"place lemon I1"}
    state.apply("place lemon I1")
    assert BRIDGE in state.held[0]
    placements = {text for text in legal_texts(state) if text.startswith("place orange")}
    assert placements == {"place orange O2 bridge", "place orange N3 bridge", "place orange O4 bridge"}
    state.apply("place orange O2 bridge")
    assert state.plant[state.geo.space("O2")] == kind("orange")
    assert not any(state.waiting)


@pytest.mark.parametrize(("lemons", "expected"), [(1, False), (2, True)])
def test_a_lemon_reaches_the_bridge_through_a_neutral_lemon_it_takes_over(lemons: int, expected: bool) -> None:
    """§5.3.6: a tile next to a neutral region of its type takes the region over, so the next
    lemon may grow from the neutral tile's far side. The first lemon on I1 joins H1 and the
    neutral lemon on J1; the second reaches the Bridge on K1, three steps from I1; the orange
    then covers a grapefruit with it."""
    state = position(None)
    region(state, -1, "lemon", ["J1"])
    state.land[state.geo.space("K1")] = BRIDGE
    touch(state)
    counts = [0] * len(C.types)
    counts[C.types.index("lemon")], counts[C.types.index("orange")] = lemons, 1
    assert brute.buildable(state, 0, counts) is expected
    assert offered(state, ["lemon"] * lemons + ["orange"]) is expected
    if expected:
        state.apply("buy R3")
        for text in ("place lemon I1", "place lemon K1", "place orange O2 bridge"):
            assert text in legal_texts(state), state.explain(text)
            state.apply(text)
        assert not any(state.waiting)
