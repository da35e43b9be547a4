"""Which Tang Hu Lu components a seat used, for balance reports (see :mod:`fruitbowl.sim.components`):
the patterns it was rewarded for and the garnishes it took, by stars."""

from __future__ import annotations

from fruitbowl.engine.plugin import ComponentHooks, field_use

HOOKS = ComponentHooks(
    events={"reward": field_use("pattern", "pattern"), "garnish": field_use("garnish", "stars", "{}★")},
    handled=frozenset({"buy", "place", "die_tile", "return", "refill"}),
)
