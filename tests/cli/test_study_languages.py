"""The terminal's command help, usage errors and study commands in German and Chinese (issue 27:
"every ... help text ... the terminal" in the players' language; "The terminal follows the locale
(LANGUAGE/LANG) and --lang"; numbers formatted per language), as a person at an 80-column
terminal reads them. English reads as it always did."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from fruitbowl.cli.app import app

from .conftest import bot_game
from .figures import keep_saved_figures

CJK = re.compile(r"[\u4e00-\u9fff]")
COMMANDS = ["play", "learn", "resume", "replay", "review", "simulate", "tournament", "analyze", "serve", "games"]
COMMANDS += ["rules", "bench", "campaign", "campaign new", "campaign play", "campaign list", "campaign show"]
#: Typer's and Click's own English around a command's help.
HELP_WORDS = ("Usage:", "Options", "Arguments", "Commands", "[default:", "[required]", "Show this message")
#: The English value names of the commands' help that another language says in its own words.
VALUE_NAMES = re.compile(r"\b(INTEGER|NUMBER|BOOLEAN|PATH|GAME|FILE|RECORD|KEY=VALUE|COMMAND)\b|\[OPTIONS\]|\[ARGS\]")


def said(runner: CliRunner, args: list[str], env: dict[str, str]) -> Any:
    return runner.invoke(app, args, env={"COLUMNS": "80", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", **env})


def described(help_text: str) -> str:
    """The first line of a command's description, the line after its usage line."""
    lines = [line.strip(" │") for line in help_text.splitlines() if line.strip(" │")]
    return lines[1]


@pytest.mark.parametrize("command", ["", *COMMANDS])
@pytest.mark.parametrize("language", [{"LANG": "C.UTF-8", "args": "--lang de"}, {"LANG": "zh_CN.UTF-8"}])
def test_every_commands_help_is_said_in_german_and_chinese(home, runner, command, language) -> None:
    asked = [*language.get("args", "").split(), *command.split(), "--help"]
    english = said(runner, [*command.split(), "--help"], {"LANG": "C.UTF-8"})
    spoken = said(runner, asked, {"LANG": language["LANG"]})
    assert english.exit_code == spoken.exit_code == 0, spoken.output
    for words in HELP_WORDS:
        assert words not in spoken.output, words
    assert described(english.output) not in spoken.output
    if language["LANG"].startswith("zh"):
        assert CJK.search(described(spoken.output)), spoken.output
    for line in spoken.output.splitlines():
        assert cell_len(line) <= 80, line
        assert "…" not in line, line  # (a Chinese help text folds rather than being cut)


@pytest.mark.parametrize("command", ["", *COMMANDS])
@pytest.mark.parametrize("language", [{"LANG": "C.UTF-8", "args": "--lang de"}, {"LANG": "zh_CN.UTF-8"}])
def test_every_commands_value_names_are_said_in_german_and_chinese(home, runner, command, language) -> None:
    asked = [*language.get("args", "").split(), *command.split(), "--help"]
    spoken = said(runner, asked, {"LANG": language["LANG"]})
    assert spoken.exit_code == 0, spoken.output
    assert not VALUE_NAMES.search(spoken.output), spoken.output


@pytest.mark.parametrize(
    ("args", "env", "shown"),
    [
        (
            ["--lang", "de", "play", "--help"],
            {"LANG": "C.UTF-8"},
            ["Aufruf: root play [OPTIONEN] SPIEL", "--players  -p      ZAHL ", "--option   -o      NAME=WERT "],
        ),
        (["--lang", "de", "--help"], {"LANG": "C.UTF-8"}, ["Aufruf: root [OPTIONEN] BEFEHL [ARGUMENTE]..."]),
        (["--lang", "de", "bench", "--help"], {"LANG": "C.UTF-8"}, ["[SPIEL]...", "--seconds          DEZIMALZAHL "]),
        (["--help"], {"LANG": "zh_CN.UTF-8"}, ["用法: root [选项] 命令 [参数]...", "--lang           文本 "]),
        (["review", "--help"], {"LANG": "zh_CN.UTF-8"}, ["用法: root review [选项] 记录", "--out             路径 "]),
        (["bench", "--help"], {"LANG": "zh_CN.UTF-8"}, ["[游戏]...", "--seconds          数字 ", "整数  运行次数"]),
        (["play", "--help"], {"LANG": "zh_CN.UTF-8"}, ["--option   -o      键=值 "]),
    ],
)
def test_the_value_names_are_the_words_a_german_or_chinese_reader_expects(home, runner, args, env, shown) -> None:
    help_text = said(runner, args, env).output
    for words in shown:
        assert words in help_text, words


def test_the_english_value_names_stay_as_they_were(home, runner) -> None:
    help_text = said(runner, ["bench", "--help"], {"LANG": "C.UTF-8"}).output
    for words in ("Usage: root bench [OPTIONS] [GAME]...", "--seconds          NUMBER ", "--runs             INTEGER "):
        assert words in help_text, words
    assert "Usage: root [OPTIONS] COMMAND [ARGS]..." in said(runner, ["--help"], {"LANG": "C.UTF-8"}).output


