"""The message catalogs: gettext ``.po`` files per language, read with Babel and compiled in
memory (no ``.mo`` binaries are kept), once per process.

The Python code's words are split by owner so that a game's translators (and a game's changes)
touch only its own file: one domain for the words every game shares (the table's, the server's
and the terminal's own), and one per translated game, named by the game's id. At run time they
are one catalog: ``_()`` finds a message whichever file holds it (a message two files hold is
translated the same in both; ``tests/i18n`` checks it).
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The gettext domain of the words every game shares (the table's, the server's, the terminal's).
DOMAIN = "fruitbowl"
#: The gettext domain of the browser page's own words (``web/js``), served to it as JSON.
WEB_DOMAIN = "web"
#: Where the catalogs are: ``<lang>/LC_MESSAGES/<domain>.po`` (a game's domain is its id).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: Where the games' folders are (a game's domain extracts its words from its folder).
GAMES_DIR = LOCALE_DIR.parent / "games"
#: The languages players can choose, English (the source language, no catalog) first.
LANGUAGES: tuple[str, ...] = ("en", "de", "zh_Hans")


def catalog_path(language: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of ``language`` (one of :data:`LANGUAGES` other than English) in ``domain``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def game_domains() -> tuple[str, ...]:
    """The games whose words are translated: each game folder with a catalog of its own (started
    with ``python -m fruitbowl.i18n.extract --new-game GAME``)."""
    return tuple(
        sorted(folder.name for folder in GAMES_DIR.iterdir() if catalog_path(LANGUAGES[1], folder.name).exists())
    )


def python_domains() -> tuple[str, ...]:
    """Every domain of the Python code's words: the shared one, then the games'."""
    return (DOMAIN, *game_domains())


def read(language: str, domain: str = DOMAIN) -> Catalog:
    """``language``'s catalog of ``domain`` as Babel reads it."""
    with catalog_path(language, domain).open("rb") as source:
        return read_po(source, locale=language, domain=domain)


@functools.cache
def translations(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """What ``_()`` reads in ``language``: compiled in memory, the catalog of ``domain`` — for the
    Python code's words (:data:`DOMAIN`), the shared catalog and every game's as one. English (or
    a language without a catalog) is the untranslated source."""
    if language == "en" or language not in LANGUAGES:
        return gettext.NullTranslations()
    parts = python_domains() if domain == DOMAIN else (domain,)
    catalog = read(language, parts[0])
    for part in parts[1:]:
        for message in read(language, part):
            held = catalog.get(message.id, message.context) if message.id else None
            if message.id and message.string and (held is None or not held.string):
                catalog[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy and untranslated entries are left out: they read as English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
