"""Rules §13: every worked example E1–E21 played through actions, with its exact numbers.

Each example is set up on the real board (long side unless it says otherwise, seed 1; see
:mod:`.rulebook_table`: only the JSON round trip is used to put regions, tiles and money where
the example needs them) and then played with ``state.apply`` — ``buy``, ``place``, ``harvest``,
``collect income``, ``end turn`` — reading the outcome from ``view()``, events and ``result()``.
Finca A stands on E4 (roads E3, F4, E5, D4; D3 a rock, F3 a landscape tile), Finca C on E8
(roads E7, F8, E9, D8; F7 a landscape tile).
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction

from .rulebook_table import (
    Table,
    build_anything,
    finish_building,
    full_market,
    of_kind,
    play,
    region_at,
    site,
    texts,
)

KLEMENS, STEFAN, ANJA, ANDREA = range(4)


def one_tile_regions(table: Table, seat: int, *colours: str) -> Table:
    """Regions of one tile each on the bottom row, far from every Finca."""
    for colour, label in zip(colours, ("A10", "C10", "E10", "J10", "L10"), strict=False):
        table.region(seat, colour, [label])
    return table


def test_e1_finca_scoring_example():
    """Seed: "Let's say Klemens has 5 lime plantations, Stefan has 2 lime and 3 orange, Anja has 3
    orange, and Andrea has 4 lemon and 3 grapefruit. Andrea (with a total of 7 plantation tiles)
    scores 10 points, and Klemens and Stefan (both with 5 plantations) receive 5 points each."
    Anja closes the ring around the 10/5 Finca C with her third orange, then ends her turn."""
    table = Table(4, first_player=ANJA + 1).finca("C", 10)
    table.region(ANDREA, "lemon", ["E7", "F7", "F6", "F5"]).region(ANDREA, "grapefruit", ["D8", "C8", "B8"])
    table.region(KLEMENS, "lime", ["F8", "G8", "H8", "H7", "H6"])
    table.region(STEFAN, "orange", ["D7", "D6", "D5"]).region(STEFAN, "lime", ["D9", "C9"])
    table.region(ANJA, "orange", ["E9", "E10"]).market(full_market({1: "orange"}))
    state = table.state()
    assert site(state.view(None), "C")["filled"] == 7
    play(state, "buy R0", "place orange F9")
    assert region_at(state.view(None), "F9")["size"] == 3
    events = state.apply("end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "C"
    assert scored.data["totals"] == [5, 5, 3, 7]
    assert scored.data["awards"] == [5, 5, 0, 10]
    view = state.view(None)
    assert [p["points"]["fincas"] for p in view["players"]] == [5, 5, 0, 10]
    assert site(view, "C")["finca"]["scored"]  # turned face down


def test_e2_e3_harvest_points_and_income():
    """Seed: "let's say I have a region of 6 orange plantations, and 2 of them have a well. When I
    harvest this region, I earn 8 points in total, and my worker returns to my player mat." —
    "After I'm done harvesting, I have 3 workers on my player mat. I get 6 coins as income." """
    table = Table().region(0, "orange", ["J9", "K9", "L9", "I10", "J10", "L10"], wells=2)
    table.region(0, "lime", ["A10"]).region(0, "lemon", ["C10"]).set("money", 0, 3)
    state = table.state()
    assert state.view(0)["players"][0]["workers"] == 2
    events = state.apply("harvest J9")
    assert of_kind(events, "harvest")[0].data["points"] == 8
    view = state.view(0)
    assert view["players"][0]["points"]["harvests"] == 8  # 4 × 1 + 2 × 2
    assert view["players"][0]["workers"] == 3
    assert region_at(view, "J9")["owner"] == -1  # neutral, still on the board
    events = state.apply("collect income")
    assert of_kind(events, "income")[0].data == {"income": 6, "gained": 6}
    assert state.view(0)["players"][0]["money"] == 9


def test_e4_income_sequence():
    """Reference §13 E4 (a play report): with every worker out, harvesting one region a turn gives
    +2 then +4; harvesting two in one turn gives +4 only: income is paid once per Harvest."""
    table = one_tile_regions(Table(2), 0, "lemon", "orange", "blood", "lime", "grapefruit").set("money", 0, 0)
    state = table.state()
    play(state, "harvest A10", "collect income")
    assert state.view(0)["players"][0]["money"] == 2
    state.apply("end turn")
    build_anything(state)  # the other player's turn
    play(state, "harvest C10", "collect income")
    assert state.view(0)["players"][0]["money"] == 6  # +2, then +4
    state = table.state()
    play(state, "harvest A10", "harvest C10", "collect income")
    assert state.view(0)["players"][0]["money"] == 4


def test_e5_money_cap():
    """Seed: "If doing so would give you more than 12 coins, you'll have to say goodbye to the extra
    ones." With 9 coins an income of 6 gives 12; a Money tile of 3 cashed at 11 gives 12."""
    table = one_tile_regions(Table(seed=6), 0, "lemon", "orange", "blood").set("money", 0, 9)
    state = table.state()
    state.apply("harvest A10")
    events = state.apply("collect income")
    assert of_kind(events, "income")[0].data == {"income": 6, "gained": 3}
    assert state.view(0)["players"][0]["money"] == 12
    state = Table(seed=6).give(0, "money", 3).set("money", 0, 11).state()
    state.apply("cash 3")
    assert state.view(0)["players"][0]["money"] == 12


