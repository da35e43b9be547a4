"""Refusals (issue 21): each rule the rulebook names refuses an action with its key and says why.

Positions are reached by playing actions from a real set-up (the island's pieces and the reserve
set as the rules' examples give them). ``state.refusal`` is the rule's stable key, for clients
and tests; ``state.explain`` the sentence a player reads, which a refused ``apply`` raises.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import JUICE, OVER, WATCH, JuicyFruitsState

from .positions import GAME, island, new, phase, put_on_board, reserve
from .test_mystic import explore_to_top_center

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "juicyfruits.md"


def refused(state: JuicyFruitsState, action: str, key: str) -> str:
    """``action`` is refused by the rule ``key``, with that rule's sentence, and nothing changes."""
    before = state.to_json()
    assert state.refusal(action) == key
    why = state.explain(action)
    assert why is not None and why == GAME.refusals[key](state, state.table.parse(action))
    with pytest.raises(IllegalAction, match=re.escape(why)):
        state.apply(action)
    assert state.to_json() == before
    return why


def test_a_slide_crosses_only_free_spaces_and_moves_only_your_collectors_and_carts():
    """§5.1: "every space passed through and the destination must be free island spaces"; the
    token moved is a collector, an advanced collector or an ice cream cart."""
    state = new()
    island(state, 0, {"a1": "collector lime", "a3": "ship S01"})
    assert state.refusal("move a1-a2") is None
    assert refused(state, "move a1-a4", "move.blocked") == "a3 is in the way: a token slides only across free spaces"
    refused(state, "move a1-a3", "move.blocked")
    why = refused(state, "move a3-b3", "move.no_token")
    assert why == "there is no collector, advanced collector or ice cream cart of yours on a3"
    refused(state, "move b1-b2", "move.no_token")


def test_step_1_comes_first_and_only_once():
    """§5: a turn is step 1 (move one token), then step 2."""
    state = new()
    island(state, 0, {"a1": "collector lime"})
    assert refused(state, "pass", "phase.move") == "first slide a token in step 1"
    state.apply("move a1-a2")
    why = refused(state, "move a2-a3", "move.done")
    assert why == "you have already moved in step 1 this turn (or nothing could move)"


def test_a_cart_makes_one_marker_per_space_while_markers_are_left():
    """§5.1, rules example 3: the green cart moved 4 spaces; only 3 green markers exist."""
    state = new()
    island(state, 0, {"a1": "token T21"})
    state.owned[0].append(C.token_index("T21"))
    state.apply("move a1-a5")
    why = refused(state, "make 4 ice cream + 0 milkshake", "produce.no_ice_cream")
    assert why == "only 3 green ice cream markers are left"
    assert state.refusal("make 3 ice cream + 1 milkshake") is None
    assert refused(state, "pass", "phase.produce") == "first choose the ice cream cart's markers"

    state = new()
    island(state, 0, {"a1": "token T21"})
    state.owned[0].append(C.token_index("T21"))
    state.apply("move a1-a3")
    why = refused(state, "make 2 ice cream + 1 milkshake", "produce.too_many")
    assert why == "the cart moved 2 spaces: at most 2 markers, one per space"


def test_supplying_a_ship_pays_exactly_its_demand():
    """§5.2.1: choose a ship still on your island and pay exactly its demanded fruits."""
    state = new()
    island(state, 0, {"a1": "collector mangosteen", "b5": "ship S41"})
    reserve(state, 0, "3B 1L")
    state.apply("move a1-a2")
    assert (
        refused(state, "supply b5", "supply.short")
        == "ship S41 needs 2 limes; you have 1 (it demands 3 bananas + 2 limes)"
    )
    assert refused(state, "supply c5", "supply.no_ship") == "there is no ship on c5"


def test_a_claim_needs_the_row_cost_and_room_on_your_island():
    """§5.2.2: "you must be able to pay the row cost, and to place the token legally on your island
    at once ... If either check fails, you cannot claim that token" (AMB-4)."""
    state = new()
    pieces = {name: "ship S01" for name in ("b5", "c5", "d5", "a4", "a3", "a2", "e4", "e3", "e2", "b1", "c1", "d1")}
    pieces.update({"b4": "collector banana", "d4": "collector lime", "c3": "collector orange"})
    pieces.update({"b2": "collector pomegranate", "d2": "collector mangosteen"})
    island(state, 0, pieces)
    put_on_board(state, "T13", 3, 1)
    put_on_board(state, "T05", 4, 1)
    reserve(state, 0, "1L 1P")
    state.apply("move d2-d3")  # +1 mangosteen
    why = refused(state, "claim T13", "claim.short")
    assert why == "row 3 costs 1 banana + 1 lime + 1 pomegranate + 1 orange: it needs 1 banana; you have 0"
    reserve(state, 0, "9B 9L 9P 9O 9M")
    why = refused(state, "claim T05", "claim.no_room")
    assert (
        why == "a large venue needs a free 2×2 block, and your island has none: you may claim only what you can place"
    )
    assert state.refusal("claim T13") is None


