"""Where fruitbowl keeps its files: saves, the server's database.

``$FRUITBOWL_HOME`` if set (tests redirect it), else ``$XDG_DATA_HOME/fruitbowl``, else
``~/.local/share/fruitbowl``.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_home() -> Path:
    home = os.environ.get("FRUITBOWL_HOME")
    if home:
        return Path(home).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "fruitbowl"
