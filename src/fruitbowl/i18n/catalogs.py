"""The message catalogs: one gettext ``.po`` file per language, read with Babel and compiled
in memory (no ``.mo`` binaries are kept), once per process."""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The gettext domain of the messages the Python code says (engine, games, server, terminal).
DOMAIN = "fruitbowl"
#: The gettext domain of the browser page's own words (``web/js``), served to it as JSON.
WEB_DOMAIN = "web"
#: Where the catalogs are: ``<lang>/LC_MESSAGES/<domain>.po``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The languages players can choose, English (the source language, no catalog) first.
LANGUAGES: tuple[str, ...] = ("en", "de", "zh_Hans")


def catalog_path(language: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of ``language`` (one of :data:`LANGUAGES` other than English) in ``domain``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def translations(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """What ``_()`` reads in ``language``: its catalog (of ``domain``) compiled in memory; English
    (or a language without a catalog) is the untranslated source."""
    if language == "en" or language not in LANGUAGES:
        return gettext.NullTranslations()
    with catalog_path(language, domain).open("rb") as source:
        catalog = read_po(source, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy and untranslated entries are left out: they read as English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
