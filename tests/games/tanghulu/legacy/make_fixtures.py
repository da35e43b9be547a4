"""Write the rules-1 Tang Hu Lu fixtures of this folder with the OLD engine (see README.md).

Run from a checkout of the last rules-1 engine, never from this one::

    git worktree add /tmp/th-old 3795352
    PYTHONPATH=/tmp/th-old/src python tests/games/tanghulu/legacy/make_fixtures.py tests/games/tanghulu/legacy

For each game: its record (``NAME.json``, as the old ``Match.save`` wrote it) and what the old
engine showed at its end (``NAME.expected.json``: each seat's view and observation, the score,
the legal moves, the event log as each seat read it; for a game in progress also the moves the
old engine went on with and the same at the end of the game), and for two of them the old
``fruitbowl replay --all`` as a seat read it (``NAME.replay-seat-K.txt``).
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any, cast

from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Match, Player, State, get_game

GAME = get_game("tanghulu")
NAMES = ["Ada", "Bo", "Cy", "Di"]
PHASES = {"die_tile": 0, "garnish": 1, "shop": 4}  # (rules 1's phase numbers: legality.py)

# name, players, options, table seed, chooser seed, the phase to stop in (None: play to the end)
CASES: list[tuple[str, int, dict[str, Any], int, int, str | None]] = [
    ("finished-2p", 2, {}, 1234, 1, None),
    ("finished-4p-random-first", 4, {"random_first": True}, 98765, 2, None),
    ("finished-3p-garnishes-seat-3", 3, {"multi_garnish": True, "first_player": 3}, 42, 3, None),
    ("finished-4p-random-first-garnishes", 4, {"random_first": True, "multi_garnish": True}, 777, 4, None),
    ("finished-2p-round-limit", 2, {"round_limit": 4, "random_first": True}, 5, 5, None),
    ("in-progress-2p-random-first", 2, {"random_first": True}, 31337, 6, "die_tile"),
    ("in-progress-4p-garnishes", 4, {"multi_garnish": True}, 2024, 7, "garnish"),
    ("in-progress-3p-shopping", 3, {}, 8, 8, "shop"),
]
REPLAYS = {"finished-4p-random-first-garnishes": 2, "in-progress-4p-garnishes": 3}


def prefer(state: State, choose: random.Random) -> int:
    """Random play that leans to buying and garnishing (games end; every kind of move occurs)."""
    legal = state.legal_codes()
    keen = [c for c in legal if not state.table[c].text.startswith(("work", "pass", "stop"))]
    return choose.choice(keen if keen and choose.random() < 0.8 else legal)


def sparse(vector: list[float]) -> list[Any]:
    """An observation as its length and its non-zero entries."""
    return [len(vector), {str(i): x for i, x in enumerate(vector) if x}]


def logs(match: Match) -> dict[str, Any]:
    """The event log as a spectator reads it (move number, sentence), and per seat the sentences
    that read differently for it (by position in the log)."""

    def read(seat: int | None) -> list[list[Any]]:
        return [[k, GAME.describe_event(e, seat, match.names)] for k, e in match.log]

    spectator = read(None)
    seats = {
        str(s): {str(i): line[1] for i, line in enumerate(read(s)) if line != spectator[i]}
        for s in range(match.state.num_players)
    }
    return {"spectator": spectator, "seats": seats}


def shown(match: Match) -> dict[str, Any]:
    state: Any = match.state  # (a Tang Hu Lu state: its standings are read below)
    n = state.num_players
    return {
        "moves": len(match.record.actions),
        "terminal": state.is_terminal(),
        "current_player": state.current_player,
        "result": state.result().to_json() if state.is_terminal() else None,
        "standings": state.standings().to_json(),
        "legal": [a.text for a in state.legal_actions()],
        "views": {str(s): state.view(s) for s in [None, *range(n)]},
        "observations": {str(s): sparse(GAME.observation(state, s).dense()) for s in range(n)},
        "log": logs(match),
    }


def main(out: Path) -> None:
    assert GAME.rules_version == "1", "run this with the rules-1 engine (see the docstring)"
    os.environ["COLUMNS"] = "100"
    for name, n, options, seed, chooser, stop in CASES:
        # a game in progress is a terminal save: one person against bots, as 'fruitbowl play' saves it
        players = [Player(p, "human" if stop is None or i == 0 else "random") for i, p in enumerate(NAMES[:n])]
        match = Match.new(GAME, players, seed, options)
        choose = random.Random(chooser)
        while not match.state.is_terminal():
            phase = cast(Any, match.state).phase
            if stop is not None and len(match.record.actions) >= 12 and phase == PHASES[stop]:
                break
            match.apply(prefer(match.state, choose))
        assert (stop is None) == match.state.is_terminal(), name
        match.save(out / f"{name}.json")
        if name in REPLAYS:
            seat = REPLAYS[name]
            printed = CliRunner().invoke(app, ["replay", str(out / f"{name}.json"), "--all", "--seat", str(seat)])
            assert printed.exit_code == 0, printed.output
            (out / f"{name}.replay-seat-{seat}.txt").write_text(printed.output, encoding="utf-8")
        expected: dict[str, Any] = {"made_by": "fruitbowl 3795352 (Tang Hu Lu rules 1)", **shown(match)}
        if stop is not None:  # the old engine goes on to the end: its moves, and what it showed then
            cut = len(match.record.actions)
            while not match.state.is_terminal():
                match.apply(prefer(match.state, choose))
            expected["continuation"] = match.record.actions[cut:]
            expected["end"] = shown(match)
        text = json.dumps(expected, separators=(",", ":"), ensure_ascii=False)
        (out / f"{name}.expected.json").write_text(text + "\n", encoding="utf-8")
        print(name, expected["moves"], "moves", "+", len(expected.get("continuation", [])))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
