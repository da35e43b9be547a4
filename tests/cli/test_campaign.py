"""``fruitbowl campaign``: new, play (to the end and resumed), show, and refusing damaged files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Record, replay_to_end
from fruitbowl.engine.wording import counted
from fruitbowl.games.fabledfruit.campaign import Campaign, CampaignError, load_text, simulate_campaign

ALWAYS_ONE = "1\n" * 6000


def campaign_file(home: Path, name: str = "fable") -> Path:
    return home / "campaigns" / f"{name}.json"


def test_new_play_two_games_and_show(runner: CliRunner, home: Path) -> None:
    made = runner.invoke(
        app, ["campaign", "new", "fabledfruit", "--players", "3", "--seed", "4", "--name", "Sam", "fable"]
    )
    assert made.exit_code == 0, made.output
    data = json.loads(campaign_file(home).read_text())
    assert data["games_completed"] == 0 and len(data["big_stack"]) == 216 and data["seating"][0] == "Sam"
    for game in (1, 2):
        played = runner.invoke(app, ["campaign", "play", "fable", "--name", "Sam"], input=ALWAYS_ONE)
        assert played.exit_code == 0, played.output
        assert f"{counted(game, 'game')} played" in played.output
    campaign = load_text(campaign_file(home).read_text())
    assert campaign.games_completed == 2 and len(campaign.history) == 2
    for game in (1, 2):  # every game's record is kept beside the campaign
        kept = home / "campaigns" / "fable" / f"game-{game}.json"
        assert replay_to_end(Record.load(kept)).is_terminal()
    shown = runner.invoke(app, ["campaign", "show", "fable"])
    assert shown.exit_code == 0 and "2 games played" in shown.output and "Display for the next game" in shown.output


def test_quitting_keeps_the_campaign_and_resumes_the_game(runner: CliRunner, home: Path) -> None:
    runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "1", "fable"])
    before = campaign_file(home).read_text()
    first = runner.invoke(app, ["campaign", "play", "fable"], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    assert campaign_file(home).read_text() == before  # only a finished game changes the campaign
    game = home / "campaigns" / "fable" / "game-1.json"
    record = Record.parse(game.read_text())
    assert record.options["game_number"] == 1 and record.options["display"] == "1x4 2x4 3x4 4x4 5x4 6x4"
    second = runner.invoke(app, ["campaign", "play", "fable"], input=ALWAYS_ONE)
    assert second.exit_code == 0 and "Resuming game 1" in second.output
    assert load_text(campaign_file(home).read_text()).games_completed == 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["big_stack"].pop(0), "accounts for 239 location cards"),
        (lambda d: d["display"][0].update(count=d["display"][0]["count"] + 1), "display holds 25 cards"),
        (lambda d: d.update(games_completed=3), "games_completed is 3"),
        (lambda d: d["big_stack"].reverse(), "sorted tail"),
        (lambda d: d.update(campaign_complete=True), "campaign_complete"),
        (lambda d: d["set_aside_juices"].pop(), "accounts for 239"),
    ],
)
def test_a_tampered_campaign_is_refused_with_one_line(runner: CliRunner, home: Path, edit, message) -> None:
    campaign = simulate_campaign(3, 1, seed=3)
    data = campaign.to_json()
    edit(data)
    path = campaign_file(home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["campaign", "show", "fable"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and message in result.output and "damaged or was edited" in result.output
    assert json.loads(path.read_text()) == data  # never repaired


def test_garbage_and_missing_campaigns(runner: CliRunner, home: Path) -> None:
    path = campaign_file(home)
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    result = runner.invoke(app, ["campaign", "play", "fable"])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    result = runner.invoke(app, ["campaign", "show", "nothere"])
    assert result.exit_code == 2 and "no campaign 'nothere'" in result.output
    result = runner.invoke(app, ["campaign", "new", "fabledfruit", "bad/name"])
    assert result.exit_code == 2
    runner.invoke(app, ["campaign", "new", "fabledfruit", "twice"])
    result = runner.invoke(app, ["campaign", "new", "fabledfruit", "twice"])
    assert result.exit_code == 2 and "already exists" in result.output


def test_campaign_round_trip_and_replayable_games() -> None:
    campaign = simulate_campaign(4, 3, seed=8)
    again = Campaign.from_json(json.loads(json.dumps(campaign.to_json())))
    assert again.to_json() == campaign.to_json()
    assert campaign.games_completed == 3 and len(campaign.big_stack) < 216
    total = sum(c for _, c in campaign.display) + len(campaign.big_stack) + len(campaign.set_aside_juices)
    assert total == 240
    options = campaign.game_options(4)
    record = Record("fabledfruit", "1", options, [], campaign.game_seed())
    assert record.options["game_number"] == 4
    with pytest.raises(CampaignError, match="only a finished game"):
        from fruitbowl.engine import get_game

        campaign.after_game(get_game("fabledfruit").new_state(4, 1, options), ["a", "b", "c", "d"])
    assert replay_to_end is not None


def test_a_lime_campaign_from_new_to_two_games_and_show(runner: CliRunner, home: Path) -> None:
    made = runner.invoke(
        app, ["campaign", "new", "fabledfruit", "--ruleset", "lime", "--players", "2", "--seed", "5", "lime"]
    )
    assert made.exit_code == 0 and "Lime campaign" in made.output, made.output
    data = json.loads(campaign_file(home, "lime").read_text())
    assert data["ruleset"] == "lime" and len(data["big_stack"]) == 74 and data["big_stack"][0] == "2L"
    first = runner.invoke(app, ["campaign", "play", "lime"], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    record = Record.parse((home / "campaigns" / "lime" / "game-1.json").read_text())
    assert record.options["lime"] is True and record.options["display"].endswith(
        "1lx4 2lx2"
    )  # option text is lower-cased
    for game in (1, 2):
        played = runner.invoke(app, ["campaign", "play", "lime"], input=ALWAYS_ONE)
        assert played.exit_code == 0, played.output
        assert f"{counted(game, 'game')} played" in played.output
    campaign = load_text(campaign_file(home, "lime").read_text())
    assert campaign.lime and campaign.games_completed == 2
    assert sum(c for _, c in campaign.display) + len(campaign.big_stack) + len(campaign.set_aside_juices) == 98
    shown = runner.invoke(app, ["campaign", "show", "lime"])
    assert shown.exit_code == 0 and "Lime campaign" in shown.output and "L " in shown.output


def test_a_tampered_lime_campaign_is_refused(runner: CliRunner, home: Path) -> None:
    data = simulate_campaign(2, 1, seed=2, lime=True).to_json()
    data["display"][0]["location_id"] = "99L"
    path = campaign_file(home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["campaign", "play", "fable"])
    assert result.exit_code == 2 and "damaged or was edited" in result.output and "99L" in result.output
    assert json.loads(path.read_text()) == data


def test_the_terminal_board_shows_limes_coat_gambling_saved_fruits_and_offers() -> None:
    from rich.console import Console

    from fruitbowl.cli.boards import adapter_for
    from fruitbowl.engine import get_game
    from fruitbowl.games.fabledfruit.components import parse_loc

    state: Any = get_game("fabledfruit").new_state(3, 4, {"lime": True, "first_player": 1})
    for label in ("10L", "12L", "17L"):
        state.enter_play(parse_loc(label), [])
    state.saved[0][1] = 1
    state.saved[1][2] = 2
    state.coat, state.thief, state.thief2 = 1, 49, parse_loc("1L")
    state.gamble[2], state.gamble_pool = 1, 5
    state.hands[1] = [1] + [0] * 15
    state.pos[0] = parse_loc("11L")
    state.steps = [("actbuy",), ("call", "finish")]
    state.forget_answers()
    state.apply("act")  # #11L: the offer round starts with seat 2
    state.apply("offer pineapple")
    names = ["Ann", "Bo", "Cy"]

    def board(seat: int) -> str:
        console = Console(width=100, height=25, record=True)
        console.print(adapter_for("fabledfruit").board(state.view(seat), names))
        return console.export_text()

    mine = board(0)
    for words in ("lime pile L×13", "thief V2.0 next to #49 and #1L", "Offer round for 2 limes", "Bo P",
                  "saved B (pays twice)", "COAT", "gambling 1", "gambling 5", "#1L ×4"):  # fmt: skip
        assert words in mine, words
    theirs = board(1)
    assert "saved 1" in theirs and "saved B" not in theirs  # Ann's saved fruit is face down to Bo


def test_the_end_screen_names_a_record_that_replay_and_review_accept(
    runner: CliRunner, home: Path, tmp_path: Path
) -> None:
    """The issue: the end screen told the player to replay a campaign game whose record was deleted."""
    runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "6", "fable"])
    played = runner.invoke(app, ["campaign", "play", "fable"], input=ALWAYS_ONE)
    assert played.exit_code == 0, played.output
    pointed = re.search(r"'fruitbowl replay (\S+) --seat 1'", played.output)
    assert pointed, played.output
    record = Path(pointed.group(1))
    assert record == home / "campaigns" / "fable" / "game-1.json" and record.exists()
    watched = runner.invoke(app, ["replay", str(record), "--all"])
    assert watched.exit_code == 0 and "Final scores" in watched.output
    png = tmp_path / "review.png"
    reviewed = runner.invoke(app, ["review", str(record), "--playouts", "4", "--out", str(png), "--json"])
    assert reviewed.exit_code == 0, reviewed.output
    assert png.exists()
    second = runner.invoke(app, ["campaign", "play", "fable"], input=ALWAYS_ONE)
    assert second.exit_code == 0, second.output
    assert record.exists() and (record.parent / "game-2.json").exists()


def test_a_game_in_progress_from_an_older_version_is_kept_and_resumed(runner: CliRunner, home: Path) -> None:
    runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "1", "fable"])
    runner.invoke(app, ["campaign", "play", "fable"], input="1\nquit\n")
    current = home / "campaigns" / "fable" / "game-1.json"
    older = home / "campaigns" / "fable.game.json"  # where older versions kept it
    current.replace(older)
    resumed = runner.invoke(app, ["campaign", "play", "fable"], input=ALWAYS_ONE)
    assert resumed.exit_code == 0 and "Resuming game 1" in resumed.output, resumed.output
    assert not older.exists() and replay_to_end(Record.load(current)).is_terminal()


def test_a_game_file_left_from_another_campaign_is_refused(runner: CliRunner, home: Path) -> None:
    runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "1", "fable"])
    runner.invoke(app, ["campaign", "play", "fable"], input="1\nquit\n")
    campaign_file(home).unlink()
    runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "2", "fable"])
    result = runner.invoke(app, ["campaign", "play", "fable"], input="quit\n")
    assert result.exit_code == 2
    assert "is not game 1 of this campaign" in result.stderr and "game-1.json" in result.stderr


def test_campaign_alone_shows_its_help_and_list_shows_every_campaign(runner: CliRunner, home: Path) -> None:
    alone = runner.invoke(app, ["campaign"])
    assert alone.exit_code == 0 and "Usage" in alone.output and "list" in alone.output and "play" in alone.output
    empty = runner.invoke(app, ["campaign", "list"])
    assert empty.exit_code == 0 and "No campaigns yet" in empty.output
    runner.invoke(app, ["campaign", "new", "fabledfruit", "--players", "2", "--seed", "1", "--name", "Sam", "fable"])
    runner.invoke(
        app, ["campaign", "new", "FabledFruit", "--ruleset", "lime", "--players", "3", "--name", "Ann", "lime"]
    )
    runner.invoke(app, ["campaign", "play", "fable"], input=ALWAYS_ONE)
    listed = runner.invoke(app, ["campaign", "list"])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    [fable] = [line for line in lines if line.startswith("fable")]
    [lime] = [line for line in lines if line.startswith("lime")]
    assert "Fabled Fruit" in fable and "Sam, Ada" in fable and " 1 " in fable and "game 2 next" in fable
    assert "Fabled Fruit + Lime" in lime and "Ann, Ada, Bruno" in lime and " 0 " in lime


def test_a_lime_campaign_with_immediate_end_is_refused_before_anything_is_made(runner: CliRunner, home: Path) -> None:
    """Issue 18 §5: Lime refuses the immediate_end option (the Lime rules end a game at the end of
    the round); the campaign command says so in one sentence and creates nothing."""
    for args in (["--ruleset", "lime", "-o", "immediate_end=true"], ["-o", "immediate_end=true", "--ruleset", "lime"]):
        result = runner.invoke(app, ["campaign", "new", "fabledfruit", "zest", "--players", "3", *args])
        assert result.exit_code != 0
        said = " ".join(result.output.split())
        assert "cannot end its games at once" in said and "Lime" in said and said.count(". ") == 0, said
        assert "Traceback" not in result.output
        assert not (home / "campaigns").exists() or not any((home / "campaigns").iterdir())
    base = runner.invoke(
        app, ["campaign", "new", "fabledfruit", "fable", "--players", "2", "--option", "immediate_end=true"]
    )
    assert base.exit_code == 0, base.output  # a base campaign may end its games at once


def test_every_line_of_the_campaign_screens_fits_80_columns(tmp_path: Path) -> None:
    """Issue 18 §2: every screen readable at 80 columns; the campaign's end line was over 80.
    A whole campaign game at a piped 80×24 terminal, then show and list: no line wider than 80
    (a line holding only a file path may run on, so it copies whole)."""
    from .terminal_driver import Terminal, play_through, run

    def check(output: str) -> None:
        for line in output.splitlines():
            if str(tmp_path) not in line:
                assert len(line) <= 80, line

    made = run(
        ["campaign", "new", "fabledfruit", "orchard-tales", "--ruleset", "lime", "--players", "2", "--seed", "8"],
        tmp_path,
    )
    assert made.returncode == 0, made.output
    check(made.output)
    quit_early = run(["campaign", "play", "orchard-tales", "--bots", "random"], tmp_path, stdin="1\nquit\n")
    assert quit_early.returncode == 0 and "Continue it with" in quit_early.output, quit_early.output
    check(quit_early.output)
    term = Terminal(["campaign", "play", "orchard-tales", "--bots", "random"], tmp_path)
    played = play_through(term, 8)
    assert played.returncode == 0, played.transcript[-2000:]
    end = played.transcript.rsplit("Final scores", 1)[1]
    assert "Campaign orchard-tales saved: 1 game played" in end and "fruitbowl campaign play orchard-tales" in end
    check(end)
    for command in (["campaign", "show", "orchard-tales"], ["campaign", "list"], ["campaign"]):
        shown = run(command, tmp_path)
        assert shown.returncode == 0, shown.output
        check(shown.output)
