"""Juicy Fruits' random events are chance nodes (rules §3 setup, §9 solo; issue 24).

"Shuffle the business tokens … fill columns 1…N", "the collectors go on the 5 pond spaces in a
random arrangement, drawn separately for each player", "each player draws 6 ships from each bag
… shuffle the 12 drawn ships", "choose a starting player at random", the statue tiles shuffled
(tile 13 only with Module 2), the starting player's 4 boulders at random (AMB-21 for tile 8), and
Pineapple "draws a solo boat at random from her bag". Each is decided only when it comes, one
piece at a time, by whoever resolves the chance node.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from fruitbowl.engine import IllegalAction, Match, Player
from fruitbowl.engine.chance import CHANCE, Dealer, settle
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.island import BEACH_CELLS, COLLECTOR, PONDS, SHIP

from .positions import GAME, new

ALL = "mystic_island,boulders,new_business"


def walk(players: int, seed: int, options: dict[str, Any]) -> list[tuple[Any, list[tuple[int, float]]]]:
    """Every chance node of a seeded game's setup: (a copy of the position, its outcomes)."""
    state: Any = GAME.new_state(players, seed, options)
    dealer, nodes = Dealer(seed), []
    while state.current_player == CHANCE:
        nodes.append((state.clone(), state.chance_outcomes()))
        state.apply(dealer.draw(state))
    return nodes


def texts(state: Any, outcomes: list[tuple[int, float]]) -> list[str]:
    return [state.chance_table[code].text for code, _ in outcomes]


def test_a_new_game_has_drawn_nothing_and_no_player_may_act():
    state: Any = GAME.new_state(3, 4, {})
    assert state.current_player == CHANCE and state.legal_actions() == []
    assert "rng" not in state.to_json()
    assert all(cell < 0 for grid in state.grid for cell in grid) and all(space < 0 for space in state.board)
    with pytest.raises(IllegalAction, match="must wait: a random event is being decided first"):
        state.apply("pass")
    # the first draw is a business token for row 1, column 1: any of the 24 (34 with Module 3)
    assert texts(state, state.chance_outcomes()) == [f"token {t.id}" for t in C.all_tokens[: C.base_tokens]]
    assert len(GAME.new_state(3, 4, {"modules": "new_business"}).chance_outcomes()) == len(C.all_tokens)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_setup_draws_columns_1_to_n_each_island_and_the_first_player_one_piece_at_a_time(players):
    nodes = walk(players, 7, {"modules": ALL})
    kinds = Counter(state.chance_table[outcomes[0][0]].kind for state, outcomes in nodes)
    columns = 4 if players == 1 else players
    assert kinds["token"] == 5 * columns  # "fill columns 1…N of all 5 rows" (solo: all four)
    assert kinds["collector"] == len(PONDS) * players
    assert kinds["ship"] == len(BEACH_CELLS) * players
    assert kinds["first"] == (players > 1)  # alone, you always start
    assert kinds["statue"] == 11 and kinds["boulder"] == 4
    assert kinds["boat"] == (players == 1)  # Pineapple's opening boat
    for _state, outcomes in nodes:  # a draw is "which piece", never an order of the pile
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert len(outcomes) <= len(C.all_tokens) + len(C.ships)


def test_every_island_takes_six_ships_from_each_bag_in_a_random_arrangement():
    """A beach space draws from the orange bag with probability (orange ships still owed) /
    (spaces left): the first space is even, the last one certain."""
    nodes = walk(2, 5, {})
    beach = [(state, outcomes) for state, outcomes in nodes if state.chance_table[outcomes[0][0]].kind == "ship"]
    first_state, first = beach[0]
    orange = {s for s, ship in enumerate(C.ships) if ship.back == "orange"}
    share = sum(p for code, p in first if first_state.chance_table[code].fields["ship"] in orange)
    assert share == pytest.approx(0.5)
    for state, outcomes in beach:
        ships = {state.chance_table[code].fields["ship"] for code, _ in outcomes}
        assert ships <= set(state.bags[0]) | set(state.bags[1])
    final = new(2, 5)
    for grid in final.grid:
        backs = Counter(C.ships[grid[cell] - SHIP].back for cell in BEACH_CELLS)
        assert backs == {"orange": C.ships_per_bag, "green": C.ships_per_bag}
        assert sorted(grid[cell] - COLLECTOR for cell in PONDS) == list(range(len(PONDS)))  # its 5 collectors
    assert [final.grid[0][cell] for cell in PONDS] != [final.grid[1][cell] for cell in PONDS]  # drawn separately