def test_the_root_help_in_german_names_each_part_in_german(home, runner) -> None:
    shown = said(runner, ["--lang", "de", "--help"], {"LANG": "C.UTF-8"}).output
    for german in ("Aufruf: root", "Optionen", "Befehle", "Diese Hilfe zeigen und beenden.", "Kampagnen:"):
        assert german in shown, german


@pytest.mark.parametrize(
    ("args", "env", "refused"),
    [
        (["play"], {"LANG": "C.UTF-8"}, "error: Missing argument 'GAME'. (see 'root play --help')"),
        (["--lang", "de", "play"], {"LANG": "C.UTF-8"}, "Fehler: Argument 'SPIEL' fehlt. (siehe „root play --help“)"),
        (["play"], {"LANG": "zh_CN.UTF-8"}, "错误：缺少参数 '游戏'。（见“root play --help”）"),
        (
            ["simulate", "tanghulu", "--seed", "x"],
            {"LANG": "de_DE.UTF-8"},
            "Fehler: Ungültiger Wert für '--seed': sie erwartet eine ganze Zahl (siehe „root simulate --help“)",
        ),
        (
            ["review", "x.json", "--playouts", "0"],
            {"LANG": "zh_CN.UTF-8"},
            "错误：'--playouts' 的值无效：它至少为 1（见“root review --help”）",
        ),
        (
            ["plya"],
            {"LANG": "zh_CN.UTF-8"},
            "错误：没有命令 'plya'。你是不是想用 'play', 'replay'？（见“root --help”）",
        ),
        (["play", "tanghulu", "--bogus"], {"LANG": "de_DE.UTF-8"}, "Fehler: Keine solche Option: --bogus"),
        (["games", "extra"], {"LANG": "de_DE.UTF-8"}, "Fehler: Unerwartete zusätzliche Argumente (extra)"),
        (["simulate", "tanghulu", "-n", "0"], {"LANG": "zh_CN.UTF-8"}, "错误：-n 至少为 1；收到的是 0"),
    ],
)
def test_a_usage_error_is_said_in_the_terminals_language(home, runner, args, env, refused) -> None:
    result = said(runner, args, env)
    assert result.exit_code == 2
    assert result.output.startswith(refused), result.output


def test_simulate_in_german_and_chinese_heads_its_table_and_writes_its_numbers_the_languages_way(home, runner) -> None:
    args = ["simulate", "tanghulu", "-n", "20", "--seed", "3"]
    english = said(runner, args, {"LANG": "C.UTF-8"}).output
    german = said(runner, ["--lang", "de", *args], {"LANG": "C.UTF-8"}).output
    chinese = said(runner, args, {"LANG": "zh_CN.UTF-8"}).output
    assert "tanghulu: 20 games, 2 players, seed 3" in english and "40.0" in english
    assert "tanghulu: 20 Partien, 2 Spieler, Startwert 3" in german
    assert "40,0" in german and "21,9–61,3" in german and "Aktionen je Partie" in german
    assert "tanghulu：20 局，2 名玩家，种子 3" in chinese and "40.0" in chinese
    for english_words in ("Seat", "Wins", "Mean score", "interval", "actions per game", "truncated", "games"):
        assert english_words not in german and english_words not in chinese
    for table in (german, chinese):
        widths = {cell_len(line) for line in table.splitlines() if line[:1] in "┏┃┡│└"}
        assert len(widths) == 1, table  # (the Chinese headers are double width: the table still lines up)


def test_tournament_analyze_and_bench_speak_chinese_and_german(home, runner, tmp_path: Path) -> None:
    tournament = ["tournament", "tanghulu", "--bots", "random,greedy", "-n", "2", "--workers", "1"]
    chinese = said(runner, [*tournament, "--db", f"sqlite:///{tmp_path / 't.db'}"], {"LANG": "zh_CN.UTF-8"})
    assert chinese.exit_code == 0, chinese.output
    for words in ("锦标赛", "已保存 2/2 局", "OpenSkill 评分", "名次", "各座位胜率：", "保存在", "报告："):
        assert words in chinese.output, words
    analyze = ["analyze", "tanghulu", "-n", "12", "--workers", "1", "--out", str(tmp_path / "report")]
    german = said(runner, ["--lang", "de", *analyze], {"LANG": "C.UTF-8"})
    assert german.exit_code == 0, german.output
    for words in ("Tang Hu Lu: 12 Partien, 2 Spieler", "Platzreihenfolge", "Spiellänge: im Mittel", "Bericht:"):
        assert words in german.output, words
    assert "game length" not in german.output and "Seat order" not in german.output
    bench = said(runner, ["--lang", "de", "bench", "tanghulu", "--seconds", "0.05", "--runs", "1"], {"LANG": "C"})
    assert bench.exit_code == 0, bench.output
    assert "Zufallspartien, ein Kern: 1 Lauf zu etwa 0,05 s" in bench.output
    assert "Aktionen/s" in bench.output and "Actions/s" not in bench.output


