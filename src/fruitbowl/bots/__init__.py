"""Bots: players that see only a seat's view (through a :class:`SeatHandle`), never the true state."""

from .base import Bot, SeatHandle, bot_names, make_bot
from .ismcts import ISMCTSBot
from .random_bot import RandomBot

__all__ = ["Bot", "ISMCTSBot", "RandomBot", "SeatHandle", "bot_names", "make_bot"]
