"""The players' languages for the front ends: catalogs loaded with Babel, a language chosen
from what a client or a terminal asks for, and numbers written the language's way.

The engine and the games only call gettext-shaped functions (:mod:`fruitbowl.engine.wording`);
this package gives them the catalogs (``fruitbowl/locale/<lang>/LC_MESSAGES/fruitbowl.po``,
compiled in memory); the page's own words are the ``web`` domain, served to it as JSON
(:mod:`.page`). See docs/i18n.md.
"""

from .catalogs import DOMAIN, LANGUAGES, LOCALE_DIR, WEB_DOMAIN, catalog_path, translations
from .choice import from_accept_language, from_environment, negotiate
from .numbers import fixed, number, shortest

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "WEB_DOMAIN",
    "catalog_path",
    "fixed",
    "from_accept_language",
    "from_environment",
    "negotiate",
    "number",
    "shortest",
    "translations",
]
