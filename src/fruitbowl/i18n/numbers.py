"""Numbers written the language's way (Babel's CLDR data): 1,234 in English, 1.234 in German."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal

from fruitbowl.engine.wording import language


def number(value: float, language_code: str | None = None) -> str:
    """``value`` as ``language_code`` (by default the language being spoken) writes it."""
    return format_decimal(value, locale=_locale(language_code or language()))


def _locale(code: str) -> str:
    return "zh_Hans_CN" if code == "zh_Hans" else code


def fixed(value: float, places: int, grouped: bool = False) -> str:
    """``value`` with ``places`` decimals (rounded as Python's ``f"{value:.{places}f}"`` rounds, so
    every language shows the same digits) written the language being spoken's way: 0.5 → ``0,5`` in
    German; ``grouped`` puts thousands separators in (``1,234`` / ``1.234``)."""
    pattern = ("#,##0" if grouped else "0") + ("." + "0" * places if places else "")
    return format_decimal(Decimal(f"{value:.{places}f}"), format=pattern, locale=_locale(language()))


def shortest(value: float) -> str:
    """``value`` with the decimals ``f"{value:g}"`` gives it (shared wins: ``2.5``; ``3``), written
    the language being spoken's way."""
    return fixed(value, len(f"{value:g}".partition(".")[2]))
