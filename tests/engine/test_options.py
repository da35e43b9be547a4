"""Options: typed parsing from Python values and from text, validation, and key=value pairs."""

from __future__ import annotations

from typing import Any

import pytest

from fruitbowl.engine import InvalidOption, OptionSpec, parse_option_pairs
from fruitbowl.engine.options import validate_options

FLAG = OptionSpec("fast", bool, False, "play fast")
COUNT = OptionSpec("rounds", int, 0, "round limit", minimum=0, maximum=10)
ANY_INT = OptionSpec("offset", int, 0, "any whole number")
BOARD = OptionSpec("board", str, "long", "which board", choices=("long", "short"))
NAME = OptionSpec("label", str, "", "free text")
SPECS = (FLAG, COUNT, BOARD)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(True, True), (False, False), ("true", True), (" YES ", True), ("on", True), ("1", True), ("no", False)],
)
def test_bool_options_accept_booleans_and_their_words(value: Any, expected: bool) -> None:
    assert FLAG.parse(value) is expected


@pytest.mark.parametrize("value", ["maybe", "", 1, 0, None, 1.0])
def test_bool_options_refuse_anything_else(value: Any) -> None:
    with pytest.raises(InvalidOption, match=r"option fast is true or false; got "):
        FLAG.parse(value)


@pytest.mark.parametrize(("value", "expected"), [(3, 3), ("3", 3), (" 10 ", 10), ("0", 0)])
def test_int_options_accept_whole_numbers_and_their_text(value: Any, expected: int) -> None:
    assert COUNT.parse(value) == expected


def test_int_options_accept_negative_text_when_allowed() -> None:
    assert ANY_INT.parse("-4") == -4
    assert ANY_INT.parse(-4) == -4


@pytest.mark.parametrize("value", [True, False, "three", "3.5", 3.0, None, "", "--5", "-", "²", "٣"])
def test_int_options_refuse_anything_else(value: Any) -> None:
    # "--5" and "²" once escaped as bare ValueErrors from int() with an unclear message.
    with pytest.raises(InvalidOption, match=r"is a whole number; got "):
        ANY_INT.parse(value)


def test_int_options_check_their_bounds() -> None:
    with pytest.raises(InvalidOption, match="option rounds is at least 0; got -1"):
        COUNT.parse(-1)
    with pytest.raises(InvalidOption, match="option rounds is at most 10; got 11"):
        COUNT.parse("11")


def test_text_options_are_trimmed_lower_case_and_checked_against_choices() -> None:
    assert BOARD.parse(" Short ") == "short"
    assert NAME.parse("  Ada ") == "ada"
    with pytest.raises(InvalidOption, match="option board must be one of long, short; got 'medium'"):
        BOARD.parse("medium")
    with pytest.raises(InvalidOption, match="option board takes text, not 3"):
        BOARD.parse(3)


def test_describe_lists_everything_a_front_end_needs() -> None:
    assert COUNT.describe() == {
        "name": "rounds",
        "type": "int",
        "default": 0,
        "help": "round limit",
        "minimum": 0,
        "maximum": 10,
        "label": "Rounds",  # its name in words, where the game gives no label
    }
    assert BOARD.describe()["choices"] == ["long", "short"]
    assert "choices" not in FLAG.describe()


def test_a_form_gets_words_for_an_option_its_choices_and_its_parts() -> None:
    sides = ("Long road", "Short cut")
    worded = OptionSpec("board", str, "long", "which side", choices=("long", "short"), choice_labels=sides)
    assert worded.describe()["choice_labels"] == ["Long road", "Short cut"]
    modules = OptionSpec("modules", str, "", "expansion modules", label="Modules", parts=(("isle", "The isle"),))
    assert modules.describe()["parts"] == [{"value": "isle", "label": "The isle"}]
    assert modules.describe()["label"] == "Modules" and "internal" not in modules.describe()
    assert OptionSpec("game_number", int, 1, "set by a campaign", internal=True).describe()["internal"] is True
    with pytest.raises(ValueError, match="one label per choice"):
        OptionSpec("board", str, "long", "x", choices=("long", "short"), choice_labels=("Long road",))


def test_validate_options_fills_defaults_and_parses_given_values() -> None:
    assert validate_options(SPECS, None) == {"fast": False, "rounds": 0, "board": "long"}
    assert validate_options(SPECS, {"rounds": "4", "fast": "yes"}) == {"fast": True, "rounds": 4, "board": "long"}


def test_validate_options_refuses_an_unknown_option_and_lists_the_known_ones() -> None:
    with pytest.raises(InvalidOption, match="unknown option 'round'; this game's options are: board, fast, rounds"):
        validate_options(SPECS, {"round": 3})
    with pytest.raises(InvalidOption, match="unknown option 'x'; this game's options are: none"):
        validate_options((), {"x": 1})


def test_validate_options_reports_the_bad_value() -> None:
    with pytest.raises(InvalidOption, match="option rounds is at most 10; got 99"):
        validate_options(SPECS, {"rounds": 99})


def test_parse_option_pairs() -> None:
    assert parse_option_pairs([]) == {}
    assert parse_option_pairs(["rounds=3", " board = short ", "label="]) == {
        "rounds": "3",
        "board": "short",
        "label": "",
    }
    assert parse_option_pairs(["expr=a=b"]) == {"expr": "a=b"}


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["rounds"], "options are given as key=value; got 'rounds'"),
        (["=3"], "options are given as key=value; got '=3'"),
        ([" =3"], "options are given as key=value; got ' =3'"),
        (["a=1", "a=2"], "option 'a' is given twice"),
    ],
)
def test_parse_option_pairs_errors(pairs: list[str], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        parse_option_pairs(pairs)


def test_tanghulu_refuses_bad_options_before_a_game_starts() -> None:
    from fruitbowl.engine import get_game

    game = get_game("tanghulu")
    with pytest.raises(InvalidOption, match="unknown option 'rounds'"):
        game.new_state(2, 1, {"rounds": 3})
    with pytest.raises(InvalidOption, match="option first_player must be a seat 1–2; got 3"):
        game.new_state(2, 1, {"first_player": "3"})
    with pytest.raises(InvalidOption, match="option first_player is a whole number; got 'left'"):
        game.new_state(2, 1, {"first_player": "left"})
