"""Per-address guards of the HTTP API: the invalid-token lockout on every route, and large
responses built off the event loop.

* :class:`GuardedRoute` is the API router's route class: any route that refuses a token this
  table did not issue (:class:`~.errors.InvalidToken`: a seat, host or invitation token, in a
  GET or a POST) counts a strike against the table and the client's address
  (:class:`~.limits.TokenLockout`); past the allowance the refusal becomes 429 with
  ``Retry-After``. A valid token never meets the lockout.
* :meth:`OffLoop.json` builds a response (a Citrus snapshot for the seat to act is hundreds of
  KiB) and serialises it in a worker thread, so the event loop keeps serving moves and other
  tables meanwhile; at most :data:`BUILDERS` are built at once, so that the loop keeps its share
  of the interpreter.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

import anyio
from fastapi import Request, Response
from fastapi.routing import APIRoute

from .errors import InvalidToken, TooMany
from .limits import TokenLockout

#: Large responses built at once in worker threads.
BUILDERS = 2


def client_address(request: Request) -> str:
    """The client's address: the peer's, or the one a trusted proxy forwarded (``--trusted-proxy``)."""
    return request.client.host if request.client else "?"


def guarded_route(lockout: TokenLockout) -> type[APIRoute]:
    """A route class that feeds invalid tokens to ``lockout`` (see the module docstring)."""

    class GuardedRoute(APIRoute):
        def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
            handler = super().get_route_handler()

            async def guarded(request: Request) -> Response:
                try:
                    return await handler(request)
                except InvalidToken as exc:
                    table_id = str(request.path_params.get("table_id", "?"))
                    wait = lockout.strike(table_id, client_address(request))
                    if wait is not None:
                        raise TooMany(lockout.message(wait), wait) from exc
                    raise

            return guarded

    return GuardedRoute


class OffLoop:
    """Builds large responses in worker threads, :data:`BUILDERS` at a time (one per app)."""

    def __init__(self, builders: int = BUILDERS):
        self.builders = builders
        self._limiter: anyio.CapacityLimiter | None = None

    async def json(self, build: Callable[[], Any]) -> Response:
        """``build()`` and its JSON, made in a worker thread: a response ready to send."""
        if self._limiter is None:  # made on the app's own event loop
            self._limiter = anyio.CapacityLimiter(self.builders)

        def render() -> bytes:
            # As Starlette's JSONResponse renders.
            return json.dumps(build(), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()

        body = await anyio.to_thread.run_sync(render, limiter=self._limiter)
        return Response(body, media_type="application/json")
