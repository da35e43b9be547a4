"""A match: a game in progress with its players, its record, its event log and undo.

Front ends (terminal, server) hold a :class:`Match`; it is the one place that applies the
undo policy and keeps the record in step with the state, so that a saved match always
replays to the same position.

Undo policy: the player to act may take back their own actions, one at a time, back to the
start of their turn, but never across a random draw or a reveal of hidden information (any
event marked ``irreversible``, any chance node) and never across another player's decision.

Chance: for a game with explicit chance (see :mod:`.chance`) the match's :class:`Dealer`,
seeded with the record's seed, resolves every chance node as soon as the state reaches it,
and the record lists each outcome. A match rebuilt from a record of an old rules version (see
:attr:`~.game.Game.legacy_dealers`) keeps that version, and its legacy dealer draws every
outcome to the end, as the old engine would have. A match's state is therefore never at a chance node: the
player to act, or the end, is always next.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .actions import Action
from .chance import Dealer, Dealing
from .errors import FruitbowlError, UndoError
from .events import Event
from .game import CHANCE, Game, State
from .record import ChanceSource, Player, Record, naming_file, replay, start_state
from .wording import _


class MovedOn(FruitbowlError):
    """A prepared move made after the match has moved on from the position it was prepared from."""


@dataclass(slots=True)
class PreparedMove:
    """A move worked out but not made yet (:meth:`Match.prepare`): the position after it, its
    chance already resolved as the match's dealer will resolve it. A server stores the move with
    its end (``state``) before :meth:`Match.commit` makes it, so a move is applied once."""

    action: Action
    actor: int
    base: State  # the match's position it was prepared from (kept as it was: the undo's "before")
    state: State  # the position after it
    events: list[Event]
    outcomes: list[str]  # the chance outcomes it drew, as text
    dealer: Dealing  # the match's dealer after those draws (the match's own if it drew none)


class Match:
    def __init__(self, game: Game, state: State, record: Record, dealer: Dealing | None = None):
        self.game = game
        self.state = state
        self.record = record
        #: Draws the chance outcomes from here on (seeded with the record's seed; for a record of
        #: an old rules version, the game's legacy dealer for it: see :meth:`from_record`).
        self.dealer = dealer if dealer is not None else Dealer(record.seed, drawn=len(record.chance))
        self.log: list[tuple[int, Event]] = [(0, e) for e in getattr(state, "setup_events", [])]
        self._undo: list[tuple[State, int]] = []  # (state before, log length before)
        if state.current_player == CHANCE:  # a new game's deal
            self.log += [(len(record.actions), e) for e in self._settle()]

    @classmethod
    def new(
        cls,
        game: Game,
        players: Sequence[Player],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        options = game.validate_options(options, len(players))
        state = game.new_state(len(players), seed, options)
        record = Record(game.id, game.rules_version, options, list(players), seed)
        return cls(game, state, record)

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """Rebuild a match by replaying its record (refusing a record that does not replay),
        with the undo history :meth:`apply` would have kept: a reloaded game (a restarted
        server, a resumed save) offers exactly the undo it offered before."""
        chance = ChanceSource(record)
        game, state = start_state(record, chance)
        match = cls(game, state, Record(**{**record.__dict__, "actions": [], "result": None, "chance": []}))
        before, actor = state.clone(), state.current_player
        for number, text, replayed, events in replay(record, chance, state):
            log_length = len(match.log)
            drawn = len(chance.used)
            match.state = replayed
            match.record.actions.append(text)
            match.log.extend((number, e) for e in events)
            match._remember(before, log_length, actor, events, drew=len(chance.used) > drawn)
            before, actor = replayed.clone(), replayed.current_player
        match.record.chance = list(chance.used)
        match.dealer = chance.dealer_after()
        if match.state.is_terminal():  # replay() has checked any result the record claims
            match.record.result = match.state.result().to_json()
        return match

    def _settle(self) -> list[Event]:
        """Resolve the chance nodes the state stands at with the dealer, recording each outcome."""
        events: list[Event] = []
        for outcome, caused in self.dealer.settle(self.state):
            self.record.chance.append(outcome.text)
            events += caused
        return events

    def _remember(self, before: State, log_length: int, actor: int, events: list[Event], drew: bool = False) -> None:
        """The undo policy after a move by ``actor``: the position before it may be returned to
        while the same player acts and nothing irreversible (a draw, a reveal) happened."""
        if drew or any(e.irreversible for e in events) or self.state.current_player != actor:
            self._undo.clear()
        else:
            self._undo.append((before, log_length))

    @property
    def players(self) -> list[Player]:
        return self.record.players

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.record.players]

    def apply(self, action: Action | int | str) -> list[Event]:
        """Apply an action for the player to act; record it and update the undo history."""
        return self.commit(self.prepare(action))

    def prepare(self, action: Action | int | str) -> PreparedMove:
        """Work out ``action`` for the player to act (refused as :meth:`State.apply` refuses it)
        on a copy of the position, its chance resolved by a copy of the dealer; the match does
        not change until :meth:`commit` (a server stores the move's end first)."""
        state = self.state.clone()
        resolved = state.table.resolve(action)
        events = state.apply(resolved)
        dealer, outcomes = self.dealer, []
        if state.current_player == CHANCE:  # (copying a dealer's generator costs: only when it draws)
            dealer = dealer.copy()
            for outcome, caused in dealer.settle(state):
                outcomes.append(outcome.text)
                events += caused
        return PreparedMove(resolved, self.state.current_player, self.state, state, events, outcomes, dealer)

    def commit(self, move: PreparedMove) -> list[Event]:
        """Make a move :meth:`prepare` worked out from the match's current position: record it
        and its chance outcomes, log its events, update the undo history; its events.
        :class:`MovedOn` if the match has changed since it was prepared."""
        if move.base is not self.state:
            raise MovedOn(
                _("the move {action} was prepared from an earlier position: prepare it again").format(
                    action=repr(move.action.text)
                )
            )
        before, self.state, self.dealer = self.state, move.state, move.dealer
        self.record.actions.append(move.action.text)
        self.record.chance += move.outcomes
        log_length = len(self.log)
        self.log.extend((len(self.record.actions), e) for e in move.events)
        self._remember(before, log_length, move.actor, move.events, drew=bool(move.outcomes))
        if self.state.is_terminal():
            self.record.result = self.state.result().to_json()
        return move.events

    def can_undo(self, seat: int | None = None) -> bool:
        seat = self.state.current_player if seat is None else seat
        return bool(self._undo) and seat == self.state.current_player

    def undo(self, seat: int | None = None) -> None:
        """Take back the last action of the player to act, within the undo policy."""
        if not self.can_undo(seat):
            raise UndoError(
                _(
                    "nothing to undo: undo goes back only to the start of your turn, "
                    "and never past a random draw, a reveal, or another player's decision"
                )
            )
        self.state, log_length = self._undo.pop()
        del self.log[log_length:]
        self.record.actions.pop()

    def events_for(self, viewer: int | None) -> list[tuple[int, dict[str, Any]]]:
        return [(n, e.for_viewer(viewer)) for n, e in self.log]

    # --- saving ---------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record atomically: a crash mid-write never leaves a damaged save."""
        write_atomic(Path(path), self.record.dumps())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """The match a save file holds, replayed and checked; a refusal names the file."""
        record = Record.load(path)
        with naming_file(path):
            return cls.from_record(record)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file; a failure names ``path``, not the temporary file."""
    try:
        _write_atomic(path, text)
    except OSError as exc:
        if exc.filename is None or exc.strerror is None or exc.filename == str(path):
            raise
        raise type(exc)(exc.errno, exc.strerror, str(path)) from exc


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
