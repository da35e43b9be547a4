"""A match: a game in progress with its players, its record, its event log and undo.

Front ends (terminal, server) hold a :class:`Match`; it is the one place that applies the
undo policy and keeps the record in step with the state, so that a saved match always
replays to the same position.

Undo policy: the player to act may take back their own actions, one at a time, back to the
start of their turn, but never across a random draw or a reveal of hidden information (any
event marked ``irreversible``) and never across another player's decision.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import UndoError
from .events import Event
from .game import Game, State
from .record import Player, Record, naming_file, replay, start_state


class Match:
    def __init__(self, game: Game, state: State, record: Record):
        self.game = game
        self.state = state
        self.record = record
        self.log: list[tuple[int, Event]] = [(0, e) for e in getattr(state, "setup_events", [])]
        self._undo: list[tuple[State, int]] = []  # (state before, log length before)

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
        game, state = start_state(record)
        match = cls(game, state, Record(**{**record.__dict__, "actions": [], "result": None}))
        before, actor = state.clone(), state.current_player
        for number, text, replayed, events in replay(record):
            log_length = len(match.log)
            match.state = replayed
            match.record.actions.append(text)
            match.log.extend((number, e) for e in events)
            match._remember(before, log_length, actor, events)
            before, actor = replayed.clone(), replayed.current_player
        if match.state.is_terminal():  # replay() has checked any result the record claims
            match.record.result = match.state.result().to_json()
        return match

    def _remember(self, before: State, log_length: int, actor: int, events: list[Event]) -> None:
        """The undo policy after a move by ``actor``: the position before it may be returned to
        while the same player acts and nothing irreversible (a draw, a reveal) happened."""
        if any(e.irreversible for e in events) or self.state.current_player != actor:
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
        actor = self.state.current_player
        before = self.state.clone()
        action = self.state.table.resolve(action)
        events = self.state.apply(action)
        self.record.actions.append(action.text)
        log_length = len(self.log)
        self.log.extend((len(self.record.actions), e) for e in events)
        self._remember(before, log_length, actor, events)
        if self.state.is_terminal():
            self.record.result = self.state.result().to_json()
        return events

    def can_undo(self, seat: int | None = None) -> bool:
        seat = self.state.current_player if seat is None else seat
        return bool(self._undo) and seat == self.state.current_player

    def undo(self, seat: int | None = None) -> None:
        """Take back the last action of the player to act, within the undo policy."""
        if not self.can_undo(seat):
            raise UndoError(
                "nothing to undo: undo goes back only to the start of your turn, "
                "and never past a random draw, a reveal, or another player's decision"
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