def test_e6_returned_tiles_free_placement():
    """Seed: "if you make the mistake of taking a row of plantations from the market and later
    realize that you can't afford or build all of them, you must return the tiles you can't use to
    the market in the order of the numbers on the market spaces. When you have to return a tile
    back to the market, you lose 3 points." The player's last worker starts the lemon; the orange
    and the lime have nowhere to go."""
    table = one_tile_regions(Table(free_placement=True), 0, "blood", "grapefruit", "blood", "grapefruit")
    table.market(full_market({2: "lemon", 3: "orange", 4: "lime"}))
    state = table.state()
    state.apply("buy R1")
    assert state.view(0)["players"][0]["money"] == 3
    events = state.apply("place lemon E3")
    (returned,) = of_kind(events, "returned")
    assert returned.data["penalty"] == 6
    view = state.view(0)
    assert view["players"][0]["points"]["penalties"] == -6
    assert view["players"][0]["money"] == 5  # 1 coin paid, for the tile kept
    spaces = view["market"]["spaces"]
    assert [spaces[1]["tile"]["type"], spaces[2]["tile"]["type"]] == ["orange", "lime"]  # spaces 2 and 3
    assert spaces[3]["tile"] is None
    assert view["phase"] == "after"


E7_MARKET = {
    1: "lemon",
    2: "blood",
    3: "lemon",
    4: "orange",
    5: "orange",
    6: "grapefruit",
    7: "lime",
    8: "blood",
    9: "lime",
    10: "lemon",
    11: "lemon",
    12: "grapefruit",
}


def test_e7_market_trigger_and_refill_order():
    """Seed: "When you collect plantations from the market and there are only three or fewer
    plantations left, it's time to construct a brand new Finca." — "After refilling the market by
    drawing tiles from the cloth bag, place them on the free spaces in the order of the numbers on
    those spaces until all 12 spots are filled." Reference §13 E7's purchases, turn by turn."""
    state = Table().market(E7_MARKET).state()
    for line in ("R0", "C0", "C1"):
        events = state.apply(f"buy {line}") + finish_building(state) + state.apply("end turn")
        assert not of_kind(events, "refill") and not of_kind(events, "finca")
    view = state.view(0)
    assert [m["number"] for m in view["market"]["spaces"] if m["tile"]] == [3, 4, 7, 8, 11, 12]
    money = view["players"][0]["money"]
    state.apply("buy C3")  # spaces 1, 4, 8, 12: space 1 is empty, so 3 tiles
    view = state.view(0)
    assert view["players"][0]["money"] == money - 3
    assert [m["number"] for m in view["market"]["spaces"] if m["tile"]] == [3, 7, 11]
    assert view["phase"] == "site"  # the new Finca comes before placing
    events = finish_building(state)
    assert of_kind(events, "finca")
    (refill,) = of_kind(events, "refill")
    assert [number + 1 for number, _tile in refill.data["tiles"]] == [1, 2, 4, 5, 6, 8, 9, 10, 12]


def test_e7_four_tiles_left_means_no_finca_and_no_refill():
    """Reference §13 E7: "If the market had been left with 4 tiles, there would be no Finca and no
    refill." """
    market = {n: t for n, t in E7_MARKET.items() if n in (3, 4, 7, 8, 10, 11, 12)}
    state = Table().market(market).state()
    state.apply("buy C3")
    view = state.view(0)
    assert view["phase"] == "place" and not view["refill_pending"]
    events = finish_building(state)
    assert not of_kind(events, "refill") and not of_kind(events, "finca")


