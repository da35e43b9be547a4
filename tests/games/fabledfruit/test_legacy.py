"""Old games keep playing: saves of Fabled Fruit rules 1 (whose state drew from a seeded
generator) replay with today's engine to exactly what rules 1 showed — the spectator's view, the
result, every line of the event log — and the unfinished ones go on to the end; campaigns saved by
rules 1 (between games, or with a game in progress in the terminal) continue from where they were
(see legacy/README.md for how the fixtures were made)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Record
from fruitbowl.engine.match import Match
from fruitbowl.engine.record import Player
from fruitbowl.games.fabledfruit.campaign import load_text

from ..legacy_play import play_on_to_the_end
from .positions import GAME

LEGACY = Path(__file__).with_name("legacy")
NAMES = sorted(p.name.removesuffix(".expected.json") for p in LEGACY.glob("*.expected.json"))


def test_every_player_count_and_what_changes_the_draws_has_a_fixture():
    records = [Record.load(LEGACY / f"{name}.json") for name in NAMES]
    assert all(r.rules_version == "1" and not r.chance for r in records)
    assert {len(r.players) for r in records} == {2, 3, 4, 5}
    assert any(r.options.get("lime") for r in records) and any(r.options.get("display") for r in records)
    assert {bool(r.options["first_player"]) for r in records} == {True, False}
    assert any(r.result is None for r in records) and any(r.result is not None for r in records)


@pytest.mark.parametrize("name", NAMES)
def test_a_rules_1_save_replays_to_what_rules_1_showed(name: str, tmp_path: Path):
    expected = json.loads((LEGACY / f"{name}.expected.json").read_text(encoding="utf-8"))
    match = Match.load(LEGACY / f"{name}.json")
    assert match.state.view(None) == expected["view"]
    assert [GAME.describe_event(e, None, match.names) for _n, e in match.log] == expected["events"]
    if expected["result"] is not None:
        assert match.state.result().to_json() == expected["result"]
        return
    # an unfinished game goes on, with rules 1's draws, to the end; saved midway, it reloads as it was
    play_on_to_the_end(match, name, tmp_path, save_after=30)


@pytest.mark.parametrize("name", ["campaign_after_two_games", "lime_campaign_after_one_game"])
def test_a_campaign_saved_between_games_by_rules_1_starts_its_next_game_from_its_display(name: str):
    campaign = load_text((LEGACY / f"{name}.json").read_text(encoding="utf-8"))
    players = len(campaign.seating)
    options = GAME.validate_options(campaign.game_options(players, campaign.seating), players)
    match = Match.new(GAME, [Player(n, "random") for n in campaign.seating], campaign.game_seed(), options)
    view = match.state.view(None)
    assert [(d["location"], d["cards"]) for d in view["display"]] == campaign.display
    assert view["big_stack"]["cards"] == len(campaign.big_stack) and view["game_number"] == campaign.games_completed + 1
    chooser = random.Random(name)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        buys = [a for a in legal if a.kind == "buy"]
        match.apply(buys[0] if buys and chooser.random() < 0.7 else chooser.choice(legal))
    after = campaign.after_game(match.state, match.names)
    assert after.games_completed == campaign.games_completed + 1
    assert len(after.set_aside_juices) == len(campaign.set_aside_juices) + sum(
        len(p["juices"]) for p in match.state.view(None)["players"]
    )


def test_a_terminal_campaign_with_a_rules_1_game_in_progress_resumes_it_and_goes_on(tmp_path, monkeypatch):
    """Made by the rules-1 terminal: ``campaign new`` for 2, game 1 played, game 2 quit after 25 moves."""
    home = tmp_path / "home"
    shutil.copytree(LEGACY / "cli_home", home)
    monkeypatch.setenv("FRUITBOWL_HOME", str(home))
    monkeypatch.setenv("COLUMNS", "100")
    game = home / "campaigns" / "fable" / "game-2.json"
    before = Record.load(game)
    assert before.rules_version == "1" and before.result is None
    resumed = CliRunner().invoke(app, ["campaign", "play", "fable"], input="1\n" * 8 + "quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming game 2" in resumed.output and "The campaign is updated when this game ends" in resumed.output
    moved = Record.load(game)  # the same game, a few moves on, still with rules 1's draws
    assert moved.rules_version == "1" and moved.actions[: len(before.actions)] == before.actions
    assert len(moved.actions) > len(before.actions)
    match = Match.load(game)  # (its end is played here, faster than through the terminal's board)
    chooser = random.Random(2)
    while not match.state.is_terminal():
        match.apply(chooser.choice(match.state.legal_actions()))
    match.save(game)
    ended = CliRunner().invoke(app, ["campaign", "play", "fable"], input="\n" * 20)
    assert ended.exit_code == 0, ended.output
    assert "2 games played" in ended.output
    campaign = load_text((home / "campaigns" / "fable.json").read_text(encoding="utf-8"))
    assert campaign.games_completed == 2 and len(campaign.history) == 2
    assert Record.load(game).rules_version == "1"
