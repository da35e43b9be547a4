"""A table held in memory: its seats, its match, its lock, its open sockets and its bots.

A :class:`LiveTable` is always its database rows replayed (:mod:`.store` reads them); the
:mod:`.runtime` keeps the tables in memory, the :mod:`.bot_runner` moves their bots.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass, field

from fruitbowl.bots import Bot, bot_label, make_bot
from fruitbowl.engine import Match
from fruitbowl.engine.game import State
from fruitbowl.engine.rng import derive_seed

from .errors import InvalidToken
from .outbox import Outbox


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass(eq=False)
class Connection:
    """One open WebSocket: the seat it speaks for (``None``: a spectator) and its outbox, which
    takes messages without ever waiting for the client (see :mod:`.outbox`)."""

    seat: int | None
    outbox: Outbox


@dataclass
class SeatInfo:
    name: str
    controller: str
    claimed: bool
    invite_hash: str
    token_hash: str | None


@dataclass(eq=False)
class LiveTable:
    id: str
    status: str
    allow_spectators: bool
    open_join: bool
    host_token_hash: str
    seats: list[SeatInfo]
    match: Match
    rematch_id: str | None = None
    campaign_id: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle tables leave memory)

    @property
    def version(self) -> int:
        return len(self.match.record.actions)

    def seat_bots(self) -> None:
        """Give every seat a bot controls its bot (each seeded from the table's seed and the seat)."""
        for index, info in enumerate(self.seats):
            if info.controller != "human" and index not in self.bots:
                self.bots[index] = make_bot(info.controller, derive_seed(self.match.record.seed, "bot", index))

    def close_bots(self) -> None:
        """Release the bots' resources (a searching bot's worker processes) once no bot will move
        here again: the game is over, the table leaves memory, or the server stops."""
        for bot in self.bots.values():
            bot.close()

    @property
    def state(self) -> State:
        return self.match.state

    def seat_for(self, token: str | None) -> int | None:
        """The seat a token speaks for, ``None`` for no token; :class:`InvalidToken` for a bad one."""
        if not token:
            return None
        digest = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return index
        raise InvalidToken("this seat token is not valid for this table")

    def online(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}


@dataclass
class SeatRequest:
    controller: str = "human"
    name: str | None = None
    token_hash: str | None = None  # a seat already claimed with this token (a rematch keeps players' tokens)


@dataclass
class CreatedTable:
    id: str
    host_token: str
    seat: int | None
    token: str | None
    invites: dict[int, str]


#: The longest seat name kept (longer ones are cut).
MAX_NAME = 40


def seat_name(index: int, controller: str, name: str | None) -> str:
    """A seat's name: the one given, else "Player 2" or "Random bot 2"."""
    return clean_name(name) or (
        f"Player {index + 1}" if controller == "human" else f"{bot_label(controller)} bot {index + 1}"
    )


def clean_name(name: str | None) -> str | None:
    """A name as given, its runs of white space made one space and cut to :data:`MAX_NAME`."""
    if name is None:
        return None
    cleaned = " ".join(name.split())[:MAX_NAME]
    return cleaned or None
