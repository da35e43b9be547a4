"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

Each iteration draws a fresh determinization of the bot's own view (``SeatHandle.sample``: a
full state consistent with what the seat knows, hidden cards and orders resampled), walks one
shared tree down the actions legal in that sample (UCB with availability counts, as in Cowling,
Powley & Whitehouse 2012), expands one new action, rolls out with random moves, and backs up
each seat's reward (:meth:`Result.rank_rewards` of a finished game) to the nodes where that seat
chose. The move played is the root action visited most. The search never sees the true state,
and with an iteration budget it is deterministic for a seed.

Rollouts are cut short: after ``rollout_depth`` random moves a position that is not over is
scored by the game's greedy evaluator (:mod:`.greedy`: each seat's points plus what its
resources are worth), each seat earning the mean over its opponents of ``tanh(margin / scale)``,
in the same [-1, 1] range as the rank rewards of a finished game. Short rollouts make more
iterations and a steadier signal in long games than random play to the end. Each game's plugin
gives its :class:`~fruitbowl.engine.plugin.SearchTuning` (depth, scale, and a budget factor that
keeps a move under a second: Citrus's engine is slow, so it simulates fewer actions); by default
a game rolls out to the end.

A game's tuning may also give a ``shortlist``: the search's root then considers only the greedy
bot's best few actions (each valued with its best follow-up in the same turn, see
:func:`.greedy.core.rank`), and ``greedy_rollouts``: rollouts play the greedy bot's moves for
every seat, to the end of the game, instead of random ones. Juicy Fruits uses both. A turn there
is a slide and then one of many follow-ups, over a hundred plans; random rollouts and random
expansions below the root average a slide over mostly poor follow-ups, and random play claims
business tokens that end the game at random. Playing each of greedy's two best actions out with
greedy play on both sides is a step of policy improvement over ``greedy``, and the tree grows
where the budget allows (its first expansion at a node is the greedy move). A greedy choice is
charged ``greedy_cost`` actions of the budget, what it costs against a random action.

