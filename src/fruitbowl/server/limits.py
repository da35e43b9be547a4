"""Limits on what one client can send: request body size, WebSocket message size, and rates.

A person at a table sends a few messages a minute; a flood of them, or a megabyte of JSON,
is refused early and cheaply with a clear reason (HTTP 413 or 429, or a WebSocket error
message and, if the flood goes on, a close with code 1008 or 1009 and a reason).
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
SendFn = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, SendFn], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """The server's limits; every rate is per second, with a burst allowance on top."""

    #: Largest request body accepted (bytes); a larger one is answered 413.
    max_body: int = 64 * 1024
    #: Largest WebSocket message accepted (characters); a larger one closes the socket (1009).
    max_ws_message: int = 64 * 1024
    #: Actions, undos and hints per seat over HTTP.
    seat_rate: float = 30.0
    seat_burst: float = 200.0
    #: Messages per WebSocket connection; beyond that each message is refused, and after
    #: ``ws_flood_strikes`` refused messages in a row the socket is closed (1008).
    ws_rate: float = 30.0
    ws_burst: float = 200.0
    ws_flood_strikes: int = 100
    #: Open WebSockets per table (players and spectators); more are closed with 1013.
    max_table_connections: int = 100
    #: Messages waiting to be sent to one WebSocket (snapshots count once: a newer one replaces
    #: the waiting one); a connection with more, or whose client has not taken one message in
    #: ``ws_send_timeout`` seconds, is dropped (see ``outbox.py``).
    ws_max_pending: int = 64
    ws_send_timeout: float = 10.0
    #: Seconds a client has to send a request's headers (else 408 and the connection is closed),
    #: and its body (else 408).
    header_timeout: float = 10.0
    body_timeout: float = 20.0
    #: New tables per client address.
    create_rate: float = 20.0
    create_burst: float = 200.0
    #: Invalid tokens (seat, host, invitation) per table and client address; beyond them every
    #: further invalid token at that table from that address is answered 429. A valid token is
    #: never refused by this: players behind the same address as a guesser play on.
    bad_token_rate: float = 2.0
    bad_token_burst: float = 50.0
    #: Reads (a table's snapshot, replay, record, actions; the table list) per client address.
    read_rate: float = 20.0
    read_burst: float = 200.0
    #: Reviews per client address (each computed at most once per table, then cached).
    review_rate: float = 0.5
    review_burst: float = 8.0
    #: Hints per seat token (each computed at most once per position, then cached).
    hint_rate: float = 0.2
    hint_burst: float = 10.0
    #: New names per seat token (each rename is said in the table's log).
    rename_rate: float = 0.1
    rename_burst: float = 5.0
    #: Chat messages per seat token: 5 in 10 seconds.
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    #: New accounts per client address.
    signup_rate: float = 0.05
    signup_burst: float = 10.0
    #: Sign-in attempts per client address, and per account name (against guessing a password
    #: from many addresses): 10 at once, then one every 10 s.
    signin_rate: float = 0.1
    signin_burst: float = 10.0
    #: The shortest base time and per-move time a table's clock may have (seconds), below the
    #: usual 10 s and 60 s (see :mod:`.clocks`): for tests, which cannot wait minutes.
    clock_minimum: float | None = None

    @classmethod
    def relaxed(cls) -> Limits:
        """No rate limits (sizes still apply): for load tests that play as fast as they can."""
        big = 1e9
        return cls(
            seat_rate=big,
            seat_burst=big,
            ws_rate=big,
            ws_burst=big,
            create_rate=big,
            create_burst=big,
            read_rate=big,
            read_burst=big,
            review_rate=big,
            review_burst=big,
            hint_rate=big,
            hint_burst=big,
            rename_rate=big,
            rename_burst=big,
            chat_rate=big,
            chat_burst=big,
            signup_rate=big,
            signup_burst=big,
            signin_rate=big,
            signin_burst=big,
        )


@dataclass
class TokenBucket:
    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next message would be accepted."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else 60.0


class RateLimiter:
    """Token buckets by key (a seat token's hash, a client address); forgets idle keys."""

    def __init__(self, rate: float, burst: float, max_keys: int = 50_000):
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self.buckets: dict[str, TokenBucket] = {}

    def check(self, key: str) -> float | None:
        """``None`` if ``key`` may go on now; else the seconds to wait."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._forget_idle()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return None if bucket.take() else bucket.wait()

    def _forget_idle(self) -> None:
        now = time.monotonic()
        full = [k for k, b in self.buckets.items() if b.tokens + (now - b.stamp) * b.rate >= b.burst]
        for key in full:
            del self.buckets[key]
        if len(self.buckets) >= self.max_keys:  # everyone is busy: start afresh rather than grow
            self.buckets.clear()


class TokenLockout:
    """Invalid tokens per table and client address (see :attr:`Limits.bad_token_burst`).

    Only invalid tokens are counted and only they are ever refused: the lockout answers a guesser
    429 with ``Retry-After`` instead of 403, while a valid token (the real player, who may share
    the guesser's address behind a NAT) and every other table stay untouched.
    """

    def __init__(self, rate: float, burst: float):
        self.limiter = RateLimiter(rate, burst)

    def strike(self, table_id: str, address: str) -> float | None:
        """Count one invalid token; ``None`` while within the allowance, else the seconds to wait."""
        return self.limiter.check(f"{table_id}|{address}")

    @staticmethod
    def message(wait: float) -> str:
        return f"too many invalid seat tokens (or invitations) for this table from your address; wait {wait:.1f} s"


class BodyLimit:
    """ASGI middleware: a request body larger than ``max_body`` bytes is answered 413."""

    def __init__(self, app: ASGIApp, max_body: int):
        self.app, self.max_body = app, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: SendFn) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_body:
            await self._refuse(send)
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)  # a disconnect: let the app see it
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_body:
                await self._refuse(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([whole], receive), send)

    async def _refuse(self, send: SendFn) -> None:
        body = json.dumps({"error": f"request body too large: at most {self.max_body} bytes"}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _replay(messages: list[Message], then: Receive) -> Receive:
    """A ``receive`` that gives ``messages`` first, then whatever ``then`` gives."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        return await then()

    return receive
