"""Every view of Fabled Fruit fits its declared shape (``FabledFruitView``), including the keys that
random games seldom reach: a peeked hand (#31), a private look (#35), a gamble's payment (#12L), the
#11L offer round, the thief V2.0's choice (#17L), a #13L trade and a finished game's standings.

Each view is checked as a client receives it (after a JSON round trip), for every seat and a
spectator, with the JSON Schema derived from the type (``fruitbowl.views``).
"""

from __future__ import annotations

import json

from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.games.fabledfruit.rules import FabledFruitState
from fruitbowl.views import view_errors, view_schema

from .positions import GAME, act, at_location, position, table, through

L = parse_loc


def fits(s: FabledFruitState) -> None:
    for viewer in [*range(s.num_players), None]:
        view = json.loads(json.dumps(s.view(viewer)))
        assert view_errors(GAME, view) == [], viewer


def lime(n: int = 3, **kw) -> FabledFruitState:
    s = position(n, options={"lime": True}, **kw)
    for label in ("4L", "5L", "10L", "12L", "17L"):
        s.enter_play(L(label), [])
    return s


def test_the_schema_is_closed_and_names_the_decisions():
    schema = view_schema(GAME)
    assert schema["additionalProperties"] is False
    decision = schema["$defs"]["DecisionView"]
    assert "move" in decision["properties"]["kind"]["enum"] and "juice" in decision["properties"]["kind"]["enum"]
    assert decision["required"] == ["kind", "seat"]


def test_base_game_views_fit_at_every_kind_of_decision():
    s = position(2, hands={0: "", 1: "P B S"}, draw="G")
    fits(s)
    act(s, 31)  # a peek: the peeker's view has the hand, the take step names whose
    assert s.view(0)["decision"]["from"] == 1
    fits(s)
    s = position(2, hands={0: ""}, draw="P B S C")
    act(s, 35)  # a private look
    fits(s)
    s = position(3, hands={0: "", 1: "P"}, options=through(28))
    act(s, 28)  # the thief
    fits(s)
    s = at_location(position(2, hands={0: "P P P B"}), 1)
    s.apply("buy")
    s.apply("pay pineapple")  # a payment in progress
    fits(s)


def test_lime_views_fit_offers_gambles_and_trades():
    s = lime(4, hands={0: "P", 1: "B", 2: "C", 3: "G"})
    act(s, "11L", "offer banana")  # the offer round, face up
    assert s.view(None)["offer_round"] is not None
    fits(s)
    s = lime(hands={0: "S G G C"}, draw="S B P")
    s.gamble, s.gamble_pool = [1, 0, 0], 5
    s.stacks.append(L("10L"))
    s.counts[L("10L")] = 4
    at_location(s, "10L")
    s.apply("gamble 1")  # the payment names the tokens returned
    assert s.view(0)["payment"]["gambling"] == 1
    fits(s)
    s = lime(4, hands={0: ""})
    s.thief = 48
    act(s, "17L", "thief 49")  # the thief V2.0's first stack chosen
    fits(s)
    s = lime(hands={0: ""})
    s.juices[0] = [L("2L"), 48]
    act(s, "13L", "return 48")  # the juice returned
    fits(s)


def test_a_finished_game_fits_with_its_standings():
    s = table(2, 5, {"immediate_end": True})
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.view(None)["standings"] is not None
    fits(s)
