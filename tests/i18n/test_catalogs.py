"""The catalogs say everything the code says, and nothing it no longer says (issue 27: "A test
fails when a message is missing from a catalog or a catalog has a key the code no longer uses").

The messages are extracted from the translated parts of the code with Babel's extract API
(``fruitbowl.i18n.extract``): a game's folder into its own catalog, the shared parts listed in
``TRANSLATED`` into the shared one, the page's modules into the ``web`` one.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from fruitbowl.i18n import LANGUAGES, WEB_DOMAIN, translations
from fruitbowl.i18n.catalogs import game_domains, python_domains
from fruitbowl.i18n.extract import extract, keys, read

TRANSLATED_LANGUAGES = [language for language in LANGUAGES if language != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


PYTHON_DOMAINS = list(python_domains())


def test_tang_hu_lu_and_fabled_fruit_have_catalogs_of_their_own():
    assert {"tanghulu", "fabledfruit"} <= set(game_domains())


@pytest.mark.parametrize("domain", PYTHON_DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_catalog_holds_every_message_the_code_says(language, domain):
    missing = keys(extract(domain)) - keys(read(language, domain))
    assert not missing, f"{language} ({domain}) lacks {sorted(missing, key=str)} (run python -m fruitbowl.i18n.extract)"


@pytest.mark.parametrize("domain", PYTHON_DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_catalog_holds_no_message_the_code_no_longer_says(language, domain):
    unused = keys(read(language, domain)) - keys(extract(domain))
    assert not unused, f"{language} ({domain}) keeps {sorted(unused, key=str)}, which no code says any more"


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_a_message_two_catalogs_hold_is_translated_the_same_in_both(language):
    """At run time the catalogs are one (``_()`` does not know which file a message came from),
    so a message a game and the shared words both say must read the same in both; where a game
    means something else by the same English, it says it in a context (``pgettext``)."""
    seen: dict[tuple[str | None, str], tuple[str, object]] = {}
    differ = []
    for domain in PYTHON_DOMAINS:
        for message in read(language, domain):
            if not message.id:
                continue
            key = (message.context, str(message.id[0] if isinstance(message.id, tuple) else message.id))
            if key in seen and seen[key][1] != message.string:
                differ.append(f"{key[1]!r}: {seen[key][0]} {seen[key][1]!r}, {domain} {message.string!r}")
            seen.setdefault(key, (domain, message.string))
    assert not differ, "\n".join(differ)


@pytest.mark.parametrize("domain", [*PYTHON_DOMAINS, WEB_DOMAIN])
@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(language, domain):
    """Complete, the game's words and the page's: no message falls back to English; and each
    translation fills only the placeholders its message offers (a translation may leave one out,
    e.g. "you" in German)."""
    for message in read(language, domain):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: {ids[0]!r} is not translated"
        offered = {name for text in ids for name in PLACEHOLDER.findall(text)}
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) <= offered, (
                f"{language}: {text!r} uses a placeholder {ids[0]!r} lacks"
            )


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_each_catalog_has_its_languages_plural_forms(language):
    for domain in PYTHON_DOMAINS:
        assert read(language, domain).num_plurals == {"de": 2, "zh_Hans": 1}[language]
    assert translations(language).ngettext("{n} coin", "{n} coins", 1) != "{n} coin"


def test_the_catalogs_and_glossaries_ship_with_the_package():
    """An installed fruitbowl speaks every language too: pyproject's package data names each file."""
    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["fruitbowl"]
    package = root / "src" / "fruitbowl"
    files = [path.relative_to(package).as_posix() for path in (package / "locale").rglob("*") if path.is_file()]
    assert len(files) >= 4
    assert all(any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns) for name in files), files


@pytest.mark.parametrize("asked", [["--help"], ["--bogus"], ["--new", "fr", "--new-game", "citrus"]])
def test_extract_refuses_what_it_does_not_know_before_touching_a_catalog(asked, capsys):
    """A translator's ``--help`` (or a typo) prints the usage and changes no catalog."""
    from fruitbowl.i18n.catalogs import LOCALE_DIR
    from fruitbowl.i18n.extract import main

    before = {path: path.read_bytes() for path in LOCALE_DIR.rglob("*.po")}
    with pytest.raises(SystemExit):
        main(asked)
    printed = capsys.readouterr()
    assert "usage: python -m fruitbowl.i18n.extract" in printed.out + printed.err
    assert {path: path.read_bytes() for path in LOCALE_DIR.rglob("*.po")} == before
