"""``fruitbowl learn``: a tutorial in the terminal (issue 23) — the web table's prepared deal, bots
and coach: each decision is explained and its menu number named, a tutorial left is resumed where
it was, and followed to its end it plays the same game as the tutorial's table in the browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fruitbowl.engine import Record
from fruitbowl.server.app import create_app

from ..server.helpers import follow_tutorial
from .terminal_driver import Terminal

SUGGESTED = re.compile(r"Type\s+(\d+)\.")
STEP = re.compile(r"Tutorial · step (\d+) of (\d+):")


def _follow(term: Terminal, steps: int | None = None) -> int:
    """Answer the coach's suggested number ``steps`` times (``None``: to the end); the answers."""
    answered = 0
    while (steps is None or answered < steps) and term.wait_for_prompt():
        found = SUGGESTED.findall(term.screen)
        assert found, term.failure("the coach named no menu number")
        term.answer(found[-1])
        answered += 1
    return answered


def _web_game(tmp_path: Path) -> list[str]:
    """The same tutorial followed at a table over HTTP: its moves."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")) as client:
        table = client.post("/api/tutorials/tanghulu").json()
        follow_tutorial(client, table)
        headers = {"X-Seat-Token": table["token"]}
        record = client.get(f"/api/tables/{table['id']}/record", headers=headers).json()
        return list(record["actions"])


@pytest.mark.slow  # a whole Tang Hu Lu tutorial in the terminal and at a table: about 20 s
def test_learn_explains_each_step_resumes_where_it_was_left_and_plays_the_web_tutorials_game(
    home: Path, tmp_path: Path
) -> None:
    args = ["learn", "tanghulu", "--name", "Sam"]
    term = Terminal(args, home)
    assert term.wait_for_prompt()
    assert "Tutorial · step 1 of" in term.screen and "Welcome to Tang Hu Lu!" in term.screen
    assert "The rule:" in term.screen
    _follow(term, 3)
    assert term.wait_for_prompt()
    left_at = STEP.findall(term.screen)[-1]
    term.answer("quit")
    assert term.read_to_end() == 0
    assert "Resume with: fruitbowl learn tanghulu" in term.transcript
    save = home / "saves" / "tutorial-tanghulu.json"
    term = Terminal(args, home)
    assert term.wait_for_prompt()
    assert "Resuming Tang Hu Lu" in term.screen and STEP.findall(term.screen)[-1] == left_at
    _follow(term)
    assert term.returncode == 0
    assert "Tutorial finished: You have played a whole game of Tang Hu Lu" in " ".join(term.transcript.split())
    assert "fruitbowl play tanghulu" in term.transcript
    assert Record.parse(save.read_text()).actions == _web_game(tmp_path)
