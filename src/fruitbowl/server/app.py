"""The web table's application: API, WebSocket and the static browser client in one process."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from fruitbowl.engine import FruitbowlError

from .account_api import build_account_router
from .accounts import Accounts
from .api import build_router, error, handle_errors, install_websocket, refusal
from .arena import MATCH_WAIT, Arena
from .arena_api import build_arena_router
from .boards import install_boards
from .db import default_db_url, make_engine, make_sessionmaker
from .errors import StoreFailed, database_error
from .eviction import IDLE_AFTER, Evictor
from .html_pages import error_page, wants_page
from .languages import ReaderLanguage
from .limits import BodyLimit, Limits
from .page_catalogs import build_page_catalog_router
from .rules_pages import install_rules_pages
from .security import BodyTimeout, SecurityHeaders, normalize_origins
from .tables import TableService

log = logging.getLogger("fruitbowl.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.0,
    bot_time_limit: float = 5.0,
    limits: Limits | None = None,
    claim_interval: float = 2.0,
    allowed_origins: Sequence[str] = (),
    evict_after: float = IDLE_AFTER,
) -> FastAPI:
    """The server for a database URL (SQLite in the data directory by default).

    With PostgreSQL, several processes may serve the same database (see :mod:`.cluster`).
    ``allowed_origins`` are the other sites whose pages may open this server's WebSockets;
    tables nobody used for ``evict_after`` seconds leave memory (0: never).
    """
    limits = limits or Limits()
    engine = make_engine(db_url or default_db_url())
    service = TableService(
        make_sessionmaker(engine), bot_delay=bot_delay, bot_time_limit=bot_time_limit, claim_interval=claim_interval
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        evictor.start()
        yield
        await evictor.stop()
        await service.stop()
        service.executor.shutdown(wait=False, cancel_futures=True)
        engine.dispose()

    app = FastAPI(title="fruitbowl", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.service = service
    app.state.allowed_origins = normalize_origins(tuple(allowed_origins))
    evictor = Evictor(service, evict_after)
    app.state.limits = limits
    app.include_router(build_router(service, limits))
    accounts = Accounts(make_sessionmaker(engine))
    app.include_router(build_account_router(accounts, limits, service.reread))
    # FRUITBOWL_ARENA_WAIT: seconds a queued bot waits for another before meeting a built-in one
    arena_wait = float(os.environ.get("FRUITBOWL_ARENA_WAIT", MATCH_WAIT))
    app.state.arena = Arena(make_sessionmaker(engine), service.create, service.join, arena_wait)
    app.include_router(build_arena_router(app.state.arena, accounts, limits))
    app.include_router(build_page_catalog_router())
    install_websocket(app, service, limits)
    app.add_exception_handler(FruitbowlError, handle_errors)
    app.add_exception_handler(SQLAlchemyError, _database_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected_error)
    app.add_middleware(BodyLimit, max_body=limits.max_body)
    app.add_middleware(BodyTimeout, timeout=limits.body_timeout)  # it times the body's arrival
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ReaderLanguage)  # (outermost: a refusal of any layer is said in the reader's words)

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    install_boards(app)
    install_rules_pages(app)

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False, response_model=None)
    def table_page(table_id: str) -> FileResponse | HTMLResponse:
        if not service.store.table_exists(table_id):
            return error_page("No such table", f"there is no table {table_id!r}: check the link, or start a table")
        return FileResponse(WEB_DIR / "table.html")

    @app.get("/account", include_in_schema=False)
    def account_page() -> FileResponse:
        """Sign in or create an account; once signed in, your games, signing out, deleting it."""
        return FileResponse(WEB_DIR / "account.html")

    @app.get("/p/{name}", include_in_schema=False)
    def player_page(name: str) -> FileResponse:
        """A player's ratings, rating over time and recent rated games."""
        return FileResponse(WEB_DIR / "player.html")

    @app.get("/leaderboards/{game_id}", include_in_schema=False)
    def leaderboard_page(game_id: str) -> FileResponse:
        """A game's best players."""
        return FileResponse(WEB_DIR / "player.html")

    @app.get("/c/{campaign_id}", include_in_schema=False)
    def campaign_page(campaign_id: str) -> FileResponse:
        """A campaign's players, games and (for its owner) the next game's seats."""
        return FileResponse(WEB_DIR / "campaign.html")

    return app


async def _database_error(request: Request, exc: Exception) -> JSONResponse:
    """The database is busy (SQLite locked), unreachable or out of disk: 503, nothing changed, try
    again; a collision: 409; anything else is logged with its traceback (500)."""
    problem = database_error(exc)
    if isinstance(problem, StoreFailed):
        log.error("%s %s: database error", request.method, request.url.path, exc_info=exc)
    else:
        log.warning("%s %s: %s", request.method, request.url.path, exc)
    return refusal(problem)


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    """A bug: logged with its traceback; the client gets one sentence, never the traceback."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return error(500, "the server failed to handle this request (the error is logged)")


#: The sentence for an HTTP error raised by FastAPI or Starlette themselves (not by our routes).
HTTP_SENTENCES = {
    400: "the request body is not valid JSON (or nests too deeply)",
    404: "there is nothing at this address",
    405: "this address does not take {method} requests",
}


async def _http_error(request: Request, exc: Exception) -> Response:
    """FastAPI's and Starlette's own refusals (unknown route, wrong method, unparsable body) in the
    project's shape: ``{"error": "one sentence"}`` instead of ``{"detail": …}``; a browser
    following a link to an unknown address gets a page."""
    assert isinstance(exc, StarletteHTTPException)
    known = HTTP_SENTENCES.get(exc.status_code)
    sentence = known.format(method=request.method) if known else str(exc.detail)
    if exc.status_code == 404 and wants_page(request):
        return error_page("Page not found", sentence)
    response = error(exc.status_code, sentence)
    for name, value in (exc.headers or {}).items():
        response.headers[name] = value
    return response


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    """Pydantic's error list condensed to one sentence naming the field and the problem."""
    assert isinstance(exc, RequestValidationError)
    problems = []
    for item in exc.errors()[:3]:
        if item.get("type") == "json_invalid":
            reason = (item.get("ctx") or {}).get("error", "")
            return error(422, f"the request body is not valid JSON{': ' + str(reason) if reason else ''}")
        where = ".".join(str(part) for part in item.get("loc", ()) if part not in ("body", "query", "header"))
        problems.append(f"{where or 'request'}: {item.get('msg', 'invalid')}")
    return error(422, "; ".join(problems) or "invalid request")
