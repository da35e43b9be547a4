"""Server test fixtures: a fresh database per test, on SQLite and on PostgreSQL.

PostgreSQL comes from ``FRUITBOWL_TEST_PG`` (a server URL such as
``postgresql://postgres@127.0.0.1:5432/postgres``) or, when that is unset and Debian's
``postgresql`` package is installed, from a throwaway cluster this test session starts and
stops itself. Each test gets its own database. Without either, the PostgreSQL half is skipped
with that reason, except under CI, where it fails.
"""

from __future__ import annotations

import os
import secrets
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from fruitbowl.server.pgcluster import ThrowawayPostgres, postgres_bindir

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from fruitbowl.server import create_app  # noqa: E402

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str | None]:
    """A PostgreSQL server URL: the configured one, or a throwaway local cluster, or None."""
    configured = os.environ.get("FRUITBOWL_TEST_PG")
    if configured:
        yield configured
        return
    if postgres_bindir() is None:
        yield None
        return
    with ThrowawayPostgres() as cluster:
        yield cluster.url


@pytest.fixture
def pg_private() -> Iterator[ThrowawayPostgres]:
    """A throwaway cluster of this test's own, which the test may stop and start."""
    if postgres_bindir() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test the server on PostgreSQL: install postgresql")
        pytest.skip("no PostgreSQL: install Debian's postgresql package")
    with ThrowawayPostgres() as cluster:
        yield cluster


def _pg_database(server: str | None) -> Iterator[str]:
    import sqlalchemy as sa

    if not server:
        if os.environ.get("CI"):
            pytest.fail("CI must test the server on PostgreSQL: install postgresql or set FRUITBOWL_TEST_PG")
        pytest.skip("no PostgreSQL: install Debian's postgresql package or set FRUITBOWL_TEST_PG")
    name = f"fruitbowl_test_{secrets.token_hex(4)}"
    admin = sa.create_engine(server.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    base, _, _ = server.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
    else:
        yield from _pg_database(request.getfixturevalue("pg_server"))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client
