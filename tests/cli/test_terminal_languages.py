"""The terminal's own words in German and Chinese (issue 27: "the terminal ... in German and
Simplified Chinese, complete"; "The terminal follows the locale (LANGUAGE/LANG) and --lang"):
whole games played through the real command at an 80-column terminal, with the commands (help,
board, log, undo), a refused answer, the final standings, quitting and resuming, leave nothing of
the terminal's own English on the screen.

The words looked for are written here as a German or Chinese player reads them, never taken from
the catalogs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from .terminal_driver import CHINESE, GERMAN, Terminal, Words, play_through, run

#: The terminal's own English, as a player of an English game reads it (the play loop, the help,
#: the log, the results, the save lines); none of it may be left in another language's game.
ENGLISH = (
    "Your move",
    "New game of",
    "Resuming",
    "you are ",
    "Saved after every move",
    "Type help",
    "number or action",
    "Commands",
    "play the action with that number",
    "take back your last choice",
    "Recent moves",
    "Undone",
    "Nothing to undo",
    "Not allowed",
    "There is no choice",
    "Only one move was possible",
    "earlier turn",
    "Final scores",
    "Place",
    "Total",
    "Tie-break",
    " won",
    "share the win",
    "The game is saved in",
    "watch it again",
    "Game saved to",
    "Resume with",
)


def _english_left(transcript: str, home: Path) -> list[str]:
    """The terminal's own English phrases on screen (a save's path may hold any word: left out)."""
    shown = transcript.replace(str(home), "")
    return [phrase for phrase in ENGLISH if phrase in shown]


def _fits_80_columns(transcript: str, home: Path, words: Words) -> None:
    for line in transcript.split("\n"):
        shown = line.removeprefix(words.prompt)
        if str(home) not in shown and "fruitbowl " not in shown:  # (a path or a command copies whole)
            assert cell_len(shown) <= 80, f"wider than 80 columns: {shown!r}"


def _whole_game(args: list[str], home: Path, words: Words, seed: int) -> str:
    played = play_through(Terminal(args, home, words=words), seed, commands=True, bad_input="17 17 17")
    assert played.returncode == 0
    assert "help" in played.shown  # (the driver checks each command it typed: help first)
    return played.transcript


def test_tang_hu_lu_in_german_says_the_terminals_own_words_in_german(english_locale, tmp_path: Path) -> None:
    args = ["--lang", "de", "play", "tanghulu", "--players", "3", "--seed", "11", "--bots", "random,random"]
    said = _whole_game(args, tmp_path, GERMAN, 11)
    for german in (
        "Neues Spiel Tang Hu Lu",
        "du bist ",
        "Nach jedem Zug gespeichert in",
        "Tippe help für die Regeln und Befehle.",
        "Befehle",
        "die Aktion mit dieser Nummer spielen",
        "Letzte Züge, die neuesten zuerst",
        "Endwertung",
        "Platzierung",
        "Gesamt",
        "Plättchen",
        "Bei Gleichstand: Münzen",
        "(du)",
        "(Zufällig)",  # the bots' level, as the lobby names it
        "Das Spiel ist in",
    ):
        assert german in said, german
    assert re.search(r"Du hast gewonnen!|\S hat gewonnen\.|teilen sich den Sieg\.", said)
    assert re.search(r"Im Menü gibt es keine Wahl|Nicht erlaubt:", said)  # the refused answer
    assert not _english_left(said, tmp_path) and "(random)" not in said
    _fits_80_columns(said, tmp_path, GERMAN)


def test_fabled_fruit_under_a_chinese_locale_says_the_terminals_own_words_in_chinese(
    english_locale, tmp_path: Path
) -> None:
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    args = ["play", "fabledfruit", "--players", "3", "--seed", "5", "--bots", "random,random"]
    args += ["--option", "action_limit=60"]
    said = _whole_game(args, tmp_path, CHINESE, 5)
    for chinese in (
        "新的一局寓言果汁",
        "每一步后都保存到",
        "输入 help 查看规则和命令。",
        "命令",
        "执行该编号的动作",
        "最终得分（达到上限而提前结束）",
        "名次",
        "总分",
        "果汁",
        "平局裁决：手中水果",
        "（你）",
        "(随机)",  # the bots' level, as the lobby names it
        "这局游戏保存在",
    ):
        assert chinese in said, chinese
    assert re.search(r"你赢了！|获胜。|并列获胜。", said)
    assert not _english_left(said, tmp_path)
    _fits_80_columns(said, tmp_path, CHINESE)


def test_quitting_and_resuming_in_german(english_locale, tmp_path: Path) -> None:
    args = ["--lang", "de", "play", "tanghulu", "--seed", "3", "--bots", "random"]
    term = Terminal(args, tmp_path, words=GERMAN)
    assert term.wait_for_prompt()
    save = term.save_path()
    term.answer("quit")
    assert term.read_to_end() == 0
    assert "Spiel gespeichert in" in term.transcript and "Weiter mit:" in term.transcript
    resumed = Terminal(["--lang", "de", "resume", str(save)], tmp_path, words=GERMAN)
    assert resumed.wait_for_prompt()
    resumed.answer("quit")
    resumed.read_to_end()
    assert "Tang Hu Lu geht weiter" in resumed.transcript
    assert not _english_left(term.transcript + resumed.transcript, tmp_path)


def test_the_help_lists_the_commands_in_chinese_with_their_typed_names(english_locale, tmp_path: Path) -> None:
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    term = Terminal(["play", "tanghulu", "--seed", "3", "--bots", "random"], tmp_path, words=CHINESE)
    assert term.wait_for_prompt()
    term.answer("help")
    assert term.wait_for_prompt()
    helped = term.screen
    term.answer("quit")
    term.read_to_end()
    assert "命令" in helped and "保存并离开" in helped
    for command in ("undo", "hint", "log", "board", "help", "quit"):  # typed as in every language
        assert re.search(rf"^  {command}  ", helped, re.MULTILINE), command
    assert not _english_left(helped, tmp_path)
    _fits_80_columns(helped, tmp_path, CHINESE)


def test_a_refused_command_line_is_said_in_german_and_in_chinese(english_locale, tmp_path: Path) -> None:
    german = run(["--lang", "de", "play", "tanghulu", "--seat", "5"], tmp_path)
    assert german.returncode == 2
    assert german.output.strip() == "Fehler: --seat muss ein Platz zwischen 1 und 2 sein (gezählt ab 1); erhalten: 5"
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    chinese = run(["play", "tanghulu", "--bots", "random,random", "--players", "2"], tmp_path)
    assert chinese.returncode == 2
    assert chinese.output.strip().startswith("错误：--bots 列出了2个机器人，但2名玩家需要1个")


@pytest.mark.parametrize("game", ["fabledfruit", "tanghulu"])
def test_the_players_page_in_chinese_wraps_within_80_columns_and_cuts_nothing(
    english_locale, tmp_path: Path, game
) -> None:
    """Chinese has no spaces to wrap at: a paragraph runs on whole and a table's cell folds."""
    printed = run(["--lang", "zh_Hans", "rules", game, "--no-pager"], tmp_path)
    assert printed.returncode == 0
    lines = printed.output.split("\n")
    assert all(cell_len(line) <= 80 for line in lines)
    assert not [line for line in lines if re.search(r"(?<!…)…(?!…)", line)]  # a cut cell ends in one "…"
    first = next(line for line in lines[1:] if line.strip()).strip()
    assert cell_len(first) >= 76  # (the first paragraph fills its line: no break where the source had one)
