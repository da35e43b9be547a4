"""The Lime expansion as its own campaign: the seed's first setup (E-13), later Lime games
(§3.3), the campaign file (§4.1, lime ruleset), data validation, views and determinize."""

from __future__ import annotations

import json
import random

import pytest

from fruitbowl.engine import InvalidOption
from fruitbowl.engine.errors import ComponentDataError
from fruitbowl.games.fabledfruit import components, deck
from fruitbowl.games.fabledfruit.campaign import Campaign, CampaignError, load_text, simulate_campaign
from fruitbowl.games.fabledfruit.components import COMPONENTS as C
from fruitbowl.games.fabledfruit.components import load_components, loc_label, parse_loc
from fruitbowl.games.fabledfruit.fruits import LIME

from .positions import GAME, cards, lime_options, table

L = parse_loc


def test_e13_first_lime_game_setup_three_players():
    s = table(3, 5, {"lime": True})
    assert [(loc_label(loc), s.counts[loc]) for loc in s.stacks] == [
        ("48", 3), ("49", 3), ("50", 3), ("51", 3), ("52", 3), ("53", 3), ("1L", 4), ("2L", 2)
    ]  # fmt: skip
    assert sum(s.counts[loc] for loc in s.stacks) == 24
    view = s.view(None)
    assert view["big_stack"] == {"cards": 74, "top": L("2L")} and view["lime_pile"] == 15
    assert sum(s.market) == 5 and s.supply == cards("P/B P/S P/C P/G B/S B/C B/G S/C S/G C/G")
    assert [sum(h) for h in s.hands] == [2, 2, 2] and sum(s.draw) == 60 - 6 - 5 == 49
    assert s.ftok is None and s.wild is None and s.gamble is None and s.coat == -2 and s.thief == -1
    assert view["coat"] is None and view["gambling_pool"] is None and view["thief"] is None
    assert not any(s.hands[p][LIME] for p in range(3)) and LIME not in s.draw  # I-8: limes wait in their pile


def test_lime_big_stack_is_presorted_and_the_deck_accounts_for_98_cards():
    assert len(deck.LIME_DECK) == 98 and deck.LIME_DECK[:18] == tuple(x for x in range(48, 54) for _ in range(3))
    assert deck.LIME_DECK[24:26] == (L("2L"), L("2L")) and deck.LIME_DECK[-1] == L("20L")
    assert [loc_label(L(x)) for x in ("1L", "L1", "#20L", "l7")] == ["1L", "1L", "20L", "7L"]


def test_later_lime_games_derive_components_from_the_starting_display():
    s = table(4, 2, lime_options(86))  # display #12L … #17L
    labels = {loc_label(loc) for loc in s.stacks}
    assert {"12L", "17L"} <= labels and "51" not in labels
    assert s.gamble == [0, 0, 0, 0] and s.gamble_pool == 6 and s.thief == 0 and s.supply is None
    assert s.limes == 15 and sum(s.market) == 5 and s.coat == -2 and s.ftok is None
    s = table(2, 2, lime_options(54))  # #4L … #9L
    assert s.ftok == [-1] * 6 and s.wild == [0, 0] and s.coat == -2 and s.gamble is None and s.thief == -1
    s = table(2, 2, lime_options(66))  # #7L … #12L
    assert s.coat == -1 and s.gamble_pool == 6 and s.ftok is None


def test_bad_lime_options_are_refused():
    with pytest.raises(InvalidOption, match="not a location of a Lime campaign"):
        GAME.validate_options({"lime": True, "display": "7x24", "big_stack": 74})
    with pytest.raises(InvalidOption, match="new Lime campaign starts with 74"):
        GAME.validate_options({"lime": True, "big_stack": 70})
    with pytest.raises(InvalidOption, match="display entries"):
        GAME.validate_options({"lime": True, "display": "1Lx4 banana", "big_stack": 74})
    assert "lime" not in GAME.validate_options({})  # base options read exactly as before


