"""The play screen's promises (issue 18 §2): undo goes back to the player's last real choice even
when a forced move followed it; piped screens start on a fresh line; the final score table
shows every category and player whole at 80 columns.

Each test runs the real ``fruitbowl`` command at a piped 80-column terminal (see
:mod:`.terminal_driver`); positions are set up through ``Match`` actions and saved, as a game
left half-way would be.
"""

from __future__ import annotations

import random
from pathlib import Path

from fruitbowl.engine import Match, Player, get_game

from .terminal_driver import PROMPT, read_menu, run


def new_citrus(seed: int) -> Match:
    game = get_game("citrus")
    players = [Player("Sam", "human"), Player("Bo", "random")]
    return Match.new(game, players, seed, game.validate_options({"board": "short"}, 2))


def choice_then_forced_moves(seed: int) -> tuple[Match, str]:
    """A Citrus game (Sam against a random bot) at a decision of Sam's where the action found,
    A, leaves Sam only one legal action (or a few in a row), after which Sam decides again
    within the same turn. The match before A, and A's text."""
    match = new_citrus(seed)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        if len(legal) == 1:
            match.apply(legal[0])
            continue
        actor = match.state.current_player
        before = list(match.record.actions)
        choice = rng.choice(legal)
        match.apply(choice)
        forced = 0
        while not match.state.is_terminal() and match.state.current_player == actor and match.can_undo(actor):
            legal = match.state.legal_actions()
            if len(legal) > 1:
                if actor == 0 and forced:
                    found = new_citrus(seed)
                    for text in before:
                        found.apply(text)
                    return found, choice.text
                break
            match.apply(legal[0])
            forced += 1
    raise AssertionError("no such position in this game")


def test_undo_after_a_forced_move_goes_back_to_the_real_choice(tmp_path: Path) -> None:
    """Before, undo took back only the forced move, which was at once played again: undo seemed
    to do nothing. Now it takes back the choice too, and the same menu is offered again."""
    match, choice = choice_then_forced_moves(4)
    save = tmp_path / "game.json"
    match.save(save)
    before = list(match.record.actions)
    done = run(["resume", str(save)], tmp_path, f"{choice}\nundo\nquit\n")
    assert done.returncode == 0, done.output[-3000:]
    assert "Only one move was possible for you" in done.output
    after_undo = done.output.split("Undone", 1)[1]
    assert "Only one move was possible" not in after_undo  # nothing was played again
    shown = read_menu(after_undo.split(PROMPT)[0] + PROMPT)
    assert choice in [text for _number, text in shown]  # the menu of the real choice is shown again
    assert Match.load(save).record.actions == before


def turn_starting_with_a_forced_move(seed: int) -> Match:
    """A Citrus game (Sam against a random bot) where Sam is to act with nothing to undo and
    exactly one legal action, after which (and any more that are the only ones possible) Sam
    decides within the same turn."""
    match = new_citrus(seed)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        if match.state.current_player == 0 and len(legal) == 1 and not match.can_undo(0):
            trial = Match.from_record(match.record)
            while not trial.state.is_terminal() and trial.state.current_player == 0:
                if len(trial.state.legal_actions()) > 1:
                    if trial.can_undo(0):
                        return match
                    break
                trial.apply(trial.state.legal_actions()[0])
        match.apply(rng.choice(legal))
    raise AssertionError("no such position in this game")


def test_undo_with_only_forced_moves_since_the_turn_began_changes_nothing(tmp_path: Path) -> None:
    """When every move of the turn so far was the only one possible, there is nothing to take
    back: undo says so in a sentence, plays nothing again, and the save stays as it was."""
    match = turn_starting_with_a_forced_move(2)
    save = tmp_path / "game.json"
    match.save(save)
    done = run(["resume", str(save)], tmp_path, "undo\n")
    assert done.returncode == 0, done.output[-3000:]
    assert "Only one move was possible for you" in done.output
    answer = done.output.split(PROMPT)[1]
    assert "Nothing to undo" in answer and "Undone" not in answer, answer
    assert "Only one move was possible" not in answer
    kept = Match.load(save)
    assert kept.record.actions[: len(match.record.actions)] == match.record.actions
    assert len(kept.record.actions) > len(match.record.actions)  # the forced moves stay played


def test_piped_screens_start_on_a_fresh_line(tmp_path: Path) -> None:
    """With input piped, nothing echoes the Enter key: the program ends the prompt's line
    itself, so no message or board is printed after "Your move ›" on the same line."""
    done = run(
        ["play", "tanghulu", "--seed", "3", "--bots", "random"], tmp_path, "1\nfrobnicate\nhelp\nundo\n2\nquit\n"
    )
    assert done.returncode == 0, done.output[-3000:]
    assert done.output.count(PROMPT) >= 5
    for line in done.output.splitlines():
        assert not line.startswith(PROMPT) or line == PROMPT.rstrip() or line == PROMPT, line


def test_final_scores_show_every_category_and_player_at_80_columns(tmp_path: Path) -> None:
    """Citrus has seven score categories and five players: the final table, categories as rows,
    fits 80 columns with every heading and every name whole."""
    game = get_game("citrus")
    names = ["Samantha", "Bartholomew", "Constance", "Desmond", "Evangeline"]
    players = [Player(names[0], "human"), *(Player(name, "random") for name in names[1:])]
    match = Match.new(game, players, 2, game.validate_options({"board": "long"}, 5))
    rng = random.Random(2)
    while not match.state.is_terminal():
        match.apply(rng.choice(match.state.legal_actions()).text)
    save = tmp_path / "done.json"
    match.save(save)
    shown = run(["resume", str(save)], tmp_path)
    assert shown.returncode == 0, shown.output[-3000:]
    table = shown.output.split("Final scores", 1)[1]
    table = table.split(" won.", 1)[0]  # the lines after name the save: a path may run on
    assert all(len(line) <= 80 for line in table.splitlines()), table
    for category in match.state.result().categories:
        assert category.replace("_", " ") in table.lower(), category
    for name in names:
        assert name in table, name
