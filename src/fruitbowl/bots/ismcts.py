"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

Each iteration draws a fresh determinization of the bot's own view (``SeatHandle.sample``: a
full state consistent with what the seat knows, hidden cards and orders resampled), walks one
shared tree down the actions legal in that sample (UCB with availability counts, as in Cowling,
Powley & Whitehouse 2012), expands one new action, finishes the game with random moves, and
backs up each seat's rank reward (:meth:`Result.rank_rewards`) to the nodes where that seat
chose. The move played is the root action visited most. The search never sees the true state,
and with an iteration budget it is deterministic for a seed.

The budget is counted in simulated actions (tree walk plus rollout), not seconds, so a search is
deterministic for its seed and costs about the same time in every game: a long game gets fewer,
longer iterations. Levels: ``ismcts:easy`` (8,000 actions), ``ismcts`` (30,000, under half a
second), ``ismcts:hard`` (30,000 in each of ``os.cpu_count()`` processes, root-parallel: the
processes' root visit counts are added). Each search also stops after ``max_iterations``.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from fruitbowl.engine import Action, Result
from fruitbowl.engine.game import State
from fruitbowl.engine.rng import derive_seed

from .base import Bot, SeatHandle, register_bot

#: A random rollout longer than this is scored as a draw (a game with no forced progress).
ROLLOUT_CAP = 2_000


@dataclass(slots=True)
class Node:
    """Statistics of the actions chosen at one place in the tree (by ``player``)."""

    player: int
    children: dict[int, Node] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)
    reward: dict[int, float] = field(default_factory=dict)
    available: dict[int, int] = field(default_factory=dict)


@dataclass
class SearchStats:
    """What a search learned at its root: visits, and the searching seat's win share, per action."""

    visits: dict[int, int]
    wins: dict[int, float]

    def add(self, other: SearchStats) -> None:
        for code, count in other.visits.items():
            self.visits[code] = self.visits.get(code, 0) + count
            self.wins[code] = self.wins.get(code, 0.0) + other.wins[code]

    def win_chance(self, code: int) -> float:
        return self.wins.get(code, 0.0) / self.visits[code] if self.visits.get(code) else 0.0


def search(
    root_sample: State,
    seat: int,
    budget: int,
    seed: int,
    max_iterations: int = 5_000,
    exploration: float = 0.7,
) -> SearchStats:
    """Root statistics of an ISMCTS from the seat's information set, within ``budget`` actions.

    ``root_sample`` is any state consistent with the seat's view (it is re-determinized every
    iteration, so its own hidden contents do not matter).
    """
    rng = random.Random(seed)
    root = Node(player=root_sample.current_player)
    wins: dict[int, float] = {}
    spent = 0
    for _ in range(max_iterations):
        if spent >= budget:
            break
        state = root_sample.determinize(seat, rng)
        node = root
        path: list[tuple[Node, int]] = []
        while not state.is_terminal():
            codes = [action.code for action in state.legal_actions()]
            for code in codes:
                node.available[code] = node.available.get(code, 0) + 1
            unexplored = [code for code in codes if code not in node.children]
            if unexplored:
                code = rng.choice(unexplored)
                state.apply(code)
                child = Node(player=state.current_player)
                node.children[code] = child
                node.visits[code] = 0
                node.reward[code] = 0.0
                path.append((node, code))
                break
            code = _select(node, codes, exploration)
            state.apply(code)
            path.append((node, code))
            node = node.children[code]
        result, rollout_length = _rollout(state, rng)
        spent += len(path) + rollout_length
        rewards = result.rank_rewards() if result else [0.0] * state.num_players
        for parent, code in path:
            parent.visits[code] += 1
            parent.reward[code] += rewards[parent.player] if parent.player >= 0 else 0.0
        if path:
            won = result is not None and seat in result.winners
            wins[path[0][1]] = wins.get(path[0][1], 0.0) + (1 / len(result.winners) if won and result else 0.0)
    return SearchStats(dict(root.visits), {code: wins.get(code, 0.0) for code in root.visits})


def _select(node: Node, codes: list[int], exploration: float) -> int:
    best, best_value = codes[0], -math.inf
    for code in codes:
        visits = node.visits[code]
        value = node.reward[code] / visits + exploration * math.sqrt(math.log(node.available[code]) / visits)
        if value > best_value:
            best, best_value = code, value
    return best


def _rollout(state: State, rng: random.Random) -> tuple[Result | None, int]:
    """Finish the game with uniformly random moves: its result (``None`` if capped) and how many
    moves it took."""
    for moves in range(ROLLOUT_CAP):
        if state.is_terminal():
            return state.result(), moves
        state.apply(rng.choice(state.legal_actions()))
    return None, ROLLOUT_CAP


def _search_in_process(root_sample: State, seat: int, budget: int, seed: int) -> SearchStats:
    return search(root_sample, seat, budget, seed)


class ISMCTSBot(Bot):
    """Plays the most visited root action of an ISMCTS from its own seat's view."""

    def __init__(self, seed: int = 0, budget: int = 30_000, processes: int = 1, name: str = "ismcts"):
        self.name = name
        self.budget = budget
        self.processes = processes
        self.rng = random.Random(seed)
        self._pool: ProcessPoolExecutor | None = None

    def choose(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.best(handle, self.think(handle))

    def think(self, handle: SeatHandle) -> SearchStats:
        """Search from the handle's seat: root statistics for every legal action."""
        sample = handle.sample(self.rng)  # a state consistent with the view: never the true one
        seeds = [self.rng.getrandbits(63) for _ in range(self.processes)]
        if self.processes == 1:
            return search(sample, handle.seat, self.budget, seeds[0])
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.processes)
        futures = [self._pool.submit(_search_in_process, sample, handle.seat, self.budget, s) for s in seeds]
        total = SearchStats({}, {})
        for future in futures:
            total.add(future.result())
        return total

    @staticmethod
    def best(handle: SeatHandle, stats: SearchStats) -> Action:
        """The most visited legal action (the lowest code on a tie)."""
        by_code = {action.code: action for action in handle.legal_actions()}
        return by_code[max(by_code, key=lambda code: (stats.visits.get(code, 0), -code))]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


LEVELS = {
    "ismcts:easy": {"budget": 8_000},
    "ismcts": {"budget": 30_000},
    "ismcts:hard": {"budget": 30_000, "processes": max(2, os.cpu_count() or 2)},
}


def _factory(level: str) -> Callable[[int], Bot]:
    def make(seed: int) -> Bot:
        return ISMCTSBot(derive_seed(seed, level), name=level, **LEVELS[level])

    return make


for _level in LEVELS:
    register_bot(_level, _factory(_level))
