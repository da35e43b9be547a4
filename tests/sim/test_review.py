"""Game review: chances from each seat's view after every move, turning points, and a PNG."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import Match, Player, get_game
from fruitbowl.sim.review import review


def _finished_game(path: Path) -> Path:
    match = Match.new(get_game("tanghulu"), [Player("Ada"), Player("Bo", "random")], seed=21)
    rng = random.Random(21)
    while not match.state.is_terminal():
        match.apply(rng.choice(match.state.legal_actions()))
    match.save(path)
    return path


def test_review_has_a_point_per_move_and_ends_with_the_result(tmp_path: Path) -> None:
    record = Match.load(_finished_game(tmp_path / "game.json")).record
    result = review(record, playouts=8)
    assert len(result.chances) == len(record.actions) + 1 == len(result.moves)
    assert all(0.0 <= chance <= 1.0 for point in result.chances for chance in point)
    assert record.result is not None
    winners = record.result["winners"]
    assert result.chances[-1] == [(1 / len(winners) if seat in winners else 0.0) for seat in range(2)]
    assert len(result.swings) == 3 and all(1 <= point < len(result.chances) for point in result.swings)


def test_review_command_writes_a_png_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    game = _finished_game(tmp_path / "game.json")
    png = tmp_path / "chart.png"
    output = runner.invoke(app, ["review", str(game), "--out", str(png), "--playouts", "4", "--json"])
    assert output.exit_code == 0, output.output
    assert png.read_bytes().startswith(b"\x89PNG")
    data = json.loads(output.stdout.strip().splitlines()[-1])
    assert data["names"] == ["Ada", "Bo"] and len(data["chances"]) == len(data["moves"])


def test_review_refuses_a_damaged_record(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    output = runner.invoke(app, ["review", str(bad)])
    assert output.exit_code == 2 and "not valid JSON" in output.output
    assert not (tmp_path / "bad.review.png").exists()