The budget is counted in simulated actions (tree walk plus rollout), not seconds, so a search is
deterministic for its seed and costs about the same time in every game. Levels:
``ismcts:easy`` (8,000 actions), ``ismcts`` (30,000, under a second a move), ``ismcts:hard``
(30,000 in each of ``os.cpu_count()`` processes, root-parallel: the processes' root visit
counts are added), each times the game's budget factor. Each search also stops after
``max_iterations``. The hard level's processes ignore Ctrl-C (:mod:`.pool`): an interrupted
search terminates them at once and the interrupt reaches the caller alone. In a worker process
(a tournament's) the hard level runs its searches one after another instead, with the same
result: the tournament already keeps every core busy.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fruitbowl.engine import Action, Result
from fruitbowl.engine.chance import settle
from fruitbowl.engine.game import State
from fruitbowl.engine.plugin import Evaluator, SearchTuning
from fruitbowl.engine.registry import get_plugin
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import N_

from .base import Bot, SeatHandle, register_bot
from .greedy import evaluator_for
from .greedy.core import evaluate_all, rank
from .pool import forking, in_worker, stop_pool, worker_pool

#: A random rollout longer than this is scored as a draw (a game with no forced progress).
ROLLOUT_CAP = 2_000
#: What an evaluation at the end of a cut-short rollout costs, counted in actions (it takes
#: about as long as two).
EVALUATION_COST = 2
#: Every this many iterations, a search stops if its choice can no longer change.
DECIDED_CHECK = 50

#: A rollout policy: the code to play in a state, by the search's generator.
Policy = Callable[[State, random.Random], int]


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
    rollout_depth: int | None = None,
    evaluator: Evaluator | None = None,
    scale: float = 10.0,
    root_actions: frozenset[int] | None = None,
    policy: Policy | None = None,
    policy_cost: int = 1,
) -> SearchStats:
    """Root statistics of an ISMCTS from the seat's information set, within ``budget`` actions.

    ``root_sample`` is any state consistent with the seat's view (it is re-determinized every
    iteration, so its own hidden contents do not matter). With ``rollout_depth``, a rollout
    stops after that many moves and ``evaluator`` (or the standings) scores the position. With
    ``root_actions``, the root chooses only among those codes (where they are legal). With
    ``policy``, rollouts play its moves (each choice costing ``policy_cost`` actions) instead of
    random ones, and a node below the root expands the policy's move first; with a policy,
    every root action is played out once before the budget can stop the search (a playout can
    cost more than the whole budget).
    """
    rng = random.Random(seed)
    root = Node(player=root_sample.current_player)
    wins: dict[int, float] = {}
    spent = 0
    for iteration in range(max_iterations):
        if spent >= budget and (policy is None or len(root.children) >= len(root.available)):
            break  # (a search with a rollout policy plays each root action out once first)
        if iteration and iteration % DECIDED_CHECK == 0 and _decided(root, iteration, spent, budget, max_iterations):
            break
        state = root_sample.determinize(seat, rng)
        node = root
        path: list[tuple[Node, int]] = []
        while not state.is_terminal():
            codes = state.legal_codes()
            if root_actions is not None and node is root:
                codes = [code for code in codes if code in root_actions] or codes
            for code in codes:
                node.available[code] = node.available.get(code, 0) + 1
            unexplored = [code for code in codes if code not in node.children]
            if unexplored:
                code = rng.choice(unexplored)
                if policy is not None and node is not root and len(codes) > 1:
                    preferred = policy(state, rng)
                    spent += policy_cost
                    if preferred in unexplored:
                        code = preferred
                state.apply(code)
                settle(state, rng)  # chance is sampled, like everything this search does not know
                child = Node(player=state.current_player)
                node.children[code] = child
                node.visits[code] = 0
                node.reward[code] = 0.0
                path.append((node, code))
                break
            code = _select(node, codes, exploration)
            state.apply(code)
            settle(state, rng)
            path.append((node, code))
            node = node.children[code]
        depth = ROLLOUT_CAP if rollout_depth is None else rollout_depth
        result, rollout_cost = _rollout(state, rng, depth, policy, policy_cost)
        spent += len(path) + rollout_cost
        if result is not None:
            rewards = result.rank_rewards()
            win = 1 / len(result.winners) if seat in result.winners else 0.0
        elif rollout_depth is not None:
            rewards = _heuristic_rewards(evaluate_all(state, evaluator), state.num_players, scale)
            win = (rewards[seat] + 1) / 2
            spent += EVALUATION_COST
        else:
            rewards, win = [0.0] * state.num_players, 0.0
        for parent, code in path:
            parent.visits[code] += 1
            parent.reward[code] += rewards[parent.player] if parent.player >= 0 else 0.0
        if path:
            wins[path[0][1]] = wins.get(path[0][1], 0.0) + win
    return SearchStats(dict(root.visits), {code: wins.get(code, 0.0) for code in root.visits})


def _decided(root: Node, iterations: int, spent: int, budget: int, max_iterations: int) -> bool:
    """Whether the most visited root action can no longer be overtaken in the iterations left
    (estimated from the actions spent so far): the search stops early, deterministically."""
    if len(root.visits) < 2:
        return len(root.visits) == 1 and len(root.available) == 1
    first, second = sorted(root.visits.values(), reverse=True)[:2]
    left = min(max_iterations - iterations, (budget - spent) * iterations / max(1, spent))
    return first - second > left


def _select(node: Node, codes: list[int], exploration: float) -> int:
    best, best_value = codes[0], -math.inf
    for code in codes:
        visits = node.visits[code]
        value = node.reward[code] / visits + exploration * math.sqrt(math.log(node.available[code]) / visits)
        if value > best_value:
            best, best_value = code, value
    return best


def _rollout(
    state: State, rng: random.Random, depth: int, policy: Policy | None = None, policy_cost: int = 1
) -> tuple[Result | None, int]:
    """Play at most ``depth`` moves, uniformly random or by ``policy``: the result if the game
    ended (else ``None``) and what the moves cost (one each, ``policy_cost`` for a policy's
    choice among several)."""
    cost = 0
    for _move in range(depth):
        if state.is_terminal():
            return state.result(), cost
        codes = state.legal_codes()
        if policy is not None and len(codes) > 1:
            state.apply(policy(state, rng))
            cost += policy_cost
        else:
            state.apply(rng.choice(codes))
            cost += 1
        settle(state, rng)
    return (state.result(), cost) if state.is_terminal() else (None, cost)


