"""A throwaway PostgreSQL cluster for tests and benchmarks (Debian's ``postgresql`` package).

``initdb`` into a temporary directory, ``pg_ctl start`` on a free port with ``trust``
authentication on 127.0.0.1 only, and ``pg_ctl stop -m immediate`` plus removal at the end.
As root the server runs as the ``postgres`` user, which it insists on. Nothing here touches
an existing cluster.

    with ThrowawayPostgres() as pg:
        url = pg.create_database()      # postgresql://postgres@127.0.0.1:PORT/fruitbowl_...
        ...
        pg.stop(); pg.start()           # to test what happens while the database is away
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import tempfile
from types import TracebackType

from .run import free_port


def postgres_bindir() -> str | None:
    """The newest installed PostgreSQL's ``bin`` directory, or ``None``."""
    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(binaries[-1]) if binaries else None


class ThrowawayPostgres:
    def __init__(self, fsync: bool = False, max_connections: int = 200):
        bindir = postgres_bindir()
        if bindir is None:
            raise RuntimeError("no PostgreSQL: install Debian's postgresql package")
        self.bindir = bindir
        self.fsync, self.max_connections = fsync, max_connections
        self.data = tempfile.mkdtemp(prefix="fruitbowl-pg-")
        self.port = free_port()
        self._as_postgres: list[str] = []
        if os.geteuid() == 0:  # the server refuses to run as root
            shutil.chown(self.data, "postgres")
            self._as_postgres = ["runuser", "-u", "postgres", "--"]
        subprocess.run(
            [*self._as_postgres, f"{bindir}/initdb", "-D", self.data, "-A", "trust", "-U", "postgres"],
            check=True,
            capture_output=True,
        )
        self.running = False

    @property
    def url(self) -> str:
        """The server's ``postgres`` database (for creating others)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 "
            f"-c fsync={'on' if self.fsync else 'off'} -c max_connections={self.max_connections}"
        )
        subprocess.run(
            [
                *self._as_postgres,
                f"{self.bindir}/pg_ctl",
                "-D",
                self.data,
                "-o",
                options,
                "-l",
                f"{self.data}/log",
                "-w",
                "start",
            ],
            check=True,
            capture_output=True,
        )
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: disconnect everyone; ``immediate``: as if the machine died)."""
        subprocess.run(
            [*self._as_postgres, f"{self.bindir}/pg_ctl", "-D", self.data, "-m", mode, "-w", "stop"],
            capture_output=True,
        )
        self.running = False

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its URL."""
        import sqlalchemy as sa

        name = name or f"fruitbowl_{secrets.token_hex(4)}"
        admin = sa.create_engine(
            self.url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
        )
        try:
            with admin.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        finally:
            admin.dispose()
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def close(self) -> None:
        if self.running:
            self.stop("immediate")
        shutil.rmtree(self.data, ignore_errors=True)

    def __enter__(self) -> ThrowawayPostgres:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()
