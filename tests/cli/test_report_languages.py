"""The balance report (``fruitbowl analyze``) in the terminal's language (issue 27: "reports" in the
players' language, "real plural forms and number formatting per language"): its headings, sentences,
table headers and plots' words, read from the HTML page and from the figures drawn."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner

from fruitbowl.cli.app import app

from .figures import keep_saved_figures

#: The report's own English words (not the game's action kinds, categories or components).
ENGLISH = (
    "balance report",
    "games,",
    "players",
    "rules",
    "source",
    "simulation",
    "hit the action cap",
    "cut short",
    "Seat order",
    "win rate",
    "mean score",
    "Scores",
    "winners",
    "all seats",
    "winning margin",
    "Game length",
    "Action kinds",
    "Per seat-game",
    "Components",
    "component",
    "uses",
    "lift",
    "correlation",
    "seat-games",
    "median",
    "yes",
)


class Words(HTMLParser):
    """The page's words: its text, its images' alt texts and the ``lang`` it declares."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.alts: list[str] = []
        self.lang = ""
        self.headings: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        if tag == "img":
            self.alts.append(found.get("alt") or "")
        self._in = tag

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            return
        self.text.append(data)
        if self._in in ("h1", "h2", "h3"):
            self.headings.append(data)


def figure_words(figure: Figure) -> list[str]:
    words = [figure.get_suptitle()]
    for axes in figure.axes:
        words += [axes.get_title(), axes.get_xlabel(), axes.get_ylabel()]
        words += [label.get_text() for label in axes.get_xticklabels()]
        legend = axes.get_legend()
        words += [text.get_text() for text in legend.get_texts()] if legend is not None else []
    return [word for word in words if word]


def analyze(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    *args: str,
    game: str = "tanghulu",
) -> Any:
    drawn = keep_saved_figures(monkeypatch)
    out = tmp_path / "report"
    command = [*args, "analyze", game, "-n", "4", "--workers", "1", "--out", str(out)]
    result = runner.invoke(app, command, env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", **env})
    assert result.exit_code == 0, result.output
    page = Words()
    page.feed((out / "report.html").read_text(encoding="utf-8"))
    return page, drawn


@pytest.mark.parametrize(
    ("env", "args", "lang", "said"),
    [
        (
            {"LANG": "C.UTF-8"},
            ["--lang", "de"],
            "de",
            ("Tang Hu Lu: Balancebericht", "4 Partien, 2 Spieler, Regeln", "Platzreihenfolge", "Spiellänge"),
        ),
        (
            {"LANG": "zh_CN.UTF-8"},
            [],
            "zh-Hans",
            ("糖葫芦：平衡性报告", "4 局，2 名玩家，规则", "座位顺序", "对局长度"),
        ),
    ],
)
def test_the_balance_report_is_written_in_the_terminals_language(
    home, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env, args, lang, said
) -> None:
    page, drawn = analyze(CliRunner(), tmp_path, monkeypatch, env, *args)
    text = " ".join(page.text)
    assert page.lang == lang
    for words in said:
        assert words in text, words
    plotted = [word for figure in drawn for word in figure_words(figure)]
    assert len(drawn) == len(page.alts) >= 4
    for alt in page.alts:
        assert alt, page.alts
    for english in ENGLISH:
        found = re.compile(rf"\b{re.escape(english)}\b")
        assert not found.search(" ".join([*page.headings, *page.alts, *plotted])), english
        assert not [part for part in page.text if found.search(part) and "Tang Hu Lu" not in part], english
    if lang == "de":
        assert "Platz 1" in plotted and "Sieger" in plotted and "kein Vorteil (1/P)" in plotted
        assert re.search(r"\d+,\d %", text)  # 40,0 %: German decimals and a space before %
    else:
        assert "座位 1" in plotted and "获胜者" in plotted
        assert all("Noto Sans CJK SC" in figure.axes[0].title.get_fontfamily() for figure in drawn)


def test_the_english_report_counts_in_real_plural_forms(home, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page, _drawn = analyze(CliRunner(), tmp_path, monkeypatch, {"LANG": "C.UTF-8"})
    text = " ".join(page.text)
    assert page.lang == "en"
    assert "Tang Hu Lu: balance report" in page.headings
    assert "4 games, 2 players, rules" in text and "0 games hit the action cap; 0 were cut short." in text
    assert "game(s)" not in text and "None" not in text


@pytest.mark.parametrize(
    ("env", "args", "said"),
    [
        (
            {"LANG": "C.UTF-8"},
            [],
            ["(bots: random, random; Board side: Long side; Family version: no;", "Final harvest", "Action tiles"],
        ),
        (
            {"LANG": "C.UTF-8"},
            ["--lang", "de"],
            ["(Bots: random, random; Spielplanseite: Langspielseite; Familienvariante: nein;", "Schlussernte"],
        ),
        ({"LANG": "zh_CN.UTF-8"}, [], ["（机器人：random, random；版面：长版面；家庭版：否；", "种子：0"]),
    ],
)
def test_the_reports_options_and_score_categories_are_said_with_the_games_own_words(
    home, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env, args, said
) -> None:
    page, _drawn = analyze(CliRunner(), tmp_path, monkeypatch, env, *args, game="citrus")
    text = " ".join(page.text)
    for words in said:
        assert words in text, words
    for recorded in ("final_harvest", "action_tiles", "'board'", "long", "False", "{"):
        assert recorded not in text, recorded
    if env["LANG"].startswith("zh"):
        assert "终局收获" in page.text and ": " not in text.split("。")[0]
