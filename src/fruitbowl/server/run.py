"""Starting the web table: ``fruitbowl serve`` calls :func:`serve`."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .db import default_db_url


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None, bot_delay: float = 0.6) -> None:
    """Run the server until interrupted. ``bot_delay`` paces bot moves so people can follow them."""
    url = db_url or default_db_url()
    app = create_app(url, bot_delay=bot_delay)
    print(f"fruitbowl: the table is open at http://{host}:{port}/  (database: {_safe(url)})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _safe(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, where = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{where}"
    return url