def test_lime_campaign_file_round_trip_and_carry_over():
    campaign = Campaign.new(7, ["Ann", "Bo", "Cy"], ruleset="lime")
    data = campaign.to_json()
    assert data["ruleset"] == "lime" and len(data["big_stack"]) == 74 and data["big_stack"][0] == "2L"
    assert data["display"][-1] == {"location_id": "2L", "count": 2}
    assert data["unused_cards"] == [{"location_id": x, "count": 1} for x in range(48, 54)]
    assert load_text(json.dumps(data)).to_json() == data
    options = campaign.game_options(3, ["Ann", "Bo", "Cy"])
    assert options["lime"] is True and options["display"] == "48x3 49x3 50x3 51x3 52x3 53x3 1Lx4 2Lx2"
    after = simulate_campaign(3, 2, 11, lime=True)
    assert after.games_completed == 2 and after.ruleset == "lime"
    again = load_text(json.dumps(after.to_json()))
    assert again.to_json() == after.to_json()
    juices = [j["location_id"] for j in after.to_json()["set_aside_juices"]]
    assert all((isinstance(j, int) and 48 <= j <= 53) or (isinstance(j, str) and j.endswith("L")) for j in juices)
    s = table(3, after.game_seed(), after.game_options(3))
    assert s.lime and s.limes == 15 and [sum(h) for h in s.hands] == [2, 2, 2]
    assert sum(s.counts[loc] for loc in s.stacks) == 24 and len(s.deck) - s.top == len(after.big_stack)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["big_stack"].pop(0), "accounts for 97 location cards"),
        (lambda d: d["display"].append({"location_id": 7, "count": 1}), "not a location of a Lime campaign"),
        (lambda d: d["display"][0].update(location_id="48L"), "location id"),
        (lambda d: d.update(unused_cards=[]), "unused_cards"),
        (lambda d: d.update(ruleset="citrus"), "ruleset"),
        (lambda d: d["big_stack"].reverse(), "sorted tail"),
    ],
)
def test_a_damaged_lime_campaign_is_refused(edit, message):
    data = simulate_campaign(2, 1, 3, lime=True).to_json()
    edit(data)
    with pytest.raises(CampaignError, match=message):
        load_text(json.dumps(data))


def test_a_base_game_cannot_close_a_lime_campaign():
    campaign = Campaign.new(1, ["A", "B"], ruleset="lime")
    state = table(2, 1, {"immediate_end": True})
    chooser = random.Random(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        buys = [a for a in legal if a.kind == "buy"]
        state.apply(buys[0] if buys else chooser.choice(legal))
    with pytest.raises(CampaignError, match="not set up as a game of this lime campaign"):
        campaign.after_game(state, ["A", "B"])


def test_lime_data_is_validated_when_loaded(tmp_path):
    assert C.locations[L("10L")].price == "SSGG*" and C.locations[L("10L")].price_status == "RECONSTRUCTED"
    assert C.locations[L("12L")].action_status == "sourced"
    text = components.DATA_FILE.read_text()
    bad = tmp_path / "data.toml"
    for old, new, message in [
        ('price = "LPSG*"', 'price = "LPSGC"', "fruit tokens alone"),
        ("limes = 15", "limes = 14", "15 limes"),
        ('id = "20L"', 'id = "21L"', "#1L–#20L"),
        ('id = "20L"', "id = 99", "base ids are numbers"),
        ("base_copies = 3", "base_copies = 4", "3 copies each of base"),
        ('price = "LL*****"', 'price = "LX*****"', "unknown letter"),
    ]:
        bad.write_text(text.replace(old, new, 1))
        with pytest.raises(ComponentDataError, match=message):
            load_components(bad)


def test_saved_fruits_and_hands_are_hidden_and_determinize_keeps_every_view():
    s = table(3, 9, {"lime": True})
    s.saved[1] = cards("S L")
    s.forget_answers()
    assert s.view(0)["players"][1]["saved_count"] == 2 and "saved" not in s.view(0)["players"][1]
    seen_saved = set()
    for k in range(12):
        d = s.determinize(0, random.Random(k))
        assert d.view(0) == s.view(0) and d.view(None) == s.view(None)
        assert sum(d.saved[1]) == 2
        seen_saved.add(tuple(d.saved[1]))
    assert len(seen_saved) > 1  # the saved fruits really are resampled
    assert s.determinize(1, random.Random(0)).saved[1] == cards("S L")  # the owner knows them
