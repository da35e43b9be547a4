"""Starting the web table: ``fruitbowl serve`` calls :func:`serve`."""

from __future__ import annotations

import dataclasses
import gc
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import uvicorn
from sqlalchemy.exc import SQLAlchemyError

from fruitbowl.engine.wording import ENGLISH, _, speaking

from .app import create_app
from .db import default_db_url
from .errors import ServeError
from .limits import Limits
from .protocols import HttpProtocol, WebSocketProtocol


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str | None = None,
    bot_delay: float = 0.6,
    trusted_proxies: Sequence[str] = (),
    allowed_origins: Sequence[str] = (),
) -> None:
    """Run the server until interrupted. ``bot_delay`` paces bot moves so people can follow them.

    ``trusted_proxies`` (addresses or networks) are the reverse proxies whose ``X-Forwarded-For``
    and ``X-Forwarded-Proto`` are believed; with none (the default) the peer's address is the
    client's, whatever headers it sends, so per-address limits cannot be dodged by a header.

    Its own lines and refusals are said in the language being spoken (the terminal's); the
    server itself speaks each reader's language, never the terminal's."""
    url = db_url or default_db_url()
    limits = limits_from_env()
    claim_interval = float(os.environ.get("FRUITBOWL_CLAIM_INTERVAL", "2.0"))
    try:
        options = options_from_env()
        options["allowed_origins"] = [*options.get("allowed_origins", []), *allowed_origins]
        with speaking(ENGLISH):
            app = create_app(url, bot_delay=bot_delay, limits=limits, claim_interval=claim_interval, **options)
    except (OSError, SQLAlchemyError) as exc:
        raise ServeError(cannot_open(url, exc)) from None
    opened = _("fruitbowl: the table is open at {address}  (database: {database})")
    print(opened.format(address=f"http://{host}:{port}/", database=_safe(url)), flush=True)
    fewer_collector_pauses()
    with speaking(ENGLISH):
        uvicorn.run(
            app,
            host=host,
            port=port,
            log_level=os.environ.get("FRUITBOWL_LOG_LEVEL", "warning"),
            ws_max_size=2 * limits.max_ws_message,  # larger frames are cut off by uvicorn itself (close 1009)
            # uvicorn's protocols with a deadline for request headers, and WebSockets that can be cut off
            http=type("HttpProtocol", (HttpProtocol,), {"header_timeout": limits.header_timeout}),
            ws=WebSocketProtocol,
            proxy_headers=bool(trusted_proxies),
            forwarded_allow_ips=list(trusted_proxies) or None,
            # Asked to stop, a server stops: connections still open after this are cut (every move
            # is committed before it is answered, so nothing is lost).
            timeout_graceful_shutdown=SHUTDOWN_GRACE,
        )


#: Seconds open connections get to finish when the server is asked to stop.
SHUTDOWN_GRACE = 5

#: The garbage collector's thresholds in a serving process (Python's own: 700, 10, 10).
COLLECTOR_THRESHOLDS = (10_000, 20, 50)


def fewer_collector_pauses() -> None:
    """Make the garbage collector's pauses rarer in a process that serves many tables.

    With Python's thresholds a server at 300 mixed tables ran a full collection every 4–5 s,
    each 0.1–0.3 s during which the event loop stood still and every move in flight waited
    (docs/reliability.md). The objects made so far (modules, the app) are frozen out of every
    pass, young collections run on 10,000 new objects instead of 700, and a full one after 50
    of the middle generation's instead of 10. Objects are still freed as soon as nothing refers
    to them; only garbage in reference cycles waits longer."""
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


#: Environment variables that set a limit (seconds), mostly for tests that cannot wait long.
TIMEOUT_VARIABLES = {
    "FRUITBOWL_WS_SEND_TIMEOUT": "ws_send_timeout",
    "FRUITBOWL_HEADER_TIMEOUT": "header_timeout",
    "FRUITBOWL_BODY_TIMEOUT": "body_timeout",
    "FRUITBOWL_CLOCK_MINIMUM": "clock_minimum",  # the shortest clock a table may have (tests)
}


