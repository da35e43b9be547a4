"""The built-in games. Importing this package registers each of them."""

from fruitbowl.engine.registry import register

from .tanghulu import TangHuLu

register(TangHuLu())
