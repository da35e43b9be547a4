"""Which player counts each board side and variant allows (issue 18 §4).

The rulebook (seed): "If you have 2-3 players, you can play either the short or the long version.
However, for 4-5 players, it's recommended to play the long version." — a recommendation, not a
rule; the rules reference (§3.2, §11.4): "All rules are identical for 2–5 players" and "The engine
allows any combination". The family version (§11.2) names no player count. So every board side and
variant is playable by 2 to 5 players, and only counts outside 2–5 are refused, with one sentence,
by every front end: ``fruitbowl play`` / ``simulate`` / ``tournament`` and the server's tables.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from fruitbowl.server import create_app  # noqa: E402
from tests.server.helpers import create  # noqa: E402

from .positions import dealt  # noqa: E402

BOARDS = ("long", "short")


@pytest.mark.parametrize("family", [False, True])
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_board_and_variant_is_set_up_for_two_to_five(players: int, board: str, family: bool) -> None:
    """2–3 players "can play either the short or the long version"; 4–5 are only *recommended*
    the long one; the family version changes a building rule, not who may play."""
    state = dealt(players, 11, {"board": board, "family": family})
    view = state.view(0)
    assert len(view["players"]) == players
    assert {a.kind for a in state.legal_actions()} >= {"buy"}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FRUITBOWL_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "100")
    return tmp_path / "home"


@pytest.mark.parametrize(("players", "board"), [(2, "long"), (5, "short")])
def test_play_starts_two_on_the_long_board_and_five_on_the_short(home: Path, players: int, board: str) -> None:
    bots = ",".join(["random"] * (players - 1))
    args = ["play", "citrus", "-p", str(players), "-o", f"board={board}", "--bots", bots, "--seed", "3"]
    result = CliRunner().invoke(app, args, input="buy R0\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Your move" in result.output and "error" not in result.output.lower()


@pytest.mark.parametrize(
    "command",
    [
        ["play", "citrus", "-p", "6", "-o", "board=long"],
        ["play", "citrus", "-p", "1", "-o", "board=short", "-o", "family=true"],
        ["simulate", "citrus", "-p", "6", "--games", "1"],
        ["tournament", "citrus", "-p", "6", "--bots", "random,random", "--games", "1"],
    ],
)
def test_counts_outside_two_to_five_are_refused_with_one_sentence(home: Path, command: list[str]) -> None:
    result = CliRunner().invoke(app, command, input="")
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "2–5 players" in lines[0], result.output
    assert "Traceback" not in result.output


def test_the_server_opens_tables_the_rules_allow_and_refuses_the_others(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        two_long = create(client, game="citrus", players=2, options={"board": "long"})
        five_short = create(client, game="citrus", players=5, options={"board": "short", "family": True})
        assert two_long["id"] != five_short["id"]
        refused = client.post("/api/tables", json={"game": "citrus", "players": 6, "options": {"board": "long"}})
        assert refused.status_code == 400
        message = refused.json()["error"]
        assert "2–5 players" in message and "\n" not in message
        assert len(client.get("/api/tables").json()["tables"]) == 2
