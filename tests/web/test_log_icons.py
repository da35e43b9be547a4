"""The event log shows each entry with a small icon of its kind (UX: "in plain sentences with
small icons"). A kind the page's renderer does not list fell back to a grey dot unnoticed: Tang
Hu Lu's purchases of coins by working, its completed sticks and its end, Fabled Fruit's chosen
player, Juicy Fruits' claims by Pineapple. Every kind that the stored games of each game log
(``tests/games/<game>/golden``: every player count and module) has its own entry, naming an icon
the page has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "src" / "fruitbowl" / "web" / "js"


def object_keys(source: str, name: str) -> dict[str, str]:
    """The ``key: "value"`` entries of the flat object literal ``name`` in a module's source."""
    start = source.index(f"{name} = {{")
    body = source[start : source.index("};", start)]
    return dict(re.findall(r'^\s+(\w+): "(\w+)",?$', body, re.MULTILINE))


def logged_kinds(game: str) -> set[str]:
    kinds = set()
    for path in (ROOT / "tests" / "games" / game / "golden").glob("*.json"):
        kinds |= {event["kind"] for _move, event in json.loads(path.read_text(encoding="utf-8"))["log"]}
    return kinds


ICONS = set(re.findall(r"^\s+(\w+): '", (JS / "icons.js").read_text(encoding="utf-8"), re.MULTILINE))


#: every game of the project: each keeps its stored games in tests/games/<game>/golden
GAMES = sorted(path.parent.name for path in (ROOT / "tests" / "games").glob("*/golden"))


@pytest.mark.parametrize("game", GAMES)
def test_every_logged_event_kind_has_its_icon(game: str) -> None:
    icons = object_keys((JS / "games" / f"{game}.js").read_text(encoding="utf-8"), "LOG_ICONS")
    kinds = logged_kinds(game)
    assert len(kinds) > 5, "the game's stored games log events"
    assert sorted(kinds - icons.keys()) == [], "kinds the log would show with the fallback dot"
    assert set(icons.values()) <= ICONS, "every icon named is one the page draws"
