"""Citrus through the real ``fruitbowl play`` / ``resume`` entry points with piped input."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.segment import Segment
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.cli.boards import adapter_for
from fruitbowl.engine import Record, State, get_game, replay_to_end
from fruitbowl.engine.chance import Dealer, settle
from fruitbowl.games.citrus.components import COMPONENTS as C


def dealt(players: int, seed: int, options: dict[str, Any]) -> State:
    """A new game dealt as a match with this seed deals it (its setup is chance nodes)."""
    state = get_game("citrus").new_state(players, seed, options)
    Dealer(seed).settle(state)
    return state


SHORT_THREE = ["play", "citrus", "--players", "3", "--option", "board=short", "--bots", "random,random"]


def test_a_placement_menu_after_buying_a_line_plays_and_resumes(runner: CliRunner, home: Path) -> None:
    """Issue 18 §1: ``buy C2`` then the placement menu crashed with ``KeyError: 'kind'``;
    so did ``resume`` of that save."""
    save = home / "citrus.json"
    first = runner.invoke(app, [*SHORT_THREE, "--seed", "5", "--save", str(save)], input="buy C2\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Traceback" not in first.output
    played = Record.parse(save.read_text()).actions
    assert played[0] == "buy C2" and played[1].startswith("place ")
    second = runner.invoke(app, ["resume", str(save)], input="1\nquit\n")
    assert second.exit_code == 0, second.output
    assert "Traceback" not in second.output
    record = Record.parse(save.read_text())
    assert record.actions[:2] == played and record.actions[2].startswith("place ")
    replay_to_end(record)


def _menu_entries(output: str) -> list[tuple[int, str]]:
    """Every (number, action text) of the last menu printed, in reading order. A packed row prints
    the words its actions share once ("place lemon:  1 E3    2 M3", and lines indented under it
    go on with the same words); every other row is a number, its text and its label."""
    screen = output.rsplit("number or action", 1)[1].split("Your move")[0]
    entries: list[tuple[int, str]] = []
    shared = None
    for line in screen.splitlines()[1:]:
        head = re.match(r"^ ([a-z][a-z ]*):(\s+\d+ .*)$", line)
        if head:
            shared, cells = head.group(1), head.group(2)
        elif shared and re.match(r"^\s{4,}\d+ ", line):
            cells = line
        else:
            shared = None
            row = re.match(r"^\s*(\d+) (\S+(?: \S+)*?)(?:\s{2,}|$)", line)
            if row:
                entries.append((int(row.group(1)), row.group(2)))
            continue
        entries += [(int(n), f"{shared} {rest}") for n, rest in re.findall(r"(\d+) ([A-Z]\d+(?: \w+)?)", cells)]
    return entries


def _menu_numbers(output: str) -> list[int]:
    """Every menu number printed on the last screen (after the last status line)."""
    return [number for number, _text in _menu_entries(output)]


def test_every_placement_number_is_shown(runner: CliRunner, home: Path) -> None:
    """Issue 18 §2: "Menu numbers that are not shown are accepted (Citrus: typing 5 built a tile
    that had no visible number). Show every number." Each legal placement has its number on screen."""
    save = home / "citrus.json"
    result = runner.invoke(app, [*SHORT_THREE, "--seed", "5", "--save", str(save)], input="buy C2\nquit\n")
    assert result.exit_code == 0, result.output
    state = replay_to_end(Record.parse(save.read_text()))
    legal = state.legal_actions()
    assert len(legal) > 2
    assert sorted(_menu_numbers(result.output)) == list(range(1, len(legal) + 1))


