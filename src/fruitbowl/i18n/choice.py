"""Which language to speak: negotiated with Babel from what a browser or an API client says it
reads (``Accept-Language``) or from the terminal's locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), among :data:`~.catalogs.LANGUAGES`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from babel import Locale, UnknownLocaleError, negotiate_locale

from .catalogs import LANGUAGES


def negotiate(preferred: Iterable[str]) -> str:
    """The first of ``preferred`` (locale names, best first: "de-AT", "zh_CN.UTF-8", "zh-Hant")
    that one of :data:`LANGUAGES` speaks; English if none does."""
    wanted: list[str] = []
    for name in preferred:
        code = name.split(".")[0].split("@")[0].strip().replace("-", "_")
        if not code or code in ("C", "POSIX", "*"):
            continue
        try:
            locale = Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            continue
        if locale.language == "zh":  # Chinese is chosen by its script: zh_CN and zh_SG read Simplified
            script = locale.script or ("Hant" if locale.territory in ("TW", "HK", "MO") else "Hans")
            wanted.append(f"zh_{script}")
        else:
            wanted.append(locale.language)
    return negotiate_locale(wanted, LANGUAGES, sep="_") or "en"


def from_accept_language(header: str | None) -> str:
    """The language for an HTTP ``Accept-Language`` header ("de-DE,de;q=0.9,en;q=0.8")."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        name, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name and quality > 0:
            ranked.append((-quality, index, name))
    return negotiate(name for _, _, name in sorted(ranked))


def from_environment(environ: Mapping[str, str]) -> str:
    """The language of a terminal's locale, as gettext reads it: ``LANGUAGE`` (a colon-separated
    list), then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``."""
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key)
        if value:
            if key == "LANGUAGE" and environ.get("LANG", environ.get("LC_ALL", "")) in ("C", "POSIX"):
                continue  # GNU gettext ignores LANGUAGE in the C locale
            return negotiate(value.split(":"))
    return "en"
