"""Shared fixtures for the simulation tests."""

from __future__ import annotations

import pytest

from fruitbowl.bots import base
from fruitbowl.bots.random_bot import RandomBot


@pytest.fixture
def random_b(monkeypatch: pytest.MonkeyPatch) -> str:
    """A second random bot, 'random-b', registered for one test: tournaments need two bots to rate.

    Process backends in these tests fork, so their workers see it too.
    """
    monkeypatch.setitem(base._BOTS, "random-b", RandomBot)
    return "random-b"
