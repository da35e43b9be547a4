"""Where saves go: ``saves/`` in fruitbowl's data directory (see :mod:`fruitbowl.paths`)."""

from __future__ import annotations

import time
from pathlib import Path

from fruitbowl.paths import data_home


def saves_dir() -> Path:
    return data_home() / "saves"


def new_save_path(game_id: str) -> Path:
    """A fresh ``saves/<game>-<timestamp>.json`` that does not exist yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game_id}-{stamp}.json"
    counter = 2
    while path.exists():
        path = saves_dir() / f"{game_id}-{stamp}-{counter}.json"
        counter += 1
    return path
