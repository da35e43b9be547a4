"""Tang Hu Lu: fill three sticks with fruit, garnish them with sugar, collect the most stars."""

from .rules import TangHuLu, TangHuLuState

__all__ = ["TangHuLu", "TangHuLuState"]
