"""Tang Hu Lu and Fabled Fruit in the terminal in German and in Chinese (issue 27: "The terminal follows the locale
(LANGUAGE/LANG) and --lang"; "Chinese text renders correctly ... in the terminal boards
(width-aware alignment)"), driven as a person at an 80-column terminal drives it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from .terminal_driver import CHINESE, ENGLISH, GERMAN, Terminal, Words, play_through, run


def _fits_80_columns(transcript: str, home: Path, words: Words) -> None:
    for line in transcript.split("\n"):
        shown = line.removeprefix(words.prompt)
        if str(home) not in shown:  # (a save's path may run on: it copies whole)
            assert cell_len(shown) <= 80, f"wider than 80 columns: {shown!r}"


def _opening(args: list[str], home: Path, words: Words = ENGLISH) -> str:
    term = Terminal(args, home, words=words)
    assert term.wait_for_prompt()
    screen = term.screen
    term.answer("quit")
    term.read_to_end()
    return screen


def test_lang_de_plays_the_game_in_german(english_locale, tmp_path: Path) -> None:
    args = ["--lang", "de", "play", "tanghulu", "--players", "3", "--seed", "7", "--bots", "random,random"]
    played = play_through(Terminal(args, tmp_path, words=GERMAN), 7)
    assert played.returncode == 0
    said = played.transcript
    for german in ("Runde 1 beginnt.", "Laden ", "Tropfenvorrat", "auf Spießen", "Das Spiel ist vorbei."):
        assert german in said, german
    assert "Round 1 begins." not in said and "drop stock" not in said
    _fits_80_columns(said, tmp_path, GERMAN)


def test_a_chinese_locale_plays_the_game_in_chinese(english_locale, tmp_path: Path) -> None:
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    args = ["play", "tanghulu", "--players", "4", "--seed", "3", "--bots", "random,random,random"]
    played = play_through(Terminal(args, tmp_path, words=CHINESE), 3)
    assert played.returncode == 0
    said = played.transcript
    for chinese in ("第1轮开始。", "商店", "糖滴库存", "签子上", "游戏结束"):
        assert chinese in said, chinese
    assert "Round 1 begins." not in said
    _fits_80_columns(said, tmp_path, CHINESE)


def openings(args: list[str], home: Path) -> tuple[str, str]:
    """The same game's opening screen in English and in Chinese (``--lang zh_Hans``)."""
    return _opening(args, home / "en"), _opening(["--lang", "zh_Hans", *args], home / "zh", CHINESE)


def panel_widths(screen: str) -> list[int]:
    """How many cells each line of the screen's panels takes (Rich measures cells, not characters)."""
    return [cell_len(line) for line in screen.split("\n") if line.startswith(("╭", "│", "╰"))]


def test_the_boards_columns_line_up_in_chinese(english_locale, tmp_path: Path) -> None:
    """Each player's panel is as wide in Chinese as in English: Rich measures cells, not characters."""
    english, chinese = openings(["play", "tanghulu", "--players", "2", "--seed", "3", "--bots", "random"], tmp_path)
    assert panel_widths(english) and panel_widths(english) == panel_widths(chinese)
    assert "硬币" in chinese and "Coins" in english


def test_lang_takes_precedence_over_the_locale_and_english_stays_english(english_locale, tmp_path: Path) -> None:
    english_locale.setenv("LANGUAGE", "zh_CN:de")
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    args = ["play", "tanghulu", "--seed", "3", "--bots", "random"]
    assert "第1轮开始。" in _opening(args, tmp_path / "zh", CHINESE)
    assert "Runde 1 beginnt." in _opening(["--lang", "de", *args], tmp_path / "de", GERMAN)
    assert "Round 1 begins." in _opening(["--lang", "en", *args], tmp_path / "en")


@pytest.mark.parametrize(
    ("locale", "refused"),
    [
        ("C.UTF-8", "error: there is no language 'xx': fruitbowl speaks en, de, zh_Hans"),
        ("fr_FR.UTF-8", "error: there is no language 'xx': fruitbowl speaks en, de, zh_Hans"),
        ("de_DE.UTF-8", "Fehler: es gibt keine Sprache 'xx': fruitbowl spricht en, de, zh_Hans"),
        ("zh_CN.UTF-8", "错误：没有语言 'xx'：fruitbowl 会说 en, de, zh_Hans"),
    ],
)
def test_an_unknown_language_is_refused_in_one_line_in_the_locales_language(
    english_locale, tmp_path: Path, locale: str, refused: str
) -> None:
    english_locale.setenv("LANG", locale)
    finished = run(["--lang", "xx", "games"], tmp_path)
    assert finished.returncode == 2
    assert finished.output.strip() == refused


def test_lang_de_plays_fabled_fruit_with_lime_in_german(english_locale, tmp_path: Path) -> None:
    args = ["--lang", "de", "play", "fabledfruit", "--players", "3", "--seed", "7", "--bots", "random,random"]
    args += ["--option", "lime=true", "--option", "action_limit=60"]
    played = play_through(Terminal(args, tmp_path, words=GERMAN), 7)
    assert played.returncode == 0
    said = played.transcript
    for german in ("Fabelsaft · Spiel 1 · Runde 1", "Nachziehstapel", "Limettenvorrat", "Legende: ", "zahle 1 bei #"):
        assert german in said, german
    assert "Das Spiel ist vorbei" in said
    assert "draw stack" not in said and "Round 1 begins." not in said and "Move to #" not in said
    _fits_80_columns(said, tmp_path, GERMAN)


def test_a_chinese_locale_plays_fabled_fruit_in_chinese(english_locale, tmp_path: Path) -> None:
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    args = ["play", "fabledfruit", "--players", "4", "--seed", "3", "--bots", "random,random,random"]
    args += ["--option", "action_limit=60"]
    played = play_through(Terminal(args, tmp_path, words=CHINESE), 3)
    assert played.returncode == 0
    said = played.transcript
    for chinese in ("寓言果汁 · 第1局 · 第1轮", "抽牌堆", "图例：", "抽2张水果", "游戏结束"):
        assert chinese in said, chinese
    assert "draw stack" not in said and "Draw 2 fruits" not in said
    _fits_80_columns(said, tmp_path, CHINESE)