def test_e8_variety_and_family():
    """Seed: "Every road that leads from a Finca (or a building site) must have a plantation of a
    different color … since there is already a lemon plantation next to the road on the right, you
    cannot build another lemon plantation next to the upper road. Remember: This rule doesn't apply
    if you're playing the family version." """
    for family in (False, True):
        state = Table(family=family).region(1, "lemon", ["F4"]).market(full_market({1: "lemon"})).state()
        state.apply("buy R0")
        legal = texts(state)
        for road in ("E3", "D4", "E5"):  # north, west and south roads of A; F4 (east) holds a lemon
            assert (f"place lemon {road}" in legal) is family
        if not family:
            with pytest.raises(IllegalAction):
                state.apply("place lemon E3")


def test_e9_own_merge_returns_a_worker():
    """Seed: "you can create a plantation by combining two regions of the same color that you
    already own. When you do this, you must immediately return one of your workers to your player
    mat". Lime regions of 2 and 3 become one of 6; no income and no points."""
    table = Table().region(0, "lime", ["I10", "J10"]).region(0, "lime", ["K9", "L9", "L10"])
    state = table.market(full_market({1: "lime"})).state()
    assert state.view(0)["players"][0]["workers"] == 3
    state.apply("buy R0")
    before = state.view(0)["players"][0]
    events = state.apply("place lime K10")
    assert of_kind(events, "place")[0].data["workers_back"] == 1
    view = state.view(0)
    merged = region_at(view, "K10")
    assert merged["size"] == 6 and merged["owner"] == 0
    assert view["players"][0]["workers"] == 4
    assert view["players"][0]["money"] == before["money"] and view["players"][0]["score"] == before["score"]


def test_e10_neutral_merge():
    """Seed: "If you want to create a plantation that connects one of your regions to a neutral
    region of the same color, you must ensure that your region is equal to or bigger than the
    neutral region before the merger. If the neutral region is larger, you are not allowed to
    merge." Reference §5.3.6: a new region (size 0) may never touch a neutral one of its colour."""
    table = Table().region(0, "lime", ["I10", "J10", "J9"]).clear("M10").region(-1, "lime", ["L9", "L10", "M10"])
    state = table.market(full_market({1: "lime"})).state()
    play(state, "buy R0", "place lime K10")
    merged = region_at(state.view(0), "M10")
    assert merged["size"] == 7 and merged["owner"] == 0

    table = Table().region(0, "lime", ["I10", "J10"]).clear("M10").region(-1, "lime", ["L9", "L10", "M10"])
    state = table.market(full_market({1: "lime"})).state()
    state.apply("buy R0")
    assert "place lime K10" not in texts(state)
    with pytest.raises(IllegalAction):
        state.apply("place lime K10")

    state = Table().region(-1, "lime", ["F5"]).market(full_market({1: "lime"})).state()
    state.apply("buy R0")
    assert "place lime E5" not in texts(state)  # a new region on A's south road, beside the neutral lime
    assert "place lime E3" in texts(state)


def test_e11_unenclosed_finca_at_the_end():
    """Seed: "All the Fincas that haven't been encircled are now scored. However, this time, only
    the player with the most plantations … receives points. They receive the smaller number of
    points … If there's a tie for first place, those players all get the same number of points."
    Finca A (10/5), totals 6, 6 and 4, with E5 still empty when the last tile is built."""
    table = Table().bag().market({1: "lemon"}).finca("A", 10)
    table.region(0, "lemon", ["E3", "E2", "E1", "D1", "F1"])
    table.region(1, "orange", ["F4", "F5", "G5", "H5", "H4", "H3"])
    table.region(2, "lime", ["D4", "D5", "C5", "B5"])
    state = table.state()
    play(state, "buy R0", "site M", "place lemon F2")  # the lemon region grows to 6
    assert site(state.view(None), "A")["filled"] == 7
    events = state.apply("end turn")
    assert not of_kind(events, "finca_scored")
    assert [p["final_fincas"] for p in state.result().breakdown] == [5, 5, 0]


