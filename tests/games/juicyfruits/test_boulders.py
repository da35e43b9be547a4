"""Module 2 — The boulders: mirrored setup, blocked corners, every condition, and the tray.

Rules §10.2, AMB-12/13/18/21, REC-11/12/13, and the seed's boulder tray example (§13 no. 6).
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.chance import CHANCE, Dealer
from fruitbowl.games.juicyfruits import boulders, draws
from fruitbowl.games.juicyfruits.boulders import BOULDER
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.island import CORNERS
from fruitbowl.games.juicyfruits.rules import ACTION, ARRANGE, BOULDER_PTS, MOVE, PLACE

from .positions import GAME, cell, end_of_game, island, new, phase, put_on_board, reserve, started, texts

BO = "boulders"


def deal(state, seat: int, corners: dict[str, str], removed: tuple[str, ...] = ()) -> None:
    """These boulders dealt to everyone; ``seat`` has ``corners`` still on its island."""
    dealt = [C.boulder_index(b) for b in (*corners.values(), *removed)]
    state.boulder_set = dealt
    state.tray = [0] * len(dealt)
    for name, boulder in corners.items():
        state.grid[seat][cell(name)] = BOULDER + C.boulder_index(boulder)
    state.removed[seat] = [C.boulder_index(b) for b in removed]
    state.forget_answers()


# ---------------------------------------------------------------- setup


def test_starting_player_gets_four_random_boulders_and_the_others_place_the_same():
    state = new(3, 5, modules=BO)
    first = state.first
    dealt = [state.grid[first][c] - BOULDER for c in CORNERS]
    assert sorted(dealt) == sorted(state.boulder_set) and len({C.boulders[d].tile for d in dealt}) == 4
    assert state.phase == ARRANGE and state.current_player == (first + 1) % 3
    view = state.view(state.current_player)
    assert view["pending"]["arrange"]["name"] == "a5"
    offered = texts(state)
    assert offered == sorted(offered) and len(offered) == 4
    # choose in reverse order: the last boulder goes on by itself
    for text in reversed(offered[1:]):
        state.apply(text)
    seat = (first + 1) % 3
    mine = [state.grid[seat][c] - BOULDER for c in CORNERS]
    assert sorted(mine) == sorted(dealt), "the same tiles, the same sides up"
    assert [C.boulders[m].id for m in mine[:3]] == [t.split()[1] for t in reversed(offered[1:])]
    assert state.current_player == (first + 2) % 3 and state.phase == ARRANGE
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.phase == MOVE and state.current_player == first and state.round == 1


def test_a_boulder_not_dealt_or_already_placed_is_refused():
    state = new(2, 1, modules=BO)
    used = {C.boulders[c].id for c in state.boulder_set}
    other = next(b.id for b in C.boulders if b.id not in used)
    with pytest.raises(IllegalAction, match="not one of the 4 dealt"):
        state.apply(f"boulder {other}")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="put your boulders on your corners"):
        state.apply("pass")
    assert state.to_json() == before


def test_solo_deals_your_corners_with_no_decision():
    state = new(1, 3, modules=BO)
    assert state.phase in (MOVE, ACTION) and all(state.grid[0][c] >= BOULDER for c in CORNERS)


@pytest.mark.parametrize(
    ("modules", "allowed"),
    [
        ({BO}, set()),
        ({BO, "mystic_island"}, {"8a"}),
        ({BO, "new_business"}, {"8b"}),
        ({BO, "mystic_island", "new_business"}, {"8a", "8b"}),
    ],
)
def test_tile_8_is_flipped_or_replaced_when_its_module_is_missing(modules, allowed):
    seen_eight = 0
    for seed in range(120):
        state = GAME.new_state(2, seed, {"modules": ",".join(sorted(modules)), "random_first": False})
        dealer = Dealer(seed)
        while state.current_player == CHANCE:
            if state.chance == draws.BOULDER_DRAW:  # a side that cannot come up is not even possible
                possible = {state.chance_table[code].text for code, _ in state.chance_outcomes()}
                assert {b for b in possible if b.startswith("boulder 8")} <= {f"boulder {b}" for b in allowed}
            state.apply(dealer.draw(state))
        dealt = state.boulder_set
        ids = [C.boulders[d].id for d in dealt]
        assert len({C.boulders[d].tile for d in dealt}) == 4, "four different tiles"
        eights = {i for i in ids if i.startswith("8")}
        assert eights <= allowed
        seen_eight += bool(eights)
    if allowed:
        assert seen_eight > 0


def test_boulders_block_their_corners_until_cleared():
    state = started()
    p = state.player
    island(state, p, {"a4": "collector banana"})
    deal(state, p, {"a5": "1b", "e5": "2b", "a1": "3a", "e1": "4b"})
    assert "move a4-a5" not in texts(state)
    assert "move a4-a2" in texts(state) and "move a4-a1" not in texts(state)
    state.apply("move a4-a3")
    phase(state, ACTION)
    reserve(state, p, "1B 1L")
    put_on_board(state, "T07", 1, 1)
    state.apply("claim T07")
    assert state.phase == PLACE and "place a5" not in texts(state) and "place e1" not in texts(state)


# ---------------------------------------------------------------- every condition


def holds(setup, boulder: str, players: int = 2) -> bool:
    state = started(players)
    p = state.player
    island(state, p, {})
    deal(state, p, {"a5": boulder})
    setup(state, p)
    return boulders.holds(state, p, C.boulder_index(boulder))


def _score(points):
    def setup(state, p):
        state.parts[p][0] = points

    return setup


def _ships(ids):
    def setup(state, p):
        state.supplied[p] = [C.ship_index(i) for i in ids]

    return setup


def _fruits(text):
    return lambda state, p: reserve(state, p, text)


def _tokens(pieces, owned):
    def setup(state, p):
        island(state, p, pieces, keep=True)
        state.owned[p] = [C.token_index(t) for t in owned]

    return setup


LINE = {"a3": "collector banana", "b3": "collector lime", "c3": "token T15", "d3": "collector orange"}
BROKEN = {"a3": "collector banana", "b3": "collector lime", "d3": "collector orange", "e3": "collector mangosteen"}
CART = {"a3": "collector banana", "b3": "collector lime", "c3": "token T21", "d3": "collector orange"}


@pytest.mark.parametrize(
    ("boulder", "yes", "no"),
    [
        ("1a", _score(25), _score(24)),
        ("1b", _score(35), _score(34)),
        ("2a", _ships(["S41", "S42", "S43"]), _ships(["S41", "S42", "S01", "S02", "S03"])),  # 12 vs 11
        ("2b", _ships([f"S0{i}" for i in range(1, 9)]), _ships([f"S0{i}" for i in range(1, 8)])),
        ("3a", _fruits("8B 1L"), _fruits("7B 7L")),
        ("3b", _fruits("3B 3L 3P 3O"), _fruits("3B 3L 3P 2O")),
        (
            "4a",
            _tokens({"a4": "token T07", "c5": "token T12"}, ["T07", "T12"]),
            _tokens({"a4": "token T07", "b4": "token T12"}, ["T07", "T12"]),  # b4 is a pond
        ),
        ("4b", _tokens({}, ["T07", "T12", "T15"]), _tokens({}, ["T07", "T12"])),
        ("5a", _tokens(LINE, []), _tokens(BROKEN, [])),
        (
            "6b",
            lambda s, p: island(s, p, {"b5": "ship S01", "e4": "ship S02"}, keep=True),  # S and W empty
            lambda s, p: island(s, p, {"b5": "ship S01", "e4": "ship S02", "a3": "ship S03"}, keep=True),
        ),
        ("7b", _fruits("1B 1L 1P 1O 1M"), _fruits("5B 5L 5P 5O")),
    ],
)
def test_each_condition_holds_exactly_at_its_threshold(boulder, yes, no):
    assert holds(yes, boulder)
    assert not holds(no, boulder)


def test_5a_needs_collectors_not_carts_in_one_unbroken_line():
    assert not holds(_tokens(CART, []), "5a")
    column = {"c5": "collector banana", "c4": "collector lime", "c3": "collector pomegranate", "c2": "token T16"}
    assert holds(_tokens(column, []), "5a")


def test_4a_counts_a_large_venue_only_if_none_of_its_spaces_is_a_pond():
    """§13 no. 27: small venue inland, stall on a pond, large venue covering two ponds."""
    pieces = {"c4": "token T07", "b4": "token T12"}
    state = started()
    p = state.player
    island(state, p, pieces)
    for name in ("c3", "d3", "c2", "d2"):
        state.grid[p][cell(name)] = 300 + 2
    state.owned[p] = [C.token_index(t) for t in ("T07", "T12", "T03")]
    assert boulders.tokens_off_ponds(state.grid[p]) == 1
    deal(state, p, {"a5": "4a", "e5": "4b"})
    assert not boulders.holds(state, p, C.boulder_index("4a"))
    assert boulders.holds(state, p, C.boulder_index("4b"))


def test_momentary_conditions_5b_and_7a_hold_for_the_rest_of_the_turn():
    state = started()
    p = state.player
    island(state, p, {"a4": "collector banana"})
    deal(state, p, {"e5": "5b", "a1": "7a"})
    reserve(state, p, "1B 1L")
    put_on_board(state, "T07", 1, 1)
    events = state.apply("move a4-a2")  # 2 fruits: not enough for 7a
    assert state.grid[p][cell("a1")] >= BOULDER and events[-1].kind != "boulder"
    state.apply("claim T07")
    events = state.apply("place b4")  # a pond
    assert [e.data["boulder"] for e in events if e.kind == "boulder"] == ["5b"]


def test_6a_follows_the_other_three_in_the_same_checkpoint_and_8a_8b():
    state = started(2, 1, modules="boulders,mystic_island,new_business")
    p = state.player
    island(state, p, {})
    deal(state, p, {"a5": "6a", "e5": "1a", "a1": "8a", "e1": "8b"})
    state.parts[p][0] = 30
    state.statues_won[p] = [1, 2]
    state.owned[p] = [C.token_index("X05")]
    events = []
    boulders.checkpoint(state, events)
    assert [e.data["boulder"] for e in events] == ["1a", "8a", "8b", "6a"]
    assert state.parts[p][BOULDER_PTS] == 12 and all(state.grid[p][c] == -1 for c in CORNERS)


def test_boulder_tray_example_4b_stacks_for_1_and_7a_first_for_3():
    """The seed's example: 4b is already on the tray, 7a is not — 1 + 3 = 4 points."""
    state = started()
    p = state.player
    island(state, p, {"b5": "collector banana", "c5": "token T07", "d4": "token T12"})
    state.owned[p] = [C.token_index("T07"), C.token_index("T12")]
    deal(state, p, {"a5": "3a", "e5": "4b", "a1": "7a", "e1": "1b"})
    state.tray[1] = 1  # the other player cleared their 4b earlier
    state.removed[1 - p] = [C.boulder_index("4b")]
    reserve(state, p, "1B 1L")
    put_on_board(state, "T08", 1, 1)
    events = state.apply("move b5-b1")  # 4 bananas in one move: 7a, after step 1
    cleared = [e for e in events if e.kind == "boulder"]
    assert [(e.data["boulder"], e.data["first"], e.data["points"]) for e in cleared] == [("7a", True, 3)]
    state.apply("claim T08")
    events = state.apply("place c3")  # the 3rd business token: 4b, after step 2, stacked
    cleared = [e for e in events if e.kind == "boulder"]
    assert [(e.data["boulder"], e.data["first"], e.data["points"]) for e in cleared] == [("4b", False, 1)]
    assert state.parts[p][BOULDER_PTS] == 4
    assert state.tray == [0, 2, 1, 0]
    assert state.grid[p][cell("a1")] == -1 and state.grid[p][cell("e5")] == -1


