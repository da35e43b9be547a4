"""Golden playthroughs: seeded random games whose full event logs must not change.

If a rules change is intended, rewrite the files with
``FRUITBOWL_REGEN_GOLDEN=1 python -m pytest tests/games/fabledfruit/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from fruitbowl.games.fabledfruit.campaign import deep_campaign_options

from .positions import GAME

GOLDEN = Path(__file__).with_name("golden")
GAMES = {
    "two_players_seed_2": (2, 2, {"first_player": 1}),
    "three_players_seed_3": (3, 3, {}),
    "four_players_deep_campaign_seed_4": (4, 4, deep_campaign_options(4)),
    "five_players_immediate_seed_5": (5, 5, {"immediate_end": True, "first_player": 3}),
    "three_players_lime_seed_6": (3, 6, {"lime": True}),
    "four_players_lime_deep_campaign_seed_7": (4, 7, deep_campaign_options(4, lime=True)),
}


def playthrough(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    state = GAME.new_state(players, seed, options)
    chooser = random.Random(seed)
    actions: list[str] = []
    log: list[list[Any]] = [[0, e.to_json()] for e in state.setup_events]
    while not state.is_terminal():
        legal = state.legal_actions()
        buys = [a for a in legal if a.kind in ("buy", "gamble")]  # games that go somewhere
        action = buys[0] if buys and chooser.random() < 0.6 else chooser.choice(legal)
        events = state.apply(action)
        actions.append(action.text)
        log += [[len(actions), e.to_json()] for e in events]
    header = {"game": GAME.id, "rules_version": GAME.rules_version, "players": players, "seed": seed}
    header["options"] = GAME.validate_options(options, players)
    return {**header, "actions": actions, "result": state.result().to_json(), "log": log}


def dumps(data: dict[str, Any]) -> str:
    head = {k: v for k, v in data.items() if k != "log"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "log": [']
    lines += [json.dumps(entry, ensure_ascii=False) + "," for entry in data["log"]]
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join([*lines, "]}", ""])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_is_unchanged(name):
    played = json.loads(dumps(playthrough(*GAMES[name])))
    path = GOLDEN / f"{name}.json"
    if os.environ.get("FRUITBOWL_REGEN_GOLDEN") == "1":
        path.write_text(dumps(played), encoding="utf-8")
    stored = json.loads(path.read_text(encoding="utf-8"))
    for key in ("game", "rules_version", "players", "seed", "options", "actions", "result"):
        assert played[key] == stored[key], key
    for number, (now, then) in enumerate(zip(played["log"], stored["log"], strict=False)):
        assert now == then, f"event {number} (after action {then[0]}) changed"
    assert len(played["log"]) == len(stored["log"])


def test_golden_games_end_normally_and_replay_from_their_actions():
    for name, (players, seed, options) in GAMES.items():
        stored = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
        assert stored["log"][-1][1]["kind"] == "game_over", name
        state = GAME.new_state(players, seed, options)
        for text in stored["actions"]:
            state.apply(text)
        assert state.result().to_json() == stored["result"]
