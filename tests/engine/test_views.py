"""A game's view type becomes a JSON Schema, and views are checked against it (``fruitbowl.views``).

The toy game Plums declares its view as ``PlumView`` (a ``TypedDict`` with a ``NotRequired``
hand); these tests read the schema the way a client would and validate real views of it.
"""

from __future__ import annotations

import json
from typing import Any, Literal, NotRequired, TypedDict

import pytest

from fruitbowl.engine.errors import UnsupportedFeature
from fruitbowl.views import view_errors, view_schema

from .toys import PLUMS, PlumGame


class Bulb(TypedDict):
    watts: int


class Lamp(TypedDict):  # (at module level, where its annotations resolve)
    bulb: Bulb | None
    mode: Literal["on", "off"] | None


def _as_sent(view: dict[str, Any]) -> Any:
    return json.loads(json.dumps(view))


def test_the_schema_is_draft_2020_12_with_closed_objects_and_optional_keys_left_out_of_required() -> None:
    schema = view_schema(PLUMS)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "PlumView"
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == {"game", "table", "viewer", "current_player", "deck_size", "center", "players"}
    player = schema["$defs"]["PlumPlayerView"]
    assert player["additionalProperties"] is False
    assert "hand" in player["properties"] and "hand" not in player["required"]
    assert schema["properties"]["viewer"] == {"anyOf": [{"type": "integer"}, {"type": "null"}], "title": "Viewer"}


def test_each_call_gives_a_fresh_copy() -> None:
    view_schema(PLUMS)["title"] = "changed by a caller"
    assert view_schema(PLUMS)["title"] == "PlumView"


def test_every_seats_and_the_spectators_view_fits_until_the_end() -> None:
    state = PLUMS.new_state(3, seed=5)
    while True:
        for viewer in (None, 0, 1, 2):
            assert view_errors(PLUMS, _as_sent(state.view(viewer))) == []
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    assert "hand" in state.view(None)["players"][0]  # shown to all at the end: the optional key was exercised


def test_errors_name_the_place_by_its_json_path_one_sentence_each() -> None:
    view = _as_sent(PLUMS.new_state(2, seed=1).view(0))
    view["players"][1]["points"] = "7"
    view["players"][0]["hand"] = [1, None, 3]
    del view["deck_size"]
    view["debug"] = True
    assert view_errors(PLUMS, view) == [
        "view (PlumView): 'deck_size' is a required property.",
        "view (PlumView): Additional properties are not allowed ('debug' was unexpected).",
        "view.players[0].hand[1]: None is not of type 'integer'.",
        "view.players[1].points: '7' is not of type 'integer'.",
    ]


def test_a_boolean_is_not_a_number_and_a_literal_is_a_closed_set() -> None:
    class Light(TypedDict):
        colour: Literal["red", "green"]
        count: int
        note: NotRequired[str | None]

    class LightGame(PlumGame):
        view_type = Light

    game = LightGame()
    assert view_errors(game, {"colour": "red", "count": 2}) == []
    assert view_errors(game, {"colour": "red", "count": 2, "note": None}) == []
    assert view_errors(game, {"colour": "blue", "count": True}) == [
        "view.colour: 'blue' is not one of ['red', 'green'].",
        "view.count: True is not of type 'integer'.",
    ]


def test_a_game_without_a_view_type_has_no_schema_and_every_view_is_an_error() -> None:
    class Untyped(PlumGame):
        view_type = None

    game = Untyped()
    with pytest.raises(UnsupportedFeature, match=r"^Plums declares no view type \(Game.view_type"):
        view_schema(game)
    assert view_errors(game, {}) == ["Plums declares no view type (Game.view_type, the TypedDict of its view)."]


def test_a_whole_number_written_as_a_float_is_not_an_integer() -> None:
    view = _as_sent(PLUMS.new_state(2, seed=1).view(0))
    view["deck_size"] = 3.0  # (JSON Schema would call 3.0 an integer; a client reading "3.0" gets a float)
    assert view_errors(PLUMS, view) == ["view.deck_size: Input should be a valid integer."]


def test_where_a_value_may_take_one_of_several_shapes_the_error_is_about_the_shape_it_has() -> None:
    class LampGame(PlumGame):
        view_type = Lamp

    game = LampGame()
    assert view_errors(game, {"bulb": {"watts": 40}, "mode": None}) == []
    assert view_errors(game, {"bulb": {"watts": "40"}, "mode": "dim"}) == [
        "view.bulb.watts: '40' is not of type 'integer'.",
        "view.mode: 'dim' is not one of ['on', 'off'].",
    ]
    assert view_errors(game, {"bulb": "E27", "mode": 1}) == [
        "view.bulb: 'E27' is not of type 'object' or 'null'.",
        "view.mode: 1 is not one of ['on', 'off'].",
    ]
