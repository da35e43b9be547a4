"""Old games keep playing: saves of Juicy Fruits rules 1 (whose state drew from a seeded
generator) replay with today's engine to exactly what rules 1 showed at their end — the
spectator's view, the result, every line of the event log — and the unfinished ones go on to
the end (see legacy/README.md for how the fixtures were made)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fruitbowl.engine import Record
from fruitbowl.engine.match import Match

from ..legacy_play import play_on_to_the_end
from .positions import GAME

LEGACY = Path(__file__).with_name("legacy")
NAMES = sorted(p.name.removesuffix(".record.json") for p in LEGACY.glob("*.record.json"))


def test_every_player_count_and_module_has_a_fixture():
    records = [Record.load(LEGACY / f"{name}.record.json") for name in NAMES]
    assert all(r.rules_version == "1" and not r.chance for r in records)
    assert {len(r.players) for r in records} == {1, 2, 3, 4}
    for module in ("mystic_island", "boulders", "new_business"):
        assert {len(r.players) for r in records if module in r.options.get("modules", "")} == {1, 2, 3, 4}, module


@pytest.mark.parametrize("name", NAMES)
def test_a_rules_1_save_replays_to_what_rules_1_showed(name: str, tmp_path: Path):
    expected = json.loads((LEGACY / f"{name}.expected.json").read_text(encoding="utf-8"))
    match = Match.load(LEGACY / f"{name}.record.json")
    state, names = match.state, match.names
    assert state.view(None) == expected["view"]
    assert [GAME.describe_event(e, None, names) for _n, e in match.log] == expected["events"]
    assert [GAME.describe_event(e, 0, names) for _n, e in match.log] == expected["events_seat_1"]
    assert state.is_terminal() == expected["finished"]
    if expected["finished"]:
        assert state.result().to_json() == expected["result"]
        return
    # an unfinished game goes on, with rules 1's draws, to the end; saved midway, it reloads as it was
    play_on_to_the_end(match, name, tmp_path, save_after=20)
