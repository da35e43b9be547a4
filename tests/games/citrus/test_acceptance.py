"""Rules §13: every worked example E1–E21 as a test with its exact numbers."""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.rules import AFTER, BLOCKED_SITE, MAIN, OVER, PLACE, SITE_CHOICE, finca_awards

from .positions import (
    begin_placing,
    events_of,
    finca_id,
    fresh,
    give,
    kind,
    legal_texts,
    region,
    sandbox,
    set_market,
    touch,
)

KLEMENS, STEFAN, ANJA, ANDREA = range(4)


def test_e1_finca_scoring_example():
    s = sandbox(4)
    s.fincas[0] = finca_id(10)
    region(s, ANDREA, "lemon", ["F5", "F4", "F3", "F2"])
    region(s, ANDREA, "grapefruit", ["E6", "D6", "C6"])
    region(s, KLEMENS, "lime", ["G6", "H6", "I6", "J6", "K6"])
    region(s, STEFAN, "orange", ["G5", "G4", "G3"])
    region(s, STEFAN, "lime", ["E7", "E8"])
    region(s, ANJA, "orange", ["F7", "F8", "F9"])
    assert all(s.occupied(sp) for sp in s.geo.site_ring[0])
    assert s.finca_totals(0) == [5, 5, 3, 7]
    events: list = []
    s._score_finca(0, events)
    assert [p[1] for p in s.points] == [5, 5, 0, 10]
    assert s.scored[0] == 1
    assert events[0].data["awards"] == [5, 5, 0, 10]


def test_e2_e3_harvest_points_and_income():
    s = fresh(3)
    region(s, 0, "orange", ["J9", "K9", "L9", "I10", "J10", "L10"], wells=2)
    region(s, 0, "lime", ["A10"])
    region(s, 0, "lemon", ["A9"])
    assert s.workers[0] == 2
    s.apply("harvest J9")
    assert s.points[0][0] == 8  # 4×1 + 2×2
    assert s.workers[0] == 3
    r = s.rid[s.geo.space("J9")]
    assert s.rown[r] == -1  # neutral
    money = s.money[0]
    s.apply("collect income")
    assert s.money[0] == money + 6  # E3: 3 workers on the mat


def test_e4_income_sequence():
    one_at_a_time = fresh(3)
    both = fresh(3)
    for s in (one_at_a_time, both):
        for i, label in enumerate(["A10", "C10", "E10", "F10", "I10"]):
            region(s, 0, C.types[i], [label])
        s.money[0] = 0
        assert s.workers[0] == 0
    s = one_at_a_time
    s.apply("harvest A10")
    s.apply("collect income")
    assert s.money[0] == 2
    s.phase, s.main_done = MAIN, False
    touch(s)
    s.apply("harvest C10")
    s.apply("collect income")
    assert s.money[0] == 6  # +2 then +4
    s = both
    s.apply("harvest A10")
    s.apply("harvest C10")
    s.apply("collect income")
    assert s.money[0] == 4


def test_e5_money_cap():
    s = fresh(3)
    for i, label in enumerate(["A10", "C10", "E10"]):
        region(s, 0, C.types[i], [label])
    s.money[0] = 9
    s.apply("harvest A10")
    events = s.apply("collect income")
    assert s.money[0] == 12 and events[0].data == {"income": 6, "gained": 3}
    s.money[0] = 11
    give(s, 0, "money", value=3)
    s.apply("cash 3")
    assert s.money[0] == 12


def test_e6_returned_tiles_free_placement():
    s = fresh(3, free_placement=True)
    full = {n: "grapefruit" for n in range(1, 13)}
    full.update({2: "lemon", 3: "orange", 4: "lime"})
    set_market(s, full)
    s.workers[0] = 1
    s.apply("buy R1")
    assert s.money[0] == 3
    events = s.apply("place lemon E3")  # the one worker starts a region on Finca A's north road
    returned = events_of(events, "returned")[0]
    assert returned.data["penalty"] == 6 and s.points[0][2] == -6
    assert s.money[0] == 5  # 1 coin paid for the tile kept
    assert [m for m, _k in returned.data["tiles"]] == [1, 2]  # market spaces 2 and 3
    assert s.phase == AFTER


