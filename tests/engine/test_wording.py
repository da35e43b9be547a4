"""Counted nouns: one way to say "1 coin" / "2 coins", the same in Python and in the browser."""

import json
import re
from pathlib import Path

import pytest

import fruitbowl
from fruitbowl.engine.wording import IRREGULAR, counted, plural


@pytest.mark.parametrize(
    ("number", "noun", "expected"),
    [
        (1, "coin", "1 coin"),
        (0, "coin", "0 coins"),
        (2, "coin", "2 coins"),
        (1, "sweet card", "1 sweet card"),
        (3, "sweet card", "3 sweet cards"),
        (1, "lime", "1 lime"),
        (2, "grapes", "2 grapes"),
        (1, "grapes", "1 grapes"),
        (2, "strawberry", "2 strawberries"),
        (2, "blood orange", "2 blood oranges"),
        (2, "day", "2 days"),
        (2, "ice cream marker", "2 ice cream markers"),
    ],
)
def test_counted(number: int, noun: str, expected: str) -> None:
    assert counted(number, noun) == expected


def test_explicit_plural_form() -> None:
    assert counted(2, "mouse", "mice") == "2 mice"
    assert counted(1, "mouse", "mice") == "1 mouse"
    assert plural("coin", 1) == "coin"


def test_browser_uses_the_same_irregular_table() -> None:
    source = (Path(fruitbowl.__file__).parent / "web" / "js" / "wording.js").read_text()
    match = re.search(r"export const IRREGULAR = (\{.*?\});", source, re.S)
    assert match, "web/js/wording.js must define IRREGULAR as a literal"
    assert json.loads(match.group(1)) == IRREGULAR
