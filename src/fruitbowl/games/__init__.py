"""The built-in games. Importing this package registers each of them."""

from fruitbowl.engine.registry import register

from .citrus import Citrus
from .fabledfruit import FabledFruit
from .juicyfruits import JuicyFruits
from .tanghulu import TangHuLu

register(TangHuLu())
register(Citrus())
register(JuicyFruits())
register(FabledFruit())