def test_a_large_venue_covers_a_free_block_and_a_small_token_one_free_space():
    """§5.2.3: a 1×1 token goes on any one free space; a large venue on a 2×2 block of free spaces."""
    state = new()
    island(state, 0, {"a1": "collector lime", "b5": "ship S01"})
    put_on_board(state, "T05", 4, 1)
    put_on_board(state, "T07", 2, 1)
    reserve(state, 0, "2B 2L 2P 2O 2M")
    state.apply("move a1-a2")
    state.apply("claim T05")
    why = refused(state, "place c3", "place.needs_block")
    assert why == "a large venue covers a 2×2 block: place it on a block such as 'place a5-b4'"
    assert refused(state, "place a5-b4", "place.block_taken") == "the block a5-b4 is not free: b5 taken"
    assert refused(state, "pass", "phase.place") == "first place the token you claimed"

    state = new()
    island(state, 0, {"a1": "collector lime", "b5": "ship S01"})
    put_on_board(state, "T07", 2, 1)
    reserve(state, 0, "2B 2L 2P 2O 2M")
    state.apply("move a1-a2")
    state.apply("claim T07")
    assert refused(state, "place b5", "place.taken") == "b5 is not free"
    refused(state, "place c3-d2", "place.one_space")
    assert state.refusal("place c3") is None


def test_juice_is_made_only_with_the_factory_twice_a_turn_up_to_j10():
    """§6 (REC-6): pay the next space's fruits, at most twice a turn; J10 ends the track."""
    state = new()
    island(state, 0, {"a1": "collector lime"})
    state.apply("move a1-a2")
    assert refused(state, "juice", "juice.off") == "the juice factory is not in play at this table"

    state = new(juice_factory=True)
    reserve(state, 0, "1B")
    phase(state, JUICE)
    assert refused(state, "juice", "juice.short") == "J1 costs 1 banana + 1 lime: it needs 1 lime; you have 0"
    assert state.refusal("stop") is None
    reserve(state, 0, "9B 9L 9P 9O 9M")
    state.juice_steps = C.juice_steps_per_turn
    state.forget_answers()
    assert refused(state, "juice", "juice.twice") == "you may make juice at most 2 times a turn"
    state.juice_steps, state.juice[0] = 0, len(C.juice_costs)
    state.forget_answers()
    assert refused(state, "juice", "juice.track_end") == "your juice disc is on the last space"


def test_module_actions_name_their_module_and_their_moment():
    state = new(2, modules="mystic_island")
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c4")  # the explorer cannot copy three spaces from the base: no choice
    why = refused(state, "whale N", "module.off")
    assert "Module 3" in why and "not in play" in why
    why = refused(state, "explore", "explore.not_now")
    assert why == (
        "your explorer moves only instead of collecting, right after a collector or advanced collector "
        "slides, and only when it can copy that slide without leaving Mystic Island"
    )
    why = refused(state, "collect", "explore.not_now")
    assert why == "collect or explore is chosen right after a collector or advanced collector moves"


def test_a_statue_choice_is_of_the_kind_its_tile_counts():
    """D7: statue 5 scores one of the ships you supplied, statue 7 one fruit type."""
    state = new(2, modules="mystic_island")
    state.supplied[0] = [C.ship_index("S41"), C.ship_index("S01")]
    explore_to_top_center(state, 5)
    why = refused(state, "statue ship S02", "statue.not_supplied")
    assert why == "ship S02 is not one of the ships you supplied"
    why = refused(state, "statue banana", "statue.counts_ship")
    assert why.startswith("statue 5 (the points of one ship you supplied) counts one of your supplied ships")
    assert refused(state, "pass", "phase.statue") == "first choose how statue 5 scores"

    state = new(2, modules="mystic_island")
    state.supplied[0] = [C.ship_index("S41")]
    explore_to_top_center(state, 7)
    why = refused(state, "statue ship S41", "statue.counts_fruit")
    assert why.startswith("statue 7 (1 per fruit of one type in your reserve) counts one fruit type, not a ship")


def test_whale_watching_tokens_move_once_each_through_free_spaces():
    """D14: each of your whale-watching tokens moves once at the end of your turn, to a free space
    it reaches through free spaces, or stays."""
    state = new(modules="new_business")
    island(state, 0, {"c3": "token X09", "c4": "token X10", "b3": "ship S01", "d3": "ship S02", "c2": "ship S04"})
    state.owned[0] = [C.token_index("X09"), C.token_index("X10")]
    state.whales = [0, 2]
    state.watched, state.phase = [], WATCH
    state.forget_answers()
    assert refused(state, "watch X09 e1", "watch.unreachable") == "e1 cannot be reached through free spaces"
    state.apply("watch X10 a5")
    assert refused(state, "watch X10 a4", "watch.moved") == "X10 has already moved this turn"
    assert state.refusal("watch X09 c4") is None, "X10 has left c4"
    assert refused(state, "pass", "phase.watch") == "first move your whale-watching token (or leave it)"


def test_after_the_end_every_action_is_refused_as_game_over():
    state = new(2)
    while state.phase != OVER:
        state.apply(state.legal_actions()[-1])
    assert state.refusal("pass") == "game.over"


def test_the_players_page_lists_every_refusal_key():
    """docs/games/juicyfruits.md, "Refusals": one row per key of the game's refusals."""
    page = DOC.read_text(encoding="utf-8")
    section = page.split("## Refusals", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_.]+)` \|", section, flags=re.MULTILINE))
    assert documented == set(GAME.refusals)
