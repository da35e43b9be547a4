"""Citrus through the real ``fruitbowl play`` / ``resume`` entry points with piped input."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Record, replay_to_end

SHORT_THREE = ["play", "citrus", "--players", "3", "--option", "board=short", "--bots", "random,random"]


def test_a_placement_menu_after_buying_a_line_plays_and_resumes(runner: CliRunner, home: Path) -> None:
    """Issue 18 §1: ``buy C2`` then the placement menu crashed with ``KeyError: 'kind'``;
    so did ``resume`` of that save."""
    save = home / "citrus.json"
    first = runner.invoke(app, [*SHORT_THREE, "--seed", "5", "--save", str(save)], input="buy C2\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Traceback" not in first.output
    played = Record.parse(save.read_text()).actions
    assert played[0] == "buy C2" and played[1].startswith("place ")
    second = runner.invoke(app, ["resume", str(save)], input="1\nquit\n")
    assert second.exit_code == 0, second.output
    assert "Traceback" not in second.output
    record = Record.parse(save.read_text())
    assert record.actions[:2] == played and record.actions[2].startswith("place ")
    replay_to_end(record)
