"""The message catalogs: one gettext ``.po`` file per language, read with Babel and compiled
in memory (no ``.mo`` binaries are kept), once per process."""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The gettext domain of every message of fruitbowl.
DOMAIN = "fruitbowl"
#: Where the catalogs are: ``<lang>/LC_MESSAGES/fruitbowl.po``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The languages players can choose, English (the source language, no catalog) first.
LANGUAGES: tuple[str, ...] = ("en", "de", "zh_Hans")


def catalog_path(language: str) -> Path:
    """The ``.po`` file of ``language`` (one of :data:`LANGUAGES` other than English)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """What ``_()`` reads in ``language``: its catalog compiled in memory; English (or a language
    without a catalog) is the untranslated source."""
    if language == "en" or language not in LANGUAGES:
        return gettext.NullTranslations()
    with catalog_path(language).open("rb") as source:
        catalog = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy and untranslated entries are left out: they read as English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
