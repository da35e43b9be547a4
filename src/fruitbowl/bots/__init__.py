"""Bots: players that see only a seat's view (through a :class:`SeatHandle`), never the true state.

They are registered weakest first — ``random``, ``greedy``, ``ismcts:easy``, ``ismcts``,
``ismcts:hard`` — which is the order :func:`bot_names` lists them in.
"""

from .base import Bot, SeatHandle, bot_label, bot_names, make_bot

from .random_bot import RandomBot  # isort: skip  (registration order: weakest first)
from .greedy import GreedyBot  # isort: skip
from .ismcts import ISMCTSBot  # isort: skip

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "SeatHandle", "bot_label", "bot_names", "make_bot"]
