"""Each WebSocket's own outbox: the table never waits for a client to read.

Moves, bots and broadcasts only *put* messages into a connection's outbox, which never blocks;
a writer task per connection sends them. A snapshot replaces the connection's snapshot that is
still waiting to be sent (only the latest position matters), so a slow reader gets fewer,
newer snapshots instead of a growing backlog. A connection that falls behind anyway — more
than ``max_pending`` messages waiting, or one send not taken by the client within
``send_timeout`` seconds (it stopped reading) — is dropped: closed with code 1008 and a reason
if the socket can still take a close frame, and cut off (the TCP connection aborted) if it
cannot. The browser reconnects and gets a fresh snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("fruitbowl.server")

#: The ASGI scope key under which :mod:`.protocols` offers a WebSocket's ``abort()``.
ABORT_KEY = "fruitbowl.abort"

SLOW_READER = "you are not reading the table's messages fast enough; reconnect for a fresh snapshot"


class Outbox:
    """A bounded, coalescing send queue and the writer task that empties it."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        abort: Callable[[], None] | None = None,
        *,
        max_pending: int = 64,
        send_timeout: float = 10.0,
    ):
        self._send_text, self._close, self._abort = send_text, close, abort
        self.max_pending, self.send_timeout = max_pending, send_timeout
        self._queue: deque[list[str]] = deque()
        self._snapshot: list[str] | None = None  # the queued snapshot entry, replaced by newer ones
        self._wake = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self._finish: tuple[int, str] | None = None  # close with this once the queue is sent
        self.dropped: str | None = None  # why the connection was dropped, once it was

    # ------------------------------------------------------------------ putting (never blocks)

    def snapshot(self, text: str) -> None:
        """Queue a snapshot (JSON text), replacing one that is still waiting."""
        if self.dropped is not None:
            return
        if self._snapshot is not None:
            self._snapshot[0] = text
            return
        self._snapshot = [text]
        self._put(self._snapshot)

    def message(self, message: dict[str, Any]) -> None:
        """Queue any other message (a reply, an error)."""
        if self.dropped is not None:
            return
        self._put([json.dumps(message)])

    def finish(self, code: int, reason: str) -> None:
        """Send what is queued, then close the connection with ``code`` and ``reason``."""
        if self.dropped is not None or self._finish is not None:
            return
        self._finish = (code, reason)
        self._wake.set()
        self._start()

    def _put(self, entry: list[str]) -> None:
        if self._finish is not None:
            return
        if len(self._queue) >= self.max_pending:
            self.drop(SLOW_READER)
            return
        self._queue.append(entry)
        self._wake.set()
        self._start()

    def _start(self) -> None:
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    @property
    def pending(self) -> int:
        return len(self._queue)

    @property
    def closing(self) -> bool:
        """The connection is being closed (dropped, or finishing): nothing more is queued."""
        return self.dropped is not None or self._finish is not None

    # ------------------------------------------------------------------ sending

    async def _write(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                entry = self._queue.popleft()
                if entry is self._snapshot:
                    self._snapshot = None
                try:
                    # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
                    # cancellation that arrives as the send completes, and the writer would
                    # then wait forever (a server that never stops on SIGTERM).
                    async with asyncio.timeout(self.send_timeout):
                        await self._send_text(entry[0])
                except TimeoutError:
                    self.drop(SLOW_READER)
                    return
                except Exception:  # the socket is gone; its handler cleans up
                    self.dropped = self.dropped or "the connection closed"
                    return
            if self._finish is not None:
                self.dropped = self._finish[1]
                try:
                    async with asyncio.timeout(self.send_timeout):
                        await self._close(*self._finish)
                except Exception:
                    if self._abort is not None:
                        self._abort()
                return

    # ------------------------------------------------------------------ closing

    def drop(self, reason: str, code: int = 1008) -> None:
        """Stop sending and close the connection (politely if it can take it, else cut it off)."""
        if self.dropped is not None:
            return
        self.dropped = reason
        self._queue.clear()
        self._snapshot = None
        log.info("dropping a WebSocket: %s", reason)
        current = asyncio.current_task()
        if self._writer is not None and self._writer is not current:
            self._writer.cancel()
        self._closer = asyncio.get_running_loop().create_task(self._shut(code, reason))

    async def _shut(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):  # the close frame cannot be sent: cut the connection below
            async with asyncio.timeout(1.0):
                await self._close(code, reason[:120])
        if self._abort is not None:
            # A client that does not read cannot take the close frame either, and a transport
            # only closes once its buffer is flushed: give a reader a moment, then cut it off.
            await asyncio.sleep(2.0)
            self._abort()

    async def stop(self) -> None:
        """The connection ended: stop the writer (a pending close goes on by itself)."""
        if self._writer is not None and self._writer is not asyncio.current_task():
            self._writer.cancel()
            # wait for it a moment only: a writer stuck in a send must not hold the handler
            await asyncio.wait({self._writer}, timeout=1.0)
