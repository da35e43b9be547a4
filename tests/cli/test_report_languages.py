"""The balance report (``fruitbowl analyze``) in the terminal's language (issue 27: "reports" in the
players' language, "real plural forms and number formatting per language"): its headings, sentences,
table headers and plots' words, read from the HTML page and from the figures drawn."""

from __future__ import annotations

import json
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
        words += [label.get_text() for label in axes.get_yticklabels()]
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
    options: tuple[str, ...] = (),
    games: int = 4,
) -> Any:
    drawn = keep_saved_figures(monkeypatch)
    out = tmp_path / "report"
    command = [*args, "analyze", game, *options, "-n", str(games), "--workers", "1", "--out", str(out)]
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
    assert "Buy a tile" in page.text and "Work" in page.text  # the action kinds by the game's labels
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


#: Every game with all its modules, as ``analyze`` is given them.
EVERY_GAME = {
    "tanghulu": (),
    "fabledfruit": ("-o", "lime=true"),
    "citrus": (),
    "juicyfruits": ("-o", "modules=mystic_island,boulders,new_business"),
}

#: Words each game's report says in each language: a common action kind's label, a category, a component.
SAID_BY_GAME = {
    ("tanghulu", "de"): ("Ein Plättchen kaufen", "Muster", "zwei Paare"),
    ("tanghulu", "zh_Hans"): ("购买板块", "组合", "两对"),
    ("fabledfruit", "de"): ("Zu einem Ort ziehen", "genutzter Ort"),
    ("fabledfruit", "zh_Hans"): ("移动到地点", "使用的地点"),
    ("citrus", "de"): ("Ein Plantagenplättchen legen", "Plantagenplättchen", "Zitrone", "Karren"),
    ("citrus", "zh_Hans"): ("放置种植园板块", "种植园板块", "柠檬", "手推车"),
    ("juicyfruits", "de"): ("Früchte schieben", "Schiff", "Gewerbeplättchen"),
    ("juicyfruits", "zh_Hans"): ("滑动水果", "船", "商业板块"),
}


@pytest.mark.parametrize("lang", ["de", "zh_Hans"])
@pytest.mark.parametrize("game", list(EVERY_GAME))
def test_every_games_report_says_its_action_kinds_and_components_in_the_readers_language(
    home, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    page, drawn = analyze(
        CliRunner(),
        tmp_path,
        monkeypatch,
        {"LANG": "C.UTF-8"},
        "--lang",
        lang,
        game=game,
        options=EVERY_GAME[game],
        games=3,
    )
    recorded = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    shown = [part.strip() for part in page.text] + [word for figure in drawn for word in figure_words(figure)]
    kinds = {kind["kind"] for kind in recorded["action_kinds"]}
    assert kinds and not kinds & set(shown), kinds & set(shown)
    categories = {category["category"] for category in recorded["components"]}
    assert categories and not categories & set(shown), categories & set(shown)
    for category in categories:
        assert not [words for words in shown if words.startswith(f"{category}:")], category
    # the recorded names that are English words ("lemon", "blood well", "two-pairs", "cart"), not ids ("T07", "1L")
    worded = {item["name"] for category in recorded["components"] for item in category["items"]}
    worded = {name for name in worded if re.search("[a-z]{3}", name)}
    assert not [words for words in shown if any(re.match(rf"{re.escape(name)}\b", words) for name in worded)]
    for words in SAID_BY_GAME[game, lang]:
        assert words in shown, words
    # a token is named by its id once ("X10 观鲸X10" said Mystic Island's whale token's id twice)
    assert not [words for words in shown if re.search(r"\b([TX]\d\d)\b.*\1", words)]


def test_the_terminals_summary_names_components_and_numbers_the_readers_way(home, tmp_path: Path) -> None:
    """The summary printed beside the report says its categories and components with the game's
    words and its numbers the language's way ("Median 32,5", not "32.5")."""
    command = ["--lang", "de", "analyze", "citrus", "-n", "12", "--workers", "1", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, command, env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"})
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Plantagenplättchen: am stärksten mit Siegen verbunden" in said
    assert "plantation tile" not in said
    median = re.search(r"\(Median ([^,]+(?:,\d)?), Maximum", said)
    assert median is not None and "." not in median.group(1), said
