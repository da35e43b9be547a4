"""A table held in memory: its seats, its match, its lock, its open sockets and its bots.

A :class:`LiveTable` is always its database rows replayed (:mod:`.store` reads them); the
:mod:`.runtime` keeps the tables in memory, the :mod:`.bot_runner` moves their bots.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime

from fruitbowl.bots import Bot, bot_label, bot_names, make_bot
from fruitbowl.engine import Match
from fruitbowl.engine.game import State
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import N_, _

from .clocks import Clock, clock_seat
from .errors import BadRequest, InvalidToken
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
    language: str = "en"  # what its snapshots are rendered in (see .languages)


@dataclass
class SeatInfo:
    name: str
    controller: str
    claimed: bool
    invite_hash: str
    token_hash: str | None
    takeover: bool = False  # a stand-in bot plays for this player now
    stood_in: bool = False  # a stand-in played for this player at some time in this game


@dataclass(frozen=True)
class Note:
    """Something that happened at the table outside the game (a :class:`~.db.NoteRow`): a seat
    renamed (``kind`` ``rename``, ``name`` the new name, ``text`` the old one), or a chat message
    (``chat``: ``name`` who said it, ``text`` what; ``seat`` ``None``: a spectator), after ``move`` moves."""

    id: int
    kind: str
    seat: int | None
    name: str
    text: str
    move: int
    at: datetime

    @property
    def order(self) -> tuple[int, int]:
        """Its place in the table's log: after the game's entries of its move, in the order made."""
        return (self.move, self.id)


@dataclass(frozen=True)
class Presence:
    """Another process's sockets at a table: the seats connected there, and its spectators (it
    repeats them every sync interval; :mod:`.sync` forgets what is not repeated)."""

    seats: frozenset[int]
    watching: int
    heard: float  # when this process heard it (``time.monotonic``)


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
    #: whether spectators may write in the chat (the host's setting; players always may)
    spectator_chat: bool = False
    #: the table's clock (``None``: no time control) and its stand-in bot's level
    clock: Clock | None = None
    takeover: str | None = None
    #: the tutorial the table plays (``None``: a real game): see :mod:`.tutorials`
    tutorial: str | None = None
    #: the revision of the table's moves in the database that this position is (``TableRow.revision``)
    revision: int = 0
    clock_task: asyncio.Task[None] | None = None  # fires when the running clock runs out
    #: the renames, in their places in the log (:attr:`Note.order`)
    renames: list[Note] = field(default_factory=list)
    #: the chat's latest messages (at most :data:`CHAT_KEPT`), oldest first
    chat: list[Note] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: per seat, its latest move sent with a version: (that version, the action's text); the same
    #: move sent again (a double click) is answered as done, not as "the game has moved on"
    sent: dict[int, tuple[int, str]] = field(default_factory=dict)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle tables leave memory)
    #: the other processes' sockets at this table, by process (``store.origin``): see :mod:`.sync`
    remote: dict[str, Presence] = field(default_factory=dict)
    #: the log's latest entries as each reader reads them (see :func:`.snapshots.latest_log`),
    #: by (their place in the game's log, seat, language): the event, the seats' names, the text
    described: dict[tuple[int, int | None, str], tuple[object, tuple[str, ...], str]] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return len(self.match.record.actions)

    def seat_bots(self) -> None:
        """Give every seat a bot controls its bot (each seeded from the table's seed and the seat)."""
        for index, info in enumerate(self.seats):
            if info.controller != "human" and index not in self.bots:
                self.bots[index] = make_bot(info.controller, derive_seed(self.match.record.seed, "bot", index))
            elif info.controller == "human" and info.takeover and index not in self.bots and self.takeover:
                # a stand-in plays for a player who left or ran out of time
                self.bots[index] = make_bot(self.takeover, derive_seed(self.match.record.seed, "stand-in", index))
            elif info.controller == "human" and not info.takeover and index in self.bots:
                self.bots.pop(index).close()  # the player took their seat back

    def stand_in_marks(self) -> dict[str, list[int]]:
        """What a result says of stand-ins (nothing when none played): ``stand_ins``, the seats a
        stand-in played for at any time, and ``finished_by_stand_in``, those it held at the end."""
        played = [i for i, info in enumerate(self.seats) if info.stood_in]
        if not played:
            return {}
        return {"stand_ins": played, "finished_by_stand_in": [i for i, info in enumerate(self.seats) if info.takeover]}

    def clocked(self) -> list[bool]:
        """Per seat, whether it has a clock: a person's seat (a bot's never has one)."""
        return [info.controller == "human" for info in self.seats]

    def clock_seat(self, state: State | None = None, takeover: dict[int, bool] | None = None) -> int | None:
        """Whose clock runs now (see :func:`~.clocks.clock_seat`), or at ``state`` (after a move),
        or once the seats of ``takeover`` are given to a stand-in (true) or back to their player."""
        state = self.state if state is None else state
        held = {i: info.takeover for i, info in enumerate(self.seats)} | (takeover or {})
        humans = [info.controller == "human" and not held[i] for i, info in enumerate(self.seats)]
        return clock_seat(self.status if not state.is_terminal() else "finished", state.current_player, humans)

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
        raise InvalidToken(_("this seat token is not valid for this table"))

    def add_notes(self, notes: list[Note], whole: bool = False) -> bool:
        """Take the notes this table does not hold yet (read from its rows); whether there were any.
        ``whole``: ``notes`` are all of the table's and replace those held, so that a name taken
        away since (a deleted account's) is gone from the log and the chat too."""
        if whole:
            renames = sorted((note for note in notes if note.kind in LOG_NOTES), key=lambda note: note.order)
            said = sorted((note for note in notes if note.kind == "chat"), key=lambda note: note.id)[-CHAT_KEPT:]
            changed = renames != self.renames or said != self.chat
            self.renames, self.chat = renames, said
            return changed
        known = {note.id for note in self.renames} | {note.id for note in self.chat}
        fresh = [note for note in notes if note.id not in known]
        renames = [note for note in fresh if note.kind in LOG_NOTES]
        said = [note for note in fresh if note.kind == "chat"]
        if renames:
            self.renames = sorted(self.renames + renames, key=lambda note: note.order)
        if said:
            self.chat = sorted(self.chat + said, key=lambda note: note.id)[-CHAT_KEPT:]
        return bool(fresh)

    def local_presence(self) -> tuple[frozenset[int], int]:
        """The seats with a WebSocket open to this process, and its spectators' WebSockets."""
        seats = frozenset(c.seat for c in self.connections if c.seat is not None)
        return seats, sum(1 for c in self.connections if c.seat is None)

    def online(self) -> set[int]:
        """The seats with a WebSocket open to any process (the others' as they last said it)."""
        seats = set(self.local_presence()[0])
        for presence in self.remote.values():
            seats |= presence.seats
        return seats

    def watching(self) -> int:
        """The spectators' WebSockets open to any process (the others' as they last said it)."""
        return self.local_presence()[1] + sum(p.watching for p in self.remote.values())


#: The notes said in the table's log (kept in ``LiveTable.renames``): renames, and a stand-in
#: taking a seat (``timeout``, ``leave``: ``name`` the player's, ``text`` the bot's level) or the
#: player taking it back (``back``).
LOG_NOTES = ("rename", "timeout", "leave", "back")


def suggested_bot() -> str:
    """The level offered first wherever a seat goes to a bot (the pages read it from
    ``GET /api/games``), and the stand-in's when the host names none: the easy search bot where
    there is one (a fair game for a newcomer)."""
    return "ismcts:easy" if "ismcts:easy" in bot_names() else bot_names()[0]


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


#: Chat messages kept per table (older ones are deleted), and the longest message.
CHAT_KEPT = 500
MAX_CHAT = 500


def check_chat(text: object) -> str:
    """A chat message as kept: trimmed, 1 to :data:`MAX_CHAT` characters, line breaks allowed but
    no other control characters; :class:`BadRequest` saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise BadRequest(_("a chat message must be text"))
    cleaned = "\n".join(line.strip() for line in text.strip().splitlines())
    if not cleaned:
        raise BadRequest(_("a chat message cannot be empty"))
    if len(cleaned) > MAX_CHAT:
        raise BadRequest(
            _("a chat message has at most {MAX_CHAT} characters (this one has {cleaned})").format(
                MAX_CHAT=MAX_CHAT, cleaned=len(cleaned)
            )
        )
    if any((unicodedata.category(ch) == "Cc" and ch != "\n") or ch in _DIRECTION_MARKS for ch in cleaned):
        raise BadRequest(_("a chat message cannot hold control characters or text-direction marks"))
    return cleaned


#: The longest name: a seat's, and a campaign's (in characters, after trimming).
MAX_NAME = 40


def seat_name(index: int, controller: str, name: str | None) -> str:
    """A seat's name: the one given (checked by :func:`check_name`), else "Player 2" or "Random bot 2"
    (stored in English, the same for every reader: :func:`shown_name` says it in each one's language)."""
    if name is not None:
        return check_name(name)
    return f"Player {index + 1}" if controller == "human" else f"{bot_label(controller)} bot {index + 1}"


def shown_name(index: int, name: str) -> str:
    """A seat's name as the reader reads it: a name someone gave as it is, a name the table gave
    (:func:`seat_name`'s "Player 2", "Random bot 2") in the reader's language ("Spieler 2")."""
    number = index + 1
    if name == f"Player {number}":
        return _("Player {n}").format(n=number)
    for level in bot_names():
        if name == f"{bot_label(level)} bot {number}":
            return _("{level} bot {n}").format(level=_(bot_label(level)), n=number)
    return name


def check_name(name: object, what: str = N_("a name")) -> str:
    """The one rule for every name (a seat's, a campaign's): trimmed, each run of white space made
    one space, then 1 to :data:`MAX_NAME` characters with no control characters;
    :class:`BadRequest` saying what is wrong otherwise (the browser checks the same, ``names.js``)."""
    what = _(what)  # (marked by the caller with N_)
    if not isinstance(name, str):
        raise BadRequest(_("{what} must be text").format(what=what))
    cleaned = " ".join(name.split())
    if not cleaned:
        raise BadRequest(_("{what} cannot be empty").format(what=what))
    if len(cleaned) > MAX_NAME:
        raise BadRequest(
            _("{what} has at most {MAX_NAME} characters (this one has {cleaned})").format(
                what=what, MAX_NAME=MAX_NAME, cleaned=len(cleaned)
            )
        )
    if any(unicodedata.category(ch) == "Cc" or ch in _DIRECTION_MARKS for ch in cleaned):
        raise BadRequest(_("{what} cannot hold control characters or text-direction marks").format(what=what))
    return cleaned


#: Marks that turn the direction of the text after them (a name could make a log sentence read backwards).
_DIRECTION_MARKS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def same_name(a: str, b: str) -> bool:
    """Whether two names are the same at a table (which ignores case)."""
    return a.casefold() == b.casefold()
