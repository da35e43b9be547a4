"""Old records keep playing (issue 24, "no data is ever lost"): a Tang Hu Lu record of rules 1,
written before chance was explicit, replays and goes on to the end exactly as the rules-1 engine
played it. The records and what that engine showed were made by the engine of rules 1 itself
(``legacy/README.md``); here only this fruitbowl's public entry points read them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Match, Record, RecordError, get_game
from tests.cli.terminal_driver import Terminal, play_through

from .. import legacy_play
from ..legacy_play import as_json, goes_on_as_the_old_engine
from .legacy.make_fixtures import shown

LEGACY = Path(__file__).with_name("legacy")
RECORDS = sorted(p.name.removesuffix(".json") for p in LEGACY.glob("*.json") if not p.name.endswith(".expected.json"))
IN_PROGRESS = [name for name in RECORDS if name.startswith("in-progress")]


def expected(name: str) -> dict[str, Any]:
    return legacy_play.expected(LEGACY, name)


def test_the_fixtures_cover_what_changes_the_deal() -> None:
    """2 and 4 players, a random first player, several garnishes, a round limit; finished games
    and games stopped mid-turn (a die's tile to place, a garnish window, shopping)."""
    records = [Record.load(LEGACY / f"{name}.json") for name in RECORDS]
    assert {r.rules_version for r in records} == {"1"} and all(r.verified and not r.chance for r in records)
    assert {len(r.players) for r in records} == {2, 3, 4}
    assert any(r.options.get("random_first") for r in records if len(r.players) == 4)
    assert any(r.options.get("random_first") for r in records if len(r.players) == 2)
    assert any(r.options.get("multi_garnish") for r in records)
    assert {expected(name)["views"]["None"]["phase"] for name in IN_PROGRESS} == {"die_tile", "garnish", "shop"}
    kinds = {text.split()[0] for r in records for text in r.actions}
    assert {"place", "return", "garnish", "pass", "buy", "stop", "work"} <= kinds


@pytest.mark.parametrize("name", RECORDS)
def test_a_rules_1_record_loads_where_that_engine_left_it(name: str) -> None:
    """Every seat's view and observation, the score, the legal moves and the event log as each
    seat reads it: as the rules-1 engine showed them."""
    match = Match.load(LEGACY / f"{name}.json")
    assert match.record.rules_version == "1"
    old = expected(name)
    assert as_json(shown(match)) == {k: v for k, v in old.items() if k not in ("made_by", "continuation", "end")}


@pytest.mark.parametrize("name", IN_PROGRESS)
def test_a_rules_1_game_in_progress_goes_on_to_the_end_as_that_engine_played_it(name: str, tmp_path: Path) -> None:
    """The same moves meet the same rolls and draws as on the rules-1 engine, to the same end;
    saved again (still rules 1, now listing its draws) it reloads, and its moves alone (what a
    server stores) replay to the same end."""
    goes_on_as_the_old_engine(Match.load(LEGACY / f"{name}.json"), expected(name), shown, tmp_path)


@pytest.mark.parametrize("path", sorted(LEGACY.glob("*.replay-seat-*.txt")), ids=lambda p: p.name)
def test_fruitbowl_replay_prints_a_rules_1_record_as_that_version_printed_it(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    name, seat = path.name.split(".replay-seat-")
    printed = CliRunner().invoke(app, ["replay", str(LEGACY / f"{name}.json"), "--all", "--seat", seat[0]])
    assert printed.exit_code == 0, printed.output
    assert printed.output == path.read_text(encoding="utf-8")


def test_fruitbowl_resume_plays_a_rules_1_save_to_the_end(tmp_path: Path) -> None:
    """A person's terminal save from before the upgrade: ``fruitbowl resume`` goes on with it
    against its bots to the end, saving it (rules 1) after every move."""
    home = tmp_path / "home"
    save = home / "saves" / "old.json"
    save.parent.mkdir(parents=True)
    shutil.copy(LEGACY / "in-progress-2p-random-first.json", save)
    played = play_through(Terminal(["resume", str(save)], home), seed=3)
    assert played.returncode == 0
    assert "Traceback" not in played.transcript
    finished = Match.load(save)
    assert finished.state.is_terminal() and finished.record.rules_version == "1"
    assert len(finished.record.actions) > len(Record.load(LEGACY / "in-progress-2p-random-first.json").actions)


def test_a_record_of_an_unknown_rules_version_is_still_refused_with_a_sentence(tmp_path: Path) -> None:
    data = json.loads((LEGACY / "finished-2p.json").read_text(encoding="utf-8"))
    del data["checksum"]
    data["rules_version"] = "0"
    (tmp_path / "zero.json").write_text(json.dumps(data), encoding="utf-8")
    why = "this game was recorded with Tang Hu Lu rules 0; this fruitbowl plays rules 2"
    with pytest.raises(RecordError, match=f"^{tmp_path / 'zero.json'}: {why}$"):
        Match.load(tmp_path / "zero.json")
    printed = CliRunner().invoke(app, ["replay", str(tmp_path / "zero.json"), "--all"])
    assert printed.exit_code != 0 and why in " ".join(printed.output.split())
    assert get_game("tanghulu").rules_version == "2"


def test_a_rules_1_record_listing_a_draw_that_engine_did_not_make_is_refused_naming_the_move(tmp_path: Path) -> None:
    match = Match.load(LEGACY / "in-progress-3p-shopping.json")
    data = match.record.to_json()
    del data["checksum"]
    last_roll = max(i for i, text in enumerate(data["chance"]) if text.startswith("die "))
    data["chance"][last_roll] = next(f"die {f}" for f in ("coin", "sugar") if f"die {f}" != data["chance"][last_roll])
    (tmp_path / "altered.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"is not the one Tang Hu Lu rules 1 drew there \('die \w+'\)"):
        Match.load(tmp_path / "altered.json")
