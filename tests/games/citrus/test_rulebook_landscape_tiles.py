"""The action tiles of the Citrus rulebook — Bull, Bridge, Milestone, Cart — played through actions.

The rulebook (``shared/seeds/003…``) is quoted in each docstring; where it is garbled or silent
the rules reference (``shared/rules/citrus.md``) gives the engine's ruling, cited by section.
Positions: long side, seed 1, where Finca A stands on E4 with roads E3 (N), F4 (E), E5 (S) and
D4 (W) and the neighbours D3 (a rock) and F3 (a landscape space) already filled; see
:mod:`.rulebook_table` for how a position is set up.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction

from .rulebook_table import Table, bull_on, full_market, held, of_kind, play, region_at, site, texts

# ---------------------------------------------------------------------- the Bull


def test_the_bull_goes_on_any_empty_space_but_not_on_a_rock_or_a_landscape_tile():
    """Seed: "The bull can be put on any empty space on the board, as long as it's not on a rock
    or another landscape tile." Reference §8.4 adds building sites (G14) and plantations."""
    table = Table().give(0, "bull").region(1, "lime", ["F4"]).clear("G4")
    state = table.state()
    bulls = texts(state, "bull")
    assert {"bull E3", "bull B4", "bull G4"} <= bulls  # a road, an ordinary space, an emptied landscape space
    for label in ("D3", "F3", "E4", "I4", "F4"):  # rock, landscape tile, Finca, building site, plantation
        assert f"bull {label}" not in bulls
        with pytest.raises(IllegalAction):
            state.apply(f"bull {label}")
    events = state.apply("bull B4")
    assert of_kind(events, "bull")
    view = state.view(0)
    assert bull_on(view, "B4")
    assert held(view, 0) == []
    assert not texts(state, "bull")  # one Bull, used


