"""The web table's application: API, WebSocket and the static browser client in one process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from fruitbowl.engine import FruitbowlError

from .api import build_router, error, handle_errors, install_websocket
from .db import default_db_url, make_engine, make_sessionmaker
from .tables import TableError, TableService

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0, bot_time_limit: float = 5.0) -> FastAPI:
    """The server for a database URL (SQLite in the data directory by default)."""
    engine = make_engine(db_url or default_db_url())
    service = TableService(make_sessionmaker(engine), bot_delay=bot_delay, bot_time_limit=bot_time_limit)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.resume_all()
        yield
        service.executor.shutdown(wait=False, cancel_futures=True)
        engine.dispose()

    app = FastAPI(title="fruitbowl", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.service = service
    app.include_router(build_router(service))
    install_websocket(app, service)
    app.add_exception_handler(TableError, handle_errors)
    app.add_exception_handler(FruitbowlError, handle_errors)
    app.add_exception_handler(RequestValidationError, _validation_error)

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "table.html")

    return app


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    """Pydantic's error list condensed to one sentence naming the field and the problem."""
    assert isinstance(exc, RequestValidationError)
    problems = []
    for item in exc.errors()[:3]:
        where = ".".join(str(part) for part in item.get("loc", ()) if part not in ("body", "query", "header"))
        problems.append(f"{where or 'request'}: {item.get('msg', 'invalid')}")
    return error(422, "; ".join(problems) or "invalid request")
