"""Numbers written the language's way (Babel's CLDR data): 1,234 in English, 1.234 in German."""

from __future__ import annotations

from babel.numbers import format_decimal

from fruitbowl.engine.wording import language


def number(value: float, language_code: str | None = None) -> str:
    """``value`` as ``language_code`` (by default the language being spoken) writes it."""
    code = language_code or language()
    return format_decimal(value, locale="zh_Hans_CN" if code == "zh_Hans" else code)
