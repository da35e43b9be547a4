"""uvicorn's protocols with the two things a server on the open internet needs and uvicorn lacks.

* **A deadline for request headers** (slowloris). uvicorn's ``timeout_keep_alive`` covers only
  the idle time between requests and is reset by every byte received, so a client sending its
  headers one byte a second holds a connection for ever; ASGI middleware cannot help, since it
  runs only once the headers are in. :class:`HttpProtocol` answers ``408`` and closes a
  connection whose request line and headers are not complete ``header_timeout`` seconds after
  the connection opened or its previous response was sent. (Bodies have their own deadline,
  :class:`fruitbowl.server.security.BodyTimeout`, which answers with the project's error.)
* **Compression that reaches the previous snapshot.** uvicorn's permessage-deflate keeps a 4 KiB
  window, shorter than a snapshot (6–20 KiB), so each one is compressed almost on its own;
  :class:`WebSocketProtocol` offers a 32 KiB window (:data:`DEFLATE_WINDOW_BITS`), in which a snapshot is
  mostly the previous one repeated: 6–10× fewer bytes and 2–4× less of the server's CPU per
  snapshot (``benchmarks/bench_server.py``'s ``bytes_per_move`` and ``server_cpu_ms_per_move``),
  for ~110 KiB more memory per open WebSocket.
* **Cutting off a WebSocket that does not read.** A transport closes only after flushing its
  buffer, which never happens if the client stops reading; :class:`WebSocketProtocol` offers
  ``abort()`` to the application in the scope (key :data:`.outbox.ABORT_KEY`), which the
  connection's :class:`~fruitbowl.server.outbox.Outbox` uses to drop a client that fell behind.

``fruitbowl serve`` passes both classes to uvicorn (``http=`` and ``ws=``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

from .outbox import ABORT_KEY

#: Seconds a client has to send a request's line and headers (set by ``fruitbowl serve``).
HEADER_TIMEOUT = 10.0


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for each request's headers."""

    header_timeout: float = HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():  # a kept-alive connection: the next request's clock starts
            self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_deadline = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_too_slow(self) -> None:
        self._header_deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered (its headers came in time)
        body = json.dumps(
            {"error": f"the request's headers took too long: send them within {self.header_timeout:g} s"}
        ).encode()
        head = (
            b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n"
        )
        self.transport.write(head + body)
        self.transport.close()


#: The kernel's send buffer for a WebSocket (Linux doubles it). Without a cap it grows to
#: ``tcp_wmem``'s maximum (4 MiB) for a client that does not read; with it a client that stops
#: reading is noticed after a few hundred kilobytes, and holds no more than that.
WS_SEND_BUFFER = 128 * 1024

#: permessage-deflate's window for what the server sends, in bits: 32 KiB, zlib's largest (what
#: clients send stays in uvicorn's 4 KiB window: moves and chat, a few bytes each).
DEFLATE_WINDOW_BITS = 15


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, offering ``abort()`` (cut the TCP connection) in the scope,
    with a bounded kernel send buffer and compression with a window a snapshot fits in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.conn.available_extensions:  # (unless uvicorn was told not to compress)
            self.conn.available_extensions = [
                ServerPerMessageDeflateFactory(
                    server_max_window_bits=DEFLATE_WINDOW_BITS,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5},  # (and zlib's usual level, 6), as uvicorn's
                )
            ]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, WS_SEND_BUFFER)

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope[ABORT_KEY] = self._abort

    def _abort(self) -> None:
        if not self.disconnected:
            self.transport.abort()
