"""Juicy Fruits: slide collectors on your island, supply ships, claim businesses (1–4 players, solo vs Pineapple)."""

from .rules import JuicyFruits, JuicyFruitsState

__all__ = ["JuicyFruits", "JuicyFruitsState"]
