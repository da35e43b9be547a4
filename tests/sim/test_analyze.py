"""Balance reports: component uses per game, the statistics, and the self-contained HTML."""

from __future__ import annotations

from pathlib import Path

import pytest

from fruitbowl.engine import Action, Event
from fruitbowl.sim.analyze import analyze, wilson
from fruitbowl.sim.backends import InlineBackend
from fruitbowl.sim.components import component_label, uses
from fruitbowl.sim.report import write_report
from fruitbowl.sim.schedule import simulation_tasks
from fruitbowl.sim.tournament import play_games


def _games(game: str, n: int, players: int) -> list:
    return play_games(simulation_tasks(game, n, players, seed=2), InlineBackend())


@pytest.mark.parametrize(
    ("game", "categories"),
    [
        ("citrus", {"plantation tile", "action tile", "market line"}),
        ("fabledfruit", {"location used", "location bought"}),
        ("juicyfruits", {"business token", "ship"}),
        ("tanghulu", {"pattern"}),
    ],
)
def test_each_game_reports_its_components(game: str, categories: set[str]) -> None:
    data = analyze(game, _games(game, 2, 3))
    found = {c["category"] for c in data["components"]}
    assert categories <= found, found
    for category in data["components"]:
        for item in category["items"]:
            assert item["uses"] >= item["used_by"] >= 1


def test_labels_name_the_component() -> None:
    data = analyze("fabledfruit", _games("fabledfruit", 1, 2))
    used = next(c for c in data["components"] if c["category"] == "location used")
    # recorded by the location's id ("6", "1L"), said by its number and name ("#6 Two pineapples for five")
    assert all(item["name"].rstrip("L").isdigit() for item in used["items"])
    said = [component_label("fabledfruit", "location used", item["name"]) for item in used["items"]]
    assert all(name.startswith("#") and len(name) > 4 for name in said), said


def test_the_generic_rule_finds_components_a_hook_does_not_know() -> None:
    action = Action(0, "raise statue", "statue", {})
    events = [
        Event("statue_raised", 1, {"statue": "ST4", "points": 3}),
        Event("shuffle", None, {"location": 9}),  # no acting seat: nobody used it
    ]
    assert uses("juicyfruits", action, 1, events) == [(1, "statue raised statue", "ST4")]
    lime = Event("lime_visit", 0, {"location": 63})
    assert uses("somegame", Action(1, "x", "x", {}), 0, [lime]) == [(0, "lime visit location", "63")]


def test_statistics_add_up() -> None:
    games = _games("tanghulu", 12, 3)
    data = analyze("tanghulu", games)
    assert data["games"] == 12 and data["players"] == 3
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(12)
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert 0 <= low <= seat["rate"] <= high <= 1
    assert sum(kind["uses"] for kind in data["action_kinds"]) == sum(g.actions for g in games)
    assert data["length"]["n"] == 12 and data["length"]["min"] <= data["length"]["mean"] <= data["length"]["max"]
    assert data["scores"]["by_seat"][0]["n"] == 12
    assert {c["category"] for c in data["scores"]["categories"]} == {"tiles", "sweets", "king"}


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_report_is_self_contained(tmp_path: Path) -> None:
    data = analyze("tanghulu", _games("tanghulu", 3, 2), {"kind": "simulation"})
    page, raw = write_report(data, tmp_path / "out")
    text = page.read_text()
    assert "<img" in text and "http" not in text.replace("http-equiv", "")  # nothing fetched from elsewhere
    assert text.count("data:image/png;base64,") == 4 + len(data["components"])
    assert raw.exists()