@pytest.mark.parametrize(
    ("high", "regions", "totals", "awards"),
    [
        # E12: a tie for first: both take the high value, nobody the low one
        (8, [(0, "lemon", ["E3", "E2", "E1"]), (1, "orange", ["F4", "F5", "G5", "H5"]),
             (2, "lime", ["D4", "D5", "C5"])], [4, 4, 3], [8, 8, 0]),
        # E13: a single participant takes the high value
        (6, [(0, "lemon", ["E3"]), (0, "orange", ["F4", "F5"]), (0, "lime", ["D4", "D5"])], [6, 0, 0], [6, 0, 0]),
    ],
)  # fmt: skip
def test_e12_e13_awards(high, regions, totals, awards):
    """Seed: "If multiple players have the same number of plantations, they all get the maximum
    number of points for 1st place. No one gets points for 2nd place in this scenario." — "When
    only one player has regions adjacent to a Finca when it is scored, that player receives the
    points for 1st place." Seat 0 closes Finca A's ring with a grapefruit on E5."""
    table = Table().finca("A", high).market(full_market({1: "grapefruit"}))
    for owner, colour, labels in regions:
        table.region(owner, colour, labels)
    state = table.state()
    events = play(state, "buy R0", "place grapefruit E5", "end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["totals"] == totals and scored.data["awards"] == awards


def test_e14_short_version_tile_count():
    """Variants (short version): remove 3 plain and 2 well tiles of each type: 65 tiles, 13 of each
    type, 9 plain and 4 with a well (reference §1.2)."""
    view = Table(board="short").state().view(None)
    counts = {(c["type"], c["well"]): c["count"] for c in view["bag"]["counts"]}
    for space in view["market"]["spaces"]:
        counts[space["tile"]["type"], space["tile"]["well"]] += 1
    assert sum(counts.values()) == 65
    for colour in view["types"]:
        assert counts[colour, False] == 9 and counts[colour, True] == 4


def test_e15_start_state():
    """Seed, "Getting Started": a landscape tile face up on each landscape space; 4 Fincas on A, B,
    C, D; 12 tiles on the market; the top 3 building sites revealed; money markers on 6, 5 workers
    on the mat, the 6th on the 0 space of the score track. Short version: 3 starting Fincas (A–C)
    and building sites D–K."""
    view = Table(4).state().view(None)
    board = view["board"]
    landscape_spaces = [i for i, kind in enumerate(board["type"]) if kind == "landscape"]
    assert all(board["landscape"][i] for i in landscape_spaces)  # one landscape tile on each
    for player in view["players"]:
        assert (player["money"], player["workers"], player["score"]) == (6, 5, 0)
    assert all(m["tile"] for m in view["market"]["spaces"]) and view["bag"]["size"] == 78
    assert [s["letter"] for s in view["sites"] if s["state"] == "finca"] == ["A", "B", "C", "D"]
    assert len(view["open_sites"]) == 3 and set(view["open_sites"]) <= set("EFGHIJKLMNO")
    short = Table(3, board="short").state().view(None)
    assert short["bag"]["size"] == 53
    assert [s["letter"] for s in short["sites"] if s["state"] == "finca"] == ["A", "B", "C"]
    assert set(short["open_sites"]) <= set("DEFGHIJK")


def test_e16_final_landscape_scoring():
    """Seed: "Each player receives points for their wild horses, with each horse worth 1 point. And
    don't forget about those unused action tiles – they're also worth 1 point each." Horses 3 and
    4, an unused Cart and an unused Money(2): +9, and the Money tile is not cashed."""
    table = Table(seed=6).bag().market({1: "lemon"})
    table.give(0, "horses", 3).give(0, "horses", 4).give(0, "cart").give(0, "money", 2)
    state = table.state()
    money = state.view(0)["players"][0]["money"]
    state.apply("buy R0")
    finish_building(state)
    state.apply("end turn")
    parts = state.result().breakdown[0]
    assert parts["horses"] + parts["action_tiles"] == 9
    assert state.view(0)["players"][0]["money"] == money - 1  # only the lemon was paid for


def test_e17_edge_finca_on_the_short_side():
    """Variants (short version): Fincas on the edge of the board score when their 5 on-board
    neighbours are occupied. Finca K (6/3) on G9; its diagonal H8 is a landscape space, filled from
    the start. Seat 0 closes the ring with a lemon on F9."""
    table = Table(2, board="short").new_finca("K", 6)
    table.region(0, "lemon", ["F8"]).region(0, "orange", ["G8"]).region(1, "lime", ["H9"])
    state = table.market(full_market({1: "lemon"})).state()
    k = site(state.view(None), "K")
    assert sorted(k["ring"]) == ["F8", "F9", "G8", "H8", "H9"] and k["neighbours"] == 5
    assert k["filled"] == 4
    events = play(state, "buy R0", "place lemon F9", "end turn")
    (scored,) = of_kind(events, "finca_scored")
    assert scored.data["site"] == "K" and scored.data["totals"] == [3, 1] and scored.data["awards"] == [6, 3]


def test_e18_line_lengths_and_one_coin():
    """Seed: "It costs 1 coin for each plantation you want to buy." On a full market the lines hold
    1, 3, 4, 4, 2, 3, 3 and 4 tiles; with 1 coin only the one-tile line R0 can be bought."""
    view = Table().state().view(0)
    assert [line["tiles"] for line in view["market"]["lines"]] == [1, 3, 4, 4, 2, 3, 3, 4]
    state = Table().set("money", 0, 1).state()
    assert texts(state, "buy") == {"buy R0"}


def test_e19_refill_without_a_finca():
    """Seed: "If there aren't enough tiles left in the bag, the market won't be completely filled."
    Reference §13 E19: the Finca stack is empty, the market holds 6 tiles and the bag 5; a purchase
    of 3 leaves 3: no Finca, and after placement the 5 tiles go on the 5 lowest empty spaces."""
    table = Table().no_more_fincas().bag({"grapefruit": 5})
    state = table.market({1: "lemon", 2: "orange", 3: "lime", 4: "blood", 5: "lemon", 9: "orange"}).state()
    state.apply("buy R1")
    view = state.view(0)
    assert view["phase"] == "place" and view["refill_pending"]
    events = finish_building(state)
    assert not of_kind(events, "finca")
    (refill,) = of_kind(events, "refill")
    assert [number + 1 for number, _tile in refill.data["tiles"]] == [2, 3, 4, 6, 7]
    assert state.view(0)["bag"]["size"] == 0


def test_e20_extension_on_a_road_takes_no_worker():
    """Seed: "No additional workers are needed when expanding your regions." A player with no
    worker on the mat extends a lemon onto Finca A's south road."""
    table = one_tile_regions(Table().region(0, "lemon", ["F5"]), 0, "orange", "blood", "lime", "grapefruit")
    state = table.market(full_market({1: "lemon"})).state()
    assert state.view(0)["players"][0]["workers"] == 0
    state.apply("buy R0")
    assert "place lemon E5" in texts(state)
    state.apply("place lemon E5")
    view = state.view(0)
    assert view["players"][0]["workers"] == 0 and region_at(view, "E5")["size"] == 2


#: Every road of the four starting Fincas, covered by a neutral tile (N lemon, E orange, S lime, W blood).
ROADS = {"A": "E3 F4 E5 D4", "B": "M3 N4 M5 L4", "C": "E7 F8 E9 D8", "D": "M7 N8 M9 L8"}


def no_free_finca_road(table: Table) -> Table:
    for roads in ROADS.values():
        for colour, label in zip(("lemon", "orange", "lime", "blood"), roads.split(), strict=True):
            table.region(-1, colour, [label])
    return table


def test_e21_blocked_game():
    """Variants (blocked game, reference §9): if no player can take a turn, a new Finca is added,
    the player due to move choosing its site, and play goes on. Here every Finca road is covered:
    once seat 0 harvests its only region, nobody can build or harvest."""
    table = no_free_finca_road(Table(2)).region(0, "grapefruit", ["A10"])
    state = table.state()
    events = play(state, "harvest A10", "collect income", "end turn")
    assert of_kind(events, "blocked")
    view = state.view(None)
    assert view["phase"] == "blocked_site" and view["current_player"] == 1
    fincas = sum(s["state"] == "finca" for s in view["sites"])
    events = state.apply(sorted(texts(state))[0])
    assert of_kind(events, "finca")
    view = state.view(None)
    assert sum(s["state"] == "finca" for s in view["sites"]) == fincas + 1
    assert view["phase"] == "main" and view["current_player"] == 1
    assert texts(state, "buy")  # the new Finca's roads are free


def test_e21_blocked_game_with_nothing_to_add_ends():
    """Reference §9/G10: if no Finca can be added and the market is full, the game ends at once
    with final scoring."""
    table = no_free_finca_road(Table(2)).region(0, "grapefruit", ["A10"]).no_more_fincas()
    state = table.state()
    events = play(state, "harvest A10", "collect income", "end turn")
    (over,) = of_kind(events, "game_over")
    assert over.data["blocked"] and state.is_terminal()


def test_pass_when_only_this_player_is_stuck():
    """Variants (reference §9): a player who can neither harvest nor build passes — while another
    player can still act."""
    table = no_free_finca_road(Table(2, first_player=2)).region(1, "lemon", ["A10"]).region(1, "orange", ["C10"])
    state = table.state()
    play(state, "harvest A10", "collect income", "end turn")
    assert texts(state) == {"pass"}
    state.apply("pass")
    assert state.view(None)["current_player"] == 1
