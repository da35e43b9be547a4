"""The language each client reads: asked for by ``Accept-Language`` (or a WebSocket's ``lang``
query parameter), negotiated among the catalogs' languages (:mod:`fruitbowl.i18n`), and spoken
around whatever is rendered for that client (see :func:`fruitbowl.engine.wording.speaking`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TypeVar

from starlette.datastructures import Headers, MutableHeaders, QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fruitbowl.engine.wording import speaking
from fruitbowl.i18n import from_accept_language, negotiate, translations

T = TypeVar("T")


def asked_language(accept_language: str | None, lang: str | None = None) -> str:
    """The language a client reads: ``lang`` if it names one ("de", "zh-CN"), else its
    ``Accept-Language``; English when neither names a language we have."""
    if lang:
        chosen = negotiate([lang])
        if chosen != "en" or lang.lower().startswith("en"):
            return chosen
    return from_accept_language(accept_language)


@contextlib.contextmanager
def speaking_in(language: str) -> Iterator[None]:
    """Render everything within in ``language``."""
    with speaking(translations(language)):
        yield


def rendered_in(language: str, build: Callable[[], T]) -> Callable[[], T]:
    """``build`` made to render in ``language`` wherever it runs (a worker thread too)."""

    def render() -> T:
        with speaking_in(language):
            return build()

    return render


class ReaderLanguage:
    """Every HTTP request is handled in its reader's language (``?lang=``, else ``Accept-Language``):
    its refusals, and whatever it renders (``GET /api/games``' titles and options), are said in it.
    An API answer says that it depends on ``Accept-Language`` (``Vary``), so no cache hands one
    reader's language to another."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = asked_language(
            Headers(scope=scope).get("accept-language"), QueryParams(scope["query_string"]).get("lang")
        )
        api = str(scope.get("path", "")).startswith("/api/")

        async def answer(message: Message) -> None:
            if api and message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if "accept-language" not in headers.get("vary", "").lower():
                    headers.add_vary_header("Accept-Language")
            await send(message)

        with speaking_in(language):
            await self.app(scope, receive, answer)
