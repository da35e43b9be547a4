"""When an enclosed Finca is scored, and that it is scored once, played through ``end turn``.

Positions: long side, seed 1 (Finca A on E4: roads E3, F4, E5, D4; D3 is a rock and F3 holds a
landscape tile; open building site H on I4 with roads I3, J4, I5, H4 and a landscape tile on
J5); see :mod:`.rulebook_table`.
"""

from __future__ import annotations

from .rulebook_table import Table, full_market, of_kind, play, site


def enclosed_but_for_e3() -> Table:
    """Finca A (10/5) with every neighbour filled but its north road E3."""
    table = Table().finca("A", 10)
    table.region(1, "orange", ["F4", "F5"]).region(2, "lime", ["D4"]).region(2, "grapefruit", ["E5", "D5"])
    return table


def test_an_enclosed_finca_is_scored_when_the_turn_ends():
    """Seed: "If, after I take my turn, I see that all 8 spaces surrounding a Finca are filled with
    plantations, landscape tiles, or rocks, including the spaces diagonally adjacent, then it's
    time to score that Finca." Reference §7.1: "Region sizes are taken as they stand at the end of
    the turn." The lemon that closes the ring grows by a second tile before the turn ends."""
    table = enclosed_but_for_e3().market(full_market({5: "lemon", 9: "lemon", 1: "orange"}))
    state = table.state()
    state.apply("buy C0")
    events = state.apply("place lemon E3")
    assert site(state.view(None), "A")["filled"] == 8
    assert not of_kind(events, "finca_scored")
    events = state.apply("place lemon E2")  # extends the lemon on E3 (and takes E2's landscape tile)
    assert not of_kind(events, "finca_scored")
    assert not site(state.view(None), "A")["finca"]["scored"]
    events = state.apply("end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "A"
    assert scored.data["totals"] == [2, 2, 3]  # seat 0's lemon counts with both tiles
    assert scored.data["awards"] == [5, 5, 10]  # tied second each take the full 5
    assert events.index(scored) < events.index(of_kind(events, "turn")[0])  # before the next turn
    view = state.view(None)
    assert [p["points"]["fincas"] for p in view["players"]] == [5, 5, 10]
    assert view["current_player"] == 1


def test_a_scored_finca_never_scores_again():
    """Seed: "After scoring, the Finca tile is flipped face-down to denote that it has been
    scored." Reference §7.4: "It is never scored again, not even at the end of the game." """
    table = enclosed_but_for_e3().market(full_market({5: "lemon", 9: "lemon", 1: "orange"}))
    state = table.state()
    play(state, "buy C0", "place lemon E3", "place lemon E2")
    assert of_kind(state.apply("end turn"), "finca_scored")
    assert site(state.view(None), "A")["finca"]["scored"]
    # Seat 1 grows its orange next to A, seat 2 harvests its grapefruit there: A stays scored.
    events = play(state, "buy R0", "place orange G5", "end turn")
    events += play(state, "harvest D5", "collect income", "end turn")
    assert not of_kind(events, "finca_scored")
    view = state.view(None)
    assert [p["points"]["fincas"] for p in view["players"]] == [5, 5, 10]
    assert site(view, "A")["finca"]["scored"]


def test_a_new_finca_on_an_already_enclosed_site_is_scored_at_the_end_of_that_turn():
    """Reference §7.5: "A new Finca built on a site whose neighbours are already all occupied is
    scored at the end of that turn." Seed: a new Finca is built when "there are only 3 or fewer
    plantations left on the market after buying"."""
    table = Table().region(1, "lime", ["I3", "H3"]).region(1, "orange", ["J4", "J3"])
    table.region(2, "blood", ["H4", "H5"]).region(2, "lemon", ["I5"])
    table.market({1: "lemon", 5: "orange", 9: "grapefruit", 12: "blood"})
    state = table.state()
    assert site(state.view(None), "H")["state"] == "open"
    assert site(state.view(None), "H")["filled"] == 8
    state.apply("buy R0")
    events = state.apply("site H")
    (built,) = of_kind(events, "finca")
    high, low = built.data["values"]
    events = play(state, "place lemon E3")
    assert not of_kind(events, "finca_scored")
    events = state.apply("end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "H"
    assert scored.data["totals"] == [0, 4, 3]
    assert scored.data["awards"] == [0, high, low]
