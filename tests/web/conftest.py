"""Fixtures for the browser tests: a real server on a free port and Debian's headless Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOT_DIR = Path(__file__).parent / "screenshots"

if not CHROMIUM.exists() and os.environ.get("CI"):
    raise RuntimeError("CI must run the browser tests: .ci/run installs Debian's chromium")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without Chromium, skip every test that drives the browser (the rest of this folder runs)."""
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(
        reason="browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"
    )
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with a fresh SQLite database, running in a background thread."""
    from fruitbowl.server import create_app

    db = tmp_path_factory.mktemp("server") / "t.db"
    with serving(create_app(f"sqlite:///{db}", bot_delay=0)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/web/screenshots/ when FRUITBOWL_SCREENSHOTS=1, a temporary directory otherwise."""
    if os.environ.get("FRUITBOWL_SCREENSHOTS") == "1":
        SCREENSHOT_DIR.mkdir(exist_ok=True)
        return SCREENSHOT_DIR
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture(autouse=True)
def close_pages_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test opened: a table page left open keeps its renderer busy
    (WebSocket, animations) and slows every later test."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
