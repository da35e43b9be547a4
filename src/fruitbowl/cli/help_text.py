"""The list of commands shown by the ``help`` command during play.

Each game's rules summary lives with its terminal board adapter (``games/<game>/terminal.py``),
built from that game's component data.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from fruitbowl.engine.wording import _


def commands_text(examples: tuple[str, ...]) -> RenderableType:
    """The ``help`` command's list of commands; ``examples`` are the game's own action texts.

    Two columns, the command and what it does; a long description wraps inside its column, so
    the list reads cleanly at any width from 40 columns up.
    """
    shown = Text(_("for example ")) if examples else Text(_("the text beside each number"))
    for number, example in enumerate(examples):
        if number:
            shown.append(", ")
        shown.append(example, style="cyan")
    table = Table.grid(padding=(0, 2))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column(overflow="fold")  # (a language without spaces, Chinese, wraps anywhere)
    table.add_row("1, 2, …", _("play the action with that number"))
    table.add_row(Text(_("an action"), style="default"), Text.assemble(_("type its text: "), shown))
    table.add_row(
        "undo",
        _(
            "take back your last choice, and any move after it that was the only one possible; "
            "only within your turn, never past a die roll, a tile or card drawn, or another "
            "player's decision"
        ),
    )
    table.add_row("hint", _("what a search from your own view recommends, with its chance to win"))
    table.add_row("log", _("the last moves, newest first"))
    table.add_row("board", _("draw the board again"))
    table.add_row("help", _("this text"))
    table.add_row("rules", _("the whole rules of the game, page by page"))
    table.add_row("quit", _("save and leave; 'fruitbowl resume FILE' carries on later"))
    return Group(Text(_("Commands"), style="bold"), Padding(table, (0, 0, 0, 2)))
