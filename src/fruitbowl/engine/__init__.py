"""The game-agnostic engine: the contract every game fulfils, and what is built on it.

The names below are the public API; front ends import from here, never from a game's
internals.
"""

from .actions import Action, ActionTable
from .errors import (
    BadPlayerCount,
    ComponentDataError,
    FruitbowlError,
    IllegalAction,
    InvalidOption,
    RecordError,
    UndoError,
    UnknownGame,
    UnsupportedFeature,
)
from .events import Event
from .game import Game, State
from .match import Match
from .observation import Observation
from .options import OptionSpec, parse_option_pairs
from .plugin import GamePlugin
from .record import RECORD_FORMAT, Player, Record, replay, replay_to_end
from .registry import all_games, all_plugins, get_game, get_plugin, register
from .result import House, Result

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "ActionTable",
    "BadPlayerCount",
    "ComponentDataError",
    "Event",
    "FruitbowlError",
    "Game",
    "GamePlugin",
    "House",
    "IllegalAction",
    "InvalidOption",
    "Match",
    "Observation",
    "OptionSpec",
    "Player",
    "Record",
    "RecordError",
    "Result",
    "State",
    "UndoError",
    "UnknownGame",
    "UnsupportedFeature",
    "all_games",
    "all_plugins",
    "get_game",
    "get_plugin",
    "parse_option_pairs",
    "register",
    "replay",
    "replay_to_end",
]
