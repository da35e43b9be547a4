"""Playing one scheduled game in a worker, and what comes back: result, record and facts.

:func:`play_task` is the only function the backends run remotely. It is a pure function of its
:class:`~fruitbowl.sim.schedule.GameTask` (bots are seeded from the game's seed), so a game
played twice, on any backend, gives the same :class:`GameData`.

The *facts* are what the balance report needs and a record alone does not give without a
replay: per seat, how often each action kind was played and which components were used
(:mod:`fruitbowl.sim.components`), plus the result's score categories.

Test hook: ``FRUITBOWL_SIM_FAULT=raise:DIR:3,7`` (or ``crash:DIR:3``) makes the worker raise
(or kill its own process) the first time it plays game 3 or 7, leaving a marker file in DIR so
that the retry succeeds. Tests use it to prove a failed game is retried and stored exactly once.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fruitbowl.bots import SeatHandle, make_bot
from fruitbowl.engine import Player, Record, get_game
from fruitbowl.engine.chance import Dealer, Dealing, DuplicateDealer
from fruitbowl.engine.rng import derive_seed

from .components import uses
from .schedule import GameTask

FAULT_ENV = "FRUITBOWL_SIM_FAULT"


@dataclass(frozen=True)
class GameData:
    """A played game. ``places`` is ``None`` when the game hit the action cap (a draw for all)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...] | None
    places: tuple[int, ...] | None
    winners: tuple[int, ...]
    actions: int
    truncated: bool
    seconds: float
    record: dict[str, Any]
    facts: dict[str, Any]

    def summary(self) -> dict[str, Any]:
        """The per-game line of ``fruitbowl tournament --json`` (no timings: it is reproducible)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "scores": None if self.scores is None else list(self.scores),
            "places": None if self.places is None else list(self.places),
            "winners": list(self.winners),
            "actions": self.actions,
            "truncated": self.truncated,
        }


def seat_names(seats: Sequence[str]) -> list[str]:
    """Player names for a record: the bot's name, numbered when a bot sits more than once."""
    totals = Counter(seats)
    seen: Counter[str] = Counter()
    names = []
    for bot in seats:
        seen[bot] += 1
        names.append(bot if totals[bot] == 1 else f"{bot} {seen[bot]}")
    return names


def play_task(task: GameTask) -> GameData:
    """Play one scheduled game to the end (or to its action cap) and gather its facts."""
    _maybe_fail(task.index)
    started = time.perf_counter()
    game = get_game(task.game)
    n = len(task.seats)
    state = game.new_state(n, task.seed, task.options)
    # chance is drawn as a Match draws it (the record lists every outcome, so it replays the game);
    # a duplicate tournament's games draw each kind of event from its own stream
    dealer: Dealing = DuplicateDealer(task.seed) if task.duplicate else Dealer(task.seed)
    chance = [outcome.text for outcome, _events in dealer.settle(state)]
    bots = [make_bot(name, derive_seed(task.seed, "bot", seat)) for seat, name in enumerate(task.seats)]
    handles = [SeatHandle(state, seat) for seat in range(n)]
    texts: list[str] = []
    kinds: list[Counter[str]] = [Counter() for _ in range(n)]
    components: list[dict[str, Counter[str]]] = [{} for _ in range(n)]
    try:
        while not state.is_terminal() and len(texts) < task.action_cap:
            seat = state.current_player
            action = bots[seat].choose(handles[seat])
            events = state.apply(action)
            for outcome, drawn in dealer.settle(state):
                chance.append(outcome.text)
                events += drawn
            texts.append(action.text)
            kinds[seat][action.kind] += 1
            for who, category, name in uses(game.id, action, seat, events):
                if 0 <= who < n:
                    components[who].setdefault(category, Counter())[name] += 1
    finally:
        for bot in bots:
            bot.close()
    players = [Player(name, bot) for name, bot in zip(seat_names(task.seats), task.seats, strict=True)]
    facts: dict[str, Any] = {
        "kinds": [dict(c) for c in kinds],
        "components": [{cat: dict(c) for cat, c in seat.items()} for seat in components],
    }
    if state.is_terminal():
        result = state.result()
        record = Record(
            game.id, game.rules_version, dict(task.options), players, task.seed, texts, result.to_json(), chance=chance
        )
        facts["categories"] = list(result.categories)
        facts["breakdown"] = [dict(b) for b in result.breakdown]
        scores: tuple[int, ...] | None = tuple(result.scores)
        places: tuple[int, ...] | None = tuple(result.places)
        winners, truncated = tuple(result.winners), result.truncated
    else:  # abandoned at the action cap: a draw between all seats, no scores
        record = Record(game.id, game.rules_version, dict(task.options), players, task.seed, texts, chance=chance)
        scores, places, winners, truncated = None, None, tuple(range(n)), True
    return GameData(
        index=task.index,
        seed=task.seed,
        seats=tuple(task.seats),
        scores=scores,
        places=places,
        winners=winners,
        actions=len(texts),
        truncated=truncated,
        seconds=round(time.perf_counter() - started, 6),
        record=record.to_json(),
        facts=facts,
    )


def play_chunk(tasks: Sequence[GameTask]) -> list[GameData]:
    """Several games in one remote call (cheap games are batched to save round trips)."""
    return [play_task(task) for task in tasks]


def _maybe_fail(index: int) -> None:
    spec = os.environ.get(FAULT_ENV)
    if not spec:
        return
    mode, folder, indices = spec.split(":", 2)
    if str(index) not in indices.split(","):
        return
    marker = Path(folder) / f"failed-{index}"
    try:
        marker.touch(exist_ok=False)  # only the first attempt fails
    except FileExistsError:
        return
    if mode == "crash":
        os._exit(17)
    raise RuntimeError(f"injected fault in game {index} ({FAULT_ENV})")
