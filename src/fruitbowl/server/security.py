"""What a server on the open internet owes its pages and sockets, as ASGI middleware.

* :class:`BodyTimeout`: a request body must arrive within ``timeout`` seconds of its headers,
  else ``408`` with the project's error and the connection is closed (a client sending a body a
  byte a second no longer holds a connection). Headers have their own deadline, in
  :class:`fruitbowl.server.protocols.HttpProtocol`.
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
