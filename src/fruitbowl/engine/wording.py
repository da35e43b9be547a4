"""The words players read: counted nouns, and the language they are said in.

Every game's sentences, the terminal and the server say their words through here:

* ``_()``, ``ngettext()``, ``pgettext()`` and ``npgettext()`` are the stdlib gettext calls, read
  from the translations of the viewer being spoken to (a :class:`contextvars.ContextVar`; by
  default English: :class:`gettext.NullTranslations`). A front end wraps whatever it renders for
  a viewer in :func:`speaking`; the engine and the games stay pure Python (the catalogs are
  loaded by :mod:`fruitbowl.i18n`, with Babel).
* ``said()`` and ``nsaid()`` are ``_()`` and ``ngettext()`` for a sentence whose subject may be
  the viewer ("You rolled sugar." / "Ada rolled sugar."): the same English, but a language that
  conjugates for "you" translates the viewer's sentence under the context :data:`YOU`.
* ``counted(1, "coin")`` is "1 coin": the hand-made plurals of the games not yet translated
  (see docs/i18n.md). The browser has the same rules in ``web/js/wording.js``; a test keeps the
  two irregular tables equal.

Messages use named placeholders, so a translator can reorder them:
``ngettext("{n} stick", "{n} sticks", n).format(n=n)``.
"""

from __future__ import annotations

import contextlib
import gettext
from collections.abc import Iterator
from contextvars import ContextVar

#: English: the source language, said untranslated.
ENGLISH = gettext.NullTranslations()
#: The translations of the viewer being spoken to (``None``: English).
TRANSLATIONS: ContextVar[gettext.NullTranslations | None] = ContextVar("translations", default=None)

#: The message context of a sentence said to its own subject (``said(True, ...)``).
YOU = "you"


@contextlib.contextmanager
def speaking(translations: gettext.NullTranslations) -> Iterator[gettext.NullTranslations]:
    """Say everything within in ``translations``' language (for one viewer, one request)."""
    token = TRANSLATIONS.set(translations)
    try:
        yield translations
    finally:
        TRANSLATIONS.reset(token)


def current() -> gettext.NullTranslations:
    """The translations being spoken now."""
    return TRANSLATIONS.get() or ENGLISH


def _(message: str) -> str:
    """``message`` in the current language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the current language (call ``.format(n=n)``)."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` told apart from the same English by ``context``."""
    return current().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalogs: a label stored now and said later with ``_()``."""
    return message


def NP_(context: str, message: str) -> str:
    """``message`` unchanged, marked for the catalogs under ``context``: said later with
    ``pgettext(context, message)`` (a word that a language may say otherwise there)."""
    return message


def said(you: bool, message: str) -> str:
    """A sentence whose subject is the viewer (``you``) or someone else, in the current language."""
    return pgettext(YOU, message) if you else _(message)


def nsaid(you: bool, singular: str, plural: str, n: int) -> str:
    """:func:`said` for a counted sentence."""
    return npgettext(YOU, singular, plural, n) if you else ngettext(singular, plural, n)


def language() -> str:
    """The current language's code ("en" untranslated): what a front end formats numbers for."""
    info = current().info()
    return info.get("language", "en") or "en"


# ---------------------------------------------------------------------- counted nouns (English)

#: Nouns whose plural is not the singular + "s" (singular -> plural). Nouns that are already
#: plural or uncountable ("grapes") map to themselves.
IRREGULAR: dict[str, str] = {
    "grapes": "grapes",
    "mango": "mangoes",
    "person": "people",
}


def plural(noun: str, number: int = 2) -> str:
    """``noun`` as it reads after ``number``: "coin" for 1, "coins" otherwise.

    The last word of a phrase is the one that changes: "sweet card" -> "sweet cards",
    "blood orange" -> "blood oranges".
    """
    if number == 1:
        return noun
    head, _, last = noun.rpartition(" ")
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    if last in IRREGULAR:
        word = IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        word = last + "es"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def counted(number: int, noun: str, plural_form: str | None = None) -> str:
    """ "1 coin", "2 coins", "0 coins"; ``plural_form`` for a noun the rules above get wrong."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {plural_form if plural_form is not None else plural(noun, number)}"
