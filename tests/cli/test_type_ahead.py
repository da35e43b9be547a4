"""Type-ahead: keys typed on a terminal while the bots think are discarded before each prompt
(they would otherwise be played on decisions the player has not seen), but piped input is the
player's script and keeps working as input."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fruitbowl.engine import Record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

PLAY = [
    sys.executable,
    "-c",
    "from fruitbowl.cli.app import main; main()",
    "play",
    "tanghulu",
    "--players",
    "3",
    "--seat",
    "2",
]


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "FRUITBOWL_HOME": str(home), "COLUMNS": "100", "LINES": "40", "TERM": "xterm"}


def read_until(fd: int, text: bytes, seconds: float) -> bytes:
    """Everything the terminal shows until ``text`` appears (or the time is up)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def test_keys_typed_before_the_prompt_on_a_terminal_are_discarded(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [*PLAY, "--seed", "4", "--save", str(save)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=environment(tmp_path / "home"),
        close_fds=True,
    )
    os.close(slave)
    try:
        os.write(master, b"quit\n")  # typed while the program starts and the bot before us thinks
        shown = read_until(master, b"Your move", 60)
        assert b"Your move" in shown, shown.decode(errors="replace")[-2000:]
        time.sleep(0.5)
        assert process.poll() is None, "the type-ahead 'quit' was read as the answer to the prompt"
        os.write(master, b"quit\n")  # typed after the prompt: this one counts
        read_until(master, b"Resume with", 30)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert Record.load(save).players[1].controller == "human"


def play_piped(tmp_path: Path, name: str, typed: str) -> Record:
    save = tmp_path / f"{name}.json"
    done = subprocess.run(
        [*PLAY, "--seed", "4", "--save", str(save)],
        input=typed,
        capture_output=True,
        text=True,
        env=environment(tmp_path / name),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return Record.load(save)


def test_piped_input_is_played_as_typed(tmp_path: Path) -> None:
    quit_at_once = play_piped(tmp_path, "quit", "quit\n")
    two_moves = play_piped(tmp_path, "moves", "1\n1\nquit\n")
    assert two_moves.actions[: len(quit_at_once.actions)] == quit_at_once.actions
    assert len(two_moves.actions) > len(quit_at_once.actions) + 2  # both numbers played, bots between