@pytest.mark.parametrize(
    ("env", "simulated", "rated", "stored"),
    [
        ({"LANG": "C.UTF-8"}, "juicyfruits: 1 game, 1 player,", "1 table × 1 game, 2 players,", "1/1 game stored"),
        (
            {"LANG": "de_DE.UTF-8"},
            "juicyfruits: 1 Partie, 1 Spieler,",
            "1 Tisch × 1 Partie, 2 Spieler,",
            "1/1 Partie gespeichert",
        ),
        ({"LANG": "zh_CN.UTF-8"}, "juicyfruits：1 局，1 名玩家，", "1 桌 × 1 局，2 名玩家，", "已保存 1/1 局"),
    ],
)
def test_the_study_commands_count_in_the_languages_plural_forms(
    home, runner, tmp_path: Path, env, simulated, rated, stored
) -> None:
    """Issue 27: "real plural forms ... replacing the hand-made plurals ("1 coins")"."""
    simulate = said(runner, ["simulate", "juicyfruits", "-n", "1", "--players", "1", "--seed", "1"], env)
    assert simulate.exit_code == 0, simulate.output
    assert simulated in simulate.output
    tournament = ["tournament", "tanghulu", "--bots", "random,greedy", "-n", "1", "--workers", "1"]
    rating = said(runner, [*tournament, "--db", f"sqlite:///{tmp_path / 't.db'}"], {**env, "COLUMNS": "200"})
    assert rating.exit_code == 0, rating.output
    assert rated in rating.output and stored in rating.output
    assert "(s)" not in rating.output and "(e)" not in rating.output


@pytest.mark.parametrize(
    ("env", "refused"),
    [
        ({"LANG": "C.UTF-8"}, "error: --bots names 2 bots for 3 seats; give one per seat"),
        ({"LANG": "de_DE.UTF-8"}, "Fehler: --bots nennt 2 Bots für 3 Plätze; gib einen je Platz an"),
        ({"LANG": "zh_CN.UTF-8"}, "错误：--bots 为 3 个座位指定了 2 个机器人；每个座位指定一个"),
    ],
)
def test_too_few_bots_are_counted_in_the_terminals_language(home, runner, env, refused) -> None:
    result = said(runner, ["simulate", "tanghulu", "--players", "3", "--bots", "random,random"], env)
    assert result.exit_code == 2
    assert result.output.strip() == refused


@pytest.mark.parametrize(
    ("env", "title", "axes"),
    [
        ({"LANG": "C.UTF-8"}, "Tang Hu Lu: estimated chances to win", ("move", "estimated chance to win (%)")),
        ({"LANG": "de_DE.UTF-8"}, "Tang Hu Lu: geschätzte Siegchancen", ("Zug", "geschätzte Siegchance (%)")),
        ({"LANG": "zh_CN.UTF-8"}, "糖葫芦：估计胜率", ("步", "估计胜率（%）")),
    ],
)
def test_the_review_charts_words_are_said_in_the_terminals_language(
    home, runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env, title, axes
) -> None:
    record = tmp_path / "game.json"
    bot_game(seed=5).save(record)
    drawn = keep_saved_figures(monkeypatch)
    result = said(runner, ["review", str(record), "--every", "10", "--playouts", "2"], env)
    assert result.exit_code == 0, result.output
    (axes_drawn,) = drawn[0].axes
    assert axes_drawn.get_title() == title
    assert (axes_drawn.get_xlabel(), axes_drawn.get_ylabel()) == axes
    legend = axes_drawn.get_legend()
    assert legend is not None and [text.get_text() for text in legend.get_texts()] == ["Ada", "Bruno"]
    if env["LANG"].startswith("zh"):
        assert "Noto Sans CJK SC" in axes_drawn.title.get_fontfamily()


@pytest.mark.parametrize(
    ("env", "refused"),
    [
        ({"LANG": "C.UTF-8"}, "error: FRUITBOWL_EVICT_AFTER must be a number of seconds, not 'soon'"),
        ({"LANG": "de_DE.UTF-8"}, "Fehler: FRUITBOWL_EVICT_AFTER muss eine Zahl von Sekunden sein, nicht 'soon'"),
        ({"LANG": "zh_CN.UTF-8"}, "错误：FRUITBOWL_EVICT_AFTER 必须是秒数，而不是 'soon'"),
    ],
)
def test_serve_refuses_its_settings_in_the_terminals_language(home, runner, env, refused) -> None:
    result = said(runner, ["serve", "--port", "1"], {**env, "FRUITBOWL_EVICT_AFTER": "soon"})
    assert result.exit_code == 2
    assert result.output.strip() == refused
