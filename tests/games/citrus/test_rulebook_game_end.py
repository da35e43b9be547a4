"""The end of a Citrus game: when it ends, the final scoring, and tied winners — played to the end.

Positions: long side, seed 1, with the bag already empty (the other tiles were built earlier);
Finca A on E4 (roads E3, F4, E5, D4; D3 a rock, F3 a landscape tile), Finca C on E8 (roads E7,
F8, E9, D8; F7 a landscape tile), open building sites M, H and J; see :mod:`.rulebook_table`.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import FruitbowlError

from .rulebook_table import Table, bull_on, of_kind, play, site, texts


def test_the_game_ends_once_every_plantation_tile_is_built():
    """Seed: "The game comes to an end once all the plantation tiles have been built." Reference
    §10.1: "the bag and the market are both empty. The current turn finishes normally"."""
    state = Table().bag().market({1: "lemon", 5: "orange"}).state()
    play(state, "buy R0", "site M", "place lemon E3")
    assert not state.is_terminal()
    state.apply("end turn")
    assert not state.is_terminal()  # an orange is still in the market
    view = state.view(None)
    assert view["current_player"] == 1 and view["phase"] == "main"
    with pytest.raises(FruitbowlError):
        state.result()
    play(state, "buy C0", "site H", "place orange F4")
    assert not state.is_terminal()  # the turn is not over yet
    events = state.apply("end turn")
    assert of_kind(events, "game_over")
    assert state.is_terminal()
    assert state.legal_actions() == []
    view = state.view(None)
    assert view["phase"] == "over" and view["current_player"] == -1
    assert view["standings"] is not None


def last_turn() -> Table:
    """Seat 0 is to build the last tile of the game, a lemon, on E3: the last open neighbour of
    Finca A (10/5). Finca C (6/3) stays open to the end."""
    table = Table().bag().market({1: "lemon"}).finca("A", 10).finca("C", 6)
    table.region(1, "orange", ["D4", "D5"]).region(1, "grapefruit", ["E5"])
    table.region(2, "lime", ["F5", "F4"], wells=1)  # F5 has a well
    table.region(0, "blood", ["E7", "D7"]).region(2, "orange", ["F8", "G8"])
    table.give(0, "horses", 3).give(0, "horses", 4).give(0, "cart").give(0, "bull")
    table.give(1, "bull").give(2, "milestone")
    for seat, harvested in enumerate((10, 10, 9)):
        table.set("points", seat, [harvested, 0, 0])
    return table


def test_the_final_scoring():
    """Seed, "End of the Game": "All the Fincas that haven't been encircled are now scored. However,
    this time, only the player with the most plantations in regions that are adjacent to the
    Finca … receives points. They receive the smaller number of points … If there's a tie for
    first place, those players all get the same number of points." — "Any plantations that still
    have workers will earn you points." — "Each player receives points for their wild horses, with
    each horse worth 1 point. And don't forget about those unused action tiles – they're also worth
    1 point each." Reference §8.4: "A Bull still on the board at the end of the game scores for
    nobody." §10.3: the final harvest gives no income."""
    state = last_turn().state()
    view = state.view(None)
    assert site(view, "A")["filled"] == 7 and site(view, "C")["filled"] == 4
    money = [p["money"] for p in view["players"]]
    play(state, "bull B4", "buy R0", "site M", "place lemon E3")
    events = state.apply("end turn")
    (scored,) = of_kind(events, "finca_scored")  # the last turn's enclosure scoring comes first
    assert scored.data["site"] == "A" and scored.data["awards"] == [0, 10, 5]
    assert events.index(scored) < events.index(of_kind(events, "game_over")[0])
    result = state.result()
    parts = [dict(b) for b in result.breakdown]
    assert [p["fincas"] for p in parts] == [0, 10, 5]
    # A is scored, so only C (seats 0 and 2 tie with 2 tiles: both take its 3) scores at the end;
    # B, D and the new M have no regions beside them.
    assert [p["final_fincas"] for p in parts] == [3, 0, 3]
    # seat 0: lemon 1 + blood 2; seat 1: orange 2 + grapefruit 1; seat 2: lime 1 + 2 (well) + orange 2
    assert [p["final_harvest"] for p in parts] == [3, 3, 5]
    assert [p["horses"] for p in parts] == [7, 0, 0]
    # seat 0 keeps its Cart (its Bull stands on B4), seat 1 its Bull, seat 2 its Milestone
    assert [p["action_tiles"] for p in parts] == [1, 1, 1]
    assert list(result.scores) == [24, 24, 23]
    view = state.view(None)
    assert bull_on(view, "B4")
    assert [p["money"] for p in view["players"]] == [money[0] - 1, money[1], money[2]]
    assert [p["score"] for p in view["players"]] == [24, 24, 23]


def test_tied_players_all_win():
    """Seed: "the player whose worker is the farthest along the track is the winner! In the event
    of a tie, multiple winners are possible." """
    state = last_turn().state()
    play(state, "bull B4", "buy R0", "site M", "place lemon E3", "end turn")
    result = state.result()
    assert result.winners == (0, 1)
    assert result.places[0] == result.places[1] == 1 and result.places[2] == 3
    assert state.view(None)["standings"]["winners"] == [0, 1]
    assert "won" in state.game.prompt(state.view(0), ["Ana", "Ben", "Cy"])


def test_a_held_bull_is_an_unused_action_tile():
    """Reference §8.4: "A Bull held unused scores 1 point." Seat 0 keeps its Bull this time."""
    state = last_turn().state()
    play(state, "buy R0", "site M", "place lemon E3", "end turn")
    parts = state.result().breakdown
    assert [p["action_tiles"] for p in parts] == [2, 1, 1]
    assert "bull B4" not in texts(state)
