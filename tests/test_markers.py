"""The markers of tests/conftest.py select what they promise, so `-m "not slow and not browser
and not postgres"` really is the part that needs neither a browser nor PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import SLOW_MODULES, SLOW_TESTS

ROOT = Path(__file__).resolve().parents[1]


def _collect(marker: str, *paths: str) -> list[str]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-o",
            "addopts=",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            marker,
            *paths,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 5), done.stdout + done.stderr  # (5: nothing selected)
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_browser_selects_exactly_the_browser_tests() -> None:
    chosen = _collect("browser", "tests/web/test_csp.py", "tests/engine/test_actions.py")
    assert chosen and all(item.startswith("tests/web/") for item in chosen)


def test_postgres_selects_the_postgresql_half_of_the_server_tests() -> None:
    chosen = _collect("postgres", "tests/server/test_api.py")
    assert chosen and all("[postgresql" in item or "postgresql]" in item for item in chosen)
    sqlite = _collect("not postgres", "tests/server/test_api.py")
    assert sqlite and not any("postgresql" in item for item in sqlite)


def test_slow_selects_the_listed_modules_only() -> None:
    chosen = _collect("slow", "tests/games/citrus/test_conformance.py", "tests/engine/test_actions.py")
    assert chosen and all(item.startswith("tests/games/citrus/test_conformance.py") for item in chosen)
    one = _collect("slow", "tests/server/test_restart.py")
    assert one and all("::test_kill_9_mid_game_loses_nothing[" in item for item in one)
    rest = _collect("not slow", "tests/server/test_restart.py")
    assert rest and not any("test_kill_9_mid_game_loses_nothing" in item for item in rest)


def test_every_slow_entry_names_a_module_or_test_that_exists() -> None:
    """A renamed module or test would silently fall back into the fast part."""
    for entry in sorted(SLOW_MODULES | SLOW_TESTS):
        module, _, name = entry.partition("::")
        path = ROOT / "tests" / module
        assert path.is_file(), f"tests/conftest.py lists {entry}, but there is no {path}"
        if name:
            assert f"def {name}(" in path.read_text(encoding="utf-8"), f"{path} has no test {name}"
