"""End-of-game rewards for learning agents, from a game's :class:`~fruitbowl.engine.Result`.

* ``rank`` (default): each seat earns +1 for every other seat it finished ahead of and -1 for
  every seat ahead of it, divided by the number of opponents, so rewards lie in [-1, 1] and add
  up to 0. Shared places count as neither. In a solo game the seat earns +1 for a win, -1 otherwise.
* ``score``: the seat's score minus the mean score of the other seats (solo: the seat's score
  minus the opponent's, the house of the game's result, such as Juicy Fruits' Pineapple; a solo
  game without one pays the seat's score).
"""

from __future__ import annotations

from fruitbowl.engine import InvalidOption, Result

REWARD_KINDS = ("rank", "score")


def check_reward_kind(kind: str) -> str:
    if kind not in REWARD_KINDS:
        raise InvalidOption(f"reward must be one of {', '.join(REWARD_KINDS)}; got {kind!r}")
    return kind


def rewards(result: Result, num_players: int, kind: str = "rank") -> list[float]:
    if kind == "score":
        scores = result.scores
        if num_players == 1:
            return [float(scores[0] - (result.house.score if result.house is not None else 0))]
        return [float(scores[s] - (sum(scores) - scores[s]) / (num_players - 1)) for s in range(num_players)]
    if num_players == 1:
        return [1.0 if 0 in result.winners else -1.0]
    return result.rank_rewards()
