"""Data-file validation, options, the view (what it shows and what it never shows), refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from fruitbowl.engine import ComponentDataError, IllegalAction, InvalidOption
from fruitbowl.games.citrus import components
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import parse_board

from .positions import GAME, begin_placing, dealt, fresh, region, touch

DATA = components.DATA_FILE.read_text(encoding="utf-8")
LONG = (components.HERE / "boards" / "long.txt").read_text(encoding="utf-8")


def broken(tmp_path: Path, old: str, new: str) -> Path:
    assert old in DATA
    path = tmp_path / "data.toml"
    path.write_text(DATA.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('status = "sourced"', 'status = "guessed"', "needs status"),
        ("plain = 12", "plain = 11", "18 tiles"),
        ("bull = 4", "bull = 5", "landscape tiles add up to 31"),
        ("[12, 6], [12, 6]]", "[12, 6]]", "15 Finca tiles"),
        ("[[4, 2],", "[[2, 4],", "high value is above"),
        ("[1, 4, 8, 12]]", "[1, 4, 8]]", "one row and one column"),
        ("by_workers = [0, 2, 4, 6, 8, 10]", "by_workers = [0, 2, 4]", "one value for 0..workers"),
        ("start_money = 6", "start_money = 13", "money track"),
    ],
)
def test_bad_data_files_are_refused(tmp_path, old, new, message):
    with pytest.raises(ComponentDataError, match=message):
        components.load_components(broken(tmp_path, old, new))


def test_broken_toml_and_missing_values_are_refused(tmp_path):
    path = tmp_path / "data.toml"
    path.write_text("[plantations\n", encoding="utf-8")
    with pytest.raises(ComponentDataError, match="cannot read"):
        components.load_components(path)
    with pytest.raises(ComponentDataError, match="missing or mistyped"):
        components.load_components(broken(tmp_path, "trigger = 3\n", ""))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("grid:\n#  .  +", "grid:\n#  .  .", "exactly the sites' road spaces; check C1"),
        ("start: A B C D", "start: A B C", "every site exactly once"),
        ("status: RECONSTRUCTED", "status: maybe", "status is"),
        (".  +  E  +  *", ".  +  E  +  ?", "unknown symbol"),
        (".  +  E  +  *  +  F", ".  +  E  +  *  +  A", "site A appears twice"),
    ],
)
def test_bad_boards_are_refused(old, new, message):
    assert old in LONG
    with pytest.raises(ComponentDataError, match=message):
        parse_board("long", LONG.replace(old, new, 1), "long.txt")


def test_values_carry_their_status():
    assert C.status["fincas"] == "RECONSTRUCTED" and C.status["plantations"] == "sourced"
    assert components.BOARDS["long"].status == "RECONSTRUCTED"


def test_options_are_validated():
    assert GAME.validate_options({"board": "SHORT"})["board"] == "short"
    with pytest.raises(InvalidOption, match="board must be one of long, short"):
        GAME.validate_options({"board": "medium"})
    with pytest.raises(InvalidOption, match="family is true or false"):
        GAME.validate_options({"family": "sometimes"})
    with pytest.raises(InvalidOption, match="seat 1–3; got 4"):
        GAME.validate_options({"first_player": "4"}, 3)
    with pytest.raises(InvalidOption, match="unknown option"):
        GAME.validate_options({"variant": "x"})
    assert GAME.num_distinct_actions(3, {"board": "short"}) < GAME.num_distinct_actions(3, {})


def test_random_sites_draws_the_starting_fincas():
    letters = set()
    for seed in range(8):
        s = dealt(3, seed, {"random_sites": True})
        letters |= {s.geo.site_letters[i] for i, f in enumerate(s.fincas) if f >= 0}
        assert sum(f >= 0 for f in s.fincas) == 4 and len(s.open_sites) == 3
    assert letters - set("ABCD")


def test_the_stacks_are_shown_sorted_and_nothing_hidden_is_left_to_resample():
    """The view shows what is left in the Finca and site stacks, sorted; their order is not
    decided until a draw (unordered piles), so a determinized position is the position itself."""
    s = fresh(4)
    view = s.view(0)
    text = json.dumps(view)
    assert view["finca_stack"]["values"] == sorted(view["finca_stack"]["values"])
    assert view["site_stack"]["letters"] == sorted(view["site_stack"]["letters"])
    for k in range(3):
        d = s.determinize(0, random.Random(k))
        assert d.to_json() == s.to_json() and d.view(0) == view
    assert 'finca_stack": {"size": 11' in text.replace(" ", "").replace(":{", ": {").replace('"size":', '"size": ')


def test_view_has_what_a_board_needs():
    s = fresh(3)
    region(s, 0, "lime", ["E3", "E2"], wells=1)
    v = s.view(None)
    board = v["board"]
    e3 = board["labels"].index("E3")
    assert board["type"][e3] == "ordinary" and board["road_of"][e3] == "A"
    assert board["tile"][e3] == [3, 1] and board["owner"][e3] == 0
    assert board["worker"][board["labels"].index("E2")]  # the region's first tile in reading order
    site_a = v["sites"][0]
    assert site_a["finca"] is not None and site_a["roads"] == ["E3", "F4", "E5", "D4"]
    assert len(v["market"]["spaces"]) == 12 and len(v["market"]["lines"]) == 8
    assert v["players"][0]["workers"] == 4 and v["players"][0]["income"] == 8


@pytest.mark.parametrize(
    ("setup", "text", "message"),
    [
        ("money1", "buy R3", "line R3 costs 4 coins, one a tile; you have 1 coin"),
        ("other_lime", "place lime K9", "touches player 2's lime region"),
        ("lime", "place lime D3", "is a rock: only a Bridge builds on a rock"),
        ("lime", "place lime A1", "is a rock: only a Bridge"),
        ("lime", "place lime E4", "is a building site"),
        ("lime", "place lime J1", "not next to your lime region nor on a Finca road"),
        ("lime", "place lemon E3", "you have no lemon waiting"),
        ("lime", "end turn", "build your waiting tiles first"),
        ("fresh", "collect income", "income is collected only at the end of a harvest"),
        ("fresh", "end turn", "take your main action first"),
        ("fresh", "pass", "only when no main action is possible"),
        ("fresh", "cart 1", "you hold no Cart"),
        ("fresh", "site E", "no new Finca is being built now"),
    ],
)
def test_refusals_name_the_rule(setup, text, message):
    s = fresh(3)
    if setup == "money1":
        s.money[0] = 1
        touch(s)
    if setup == "other_lime":
        region(s, 1, "lime", ["L9"])
        region(s, 0, "lime", ["J9"])
        begin_placing(s, 0, "lime")
    if setup == "lime":
        begin_placing(s, 0, "lime")
    with pytest.raises(IllegalAction, match=message):
        s.apply(text)
    assert s.explain(text) is not None


def test_event_sentences_and_prompts_read_well():
    s = fresh(3)
    names = ["Ada", "Bo", "Cy"]
    assert GAME.prompt(s.view(0), names) == "Buy a market line or harvest"
    assert GAME.prompt(s.view(1), names) == "Waiting for Ada to buy or harvest"
    rng = random.Random(3)
    for _ in range(60):
        for event in s.apply(rng.choice(s.legal_actions())):
            sentence = GAME.describe_event(event, 1, names)
            assert sentence and sentence[-1] in ".!" and sentence != event.kind