def test_the_bull_fills_the_last_neighbour_and_the_finca_scores_at_the_end_of_the_turn():
    """Seed: the Bull "can trigger a scoring event called a Finca scoring". Reference §8.4: "An
    occupied Bull space counts as filled for enclosure, so the Bull can complete an enclosure. The
    Finca is then scored at the end of the turn." Region sizes are taken at the end of the turn
    (§7.1), so the lemon built after the Bull counts."""
    table = Table().finca("A", 10).give(0, "bull")
    table.region(0, "lemon", ["F4", "F5"]).region(1, "orange", ["E5", "D5"]).region(1, "lime", ["D4"])
    table.market(full_market({1: "lemon"}))
    state = table.state()
    assert site(state.view(None), "A")["filled"] == 7
    events = state.apply("bull E3")
    assert not of_kind(events, "finca_scored")
    assert site(state.view(None), "A")["filled"] == 8
    events = play(state, "buy R0", "place lemon G5")  # seat 0's lemon region grows to 3
    assert not of_kind(events, "finca_scored")
    assert not site(state.view(None), "A")["finca"]["scored"]
    events = state.apply("end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "A"
    assert scored.data["totals"] == [3, 3, 0]
    assert scored.data["awards"] == [10, 10, 0]  # tied first both take 10, nobody takes 5
    view = state.view(None)
    assert [p["points"]["fincas"] for p in view["players"]] == [10, 10, 0]
    assert site(view, "A")["finca"]["scored"]
    assert bull_on(view, "E3")  # the Bull stays on the board


def test_building_on_the_bull_takes_it_back_to_use_again():
    """Seed: "if a player builds a plantation on the spot where the bull is, the bull can be picked
    up again and used in a different location … the bull is the only one that sticks around after
    it's been used." (Reference §8.4: "may use it again, even in the same turn".)"""
    table = Table().give(0, "bull").market(full_market({1: "lemon"}))
    state = table.state()
    state.apply("bull E3")
    assert held(state.view(0), 0) == []
    events = play(state, "buy R0", "place lemon E3")
    (placed,) = of_kind(events, "place")
    assert placed.data["pickup"]["kind"] == "bull"
    view = state.view(0)
    assert not bull_on(view, "E3")
    assert held(view, 0) == ["bull"]
    assert "bull B4" in texts(state)
    state.apply("bull B4")
    assert bull_on(state.view(0), "B4")
    state.apply("end turn")


# ---------------------------------------------------------------------- the Bridge


def test_a_bridge_builds_on_a_rock():
    """Seed: "You can build on a rock space or on a neutral plantation." Reference §8.5 (a): "The
    rock is covered for the rest of the game"; the Bridge "leaves the game with" the placement."""
    table = Table().region(0, "lemon", ["E3"]).market(full_market({1: "lemon", 2: "lemon", 3: "lemon"}))
    without = table.state()
    without.apply("buy R1")
    assert not [t for t in texts(without, "place") if " D3" in t]
    table.give(0, "bridge")
    state = table.state()
    state.apply("buy R1")
    assert "place lemon D3 bridge" in texts(state)
    assert "place lemon D3" not in texts(state)
    with pytest.raises(IllegalAction):
        state.apply("place lemon D3")
    events = state.apply("place lemon D3 bridge")
    (placed,) = of_kind(events, "place")
    assert placed.data["bridge"]
    view = state.view(0)
    assert region_at(view, "D3")["size"] == 2
    assert region_at(view, "D3")["owner"] == 0
    assert "bridge" not in held(view, 0)
    assert not [t for t in texts(state, "place") if t.endswith("bridge")]  # the Bridge is spent


def test_a_bridge_replaces_a_one_tile_neutral_region_with_any_colour():
    """Seed: "If you choose to build on a neutral plantation … the neutral plantation cannot be
    part of a larger neutral region." Reference §8.5 (b): "The old tile is removed from the game …
    If it was a one-tile region, any colour is allowed." """
    table = Table().region(-1, "lemon", ["E3"]).give(0, "bridge")
    table.market(full_market({1: "lemon", 2: "lime", 3: "blood", 4: "orange"}))
    for line, tile in (("R0", "lemon"), ("R1", "lime")):
        state = table.state()
        state.apply(f"buy {line}")
        assert f"place {tile} E3 bridge" in texts(state)
        assert f"place {tile} E3" not in texts(state)
    state.apply("place lime E3 bridge")
    view = state.view(0)
    lime = region_at(view, "E3")
    assert (lime["type"], lime["owner"], lime["size"]) == ("lime", 0, 1)
    assert view["players"][0]["workers"] == 4  # a new region: a worker on it


def test_a_bridge_over_a_larger_neutral_region_needs_another_colour():
    """Seed: "Second, if it is part of a larger region, your plantation must be a different
    colour." Reference §8.5: "A neutral region split by the removal is re-divided by
    connectivity." """
    table = Table().region(-1, "lime", ["F4", "F5", "G5"]).give(0, "bridge")
    table.market(full_market({1: "lime", 2: "lemon", 3: "blood", 4: "orange"}))
    state = table.state()
    state.apply("buy R0")
    assert "place lime F5 bridge" not in texts(state)
    assert "place lime F4 bridge" not in texts(state)
    with pytest.raises(IllegalAction):
        state.apply("place lime F4 bridge")
    state = table.state()
    state.apply("buy R1")
    assert "place lemon F4 bridge" in texts(state)  # F4 is a road of Finca A: a new region
    play(state, "place lemon F4 bridge")
    view = state.view(0)
    assert region_at(view, "F4")["type"] == "lemon"
    rest = region_at(view, "F5")
    assert (rest["type"], rest["owner"], sorted(rest["spaces"])) == ("lime", -1, ["F5", "G5"])


# ---------------------------------------------------------------------- the Milestone


def test_a_milestone_starts_a_region_away_from_a_finca_road():
    """Seed: "Milestone (2x)" — the effect is missing. Reference §8.6 (RECONSTRUCTED, G2): spend it
    "to start a new region on any space where building is otherwise allowed, instead of on a Finca
    road space … You still need a worker from your mat". It leaves the game with the placement."""
    table = Table().market(full_market({1: "lemon"}))
    state = table.state()
    state.apply("buy R0")
    assert "place lemon B4" not in texts(state)
    assert not [t for t in texts(state) if "milestone" in t]
    table.give(0, "milestone")
    state = table.state()
    state.apply("buy R0")
    legal = texts(state)
    assert "place lemon B4 milestone" in legal and "place lemon B4" not in legal
    assert "place lemon E3 milestone" not in legal  # a Finca road needs no Milestone
    assert "place lemon E3" in legal
    assert "place lemon D3 milestone" not in legal  # a rock still needs a Bridge
    events = state.apply("place lemon B4 milestone")
    assert of_kind(events, "place")[0].data["new_region"]
    view = state.view(0)
    assert region_at(view, "B4")["owner"] == 0
    assert view["players"][0]["workers"] == 4
    assert "milestone" not in held(view, 0)


def test_a_milestone_needs_a_worker_and_is_not_spent_on_an_extension():
    """Reference §8.6: "You still need a worker from your mat … It cannot be spent on a tile that
    touches one of your own regions of its colour, since that tile is an extension." """
    table = Table().give(0, "milestone").market(full_market({1: "lemon"}))
    table.region(0, "lemon", ["B5"])
    for colour, labels in (("orange", ["A10"]), ("blood", ["C10"]), ("lime", ["E10"]), ("grapefruit", ["J10"])):
        table.region(0, colour, labels)
    state = table.state()
    assert state.view(0)["players"][0]["workers"] == 0
    state.apply("buy R0")
    legal = texts(state, "place")
    assert "place lemon B4" in legal  # extension: no worker, no Milestone
    assert "place lemon B4 milestone" not in legal
    assert not [t for t in legal if t.endswith("milestone")]  # no worker: no new region at all
    assert {t.split()[2] for t in legal} <= {"A5", "B4", "B6", "C5"}


# ---------------------------------------------------------------------- the Cart


def test_a_cart_takes_any_market_tile_free_and_builds_it_at_once():
    """Seed: "You can choose any plantation available and construct it on the spot, completely free
    of charge." Reference §8.3; it may be used before the main action, which is still to come."""
    table = Table().give(0, "cart").market(full_market({7: "lemon"}))
    state = table.state()
    money = state.view(0)["players"][0]["money"]
    assert "cart 7" in texts(state)
    events = state.apply("cart 7")
    assert of_kind(events, "cart")
    view = state.view(0)
    assert view["phase"] == "place"
    assert view["market"]["spaces"][6]["tile"] is None
    assert view["players"][0]["money"] == money
    assert "end turn" not in texts(state)
    state.apply("place lemon E3")
    view = state.view(0)
    assert region_at(view, "E3")["owner"] == 0
    assert "cart" not in held(view, 0)
    assert view["phase"] == "main" and not view["main_done"]  # the main action is still to take
    assert any(t.startswith("buy ") for t in texts(state))


def test_no_cart_while_bought_tiles_wait():
    """Reference §5.6 (Yucata's rule, on by default): "a Cart may not be used while bought tiles
    are still waiting to be placed"."""
    table = Table().give(0, "cart").market(full_market({2: "lemon", 3: "lemon", 4: "orange"}))
    state = table.state()
    state.apply("buy R1")
    assert not texts(state, "cart")
    with pytest.raises(IllegalAction):
        state.apply("cart 5")
    play(state, "place lemon E3", "place lemon E2", "place orange F4")
    assert texts(state, "cart")  # after the main action, the Cart is usable again


def test_a_cart_on_a_harvest_turn():
    """Reference §8.3: "It may be used on a Build turn or a Harvest turn"."""
    table = Table().give(0, "cart").region(0, "lime", ["F4"]).market(full_market({1: "lemon"}))
    state = table.state()
    play(state, "harvest F4", "collect income", "cart 1", "place lemon E3", "end turn")
    assert state.view(None)["current_player"] == 1


def test_a_cart_that_leaves_three_tiles_brings_a_new_finca_and_a_refill():
    """Seed: "If there are only 3 or fewer plantations left on the market after buying, a new Finca
    is built and the market is refilled." Reference §8.3 and G9: the Cart triggers the same
    procedure as a purchase."""
    table = Table().give(0, "cart").market({1: "lemon", 5: "orange", 9: "lime", 12: "blood"})
    state = table.state()
    state.apply("cart 1")
    view = state.view(0)
    assert view["phase"] == "site"
    choice = sorted(texts(state))[0]
    events = state.apply(choice)
    assert of_kind(events, "finca")
    events = state.apply("place lemon E3")
    (refill,) = of_kind(events, "refill")
    assert [number + 1 for number, _tile in refill.data["tiles"]] == [1, 2, 3, 4, 6, 7, 8, 10, 11]
    assert sum(1 for m in state.view(0)["market"]["spaces"] if m["tile"]) == 12


def test_a_cart_takes_only_a_tile_that_can_be_built():
    """Reference §8.3: "You may use a Cart only if that tile can be built." With every worker out
    and no lemon region, a lemon has nowhere to go."""
    table = Table().give(0, "cart").market(full_market({1: "lemon", 2: "orange"}))
    for colour, label in (
        ("orange", "A10"),
        ("blood", "C10"),
        ("lime", "E10"),
        ("grapefruit", "J10"),
        ("blood", "L10"),
    ):
        table.region(0, colour, [label])
    state = table.state()
    assert "cart 1" not in texts(state)
    assert "cart 2" in texts(state)  # an orange extends the orange region on A10
    with pytest.raises(IllegalAction):
        state.apply("cart 1")


def test_an_action_tile_taken_this_turn_is_usable_at_once():
    """Seed: "Action tiles let me do special things during my turn. I can use an action tile as soon
    as I get it or during the same turn." The lemon built on D10 takes the Cart lying there."""
    table = Table().region(0, "lemon", ["D9"]).market(full_market({1: "lemon"}))
    state = table.state()
    assert state.view(0)["board"]["landscape"][table.at("D10")] == ["cart", 0]
    assert not texts(state, "cart")
    events = play(state, "buy R0", "place lemon D10")
    assert of_kind(events, "place")[0].data["pickup"]["kind"] == "cart"
    assert held(state.view(0), 0) == ["cart"]
    assert "cart 2" in texts(state)
    state.apply("cart 2")
    state.apply(sorted(texts(state, "place"))[0])
    state.apply("end turn")


def test_a_bridge_and_a_milestone_on_one_placement_split_a_neutral_region():
    """Reference D4: a placement may spend "a Bridge …, a Milestone … or both"; §8.5: "A neutral
    region split by the removal is re-divided by connectivity." A lemon replaces the middle tile
    F5 of a neutral lime F4–F5–G5, starting a region away from every Finca road."""
    table = Table().region(-1, "lime", ["F4", "F5", "G5"]).give(0, "bridge").give(0, "milestone")
    state = table.market(full_market({1: "lemon"})).state()
    state.apply("buy R0")
    legal = texts(state)
    assert "place lemon F5 bridge milestone" in legal
    assert not {"place lemon F5", "place lemon F5 bridge", "place lemon F5 milestone"} & legal
    state.apply("place lemon F5 bridge milestone")
    view = state.view(0)
    assert region_at(view, "F5")["type"] == "lemon" and region_at(view, "F5")["owner"] == 0
    for label in ("F4", "G5"):
        lime = region_at(view, label)
        assert (lime["type"], lime["owner"], lime["spaces"]) == ("lime", -1, [label])
    assert held(view, 0) == []
