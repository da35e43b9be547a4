"""Write the rules-1 fixtures of Juicy Fruits: records saved by the engine that drew from a
generator in the state, with what that engine showed at their end.

Run it against a checkout of rules 1 (commit 70a60d7, before Juicy Fruits' chance became
explicit), from the repository's root::

    git archive 70a60d7 src | tar -x -C /tmp/jf-rules-1
    PYTHONPATH=/tmp/jf-rules-1/src python tests/games/juicyfruits/legacy/make_fixtures.py

Each fixture is ``NAME.record.json`` (the save, written by ``Match.save``) and
``NAME.expected.json``: the final ``view(None)``, the result (finished games) and the event
log as a spectator and as seat 1 read it. Games are played by a seeded chooser that mostly
avoids passing; an in-progress game stops in the middle of a turn (at the
first move from ``stop`` on that is not a turn's first).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fruitbowl.engine import Player, get_game
from fruitbowl.engine.match import Match

HERE = Path(__file__).parent
ALL = "mystic_island,boulders,new_business"

#: name: (players, seed, options, actions to play before stopping; None: to the end)
FIXTURES: dict[str, tuple[int, int, dict[str, Any], int | None]] = {
    "solo_base": (1, 101, {"solo_board": 3}, None),
    "solo_all_modules": (1, 102, {"modules": ALL, "solo_board": 2, "juice_factory": True}, None),
    "solo_mystic_in_progress": (1, 103, {"modules": "mystic_island"}, 37),
    "solo_boulders_new_business_in_progress": (1, 104, {"modules": "boulders,new_business"}, 23),
    "two_base": (2, 201, {}, None),
    "two_all_modules_three_per_row": (2, 202, {"modules": ALL, "three_per_row": True}, None),
    "two_new_business_in_progress": (2, 203, {"modules": "new_business", "juice_factory": True}, 41),
    "three_base_juice": (3, 301, {"juice_factory": True}, None),
    "three_mystic_boulders": (3, 302, {"modules": "mystic_island,boulders"}, None),
    "three_boulders_in_progress": (3, 303, {"modules": "boulders"}, 30),
    "three_new_business_juice": (3, 304, {"modules": "new_business", "juice_factory": True}, None),
    "four_chosen_first": (4, 401, {"random_first": False, "first_player": 3}, None),
    "four_all_modules": (4, 402, {"modules": ALL}, None),
    "four_mystic_in_progress": (4, 403, {"modules": "mystic_island", "forced_max_distance": True}, 55),
}


def choose(legal: list[Any], chooser: random.Random) -> Any:
    productive = [a for a in legal if a.kind not in ("pass", "stop")]
    return chooser.choice(productive if productive and chooser.random() < 0.8 else legal)


def at_turn_start(match: Match) -> bool:
    state: Any = match.state  # (a JuicyFruitsState)
    return bool(state.phase == 0)  # (MOVE: an in-progress game stops after a turn's first step)


def make(name: str, players: int, seed: int, options: dict[str, Any], stop: int | None) -> None:
    game = get_game("juicyfruits")
    seats = [Player(f"Player {i + 1}", "random") for i in range(players)]
    match = Match.new(game, seats, seed, options)
    chooser = random.Random(seed)
    while not match.state.is_terminal() and (stop is None or len(match.record.actions) < stop or at_turn_start(match)):
        match.apply(choose(match.state.legal_actions(), chooser))
    state = match.state
    assert (stop is None) == state.is_terminal(), f"{name} ended before move {stop}"
    names = match.names
    expected = {
        "finished": state.is_terminal(),
        "view": state.view(None),
        "result": state.result().to_json() if state.is_terminal() else None,
        "events": [game.describe_event(e, None, names) for _n, e in match.log],
        "events_seat_1": [game.describe_event(e, 0, names) for _n, e in match.log],
    }
    match.save(HERE / f"{name}.record.json")
    (HERE / f"{name}.expected.json").write_text(json.dumps(expected, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    assert get_game("juicyfruits").rules_version == "1", "run this against a checkout of rules 1 (see above)"
    for fixture, spec in FIXTURES.items():
        make(fixture, *spec)
        print(fixture)
