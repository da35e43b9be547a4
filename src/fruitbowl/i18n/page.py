"""The page's catalog as the browser reads it: the ``web`` domain's translations of one language
with its plural forms keyed by CLDR category, so ``Intl.PluralRules`` picks a form (the page
may not evaluate the catalog's ``Plural-Forms`` expression: the CSP forbids ``eval``)."""

from __future__ import annotations

import functools
from typing import Any

from babel import Locale

from .catalogs import LANGUAGES, WEB_DOMAIN, catalog_path, translations
from .extract import read

#: Enough counts to meet every CLDR integer category of a language (one, few, many, other…).
_SAMPLES = range(0, 1001)


def _babel_locale(language: str) -> Locale:
    return Locale.parse("zh_Hans_CN" if language == "zh_Hans" else language)


def plural_indexes(language: str) -> dict[str, int]:
    """Each CLDR plural category of ``language`` -> the gettext form its catalog uses for it (the
    first count of the category decides: German ``{"one": 0, "other": 1}``, Chinese ``{"other": 0}``)."""
    locale = _babel_locale(language)
    forms = translations(language, WEB_DOMAIN)
    pick = getattr(forms, "plural", lambda n: int(n != 1))  # English: the source's own two forms
    indexes: dict[str, int] = {}
    for n in _SAMPLES:
        indexes.setdefault(str(locale.plural_form(n)), int(pick(n)))
    return indexes


@functools.cache
def page_catalog(language: str) -> dict[str, Any]:
    """``{"lang", "plural", "messages"}`` for ``language`` (one of :data:`LANGUAGES`): each
    translated message by its msgid (``"context\\x04msgid"`` for one said in a context), a plural
    one as its list of forms; English has no messages (the page says its source)."""
    messages: dict[str, str | list[str]] = {}
    if language != "en" and catalog_path(language, WEB_DOMAIN).exists():
        for message in read(language, WEB_DOMAIN):
            if not message.id or not message.string or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            if message.context:
                key = f"{message.context}\x04{key}"
            if isinstance(message.string, tuple | list):
                if all(message.string):
                    messages[key] = list(message.string)
            else:
                messages[key] = message.string
    return {"lang": language, "plural": plural_indexes(language), "messages": messages}


__all__ = ["LANGUAGES", "page_catalog", "plural_indexes"]
