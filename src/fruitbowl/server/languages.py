"""The language each client reads: asked for by ``Accept-Language`` (or a WebSocket's ``lang``
query parameter), negotiated among the catalogs' languages (:mod:`fruitbowl.i18n`), and spoken
around whatever is rendered for that client (see :func:`fruitbowl.engine.wording.speaking`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TypeVar

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