def test_e7_market_trigger_and_refill_order():
    s = fresh(3)
    tiles = {3: "lemon", 4: "orange", 7: "lime", 8: "blood", 11: "lemon", 12: "grapefruit"}
    set_market(s, tiles)  # after R0, C0 and C1 were bought: {3, 4, 7, 8, 11, 12} remain
    s.apply("buy C3")
    assert s.money[0] == 3  # spaces 4, 8, 12: 3 tiles
    assert sorted(m + 1 for m, k in enumerate(s.market) if k >= 0) == [3, 7, 11]
    assert s.phase == SITE_CHOICE
    site = sorted(legal_texts(s))[0]
    s.apply(site)
    assert s.phase == PLACE
    events = []
    while s.phase == PLACE:
        place = next(a for a in s.legal_actions() if a.kind == "place")
        events += s.apply(place)
    refill = events_of(events, "refill")[0]
    assert [m + 1 for m, _k in refill.data["tiles"]] == [1, 2, 4, 5, 6, 8, 9, 10, 12]


def test_e7_four_tiles_left_means_no_finca_and_no_refill():
    s = fresh(3)
    set_market(s, {3: "lemon", 4: "orange", 7: "lime", 8: "blood", 11: "lemon", 12: "grapefruit", 10: "lime"})
    s.apply("buy C3")
    assert s.phase == PLACE and not s.refill_pending


def test_e8_variety_and_family():
    for family in (False, True):
        s = fresh(3, family=family)
        region(s, 1, "lemon", ["F4"])  # Finca A's east road
        begin_placing(s, 0, "lemon")
        legal = legal_texts(s)
        assert ("place lemon E3" in legal) is family
        assert ("place lemon D4" in legal) is family
    with pytest.raises(IllegalAction, match="variety"):
        s = fresh(3)
        region(s, 1, "lemon", ["F4"])
        begin_placing(s, 0, "lemon")
        s.apply("place lemon E3")


def test_e9_own_merge_returns_a_worker():
    s = fresh(3)
    region(s, 0, "lime", ["I10", "J10"])
    region(s, 0, "lime", ["K9", "L9", "L10"])
    assert s.workers[0] == 3
    begin_placing(s, 0, "lime")
    money, points = s.money[0], list(s.points[0])
    s.apply("place lime K10")
    r = s.rid[s.geo.space("K10")]
    assert len(s.rcells[r]) == 6 and s.rown[r] == 0
    assert s.workers[0] == 4
    assert s.money[0] == money and s.points[0] == points


def test_e10_neutral_merge():
    s = fresh(3)
    region(s, 0, "lime", ["I10", "J10", "J9"])
    region(s, -1, "lime", ["L9", "L10", "M10"])
    begin_placing(s, 0, "lime")
    s.apply("place lime K10")
    assert len(s.rcells[s.rid[s.geo.space("K10")]]) == 7
    assert s.rown[s.rid[s.geo.space("M10")]] == 0

    s = fresh(3)
    region(s, 0, "lime", ["I10", "J10"])
    region(s, -1, "lime", ["L9", "L10", "M10"])
    begin_placing(s, 0, "lime")
    with pytest.raises(IllegalAction, match="neutral lime region of 3 to yours of only 2"):
        s.apply("place lime K10")

    s = fresh(3)
    region(s, -1, "lime", ["F5"])
    begin_placing(s, 0, "lime")
    with pytest.raises(IllegalAction, match="new lime region may not touch a neutral lime region"):
        s.apply("place lime E5")


def test_e11_unenclosed_finca_at_the_end():
    s = fresh(3)
    s.fincas = [-1] * len(s.fincas)  # only Finca A on the board
    s.fincas[0] = finca_id(10)
    region(s, 0, "lemon", ["E3", "A10", "C10", "E10", "F10", "I10"])
    region(s, 1, "orange", ["F4", "J9", "K9", "L9", "J10", "L10"])
    region(s, 2, "lime", ["D4", "A9", "D9", "E9"])
    s._game_over([], blocked=False)
    assert [f["final_fincas"] for f in s.final] == [5, 5, 0]


def test_e12_e13_awards():
    assert finca_awards([4, 4, 3], 8, 4) == [8, 8, 0]
    assert finca_awards([0, 5, 0], 6, 3) == [0, 6, 0]
    assert finca_awards([5, 5, 3, 7], 10, 5) == [5, 5, 0, 10]
    assert finca_awards([0, 0], 10, 5) == [0, 0]


def test_e14_short_version_tile_count():
    bag = C.bag(short=True)
    assert sum(bag) == 65
    for t in range(5):
        assert bag[2 * t] == 9 and bag[2 * t + 1] == 4


