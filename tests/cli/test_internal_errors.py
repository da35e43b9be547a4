"""An unexpected error (a bug) in ``play``, ``resume``, ``replay`` or ``campaign play`` prints one
line, "internal error: … — your game is saved in FILE", writes the traceback to a log file, exits 1
and never loses the save. The failures are injected through the real entry point: a registered bot
that breaks, and a board adapter that breaks.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fruitbowl.bots import Bot, SeatHandle, make_bot
from fruitbowl.bots import base as bot_registry
from fruitbowl.cli.app import app
from fruitbowl.engine import Action, Record, replay_to_end

BREAKS_AFTER = 4  # moves a breaking bot makes before it fails
ALWAYS_ONE = "1\n" * 3000
BROKE = "RuntimeError: the test bot broke"


class BreakingBot(Bot):
    """Plays like the random bot for a few moves, then fails as a bug would."""

    name = "breaking"

    def __init__(self, seed: int) -> None:
        self.inner = make_bot("random", seed)
        self.moves = 0

    def choose(self, handle: SeatHandle) -> Action:
        self.moves += 1
        if self.moves > BREAKS_AFTER:
            raise RuntimeError("the test bot broke")
        return self.inner.choose(handle)


@pytest.fixture
def breaking_bot(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(bot_registry._BOTS, "breaking", BreakingBot)
    yield


def crash_line(result: Any, what: str = BROKE) -> tuple[Path, Path]:
    """The single stderr line of a crash, and the save and log files it names."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    line = rf"^internal error: {re.escape(what)} — your game is saved in (.+); the details are in (.+)$"
    found = re.match(line, lines[0])
    assert found, lines[0]
    assert "Traceback" not in result.output
    return Path(found.group(1)), Path(found.group(2))


def test_a_bot_that_breaks_in_play_keeps_the_save_and_logs_the_traceback(
    runner: CliRunner, home: Path, breaking_bot: None
) -> None:
    save = home / "mine.json"
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "2", "--bots", "breaking", "--save", str(save)],
                           input=ALWAYS_ONE)  # fmt: skip
    assert result.exit_code == 1
    named, log = crash_line(result)
    assert named == save
    assert log.parent == home / "logs"
    text = log.read_text()
    assert "Traceback" in text and "RuntimeError: the test bot broke" in text and "choose" in text
    record = Record.load(save)
    assert len(record.actions) >= BREAKS_AFTER  # every move made before the failure is kept
    assert not replay_to_end(record).is_terminal()
    watched = runner.invoke(app, ["replay", str(save), "--all"])
    assert watched.exit_code == 0, watched.output


def test_resume_with_a_breaking_bot_names_the_save_and_changes_nothing_made_before(
    runner: CliRunner, home: Path, breaking_bot: None
) -> None:
    save = home / "mine.json"
    runner.invoke(app, ["play", "tanghulu", "--seed", "2", "--bots", "breaking", "--save", str(save)], input=ALWAYS_ONE)
    before = Record.load(save).actions
    result = runner.invoke(app, ["resume", str(save)], input=ALWAYS_ONE)
    assert result.exit_code == 1
    assert crash_line(result)[0] == save
    assert Record.load(save).actions[: len(before)] == before


class BrokenBoard:
    """A board adapter whose picture fails, as a renamed field once made Citrus fail."""

    rules = "none"
    commands: tuple[str, ...] = ()

    def board(self, view: dict[str, Any], labels: Any) -> Any:
        raise KeyError("kind")

    def menu(self, view: dict[str, Any], legal: Any, label: Any) -> list[tuple[list[int], str]]:
        return [([index], action.text) for index, action in enumerate(legal)]


def test_a_board_that_breaks_on_resume_and_replay_is_one_line(
    runner: CliRunner, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = home / "game.json"
    first = runner.invoke(app, ["play", "tanghulu", "--seed", "5", "--save", str(save)], input="1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    before = save.read_bytes()
    monkeypatch.setattr("fruitbowl.cli.session.adapter_for", lambda game_id: BrokenBoard())
    monkeypatch.setattr("fruitbowl.cli.replay.adapter_for", lambda game_id: BrokenBoard())
    for args in (["resume", str(save)], ["replay", str(save), "--all"]):
        result = runner.invoke(app, args, input="1\n")
        assert result.exit_code == 1, result.output
        named, log = crash_line(result, "KeyError: 'kind'")
        assert named == save and log.exists()
        assert save.read_bytes() == before


def test_a_breaking_bot_in_a_campaign_game_keeps_the_game_file(
    runner: CliRunner, home: Path, breaking_bot: None
) -> None:
    made = runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "3", "fable"])
    assert made.exit_code == 0, made.output
    campaign_before = (home / "campaigns" / "fable.json").read_text()
    result = runner.invoke(app, ["campaign", "play", "fable", "--bots", "breaking"], input=ALWAYS_ONE)
    assert result.exit_code == 1
    named, _ = crash_line(result)
    assert named == home / "campaigns" / "fable" / "game-1.json"
    assert Record.load(named).options["game_number"] == 1
    assert (home / "campaigns" / "fable.json").read_text() == campaign_before


class InterruptedBot(BreakingBot):
    """Ctrl-C pressed while this bot thinks."""

    def choose(self, handle: SeatHandle) -> Action:
        if self.moves >= BREAKS_AFTER:
            raise KeyboardInterrupt
        return super().choose(handle)


def test_ctrl_c_while_a_bot_thinks_is_one_line_and_exit_130(
    runner: CliRunner, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bot_registry._BOTS, "interrupted", InterruptedBot)
    save = home / "mine.json"
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "2", "--bots", "interrupted", "--save", str(save)],
                           input=ALWAYS_ONE)  # fmt: skip
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines() == [f"interrupted — your game is saved in {save}"]
    assert len(Record.load(save).actions) >= BREAKS_AFTER


def test_the_console_script_prints_one_line_and_no_traceback(home: Path) -> None:
    """The same through ``main()``, the installed ``fruitbowl`` script, in a process of its own."""
    script = (
        "import sys\n"
        "from fruitbowl.bots.base import register_bot\n"
        "from tests.cli.test_internal_errors import BreakingBot\n"
        "register_bot('breaking', BreakingBot)\n"
        "from fruitbowl.cli.app import main\n"
        "sys.argv = ['fruitbowl', *sys.argv[1:]]\n"
        "main()\n"
    )
    save = home / "mine.json"
    done = subprocess.run(
        [sys.executable, "-c", script, "play", "tanghulu", "--seed", "2", "--bots", "breaking", "--save", str(save)],
        input=ALWAYS_ONE,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"internal error: {BROKE} — your game is saved in {save}; the details are in ")
    assert Record.load(save).actions
