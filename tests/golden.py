"""Golden playthroughs, shared by every game's ``test_golden.py``: seeded games whose full event
logs must not change.

Any rules change that alters play shows up as a diff of a game's ``golden/*.json``. If the change
is intended, rewrite the files with ``FRUITBOWL_REGEN_GOLDEN=1 python -m pytest
tests/games/<game>/test_golden.py`` and review the diff before committing it.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fruitbowl.engine import Action, Game, Player, Record, replay_to_end
from fruitbowl.engine.chance import Dealer

#: How a golden game picks each action: from the legal actions, with the game's seeded chooser.
Chooser = Callable[[list[Action], random.Random], Action]


def uniform(legal: list[Action], chooser: random.Random) -> Action:
    return chooser.choice(legal)


def playthrough(
    game: Game, players: int, seed: int, options: Mapping[str, Any], choose: Chooser = uniform
) -> dict[str, Any]:
    """A game chosen by ``random.Random(seed)``, its chance drawn by the dealer a match with this
    seed uses; every event with the number of the action that caused it (or that the chance
    outcomes drawn after it caused). A game with explicit chance lists its outcomes (``chance``)."""
    state = game.new_state(players, seed, dict(options))
    dealer = Dealer(seed)
    chooser = random.Random(seed)
    actions: list[str] = []
    chance: list[str] = []
    log: list[list[Any]] = [[0, e.to_json()] for e in state.setup_events]
    for outcome, drawn in dealer.settle(state):
        chance.append(outcome.text)
        log += [[0, e.to_json()] for e in drawn]
    while not state.is_terminal():
        action = choose(state.legal_actions(), chooser)
        events = state.apply(action)
        actions.append(action.text)
        for outcome, drawn in dealer.settle(state):
            chance.append(outcome.text)
            events += drawn
        log += [[len(actions), e.to_json()] for e in events]
    header = {"game": game.id, "rules_version": game.rules_version, "players": players, "seed": seed}
    header["options"] = game.validate_options(dict(options), players)
    played = {**header, "actions": actions, "result": state.result().to_json(), "log": log}
    if chance:
        played["chance"] = chance
    return played


def dumps(data: dict[str, Any]) -> str:
    """JSON with one event per line, so that a diff shows exactly which events changed."""
    head = {k: v for k, v in data.items() if k != "log"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "log": [']
    lines += [json.dumps(entry, ensure_ascii=False) + "," for entry in data["log"]]
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join([*lines, "]}", ""])


def check_unchanged(path: Path, played: dict[str, Any]) -> dict[str, Any]:
    """Compare a playthrough with its stored file (rewriting it first under
    ``FRUITBOWL_REGEN_GOLDEN=1``); returns the stored game."""
    played = json.loads(dumps(played))  # through JSON: tuples become lists
    if os.environ.get("FRUITBOWL_REGEN_GOLDEN") == "1":
        path.write_text(dumps(played), encoding="utf-8")
    stored: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for key in ("game", "rules_version", "players", "seed", "options", "actions", "chance", "result"):
        assert played.get(key) == stored.get(key), key
    for number, (now, then) in enumerate(zip(played["log"], stored["log"], strict=False)):
        assert now == then, f"event {number} (after action {then[0]}) changed"
    assert len(played["log"]) == len(stored["log"])
    return stored


def check_replays(game: Game, path: Path, players: int, seed: int, options: Mapping[str, Any]) -> None:
    """A stored golden game ended normally, and replaying its action texts (and its chance
    outcomes, for a game with explicit chance) as a record gives its result."""
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["log"][-1][1]["kind"] == "game_over" and not stored["result"]["truncated"], path.name
    seats = [Player(f"Seat {n + 1}") for n in range(players)]
    checked = game.validate_options(dict(options), players)
    chance = stored.get("chance", [])
    record = Record(game.id, game.rules_version, checked, seats, seed, stored["actions"], chance=chance)
    assert replay_to_end(record).result().to_json() == stored["result"], path.name
