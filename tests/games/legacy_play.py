"""The promise every game's rules-1 fixtures are held to after its chance became explicit: an
unfinished old game goes on to the end with its old draws, keeps its rules version, and a save
made on the way reloads exactly as it was."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fruitbowl.engine import Match, Record


def expected(legacy: Path, name: str) -> dict[str, Any]:
    """What the rules-1 engine showed for fixture ``name`` (``<name>.expected.json``)."""
    data: dict[str, Any] = json.loads((legacy / f"{name}.expected.json").read_text(encoding="utf-8"))
    return data


def as_json(data: Any) -> Any:
    """Plain JSON, as the fixtures hold it (tuples become lists)."""
    return json.loads(json.dumps(data))


def goes_on_as_the_old_engine(match: Match, old: dict[str, Any], shown: Callable[[Match], Any], tmp_path: Path) -> None:
    """The old engine's own continuation played on ``match`` reaches the end it showed; saved
    again (still rules 1, now listing its draws) it reloads, and its moves alone (what a server
    stores) replay to the same end."""
    for text in old["continuation"]:
        match.apply(text)
    assert as_json(shown(match)) == old["end"]
    match.save(tmp_path / "again.json")
    again = Record.load(tmp_path / "again.json")
    assert again.rules_version == "1" and again.chance and again.result == old["end"]["result"]
    assert as_json(shown(Match.load(tmp_path / "again.json"))) == old["end"]
    moves_only = Record(**{**again.__dict__, "chance": [], "result": None})
    assert Match.from_record(moves_only).state.to_json() == match.state.to_json()


def play_on_to_the_end(match: Match, seed: str, tmp_path: Path, save_after: int) -> None:
    """Play ``match`` to its end with random legal moves (seeded by ``seed``), saving and
    reloading ``save_after`` moves in; check the version is kept and the end reloads."""
    version = match.record.rules_version
    chooser = random.Random(seed)
    halfway = len(match.record.actions) + save_after
    while not match.state.is_terminal():
        match.apply(chooser.choice(match.state.legal_actions()))
        if len(match.record.actions) == halfway:
            match.save(tmp_path / "halfway.json")
            reloaded = Match.load(tmp_path / "halfway.json")
            assert reloaded.record.rules_version == version
            assert reloaded.state.to_json() == match.state.to_json()
            assert reloaded.log == match.log
    assert match.record.rules_version == version
    match.save(tmp_path / "end.json")
    assert Match.load(tmp_path / "end.json").state.result() == match.state.result()
