"""The messages the code says, extracted with Babel, and the catalogs brought up to them.

``python -m fruitbowl.i18n.extract`` adds every new message to each catalog (untranslated,
so it reads as English until translated) and drops the ones the code no longer says; the
tests (tests/i18n) fail while a catalog lacks a message or keeps one the code no longer uses.
A game joins by starting its own catalogs (``--new-game GAME``: its folder is its domain, with
its ``tutorial.toml``'s sentences and the coach's words they are said with); a shared part of
fruitbowl by being listed in :data:`TRANSLATED`; a page's module (``web/js``, the ``web``
domain) by being listed in :data:`WEB_TRANSLATED`.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import write_po

from fruitbowl.engine import tutorials
from fruitbowl.engine.wording import YOU

from .catalogs import DOMAIN, LANGUAGES, WEB_DOMAIN, catalog_path, game_domains, python_domains, read

if TYPE_CHECKING:
    from babel.messages.extract import _Keyword

PACKAGE = Path(__file__).resolve().parent.parent
#: The shared parts of fruitbowl whose words go through the shared catalog (:data:`DOMAIN`;
#: folders and modules under ``src/fruitbowl``): the snapshots' own sentences (renames,
#: stand-ins, a table's waiting), the terminal's own words, the engine's and the server's
#: refusals that are no game's rule, and the bots' level names. A game's words are its own
#: domain's (:func:`parts`).
TRANSLATED: tuple[str, ...] = (
    "server/snapshots.py",
    "cli",
    "engine/actions.py",
    "engine/game.py",
    "engine/match.py",
    "engine/options.py",
    "server/accounts.py",
    "server/account_api.py",
    "server/api.py",
    "server/arena.py",
    "server/arena_api.py",
    "server/campaign_tables.py",
    "server/campaigns.py",
    "server/clocks.py",
    "server/errors.py",
    "server/live.py",
    "server/ratings.py",
    "server/run.py",
    "server/store.py",
    "server/tables.py",
    "server/tutorials.py",
    "sim/analyze.py",
    "sim/backends.py",
    "sim/bench.py",
    "sim/console.py",
    "sim/counts.py",
    "sim/report.py",
    "sim/review.py",
    "sim/schedule.py",
    "sim/simulate.py",
    "bots",
)
#: ``said(you, message)`` and ``nsaid(you, singular, plural, n)`` (engine.wording): said to its
#: subject, a message is also looked up under the context ``YOU``.
SAID_KEYWORDS: dict[str, _Keyword] = {"said": (2,), "nsaid": (2, 3)}
#: Babel's gettext calls, and ``NP_(context, message)`` (engine.wording), a message marked under a context.
KEYWORDS: dict[str, _Keyword] = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}
#: The page's modules (and static pages) whose words go through ``web/js/i18n.js`` (the ``web``
#: domain): ``t(message, params)``, ``nt(singular, plural, n, params)``, ``pt(context, message)``,
#: ``npt(context, singular, plural, n, params)``.
WEB_TRANSLATED: tuple[str, ...] = (
    "web/index.html",
    "web/table.html",
    "web/account.html",
    "web/campaign.html",
    "web/player.html",
    "web/js/account.js",
    "web/js/board-kit.js",
    "web/js/campaign.js",
    "web/js/campaigns.js",
    "web/js/ratings.js",
    "web/js/tutorial.js",
    "web/js/wording.js",
    "web/js/i18n.js",
    "web/js/api.js",
    "web/js/chat.js",
    "web/js/clock.js",
    "web/js/layout.js",
    "web/js/lobby.js",
    "web/js/names.js",
    "web/js/notify.js",
    "web/js/panels.js",
    "web/js/replay.js",
    "web/js/results.js",
    "web/js/rules.js",
    "web/js/seats.js",
    "web/js/table.js",
    "web/js/timecontrol.js",
    "web/js/games/tanghulu.js",
    "web/js/games/fabledfruit.js",
    "web/js/games/fabledfruit-art.js",
    "web/js/games/citrus.js",
    "web/js/games/citrus-art.js",
    "web/js/games/juicyfruits.js",
)
WEB_KEYWORDS: dict[str, _Keyword] = {"t": (1,), "nt": (1, 2), "pt": ((1, "c"), 2), "npt": ((1, "c"), 2, 3)}

Key = tuple[str | None, str]  # (context, msgid)
Found = tuple[str, int, str | tuple[str, ...], str | None]  # (file, line, message, context)


def _found(part: Path, keywords: Mapping[str, _Keyword]) -> Iterator[Found]:
    """The messages of a folder's modules, or of one module."""
    if part.is_file():
        for lineno, message, _comments, context in extract_from_file(
            "python", part, keywords=keywords, comment_tags=("TRANSLATORS:",)
        ):
            yield "", lineno, message, context
        return
    for filename, lineno, message, _comments, context in extract_from_dir(
        part, method_map=[("**.py", "python")], keywords=keywords, comment_tags=("TRANSLATORS:",)
    ):
        yield filename, lineno, message, context