def test_statue_13_is_dealt_only_with_the_boulders_and_tile_8_follows_its_modules():
    for options, thirteen in (({"modules": "mystic_island"}, False), ({"modules": "mystic_island,boulders"}, True)):
        for state, outcomes in walk(2, 3, options):
            if state.chance_table[outcomes[0][0]].kind == "statue" and not any(state.statues):  # the first
                assert ("statue 13" in texts(state, outcomes)) == thirteen
    for modules, eights in (
        ("boulders,new_business", {"boulder 8b"}),
        ("boulders", set()),
        (ALL, {"boulder 8a", "boulder 8b"}),
    ):
        for seed in (3, 4):
            for state, outcomes in walk(3, seed, {"modules": modules}):
                said = set(texts(state, outcomes))
                if state.chance_table[outcomes[0][0]].kind == "boulder" and not state.boulder_set:
                    # the first corner: tile 8 shows only a side whose module is played (AMB-21)
                    assert {s for s in said if s.startswith("boulder 8")} == eights
                    assert len(said) == 14 + len(eights)


def test_the_sampler_draws_each_outcome_by_its_listed_probability():
    """A dealer and a search sample with one ``random()`` picked directly; over many draws each
    outcome comes up as often as ``chance_outcomes`` says, at every kind of chance node."""
    seen: dict[str, Any] = {}
    for state, outcomes in walk(1, 2, {"modules": "mystic_island,boulders"}) + walk(3, 2, {}):
        kind = state.chance_table[outcomes[0][0]].kind
        if kind not in seen or (kind == "ship" and len(outcomes) < 40):  # (a beach space late in an island)
            seen[kind] = (state, outcomes)
    assert set(seen) == {"token", "collector", "ship", "first", "statue", "boulder", "boat"}
    rng = random.Random(0)
    draws = 20_000
    for kind, (state, outcomes) in seen.items():
        counts = Counter(state.sample_outcome(rng) for _ in range(draws))
        assert set(counts) <= {code for code, _ in outcomes}, kind
        for code, p in outcomes:
            spread = 5 * (p * (1 - p) / draws) ** 0.5 + 1 / draws
            assert abs(counts[code] / draws - p) <= spread, (kind, state.chance_table[code].text, counts[code], p)


def test_pineapples_next_boat_is_drawn_when_her_turn_comes_not_before():
    state = new(1, 9)
    assert len(state.pine_drawn) == 1 and len(state.pine_bag) == 37  # the opening boat
    while state.current_player != CHANCE:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.text == "pass"), legal[0]))
    outcomes = state.chance_outcomes()
    assert texts(state, outcomes) == [f"boat {C.ships[s].id}" for s in state.pine_bag]
    assert {p for _, p in outcomes} == {1 / 37}
    futures = set()
    for k in range(6):  # clones carry no future: each resolver decides her boat
        twin = state.clone()
        settle(twin, random.Random(k))
        futures.add(twin.pine_drawn[-1])
    assert len(futures) > 1
    on_island = C.ships[new(1, 9).grid[0][BEACH_CELLS[0]] - SHIP].id
    before = state.to_json()
    with pytest.raises(IllegalAction, match=f"'boat {on_island}' cannot be the outcome of this random event"):
        state.apply(f"boat {on_island}")  # a ship on your island is not in her bag
    assert state.to_json() == before


def test_a_table_records_every_draw_and_its_record_replays_them():
    match = Match.new(GAME, [Player("Ada"), Player("Bo")], 21, {"modules": ALL})
    chooser = random.Random(21)
    for _ in range(30):
        match.apply(chooser.choice(match.state.legal_actions()))
    record = match.record
    assert record.rules_version == "2"
    assert record.chance[:2] and all(
        text.split()[0] in {"token", "collector", "ship", "first", "statue", "boulder"} for text in record.chance
    )
    again = Match.from_record(record)
    assert again.state.to_json() == match.state.to_json()
    words = [GAME.describe_outcome(GAME.chance_table(2, record.options).parse(t)) for t in record.chance[:1]]
    assert words[0].startswith("the ") and words[0].endswith(" for the business board")