def test_nothing_is_removed_on_another_players_turn_or_at_the_end():
    state = started()
    p = state.player
    other = 1 - p
    deal(state, other, {"a5": "1a"})
    state.parts[other][0] = 40
    island(state, p, {"a4": "collector banana"})
    events = state.apply("move a4-a3")
    events += state.apply("pass")
    assert not [e for e in events if e.kind == "boulder" and e.actor == other]
    assert state.player == other
    state.license = 0
    state.grid[other][cell("a5")] = BOULDER + C.boulder_index("1a")
    end_of_game(state, last=p)  # the game ends on p's turn: final scoring removes nothing
    assert state.grid[other][cell("a5")] >= BOULDER


def test_solo_removals_always_score_3():
    state = new(1, 2, modules=BO)
    island(state, 0, {"a4": "collector banana"})
    deal(state, 0, {"a5": "1a", "e5": "3b"})
    state.parts[0][0] = 25
    reserve(state, 0, "12B")
    phase(state, 0)
    events = state.apply("move a4-a3")
    assert [e.data["points"] for e in events if e.kind == "boulder"] == [3, 3]


def test_view_shows_the_tray_and_boulders_on_corners():
    state = started()
    view = state.view(None)
    tray = view["boulders"]["tray"]
    assert len(tray) == 4 and all(t["count"] == 0 and t["points"] == 2 for t in tray)
    seat = view["players"][0]["grid"]
    assert all(seat[c]["type"] == "boulder" for c in CORNERS)
    assert view["boulders"]["first_points"] == 3 and view["boulders"]["later_points"] == 1
