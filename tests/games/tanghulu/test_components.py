"""Component data (DESIGN "Component data"): data.toml loads, matches §13, and bad copies are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fruitbowl.engine import ComponentDataError
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.components import DATA_FILE, load_components

SOURCE = DATA_FILE.read_text(encoding="utf-8")


def test_shipped_data_gives_the_section_13_values():
    assert C.num_tiles == 54 and len(set(C.tile_ids)) == 54
    assert [C.tile_fruit.count(f) for f in range(5)] == [12, 12, 12, 12, 6]
    assert C.tile_ids[0] == "orange_01" and C.tile_ids[-1] == "haw_6"
    assert sum(C.tile_stars) == 48  # REC-4
    assert C.coin_icons == (0, 0, 1, 1)  # REC-1: an empty board pays 6
    assert C.money_bags == (1, 1, 1, 1) and C.till == 1  # REC-2, REC-3
    assert sorted(C.sweet_stars) == [1] * 6 + [2] * 8 + [3] * 6  # REC-5
    assert sorted(C.die_faces) == ["coin", "coin", "fruit", "fruit", "sugar", "sugar"]  # REC-6
    assert (C.drops, C.start_coins, C.start_drops, C.coin_cap, C.garnish_cost) == (30, 5, 2, 9, 4)
    assert C.status["board"] == "RECONSTRUCTED" and C.status["fruits"] == "sourced"


def test_shipped_file_loads_to_the_same_components():
    assert load_components(DATA_FILE) == C


def corrupt(tmp_path: Path, old: str, new: str) -> Path:
    assert old in SOURCE, old
    path = tmp_path / "data.toml"
    path.write_text(SOURCE.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("per_fruit = 12", "per_fruit = 11", "one value per tile of a fruit"),
        ("haws = 6", "haws = 7", "one value per haw"),
        (
            "ordinary = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]\n",
            "ordinary = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]\n",
            "one value per tile of a fruit",
        ),
        (
            "ordinary = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]\n",
            "ordinary = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3]\n",
            "0–2 stars on the front",
        ),
        ("garnish_bonus = 1", "garnish_bonus = 2", "exactly 1 star more"),
        ('status = "RECONSTRUCTED"\nref = "REC-6', 'status = "guessed"\nref = "REC-6', r"\[die\] needs status"),
        ('faces = ["sugar", "sugar"', 'faces = ["sugar", "rain"', "the die's faces show exactly the effects"),
        ('faces = ["sugar", "sugar", ', 'faces = ["sugar", ', "the die has 6 faces"),
        ("stars = [1, 1, 1, 1, 1, 1, 2", "stars = [1, 1, 1, 1, 1, 2", "there are 20 sweet cards; data gives 19"),
        ("stars = [1, 1, 1, 1, 1, 1, 2", "stars = [0, 1, 1, 1, 1, 1, 2", "sweet cards are worth 1–3 stars"),
        ("coin_icons = [0, 0, 1, 1]", "coin_icons = [0, 1, 1]", "one value per spot"),
        ("coin_icons = [0, 0, 1, 1]", "coin_icons = [0, 0, -1, 1]", "not negative"),
        ("money_bags = [1, 1, 1, 1]", "money_bags = [1, 1, 1]", "the store has 4 spaces"),
        ('ordinary = ["orange", "apple", "kiwi", "strawberry"]', 'ordinary = ["orange", "apple", "kiwi"]', "four"),
        ("start_coins = 5", "start_coins = 10", "starting coins are on the coin track"),
        ("drops = 30", "drops = 7", "enough drops"),
        ("garnish_cost = 4\n", "", "missing or mistyped value 'garnish_cost'"),
        ("[rewards]", "[prizes]", "missing or mistyped value 'rewards'"),
        ("till = 1", 'till = "one"', "missing or mistyped value"),
        ("spots = 4", "spots = [", "cannot read Tang Hu Lu data"),
    ],
)
def test_corrupted_data_is_refused_with_a_clear_message(tmp_path, old, new, message):
    path = corrupt(tmp_path, old, new)
    with pytest.raises(ComponentDataError, match=message) as info:
        load_components(path)
    assert "data.toml" in str(info.value)


def test_wrong_tile_total_is_refused(tmp_path):
    """13 tiles of each ordinary fruit, each with a star value: 58 tiles, not 54."""
    path = corrupt(tmp_path, "per_fruit = 12", "per_fruit = 13")
    thirteen = "[" + ", ".join(["0"] * 13) + "]"
    path.write_text(path.read_text().replace("[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]", thirteen))
    with pytest.raises(ComponentDataError, match=re.escape("the game has 54 fruit tiles; data gives 58")):
        load_components(path)


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(ComponentDataError, match="cannot read Tang Hu Lu data"):
        load_components(tmp_path / "nowhere.toml")


def test_player_docs_list_every_reconstructed_table_and_every_ruling():
    docs = Path(__file__).parents[3] / "docs" / "games" / "tanghulu.md"
    text = docs.read_text(encoding="utf-8")
    for table, status in C.status.items():
        if status == "RECONSTRUCTED":
            assert f"[{table}]" in text, table
    for number in range(1, 32):
        assert f"| AMB-{number} |" in text, number
