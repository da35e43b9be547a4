"""Tournaments between bots: scheduled, seeded, resumable, stored, rated.

:func:`run_tournament` plays the games of a :class:`~fruitbowl.sim.schedule.TournamentSpec`
that are not stored yet, on any backend, storing each as it finishes (in small batches: an
interruption loses at most the games of the last half second, which the next run plays
again). Running the same spec again continues where it stopped, and a finished tournament just
reports. Ratings are computed from every stored game, in index order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fruitbowl.engine import get_game

from .backends import Backend, make_backend
from .ratings import Rating, rate
from .schedule import GameTask, TournamentSpec
from .storage import Store
from .worker import GameData

#: Stored games are committed at least this often (seconds) and in batches of at most this many.
FLUSH_SECONDS = 0.5
FLUSH_GAMES = 200


@dataclass
class TournamentResult:
    spec: TournamentSpec
    id: str
    db: str
    total: int
    played_now: int
    games: list[GameData]
    ratings: list[Rating]
    seconds: float
    backend: str = ""
    workers: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return len(self.games) == self.total

    def seat_wins(self) -> list[float]:
        """Shared wins by seat over every stored game."""
        wins = [0.0] * self.spec.players
        for game in self.games:
            for seat in game.winners:
                wins[seat] += 1 / len(game.winners)
        return wins

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.id,
            "db": self.db,
            **self.spec.to_json(),
            "duplicate": self.spec.duplicate,
            "tables": [list(t) for t in self.spec.tables()],
            "total": self.total,
            "stored": len(self.games),
            "played_now": self.played_now,
            "complete": self.complete,
            "results": [g.summary() for g in self.games],
            "ratings": [r.to_json() for r in self.ratings],
            "seat_wins": [round(w, 4) for w in self.seat_wins()],
        }


def run_tournament(
    spec: TournamentSpec,
    db: str | None = None,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play the games of ``spec`` not stored yet and rate every stored game.

    ``progress(done, total)`` is called once at the start and after each stored game. A
    ``KeyboardInterrupt`` stops the run after storing what has finished.
    """
    tasks = spec.tasks()
    store = Store(db)
    started = time.perf_counter()
    own_backend = backend is None
    try:
        tid = store.ensure_tournament(spec, get_game(spec.game).rules_version, len(tasks))
        done = store.done_indices(tid)
        todo = [task for task in tasks if task.index not in done]
        if progress is not None:
            progress(len(done), len(tasks))
        played = 0
        name, workers = "", 1
        if todo:
            buffer: list[GameData] = []
            last = time.perf_counter()

            def flush() -> None:
                nonlocal last
                store.add_games(tid, buffer)
                buffer.clear()
                last = time.perf_counter()

            def on_result(data: GameData) -> None:
                nonlocal played
                if data.index in done:
                    return
                done.add(data.index)
                buffer.append(data)
                played += 1
                if len(buffer) >= FLUSH_GAMES or time.perf_counter() - last >= FLUSH_SECONDS:
                    flush()
                if progress is not None:
                    progress(len(done), len(tasks))

            runner = backend if backend is not None else make_backend()
            name, workers = runner.name, runner.workers
            try:
                runner.run(todo, on_result)
            finally:
                flush()
                if own_backend:
                    runner.close()
        games = store.games(tid)
        return TournamentResult(
            spec=spec,
            id=tid,
            db=store.url,
            total=len(tasks),
            played_now=played,
            games=games,
            ratings=rate(games, spec.bots),
            seconds=round(time.perf_counter() - started, 4),
            backend=name,
            workers=workers,
        )
    finally:
        store.close()


def export_records(games: list[GameData], folder: Path) -> list[Path]:
    """Write each game's record as ``game-<index>.json`` (for ``fruitbowl replay``)."""
    folder.mkdir(parents=True, exist_ok=True)
    width = max(4, len(str(max((g.index for g in games), default=0))))
    paths = []
    for game in games:
        path = folder / f"game-{game.index:0{width}d}.json"
        path.write_text(json.dumps(game.record, indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def play_games(
    tasks: list[GameTask],
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameData]:
    """Play tasks without storing them (for a report); the games come back in index order."""
    games: list[GameData] = []

    def on_result(data: GameData) -> None:
        games.append(data)
        if progress is not None:
            progress(len(games), len(tasks))

    runner = backend if backend is not None else make_backend()
    try:
        runner.run(tasks, on_result)
    finally:
        if backend is None:
            runner.close()
    return sorted(games, key=lambda g: g.index)