class GreedyPolicy:
    """The greedy bot's move in a (determinized) state, for rollouts: a plain class so that it
    travels to the root-parallel processes."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        hooks = evaluator_for(game_id)
        if hooks is None:
            raise ValueError(f"the game {game_id!r} has no greedy evaluator to roll out with")
        self.evaluator, self.bonus, self.follow_up = hooks.values, hooks.kind_bonus, hooks.follow_up

    def __call__(self, state: State, rng: random.Random) -> int:
        legal = state.legal_actions()
        return rank(state, state.current_player, legal, self.evaluator, rng, self.bonus, self.follow_up)[0].code


def _heuristic_rewards(values: list[float], num_players: int, scale: float) -> list[float]:
    """Per seat, the mean over its opponents (the house too, last in ``values``) of
    ``tanh(margin / scale)``: a reward in [-1, 1] like :meth:`Result.rank_rewards`."""
    if len(values) < 2:
        return [0.0] * num_players
    rewards = []
    for seat in range(num_players):
        margins = [math.tanh((values[seat] - v) / scale) for other, v in enumerate(values) if other != seat]
        rewards.append(sum(margins) / len(margins))
    return rewards


def tuning_for(game_id: str) -> SearchTuning:
    """The game's search tuning (its plugin's ``search``; the defaults roll out to the end)."""
    return get_plugin(game_id).search


def _rollout_settings(game_id: str) -> dict[str, Any]:
    """The keyword arguments of :func:`search` for a game's rollouts (see :func:`tuning_for`)."""
    tuning = tuning_for(game_id)
    hooks = evaluator_for(game_id)
    settings: dict[str, Any] = {}
    if tuning.greedy_rollouts and hooks is not None:
        settings.update(policy=GreedyPolicy(game_id), policy_cost=tuning.greedy_cost)
    if tuning.depth is not None:
        evaluator: Evaluator | None = hooks.values if hooks is not None else None
        settings.update(rollout_depth=tuning.depth, evaluator=evaluator, scale=tuning.scale)
    return settings


def game_budget(budget: int, game_id: str) -> int:
    """A level's budget in a game: times the game's budget factor."""
    return max(1, round(budget * tuning_for(game_id).budget_factor))


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
        game_id = handle.game_id
        budget = game_budget(self.budget, game_id)
        settings = _rollout_settings(game_id)
        tuning = tuning_for(game_id)
        hooks = evaluator_for(game_id)
        if tuning.shortlist and hooks is not None and len(handle.legal_actions()) > tuning.shortlist:
            ranked = rank(
                sample, handle.seat, handle.legal_actions(), hooks.values, self.rng, hooks.kind_bonus, hooks.follow_up
            )
            settings["root_actions"] = frozenset(action.code for action in ranked[: tuning.shortlist])
        if self.processes == 1:
            return search(sample, handle.seat, budget, seeds[0], **settings)
        if in_worker():  # the same searches one after another: the parent keeps the cores busy
            total = SearchStats({}, {})
            for seed in seeds:
                total.add(search(sample, handle.seat, budget, seed, **settings))
            return total
        if self._pool is None:
            self._pool = worker_pool(self.processes)
        try:
            with forking():
                futures = [self._pool.submit(search, sample, handle.seat, budget, s, **settings) for s in seeds]
            total = SearchStats({}, {})
            for future in futures:
                total.add(future.result())
        except BaseException:  # Ctrl-C (or a broken worker): stop the searches now, leave no process
            self.close(now=True)
            raise
        return total

    @staticmethod
    def best(handle: SeatHandle, stats: SearchStats) -> Action:
        """The most visited legal action (the lowest code on a tie)."""
        by_code = {action.code: action for action in handle.legal_actions()}
        return by_code[max(by_code, key=lambda code: (stats.visits.get(code, 0), -code))]

    def close(self, now: bool = False) -> None:
        """Release the search processes; ``now`` terminates them mid-search."""
        if self._pool is not None:
            if now:
                stop_pool(self._pool)
            else:
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


#: Each level's word for players, marked for the catalogs (a front end says it with ``_()``).
LABELS = {"ismcts:easy": N_("Easy"), "ismcts": N_("Strong"), "ismcts:hard": N_("Hard")}
for _level in LEVELS:
    register_bot(_level, _factory(_level), LABELS[_level])
