"""The language a ``fruitbowl`` command speaks: ``--lang``, else the terminal's locale.

It is read off the command line before Click parses it, because Click answers ``--help`` (an
eager option) before any other option's value is known: so the help, the usage errors and the
command's own words are all said in one language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fruitbowl.engine import FruitbowlError
from fruitbowl.engine.wording import _
from fruitbowl.i18n import LANGUAGES, from_environment, negotiate

#: The root option that names the language (``fruitbowl --lang de play …``).
LANG_OPTION = "--lang"


class UnknownLanguage(FruitbowlError):
    """``--lang`` names a language fruitbowl does not speak (said in the locale's language: the
    caller speaks the locale's language, ``from_environment``, while it asks :func:`spoken_language`)."""


def asked_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the root options, which come before the command's name."""
    tokens = iter(args)
    for token in tokens:
        if token == LANG_OPTION:
            return next(tokens, None)
        if token.startswith(LANG_OPTION + "="):
            return token.removeprefix(LANG_OPTION + "=")
        if token == "--" or not token.startswith("-"):
            return None
    return None


def spoken_language(asked: str | None, environ: Mapping[str, str]) -> str:
    """The language of ``--lang``, else of the terminal's locale (English if it is none of ours)."""
    if asked is None:
        return from_environment(environ)
    chosen = negotiate([asked])
    if chosen == "en" and not asked.lower().startswith("en"):
        raise UnknownLanguage(
            _("there is no language {asked!r}: fruitbowl speaks {languages}").format(
                asked=asked, languages=", ".join(LANGUAGES)
            )
        )
    return chosen
