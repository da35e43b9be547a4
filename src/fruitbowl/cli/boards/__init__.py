"""How each game looks in the terminal: a board picture, the action menu's layout, rules.

Front-end code asks :func:`adapter_for` for a game's :class:`BoardAdapter`: the one its plugin's
``terminal`` hook names (usually ``games/<id>/terminal.py``, which imports this module for the
base helpers). A game without a terminal picture of its own still plays through
:class:`GenericAdapter` (its view printed as data), so a new game is playable here as soon as it
fulfils the engine contract.

The words are the game's own: the status line is :meth:`Game.prompt` and an action's label is
:meth:`Game.describe_action`, the same as the web table's, so an adapter never words them again;
it only lays the menu out (which actions share a row) and may title a row that holds several.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.pretty import Pretty
from rich.text import Text

from fruitbowl.engine import Action
from fruitbowl.engine.registry import get_plugin
from fruitbowl.engine.wording import N_, _


class MenuRow(NamedTuple):
    """One line of the action menu: the (0-based) positions in the legal list and a label; and
    ``shared``, the first words of every action text on the line, printed once before the numbers
    so that each number shows only the rest (``place lime: 12 C4  13 D5``, each still typed as
    its number or its whole text). ``shown``, if given, is what each number shows instead of the
    rest of its text (``move: 1 #2  2 #4``, where a bare ``2`` beside number 1 would read as a
    number); typed after the shared words, each must name its action too (an alias). An adapter
    may return plain ``(indices, label)`` pairs."""

    indices: list[int]
    label: str
    shared: str = ""
    shown: tuple[str, ...] = ()


class MenuSummary(NamedTuple):
    """Actions a short screen names in words instead of numbers, when even packed their numbers
    would push the board off it (a Bull's eighty-odd empty spaces): ``head``, the words they
    share (``bull``, ``place lime well … milestone``); ``targets``, where they go in the board's
    own words (``B1 D1–H1 A2 …``); and ``example``, one of them as it is typed. Their numbers
    are still accepted, and every other screen lists them."""

    indices: list[int]
    head: str
    targets: str
    example: str


#: An action's label in the position the menu is for: the game's ``describe_action`` of that view.
Label = Callable[[Action], str]


def one_per_line(legal: Sequence[Action], label: Label) -> list[MenuRow]:
    """The plain menu: every action on its own line with its label."""
    return [MenuRow([index], label(action)) for index, action in enumerate(legal)]


def packed(indices: Sequence[int], shared: str, legal: Sequence[Action], width: int) -> list[MenuRow]:
    """The actions at ``indices``, whose texts all begin with ``shared``, as packed rows of at
    most ``width`` columns: each number shows the rest of its text, as the menu prints them
    (" {shared}:", then cells of the number and the rest, two spaces apart)."""
    number = len(str(len(legal))) + 2  # a cell's number and its spaces
    rest = max(len(legal[index].text) - len(shared) - 1 for index in indices)  # (after a space)
    per_row = max(1, (width - len(shared) - 2) // (number + rest + 2))
    return [MenuRow(list(indices[start : start + per_row]), "", shared) for start in range(0, len(indices), per_row)]


def flowed(entries: Sequence[Text], width: int, gap: int = 2) -> Text:
    """Entries side by side, ``gap`` spaces apart, a new line where the next would pass ``width``:
    a legend whose entries are never split across lines."""
    out = Text()
    used = 0
    for entry in entries:
        if used and used + gap + entry.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(" " * gap)
            used += gap
        out.append_text(entry)
        used += entry.cell_len
    return out


class Fitting:
    """A board that fits the lines the screen leaves it: either several pictures, the fullest
    first (the first that fits is shown; the last when none does), or ``compose``, which draws
    the picture for a number of lines. The play session sets ``room`` to what the menu and the
    latest turn leave of the screen; left unset, the picture gets the terminal's height less two
    lines (a status line and a prompt). ``last_resort``: a picture leaner still, shown only where
    the menu leaves too little room even for the last one (the session plans for the last: it
    gives up everything else it can before this picture leaves anything out)."""

    def __init__(
        self,
        *pictures: RenderableType,
        compose: Callable[[int], RenderableType] | None = None,
        last_resort: RenderableType | None = None,
    ):
        if not pictures and compose is None:
            raise ValueError("a fitting board needs pictures or a way to compose one")
        self.pictures = pictures
        self.compose = compose
        self.last_resort = last_resort
        self.room: int | None = None

    @property
    def leanest(self) -> RenderableType:
        """The smallest picture the session plans for (what a screen shows however short it is,
        ``last_resort`` aside)."""
        return self.compose(0) if self.compose is not None else self.pictures[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = self.room if self.room is not None else options.max_height - 2
        if self.compose is not None:
            yield self.compose(room)
            return
        pictures = self.pictures if self.last_resort is None else (*self.pictures, self.last_resort)
        for picture in pictures[:-1]:
            if len(console.render_lines(picture, options, pad=False)) <= room:
                yield picture
                return
        yield pictures[-1]


class BoardAdapter(Protocol):
    """What the terminal needs from a game besides the engine contract."""

    @property
    def rules(self) -> str:
        """A concise summary of the rules, shown by the ``help`` command (in the language spoken)."""
        ...

    #: Example action texts for the ``help`` command: ("work", "buy S1 on 2").
    commands: tuple[str, ...]

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        """The position as ``view``'s viewer sees it; ``labels[seat]`` titles each player (a
        :class:`Fitting` to offer leaner pictures for a short screen)."""
        ...

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        """The legal actions as menu rows: indices into ``legal`` sharing one line, and its label
        (``label(action)`` for a row of one action)."""
        ...


#: An adapter may also offer ``summaries(view, legal) -> list[MenuSummary]``: runs of actions that a
#: screen too short for their numbers names in words (:class:`MenuSummary`).
#: An adapter may also offer ``campaign_report(campaign) -> list[RenderableType]``: what
#: ``fruitbowl campaign show`` prints for a campaign of its game (without one, the campaign's JSON).


NO_RULES = N_("No rules summary is available for this game in the terminal yet.")


class GenericAdapter:
    """A fallback for games without a terminal picture: the view as pretty-printed data."""

    commands: tuple[str, ...] = ()

    @property
    def rules(self) -> str:
        return _(NO_RULES)

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        return Pretty(view)

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        return one_per_line(legal, label)


def adapter_for(game_id: str) -> BoardAdapter:
    """The game's terminal board (its plugin's ``terminal`` hook), or :class:`GenericAdapter`."""
    adapter: BoardAdapter | None = get_plugin(game_id).terminal_adapter()
    return GenericAdapter() if adapter is None else adapter
