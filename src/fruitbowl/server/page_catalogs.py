"""The page's words in the reader's language: ``GET /api/i18n/{lang}`` serves the ``web``
domain's catalog of one language as JSON (:func:`fruitbowl.i18n.page.page_catalog`), and
``GET /api/i18n`` the one the reader's ``Accept-Language`` negotiates, for a page whose reader
has not chosen. The catalogs change only with a release: answers carry an ETag and may be cached."""

from __future__ import annotations

import hashlib
import json
from functools import cache

from fastapi import APIRouter, Header, Request
from fastapi.responses import Response

from fruitbowl.i18n import LANGUAGES, negotiate
from fruitbowl.i18n.page import page_catalog

from .errors import NotFound
from .languages import asked_language

#: A language's catalog is fresh for an hour; after that the browser asks again with its ETag.
CACHE_CONTROL = "public, max-age=3600"


@cache
def _body(language: str) -> tuple[bytes, str]:
    body = json.dumps(page_catalog(language), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _answer(request: Request, language: str, vary: bool) -> Response:
    body, etag = _body(language)
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if vary:
        headers["Vary"] = "Accept-Language"
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def build_page_catalog_router() -> APIRouter:
    router = APIRouter()

    @router.get("/api/i18n")
    def negotiated_catalog(request: Request, accept_language: str | None = Header(default=None)) -> Response:
        """The page's catalog in the language the reader's Accept-Language asks for (English if none)."""
        return _answer(request, asked_language(accept_language), vary=True)

    @router.get("/api/i18n/{lang}")
    def catalog(request: Request, lang: str) -> Response:
        """The page's catalog of one language ("de", "zh_Hans"; "zh-CN" reads zh_Hans)."""
        language = negotiate([lang])
        if language == "en" and not lang.lower().startswith("en"):
            raise NotFound(f"there is no page catalog for {lang!r}: the languages are {', '.join(LANGUAGES)}")
        return _answer(request, language, vary=False)

    return router