def test_a_long_placement_menu_fits_80_columns_in_few_lines_and_plays_by_number_or_text(
    runner: CliRunner, home: Path
) -> None:
    """At 80×24 a menu of every tile's every space (64 placements after buying four tiles on the
    long board) ran to 32 lines and pushed the board and the status line off the screen. Each
    tile's spaces are now packed under the words they share ("place lemon:"), each number before
    its space; every number is still shown once, and a number or a whole action text plays."""
    save = home / "citrus.json"
    args = ["play", "citrus", "--players", "3", "--bots", "random,random", "--seed", "4", "--save", str(save)]
    result = runner.invoke(app, args, input="buy R2\nquit\n", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    state = replay_to_end(Record.parse(save.read_text()))
    legal = state.legal_actions()
    assert len(legal) == 64 and all(action.kind == "place" for action in legal)
    menu = result.output.rsplit("number or action", 1)[1].splitlines()[1:]
    menu = menu[: next(i for i, line in enumerate(menu) if "Your move" in line)]
    assert max(len(line) for line in menu) <= 80
    assert len(menu) <= 12, "\n".join(menu)
    assert _menu_entries(result.output) == [(number, action.text) for number, action in enumerate(legal, 1)]
    shared = [line.split(":")[0].strip() for line in menu if ":" in line]
    assert shared == sorted(set(shared), key=shared.index) and all(w.startswith("place ") for w in shared)

    lemon = next(action for action in legal if action.text.startswith("place lemon "))
    again = runner.invoke(app, ["resume", str(save)], input=f"{lemon.text}\n1\nquit\n", env={"COLUMNS": "80"})
    assert again.exit_code == 0, again.output
    played = Record.parse(save.read_text()).actions
    assert played[-2] == lemon.text and played[-1].startswith("place ")


def test_help_names_every_game_number_from_the_data(runner: CliRunner, home: Path) -> None:
    """Help tells the truth: an edge Finca has 5 neighbours, not always 8; the money cap and start
    money come from data.toml."""
    result = runner.invoke(app, [*SHORT_THREE, "--seed", "5"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "8 neighbours" not in text
    assert "5 on an edge" in text
    assert f"never hold more than {C.money_cap}" in text and f"start with {C.start_money} coins" in text
    assert "place lime C4 bridge" in text


@pytest.mark.parametrize(
    ("board", "players", "family"),
    [("long", 5, False), ("long", 2, False), ("short", 3, False), ("short", 4, True), ("long", 4, True)],
)
def test_the_board_fits_80_by_24(board: str, players: int, family: bool) -> None:
    """Every board must be readable in an 80×24 terminal: the picture (grid, market, players,
    legend) is at most 80 columns wide and leaves room on a 24-line screen for the status line."""
    options = {"board": board, "family": family}
    state = dealt(players, 3, options)
    view = state.view(0)
    console = Console(width=80, height=24, record=True, color_system=None)
    picture = adapter_for("citrus").board(view, [f"Player {n + 1}" for n in range(players)])
    lines = console.render_lines(picture, pad=False)
    text = [Segment.get_line_length(line) for line in lines]
    assert max(text) <= 80
    assert len(lines) <= 22
    console.print(picture)
    header, *rows = console.export_text().splitlines()
    assert header.split("╭")[0].split() == view["board"]["columns"], "every column of the board is drawn"
    assert [row.split()[0] for row in rows[: len(view["board"]["rows"])]] == [str(r) for r in view["board"]["rows"]]


def test_the_legend_explains_every_mark() -> None:
    """Issue 18 §2: the legend missed ``h3 $2 Ca Bu Br Mi``; unopened sites looked like plantations."""
    view = dealt(3, 5, {"board": "short"}).view(0)
    console = Console(width=80, height=24, record=True, color_system=None)
    console.print(adapter_for("citrus").board(view, ["A", "B", "C"]))
    legend = console.export_text()
    for mark in ("h3", "$2", "Ca", "Bu", "Br", "Mi", "+ road", "# rock", "neutral", "open site", "not opened"):
        assert mark in legend


def test_help_gives_the_legend_a_short_screen_leaves_out() -> None:
    """On a real 80×24 screen the board leaves its legend out when the menu needs the lines
    (tests/cli/test_real_screen.py); ``help`` has every mark of it."""
    text = adapter_for("citrus").rules
    marks = ("Y lemon", "h3", "$2", "Ca", "Bu", "Br", "Mi", "+ road", "# rock", "neutral", "open site", "not opened")
    for mark in marks:
        assert mark in text, mark


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"board": "short"}), (4, {"board": "long", "family": True}), (5, {"board": "long"})],
)
def test_every_position_of_a_random_game_draws_and_numbers_every_action(players: int, options: dict[str, Any]) -> None:
    """Every decision of a whole game (placements, Finca sites, harvests, Money, Carts, Bulls)
    has a menu that shows every legal action's number once, in ascending order row by row; the
    board (drawn at every third decision, to keep the test fast) fits 80 columns and 23 lines."""
    adapter, game = adapter_for("citrus"), get_game("citrus")
    state = dealt(players, 7, options)
    rng = random.Random(7)
    console = Console(width=80, height=24, record=True, color_system=None)
    names = [f"P{n + 1}" for n in range(players)]
    kinds: set[str] = set()
    decisions = 0
    while not state.is_terminal():
        view = state.view(state.current_player)
        legal = state.legal_actions()
        rows = adapter.menu(view, legal, functools.partial(game.describe_action, view))
        shown = [index for row in rows for index in row.indices]
        assert shown == list(range(len(legal)))
        assert all(isinstance(row.label, str) for row in rows)
        assert all(legal[i].text.startswith(f"{row.shared} ") for row in rows if row.shared for i in row.indices)
        assert game.prompt(view, names)
        decisions += 1
        if decisions % 3 == 1:
            lines = console.render_lines(adapter.board(view, names), pad=False)
            assert max(Segment.get_line_length(line) for line in lines) <= 80
            assert len(lines) <= 23, "the board leaves a 24-line screen a line for the status"
        kinds.update(a.kind for a in legal)
        state.apply(rng.choice(legal))
        settle(state, rng)  # (refills and new Fincas are chance nodes)
    assert {"buy", "place", "harvest", "income", "end"} <= kinds


def test_menu_numbers_run_in_reading_order_and_play_what_they_show(runner: CliRunner, home: Path) -> None:
    """Issue 18 §2 (honest menus): after building onto a Money tile the menu held placements and
    ``cash 3``, and "cash" was listed above placement 1. Read top to bottom, left to right, the
    numbers now run 1, 2, 3, … and typing the number shown beside ``cash 3`` cashes it."""
    save = home / "citrus.json"
    moves = "buy R2\nplace orange D3\nplace orange C3\n"  # (C3 holds a Money tile of 3 in seed 16's deal)
    shown = runner.invoke(app, [*SHORT_THREE, "--seed", "16", "--save", str(save)], input=moves + "quit\n")
    assert shown.exit_code == 0, shown.output
    entries = _menu_entries(shown.output)
    numbers = [number for number, _ in entries]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 3
    cash = next(number for number, text in entries if text.startswith("cash"))
    assert [text for _, text in entries][: int(cash) - 1] == [t for _, t in entries if t.startswith("place")]

    save.unlink()
    played = runner.invoke(app, [*SHORT_THREE, "--seed", "16", "--save", str(save)], input=moves + f"{cash}\nquit\n")
    assert played.exit_code == 0, played.output
    assert Record.parse(save.read_text()).actions[3] == "cash 3"
