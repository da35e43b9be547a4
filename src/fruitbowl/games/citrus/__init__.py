"""Citrus: plant citrus regions around Fincas, harvest them, and win the Finca majorities."""

from .rules import Citrus, CitrusState

__all__ = ["Citrus", "CitrusState"]
