"""Old records keep playing (issue 24, "no data is ever lost"): a Citrus record of rules 1,
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
from fruitbowl.engine import FruitbowlError, Match, Record, RecordError, get_game
from tests.cli.terminal_driver import Terminal, play_through

from .. import legacy_play
from ..legacy_play import as_json, goes_on_as_the_old_engine, play_on_to_the_end
from .legacy.make_fixtures import shown

LEGACY = Path(__file__).with_name("legacy")
RECORDS = sorted(
    p.name.removesuffix(".json")
    for p in LEGACY.glob("*.json")
    if not p.name.endswith(".expected.json") and not p.name.startswith("state-")
)
IN_PROGRESS = [name for name in RECORDS if name.startswith("in-progress")]


def expected(name: str) -> dict[str, Any]:
    return legacy_play.expected(LEGACY, name)


def test_the_fixtures_cover_what_changes_the_deal() -> None:
    """2–5 players, both sides, random starting sites (and only three), a random first player;
    finished games and games stopped mid-turn (a build, a harvest, a Finca's site choice)."""
    records = [Record.load(LEGACY / f"{name}.json") for name in RECORDS]
    assert {r.rules_version for r in records} == {"1"} and all(r.verified and not r.chance for r in records)
    assert {len(r.players) for r in records} == {2, 3, 4, 5}
    assert {r.options.get("board", "long") for r in records} == {"long", "short"}
    for option in ("random_sites", "three_fincas", "random_first", "free_placement", "family", "horses_at_once"):
        assert any(r.options.get(option) for r in records), option
    assert any(r.options.get("cart_restriction") is False for r in records)
    assert {expected(name)["views"]["None"]["phase"] for name in IN_PROGRESS} == {"place", "site", "harvest"}
    kinds = {text.split()[0] for r in records for text in r.actions}
    assert {"buy", "place", "harvest", "collect", "site", "cash", "cart", "bull", "end", "pass"} <= kinds


@pytest.mark.parametrize("name", RECORDS)
def test_a_rules_1_record_loads_where_that_engine_left_it(name: str) -> None:
    """The views, every seat's observation, the score, the legal moves and the event log: as
    the rules-1 engine showed them."""
    match = Match.load(LEGACY / f"{name}.json")
    assert match.record.rules_version == "1"
    old = expected(name)
    assert as_json(shown(match)) == {k: v for k, v in old.items() if k not in ("made_by", "continuation", "end")}


@pytest.mark.parametrize("name", IN_PROGRESS)
def test_a_rules_1_game_in_progress_goes_on_to_the_end_as_that_engine_played_it(name: str, tmp_path: Path) -> None:
    """The same moves meet the same draws (market refills, Fincas, sites) as on the rules-1
    engine, to the same end; saved again (still rules 1, now listing its draws) it reloads, and
    its moves alone (what a server stores) replay to the same end."""
    goes_on_as_the_old_engine(Match.load(LEGACY / f"{name}.json"), expected(name), shown, tmp_path)


@pytest.mark.parametrize("name", IN_PROGRESS)
def test_a_rules_1_game_in_progress_plays_on_with_any_moves_and_keeps_its_version(name: str, tmp_path: Path) -> None:
    """Other moves than the old engine's: the game still goes on to its end with rules 1's
    draws, and a save made on the way reloads exactly as it was."""
    play_on_to_the_end(Match.load(LEGACY / f"{name}.json"), name, tmp_path, save_after=20)


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
    data = json.loads((LEGACY / "finished-2p-short.json").read_text(encoding="utf-8"))
    del data["checksum"]
    data["rules_version"] = "0"
    (tmp_path / "zero.json").write_text(json.dumps(data), encoding="utf-8")
    why = "this game was recorded with Citrus rules 0; this fruitbowl plays rules 2"
    with pytest.raises(RecordError, match=f"^{tmp_path / 'zero.json'}: {why}$"):
        Match.load(tmp_path / "zero.json")
    assert get_game("citrus").rules_version == "2"


def test_a_rules_1_record_listing_a_draw_that_engine_did_not_make_is_refused_naming_the_move(tmp_path: Path) -> None:
    match = Match.load(LEGACY / "in-progress-4p-site.json")
    data = match.record.to_json()
    del data["checksum"]
    last = max(i for i, text in enumerate(data["chance"]) if text.startswith("tile "))
    data["chance"][last] = next(t for t in ("tile lemon", "tile lime") if t != data["chance"][last])
    (tmp_path / "altered.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"is not the one Citrus rules 1 drew there \('tile \w+"):
        Match.load(tmp_path / "altered.json")


def test_a_state_saved_by_rules_1_is_refused_with_a_sentence_saying_to_replay_its_record() -> None:
    """A server's or a tool's saved state (not a record) of rules 1 kept its stacks in order and
    its generator: there is nothing to continue it with, so it is refused (its record replays)."""
    data = json.loads((LEGACY / "state-saved-by-rules-1.json").read_text(encoding="utf-8"))
    why = (
        r"^not a saved Citrus state: it was saved by rules 1, whose stacks were in order \(replay its record instead\)$"
    )
    with pytest.raises(FruitbowlError, match=why):
        get_game("citrus").state_from_json(data)
