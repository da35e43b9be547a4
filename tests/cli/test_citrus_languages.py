"""Citrus in the terminal in German and in Chinese (issue 27: "The terminal follows the locale
(LANGUAGE/LANG) and --lang"; "Chinese text renders correctly ... in the terminal boards
(width-aware alignment)"), driven as a person at an 80-column terminal drives it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from . import test_languages
from .terminal_driver import CHINESE, GERMAN, Terminal, play_through

SHORT_TWO = ["play", "citrus", "--players", "2", "--option", "board=short", "--bots", "random"]


def test_lang_de_plays_citrus_in_german(english_locale: pytest.MonkeyPatch, tmp_path: Path) -> None:
    played = play_through(
        Terminal(["--lang", "de", *SHORT_TWO, "--seed", "7"], tmp_path, words=GERMAN), 7, commands=True
    )
    assert played.returncode == 0
    said = played.transcript
    for german in ("Zug 1: ", "Markt", "Fincas übrig", "Offene Baufelder", "Arbeiter (+", "Karren", "Meilenstein"):
        assert german in said, german
    assert "Aktionsplättchen, jederzeit in deinem Zug" in played.shown["help"]
    assert "Spiel vorbei" in said or "Das Spiel ist vorbei" in said
    assert "Turn 1:" not in said and "Fincas left" not in said and "Open sites" not in said
    test_languages._fits_80_columns(said, tmp_path, GERMAN)


def test_a_chinese_locale_plays_citrus_in_chinese(english_locale: pytest.MonkeyPatch, tmp_path: Path) -> None:
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    played = play_through(Terminal([*SHORT_TWO, "--seed", "3"], tmp_path, words=CHINESE), 3, commands=True)
    assert played.returncode == 0
    said = played.transcript
    for chinese in ("第 1 回合：", "市场", "剩余庄园", "开放建地", "名工人", "手推车", "里程碑", "游戏结束"):
        assert chinese in said, chinese
    assert "行动板块，回合中随时可用" in played.shown["help"]
    assert "Turn 1:" not in said and "Fincas left" not in said and "Open sites" not in said
    test_languages._fits_80_columns(said, tmp_path, CHINESE)


def test_the_board_lines_up_in_chinese(english_locale: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The grid's rows and the market's frame sit in the same cells in Chinese as in English:
    Rich measures cells, not characters; and no line of the screen is wider than 80 cells."""
    args = ["play", "citrus", "--players", "5", "--seed", "3", "--bots", "random,random,random,random"]
    english, chinese = test_languages.openings(args, tmp_path)

    def frame(screen: str) -> list[tuple[int, int]]:
        """Where each line of the market's frame starts and ends, in cells."""
        marks = []
        for line in screen.split("\n"):
            for corner, end in (("╭", "╮"), ("│", "│"), ("╰", "╯")):
                if corner in line and line.rstrip().endswith(end):
                    start = cell_len(line[: line.index(corner)])
                    marks.append((start, cell_len(line.rstrip())))
                    break
        return marks

    assert frame(english) and frame(english) == frame(chinese)
    assert "市场" in chinese and "Market" in english
    test_languages._fits_80_columns(chinese, tmp_path / "zh", CHINESE)
