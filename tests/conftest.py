"""Markers for the parts of the suite a developer may want to leave out while working.

* ``browser``: drives Debian's Chromium through Playwright (everything under ``tests/web``);
* ``postgres``: needs a PostgreSQL server (the PostgreSQL half of the server tests, and tests
  that start their own cluster);
* ``slow``: takes more than a few seconds (whole-game sweeps, load and soak runs), listed in
  :data:`SLOW_MODULES`.

``python -m pytest -n 2 -m "not slow and not browser and not postgres"`` is the fast part (about
a minute on two cores); ``scripts/check`` runs everything.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

#: Test modules whose tests take several seconds each (``--durations`` on 2 December 2026).
SLOW_MODULES = frozenset(
    {
        "bots/test_greedy.py",
        "bots/test_ismcts.py",
        "cli/test_campaign.py",
        "cli/test_citrus_terminal.py",
        "cli/test_fabledfruit_board.py",
        "cli/test_interrupt.py",
        "cli/test_terminal_games.py",
        "engine/test_conformance_tanghulu.py",
        "example_game/test_windfall.py",
        "games/citrus/test_conformance.py",
        "games/fabledfruit/test_conformance.py",
        "games/juicyfruits/test_conformance.py",
        "games/juicyfruits/test_modules.py",
        "reliability/test_soak.py",
        "rl/test_openspiel.py",
        "server/test_light_table.py",
        "server/test_scaleout.py",
        "sim/test_ray.py",
    }
)

#: Fixtures that need a PostgreSQL server.
POSTGRES_FIXTURES = frozenset({"pg_server", "pg_private"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).resolve()
        if not path.is_relative_to(HERE):
            continue  # (the README's and docs' examples, collected as doctests)
        relative = path.relative_to(HERE).as_posix()
        if relative.startswith("web/"):
            item.add_marker(pytest.mark.browser)
        if relative in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("db_url") == "postgresql"
        if on_postgres or POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
