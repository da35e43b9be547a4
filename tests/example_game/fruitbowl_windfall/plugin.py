"""Windfall's plugin: what every front end needs from it (see :mod:`fruitbowl.engine.plugin`)."""

from __future__ import annotations

from fruitbowl.engine.plugin import ComponentHooks, GamePlugin, SearchTuning, field_use

from .rules import Windfall

#: For balance reports: the windfall is the one component worth naming.
HOOKS = ComponentHooks(events={"windfall": field_use("windfall", "points", "{} points")}, handled=frozenset({"take"}))

PLUGIN = GamePlugin(
    game=Windfall,
    terminal="fruitbowl_windfall.terminal:WindfallBoard",
    web_module="fruitbowl_windfall:board.js",
    greedy="fruitbowl_windfall.greedy:EVALUATOR",
    search=SearchTuning(depth=4, scale=3.0),
    components="fruitbowl_windfall.plugin:HOOKS",
)
