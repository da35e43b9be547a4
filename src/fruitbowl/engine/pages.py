"""A game's page for players ("How to play"), with its numbers read from the game's data.

Each game folder holds ``how_to_play.md`` (the players' page: the rules in words, the options,
the engine's rulings), written in CommonMark. The page never states a component number as a
literal: it names the value in the game's ``data.toml`` with a placeholder, so that a corrected
value corrects the page too, and a value marked RECONSTRUCTED there is marked on the page::

    Each player starts with {{ coins.start }} coins.      -> the value
    There are {{ sweet_cards.stars | len }} sweet cards.  -> a list's length
    {{ sweet_cards.stars | count=3 }} cards show 3 stars. -> how many items equal 3
    The deck holds {{ deck.counts | sum }} cards.         -> sum (also min, max, join)

A path is dotted keys into the data file (an integer picks a list item). The top-level table a
value comes from decides whether it is reconstructed (its ``status``), except for the keys a
RECONSTRUCTED table lists in its ``sourced`` list (``sourced = ["sticks", "spots"]``); an entry
of a list that gives its own ``<key>_status`` (``price_status = "RECONSTRUCTED"``) decides for
that key. Front ends render the
filled Markdown; this module is pure and has no Markdown library: it fills, finds headings and
their anchors (:func:`slug`, which the renderers use for heading ids), and checks.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .errors import ComponentDataError

#: The players' page in each game's folder.
PAGE_FILE = "how_to_play.md"

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z0-9_.\-]+)\s*(?:\|\s*([a-z]+)\s*(?:=\s*([^}\s]+))?\s*)?\}\}")

#: Internal ids players must never read: rulings (AMB-7, REC-17, ENG-3) and section signs (§2.10).
INTERNAL_ID = re.compile(r"\b(?:AMB|REC|ENG)-\d+\b|§\s*\d|\[ENG\]")

#: How a front end marks a value: ``mark(text, reconstructed)`` (e.g. an HTML span, an asterisk).
Mark = Callable[[str, bool], str]


class PageError(ComponentDataError):
    """A page whose placeholder names no value of the game's data, or a filter it cannot apply."""


@dataclass(frozen=True)
class Heading:
    level: int
    title: str
    anchor: str


def slug(title: str) -> str:
    """A heading's anchor: lower case, words joined by hyphens ("Variety on roads" ->
    "variety-on-roads"); the Markdown renderers give headings these ids."""
    words = re.sub(r"[^\w\s-]", "", title.lower(), flags=re.UNICODE)
    return re.sub(r"[\s_-]+", "-", words).strip("-")


def package_of(game: type) -> str:
    """The package (folder) a game class lives in."""
    return game.__module__.rpartition(".")[0]


def page_source(game: type, language: str = "en") -> str | None:
    """The game's ``how_to_play.md`` as written (placeholders unfilled), ``None`` if it has none;
    in ``language`` ("de": ``how_to_play.de.md``) where the game has that translation."""
    folder = resources.files(package_of(game))
    translated = folder / page_file(language)
    path = translated if translated.is_file() else folder / PAGE_FILE
    return path.read_text(encoding="utf-8") if path.is_file() else None


def page_file(language: str) -> str:
    """The file of the players' page in ``language``: ``how_to_play.md`` in English, else
    ``how_to_play.<language>.md`` (docs/i18n.md)."""
    return PAGE_FILE if language == "en" else PAGE_FILE.replace(".md", f".{language}.md")


def game_data(game: type) -> dict[str, Any]:
    """The game's ``data.toml`` as stored (empty if it has none)."""
    path = resources.files(package_of(game)) / "data.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _lookup(data: Mapping[str, Any], path: str) -> tuple[Any, bool]:
    value: Any = data
    parent: Any = None
    for part in path.split("."):
        parent = value
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise PageError(f"the page names {path!r}, which is not a value of the game's data")
    last = path.rpartition(".")[2]
    if isinstance(parent, Mapping) and f"{last}_status" in parent:  # an entry's own status for this value
        return value, str(parent[f"{last}_status"]).upper() == "RECONSTRUCTED"
    first, _, rest = path.partition(".")
    top = data[first]
    reconstructed = isinstance(top, Mapping) and str(top.get("status", "")).upper() == "RECONSTRUCTED"
    if reconstructed and rest.partition(".")[0] in top.get("sourced", ()):
        reconstructed = False  # a table reconstructed but for the keys it names as sourced
    return value, reconstructed


def _apply(value: Any, name: str | None, argument: str | None, path: str) -> Any:
    if name is None:
        return value
    if name == "join":
        return ", ".join(str(v) for v in value)
    if not isinstance(value, list):
        raise PageError(f"the page applies '{name}' to {path!r}, which is not a list")
    if name == "len":
        return len(value)
    if name == "sum":
        return sum(value)
    if name == "min":
        return min(value)
    if name == "max":
        return max(value)
    if name == "count":
        return sum(1 for v in value if str(v) == argument)
    raise PageError(f"the page applies an unknown filter '{name}' to {path!r} (len, sum, min, max, count=, join)")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


COMMENT = re.compile(r"<!--.*?-->\n?", re.S)


def fill(text: str, data: Mapping[str, Any], mark: Mark | None = None) -> str:
    """The page with every placeholder replaced by its value, marked by ``mark`` (if given), and
    without its HTML comments (notes for maintainers, which may cite the reference's ids)."""
    text = COMMENT.sub("", text)

    def one(match: re.Match[str]) -> str:
        path, name, argument = match.groups()
        value, reconstructed = _lookup(data, path)
        shown = _text(_apply(value, name, argument, path))
        return mark(shown, reconstructed) if mark is not None else shown

    return PLACEHOLDER.sub(one, text)


def headings(text: str) -> list[Heading]:
    """The page's ATX headings (outside code blocks) with their anchors."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else re.match(r"^(#{1,6})\s+(.+?)\s*#*\s*$", line)
        if match:
            title = PLACEHOLDER.sub(lambda m: m.group(1), match.group(2))
            found.append(Heading(len(match.group(1)), title, slug(title)))
    return found


def internal_ids(text: str) -> list[str]:
    """The internal ids a text shows (none may reach players)."""
    return [m.group(0) for m in INTERNAL_ID.finditer(text)]
