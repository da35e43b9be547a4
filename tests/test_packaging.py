"""What ``pip install`` ships: every built-in game declared as an entry point, and every data
file in a game's folder packaged (issue 21: a new game is one folder, with nothing to list)."""

from __future__ import annotations

import tomllib
from importlib.metadata import entry_points
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "fruitbowl"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_game_folder_is_declared_and_installed_as_a_fruitbowl_games_entry_point() -> None:
    folders = sorted(path.parent.name for path in (PACKAGE / "games").glob("*/plugin.py"))
    declared = PYPROJECT["project"]["entry-points"]["fruitbowl.games"]
    assert sorted(declared) == folders
    assert all(value == f"fruitbowl.games.{name}.plugin:PLUGIN" for name, value in declared.items())
    installed = {entry.name: entry.value for entry in entry_points(group="fruitbowl.games")}
    assert {name: installed.get(name) for name in declared} == declared, "run: pip install -e ."


def _globbed(name: str, pattern: str) -> bool:
    """Whether setuptools' glob ``pattern`` (``*`` within one folder) takes the file ``name``."""
    path, glob = PurePosixPath(name), PurePosixPath(pattern)
    return len(path.parts) == len(glob.parts) and path.match(pattern)


def test_every_data_file_in_a_game_folder_is_packaged() -> None:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["fruitbowl"]
    data = [
        path.relative_to(PACKAGE).as_posix()
        for path in (PACKAGE / "games").rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts
    ]
    assert data, "the games have data files"
    unshipped = [name for name in data if not any(_globbed(name, pattern) for pattern in patterns)]
    assert unshipped == []
