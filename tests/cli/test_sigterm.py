"""SIGTERM (``kill PID``) stops like Ctrl-C: one line, the save kept, no process left behind.

A service manager or a user's ``kill`` sends SIGTERM to the command's process alone, not to its
worker processes, which used to be orphaned. The commands that hold a game or worker processes
handle it as Ctrl-C, with the exit code a shell reports for SIGTERM: 143 (128 + 15).
"""

from __future__ import annotations

import signal
from pathlib import Path

from fruitbowl.engine import Match

from .test_interrupt import STOP_LIMIT, home, interrupt

__all__ = ["home"]  # the fixture, shared with test_interrupt

TERMINATED = 128 + signal.SIGTERM


def test_kill_while_hard_bots_think_keeps_the_save(home: Path) -> None:
    save = home / "game.json"
    args = ["play", "juicyfruits", "--players", "3", "--seat", "3", "--bots", "ismcts:hard,ismcts:hard"]
    code, out, err, elapsed = interrupt([*args, "--seed", "4", "--save", str(save)], home, 2, signum=signal.SIGTERM)
    assert code == TERMINATED, (out, err)
    assert elapsed < STOP_LIMIT
    assert "Traceback" not in out + err
    assert err.strip().splitlines() == [f"interrupted — your game is saved in {save}"], err
    assert Match.load(save).game.id == "juicyfruits"


def test_kill_stops_a_tournament_with_worker_processes(home: Path) -> None:
    db = f"sqlite:///{home / 'tournaments.db'}"
    args = ["tournament", "tanghulu", "--bots", "greedy,ismcts", "-n", "40", "--workers", "2", "--db", db]
    code, out, err, elapsed = interrupt(args, home, helpers=4, signum=signal.SIGTERM)
    assert code == TERMINATED, (out, err)
    assert elapsed < STOP_LIMIT
    assert "Traceback" not in out + err
    [line] = err.strip().splitlines()
    assert line.startswith("tournament interrupted") and line.endswith("rerun the command to continue"), line
