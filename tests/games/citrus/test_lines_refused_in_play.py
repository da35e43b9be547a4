"""§5.1 in play: "if you won't be able to build them all, you are not allowed to buy that row" —
and a row you can build you may buy. Each case is a position of a random game (its moves and
chance outcomes, as text, in ``lines_refused_in_play.json``) where the engine once refused a
line whose tiles can all be built, because a tile reached a Bridge or Milestone in a way its
shortcuts did not count: through a neutral region it took over, on a space another tile's
Bridge opened, or with a Bridge that let a tile join two regions and bring a worker back. The
line must be offered now, the brute force with no budget (:mod:`.brute`) must find its plan, and
buying it and playing that plan through the offered actions must build every tile.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.rules import CitrusState

from . import brute
from .positions import GAME, legal_texts

CASES = json.loads(Path(__file__).with_name("lines_refused_in_play.json").read_text())["cases"]


def played(case: dict) -> CitrusState:
    players = case["players"]
    state = GAME.new_state(players, 0, GAME.validate_options(case["options"], players))
    for text in case["moves"]:
        state.apply(text)
    return state


def placement_text(state: CitrusState, move: brute.Move) -> str:
    """The offered action for the brute force's move, with a waiting tile of its type."""
    space, colour, bridge, milestone = move
    kind = next(k for k in (2 * colour, 2 * colour + 1) if state.waiting[k])
    return f"place {C.kind_text(kind)} {state.geo.labels[space]}" + " bridge" * bridge + " milestone" * milestone


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_line_once_refused_in_play_is_offered_and_its_tiles_are_all_built(name: str) -> None:
    case = CASES[name]
    state = played(case)
    seat, line = state.current_player, case["line"]
    counts = [0] * len(C.types)
    for kind in state.line_tiles(C.line_names.index(line)):
        counts[kind >> 1] += 1
    plan = brute.plan(state, seat, counts)
    assert plan is not None, case["why"]
    assert state.explain(f"buy {line}") is None
    assert f"buy {line}" in legal_texts(state)
    events = state.apply(f"buy {line}")
    for move in plan:
        text = placement_text(state, move)
        assert text in legal_texts(state), (text, state.explain(text))
        events += state.apply(text)
    assert not any(state.waiting)
    assert not [event for event in events if event.kind == "returned"]
    assert len([event for event in events if event.kind == "place"]) == sum(counts)
