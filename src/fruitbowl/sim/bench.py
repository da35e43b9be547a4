"""Random-playout speed: how many actions (and whole games) per second the engine plays.

A playout is ``legal_actions()`` + a uniform choice from a seeded ``random.Random`` +
``apply`` until the game ends, with no bot or handle in between, so the figure measures the
rules engine alone (DESIGN.md's speed budgets: at least 50,000 actions/s for Tang Hu Lu).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fruitbowl.engine import Game, InvalidOption, get_game
from fruitbowl.engine.chance import settle
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import _
from fruitbowl.i18n import shortest

#: A random playout longer than this is abandoned (a game with no forced progress).
PLAYOUT_ACTION_CAP = 100_000


@dataclass(frozen=True)
class BenchResult:
    """The median of several timed runs, with every run kept for the curious."""

    game: str
    players: int
    actions_per_s: float
    games_per_s: float
    runs: list[dict[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, float]:
        return {"actions_per_s": self.actions_per_s, "games_per_s": self.games_per_s}


def random_playouts(
    game: Game,
    num_players: int,
    seconds: float,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> tuple[int, int, float]:
    """Play whole random games for at least ``seconds`` (and at least one game).

    Returns ``(actions, games, elapsed_seconds)``.
    """
    checked = game.validate_options(options, num_players)
    rng = random.Random(seed)
    actions = games = 0
    clock = time.perf_counter
    started = clock()
    while True:
        state = game.new_state(num_players, derive_seed(seed, "playout", games), checked)
        settle(state, rng)
        played = 0
        while not state.is_terminal() and played < PLAYOUT_ACTION_CAP:
            state.apply(rng.choice(state.legal_actions()))
            settle(state, rng)
            played += 1
        actions += played
        games += 1
        elapsed = clock() - started
        if elapsed >= seconds:
            return actions, games, elapsed


def default_players(game: Game) -> int:
    """Three players where the game allows it: a typical table, the same for every game."""
    return min(max(3, game.min_players), game.max_players)


def bench_game(
    game_id: str,
    seconds: float = 1.0,
    runs: int = 3,
    num_players: int | None = None,
    seed: int = 0,
    progress: Callable[[int, dict[str, float]], None] | None = None,
) -> BenchResult:
    """Time ``runs`` runs of random playouts of about ``seconds`` each; report the medians.

    ``progress(run, measured)`` is called after each run (counted from 1) with its actions,
    games and seconds."""
    if seconds <= 0:
        raise InvalidOption(_("--seconds must be positive; got {seconds}").format(seconds=shortest(seconds)))
    if runs < 1:
        raise InvalidOption(_("--runs must be at least 1; got {runs}").format(runs=runs))
    game = get_game(game_id)
    players = default_players(game) if num_players is None else num_players
    game.check_player_count(players)
    measured = []
    for run in range(runs):
        actions, games, elapsed = random_playouts(game, players, seconds, derive_seed(seed, "run", run))
        measured.append({"actions": actions, "games": games, "seconds": elapsed})
        if progress is not None:
            progress(run + 1, measured[-1])
    return BenchResult(
        game=game.id,
        players=players,
        actions_per_s=round(statistics.median(m["actions"] / m["seconds"] for m in measured), 1),
        games_per_s=round(statistics.median(m["games"] / m["seconds"] for m in measured), 2),
        runs=measured,
    )
