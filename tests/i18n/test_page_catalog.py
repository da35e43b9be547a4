"""The page's own words (the ``web`` domain) in every language: its catalogs hold every message
the page's translated modules say and no other, each translated with its placeholders (issue 27:
"A test fails when a message is missing from a catalog or a catalog has a key the code no longer
uses"), and the server serves them as JSON the page reads before it draws."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from fruitbowl.i18n import LANGUAGES, WEB_DOMAIN  # noqa: E402
from fruitbowl.i18n.extract import WEB_TRANSLATED, extract, keys, read  # noqa: E402
from fruitbowl.server import create_app  # noqa: E402

from .test_glossary import ENDINGS, NOT_WORDS, glossary  # noqa: E402

TRANSLATED_LANGUAGES = [language for language in LANGUAGES if language != "en"]
ROOT = Path(__file__).resolve().parents[2] / "src" / "fruitbowl"
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def test_the_lobby_the_table_and_tang_hu_lus_board_are_among_the_translated_parts():
    for part in ("web/index.html", "web/table.html", "web/js/lobby.js", "web/js/table.js", "web/js/games/tanghulu.js"):
        assert part in WEB_TRANSLATED


def test_every_page_and_every_games_board_is_among_the_translated_parts():
    """Issue 27: the account, campaign and player pages, the tutorials' coach and every game's board."""
    pages = ("account.html", "campaign.html", "player.html", "js/account.js", "js/campaign.js", "js/campaigns.js")
    more = ("js/ratings.js", "js/tutorial.js", "js/board-kit.js", "js/wording.js")
    boards = ("citrus", "juicyfruits", "fabledfruit", "tanghulu")
    for part in (*pages, *more, *(f"js/games/{game}.js" for game in boards)):
        assert f"web/{part}" in WEB_TRANSLATED


def test_no_english_plural_is_built_by_the_translated_modules():
    """The page's counted words are the catalog's plural forms (nt/npt), never wording.js' English
    ``counted``/``plural`` (left for a board that is not translated, and for the server's nouns)."""
    users = [part for part in WEB_TRANSLATED if part not in ("web/js/wording.js", "web/js/i18n.js")]
    built = [part for part in users if re.search(r"\b(counted|plural)\(", (ROOT / part).read_text())]
    assert built == []


def test_the_page_says_its_words_through_the_catalog():
    """Messages come from t() and nt() calls and from the static pages' marked words."""
    said = keys(extract(WEB_DOMAIN))
    assert (None, "Create table") in said  # index.html, data-i18n
    assert (None, "Say something…") in said  # table.html, data-i18n-attrs="placeholder …"
    assert (None, "{n} move") in said  # lobby.js, nt()
    assert ("fruit", "haw") in said  # tanghulu.js, pt()


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_page_catalog_holds_every_message_the_page_says(language):
    missing = keys(extract(WEB_DOMAIN)) - keys(read(language, WEB_DOMAIN))
    assert not missing, f"{language} lacks {sorted(missing, key=str)} (run python -m fruitbowl.i18n.extract)"


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_page_catalog_holds_no_message_the_page_no_longer_says(language):
    unused = keys(read(language, WEB_DOMAIN)) - keys(extract(WEB_DOMAIN))
    assert not unused, f"{language} keeps {sorted(unused, key=str)}, which the page no longer says"


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_the_page_catalogs_have_the_languages_plural_forms(language):
    """(Their completeness and placeholders: tests/i18n/test_catalogs.py, for both domains.)"""
    assert read(language, WEB_DOMAIN).num_plurals == {"de": 2, "zh_Hans": 1}[language]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as test_client:
        yield test_client


def test_a_languages_page_catalog_is_served_as_json_with_its_plural_categories(client):
    german = client.get("/api/i18n/de").json()
    assert german["lang"] == "de"
    assert german["plural"] == {"one": 0, "other": 1}  # Intl.PluralRules' categories -> gettext forms
    assert german["messages"]["Create table"] == "Tisch erstellen"
    assert german["messages"]["{n} move"] == ["{n} Zug", "{n} Züge"]
    assert german["messages"]["fruit\x04haw"] == "Weißdornbeere"  # context, EOT, message
    chinese = client.get("/api/i18n/zh-CN").json()
    assert chinese["lang"] == "zh_Hans"
    assert chinese["plural"] == {"other": 0}
    assert chinese["messages"]["{n} move"] == ["{n} 步"]
    english = client.get("/api/i18n/en").json()
    assert english == {"lang": "en", "plural": {"one": 0, "other": 1}, "messages": {}}


def test_without_a_language_the_reader_gets_the_one_their_accept_language_asks_for(client):
    assert client.get("/api/i18n", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).json()["lang"] == "zh_Hans"
    assert client.get("/api/i18n", headers={"Accept-Language": "de-AT"}).json()["lang"] == "de"
    assert client.get("/api/i18n", headers={"Accept-Language": "fr-FR"}).json()["lang"] == "en"
    assert client.get("/api/i18n").headers["Vary"] == "Accept-Language"


def test_a_catalog_may_be_cached_and_is_not_sent_again_while_it_has_not_changed(client):
    first = client.get("/api/i18n/de")
    assert "max-age" in first.headers["Cache-Control"]
    again = client.get("/api/i18n/de", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.content


def test_a_language_without_a_catalog_is_refused_in_one_sentence(client):
    answer = client.get("/api/i18n/xx")
    assert answer.status_code == 404
    assert "no page catalog for 'xx'" in answer.json()["error"]


@pytest.mark.parametrize("language", TRANSLATED_LANGUAGES)
def test_a_boards_words_name_each_game_term_with_the_glossarys_word(language):
    """A renderer's messages (``web/js/games/<game>.js``) say the game's terms as its sentences do.
    A board may break a word over lines ("Würfel-\\nplättchen") or space out a sign's characters
    ("水 果 商 店"); a message's context, where it is a term ("money bag"), names the term its
    shorter word means ("{n} bag")."""
    sections = glossary(language)
    wrong = []
    for message in read(language, WEB_DOMAIN):
        games = {path.split("/")[-1].removesuffix(".js") for path, _line in message.locations if "/games/" in path}
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        translations = message.string if isinstance(message.string, tuple) else (message.string,)
        for game in sorted(games & set(sections)):
            for index, source in enumerate(sources):
                said = translations[min(index, len(translations) - 1)].lower().replace("-\n", "")
                said = re.sub(r"(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])", "", said)
                text = NOT_WORDS.sub(" ", source)
                meant = re.compile(rf"\b{re.escape((message.context or ' ').split(' ')[-1] or '~')}")
                if message.context in sections[game] and meant.search(text):
                    text = message.context + " " + meant.sub(" ", text)
                for term in sorted(sections[game], key=len, reverse=True):  # "money bag" before "bag"
                    named = re.compile(rf"\b{re.escape(term)}{ENDINGS}\b", re.IGNORECASE)
                    if named.search(text):
                        if not any(word.lower() in said for word in sections[game][term]):
                            wrong.append(
                                f"{game}: {term!r} in {source!r} is not {sections[game][term][0]!r} in {said!r}"
                            )
                        text = named.sub(" ", text)
    assert not wrong, "\n".join(wrong)
