"""Fabled Fruit: move your animal, collect fruit, buy locations as fabled juices — a fable campaign."""

from . import lime_locations as _lime_locations  # noqa: F401  (registers the Lime effects)
from . import locations as _locations  # noqa: F401  (registers the location effects)
from .rules import FabledFruit, FabledFruitState

__all__ = ["FabledFruit", "FabledFruitState"]
