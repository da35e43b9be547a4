"""Views hide other hands (counts only), determinize resamples only hidden cards, every event and
action has words, refusals name the rule, and the data file is validated."""

from __future__ import annotations

import random

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.errors import ComponentDataError
from fruitbowl.games.fabledfruit import components
from fruitbowl.games.fabledfruit.components import COMPONENTS, load_components

from .positions import GAME, cards, position, table


def test_other_hands_are_counts_only_and_determinize_keeps_the_view():
    s = table(4, 11)
    for seat in range(4):
        view = s.view(seat)
        assert view["players"][seat]["hand"] and sum(view["players"][seat]["hand"].values()) == 2
        assert all("hand" not in p and p["hand_size"] == 2 for p in view["players"] if p["seat"] != seat)
        sample = s.determinize(seat, random.Random(5))
        assert sample.view(seat) == view and sample.hands[seat] == s.hands[seat]
    assert all("hand" not in p for p in s.view(None)["players"])


def test_determinize_depends_only_on_what_the_seat_knows():
    s = table(3, 2)
    other = s.determinize(0, random.Random(1))
    assert other.determinize(0, random.Random(9)).to_json() == s.determinize(0, random.Random(9)).to_json()


def test_view_shape():
    view = table(3, 4).view(1)
    assert [st["location"] for st in view["display"]] == [1, 2, 3, 4, 5, 6]
    assert view["big_stack"] == {"cards": 216, "top": 7} and view["target"] == 4
    assert view["market"] is None and view["thief"] is None and view["decision"]["kind"] == "move"


def test_every_event_has_a_sentence_for_every_viewer():
    s = table(3, 6, {"display": "", "big_stack": 216})
    rng = random.Random(6)
    kinds = set()
    events = list(s.setup_events)
    while not s.is_terminal():
        events += s.apply(rng.choice(s.legal_actions()))
    for event in events:
        kinds.add(event.kind)
        for viewer in (None, 0, 1, 2):
            sentence = GAME.describe_event(event, viewer, ["Ada", "Bo", "Cy"])
            assert sentence and sentence != event.kind, event
    assert {"setup", "turn", "move", "draw", "game_over"} <= kinds


def test_labels_and_prompts():
    s = position(2, hands={0: "P P P B"})
    view = s.view(0)
    assert GAME.prompt(view, ["Ada", "Bo"]) == "Move your animal to another stack"
    assert GAME.prompt(s.view(1), ["Ada", "Bo"]).startswith("Waiting for Ada")
    labels = [GAME.describe_action(view, a) for a in s.legal_actions()]
    assert labels[0].startswith("Move to #1 Draw 2 fruits [PPP*]")


def test_refusals_name_the_rule():
    s = position(2, hands={0: "P"})
    s.apply("move 3")
    with pytest.raises(IllegalAction, match="already moved this turn"):
        s.apply("move 3")
    s = position(2, hands={0: "P"})
    s.apply("move 2")
    with pytest.raises(IllegalAction, match=r"costs SSS\*"):
        s.apply("buy")
    s.apply("act")  # no banana: signpost
    assert sum(s.hands[0]) == 2
    s = position(2, hands={0: "P"})
    s.pos[0] = 4
    s.forget_answers()
    with pytest.raises(IllegalAction, match="you must move: your animal already stands on #4"):
        s.apply("move 4")
    assert s.hands[0] == cards("P")


def test_data_file_is_complete_and_validated(tmp_path):
    assert len({x for x in COMPONENTS.sorted_deck()}) == 59 and len(COMPONENTS.sorted_deck()) == 240
    assert COMPONENTS.num_locations == 79  # #1L–#20L are engine ids 60–79 (see test_lime_data.py)
    assert COMPONENTS.locations[1].price == "PPP*" and COMPONENTS.locations[1].price_status == "sourced"
    assert COMPONENTS.locations[20].price_status == "RECONSTRUCTED"
    text = components.DATA_FILE.read_text()
    bad = tmp_path / "data.toml"
    bad.write_text(text.replace('price = "SSSGG"', 'price = "SGCPB"'))
    with pytest.raises(ComponentDataError, match="could be paid with fruit tokens alone"):
        load_components(bad)
    bad.write_text(text.replace("copies = 8", "copies = 7"))
    with pytest.raises(ComponentDataError, match="240"):
        load_components(bad)


def test_a_sample_in_the_middle_of_a_private_draw_hides_what_only_the_drawer_saw():
    s = GAME.new_state(2, 3, {"first_player": 1})  # at the setup's first fruit for seat 1, as a table stands
    s.apply("card banana")  # seat 1 has drawn one of its 2 fruits; seat 2 has not seen it
    assert s.chance_witnesses() == (0,) and s.dealt == [1]
    samples = [s.determinize(1, random.Random(seed)) for seed in range(12)]
    assert all(sample.view(1) == s.view(1) and len(sample.dealt) == 1 for sample in samples)
    assert {tuple(sample.dealt) for sample in samples} != {(1,)}
    assert s.determinize(0, random.Random(1)).dealt == [1]  # the drawer knows it
