"""ActionTable: parsing texts (case, spacing, aliases, bare codes) and resolving objects, codes, texts."""

from __future__ import annotations

from typing import Any

import pytest

from fruitbowl.engine import Action, ActionTable, IllegalAction
from fruitbowl.engine.actions import normalize_text


def make_table() -> ActionTable:
    actions = [
        Action(0, "place 1", "place", {"stick": 0}),
        Action(1, "place 2", "place", {"stick": 1}),
        Action(2, "buy S1 on 1", "buy", {"space": 0, "stick": 0}),
        Action(3, "stop", "stop"),
    ]
    return ActionTable(actions, aliases={"done": "stop", "Put One": "place 1"})


TABLE = make_table()


def test_normalize_text_lowers_and_folds_white_space() -> None:
    assert normalize_text("  Buy\tS1   on 1 \n") == "buy s1 on 1"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("place 1", 0),
        ("PLACE 2", 1),
        ("  buy   s1 ON 1  ", 2),
        ("Buy S1 on 1", 2),
        ("done", 3),
        ("DONE", 3),
        ("put   one", 0),
        ("3", 3),
        (" 0 ", 0),
        ("003", 3),
    ],
)
def test_parse_canonical_case_spacing_aliases_and_bare_codes(text: str, code: int) -> None:
    assert TABLE.parse(text) is TABLE[code]


@pytest.mark.parametrize("text", ["", "   ", "place", "place 3", "4", "99", "-1", "1.0", "²", "٣", "stop!"])
def test_parse_refuses_anything_else_with_illegal_action(text: str) -> None:
    # '²' and '٣' are str.isdigit() but not codes: they once escaped as a bare ValueError from int().
    with pytest.raises(IllegalAction, match="is not an action of this game"):
        TABLE.parse(text)


def test_resolve_accepts_the_tables_own_action_its_code_and_its_text() -> None:
    action = TABLE[2]
    assert TABLE.resolve(action) is action
    assert TABLE.resolve(2) is action
    assert TABLE.resolve("buy s1 on 1") is action


def test_resolve_maps_an_equal_action_from_elsewhere_by_its_text() -> None:
    twin = Action(2, "buy S1 on 1", "buy", {"space": 0, "stick": 0})
    assert TABLE.resolve(twin) is TABLE[2]
    moved = Action(0, "stop", "stop")  # the code is wrong, the text decides
    assert TABLE.resolve(moved) is TABLE[3]


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (4, r"action code 4 is outside 0\.\.3"),
        (-1, r"action code -1 is outside 0\.\.3"),
        (True, "True is not an action"),
        (1.0, "1.0 is not an action, a code or an action text"),
        (None, "None is not an action, a code or an action text"),
        (b"stop", "is not an action, a code or an action text"),
        (Action(0, "fly", "fly"), "'fly' is not an action of this game"),
        ("xyzzy", "'xyzzy' is not an action of this game"),
    ],
)
def test_resolve_errors_are_illegal_action_with_a_clear_message(given: Any, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        TABLE.resolve(given)


def test_illegal_action_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        TABLE.resolve("xyzzy")


def test_codes_must_be_dense_and_in_order() -> None:
    with pytest.raises(ValueError, match=r"action codes must be 0\.\.n-1 in order"):
        ActionTable([Action(0, "a", "a"), Action(2, "b", "b")])


def test_texts_must_be_unique_after_normalizing() -> None:
    with pytest.raises(ValueError, match="action texts must be unique"):
        ActionTable([Action(0, "Stop", "stop"), Action(1, "stop ", "stop")])


def test_an_alias_must_name_an_action() -> None:
    with pytest.raises(ValueError, match="alias 'halt' names 'stopp', which is not an action text"):
        ActionTable([Action(0, "stop", "stop")], aliases={"halt": "stopp"})


def test_an_alias_never_overrides_a_canonical_text() -> None:
    table = ActionTable([Action(0, "a", "a"), Action(1, "b", "b")], aliases={"a": "b"})
    assert table.parse("a") is table[0]


def test_action_json_str_and_repr() -> None:
    action = TABLE[2]
    assert action.to_json() == {"code": 2, "text": "buy S1 on 1", "kind": "buy", "space": 0, "stick": 0}
    assert str(action) == "buy S1 on 1"
    assert repr(action) == "<Action 2 'buy S1 on 1'>"
    assert len(TABLE) == 4


def test_action_fields_may_not_shadow_the_actions_own_names() -> None:
    with pytest.raises(ValueError, match=r"\['kind'\] clash"):
        Action(0, "give banana", "give", {"kind": 3})
