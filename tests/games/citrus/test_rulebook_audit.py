"""Rulebook sentences the other rulebook tests left unplayed, each played through actions: merges
of three regions and neutral merges counted on both sides, income for 4 and 5 workers, who counts
at a Finca scoring (neutral regions, a region harvested that turn, five players, two Fincas closed
by one tile, a blocked game's Finca), variety on a site still in the stack, what a refused Bull
says, passing (Money and a Cart forbid it; a Bull before it), returned tiles and the refill, and
the end of the game (the last tile taken with a Cart, an unenclosed Finca's single leader).

Positions: long side, seed 1 (Finca A on E4: roads E3, F4, E5, D4; D3 a rock, F3 a landscape
tile; open building sites M, H and J, site E on C2 still in the stack); see :mod:`.rulebook_table`.
Each test plays its rule with ``state.apply`` and reads the outcome from ``view()``, events and
``result()``.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction

from .rulebook_table import Table, full_market, held, of_kind, play, region_at, site, texts


def test_a_tile_joining_three_of_your_regions_sends_two_workers_home():
    """Seed: "you have the ability to create a plantation by combining two regions of the same color
    that you already own. When you do this, you must immediately return one of your workers to your
    player mat". Reference §5.3.5: "For each region beyond the first, return one worker". J10
    touches three lime regions of one tile each."""
    table = Table().region(0, "lime", ["I10"]).region(0, "lime", ["K10"]).region(0, "lime", ["J9"])
    state = table.market(full_market({1: "lime"})).state()
    assert state.view(0)["players"][0]["workers"] == 2
    events = play(state, "buy R0", "place lime J10")
    (placed,) = of_kind(events, "place")
    assert placed.data["workers_back"] == 2
    view = state.view(0)
    assert view["players"][0]["workers"] == 4
    joined = region_at(view, "J10")
    assert joined["size"] == 4 and joined["owner"] == 0
    assert [region_at(view, label) for label in ("I10", "K10", "J9")] == [joined] * 3


def lime_merge(own: list[list[str]], neutral: list[list[str]]) -> Table:
    """Lime regions of seat 0 and neutral lime regions around J10 (K10 and M10's landscape tiles
    were taken earlier); the market's R0 holds a lime."""
    table = Table().clear("K10", "M10")
    for labels in own:
        table.region(0, "lime", labels)
    for labels in neutral:
        table.region(-1, "lime", labels)
    return table.market(full_market({1: "lime"}))


def test_a_neutral_merge_adds_up_the_regions_on_each_side():
    """Seed: "If you want to create a plantation that connects one of your regions to a neutral
    region of the same color, you must ensure that your region is equal to or bigger than the
    neutral region before the merger. If the neutral region is larger, you are not allowed to
    merge." Reference §5.3.6: "When several regions take part, each side is summed." """
    # own 2 + 1 against neutral 3: as large, so allowed, and all of it becomes one region of 7
    state = lime_merge([["J9", "J8"], ["I10"]], [["K10", "L10", "M10"]]).state()
    play(state, "buy R0", "place lime J10")
    view = state.view(0)
    joined = region_at(view, "M10")
    assert joined["size"] == 7 and joined["owner"] == 0
    assert view["players"][0]["workers"] == 4  # the second own region's worker came home
    # own 2 against neutral 1 + 2: the neutral side is larger
    state = lime_merge([["J9", "J8"]], [["I10"], ["K10", "L10"]]).state()
    state.apply("buy R0")
    assert "place lime J10" not in texts(state)
    assert state.refusal("place lime J10") == "place.neutral_larger"
    words = (
        "J10 would join neutral lime regions of 3 tiles in all to yours of only 2: you absorb neutral regions"
        " only with regions at least as large"
    )
    assert state.explain("place lime J10") == words
    with pytest.raises(IllegalAction, match=words):
        state.apply("place lime J10")


@pytest.mark.parametrize(("regions", "workers", "income"), [(2, 4, 8), (1, 5, 10)])
def test_income_for_four_and_five_workers(regions, workers, income):
    """Seed: "After I'm done harvesting, I have 3 workers on my player mat. I get 6 coins as
    income." Reference §1.6 (RECONSTRUCTED, G7): 4 workers on the mat give 8 coins, 5 give 10."""
    table = Table().set("money", 0, 0)
    for colour, label in list(zip(("lime", "lemon"), ("A10", "C10"), strict=True))[:regions]:
        table.region(0, colour, [label])
    state = table.state()
    events = play(state, "harvest A10", "collect income")
    assert state.view(0)["players"][0]["workers"] == workers
    assert of_kind(events, "income")[0].data == {"income": income, "gained": income}
    assert state.view(0)["players"][0]["money"] == income


