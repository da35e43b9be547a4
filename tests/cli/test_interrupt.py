"""Ctrl-C while worker processes run: one line, exit 130, quickly, and no process left behind.

Issue 18: "Ctrl-C with worker processes (ismcts:hard, tournament): about 100 lines of
tracebacks, a silent 12 s wait, orphaned processes. Stop within 2 s, print one line, leave no
process behind, exit 130."

Each test starts the real ``fruitbowl`` console script in a new process group, waits until its
worker processes exist, and sends SIGINT to the whole group, as a terminal's Ctrl-C does. The
group is found through /proc (Linux), so every descendant is counted, orphans included.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fruitbowl.engine import Match

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")

#: The issue asks for 2 s; the test allows slack for a loaded machine and prints the real time.
STOP_LIMIT = 5.0
#: How long the processes a command leaves may take to vanish once it has exited (a fork server
#: exits when it reads the end of its parent's pipe).
GONE_LIMIT = 2.0


def sigint_ignored(pid: int) -> bool:
    """Whether a process ignores or holds back SIGINT (a worker ready for Ctrl-C)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    masks = dict(line.split(":\t", 1) for line in status.splitlines() if line.startswith(("SigIgn", "SigBlk")))
    bit = 1 << (signal.SIGINT - 1)
    return any(int(masks.get(key, "0"), 16) & bit for key in ("SigIgn", "SigBlk"))


def _as_from_a_shell() -> None:
    """In the child before it runs the command: Ctrl-C as a shell leaves it (default action, not
    held back), whatever the test process inherited or set up for itself (a pytest worker may)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes of a process group."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # state, ppid, pgrp, … (the name may hold spaces)
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry.name))
    return members


def interrupt(
    args: list[str], home: Path, helpers: int, timeout: float = 120.0, signum: int = signal.SIGINT
) -> tuple[int, str, str, float]:
    """Run ``fruitbowl ARGS`` until its group holds ``helpers`` processes besides itself that are
    ready for Ctrl-C (they ignore SIGINT), send Ctrl-C to the group (or ``signum`` to the
    command's process alone, as ``kill PID`` does), and return (exit code, stdout, stderr,
    seconds to stop)."""
    command = shutil.which("fruitbowl") or str(Path(sys.executable).with_name("fruitbowl"))
    env = {**os.environ, "FRUITBOWL_HOME": str(home), "COLUMNS": "100"}
    process = subprocess.Popen(
        [command, *args],
        cwd=home,
        env=env,
        stdin=subprocess.PIPE,  # kept open: a human who has not typed anything yet
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_as_from_a_shell,
    )
    try:
        started = time.monotonic()
        while sum(map(sigint_ignored, group_members(process.pid))) < helpers:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() - started < timeout, "the workers never started"
            time.sleep(0.05)
        if signum == signal.SIGINT:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signum)
        sent = time.monotonic()
        out, err = process.communicate(timeout=30)
        elapsed = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    deadline = time.monotonic() + GONE_LIMIT
    while group_members(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert group_members(process.pid) == [], "processes were left behind"
    print(f"fruitbowl {args[0]} stopped {elapsed:.2f} s after {signal.Signals(signum).name}")
    return process.returncode, out.decode(), err.decode(), elapsed


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def test_ctrl_c_while_hard_bots_think_keeps_the_save(home: Path) -> None:
    """Two ismcts:hard bots move before the human, each with its own worker processes; Ctrl-C
    during their search stops at once, names the save, and the save replays."""
    save = home / "game.json"
    args = ["play", "juicyfruits", "--players", "3", "--seat", "3", "--bots", "ismcts:hard,ismcts:hard"]
    code, out, err, elapsed = interrupt([*args, "--seed", "4", "--save", str(save)], home, helpers=2)
    assert code == 130, (out, err)
    assert elapsed < STOP_LIMIT
    assert "Traceback" not in out + err
    assert err.strip().splitlines() == [f"interrupted — your game is saved in {save}"], err
    assert "Your move" not in out  # it was the bots' thinking that was interrupted
    match = Match.load(save)
    assert match.game.id == "juicyfruits" and len(match.players) == 3
    replayed = subprocess.run(
        [shutil.which("fruitbowl") or "fruitbowl", "replay", str(save), "--all"],
        env={**os.environ, "FRUITBOWL_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert replayed.returncode == 0, replayed.stderr


def test_ctrl_c_stops_a_tournament_with_worker_processes(home: Path) -> None:
    """A tournament on two local worker processes (each game a search bot's): Ctrl-C stores what
    finished, says how to continue in one line, and stops the workers instead of waiting."""
    db = f"sqlite:///{home / 'tournaments.db'}"
    args = ["tournament", "tanghulu", "--bots", "greedy,ismcts", "-n", "40", "--workers", "2", "--db", db]
    # the fork server, the resource tracker and the two workers
    code, out, err, elapsed = interrupt(args, home, helpers=4)
    assert code == 130, (out, err)
    assert elapsed < STOP_LIMIT
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tournament interrupted"), err
    assert lines[0].endswith("games stored; rerun the command to continue")


def test_ctrl_c_stops_a_simulation_of_hard_bots(home: Path) -> None:
    """``simulate`` plays in its own process, but an ismcts:hard seat searches in worker processes."""
    args = ["simulate", "tanghulu", "-n", "4", "--bots", "ismcts:hard,random"]
    code, out, err, elapsed = interrupt(args, home, helpers=2)
    assert code == 130, (out, err)
    assert elapsed < STOP_LIMIT
    assert "Traceback" not in out + err and out == ""
    [line] = err.strip().splitlines()
    assert re.fullmatch(r"simulate interrupted after [0-4] of 4 games; nothing reported", line), line


def test_ctrl_c_at_the_prompt_names_the_save_and_exits_130(home: Path) -> None:
    """Ctrl-C while the game waits for the player's move is not a quiet 'quit': one line names
    the save, the exit code is 130, and the save resumes."""
    save = home / "game.json"
    command = shutil.which("fruitbowl") or str(Path(sys.executable).with_name("fruitbowl"))
    process = subprocess.Popen(
        [command, "play", "tanghulu", "--bots", "random", "--seed", "3", "--save", str(save)],
        env={**os.environ, "FRUITBOWL_HOME": str(home), "COLUMNS": "80"},
        stdin=subprocess.PIPE,  # kept open: the player is thinking
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_as_from_a_shell,
    )
    try:
        assert process.stdout is not None
        os.set_blocking(process.stdout.fileno(), False)
        shown = b""
        deadline = time.monotonic() + 60
        while not shown.endswith("Your move › ".encode()):
            assert time.monotonic() < deadline and process.poll() is None, shown.decode()[-2000:]
            time.sleep(0.05)
            shown += process.stdout.read() or b""
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, (out, err)
    assert err.decode().strip().splitlines() == [f"interrupted — your game is saved in {save}"], err
    assert b"Traceback" not in out + err and b"Resume with" not in out
    assert Match.load(save).game.id == "tanghulu"
