"""Every game on a real 80×24 terminal: each screen the player is shown — the board, what
happened since their last turn, the status line, the menu and the prompt — fits the screen, so
nothing of it scrolls away before they choose (UX.md: the terminal at 80×24; issue 18 §2).

These run ``fruitbowl play`` on a pseudo-terminal of 24 rows and 80 columns, where the program
knows the screen's height (piped, it cannot), and read the rows the terminal shows. On a short
screen a board gives up its key (``help`` has it), the status line its reminder of the commands,
and a menu packs rows of one kind ("buy: 1 R0  2 R1 …") or, for one verb and several objects,
makes them a table (a line per kind of tile, a column per space); the game's own parts stay.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from .terminal_driver import ENGLISH, RealTerminal, Terminal

ROWS = 24
SEED = "5"
ANSWERS = 12  # decisions per game: several turns of every kind the opening has
UNDO_AT = 7  # the answer that takes the last move back instead
#: Menu numbers on a screen ("1 R0", " 12 b4-c4"): each is typed as the answer it names.
NUMBER = re.compile(r"(?:^|\s)(\d+) \S")

#: A menu of more actions than this is exempt: a Citrus Bull's every empty space (97), or
#: placements that spend a Milestone (a start on any empty space) take half the screen or more,
#: and scroll the grid's top away (left alone). Four kinds of tile on 16 spaces each (64) fit:
#: a short screen shows them as one table, a line per kind and a column per space.
MANY = 64


TABLES = [
    ("tanghulu", 4, []),
    ("citrus", 2, []),
    ("citrus", 5, []),
    ("juicyfruits", 2, ["modules=all"]),
    ("juicyfruits", 4, []),
    ("juicyfruits", 4, ["modules=all"]),
    ("juicyfruits", 1, ["modules=all"]),
    ("fabledfruit", 5, []),
    ("fabledfruit", 5, ["lime=true"]),
]


@pytest.mark.parametrize(("game", "players", "options"), TABLES, ids=lambda v: str(v))
def test_every_screen_of_the_opening_fits_a_real_80x24_terminal(
    tmp_path: Path, game: str, players: int, options: list[str]
) -> None:
    args = ["play", game, "--players", str(players), "--seed", SEED, "--name", "Sam"]
    if players > 1:
        args += ["--bots", ",".join(["random"] * (players - 1))]
    for option in options:
        args += ["--option", option]
    term = RealTerminal(args, tmp_path, rows=ROWS)
    rng = random.Random(int(SEED))
    answers = 0
    assert term.wait_for_prompt()  # (the first screen comes under the welcome lines, counted out of it)
    while answers < ANSWERS:
        numbers = [int(n) for line in term.fresh_rows() for n in NUMBER.findall(line)]
        if answers == UNDO_AT:  # a screen drawn again under "Undone." fits as well
            term.answer("undo")
        else:
            term.answer(str(rng.choice(numbers)) if numbers else "1")
        answers += 1
        if not term.wait_for_prompt():
            break
        screen = term.fresh_rows()
        if max((int(n) for line in screen for n in NUMBER.findall(line)), default=0) > MANY:
            continue  # (a menu of a dozen rows or more: it comes whole, the board's lower part above)
        assert len(screen) <= ROWS, f"{len(screen)} rows:\n" + "\n".join(screen)
    term.answer("quit")
    term.wait_for_prompt()
    assert answers == ANSWERS


def test_a_short_screen_shows_four_kinds_of_tile_as_a_table_whose_numbers_build_them(tmp_path: Path) -> None:
    """A Citrus line of four different tiles: the placements (4 × 16) come as one table under
    "place", a line per kind of tile and a column per space, each number right under its space;
    typing a number builds the tile of its line on the space of its column."""
    args = ["play", "citrus", "--players", "2", "--seed", "6", "--name", "Sam", "--bots", "random"]
    term = RealTerminal(args, tmp_path, rows=ROWS)
    assert term.wait_for_prompt()
    term.answer("buy R2")  # orange, grapefruit with a well, blood orange with a well, lemon with a well
    assert term.wait_for_prompt()
    screen = term.fresh_rows()
    assert len(screen) <= ROWS, "\n".join(screen)
    top = next(i for i, row in enumerate(screen) if row.startswith(" place "))
    spaces = {match.end(): match.group() for match in re.finditer(r"\S+", screen[top])}
    del spaces[len(" place")]
    table: dict[tuple[str, str], int] = {}
    for row in screen[top + 1 :]:
        line = re.match(r"^   (\D+?)\s{2,}", row)
        if line is None:
            break
        for match in re.finditer(r"\d+", row):
            table[(line.group(1), spaces[match.end()])] = int(match.group())
    assert {kind for kind, _space in table} == {"orange", "grapefruit well", "blood well", "lemon well"}
    assert sorted(table.values()) == list(range(1, 65))
    space = sorted({space for _kind, space in table})[3]
    term.answer(str(table[("grapefruit well", space)]))
    assert term.wait_for_prompt()
    assert f"You built grapefruit with a well on {space}" in term.screen, term.screen[-2000:]
    term.answer("quit")
    term.wait_for_prompt()


def test_each_move_of_a_replay_fits_a_real_80x24_terminal(tmp_path: Path) -> None:
    """``fruitbowl replay``: a move's heading, its events and the board above the prompt fit the
    screen (a five-player Lime board gives up its key when the move says much), as long as the
    move's own lines leave the board the room its leanest picture needs."""
    args = ["play", "fabledfruit", "--players", "5", "--seed", "7", "--name", "Sam", "--option", "lime=true"]
    player = Terminal([*args, "--bots", "random,random,random,random"], tmp_path)
    for _answer in range(6):
        assert player.wait_for_prompt()
        player.answer("1")
    assert player.wait_for_prompt()
    save = player.save_path()
    player.answer("quit")
    player.read_to_end()
    term = RealTerminal(["replay", str(save)], tmp_path, rows=ROWS, words=replace(ENGLISH, prompt="replay › "))
    moves = 0
    while term.wait_for_prompt() and moves < 30:
        screen = term.fresh_rows()
        heading = next((i for i, row in enumerate(screen) if row.startswith("Move ")), None)
        title = next(i for i, row in enumerate(screen) if row.startswith("Fabled Fruit · game "))
        if heading is not None and title - heading <= 5:  # the heading and up to four events
            assert len(screen) <= ROWS, f"{len(screen)} rows:\n" + "\n".join(screen)
            moves += 1
        term.answer("")
    assert moves >= 10
    term.answer("q")
    term.wait_for_prompt()
