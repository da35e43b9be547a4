"""``fruitbowl play`` and ``fruitbowl resume`` driven by scripted input."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Record, State, replay_to_end

from .conftest import first_seed_where, saves

ALWAYS_ONE = "1\n" * 3000


def action_phase(state: State) -> bool:
    """Seat 0 opens the game choosing between work and buying (no die tile, no garnish)."""
    return state.current_player == 0 and state.view(0)["phase"] == "action"


def test_full_game_ends_with_score_table_and_a_replayable_save(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "3", "--name", "Sam"], input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "Tiles" in result.output and "Sweets" in result.output and "King" in result.output
    assert "Sam (you)" in result.output
    [save] = saves(home)
    record = Record.parse(save.read_text())
    assert record.players[0].name == "Sam" and record.players[0].controller == "human"
    assert record.players[1].controller == "random"
    assert replay_to_end(record).is_terminal()
    assert record.result is not None


def test_plain_play_uses_defaults(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["play", "tanghulu"], input="quit\n")
    assert result.exit_code == 0, result.output
    [save] = saves(home)
    record = Record.parse(save.read_text())
    assert len(record.players) == 2
    assert [p.controller for p in record.players] == ["human", "random"]
    assert "fruitbowl resume" in result.output


def test_seat_and_bots_place_the_human(runner: CliRunner, home: Path) -> None:
    args = ["play", "tanghulu", "--players", "3", "--seat", "2", "--bots", "random,random", "--seed", "1"]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 0, result.output
    record = Record.parse(saves(home)[0].read_text())
    assert [p.controller for p in record.players] == ["random", "human", "random"]
    assert "seat 2 of 3" in result.output


def test_quit_then_resume_continues_to_the_end(runner: CliRunner, home: Path) -> None:
    save = home / "game.json"
    first = runner.invoke(app, ["play", "tanghulu", "--seed", "8", "--save", str(save)], input="1\n1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert f"fruitbowl resume {save}" in first.output
    played = len(Record.parse(save.read_text()).actions)
    assert played > 0
    second = runner.invoke(app, ["resume", str(save)], input=ALWAYS_ONE)
    assert second.exit_code == 0, second.output
    assert "Resuming Tang Hu Lu" in second.output
    assert "Final scores" in second.output
    record = Record.parse(save.read_text())
    assert len(record.actions) > played
    assert replay_to_end(record).is_terminal()


def test_resume_of_a_finished_game_shows_the_result(runner: CliRunner, home: Path) -> None:
    save = home / "done.json"
    runner.invoke(app, ["play", "tanghulu", "--seed", "3", "--save", str(save)], input=ALWAYS_ONE)
    again = runner.invoke(app, ["resume", str(save)], input="")
    assert again.exit_code == 0
    assert "Final scores" in again.output


def test_undo_takes_back_a_purchase(runner: CliRunner, home: Path) -> None:
    seed = first_seed_where(action_phase)
    save = home / "undo.json"
    result = runner.invoke(
        app, ["play", "tanghulu", "--seed", str(seed), "--save", str(save)], input="buy s1 on 1\nundo\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Undone." in result.output
    assert Record.parse(save.read_text()).actions == []


def test_undo_is_refused_at_the_start_of_a_turn(runner: CliRunner, home: Path) -> None:
    seed = first_seed_where(action_phase)
    save = home / "refused.json"
    result = runner.invoke(app, ["play", "tanghulu", "--seed", str(seed), "--save", str(save)], input="undo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Nothing to undo" in result.output
    assert Record.parse(save.read_text()).actions == []


def test_illegal_input_names_the_rule_and_changes_nothing(runner: CliRunner, home: Path) -> None:
    seed = first_seed_where(action_phase)
    save = home / "illegal.json"
    result = runner.invoke(
        app, ["play", "tanghulu", "--seed", str(seed), "--save", str(save)], input="stop\n99\nfly away\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Not allowed: you have not bought anything" in result.output
    assert "There is no choice 99" in result.output
    assert "'fly away' is not an action" in result.output
    assert Record.parse(save.read_text()).actions == []


def test_help_and_log_commands(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "2"], input="help\nlog\nboard\nquit\n")
    assert result.exit_code == 0, result.output
    assert "all different → +5 coins" in result.output
    assert "Crystal Sugar King" in result.output
    assert "Recent moves, newest first" in result.output


def test_rules_during_play_prints_the_whole_players_page(runner: CliRunner, home: Path) -> None:
    """'rules' at the prompt shows the game's How to play page (the one the browser's drawer shows),
    its numbers read from the game's data; 'help' names the command."""
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "2"], input="help\nrules\nquit\n")
    assert result.exit_code == 0, result.output
    assert "the whole rules of the game" in result.output
    assert "How to play Tang Hu Lu" in result.output and "{{" not in result.output
    assert "† reconstructed: no public source gives this value" in result.output


def test_the_rules_page_marks_a_reconstructed_price_without_changing_it(runner: CliRunner, home: Path) -> None:
    """Fabled Fruit's prices write "any fruit" as ``*`` (reference §1.6: #1L "Take 1 lime" costs
    ``LL**``, #11L "Offer 2 limes" ``LLL**``), so the mark that a value is reconstructed must be
    another sign: an asterisk after it read as one more fruit to pay."""
    result = runner.invoke(app, ["rules", "fabledfruit", "--no-pager"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.output.splitlines() if line.strip()[:3] in ("1L ", "11L")}
    assert "LL**†" in rows["1L"] and "LL***" not in rows["1L"]
    assert "LLL**†" in rows["11L"] and "LLL***" not in rows["11L"]
    assert "† reconstructed: no public source gives this value" in result.output


def test_end_of_input_saves_like_quit(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "2"], input="")
    assert result.exit_code == 0
    assert "Resume with" in result.output
    assert len(saves(home)) == 1


def test_hint_recommends_a_legal_move_with_a_win_chance(runner: CliRunner, home: Path) -> None:
    result = runner.invoke(app, ["play", "tanghulu", "--seed", "5"], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hint: " in result.output and "% to win from here" in result.output
    assert "estimated from your view" in result.output


@pytest.mark.parametrize(("game", "limit"), [("fabledfruit", "action_limit=30"), ("juicyfruits", "action_limit=30")])
def test_a_game_cut_short_at_its_action_limit_says_so_not_round_limit(
    runner: CliRunner, home: Path, game: str, limit: str
) -> None:
    """Fabled Fruit and Juicy Fruits end at an action limit (issue 24): the score table says the
    game was cut short at its limit, not that a round limit stopped it."""
    result = runner.invoke(app, ["play", game, "--seed", "3", "--option", limit], input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "Final scores (cut short at its limit)" in result.output
    assert "round limit" not in result.output