def cannot_open(url: str, exc: BaseException) -> str:
    """One sentence saying which database (or data directory) cannot be used, and why."""
    if url.startswith("sqlite:///"):
        file = Path(url.removeprefix("sqlite:///").partition("?")[0])
        if isinstance(exc, OSError):
            where = exc.filename or file.parent
            return _(
                "cannot keep the server's database in {where}: {reason} "
                "(set FRUITBOWL_HOME to a writable directory, or give --db)"
            ).format(where=where, reason=exc.strerror or exc)
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        return _(
            "cannot open the server's database {file}: {reason} "
            "(is {folder} a writable directory and {name} a database file?)"
        ).format(file=file, reason=reason, folder=file.parent, name=file.name)
    reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
    reason = reason.split(" (Background on this error")[0]
    return _("cannot open the database {url}: {reason}").format(url=_safe(url), reason=reason)


def options_from_env() -> dict[str, Any]:
    """``FRUITBOWL_ALLOWED_ORIGINS``: other sites (``https://host[:port]``, comma-separated) whose
    pages may open the table's WebSockets; ``FRUITBOWL_EVICT_AFTER``: seconds after which a table
    nobody uses leaves memory (0: never; it is read back from the database when asked for)."""
    options: dict[str, Any] = {}
    origins = os.environ.get("FRUITBOWL_ALLOWED_ORIGINS", "")
    if origins.strip():
        options["allowed_origins"] = [o for o in origins.split(",") if o.strip()]
    evict = os.environ.get("FRUITBOWL_EVICT_AFTER", "")
    if evict.strip():
        try:
            options["evict_after"] = float(evict)
        except ValueError:
            raise ServeError(
                _("{variable} must be a number of seconds, not {value!r}").format(
                    variable="FRUITBOWL_EVICT_AFTER", value=evict
                )
            ) from None
    return options


def limits_from_env() -> Limits:
    """The server's limits; ``FRUITBOWL_RATE_LIMITS=off`` lifts the rate limits (load tests only),
    and the variables of :data:`TIMEOUT_VARIABLES` set timeouts in seconds."""
    limits = Limits()
    if os.environ.get("FRUITBOWL_RATE_LIMITS", "").lower() in ("off", "0", "no", "false"):
        limits = Limits.relaxed()
    timeouts: dict[str, Any] = {}
    for variable, name in TIMEOUT_VARIABLES.items():
        if os.environ.get(variable):
            try:
                timeouts[name] = float(os.environ[variable])
            except ValueError:
                raise ServeError(
                    _("{variable} must be a number of seconds, not {value!r}").format(
                        variable=variable, value=os.environ[variable]
                    )
                ) from None
    return dataclasses.replace(limits, **timeouts)


def _safe(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, where = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{where}"
    return url


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def spawn(
    port: int,
    db_url: str,
    bot_delay: float = 0.0,
    env: dict[str, str] | None = None,
    options: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """``fruitbowl serve`` in a child process, returned once it answers (for tests and benchmarks).

    ``options`` are more ``fruitbowl serve`` options (``["--trusted-proxy", "127.0.0.1"]``).
    Its output goes to a temporary file (``process.log_path``), never to a pipe that nobody
    reads (a full pipe would stall the server).
    """
    command = ["serve", "--port", str(port), "--db", db_url, "--bot-delay", str(bot_delay), *options]
    with tempfile.NamedTemporaryFile(prefix=f"fruitbowl-serve-{port}-", suffix=".log", delete=False) as log:
        process = subprocess.Popen(
            [sys.executable, "-c", "from fruitbowl.cli.app import main; main()", *command],
            env={**os.environ, **(env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    process.log_path = log.name  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    process.wait()
    with open(log.name, errors="replace") as handle:
        error = handle.read()
    raise RuntimeError(f"fruitbowl serve did not start on port {port}: {error.strip()[-500:]}")
