"""``fruitbowl rules GAME``: a game's players' page ("How to play") in the terminal.

The same page the browser's drawer shows (the game's ``how_to_play.md``, its numbers filled from
the game's data by :mod:`fruitbowl.engine.pages`), rendered by Rich; a reconstructed value is
followed by a dagger, explained below the page (not an asterisk: in Fabled Fruit's prices ``*``
is "any fruit", and Markdown reads asterisks as emphasis). A page is long: it goes through a pager when
the output is a terminal (``--no-pager`` prints it straight).
"""

from __future__ import annotations

import os
import re
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, MarkdownElement, TableElement
from rich.table import Table

from fruitbowl.engine import get_game, pages
from fruitbowl.engine.wording import N_, _, language

from .errors import CliError

#: A piece's picture in the page, drawn by the board's art in the browser; the terminal has no
#: pictures, and the words around one already name the piece.
PIECE = re.compile(r'\s*<span class="piece"[^>]*>\s*</span>')
#: A line break inside a paragraph after a Chinese character, where the next line goes on with the
#: same paragraph (not a list item, a table row, a heading or a quote).
CJK_SOFT_BREAK = re.compile(r"(?<=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])\n(?![ \t]*(?:[-*+|#>]|\d+\.|\n))")
#: the mark after a reconstructed value, and what it says
RECONSTRUCTED_MARK = "†"
STAR_NOTE = N_("† reconstructed: no public source gives this value; it may differ from your box.")


def page_markdown(game_id: str) -> str:
    """The filled page as Markdown for the terminal, in the language being spoken where the game
    has its page in that language."""
    game = get_game(game_id)
    source = pages.page_source(type(game), language())
    if source is None:
        raise CliError(_("{game} has no rules page yet").format(game=_(game.title)))
    marked = lambda shown, rebuilt: f"{shown}{RECONSTRUCTED_MARK}" if rebuilt else shown  # noqa: E731
    text = pages.fill(source, pages.game_data(type(game)), marked)
    if language().startswith("zh"):  # Chinese has no spaces: a line break there would wrap as one
        text = CJK_SOFT_BREAK.sub("", text)
    return PIECE.sub("", text)


class FoldingTable(TableElement):
    """A page's table whose cells fold where their text has no space to wrap at (Chinese), rather
    than end in "…"."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for part in super().__rich_console__(console, options):
            if isinstance(part, Table):
                for column in part.columns:
                    column.overflow = "fold"
            yield part


class SpacelessMarkdown(Markdown):
    """The page in a language written without spaces: its tables fold."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {**Markdown.elements, "table_open": FoldingTable}


def print_rules(console: Console, game_id: str, pager: bool) -> None:
    text = page_markdown(game_id)
    body = (SpacelessMarkdown if language().startswith("zh") else Markdown)(text, hyperlinks=False)
    if pager and console.is_terminal:
        os.environ.setdefault("LESS", "-R")  # less shows the page's colours, not their escape codes
        with console.pager(styles=True):
            console.print(body)
            console.print(_(STAR_NOTE), style="dim")
    else:
        console.print(body)
        console.print(_(STAR_NOTE), style="dim")