def test_e15_start_state():
    s = fresh(4)
    assert s.money == [6] * 4 and s.workers == [5] * 4 and s.points == [[0, 0, 0]] * 4
    assert all(k >= 0 for k in s.market) and s.bag_size() == 78
    letters = s.geo.site_letters
    assert [letters[i] for i, f in enumerate(s.fincas) if f >= 0] == ["A", "B", "C", "D"]
    assert len(s.open_sites) == 3 and all(letters[i] in "EFGHIJKLMNO" for i in s.open_sites)
    short = fresh(3, board="short")
    assert short.bag_size() == 53
    assert [short.geo.site_letters[i] for i, f in enumerate(short.fincas) if f >= 0] == ["A", "B", "C"]
    assert all(short.geo.site_letters[i] in "DEFGHIJK" for i in short.open_sites)


def test_e16_final_landscape_scoring():
    s = fresh(3)
    give(s, 0, "horses", value=3)
    give(s, 0, "horses", value=4)
    give(s, 0, "cart")
    give(s, 0, "money", value=2)
    money = s.money[0]
    s._game_over([], blocked=False)
    assert s.final[0]["horses"] + s.final[0]["action_tiles"] == 9
    assert s.money[0] == money


def test_e17_edge_finca_on_the_short_side():
    s = fresh(2, board="short")
    k = s.geo.site("K")
    assert sorted(s.geo.labels[x] for x in s.geo.site_ring[k]) == ["F8", "F9", "G8", "H8", "H9"]
    s.fincas[k] = finca_id(6)
    assert s.occupied(s.geo.space("H8"))  # the diagonal landscape space counts from the start
    region(s, 0, "lemon", ["F8", "F9"])
    region(s, 0, "orange", ["G8"])
    region(s, 1, "lime", ["H9"])
    s.phase, s.main_done = AFTER, True
    touch(s)
    events = s.apply("end turn")
    scored = [e for e in events if e.kind == "finca_scored" and e.data["site"] == "K"]
    assert scored and scored[0].data["awards"] == [6, 3]


def test_e18_line_lengths_and_one_coin():
    s = fresh(3)
    assert [len(s.line_tiles(i)) for i in range(8)] == [1, 3, 4, 4, 2, 3, 3, 4]
    s.money[0] = 1
    touch(s)
    assert {a.text for a in s.legal_actions() if a.kind == "buy"} == {"buy R0"}


def test_e19_refill_without_a_finca():
    s = fresh(3)
    s.finca_stack = []
    set_market(s, {1: "lemon", 2: "orange", 3: "lime", 4: "blood", 5: "lemon", 9: "orange"})
    s.bag = [0] * C.kinds
    s.bag[kind("grapefruit")] = 5
    s.apply("buy R1")
    assert s.phase == PLACE and s.refill_pending
    events = []
    while s.phase == PLACE:
        events += s.apply(next(a for a in s.legal_actions() if a.kind == "place"))
    assert [m + 1 for m, _k in events_of(events, "refill")[0].data["tiles"]] == [2, 3, 4, 6, 7]
    assert s.bag_size() == 0


def test_e20_extension_on_a_road_takes_no_worker():
    s = fresh(3)
    region(s, 0, "lemon", ["F5"])
    s.workers[0] = 0
    begin_placing(s, 0, "lemon")
    assert "place lemon E5" in legal_texts(s)
    s.apply("place lemon E5")
    assert s.workers[0] == 0 and len(s.rcells[s.rid[s.geo.space("E5")]]) == 2


def test_e21_blocked_game():
    s = fresh(2)
    s.workers = [0, 0]  # nobody can start a region, nobody owns one
    s.money = [12, 12]
    touch(s)
    s._start_turn(0, [])
    assert s.phase == BLOCKED_SITE and s.current_player == 0
    fincas = sum(f >= 0 for f in s.fincas)
    s.apply(sorted(legal_texts(s))[0])
    assert sum(f >= 0 for f in s.fincas) == fincas + 1
    while not s.is_terminal():
        assert s.phase == BLOCKED_SITE
        s.apply(s.legal_actions()[0])
    assert s.final is not None

    s = fresh(2)
    s.workers = [0, 0]
    s.finca_stack = []
    touch(s)
    events: list = []
    s._start_turn(0, events)
    assert s.phase == OVER and events[-1].data["blocked"]


def test_pass_when_only_this_player_is_stuck():
    s = fresh(2)
    s.workers[0] = 0
    touch(s)
    events: list = []
    s._start_turn(0, events)
    assert s.phase == MAIN and legal_texts(s) == {"pass"}
    s.apply("pass")
    assert s.current_player == 1