class _MarkedWords(HTMLParser):
    """A static page's marked words (``web/js/i18n.js`` ``translatePage``): the text of an element
    marked ``data-i18n`` (or the attribute's own value), and the attributes ``data-i18n-attrs`` names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: tuple[int, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attrs") or "").split():
            if values.get(name):
                self.found.append((line, str(values[name])))
        if "data-i18n" in values:
            if values["data-i18n"]:
                self.found.append((line, str(values["data-i18n"])))
            else:
                self._open = (line, [])

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self.found.append((self._open[0], "".join(self._open[1]).strip()))
            self._open = None


def _extract_web() -> Catalog:
    """Every message the page's translated modules say (Babel's JavaScript extractor)."""
    template = Catalog(domain=WEB_DOMAIN, project="fruitbowl", charset="utf-8")
    for part in WEB_TRANSLATED:
        if part.endswith(".html"):
            marked = _MarkedWords()
            marked.feed((PACKAGE / part).read_text(encoding="utf-8"))
            for lineno, text in marked.found:
                template.add(text, locations=[(part, lineno)])
            continue
        found = extract_from_file(
            "javascript",
            PACKAGE / part,
            keywords=WEB_KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            options={"parse_template_string": True},
        )
        for lineno, message, _comments, context in found:
            template.add(message, locations=[(part, lineno)], context=context)
    return template


def parts(domain: str) -> tuple[str, ...]:
    """The folders and modules whose words ``domain`` holds: the shared parts, or a game's folder
    (and the coach's words, ``engine/tutorials.py``, for a game with tutorials: its tutorials are
    translated whole in its own catalog)."""
    if domain == DOMAIN:
        return TRANSLATED
    folder = f"games/{domain}"
    return (folder, "engine/tutorials.py") if (PACKAGE / folder / tutorials.TUTORIAL_FILE).is_file() else (folder,)


def _tutorial_sentences(domain: str) -> Iterator[tuple[str, int, str]]:
    """A game's ``tutorial.toml`` sentences (engine.tutorials reads the same): (file, line, message)."""
    path = PACKAGE / "games" / domain / tutorials.TUTORIAL_FILE
    if domain == DOMAIN or not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    for sentence in tutorials.sentences(tomllib.loads(text)):
        head = sentence[:40]
        line = next((number for number, source in enumerate(lines, 1) if head in " ".join(source.split())), 0)
        yield f"games/{domain}/{tutorials.TUTORIAL_FILE}", line, sentence


