"""Views (what they show, what they hide), determinize, event sentences and refusals."""

from __future__ import annotations

import json
import random

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.chance import CHANCE, settle
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import ACTION, JUICE, PRODUCE

from .positions import GAME, cell, island, new, phase, put_on_board, reserve


def test_view_has_what_a_board_needs_and_is_json_ready():
    state = new(2, juice_factory=True)
    view = state.view(0)
    json.dumps(view)
    assert len(view["island"]["cells"]) == 25 and len(view["island"]["blocks"]) == 16
    grid = view["players"][1]["grid"]
    assert sum(1 for p in grid if p and p["type"] == "ship") == 12
    assert sum(1 for p in grid if p and p["type"] == "collector") == 5
    assert len(view["business_board"]["rows"]) == 5 and view["license"] == {"start": 8, "left": 8, "at_x": False}
    assert view["juice_factory"]["spaces"][0]["cost"] == {"banana": 1, "lime": 1}
    assert view["ice_cream"]["pools"][-1]["kind"] == "milkshake"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_views_never_show_bag_contents_the_box_or_the_rng(players):
    state = new(players)
    text = json.dumps(state.view(None))
    hidden = [C.ships[s].id for s in state.pine_bag + state.bags[0] + state.bags[1]]
    hidden += [C.tokens[t].id for t in state.box]
    assert hidden and not any(f'"{h}"' in text for h in hidden)
    assert "rng" not in text


def test_determinize_keeps_every_view_and_pineapples_next_boat_is_not_decided():
    """Nothing is hidden, so a determinized state is the position itself; Pineapple's next boat
    is drawn when her turn comes (a chance node), not decided in advance."""
    state = new(1)
    futures = set()
    for k in range(8):
        sample = state.determinize(0, random.Random(k))
        assert sample.view(0) == state.view(0) and sample.to_json() == state.to_json()
        while sample.phase != ACTION:
            sample.apply(sample.legal_actions()[0])
        sample.apply("pass")
        assert sample.current_player == CHANCE and sample.view(0)["solo"]["bag_size"] == len(state.pine_bag)
        settle(sample, random.Random(k))
        futures.add(sample.pine_drawn[-1])
    assert len(futures) > 1


def test_event_sentences_read_well():
    state = new(2)
    island(state, 0, {"a1": "token T21", "b5": "ship S41"})
    reserve(state, 0, "3B 2L")
    events = state.apply("move a1-a3")
    assert state.phase == PRODUCE
    events += state.apply("make 1 ice cream + 1 milkshake")
    events += state.apply("supply b5")
    names = ["Ada", "Ben"]
    lines = [GAME.describe_event(e, 1, names) for e in events]
    assert "Ada slid the green cart north a1→a3." not in lines  # direction is not in the sentence
    assert "Ada slid the green cart a1→a3." in lines
    assert "Ada made 4-point ice cream, 3-point milkshake (+7)." in lines
    assert "Ada supplied ship S41 on b5 (+4)." in lines
    assert GAME.describe_event(events[0], 0, names).startswith("You slid")


def _ship_short_of_limes(s):
    island(s, 0, {"b5": "ship S41"})
    reserve(s, 0, "3B 1L")
    phase(s, ACTION)


def _no_ship(s):
    island(s, 0, {})
    phase(s, ACTION)


def _token_short_of_an_orange(s):
    put_on_board(s, "T13", 3, 1)
    reserve(s, 0, "1B 1L 1P")
    phase(s, ACTION)


def test_prompts_and_labels():
    state = new(2, juice_factory=True)
    names = ["Ada", "Ben"]
    assert GAME.prompt(state.view(0), names).startswith("Step 1: slide")
    assert GAME.prompt(state.view(1), names).startswith("Waiting for Ada")
    action = state.legal_actions()[0]
    assert GAME.describe_action(state.view(0), action).startswith("Slide the ")


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        (lambda s: None, "pass", "first slide a token in step 1"),
        (lambda s: phase(s, ACTION), "move c3-c2", "already moved"),
        (_ship_short_of_limes, "supply b5", "ship S41 needs 2 limes; you have 1"),
        (_no_ship, "supply b5", "there is no ship on b5"),
        (
            _token_short_of_an_orange,
            "claim T13",
            "row 3 costs 1 banana \\+ 1 lime \\+ 1 pomegranate \\+ 1 orange: it needs 1 orange; you have 0",
        ),
        (lambda s: island(s, 0, {"a1": "collector lime", "a3": "ship S01"}), "move a1-a4", "a3 is in the way"),
        (
            lambda s: island(s, 0, {"a1": "collector lime"}),
            "move b1-b2",
            "no collector, advanced collector or ice cream cart of yours on b1",
        ),
        (lambda s: phase(s, ACTION), "juice", "juice factory is not in play"),
    ],
)
def test_why_illegal_names_the_rule(setup, action, message):
    state = new(2)
    setup(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.to_json() == before


def test_juice_refusal_names_the_missing_fruit():
    state = new(2, juice_factory=True)
    reserve(state, 0, "1B")
    phase(state, JUICE)
    with pytest.raises(IllegalAction, match="J1 costs 1 banana \\+ 1 lime: it needs 1 lime; you have 0"):
        state.apply("juice")


def test_forced_max_distance_offers_only_full_slides():
    state = new(2, forced_max_distance=True)
    island(state, 0, {"a1": "collector lime"})
    assert [a.text for a in state.legal_actions()] == ["move a1-a5", "move a1-e1"]
    with pytest.raises(IllegalAction, match="as far as it can"):
        state.apply("move a1-a3")
    assert cell("a1") == 20
