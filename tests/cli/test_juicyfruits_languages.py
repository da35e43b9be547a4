"""Juicy Fruits in the terminal in German and in Chinese (issue 27: "The terminal follows the locale
(LANGUAGE/LANG) and --lang"; "Chinese text renders correctly ... in the terminal boards (width-aware
alignment)"), driven as a person at an 80-column terminal drives it. The words looked for are
written here as a German or Chinese player reads them, never taken from the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from .terminal_driver import CHINESE, GERMAN, Terminal, play_through
from .test_languages import _fits_80_columns, openings, panel_widths

MODULES = ["--option", "modules=mystic_island+boulders+new_business"]


def test_lang_de_plays_juicy_fruits_with_every_module_in_german(english_locale, tmp_path: Path) -> None:
    args = ["--lang", "de", "play", "juicyfruits", "--players", "3", "--seed", "7", "--bots", "random,random"]
    args += [*MODULES, "--option", "juice_factory=true", "--option", "action_limit=120"]
    played = play_through(Terminal(args, tmp_path, words=GERMAN), 7, commands=True)
    assert played.returncode == 0
    said = played.transcript
    for german in ("Gewerbeplan · Runde 1", "Ernteplättchen", "Felsbrocken", "Statuen", "Schiffe ", "Pkt."):
        assert german in said, german
    assert "Juicy Fruits — jeder Zug hat zwei Schritte" in said  # the help
    assert "Business board" not in said and "Step 1: slide" not in said and " pts" not in said
    _fits_80_columns(said, tmp_path, GERMAN)


def test_a_chinese_locale_plays_juicy_fruits_in_chinese(english_locale, tmp_path: Path) -> None:
    english_locale.setenv("LANG", "zh_CN.UTF-8")
    args = ["play", "juicyfruits", "--players", "4", "--seed", "3", "--bots", "random,random,random"]
    args += [*MODULES, "--option", "action_limit=120"]
    played = play_through(Terminal(args, tmp_path, words=CHINESE), 3, commands=True)
    assert played.returncode == 0
    said = played.transcript
    for chinese in (
        "商业板 · 第1轮",
        "采集块",
        "巨石",
        "神秘岛",
        "第1步：滑动你的一块板块",
        "多汁水果——每个回合有两步",
    ):
        assert chinese in said, chinese
    assert "Business board" not in said and "Step 1: slide" not in said
    _fits_80_columns(said, tmp_path, CHINESE)


def test_a_solo_game_against_pineapple_reads_in_chinese(english_locale, tmp_path: Path) -> None:
    args = ["--lang", "zh_Hans", "play", "juicyfruits", "--players", "1", "--seed", "5", "--option", "solo_board=2"]
    played = play_through(Terminal(args, tmp_path, words=CHINESE), 5)
    assert played.returncode == 0
    assert "菠萝" in played.transcript and "Step 1: slide" not in played.transcript
    assert "船只" in played.transcript or "船" in played.transcript
    _fits_80_columns(played.transcript, tmp_path, CHINESE)


def test_the_islands_line_up_in_chinese(english_locale, tmp_path: Path) -> None:
    """Each island panel is as wide in Chinese as in English: Rich measures cells, not characters."""
    args = ["play", "juicyfruits", "--players", "2", "--seed", "3", "--bots", "random", *MODULES]
    english, chinese = openings(args, tmp_path)
    assert panel_widths(english) and panel_widths(english) == panel_widths(chinese)
    assert "神秘岛" in chinese and "Mystic Island" in english


def test_the_final_scores_say_pineapple_and_her_score_parts_in_german_and_chinese(
    english_locale, tmp_path: Path
) -> None:
    """The results' house column, its line of score parts and who won name Pineapple, her boats
    and her claims in the reader's language (the glossaries: Ananas, 菠萝)."""
    args = ["play", "juicyfruits", "--players", "1", "--seed", "5", "--option", "solo_board=2"]
    expected = {
        "de": (GERMAN, "Endwertung", ("Ananas", "Ananas: Boote ", ", Erwerbungen ", "Ananas hat gewonnen.")),
        "zh_Hans": (CHINESE, "最终得分", ("菠萝", "菠萝：船只 ", "，购得 ", "菠萝获胜。")),
    }
    for language, (words, heading, said) in expected.items():
        played = play_through(Terminal(["--lang", language, *args], tmp_path / language, words=words), 5)
        assert played.returncode == 0
        scores = played.transcript.split(heading)[-1]
        header = scores.splitlines()[2]
        assert said[0] in header, header
        for part in said[1:]:
            assert part in scores, scores
        assert "Pineapple" not in scores and "boats" not in scores and "claims" not in scores, scores


BUSINESS_ROW = re.compile(r"^(?:BLPO2M|BLPOM|BLPO|POM|BL) *\+\d ")
TOKEN_ID = re.compile(r"(?:^| )(?:[TX]\d\d|—)(?: |$)")


@pytest.mark.parametrize("language", [GERMAN, CHINESE], ids=["de", "zh_Hans"])
def test_each_business_row_stays_on_one_line_of_80_columns(english_locale, tmp_path: Path, language) -> None:
    """The business board is a grid of five rows of four tokens: in German, whose token names
    are long ("Pension am Teich", "Walbeobachtung", "Eiswagen Orange"), a row still takes one
    line of an 80-column terminal with its four tokens, their short forms first ("Pension",
    "Walbeob.", "Wagen Orange"), then names cut with "…" (a row used to wrap, its last token on a
    line of its own). In these two openings the short forms are enough: no name is cut (an ice
    cream cart's short form was never used, and "Eiswagen Ora…" was cut instead)."""
    lang = "de" if language is GERMAN else "zh_Hans"
    for seed, modules in (("19", MODULES), ("3", [])):
        args = ["--lang", lang, "play", "juicyfruits", "--players", "4", "--seed", seed]
        args += ["--bots", "random,random,random", *modules]
        term = Terminal(args, tmp_path / seed, words=language)
        assert term.wait_for_prompt()
        lines = term.screen.splitlines()
        first = next(i for i, line in enumerate(lines) if BUSINESS_ROW.match(line))
        rows = lines[first : first + 5]  # (one after the other: no row wraps onto a line of its own)
        assert all(BUSINESS_ROW.match(row) for row in rows), "\n".join(lines[first : first + 10])
        for row in rows:
            assert cell_len(row) <= 80 and len(TOKEN_ID.findall(row)) == 4, row
            assert "…" not in row, row
        term.answer("quit")
        term.read_to_end()
