"""Citrus's view has one declared shape (``Citrus.view_type``, the ``CitrusView`` TypedDict), and
every view sent fits it: read through the JSON Schema a client gets (``fruitbowl.views``) and
through views of games played with actions. The conformance test holds every checked view of its
games to the same type; here, whole games to their end, the schema's closed sets, and views that
share nothing with one another or with the fixed parts the web table sends once per table
(the game plugin's ``fixed_view``).
"""

from __future__ import annotations

import json
import random
from typing import Any

from fruitbowl.engine import get_plugin
from fruitbowl.games.citrus.components import ACTION_KINDS
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.view import CitrusView
from fruitbowl.views import view_errors, view_schema

from .positions import GAME, dealt


def _as_sent(view: dict[str, Any]) -> Any:
    return json.loads(json.dumps(view))


def _enum(schema: dict[str, Any], *path: str) -> list[str]:
    """The closed set of words the schema allows at ``path`` (keys, through lists' items)."""
    node = _inner(schema, schema)
    for key in path:
        node = _inner(schema, node["properties"][key])
    return list(node["enum"])


def _inner(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """``node`` past references, "or null" and lists: what one value there is."""
    while True:
        if "$ref" in node:
            node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
        elif "anyOf" in node:
            node = next(option for option in node["anyOf"] if option.get("type") != "null")
        elif node.get("type") == "array":
            node = node["items"]
        else:
            return node


def test_citrus_declares_its_view_type() -> None:
    assert GAME.view_type is CitrusView


def test_every_view_fits_the_declared_type_from_the_first_move_to_the_end() -> None:
    """Two whole random games (2 players on the short side with free placement, 3 on the long
    side with the Yucata variants): every seat's and the spectator's view of every position, as a
    client receives it, fits; the games pass through every phase, the blocked game's Finca choice
    too, and end with standings."""
    phases: set[str] = set()
    for players, seed, options in (
        (2, 11, {"board": "short", "free_placement": True}),
        (3, 12, {"cart_restriction": False, "horses_at_once": True}),
    ):
        state = dealt(players, seed, options)
        rng = random.Random(seed)
        while True:
            for viewer in (None, *range(players)):
                view = state.view(viewer)
                assert view_errors(GAME, _as_sent(view)) == [], (viewer, view["turn"], view["phase"])
            phases.add(view["phase"])
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        standings = state.view(None)["standings"]
        assert standings is not None and len(standings["scores"]) == players
    assert phases == {"main", "place", "site", "harvest", "after", "blocked_site", "over"}


def test_the_schema_a_client_reads_declares_exactly_the_keys_sent_and_the_games_closed_sets() -> None:
    schema = view_schema(GAME)
    view = _as_sent(dealt(3, 5, {}).view(0))
    assert schema["title"] == "CitrusView" and schema["additionalProperties"] is False
    assert set(schema["properties"]) == set(schema["required"]) == set(view), "every key, always sent"
    for name, part in schema["$defs"].items():
        if part.get("type") == "object":
            assert part["additionalProperties"] is False, name
            assert set(part["properties"]) == set(part["required"]), f"{name}: no key is sent only sometimes"
    # The words a renderer switches on are closed sets, the same as the game's data and rules.
    assert _enum(schema, "types") == list(C.types)
    assert _enum(schema, "regions", "type") == list(C.types)
    assert _enum(schema, "players", "held", "kind") == ["horses", *ACTION_KINDS]
    assert _enum(schema, "board", "type") == ["ordinary", "rock", "landscape", "site"]
    assert _enum(schema, "sites", "state") == ["finca", "open", "stacked"]
    board = next(spec for spec in GAME.option_specs if spec.name == "board")
    assert _enum(schema, "options", "board") == _enum(schema, "board", "side") == list(board.choices or ())
    assert set(_enum(schema, "phase")) == {"main", "place", "site", "harvest", "after", "blocked_site", "over"}
    assert set(schema["$defs"]["CitrusOptions"]["properties"]) == {spec.name for spec in GAME.option_specs}


def test_a_view_that_breaks_the_type_is_refused_with_its_place_named() -> None:
    view = _as_sent(dealt(2, 3, {}).view(1))
    view["phase"] = "dinner"
    view["board"]["tile"][0] = ["lime", 1]
    view["players"][0]["held"] = [{"kind": "unicorn", "value": 0}]
    assert view_errors(GAME, view) == [
        "view.board.tile[0][0]: 'lime' is not of type 'integer'.",
        "view.phase: 'dinner' is not one of ['main', 'place', 'site', 'harvest', 'after', 'blocked_site', 'over'].",
        "view.players[0].held[0].kind: 'unicorn' is not one of "
        "['horses', 'money', 'cart', 'bull', 'bridge', 'milestone'].",
    ]


def test_every_seat_and_a_spectator_see_the_same_position() -> None:
    """Nothing in Citrus is private to one seat (action tiles are kept face up; the bag and the
    stacks are hidden from everyone alike): views differ only in who is looking."""
    state = dealt(4, 9, {})
    rng = random.Random(9)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()))
    spectator = state.view(None)
    assert spectator["viewer"] is None
    for seat in range(4):
        view = state.view(seat)
        assert view["viewer"] == seat
        assert {**view, "viewer": None} == spectator


def test_views_share_nothing_with_each_other_or_with_the_fixed_parts() -> None:
    """A client that changes a view it was given (a board that marks spaces, say) changes no other
    view, nor the parts of every view that the game's plugin gives front ends (``fixed_view``)."""
    for side in ("long", "short"):
        state = dealt(3, 4, {"board": side})
        fixed = get_plugin("citrus").view_fixed_parts(state)
        pristine = json.dumps(fixed)
        first, second = state.view(0), state.view(0)
        for key in fixed:  # the fixed parts are in every view, as they are
            assert _as_sent(first[key]) == _as_sent(_with_dynamic(fixed[key], first[key]))
        first["types"].append("kumquat")
        first["board"]["labels"][0] = "Z9"
        first["board"]["type"].clear()
        first["sites"][0]["ring"].pop()
        first["sites"][0]["roads"].append("Z9")
        first["market"]["lines"][0]["spaces"].append(99)
        first["market"]["spaces"][0]["number"] = 99
        assert state.view(0) == second
        assert json.dumps(get_plugin("citrus").view_fixed_parts(state)) == pristine


def _with_dynamic(fixed: Any, view: Any) -> Any:
    """``fixed`` with the keys the view adds to it taken from ``view`` (objects matched by key, lists
    of objects by position), so that it can be compared with the view's part whole."""
    if isinstance(fixed, dict):
        return {key: _with_dynamic(fixed[key], item) if key in fixed else item for key, item in view.items()}
    if isinstance(fixed, list) and fixed and isinstance(fixed[0], dict):
        return [_with_dynamic(f, v) for f, v in zip(fixed, view, strict=True)]
    return fixed