def test_a_neutral_region_beside_a_finca_counts_for_nobody():
    """Seed: "Without workers, the plantation regions are neutral and don't belong to anyone." —
    "we need to figure out who has the most plantations in regions that are adjacent to the Finca".
    A neutral lime region of 4 on D4 stands beside Finca A (10/5) when seat 0 closes its ring."""
    table = Table().finca("A", 10).region(-1, "lime", ["D4", "D5", "C5", "B5"])
    table.region(1, "orange", ["F4", "F5"]).region(2, "grapefruit", ["E5"])
    state = table.market(full_market({1: "lemon"})).state()
    events = play(state, "buy R0", "place lemon E3", "end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["totals"] == [1, 2, 1]
    assert scored.data["awards"] == [5, 10, 5]


def test_five_players_around_one_finca():
    """Seed: "The player who has the most plantations will receive the higher value of points …
    The player with the second highest number of plantations will receive the lower value of
    points. Unfortunately, all other players won't receive any points." — "If multiple players have
    the second-highest number of plantations, each of them are awarded the full amount of points
    for 2nd place." Five players around Finca A (8/4); seat 2 closes the ring on D5."""
    table = Table(5, first_player=3).finca("A", 8)
    table.region(0, "lemon", ["E3", "E2"]).region(1, "orange", ["F4", "G4"]).region(2, "lime", ["D4", "C4"])
    table.region(3, "grapefruit", ["E5"]).region(4, "blood", ["F5"])
    state = table.market(full_market({1: "lime"})).state()
    assert site(state.view(None), "A")["filled"] == 7
    events = play(state, "buy R0", "place lime D5", "end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["totals"] == [2, 2, 3, 1, 1]
    assert scored.data["awards"] == [4, 4, 8, 0, 0]
    assert [p["points"]["fincas"] for p in state.view(None)["players"]] == [4, 4, 8, 0, 0]


def test_a_region_harvested_in_the_turn_that_encloses_a_finca_counts_for_nobody():
    """Seed: "If, after I take my turn, I see that all 8 spaces surrounding a Finca are filled …
    then it's time to score that Finca." — "When a plantation region is harvested, the worker is
    removed. Without workers, the plantation regions are neutral". Seat 0 harvests its lemon
    region beside Finca A (10/5), then closes the ring with its Bull on D5: at the end of the turn
    the lemon is neutral, so seat 2's single lime takes second place, not seat 0."""
    table = Table().finca("A", 10).give(0, "bull").region(0, "lemon", ["E3", "E2"])
    table.region(1, "orange", ["F4", "F5"]).region(1, "grapefruit", ["E5"]).region(2, "lime", ["D4"])
    state = table.state()
    events = play(state, "harvest E2", "collect income", "bull D5")
    assert not of_kind(events, "finca_scored")
    events = state.apply("end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["totals"] == [0, 3, 1]
    assert scored.data["awards"] == [0, 10, 5]


#: Every road of the four starting Fincas, covered by a neutral tile (N lemon, E orange, S lime, W blood).
ROADS = {"A": "E3 F4 E5 D4", "B": "M3 N4 M5 L4", "C": "E7 F8 E9 D8", "D": "M7 N8 M9 L8"}


def test_a_finca_added_to_an_enclosed_site_in_a_blocked_game_is_scored_at_once():
    """Variants (blocked game): "if no player can take a turn, a new Finca is added". Reference §7.5:
    "One added by the blocked procedure (§9) is scored at once, before play resumes". Every Finca
    road is covered and open site H's neighbours are all filled with neutral tiles: once seat 0
    harvests its only region, nobody can act, and seat 1 puts the new Finca on H."""
    table = Table(2)
    for roads in ROADS.values():
        for colour, label in zip(("lemon", "orange", "lime", "blood"), roads.split(), strict=True):
            table.region(-1, colour, [label])
    for colour, label in zip(
        ("lemon", "orange", "lemon", "orange", "orange", "lemon", "orange"),
        ("H3", "I3", "J3", "J4", "H4", "H5", "I5"),
        strict=True,
    ):
        table.region(-1, colour, [label])
    state = table.region(0, "grapefruit", ["A10"]).state()
    assert site(state.view(None), "H")["filled"] == 8
    events = play(state, "harvest A10", "collect income", "end turn")
    assert of_kind(events, "blocked") and state.view(None)["phase"] == "blocked_site"
    events = state.apply("site H")
    (built,) = of_kind(events, "finca")
    (scored,) = of_kind(events, "finca_scored")
    assert built.data["site"] == scored.data["site"] == "H"
    assert events.index(built) < events.index(scored)
    assert scored.data["awards"] == [0, 0]  # nobody owns a region in a blocked game
    assert site(state.view(None), "H")["finca"]["scored"]  # face down: it pays nothing at the end


def test_variety_holds_on_a_building_site_still_in_the_stack():
    """Seed: "Every road that leads from a Finca (or a building site) must have a plantation of a
    different color." Reference §5.3.3: "whether it holds a Finca …, a face-up building-site tile,
    or nothing yet because its tile is still in the stack". Site E (C2) is still in the stack; its
    roads C3 and B2 each touch one of seat 0's lemon regions."""
    table = Table().region(0, "lemon", ["C4"]).region(0, "lemon", ["A2"])
    state = table.market(full_market({5: "lemon", 9: "lemon"})).state()
    assert site(state.view(None), "E")["state"] == "stacked"
    state.apply("buy C0")
    assert {"place lemon C3", "place lemon B2"} <= texts(state)
    state.apply("place lemon C3")
    assert "place lemon B2" not in texts(state)
    assert state.refusal("place lemon B2") == "place.variety"
    with pytest.raises(IllegalAction, match="site E already has lemon on its road C3"):
        state.apply("place lemon B2")


def test_the_game_ends_after_a_cart_takes_the_last_tile():
    """Seed: "The game comes to an end once all the plantation tiles have been built." The bag is
    empty and the market's last tile, a lemon, is taken with a Cart after a harvest; it brings a
    new Finca (3 or fewer tiles are left) and is built on Finca A's north road."""
    state = Table().bag().market({1: "lemon"}).give(0, "cart").region(0, "orange", ["A10"]).state()
    play(state, "harvest A10", "collect income", "cart 1")
    assert state.view(0)["phase"] == "site"
    play(state, "site M", "place lemon E3")
    assert not state.is_terminal()  # the turn finishes normally
    events = state.apply("end turn")
    assert of_kind(events, "game_over") and state.is_terminal()
    parts = state.result().breakdown[0]
    assert parts["final_harvest"] == 1 and parts["action_tiles"] == 0  # the Cart was used


def test_an_unenclosed_finca_pays_its_low_value_to_the_single_leader_only():
    """Seed: "All the Fincas that haven't been encircled are now scored. However, this time, only
    the player with the most plantations in regions that are adjacent to the Finca, including
    diagonally, receives points. They receive the smaller number of points". Around Finca A (10/5)
    seat 0 has 3, seat 1 has 2 and seat 2 has 1 when the last tile is built; D5 and E5 stay empty."""
    table = Table().bag().market({1: "lemon"}).finca("A", 10)
    table.region(0, "lemon", ["E3", "E2"]).region(1, "orange", ["F4", "F5"]).region(2, "lime", ["D4"])
    state = table.state()
    play(state, "buy R0", "site M", "place lemon E1")
    assert region_at(state.view(None), "E3")["size"] == 3
    assert site(state.view(None), "A")["filled"] == 6
    events = state.apply("end turn")
    assert not of_kind(events, "finca_scored") and state.is_terminal()
    # A pays 5 to seat 0 alone; B, C, D and the new M have no region beside them
    assert [p["final_fincas"] for p in state.result().breakdown] == [5, 0, 0]


@pytest.mark.parametrize(
    ("label", "words"),
    [
        ("D3", "D3 is a rock: a Bull never goes on a rock"),
        ("E4", "E4 is a building site: a Bull never goes on a building site"),  # Finca A
        ("I4", "I4 is a building site: a Bull never goes on a building site"),  # open site H
        ("C2", "C2 is a building site: a Bull never goes on a building site"),  # site E, in the stack
        ("F3", "a Bull goes only on an empty space; F3 is not empty"),  # a landscape tile
    ],
)
def test_a_bull_refused_says_what_stands_in_its_way(label, words):
    """Seed: "The bull can be put on any empty space on the board, as long as it's not on a rock or
    another landscape tile." Reference §8.4 and G14: nor on a building site. The refusal names the
    rule the space breaks: site E's space is empty, yet still a building site."""
    state = Table().give(0, "bull").state()
    assert f"bull {label}" not in texts(state)
    assert state.refusal(f"bull {label}") == "bull.not_empty"
    assert state.explain(f"bull {label}") == words
    with pytest.raises(IllegalAction, match=words):
        state.apply(f"bull {label}")


def stuck(*tiles: str) -> Table:
    """Seat 0 is to move with no coin and no region, holding ``tiles``; seat 1 owns a region (so
    the game is not blocked). Long side, seed 6 (it leaves Money tiles in the box)."""
    table = Table(2, seed=6).set("money", 0, 0).region(1, "orange", ["A10"])
    for tile in tiles:
        table.give(0, *(("money", 2) if tile == "money" else (tile,)))
    return table.market(full_market({1: "lemon"}))


def test_no_pass_while_cashing_money_would_pay_for_a_line():
    """Seed: "you have to take action. You can't just skip your turn." Variants (reference §9): a
    player passes only when they can neither harvest nor build; "A player whom cashing Money or a
    Cart would unblock may not pass: the only way forward is to use them and then take a main
    action." """
    state = stuck("money").state()
    assert texts(state) == {"cash 2"}
    assert state.refusal("pass") == "pass.can_act"
    with pytest.raises(IllegalAction, match="even after cashing your Money tiles"):
        state.apply("pass")
    state.apply("cash 2")
    assert "buy R0" in texts(state) and "pass" not in texts(state)


def test_no_pass_while_a_cart_could_be_used():
    """Reference §9: no pass while "the player holds [a] Cart that could be used (a Cart's tile
    always leaves the player with a region to harvest)". Seat 0 takes the lemon with its Cart,
    builds it on Finca A's north road, and then harvests it as its main action."""
    state = stuck("cart").state()
    assert "pass" not in texts(state) and texts(state, "cart")
    assert state.refusal("pass") == "pass.can_act"
    play(state, "cart 1", "place lemon E3")
    assert texts(state) == {"harvest E3"}
    events = play(state, "harvest E3", "collect income", "end turn")
    assert of_kind(events, "harvest")[0].data["points"] == 1


def test_a_stuck_player_may_put_down_a_bull_and_then_pass():
    """Seed: special actions "whenever you want during your turn"; the Bull "can trigger a scoring
    event called a Finca scoring"; "If, after I take my turn, I see that all 8 spaces surrounding
    a Finca are filled …, then it's time to score that Finca." Reference §9: a stuck player "may
    still use action tiles, then passes". Seat 0 closes Finca A's ring (10/5) with its Bull and
    passes: the Finca is scored at the end of that turn, all of it to seat 1."""
    table = stuck("bull").finca("A", 10).region(1, "lemon", ["E3"]).region(1, "grapefruit", ["E5"])
    state = table.region(1, "lime", ["D4"]).region(1, "blood", ["F4", "F5"]).state()
    assert "pass" in texts(state) and not texts(state, "buy") and not texts(state, "harvest")
    state.apply("bull D5")
    assert texts(state) == {"pass"}
    events = state.apply("pass")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "A" and scored.data["totals"] == [0, 5] and scored.data["awards"] == [0, 10]
    assert state.view(None)["current_player"] == 1


def test_returned_tiles_go_back_before_the_refill():
    """Seed: "you must return the tiles you can't use to the market in the order of the numbers on
    the market spaces. When you have to return a tile back to the market, you lose 3 points." —
    "If there are only 3 or fewer plantations left on the market after buying, a new Finca is built
    and the market is refilled." Reference §5.7 (free placement): returned tiles take the empty
    spaces "in ascending number order, as in a refill, and before any refill of this turn". Seat 0
    buys R1 (lemon, orange, lime) leaving one tile, so a Finca comes; its last worker builds the
    lemon, the orange and the lime go back to spaces 1 and 2, and then the bag fills the rest."""
    table = Table(free_placement=True)
    for colour, label in zip(("blood", "grapefruit", "blood", "grapefruit"), ("A10", "C10", "E10", "J10"), strict=True):
        table.region(0, colour, [label])
    state = table.market({2: "lemon", 3: "orange", 4: "lime", 5: "blood"}).state()
    play(state, "buy R1", "site M")
    events = state.apply("place lemon E3")
    (returned,) = of_kind(events, "returned")
    (refill,) = of_kind(events, "refill")
    assert events.index(returned) < events.index(refill)
    assert [number + 1 for number, _tile in returned.data["tiles"]] == [1, 2]
    assert returned.data["penalty"] == 6 and returned.data["refund"] == 2
    assert [number + 1 for number, _tile in refill.data["tiles"]] == [3, 4, 6, 7, 8, 9, 10, 11, 12]
    view = state.view(0)
    assert [view["market"]["spaces"][i]["tile"]["type"] for i in (0, 1, 4)] == ["orange", "lime", "blood"]
    assert view["players"][0]["points"]["penalties"] == -6
    assert view["players"][0]["money"] == 5  # 6 − 3 paid + 2 refunded


def test_one_tile_that_encloses_two_fincas_scores_both():
    """Seed: "If, after I take my turn, I see that all 8 spaces surrounding a Finca are filled …
    then it's time to score that Finca." Reference §7.1: "Every enclosed Finca is scored. When
    several are enclosed at once, they are independent". M5 is Finca B's (8/4) south road and a
    diagonal neighbour of Finca L (6/3, built earlier on N6); seat 0's grapefruit there closes both
    rings, and counts for seat 0 at both."""
    table = Table().finca("B", 8).new_finca("L", 6)
    table.region(0, "lemon", ["M3", "L3"]).region(1, "orange", ["L4", "L5"]).region(2, "lime", ["N4", "N5"])
    table.region(0, "grapefruit", ["O5", "O6", "O7"]).region(1, "blood", ["M6", "M7"]).region(2, "orange", ["N7"])
    state = table.market(full_market({1: "grapefruit"})).state()
    view = state.view(None)
    assert site(view, "B")["filled"] == site(view, "L")["filled"] == 7
    events = play(state, "buy R0", "place grapefruit M5", "end turn")
    scored = {e.data["site"]: e.data for e in of_kind(events, "finca_scored")}
    assert scored["B"]["totals"] == [3, 2, 2] and scored["B"]["awards"] == [8, 4, 4]
    assert scored["L"]["totals"] == [4, 2, 3] and scored["L"]["awards"] == [6, 0, 3]
    assert [p["points"]["fincas"] for p in state.view(None)["players"]] == [14, 4, 7]


def test_a_scored_finca_keeps_its_roads():
    """Seed: "After scoring, the Finca tile is flipped face-down to denote that it has been scored."
    — "Every road that leads from a Finca (or a building site) must have a plantation of a
    different color." — "if a player builds a plantation on the spot where the bull is, the bull
    can be picked up again". Reference G16: "A scored (face-down) Finca keeps live roads … new
    regions may still start on them". Seat 0 closes Finca A with its Bull on the north road E3;
    next turn seat 1 starts a lemon region there (an orange is refused: F4 holds one) and takes
    the Bull."""
    table = Table(2).finca("A", 10).give(0, "bull").region(0, "lime", ["D4", "D5"])
    table.region(1, "orange", ["F4", "F5"]).region(1, "grapefruit", ["E5"])
    state = table.market(full_market({1: "lemon", 5: "lemon", 9: "orange"})).state()
    events = play(state, "bull E3", "buy R0", "place lemon D8", "end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "A" and scored.data["awards"] == [5, 10]
    assert site(state.view(None), "A")["finca"]["scored"]
    state.apply("buy C0")
    assert "place lemon E3" in texts(state) and "place orange E3" not in texts(state)
    assert state.refusal("place orange E3") == "place.variety"
    workers = state.view(1)["players"][1]["workers"]
    (placed,) = of_kind(state.apply("place lemon E3"), "place")
    assert placed.data["new_region"] and placed.data["pickup"] == {"kind": "bull", "value": 0}
    view = state.view(1)
    assert view["players"][1]["workers"] == workers - 1 and region_at(view, "E3")["owner"] == 1
    assert held(view, 1) == ["bull"]
