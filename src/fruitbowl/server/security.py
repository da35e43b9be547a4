"""What a server on the open internet owes its pages and sockets, as ASGI middleware.

* :class:`BodyTimeout`: a request body must arrive within ``timeout`` seconds of its headers,
  else ``408`` with the project's error and the connection is closed (a client sending a body a
  byte a second no longer holds a connection). Headers have their own deadline, in
  :class:`fruitbowl.server.protocols.HttpProtocol`.
* :class:`SecurityHeaders`: a Content-Security-Policy (scripts only from this server, none
  inline; no framing), ``nosniff``, no referrer and ``X-Frame-Options: DENY`` on every answer.
* :func:`origin_refusal`: a browser's WebSocket must come from a page of this server (or of a
  site given to ``FRUITBOWL_ALLOWED_ORIGINS``).
"""

from __future__ import annotations

import asyncio
import json
import time

from .limits import ASGIApp, Message, Receive, Scope, SendFn


class BodyTimeout:
    """ASGI middleware: a request body that takes longer than ``timeout`` seconds is answered 408."""

    def __init__(self, app: ASGIApp, timeout: float):
        self.app, self.timeout = app, timeout

    async def __call__(self, scope: Scope, receive: Receive, send: SendFn) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = time.monotonic() + self.timeout
        state = {"refused": False, "started": False, "body_done": False}

        async def timed_receive() -> Message:
            if state["refused"]:
                return {"type": "http.disconnect"}
            if state["body_done"]:  # the body is in: what remains is waiting for a disconnect
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                if not state["started"]:
                    await self._refuse(send)
                state["refused"] = True
                return {"type": "http.disconnect"}
            if message["type"] != "http.request" or not message.get("more_body", False):
                state["body_done"] = True
            return message

        async def guarded_send(message: Message) -> None:
            if state["refused"]:
                return  # the 408 has been sent; whatever the app says after it goes nowhere
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        await self.app(scope, timed_receive, guarded_send)

    async def _refuse(self, send: SendFn) -> None:
        body = json.dumps(
            {"error": f"the request body came too slowly: send it within {self.timeout:g} s of the headers"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 408,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


# ---------------------------------------------------------------------- pages' headers


def content_security_policy(host: str) -> str:
    """Scripts and styles from this server only (no inline scripts), no framing, no plugins;
    connections to this server's own WebSocket."""
    sockets = f" ws://{host} wss://{host}" if host else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


#: Paths left without the policy: FastAPI's interactive API documentation loads its scripts from
#: a CDN and runs inline ones.
UNGUARDED = ("/api/docs", "/api/openapi.json")


class SecurityHeaders:
    """ASGI middleware: every HTTP response carries a Content-Security-Policy, ``nosniff``, no
    referrer, and may not be framed (``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: SendFn) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        extra = [
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
        ]
        if not str(scope.get("path", "")).startswith(UNGUARDED):
            extra.append((b"content-security-policy", content_security_policy(host).encode("latin-1")))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return ""


# ---------------------------------------------------------------------- WebSocket origins


def origin_refusal(scope: Scope, allowed: frozenset[str]) -> str | None:
    """``None`` if a WebSocket may be opened from its page's origin, else the sentence why not.

    Browsers always send ``Origin``; a socket opened by a page of this server has the server's
    own host there. Other origins are refused unless given to ``fruitbowl serve
    --allowed-origin``. A missing Origin (a script, not a browser) is allowed: such a client
    could send any Origin anyway, and Origin checks protect people's browsers, not the server.
    """
    origin = _header(scope, b"origin").strip()
    if not origin:
        return None
    if origin.rstrip("/").lower() in allowed:
        return None
    host = _header(scope, b"host").lower()
    scheme, _, rest = origin.lower().partition("://")
    if scheme in ("http", "https") and rest.rstrip("/") == host and host:
        return None
    return f"pages from {origin[:100]} may not open this server's WebSockets"


def normalize_origins(origins: list[str] | tuple[str, ...]) -> frozenset[str]:
    """``--allowed-origin`` values as compared: lower case, no trailing slash."""
    return frozenset(o.strip().rstrip("/").lower() for o in origins if o.strip())
