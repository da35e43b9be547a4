"""The bot interface: a bot is handed a :class:`SeatHandle`, never the state itself.

The handle offers what that seat may know: its ``view()``, the legal actions when it is that
seat's turn, and ``sample(rng)``, a full state consistent with the view (``determinize``) for
bots that search. So a bot cannot read hidden cards even by mistake.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from fruitbowl.engine import Action, InvalidOption, State


class SeatHandle:
    """One seat's window on a game: its view, its legal actions, and determinized samples."""

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int):
        self.__state = state
        self.seat = seat

    @property
    def game_id(self) -> str:
        return self.__state.game.id

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    def view(self) -> dict[str, Any]:
        return self.__state.view(self.seat)

    def is_my_turn(self) -> bool:
        return self.__state.current_player == self.seat

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions (empty when another seat is to act)."""
        return self.__state.legal_actions() if self.is_my_turn() else []

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this seat's view; hidden things resampled."""
        return self.__state.determinize(self.seat, rng)


class Bot(ABC):
    """A player. ``choose`` is called only when it is the handle's seat to act."""

    name: str = "bot"

    @abstractmethod
    def choose(self, handle: SeatHandle) -> Action: ...

    def close(self) -> None:  # noqa: B027  (optional hook)
        """Release what the bot holds (a searching bot's worker processes) once its game is over."""


_BOTS: dict[str, Callable[[int], Bot]] = {}
_LABELS: dict[str, str] = {}


def register_bot(name: str, factory: Callable[[int], Bot], label: str | None = None) -> None:
    """Make a bot available everywhere by ``name``; ``label`` is what players read ("Easy"),
    by default the name capitalized."""
    _BOTS[name] = factory
    _LABELS[name] = label or name.capitalize()


def bot_label(name: str) -> str:
    """The word players see for a bot ("Easy" for ``ismcts:easy``), as in "Easy bot 2"."""
    return _LABELS.get(name, name.capitalize())


def bot_names() -> list[str]:
    """Bot names in the order they were registered: the first is the one a lobby offers first."""
    return list(_BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name, seeded; :class:`InvalidOption` for an unknown name."""
    factory = _BOTS.get(name.strip().lower())
    if factory is None:
        raise InvalidOption(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}")
    return factory(seed)
