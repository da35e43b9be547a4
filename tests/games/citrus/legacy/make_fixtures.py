"""Write the rules-1 Citrus fixtures of this folder with the OLD engine (see README.md).

Run from a checkout of the last rules-1 engine, never from this one::

    git worktree add /tmp/citrus-old d8f9cac
    PYTHONPATH=/tmp/citrus-old/src python tests/games/citrus/legacy/make_fixtures.py tests/games/citrus/legacy

For each game: its record (``NAME.json``, as the old ``Match.save`` wrote it) and what the old
engine showed at its end (``NAME.expected.json``: views, each seat's observation, the score,
the legal moves, the event log as a spectator read it; for a game in progress also the moves the
old engine went on with and the same at the end of the game), and for two of them the old
``fruitbowl replay --all`` as a seat read it (``NAME.replay-seat-K.txt``); and a state as that
engine saved it (``state-saved-by-rules-1.json``).
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

GAME = get_game("citrus")
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
PHASES = {"place": 1, "site": 2, "harvest": 3}  # (rules 1's phase numbers: rules.py)

# name, players, options, table seed, chooser seed, the phase to stop in (None: play to the end)
CASES: list[tuple[str, int, dict[str, Any], int, int, str | None]] = [
    ("finished-2p-short", 2, {"board": "short"}, 1234, 1, None),
    ("finished-3p-random-first", 3, {"random_first": True}, 98765, 2, None),
    (
        "finished-4p-random-sites-three-fincas",
        4,
        {"random_sites": True, "three_fincas": True, "family": True, "horses_at_once": True},
        42,
        3,
        None,
    ),
    (
        "finished-5p-short-free-placement",
        5,
        {"board": "short", "free_placement": True, "random_first": True},
        777,
        4,
        None,
    ),
    (
        "finished-2p-random-sites-seat-2",
        2,
        {"random_sites": True, "cart_restriction": False, "first_player": 2},
        5,
        5,
        None,
    ),
    ("in-progress-2p-random-first", 2, {"random_first": True}, 31337, 6, "harvest"),
    ("in-progress-3p-short-random-sites", 3, {"board": "short", "random_sites": True}, 2024, 7, "place"),
    ("in-progress-4p-site", 4, {}, 8, 8, "site"),
    ("in-progress-5p-random-sites", 5, {"random_sites": True, "random_first": True}, 99, 9, "place"),
]
REPLAYS = {"finished-2p-short": 1, "in-progress-2p-random-first": 2}


def prefer(state: State, choose: random.Random) -> int:
    """Random play that leans to buying, building and harvesting (every kind of move occurs)."""
    legal = state.legal_codes()
    keen = [c for c in legal if not state.table[c].text.startswith(("end", "pass"))]
    return choose.choice(keen if keen and choose.random() < 0.8 else legal)


def sparse(vector: list[float]) -> list[Any]:
    """An observation as its length and its non-zero entries."""
    return [len(vector), {str(i): x for i, x in enumerate(vector) if x}]


def shown(match: Match) -> dict[str, Any]:
    """What a game shows: a spectator's and the first seat's view (Citrus shows every seat the
    same), every seat's observation, the score, the legal moves and the event log (move number,
    sentence) as a spectator reads it."""
    state: Any = match.state  # (a Citrus state: its standings are read below)
    n = state.num_players
    return {
        "moves": len(match.record.actions),
        "terminal": state.is_terminal(),
        "current_player": state.current_player,
        "result": state.result().to_json() if state.is_terminal() else None,
        "standings": state.standings().to_json(),
        "legal": [a.text for a in state.legal_actions()],
        "views": {str(s): state.view(s) for s in (None, 0)},
        "observations": {str(s): sparse(GAME.observation(state, s).dense()) for s in range(n)},
        "log": [[k, GAME.describe_event(e, None, match.names)] for k, e in match.log],
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
            if stop is not None and len(match.record.actions) >= 40 and phase == PHASES[stop]:
                break
            match.apply(prefer(match.state, choose))
        assert (stop is None) == match.state.is_terminal(), name
        match.save(out / f"{name}.json")
        if name in REPLAYS:
            seat = REPLAYS[name]
            printed = CliRunner().invoke(app, ["replay", str(out / f"{name}.json"), "--all", "--seat", str(seat)])
            assert printed.exit_code == 0, printed.output
            (out / f"{name}.replay-seat-{seat}.txt").write_text(printed.output, encoding="utf-8")
        expected: dict[str, Any] = {"made_by": "fruitbowl d8f9cac (Citrus rules 1)", **shown(match)}
        if stop is not None:  # the old engine goes on to the end: its moves, and what it showed then
            cut = len(match.record.actions)
            while not match.state.is_terminal():
                match.apply(prefer(match.state, choose))
            expected["continuation"] = match.record.actions[cut:]
            expected["end"] = shown(match)
        text = json.dumps(expected, separators=(",", ":"), ensure_ascii=False)
        (out / f"{name}.expected.json").write_text(text + "\n", encoding="utf-8")
        print(name, expected["moves"], "moves", "+", len(expected.get("continuation", [])))


def saved_state(out: Path) -> None:
    """A state as the rules-1 engine saved it (``to_json``: its stacks in order, its generator),
    which this fruitbowl refuses with a sentence (a record replays instead)."""
    state = GAME.new_state(3, 5, {"board": "short"})
    (out / "state-saved-by-rules-1.json").write_text(json.dumps(state.to_json()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
    saved_state(Path(sys.argv[1]))
