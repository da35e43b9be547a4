"""Where a Citrus plantation may be built: new regions, workers and no contact, played through actions.

Positions: long side, seed 1 (Finca A on E4 with roads E3, F4, E5, D4; building site H, open
but without a Finca, on I4 with roads I3, J4, I5, H4); see :mod:`.rulebook_table`.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction

from .rulebook_table import Table, full_market, of_kind, play, region_at, site, texts


def test_a_new_region_starts_only_on_a_road_of_a_built_finca():
    """Seed: "You can start a new region of plantations next to a road on a Finca." Reference
    §5.3.2: "on a road space of a built Finca … A building site without a Finca does not count." """
    state = Table().market(full_market({1: "lemon"})).state()
    state.apply("buy R0")
    view = state.view(0)
    assert site(view, "H")["state"] == "open"
    board = view["board"]
    finca_sites = {s["letter"] for s in view["sites"] if s["state"] == "finca"}
    targets = [t.split()[2] for t in texts(state, "place")]
    assert targets and "E3" in targets
    for label in targets:
        assert board["road_of"][board["labels"].index(label)] in finca_sites, label
    for label in ("I3", "J4", "I5", "H4", "B4"):  # roads of open site H; an ordinary space
        assert label not in targets
        assert state.refusal(f"place lemon {label}") == "place.not_connected"
        with pytest.raises(IllegalAction, match="nor on a Finca road"):
            state.apply(f"place lemon {label}")


def test_a_new_region_takes_the_right_most_worker():
    """Seed: "When you start a new plantation region, take your right-most worker and put it on the
    newly placed plantation. No additional workers are needed when expanding your regions." """
    state = Table().market(full_market({2: "lemon", 3: "lemon", 4: "orange"})).state()
    assert state.view(0)["players"][0]["workers"] == 5
    events = state.apply("buy R1")
    events += state.apply("place lemon E3")
    assert of_kind(events, "place")[-1].data["new_region"]
    view = state.view(0)
    assert view["players"][0]["workers"] == 4
    assert view["board"]["worker"][view["board"]["labels"].index("E3")]
    state.apply("place lemon E2")  # extends the lemon region: no worker
    assert state.view(0)["players"][0]["workers"] == 4
    state.apply("place orange F4")  # another new region
    view = state.view(0)
    assert view["players"][0]["workers"] == 3
    assert region_at(view, "E2")["size"] == 2 and region_at(view, "F4")["owner"] == 0


def test_no_new_region_without_a_worker_on_the_mat():
    """Reference §5.3.2: starting a region "is impossible if your mat has no worker". Seed: "If you
    don't have enough money to pay for all the plantations in a row or if you won't be able to
    build them all, you are not allowed to buy that row." """
    table = Table().market(full_market({1: "lemon", 5: "orange", 9: "orange"}))
    for colour, label in (
        ("orange", "A10"),
        ("blood", "C10"),
        ("lime", "E10"),
        ("grapefruit", "J10"),
        ("blood", "L10"),
    ):
        table.region(0, colour, [label])
    state = table.state()
    view = state.view(0)
    assert view["players"][0]["workers"] == 0
    assert "buy R0" not in texts(state)  # a lone lemon could only start a region
    assert state.refusal("buy R0") == "buy.unbuildable"
    with pytest.raises(IllegalAction, match="could not all be built"):
        state.apply("buy R0")
    assert "buy C0" in texts(state)  # two oranges extend the orange region
    state.apply("buy C0")
    targets = {t.split()[2] for t in texts(state, "place")}
    assert targets <= {"A9", "B10"}
    assert "place orange E3" not in texts(state)
    assert state.refusal("place orange E3") == "place.no_worker"


def test_no_contact_with_another_players_region_of_the_same_colour():
    """Seed: "You can't have two plantation regions of the same color owned by different players
    right next to each other." Reference §5.3.4: "Diagonal contact is allowed." """
    table = Table().region(0, "lime", ["B4", "A4"]).region(0, "orange", ["C5"])
    table.region(1, "lime", ["B6"]).region(1, "lime", ["F5"])
    table.market(full_market({2: "lime", 3: "lime", 4: "orange"}))
    state = table.state()
    state.apply("buy R1")
    legal = texts(state, "place")
    assert "place lime B5" not in legal  # next to seat 1's lime on B6
    assert "place lime F4" not in legal  # a new region next to seat 1's lime on F5
    assert "place lime A5" in legal  # diagonal to B6 only
    assert "place lime E3" in legal
    assert "place orange B5" in legal  # another colour may touch
    for text in ("place lime B5", "place lime F4"):
        assert state.refusal(text) == "place.touches_rival"
        with pytest.raises(IllegalAction, match="touches player 2's lime region"):
            state.apply(text)
    state.apply("place orange B5")
    view = state.view(0)
    assert region_at(view, "B5")["type"] == "orange" and region_at(view, "B6")["owner"] == 1


def test_every_road_of_a_finca_or_building_site_needs_a_different_colour():
    """Seed: "Every road that leads from a Finca (or a building site) must have a plantation of a
    different color." H is an open building site without a Finca: its roads I3 and H4 both touch
    the lemon on H3, and only one of them may take a lemon."""
    table = Table().region(0, "lemon", ["H3"]).market(full_market({5: "lemon", 9: "lemon"}))
    state = table.state()
    state.apply("buy C0")
    assert {"place lemon I3", "place lemon H4"} <= texts(state)
    state.apply("place lemon I3")
    assert "place lemon H4" not in texts(state)
    assert state.refusal("place lemon H4") == "place.variety"
    with pytest.raises(IllegalAction, match="variety"):
        state.apply("place lemon H4")


def test_a_turn_needs_a_main_action():
    """Seed: "When playing this game, you have to take action. You can't just skip your turn." """
    state = Table().state()
    legal = texts(state)
    assert "end turn" not in legal and "pass" not in legal
    assert state.refusal("end turn") == "end.main_first"
    assert state.refusal("pass") == "pass.can_act"
    for text in ("end turn", "pass"):
        with pytest.raises(IllegalAction):
            state.apply(text)


def test_a_harvested_region_is_neutral_and_nobody_extends_it():
    """Seed: "Once you score a region of plantations, you take the worker from that region … The
    harvested plantations stay on the board, but they don't belong to any player and are considered
    neutral. No player can add plantations to a neutral region." """
    table = Table(2).region(0, "lemon", ["E3", "E2"]).region(1, "orange", ["A10"])
    state = table.market(full_market({1: "lemon", 2: "lemon"})).state()
    play(state, "harvest E2", "collect income", "end turn")
    view = state.view(None)
    assert region_at(view, "E3")["owner"] == -1 and region_at(view, "E3")["size"] == 2
    assert view["players"][0]["workers"] == 5
    play(state, "harvest A10", "collect income", "end turn")
    state.apply("buy R0")
    legal = texts(state, "place")
    for label in ("E1", "D2", "F2"):  # the neutral lemon's free neighbours
        assert f"place lemon {label}" not in legal
        with pytest.raises(IllegalAction):
            state.apply(f"place lemon {label}")
