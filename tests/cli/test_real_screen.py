"""Every game on a real 80×24 terminal: each screen the player is shown — the board, what
happened since their last turn, the status line, the menu and the prompt — fits the screen, so
nothing of it scrolls away before they choose (UX.md: the terminal at 80×24; issue 18 §2).

These run ``fruitbowl play`` on a pseudo-terminal of 24 rows and 80 columns, where the program
knows the screen's height (piped, it cannot), and read the rows the terminal shows. On a short
screen a board gives up its key (``help`` has it), the status line its reminder of the commands,
a menu packs rows of one kind ("buy: 1 R0  2 R1 …") or, for one verb and several objects,
makes them a table (a line per kind of tile, a column per space), and a run too long even so (a
Citrus Bull's every empty space) is named in words ("bull: B1 D1–H1 …"); the game's own parts
stay. A first screen's welcome lines give way before any of these.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from itertools import takewhile
from pathlib import Path

import pytest

from fruitbowl.engine import Action
from fruitbowl.engine.match import Match

from .terminal_driver import ENGLISH, RealTerminal, Terminal, run

ROWS = 24
SEED = "5"
ANSWERS = 12  # decisions per game: several turns of every kind the opening has
UNDO_AT = 7  # the answer that takes the last move back instead
#: Menu numbers on a screen ("1 R0", " 12 b4-c4"): each is typed as the answer it names.
NUMBER = re.compile(r"(?:^|\s)(\d+) \S")
#: The status line over the menu, drawn in reverse video.
STATUS = "\x1b[1;7m"


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
#: Tables played with another seed as well: the one long turn of a four-player Mystic Island
#: opening, cut to its first line (a Text's own no_wrap is lost when printed: it wrapped to two).
#: And in seed 9, a step 2 where your statue from Mystic Island goes under the island's shorter
#: panel, beside yours, instead of on a line of its own.
#: And in seeds 17 and 19, step 2 menus whose claims and lone actions share rows.
#: And in seed 26, a step 2 whose kinds share a line ("supply: 1 b1   2 c1 · claim: 3 T07 …").
#: And in Citrus's seed 19, two tiles waiting that may each spend a Milestone: one summary for both.
OTHER_SEEDS = [("juicyfruits", 4, ["modules=all"], seed) for seed in ("11", "9", "17", "19", "26")]
OTHER_SEEDS += [("citrus", 2, [], "19")]


def menu_numbers(term: RealTerminal) -> list[int]:
    """The menu's numbers on the screen: on the rows under the status line (the board's numbers
    above it are no choices)."""
    below = term.screen[term.screen.rfind(STATUS) :]
    return [int(n) for line in term.rows_of(below)[1:] for n in NUMBER.findall(line)]


@pytest.mark.parametrize(
    ("game", "players", "options", "seed"), [(*table, SEED) for table in TABLES] + OTHER_SEEDS, ids=lambda v: str(v)
)
def test_every_screen_of_the_opening_fits_a_real_80x24_terminal(
    tmp_path: Path, game: str, players: int, options: list[str], seed: str
) -> None:
    args = ["play", game, "--players", str(players), "--seed", seed, "--name", "Sam"]
    if players > 1:
        args += ["--bots", ",".join(["random"] * (players - 1))]
    for option in options:
        args += ["--option", option]
    term = RealTerminal(args, tmp_path, rows=ROWS)
    rng = random.Random(int(seed))
    answers = 0
    assert term.wait_for_prompt()
    first = term.rows_of(term.screen)  # (under the welcome lines that fit)
    assert len(first) <= ROWS, f"{len(first)} rows:\n" + "\n".join(first)
    while answers < ANSWERS:
        numbers = menu_numbers(term)
        if answers == UNDO_AT:  # a screen drawn again under "Undone." fits as well
            term.answer("undo")
        else:
            term.answer(str(rng.choice(numbers)) if numbers else "1")
        answers += 1
        if not term.wait_for_prompt():  # (a quick game may be over: its results are no decision)
            assert "Final scores" in term.screen, term.screen[-2000:]
            return
        screen = term.fresh_rows()
        assert len(screen) <= ROWS, f"{len(screen)} rows:\n" + "\n".join(screen)
    term.answer("quit")
    term.wait_for_prompt()


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


def _milestone_tiles(legal: list[Action]) -> dict[str, list[str]]:
    """The texts of the placements that spend a Milestone, per tile (``lime well``)."""
    tiles: dict[str, list[str]] = {}
    for action in legal:
        if action.kind == "place" and action.fields["milestone"]:
            tiles.setdefault(action.text.split(" ", 1)[1].rsplit(" ", 2)[0], []).append(action.text)
    return tiles


def _citrus_position(home: Path, seed: int, wanted: str) -> tuple[Path, list[Action]]:
    """A saved two-player Citrus game (seat 1 the player's), played on by seeded random moves of
    every seat until the player's menu holds more than 40 actions of ``wanted``: Bull spaces
    ("bull"), placements that spend a Milestone ("milestone"), or such placements for each of
    two tiles waiting ("two milestones"); and the player's legal actions there."""
    save = home / f"citrus-{wanted}.json"
    started = run(["play", "citrus", "-p", "2", "--seed", str(seed), "--save", str(save)], home, "quit\n")
    assert started.returncode == 0, started.output
    match = Match.load(save)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        if match.state.current_player == 0:
            tiles = _milestone_tiles(legal)
            bulls = [action for action in legal if action.kind == "bull"]
            many = {
                "bull": len(bulls) > 40 and not tiles,
                "milestone": sum(map(len, tiles.values())) > 40 and not bulls,
                "two milestones": len(tiles) == 2 and all(len(texts) > 40 for texts in tiles.values()),
            }
            if many[wanted]:
                match.save(save)
                return save, legal
        match.apply(rng.choice(legal))
    raise AssertionError(f"seed {seed} never offers the player many {wanted} actions")


def _spaces_named(words: str) -> set[str]:
    """The spaces a summary names: each word a space (``B1``) or a row's run of them (``D1–H1``)."""
    named: set[str] = set()
    for word in words.split():
        first, _dash, last = word.partition("–")
        row = first[1:]
        named |= {f"{column}{row}" for column in map(chr, range(ord(first[0]), ord((last or first)[0]) + 1))}
    return named


@pytest.mark.parametrize(("seed", "wanted"), [(1, "bull"), (8, "milestone")])
def test_a_bull_or_a_milestone_names_its_many_spaces_in_words_under_the_whole_grid(
    tmp_path: Path, seed: int, wanted: str
) -> None:
    """A Citrus Bull goes on any empty space and a Milestone starts a region nearly anywhere
    (rules §8.4, §8.6): 40 to 90 choices, whose numbers would push the grid off the screen even
    packed. A short screen names them row by row in the board's words, a row's run of three
    neighbours or more as its ends ("D1–H1"), with one as typed; the grid stays whole, exactly
    the legal spaces are named, and typing one plays it."""
    save, legal = _citrus_position(tmp_path, seed, wanted)
    texts = [a.text for a in legal if a.kind == "bull" or (a.kind == "place" and a.fields["milestone"])]
    term = RealTerminal(["resume", str(save)], tmp_path, rows=ROWS)
    assert term.wait_for_prompt()
    screen = term.rows_of(term.screen)
    assert len(screen) <= ROWS, f"{len(screen)} rows:\n" + "\n".join(screen)
    assert any(row.startswith("   A  B  C  D") for row in screen), "\n".join(screen)  # the grid's top
    head = next(i for i, row in enumerate(screen) if row.startswith(" bull:") or row.endswith("… milestone:"))
    rows = [screen[head], *takewhile(lambda row: row.startswith("   "), screen[head + 1 :])]
    summary = " ".join(" ".join(rows).split())
    words, example = summary.split(":", 1)[1].split(" type one, e.g. ")
    spaces = {text.split()[-2] if text.endswith("milestone") else text.split()[-1] for text in texts}
    assert _spaces_named(words) == spaces, "\n".join(screen)
    assert example in texts
    assert any(f"e.g. {example}" in row for row in rows), "\n".join(rows)  # (never split across rows)
    space = sorted(spaces)[-1]
    typed = next(text for text in texts if space in text.split())
    term.answer(typed)
    assert term.wait_for_prompt()
    done = f"You put a Bull on {space}." if wanted == "bull" else f"on {space} using a Milestone"
    assert done in " ".join(term.rows_of(term.screen)), term.screen[-2000:]
    term.answer("quit")
    term.wait_for_prompt()


def test_a_first_screen_keeps_who_you_are_and_where_help_is_over_the_opening_recap(tmp_path: Path) -> None:
    """The welcome's lines give way to the board and the menu, but not to the opening's events
    beyond the latest line (the board shows what they did): a new player of a three-player
    Tang Hu Lu game reads who they are and where help is, above the whole board."""
    args = ["play", "tanghulu", "--players", "3", "--seed", SEED, "--name", "Sam", "--bots", "random,random"]
    term = RealTerminal(args, tmp_path, rows=ROWS)
    assert term.wait_for_prompt()
    first = term.rows_of(term.screen)
    assert len(first) <= ROWS, "\n".join(first)
    assert first[0].startswith("New game of Tang Hu Lu: you are Sam, seat 1 of 3."), "\n".join(first)
    assert first[1] == "Type help for the rules and commands.", "\n".join(first)
    assert first[2].startswith("Round 1 · "), "\n".join(first)  # the board's top
    term.answer("quit")
    term.wait_for_prompt()


def test_two_tiles_that_may_each_spend_a_milestone_share_one_summary_under_the_whole_grid(tmp_path: Path) -> None:
    """Two tiles waiting, each of which may start a region nearly anywhere by spending a
    Milestone (rules §8.6): one summary names the spaces open to both, then each tile's others
    ("lime well also: E2 M2"); the grid stays whole with the latest turn under it, exactly each
    tile's legal spaces are named, and typing one of a tile's own spaces plays it."""
    save, legal = _citrus_position(tmp_path, 23, "two milestones")
    tiles = _milestone_tiles(legal)
    term = RealTerminal(["resume", str(save)], tmp_path, rows=ROWS)
    assert term.wait_for_prompt()
    screen = term.rows_of(term.screen)
    assert len(screen) <= ROWS, f"{len(screen)} rows:\n" + "\n".join(screen)
    assert any(row.startswith("   A  B  C  D") for row in screen), "\n".join(screen)  # the grid's top
    first, second = tiles
    head = screen.index(f" place {first} or {second} … milestone:")
    rows = list(takewhile(lambda row: row.startswith("   "), screen[head + 1 :]))
    summary = " ".join(" ".join(rows).split())
    words, example = summary.split(" type one, e.g. ")
    shared, *others = words.split(" · ")
    own = {tile: _spaces_named(shared) for tile in tiles}
    for other in others:
        tile, spaces = other.split(" also: ")
        own[tile] |= _spaces_named(spaces)
    for tile, texts in tiles.items():
        assert own[tile] == {text.split()[-2] for text in texts}, (tile, "\n".join(screen))
    assert example in tiles[first]
    tile, spaces = others[0].split(" also: ")
    space = spaces.split()[0].split("–")[0]
    typed = next(text for text in tiles[tile] if text.split()[-2] == space)
    term.answer(typed)
    assert term.wait_for_prompt()
    assert f"on {space} using a Milestone" in " ".join(term.rows_of(term.screen)), term.screen[-2000:]
    term.answer("quit")
    term.wait_for_prompt()
