"""The Matplotlib figures a command saves, kept so that a test can read their words."""

from __future__ import annotations

from typing import Any

import pytest
from matplotlib.figure import Figure


def keep_saved_figures(monkeypatch: pytest.MonkeyPatch) -> list[Figure]:
    """From now on every figure saved is also appended to the list returned (and still saved)."""
    drawn: list[Figure] = []
    save = Figure.savefig

    def keep(figure: Figure, *args: Any, **kwargs: Any) -> None:
        drawn.append(figure)
        save(figure, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    return drawn
