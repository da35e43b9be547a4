"""Every game on a real 80×24 terminal: each screen the player is shown — the board, what
happened since their last turn, the status line, the menu and the prompt — fits the screen, so
nothing of it scrolls away before they choose (UX.md: the terminal at 80×24; issue 18 §2).

These run ``fruitbowl play`` on a pseudo-terminal of 24 rows and 80 columns, where the program
knows the screen's height (piped, it cannot), and read the rows the terminal shows. On a short
screen a board gives up its key (``help`` has it), the status line its reminder of the commands,
and a menu packs rows of one kind ("buy: 1 R0  2 R1 …"); the game's own parts stay.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from .terminal_driver import RealTerminal

ROWS = 24
SEED = "5"
ANSWERS = 12  # decisions per game: several turns of every kind the opening has
#: Menu numbers on a screen ("1 R0", " 12 b4-c4"): each is typed as the answer it names.
NUMBER = re.compile(r"(?:^|\s)(\d+) \S")

#: A menu of more actions than this is exempt: Citrus's placements of three or four kinds of
#: tile (a line of different tiles) or a Bull's every empty space take half the screen or more,
#: and scroll the grid's top away (left alone: a menu of one kind of tile at a time, or the kinds
#: as the rows of one table of the spaces, would be another way of choosing).
MANY = 40


TABLES = [
    ("tanghulu", 4, []),
    ("citrus", 2, []),
    ("citrus", 5, []),
    ("juicyfruits", 2, ["modules=all"]),
    ("juicyfruits", 4, []),
    ("fabledfruit", 5, []),
    ("fabledfruit", 5, ["lime=true"]),
]


@pytest.mark.parametrize(("game", "players", "options"), TABLES, ids=lambda v: str(v))
def test_every_screen_of_the_opening_fits_a_real_80x24_terminal(
    tmp_path: Path, game: str, players: int, options: list[str]
) -> None:
    args = ["play", game, "--players", str(players), "--seed", SEED, "--name", "Sam"]
    args += ["--bots", ",".join(["random"] * (players - 1))]
    for option in options:
        args += ["--option", option]
    term = RealTerminal(args, tmp_path, rows=ROWS)
    rng = random.Random(int(SEED))
    answers = 0
    assert term.wait_for_prompt()  # (the first screen follows the welcome lines)
    while answers < ANSWERS:
        numbers = [int(n) for line in term.fresh_rows() for n in NUMBER.findall(line)]
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
