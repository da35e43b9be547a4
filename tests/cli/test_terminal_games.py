"""Every game, played to its end through the real ``fruitbowl play`` entry point (issue 18 §1).

Each configuration is a whole game at a piped 80×24 terminal against random bots: the driver
reads each menu off the screen and answers with menu numbers and action texts (mixed case,
extra spaces), types help, board, log and undo now and then, and one bad input that must be
refused without changing the save. The game must end with exit 0 and no traceback, and its
save must be accepted by ``resume`` (which shows the result), ``replay`` and ``review`` (on
its cheap settings: one playout, a handful of points).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.cli.records import load_match
from fruitbowl.engine import Match, Record, all_games

from .terminal_driver import PROMPT, Played, Terminal, play_through, run

FINAL = "Final scores"
TITLES = {"tanghulu": "Tang Hu Lu", "citrus": "Citrus", "juicyfruits": "Juicy Fruits", "fabledfruit": "Fabled Fruit"}


@dataclass(frozen=True)
class Table:
    """One configuration: game, player count and options."""

    game: str
    players: int
    options: tuple[str, ...] = ()
    seed: int = 1

    @property
    def id(self) -> str:
        return "-".join([self.game, f"{self.players}p", *(o.replace("=", "_").replace(",", "+") for o in self.options)])

    def play_args(self) -> list[str]:
        args = ["play", self.game, "--players", str(self.players), "--seed", str(self.seed), "--name", "Sam"]
        if self.players > 1:
            args += ["--bots", ",".join(["random"] * (self.players - 1))]
        for option in self.options:
            args += ["--option", option]
        return args


TABLES = [
    Table("tanghulu", 2),
    Table("tanghulu", 3),
    Table("tanghulu", 4),
    Table("citrus", 2, ("board=short",)),
    Table("citrus", 3, ("board=short", "family=true")),
    Table("citrus", 4, ("board=long", "family=true")),
    Table("citrus", 5, ("board=long",)),
    Table("juicyfruits", 1, ("solo_board=1",)),
    Table("juicyfruits", 1, ("solo_board=2", "modules=mystic_island")),
    Table("juicyfruits", 1, ("solo_board=3", "modules=boulders")),
    Table("juicyfruits", 1, ("solo_board=4", "modules=new_business", "juice_factory=true")),
    Table("juicyfruits", 2, ()),
    Table("juicyfruits", 2, ("modules=all", "juice_factory=true")),
    Table("juicyfruits", 3, ("modules=mystic_island",)),
    Table("juicyfruits", 4, ("modules=boulders,new_business", "juice_factory=true", "icecream_moves_license=true")),
    Table("fabledfruit", 2, ()),
    Table("fabledfruit", 5, ()),
    Table("fabledfruit", 3, ("lime=true",)),
]


def accepts_the_save(save: Path, home: Path, spectator: bool = False) -> None:
    """``resume`` shows the finished game's result; ``replay`` (with the seat the end screen
    suggests, or as a spectator) prints it to the end; ``review`` draws its chart."""
    resumed = run(["resume", str(save)], home)
    assert resumed.returncode == 0 and FINAL in resumed.output, resumed.output[-3000:]
    assert PROMPT not in resumed.output  # a finished game asks nothing
    replayed = run(["replay", str(save), *([] if spectator else ["--seat", "1"])], home)
    assert replayed.returncode == 0 and FINAL in replayed.output, replayed.output[-3000:]
    assert "Traceback" not in replayed.output
    reviewed_by(save, home)


#: Points a test review estimates besides the start: enough to check it, cheap for any game.
REVIEW_POINTS = 3


def reviewed_by(save: Path, home: Path) -> None:
    """``review`` on its cheap settings (one playout, after every Nth move and the last)
    accepts the save, draws the chart and estimates at the start and after the last move."""
    moves = len(Match.load(save).record.actions)
    every = max(1, moves // REVIEW_POINTS)
    chart = home / f"{save.stem}.review.png"
    args = ["review", str(save), "--playouts", "1", "--every", str(every), "--out", str(chart), "--json"]
    reviewed = run(args, home)
    assert reviewed.returncode == 0 and "Traceback" not in reviewed.output, reviewed.output[-3000:]
    assert chart.stat().st_size > 0
    numbers = json.loads(reviewed.output.strip().splitlines()[-1])["numbers"]
    assert numbers == sorted({0, *range(every, moves + 1, every), moves}), numbers


#: The match each save was last seen at, so that each menu's check replays only the moves made
#: since the last one (replaying a whole game at every prompt made long games slow to test).
FOLLOWED: dict[Path, Match] = {}


def legal_actions(save: Path) -> list[str]:
    """The legal actions of the saved position, in the order the menu numbers them."""
    actions = Record.load(save).actions
    match = FOLLOWED.get(save)
    if match is None or match.record.actions != actions[: len(match.record.actions)]:
        match = Match.load(save)  # a new save, or moves taken back: replay it from the start
    else:
        for text in actions[len(match.record.actions) :]:
            match.apply(text)
    FOLLOWED[save] = match
    return [action.text for action in match.state.legal_actions()]


def finished(term: Terminal, seed: int, bad_input: str | None = "frobnicate") -> Played:
    """Play the game at ``term`` to its end, checking that every menu shows exactly the legal
    actions, each under its number, and that only the bad input was refused."""
    played = play_through(term, seed, commands=True, bad_input=bad_input, legal=legal_actions)
    assert played.returncode == 0, played.transcript[-3000:]
    assert FINAL in played.transcript and "Traceback" not in played.transcript
    refusals = played.transcript.count("Not allowed:") + played.transcript.count("There is no choice")
    assert refusals == (bad_input is not None), played.transcript[-3000:]  # the menus' own answers all play
    return played


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_a_whole_game_in_the_terminal(table: Table, tmp_path: Path) -> None:
    term = Terminal(table.play_args(), tmp_path)
    played = finished(term, table.seed)
    assert TITLES[table.game] in played.shown["help"]  # the help of the game being played
    save = played.save
    assert save.parent == tmp_path / "saves" and save.name.startswith(f"{table.game}-")
    final = played.transcript.rsplit(FINAL, 1)[1].lower()
    for category in Match.load(save).state.result().categories:  # every heading whole at 80 columns
        assert category.replace("_", " ") in final, (category, final)
    accepts_the_save(save, tmp_path)


HALFWAY = [
    Table("tanghulu", 3, seed=7),
    Table("citrus", 3, ("board=short",), seed=5),
    Table("juicyfruits", 2, ("modules=mystic_island",), seed=7),
    Table("fabledfruit", 3, ("lime=true",), seed=7),
]


@pytest.mark.parametrize("table", HALFWAY, ids=lambda t: t.id)
def test_quit_half_way_then_resume_and_finish(table: Table, tmp_path: Path) -> None:
    """Answers piped in before any prompt asks are all played (type-ahead is discarded only at a
    real terminal); ``quit`` saves, ``review`` accepts the unfinished save, and ``resume``
    carries the same game on to its end."""
    term = Terminal(table.play_args(), tmp_path)
    term.type_ahead(["1"] * 6 + ["quit"])
    assert term.read_to_end() == 0, term.transcript[-3000:]
    assert term.prompts == 7 and FINAL not in term.transcript, term.transcript[-3000:]
    save = term.save_path()
    assert f"Resume with: fruitbowl resume {save}" in term.transcript
    unfinished = save.read_text()
    reviewed_by(save, tmp_path)
    resumed = Terminal(["resume", str(save)], tmp_path)
    assert finished(resumed, table.seed, bad_input=None).save == save
    assert resumed.transcript.startswith("Resuming")
    assert len(save.read_text()) > len(unfinished)
    accepts_the_save(save, tmp_path, spectator=True)


def campaign_game(home: Path, name: str, seed: int, bots: str) -> Played:
    """``campaign play NAME`` played to the end through the driver."""
    term = Terminal(["campaign", "play", name, "--bots", bots, "--name", "Sam"], home)
    return finished(term, seed, bad_input=None)


def the_record_named(played: Played) -> Path:
    """The record the end screen tells the player to replay."""
    named = re.findall(r"watch it again with 'fruitbowl replay (\S+) --seat 1'", played.transcript)
    assert named, played.transcript[-3000:]
    return Path(named[-1])


def test_a_fable_campaign_of_two_games(tmp_path: Path) -> None:
    """Each game of a campaign starts where the last one ended; every game's record, where the
    end screen names it, is kept and accepted by resume and replay."""
    made = run(["campaign", "new", "fabledfruit", "fable", "--players", "2", "--seed", "3", "--name", "Sam"], tmp_path)
    assert made.returncode == 0, made.output
    records = []
    for game in (1, 2):
        played = campaign_game(tmp_path, "fable", game, "random")
        assert f"Game {game} of campaign fable" in played.transcript
        assert re.search(rf"Campaign fable saved: {game} games? played", played.transcript), played.transcript[-2000:]
        records.append(the_record_named(played))
    assert len(set(records)) == 2
    for record in records:
        accepts_the_save(record, tmp_path)
    shown = run(["campaign", "show", "fable"], tmp_path)
    assert shown.returncode == 0 and "2 games played" in shown.output, shown.output


def test_a_lime_campaign_game(tmp_path: Path) -> None:
    made = run(
        ["campaign", "new", "fabledfruit", "zest", "--players", "2", "--seed", "5", "--ruleset", "lime"], tmp_path
    )
    assert made.returncode == 0 and "Lime campaign" in made.output, made.output
    played = campaign_game(tmp_path, "zest", 5, "random")
    assert "Campaign zest saved: 1 game played" in played.transcript, played.transcript[-2000:]
    accepts_the_save(the_record_named(played), tmp_path)


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_the_status_line_and_the_menu_speak_the_games_words(runner: CliRunner, home: Path, game_id: str) -> None:
    """The terminal words nothing itself: its status line is ``Game.prompt`` and a menu row of one
    action is that action's ``Game.describe_action``, the same sentences the web table shows."""
    save = home / f"{game_id}.json"
    result = runner.invoke(
        app, ["play", game_id, "--seed", "4", "--bots", "random", "--save", str(save)], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    match = load_match(save)
    game, view = match.game, match.state.view(0)
    assert match.state.current_player == 0, "the human plays first at this seed"
    shown = " ".join(result.output.split())  # Rich may wrap a long line
    assert f" {game.prompt(view, match.names)} " in shown
    # A row's label is the game's, or its first clause where the menu packs several actions to a
    # row (Tang Hu Lu's purchases leave ~30 columns) or prints a purchase's goods beside its text
    # (Citrus's market lines); Fabled Fruit's moves share one row under "move:", each shown by its
    # stack as the board above names it.
    legal = match.state.legal_actions()
    heads = [game.describe_action(view, action).partition(" (")[0] for action in legal]
    assert (
        any(f"{action.text} {head}" in shown for action, head in zip(legal, heads, strict=True))
        or (game_id == "citrus" and all(action.kind == "buy" for action in legal[:8]))
        or (game_id == "fabledfruit" and all(action.kind == "move" for action in legal) and " move: 1 #" in shown)
    )