def extract(domain: str = DOMAIN) -> Catalog:
    """Every message the translated parts of ``domain`` say, as a template catalog (no translations)."""
    if domain == WEB_DOMAIN:
        return _extract_web()
    template = Catalog(domain=domain, project="fruitbowl", charset="utf-8")
    for part in parts(domain):
        for filename, lineno, message, context in _found(PACKAGE / part, KEYWORDS):
            template.add(message, locations=[("/".join(filter(None, (part, filename))), lineno)], context=context)
        for filename, lineno, message, _context in _found(PACKAGE / part, SAID_KEYWORDS):
            for context in (None, YOU):
                template.add(message, locations=[("/".join(filter(None, (part, filename))), lineno)], context=context)
    for filename, lineno, sentence in _tutorial_sentences(domain):
        template.add(sentence, locations=[(filename, lineno)])
    return template


def keys(catalog: Catalog) -> set[Key]:
    """The (context, msgid) of every message of ``catalog`` (a plural message by its singular)."""
    return {(m.context, str(m.id[0] if isinstance(m.id, tuple | list) else m.id)) for m in catalog if m.id}


def update(language: str, template: Catalog) -> Catalog:
    """``language``'s catalog (of ``template``'s domain) with ``template``'s messages: new ones
    added untranslated, the ones no longer said dropped (Babel's ``Catalog.update``, without
    fuzzy guesses). A domain's catalog the language lacks is started."""
    domain = template.domain or DOMAIN
    if not catalog_path(language, domain).exists():
        return create(language, template)
    catalog = read(language, domain)
    created = catalog.creation_date  # (kept: an update that changes no message changes no line)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.creation_date = created
    with catalog_path(language, domain).open("wb") as out:
        write_po(out, catalog, width=100, sort_output=False, omit_header=False, include_previous=False)
    return catalog


def create(language: str, template: Catalog) -> Catalog:
    """A new catalog for ``language`` (a Babel locale name: "fr", "zh_Hant") with every message
    of ``template``, untranslated."""
    domain = template.domain or DOMAIN
    catalog = Catalog(locale=language, domain=domain, project="fruitbowl", charset="utf-8", fuzzy=False)
    for message in template:
        if message.id:
            catalog.add(message.id, locations=message.locations, flags=message.flags, context=message.context)
    path = catalog_path(language, domain)
    if path.exists():
        raise FileExistsError(f"{path} exists already: run without --new to update it")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, omit_header=False)
    return catalog


def main(argv: list[str] | None = None) -> None:
    """Update every catalog of every domain; ``--new LANG`` starts LANG's catalogs instead, and
    ``--new-game GAME`` starts GAME's catalog in every language. Anything else is refused before
    a catalog is touched (``--help`` only prints this)."""
    parser = argparse.ArgumentParser(
        prog="python -m fruitbowl.i18n.extract",
        description="Bring every catalog up to the messages the code says (new ones untranslated, unused dropped).",
    )
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--new", metavar="LANG", help="start a new language's catalogs (a Babel locale: fr, zh_Hant)")
    start.add_argument("--new-game", metavar="GAME", help="start a game's own catalogs in every language")
    args = parser.parse_args(argv)
    if args.new_game:
        game = args.new_game
        if not (PACKAGE / "games" / game).is_dir() or game in game_domains():
            parser.error(f"{game} is not a game folder without catalogs yet: see src/fruitbowl/games/")
        template = extract(game)
        for language in LANGUAGES[1:]:
            create(language, template)
            print(f"{catalog_path(language, game)}: {len(template)} messages to translate", file=sys.stderr)
        return
    for domain in (*python_domains(), WEB_DOMAIN):
        template = extract(domain)
        if args.new:
            create(args.new, template)
            print(f"{catalog_path(args.new, domain)}: {len(template)} messages to translate", file=sys.stderr)
            continue
        for language in LANGUAGES[1:]:
            catalog = update(language, template)
            missing = [m.id for m in catalog if m.id and not m.string]
            print(f"{language} ({domain}): {len(catalog)} messages, {len(missing)} untranslated", file=sys.stderr)


if __name__ == "__main__":
    main()
