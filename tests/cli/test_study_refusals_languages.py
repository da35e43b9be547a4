"""The study commands' refusals of their own settings said in the terminal's language (issue 27:
"every ... refusal ... the terminal" in the players' language, "The terminal follows the locale
(LANGUAGE/LANG) and --lang")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app

TOURNAMENT = ["tournament", "tanghulu", "--bots"]


@pytest.mark.parametrize(
    ("args", "env", "refused"),
    [
        ([*TOURNAMENT, "random,random"], {"LANG": "C.UTF-8"}, "error: --bots names a bot twice (random, random)"),
        (
            ["--lang", "de", *TOURNAMENT, "random,random"],
            {"LANG": "C.UTF-8"},
            "Fehler: --bots nennt einen Bot zweimal (random, random); nenne jeden Bot einmal",
        ),
        (
            [*TOURNAMENT, "random,greedy", "--format", "x"],
            {"LANG": "zh_CN.UTF-8"},
            "错误：--format 必须是 round-robin, gauntlet 之一；收到的是 'x'",
        ),
        (
            [*TOURNAMENT, "random,greedy", "--players", "3", "--duplicate", "-n", "2"],
            {"LANG": "de_DE.UTF-8"},
            "Fehler: --duplicate teilt jede Verteilung einmal je Platzrotation aus: -n (Partien je Tisch) muss ein "
            "Vielfaches von 3 (den Spielern) sein; angegeben: 2",
        ),
        (
            [*TOURNAMENT, "random", "--players", "2"],
            {"LANG": "zh_CN.UTF-8"},
            "错误：锦标赛需要在 --bots 中至少指定两个不同的机器人",
        ),
    ],
)
def test_a_study_commands_refusal_is_said_in_the_terminals_language(home, args, env, refused) -> None:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200", "LANGUAGE": "", "LC_ALL": "", **env})
    assert result.exit_code == 2, result.output
    assert result.output.startswith(refused), result.output
