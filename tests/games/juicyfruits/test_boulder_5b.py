"""Boulder 5b for every kind of business token that can be newly placed on a pond.

The Mystic Island rulebook (Module 2, list of boulder tiles): "5b: You may remove this boulder
at the moment you place a newly-acquired business token (or its large venue token) on a space
on your island showing a pond." Every test plays the claim through actions: move, claim, place
(and whatever the token asks next), and reads the removal from the events and the island.
"""

from __future__ import annotations

import pytest

from fruitbowl.games.juicyfruits.boulders import BOULDER
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import ARRANGE

from .positions import cell, island, new, put_on_board, reserve

ALL = "mystic_island,boulders,new_business"

#: token -> (the follow-up actions the claim asks for after placing, a category the token stands for)
FOLLOW_UPS = {
    "T07": [],  # small venue (Café)
    "T12": [],  # stall (Souvenir Shop)
    "T15": ["bonus banana"],  # advanced collector: its claim bonus comes after placing
    "T20": [],  # ice cream cart
    "X01": [],  # guesthouse at the pond (ponds only)
    "X05": [],  # Module 3 stall (Harbor Tour)
    "X07": [],  # harbor office
    "X08": [],  # construction office
    "X09": ["whale N"],  # whale watching: its whale's beach comes after placing
}
LARGE = ("T01", "X04")  # a large venue (Beach Hotel) and the restaurant: 2×2 blocks


def _ready(seed: int = 1):
    """Two players, all modules, the corner choices made; the current player holds 5b on a5 and
    a banana collector on a3, has fruit for any row, and the other corners are empty."""
    state = new(2, seed, modules=ALL)
    while state.phase == ARRANGE:
        state.apply(state.legal_actions()[0])
    p = state.player
    island(state, p, {"a3": "collector banana"})
    five_b = C.boulder_index("5b")
    state.boulder_set = [five_b, *[b for b in state.boulder_set if b != five_b][:3]]
    state.tray = [0] * 4
    state.grid[p][cell("a5")] = BOULDER + five_b
    reserve(state, p, "5B 5L 5P 5O 5M")
    return state, p


def _move(state, text: str) -> list:
    """Step 1, collecting the fruit (with Mystic Island the explorer could go instead)."""
    events = state.apply(text)
    if "collect" in [a.text for a in state.legal_actions()]:
        events += state.apply("collect")
    return events


def _claim_and_place(state, token: str, where: str, follow_ups: list[str]) -> list:
    put_on_board(state, token, 1, 1)
    events = _move(state, "move a3-a2")
    events += state.apply(f"claim {token}")
    events += state.apply(f"place {where}")
    for text in follow_ups:
        events += state.apply(text)
    return events


def _cleared(events) -> list[str]:
    return [e.data["boulder"] for e in events if e.kind == "boulder"]


@pytest.mark.parametrize("token", sorted(FOLLOW_UPS))
def test_a_new_token_placed_on_a_pond_clears_5b(token):
    state, p = _ready()
    events = _claim_and_place(state, token, "b4", FOLLOW_UPS[token])  # b4 shows a pond
    assert _cleared(events) == ["5b"], f"{C.all_tokens[C.token_index(token)].name} on a pond clears 5b"
    assert state.grid[p][cell("a5")] == -1, "the corner is free again"
    assert state.view(p)["boulders"]["removed"][p] == ["5b"]


@pytest.mark.parametrize("token", sorted(set(FOLLOW_UPS) - {"X01"}))
def test_a_new_token_placed_off_the_ponds_leaves_5b(token):
    state, p = _ready()
    events = _claim_and_place(state, token, "c4", FOLLOW_UPS[token])  # c4 is inland
    assert _cleared(events) == []
    assert state.grid[p][cell("a5")] == BOULDER + C.boulder_index("5b")


@pytest.mark.parametrize("token", LARGE)
def test_a_large_venue_covering_a_pond_clears_5b(token):
    """ "(or its large venue token)": the block b4-c3 covers the ponds b4 and c3. (Every 2×2 block
    of the island holds a pond, so a newly placed large venue always clears 5b.)"""
    state, p = _ready()
    events = _claim_and_place(state, token, "b4-c3", [])
    assert _cleared(events) == ["5b"]
    assert state.grid[p][cell("a5")] == -1


def test_a_token_moved_onto_a_pond_is_not_newly_placed():
    """Only a newly-acquired token counts: sliding a claimed advanced collector onto a pond does not."""
    state, p = _ready()
    island(state, p, {"a3": "collector banana", "c4": "token T15"}, keep=True)
    events = _move(state, "move c4-b4")  # onto the pond b4
    events += state.apply("take 1 banana + 1 lime")
    events += state.apply("pass")
    assert _cleared(events) == []
