"""The greedy core: one-step lookahead on a determinized sample of the seat's own view.

For each legal action the bot clones one sample of its information set (``SeatHandle.sample``:
hidden cards resampled, never the true state), applies the action and scores the position
reached with a game's *evaluator*: a value per seat (points so far plus what resources and
positions are worth), of which the bot keeps its own value minus the best opponent's. A
finished game scores its result instead (a win outweighs any margin). Ties between actions are
broken by the bot's seeded generator, so the same seed gives the same moves.

Evaluators know their game's state; anything they do not know — a new action kind from an
expansion, a state field they cannot read — falls back to :func:`generic_values` (the
standings, when a state has them) rather than failing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from fruitbowl.engine import Action
from fruitbowl.engine.chance import settle
from fruitbowl.engine.game import State
from fruitbowl.engine.plugin import Evaluator

#: What a won game is worth beyond any margin of points.
WIN_VALUE = 1_000.0


def generic_values(state: State) -> list[float]:
    """Points as they stand (``standings()``, which every game here offers), else nothing."""
    standings = getattr(state, "standings", None)
    if standings is None:
        return [0.0] * state.num_players
    result = standings()
    values = [float(score) for score in result.scores]
    if result.house is not None:
        values.append(float(result.house.score))
    return values


def relative(values: list[float], seat: int) -> float:
    """The seat's value minus the best other value (the house counts as an opponent)."""
    others = [v for index, v in enumerate(values) if index != seat]
    return values[seat] - (max(others) if others else 0.0)


def terminal_value(state: State, seat: int) -> float:
    result = state.result()
    share = 1 / len(result.winners) if seat in result.winners else 0.0
    scores = [float(s) for s in result.scores]
    if result.house is not None:
        scores.append(float(result.house.score))
    return WIN_VALUE * share + relative(scores, seat)


def evaluate_all(state: State, evaluator: Evaluator | None) -> list[float]:
    """Every seat's value of an unfinished position (the house's last), by ``evaluator`` when it
    can read the state, else by the standings."""
    if evaluator is not None:
        try:
            return evaluator(state)
        except Exception:  # an unknown expansion's state: fall back, never crash
            pass
    return generic_values(state)


def evaluate(state: State, seat: int, evaluator: Evaluator | None) -> float:
    """The seat's value of a position after its action."""
    if state.is_terminal():
        return terminal_value(state, seat)
    return relative(evaluate_all(state, evaluator), seat)


def rank(
    sample: State,
    seat: int,
    legal: list[Action],
    evaluator: Evaluator | None,
    rng: random.Random,
    kind_bonus: Mapping[str, float] | None = None,
    follow_up: int = 0,
) -> list[Action]:
    """The legal actions, best first: each by what ``evaluator`` makes of the position it
    leads to (seeded tie-breaks), so ``rank(...)[0]`` is the greedy bot's move.

    ``kind_bonus`` adds a fixed preference per action kind (unknown kinds add nothing). With
    ``follow_up`` > 0, an action after which the same seat decides again (part of one turn) is
    worth the best of those next actions, when there are at most ``follow_up`` of them.
    """
    bonus = kind_bonus or {}
    scored = []
    for order, action in enumerate(legal):
        child = sample.clone()
        child.apply(action.code)
        settle(child, rng)  # a random event the action leads to is sampled, as the search samples it
        value = _value(child, seat, evaluator, bonus, follow_up, rng)
        value += bonus.get(action.kind, 0.0) + rng.random() * 1e-3
        scored.append((-value, order, action))
    scored.sort(key=lambda entry: entry[:2])
    return [action for _value, _order, action in scored]


def _value(
    state: State,
    seat: int,
    evaluator: Evaluator | None,
    bonus: Mapping[str, float],
    follow_up: int,
    rng: random.Random,
) -> float:
    if follow_up and state.current_player == seat:
        legal = state.legal_actions()
        if 1 < len(legal) <= follow_up:
            best = -float("inf")
            for action in legal:
                child = state.clone()
                child.apply(action.code)
                settle(child, rng)
                best = max(best, evaluate(child, seat, evaluator) + bonus.get(action.kind, 0.0))
            return best
    return evaluate(state, seat, evaluator)
