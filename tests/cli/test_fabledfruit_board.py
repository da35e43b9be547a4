"""The Fabled Fruit board at a real 80×24 terminal (issue 18 §2 "Boards").

"Fabled Fruit cuts location names to 16 characters and never explains the price letters or the
signpost mark … Every board must be readable in an 80×24 terminal." These tests play through
the real ``fruitbowl play`` entry point with piped input and read each screen as a player
would: every line fits 80 columns, the whole board fits the 24-line screen with room for the
status line, every stack shows its location's full printed name and price (as the component
data file prints them, read here with ``tomllib``, not through the game's code), and the key
under the board explains every letter and mark the stacks show.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

import fruitbowl.games.fabledfruit as fabledfruit_package

from .terminal_driver import ANSI, PROMPT, STATUS_HINT, RealTerminal, Terminal, check_readable, choose

DATA = tomllib.loads((Path(fabledfruit_package.__file__).parent / "data.toml").read_text(encoding="utf-8"))
PRINTED = {str(loc["id"]): (loc["name"], loc["price"]) for loc in DATA["location"]}
FRUIT_NAMES = dict(zip(DATA["fruits"]["codes"], DATA["fruits"]["names"], strict=True))
LIME_NAMES = {DATA["lime"]["code"]: DATA["lime"]["name"]}
STACK = re.compile(r"^#(\d+L?) ×\d+ (.*)$")
TITLE = "Fabled Fruit · game "
SCREEN_LINES = 24
PROMPTS = 45  # answers per game: enough for several rounds, new stacks and purchases


def boards(screen: str) -> list[list[str]]:
    """Each board on a screen: its lines from the title to the end of the key (the signpost)."""
    found = []
    lines = screen.split("\n")
    for start, line in enumerate(lines):
        if line.startswith(TITLE):
            end = next(i for i in range(start, len(lines)) if "signpost" in lines[i])
            found.append(lines[start : end + 1])
    return found


def check_board(board: list[str], lime: bool) -> set[str]:
    """The promises of one board; the locations it shows."""
    assert len(board) <= SCREEN_LINES - 2, "\n".join(board)  # room for the status line and prompt
    key_start = next(i for i, line in enumerate(board) if line.startswith("Key: "))
    key = " ".join(board[key_start:])
    letters = FRUIT_NAMES | LIME_NAMES if lime else FRUIT_NAMES
    for code, name in letters.items():
        assert f"{code} {name}" in key, (code, key)
    if not lime:
        assert f"{DATA['lime']['code']} {DATA['lime']['name']}" not in key
    shown = set()
    for line in board[:key_start]:
        stack = STACK.match(line)
        if stack is None:
            continue
        label, rest = stack.groups()
        name, price = PRINTED[label]
        assert rest.startswith(name + " "), f"#{label} shows {rest!r}, not its full name {name!r}"
        after = rest[len(name) :].split()
        assert after[0] == price, f"#{label} shows price {after[0]!r}, printed {price!r}"
        for letter in price:
            if letter == "*":
                assert "* any fruit" in key, key
            else:
                assert f"{letter} {letters[letter]}" in key, (letter, key)
        if len(after) > 1 and after[1] == "⚑":
            assert "⚑ signpost: can't do it → draw 1" in key, key
        shown.add(label)
    assert shown, "\n".join(board)
    return shown


@pytest.mark.parametrize(
    ("players", "lime", "seed"), [(5, False, 3), (5, True, 3), (2, False, 4), (3, True, 6)], ids=str
)
def test_every_board_fits_80x24_with_full_names_and_a_key(tmp_path: Path, players: int, lime: bool, seed: int) -> None:
    args = ["play", "fabledfruit", "--players", str(players), "--seed", str(seed), "--name", "Sam"]
    args += ["--bots", ",".join(["random"] * (players - 1))]
    if lime:
        args += ["--option", "lime=true"]
    term = Terminal(args, tmp_path)
    rng = random.Random(seed)
    seen: set[str] = set()
    signposts = 0
    answers = 0
    while term.wait_for_prompt():
        menu = term.menu()
        check_readable(term, menu)
        for board in boards(term.screen):
            seen |= check_board(board, lime)
            signposts += sum("⚑" in line for line in board)
        if answers == PROMPTS:
            term.answer("quit")
            continue
        answers += 1
        if menu:
            term.answer(choose(menu, rng, answers))
        else:
            term.answer("board")
    assert term.returncode == 0, term.transcript[-3000:]
    assert "Traceback" not in term.transcript
    assert len(seen) >= 6 and signposts, seen  # a whole display, signposts among it
    if lime:
        assert any(label.endswith("L") for label in seen)
    assert PROMPT in term.transcript


@pytest.mark.parametrize(
    ("players", "lime", "seed"), [(2, False, 1), (5, False, 1), (4, True, 0), (5, True, 2)], ids=str
)
def test_boards_of_whole_random_games_fit_80_by_24(players: int, lime: bool, seed: int) -> None:
    """Late positions (many stacks, long hands, the end triggered) still draw in 80 columns and
    leave the status line room on a 24-line screen; a board taller than that turns compact."""
    from rich.console import Console
    from rich.segment import Segment

    from fruitbowl.cli.boards import adapter_for
    from fruitbowl.engine import get_game
    from fruitbowl.engine.chance import settle

    state = get_game("fabledfruit").new_state(players, seed, {"lime": lime})
    rng = random.Random(seed)
    settle(state, rng)  # (the deal: its draws are chance nodes)
    console = Console(width=80, height=SCREEN_LINES, color_system=None)
    labels = [f"Player {n + 1} (random)" for n in range(players)]
    most = 0
    step = 0
    while not state.is_terminal():
        step += 1
        if step % 9 == 0 or len(state.view(None)["display"]) >= 10:
            view = state.view(state.current_player)
            lines = console.render_lines(adapter_for("fabledfruit").board(view, labels), pad=False)
            assert len(lines) <= SCREEN_LINES - 2 and max(Segment.get_line_length(line) for line in lines) <= 80
            most = max(most, len(view["display"]))
        state.apply(rng.choice(state.legal_actions()))
        settle(state, rng)
    lines = console.render_lines(adapter_for("fabledfruit").board(state.view(None), labels), pad=False)
    assert len(lines) <= SCREEN_LINES - 2  # the final board, every hand shown
    assert most >= 8


CIRCLED = "①②③④⑤"


def test_a_five_player_move_shows_the_board_and_every_move_on_one_screen(tmp_path: Path) -> None:
    """At five players the display, the players, the key, the status line and the menu of moves
    must all be on one 80×24 screen (the moves used to take a line each, pushing the title and
    the first stacks off the top). Each move is shown by its stack as the board names it ("#4"),
    and says where it costs fruit — "Pay first the thief …, then 1 fruit to each animal" at the
    stack — counted here from the marks the board shows; typing "move #4" plays it."""
    args = ["play", "fabledfruit", "--players", "5", "--seed", "3", "--name", "Sam"]
    term = Terminal([*args, "--bots", "random,random,random,random"], tmp_path)
    assert term.wait_for_prompt()
    lines = term.screen.split("\n")
    start = max(i for i, line in enumerate(lines) if line.startswith(TITLE))
    board = boards("\n".join(lines[start:]))[0]
    status = next(i for i, line in enumerate(lines) if STATUS_HINT in line) - 1  # (a long status: its own line)
    menu_lines = lines[status:]  # the status line, the command reminder, the menu and the prompt
    # on a real screen the moves since your last turn shrink to one line ("… 6 earlier turns"),
    # then "Your turn."; with those two, the screen holds it all
    assert len(board) + 2 + len(menu_lines) <= SCREEN_LINES, "\n".join(board + menu_lines)
    assert all(len(line) <= 80 for line in lines[start:])
    stacks = {m.group(1): m.group(2) for line in lines[start:] if (m := STACK.match(line))}
    costs = {label: sum(rest.count(mark) for mark in CIRCLED) + rest.count("THIEF") for label, rest in stacks.items()}
    moves = [(number, text) for number, text in term.menu() if text.startswith("move ")]
    assert [text for _number, text in moves] == [f"move #{label}" for label in stacks if costs[label] < 5]
    row = next(line for line in lines[start:] if line.lstrip().startswith("move:"))
    paying = sorted(f"#{label}" for label, cost in costs.items() if cost == 1)
    assert row.rstrip().endswith(f"pay 1 at {', '.join(paying)}"), row
    target = moves[-1][1]
    term.answer(target)
    assert term.wait_for_prompt()
    assert f"You moved to {target.removeprefix('move ')} " in term.screen
    term.answer("quit")
    term.wait_for_prompt()


def test_help_gives_the_key_a_short_screen_leaves_out(tmp_path: Path) -> None:
    """A five-player Lime board on a real 80×24 screen leaves its key out (tests/cli/
    test_real_screen.py); ``help`` names every fruit letter, the lime's too."""
    args = ["play", "fabledfruit", "--players", "5", "--seed", "7", "--name", "Sam", "--option", "lime=true"]
    term = RealTerminal([*args, "--bots", "random,random,random,random"], tmp_path)
    assert term.wait_for_prompt()
    assert not any(row.startswith("Key: ") for row in term.visible())
    term.answer("help")
    assert term.wait_for_prompt()
    words = " ".join(ANSI.sub("", term.screen).split())
    for code, name in (FRUIT_NAMES | LIME_NAMES).items():
        assert f"{code} {name}" in words or (code == DATA["lime"]["code"] and f"{code} is a lime" in words), words
    term.answer("quit")
    term.wait_for_prompt()
