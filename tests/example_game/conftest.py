"""Windfall, the example game, found the way an installed game is: through its package's
``fruitbowl.games`` entry point, read by :func:`importlib.metadata.entry_points`.

The fixture writes what ``pip install`` would (the package's ``.dist-info`` with its entry points,
taken from ``pyproject.toml``) into a temporary folder, and puts that folder and the package on
``sys.path`` (``PYTHONPATH`` for the commands and servers the tests start). Nothing is installed
into the environment, so the other tests never see the game.
"""

from __future__ import annotations

import importlib
import os
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from fruitbowl.engine import registry

PACKAGE_DIR = Path(__file__).parent
PROJECT = tomllib.loads((PACKAGE_DIR / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def write_dist_info(site: Path) -> None:
    """The installed distribution's metadata, as ``pip install`` writes it."""
    name, version = PROJECT["name"], PROJECT["version"]
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    lines = []
    for group, entries in PROJECT["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{key} = {value}" for key, value in entries.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


@contextmanager
def windfall_installed(site: Path) -> Iterator[dict[str, str]]:
    """Windfall installed (its metadata written into ``site``) while the block runs; yields the
    environment for subprocesses. Afterwards the game is forgotten again."""
    write_dist_info(site)
    paths = [str(site), str(PACKAGE_DIR)]
    sys.path[:0] = paths
    importlib.invalidate_caches()
    registry.discover()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*paths, *filter(None, [env.get("PYTHONPATH")])])
    try:
        yield env
    finally:
        for path in paths:
            sys.path.remove(path)
        registry.unregister("windfall")
        for module in [m for m in sys.modules if m == "fruitbowl_windfall" or m.startswith("fruitbowl_windfall.")]:
            del sys.modules[module]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Windfall installed for this module's tests; yields the environment for subprocesses."""
    with windfall_installed(tmp_path_factory.mktemp("site")) as env:
        yield env
