"""Mystic Island invariants in random games with every module combination, juice factory on and off.

Checked after every action through the public view (a spectator's) and the events only:

* Module 1, setup: "Shuffle the 13 statue tiles. (If you're not playing with Module 2: The
  boulders, first set tile 13 aside – see page 3.) Then place one statue tile at random face up
  onto each of the 11 spaces on Mystic Island showing a monkey statue. Return the rest to the
  box." Statue tiles are conserved: on the island, collected "face down next to your island
  board", returned to the box by Pineapple, or in the box — each tile exactly once.
* Module 2, setup: "the other players find the same 4 boulder tiles from their own sets and
  place them with the same side facing up, but in any order, onto the 4 corner spaces of their
  islands." Playing: "take the boulder from your board and place it onto the boulder tray."
  So for every player, the boulders on the corners plus those removed are the dealt set, and
  the tray holds exactly the removed boulders.
* Module 3: "take the whale of its color and place it in the water in front of any of your
  beaches"; "If … your token is on one of the 3 spaces along its whale's beach (B), you score 2
  points. Then, the whale moves to the next beach clockwise (C). If the token and its whale are
  not at the same beach, the whale stays where it is." A whale has a beach exactly when its
  whale-watching token stands on its owner's island, and it moves only by a sighting, one
  beach clockwise.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from fruitbowl.engine.chance import settle
from fruitbowl.games.juicyfruits.components import MODULES

from .positions import start

COMBINATIONS = [frozenset(c) for size in (1, 2, 3) for c in combinations(MODULES, size)]
CLOCKWISE = "NESW"


def _statues(view, before) -> None:
    board = view["mystic"]
    on_island = [c["statue"] for c in board["cells"] if c["statue"]]
    collected = [t for tiles in board["collected"] for t in tiles]
    everywhere = on_island + collected + board["pineapple_boxed"] + board["boxed"]
    in_play = set(range(1, 14)) if "boulders" in view["modules"] else set(range(1, 13))
    assert Counter(everywhere) == Counter(in_play), "each statue tile exactly once"
    assert len(on_island) + len(collected) + len(board["pineapple_boxed"]) == 11, "11 dealt on the statue spaces"
    if before is not None:
        earlier = {c["cell"]: c["statue"] for c in before["mystic"]["cells"]}
        for cell in board["cells"]:
            assert cell["statue"] in (None, earlier[cell["cell"]]), "a statue space is never refilled"


def _boulders(view) -> None:
    info = view["boulders"]
    dealt = Counter(tile["id"] for tile in info["tiles"])
    assert len(dealt) == 4 and set(dealt.values()) == {1}
    arranging = view["phase"] == "arrange"
    for player in view["players"]:
        seat = player["seat"]
        boulders = {c: p["id"] for c, p in enumerate(player["grid"]) if p and p["type"] == "boulder"}
        assert set(boulders) <= set(info["corners"]), "boulders lie on corners only"
        on_corners = list(boulders.values())
        held = Counter(on_corners) + Counter(info["removed"][seat])
        if arranging and seat != view["first_player"]:
            assert held <= dealt, "a seat still choosing its corners holds part of the dealt set"
        else:
            assert held == dealt, f"seat {seat}: corners + removed boulders = the dealt set"
    removed = Counter(b for seat in info["removed"] for b in seat)
    assert {space["id"]: space["count"] for space in info["tray"]} == {b: removed[b] for b in dealt}


def _whales(view, before, events) -> None:
    info = view["new_business"]
    sighted = {e.data["token"]: e.data for e in events if e.kind == "whale"}
    for index, whale in enumerate(info["whales"]):
        token = whale["token"]
        holders = [p["seat"] for p in view["players"] for piece in p["grid"] if piece and piece.get("id") == token]
        assert len(holders) <= 1
        if whale["owner"] is None:
            assert holders == [] and whale["beach"] is None
            continue
        assert token in view["players"][whale["owner"]]["tokens"]
        pending = view["pending"].get("token", {}).get("id") == token
        if view["phase"] == "place" and pending:  # claimed, not placed yet: no whale in the water
            assert holders == [] and whale["beach"] is None
            continue
        assert holders == [whale["owner"]]
        placing = view["phase"] == "whale" and pending
        assert (whale["beach"] is None) == placing, "a claimed whale-watching token's whale is in the water"
        old = before["new_business"]["whales"][index]["beach"] if before is not None else None
        if token in sighted:
            data = sighted[token]
            assert data["beach"] == old and data["to"] == CLOCKWISE[(CLOCKWISE.index(old) + 1) % 4]
            assert whale["beach"] == data["to"]
        elif old is not None:
            assert whale["beach"] == old, "a whale stays unless its token sees it"


def _play(players: int, modules: frozenset[str], juice: bool, seed: int) -> None:
    options = {"modules": ",".join(sorted(modules)), "juice_factory": juice}
    state = start(players, seed, options)
    chooser = random.Random(seed)
    before = None
    events: list = []
    while True:
        view = state.view(None)
        if "mystic_island" in modules:
            _statues(view, before)
        if "boulders" in modules:
            _boulders(view)
        if "new_business" in modules:
            _whales(view, before, events)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        productive = [a for a in legal if a.kind not in ("pass", "stop")]
        action = chooser.choice(productive if productive and chooser.random() < 0.8 else legal)
        before = view
        events = state.apply(action)
        events += settle(state, chooser)  # (Pineapple's boat)
    assert view["standings"] is not None


@pytest.mark.parametrize("juice", [False, True], ids=["basic", "juice"])
@pytest.mark.parametrize("modules", COMBINATIONS, ids=lambda m: "+".join(sorted(m)))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_module_invariants_in_random_games(players, modules, juice):
    for seed in (11, 12):
        _play(players, modules, juice, seed + 10 * players)
