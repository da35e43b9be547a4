"""Each game's players' page ("How to play") in the browser: ``/games/{id}/rules`` is the page on
its own (linkable, printable), ``/api/games/{id}/rules`` the same HTML in parts for the drawer at
every table and in the lobby.

The page is the game's ``how_to_play.md`` with its numbers filled from the game's data
(:mod:`fruitbowl.engine.pages`), rendered by markdown-it-py (CommonMark with tables); headings get
the anchors :func:`~fruitbowl.engine.pages.slug` gives them, so a refused action's rule
(``Game.rule_anchors``) links to its paragraph. A value the data marks RECONSTRUCTED is shown
marked, as the docs mark it. A reader whose language has the game's page in it
(``how_to_play.<lang>.md``, asked for by ``Accept-Language`` or ``?lang=``) reads that page; its
sections match the English page's one for one, so a rule's link finds its paragraph there too.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from fastapi import FastAPI, Header
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from mdit_py_plugins.anchors import anchors_plugin

from fruitbowl.engine import get_game, pages
from fruitbowl.engine.errors import IllegalAction, UnknownGame
from fruitbowl.engine.wording import language as spoken

from .errors import NotFound
from .html_pages import error_page
from .languages import asked_language

RECONSTRUCTED_NOTE = "reconstructed: no public source gives this value; it may differ from your box"


@dataclass(frozen=True)
class RulesPage:
    game: str
    title: str
    html: str
    sections: list[dict[str, Any]] = field(default_factory=list)
    language: str = "en"  # the page's language: the one asked for where the game has that page

    def section_title(self, anchor: str) -> str | None:
        return next((s["title"] for s in self.sections if s["anchor"] == anchor), None)


def _mark(text: str, reconstructed: bool) -> str:
    if not reconstructed:
        return text
    return f'<span class="reconstructed" title="{RECONSTRUCTED_NOTE}">{html.escape(text)}</span>'


def _renderer() -> MarkdownIt:
    # html: the page is the game's own file, and its piece pictures and marks are inline HTML
    md = MarkdownIt("commonmark", {"html": True, "typographer": False}).enable("table")
    return md.use(anchors_plugin, min_level=1, max_level=4, slug_func=pages.slug)


@cache
def rules_page(game_id: str, language: str = "en") -> RulesPage:
    """The rendered page of a game in ``language``, or in English where the game has no page in
    it (:class:`NotFound` if the game or its page does not exist)."""
    try:
        game = get_game(game_id)
    except UnknownGame as exc:
        raise NotFound(str(exc)) from None
    source = pages.page_source(type(game), language)
    if source is None:
        raise NotFound(f"{game.title} has no rules page yet")
    english = pages.page_source(type(game))
    shown = "en" if source == english else language
    text = pages.fill(source, pages.game_data(type(game)), _mark)
    sections = [{"anchor": h.anchor, "title": h.title, "level": h.level} for h in pages.headings(text)]
    return RulesPage(game.id, game.title, _renderer().render(text), sections, shown)


def rule_link(refused: IllegalAction, language: str | None = None) -> dict[str, str] | None:
    """Where a refused action's rule is explained: ``{"title", "url"}``, or ``None``; in
    ``language`` (by default the one being spoken) where the game's page is in it."""
    game_id, anchor = refused.game, refused.anchor
    if not game_id or not anchor:
        return None
    try:
        page = rules_page(game_id)
        read = rules_page(game_id, language or spoken())
    except NotFound:
        return None
    title = page.section_title(anchor)
    if title is None:
        return None
    if read.language == "en":
        return {"title": title, "url": f"/games/{game_id}/rules#{anchor}"}
    section = read.sections[[s["anchor"] for s in page.sections].index(anchor)]  # (the same sections, translated)
    return {"title": section["title"], "url": f"/games/{game_id}/rules?lang={read.language}#{section['anchor']}"}


PAGE = """<!doctype html>
<html lang="{lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>How to play {title} — fruitbowl</title>
    <link rel="stylesheet" href="/static/css/fruitbowl.css" />
    <script type="module" src="/static/js/rules-page.js"></script>
  </head>
  <body class="rules-page" data-game="{game}">
    <header class="topbar">
      <a class="brand" href="/">fruitbowl</a>
      <span class="table-title">How to play {title}</span>
    </header>
    <main class="rules-main">
      <nav class="rules-toc card" aria-label="Contents"><h2>Contents</h2><ol>{toc}</ol></nav>
      <article class="rules card">{body}</article>
    </main>
  </body>
</html>
"""


def install_rules_pages(app: FastAPI) -> None:
    """``GET /games/{id}/rules`` (HTML) and ``GET /api/games/{id}/rules`` (JSON for the drawer)."""

    @app.get("/games/{game_id}/rules", include_in_schema=False)
    def rules_html(game_id: str, lang: str | None = None, accept_language: str | None = Header(None)) -> HTMLResponse:
        try:
            page = rules_page(game_id, asked_language(accept_language, lang))
        except NotFound as exc:
            return error_page("No such rules", str(exc))
        toc = "".join(
            f'<li><a href="#{s["anchor"]}">{html.escape(s["title"])}</a></li>' for s in page.sections if s["level"] == 2
        )
        lang = page.language.replace("_", "-")
        body = PAGE.format(lang=lang, title=html.escape(page.title), game=page.game, toc=toc, body=page.html)
        return HTMLResponse(body, headers={"Vary": "Accept-Language"})

    @app.get("/api/games/{game_id}/rules")
    def rules_json(game_id: str, lang: str | None = None, accept_language: str | None = Header(None)) -> dict[str, Any]:
        """The game's players' page: its HTML, and its sections (anchor, title, level) in order, in
        the reader's language where the game has its page in it."""
        page = rules_page(game_id, asked_language(accept_language, lang))
        return {"game": page.game, "title": page.title, "html": page.html, "sections": page.sections}
