"""The promise every game's rules-1 fixtures are held to after its chance became explicit: an
unfinished old game goes on to the end with its old draws, keeps its rules version, and a save
made on the way reloads exactly as it was."""

from __future__ import annotations

import random
from pathlib import Path

from fruitbowl.engine import Match


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
