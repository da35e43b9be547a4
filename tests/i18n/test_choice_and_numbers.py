"""Which language a reader gets, and numbers written the language's way (issue 27: "The browser
picks the language from Accept-Language"; "The terminal follows the locale (LANGUAGE/LANG)";
"number formatting per language")."""

from __future__ import annotations

import pytest

from fruitbowl.engine.wording import speaking
from fruitbowl.i18n import from_accept_language, from_environment, number, translations


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("de-AT", "de"),
        ("zh-CN,zh;q=0.9", "zh_Hans"),
        ("zh-Hans-SG", "zh_Hans"),
        ("zh-TW", "en"),  # Traditional Chinese is not offered yet: English, not Simplified
        ("fr-FR,de;q=0.5", "de"),
        ("en-US,de;q=0.5", "en"),
        ("de;q=0.2,zh-CN;q=0.8", "zh_Hans"),
        ("", "en"),
        (None, "en"),
        ("*", "en"),
        ("klingon;q=banana", "en"),
    ],
)
def test_accept_language_picks_the_best_language_we_have(header, language):
    assert from_accept_language(header) == language


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "zh_CN.UTF-8"}, "zh_Hans"),
        ({"LANGUAGE": "fr:zh_CN", "LANG": "fr_FR.UTF-8"}, "zh_Hans"),
        ({"LC_ALL": "de_CH.UTF-8", "LANG": "zh_CN.UTF-8"}, "de"),
        ({"LANGUAGE": "de", "LANG": "C"}, "en"),  # gettext ignores LANGUAGE in the C locale
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminal_follows_the_locale(environ, language):
    assert from_environment(environ) == language


def test_numbers_are_written_the_languages_way():
    assert number(1234567) == "1,234,567"
    assert number(1234567, "de") == "1.234.567"
    assert number(1234.5, "zh_Hans") == "1,234.5"
    with speaking(translations("de")):
        assert number(1234.5) == "1.234,5"
