"""``fruitbowl play`` and ``fruitbowl resume``: one human against bots, in the terminal.

A :class:`PlaySession` owns a :class:`~fruitbowl.engine.Match` and loops: bots move through a
:class:`~fruitbowl.bots.SeatHandle` (never the state), the human is shown the board and a
numbered menu of legal actions. The match is saved atomically after every action, so a
crash or a closed terminal loses nothing: ``fruitbowl resume FILE`` carries on.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Iterable, Sequence
from itertools import groupby
from pathlib import Path
from typing import Any, NamedTuple

from rich.align import Align
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from fruitbowl.bots import Bot, SeatHandle, bot_label, make_bot
from fruitbowl.bots.hint import hint
from fruitbowl.engine import Action, Event, IllegalAction, Match, Player, UndoError
from fruitbowl.engine.actions import normalize_text
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import N_, _, ngettext

from .boards import Fitting, MenuRow, MenuSummary, adapter_for, packed
from .crash import keeping
from .errors import CliError
from .help_text import commands_text
from .records import load_match
from .results import score_table, winners_sentence
from .rules import print_rules
from .setup import TableSetup

QUIT_WORDS = {"quit", "q", "exit", "save"}
UNDO_WORDS = {"undo", "u"}
HELP_WORDS = {"help", "h"}
RULES_WORDS = {"rules", "r"}  # the whole players' page (fruitbowl rules GAME)
LOG_WORDS = {"log", "l", "history"}
BOARD_WORDS = {"board", "b", "look"}
HINT_WORDS = {"hint", "?"}
#: The status line's reminder of the commands; on its own line when the status leaves no room.
KEY_HINT = N_("number or action · undo · hint · log · help · quit")
LOG_LENGTH = 30
#: Events that open a paragraph of the log, in bold: a new round, a player's turn.
ANNOUNCEMENTS = {"round", "turn"}
#: Columns a menu description keeps at least when descriptions line up in one column.
MENU_LABEL_ROOM = 30
RESUME_RECAP = 10  # events shown again when a saved game is resumed
#: Lines the board leaves, at most, for what happened since the human last looked (the latest
#: turn; more if the screen is tall enough for the board's fullest picture and more).
RECAP_ROOM = 3
#: Columns a menu summary's words may take with its spaces wrapped beside them, not below.
SUMMARY_HEAD_ROOM = 16


class MenuStyle(NamedTuple):
    """How a menu is drawn on a screen (:data:`MENU_STYLES`)."""

    reminder: bool  # the commands' reminder, on a line of its own if the status leaves no room
    pack: int  # rows of one kind with at least this many actions share rows (0: none do)
    long_labels: bool  # a description too long for its row's line goes whole on the lines below
    summaries: bool = False  # runs the adapter names in words are named so, without their numbers
    lone: bool = False  # actions alone on their rows share rows too, without their descriptions
    kinds_share: bool = False  # packed kinds each of one row share lines ("supply: 1 b1 · claim: 3 T07")


#: How a menu is drawn, roomiest first; a short screen takes the first that fits.
MENU_STYLES = (
    MenuStyle(reminder=True, pack=0, long_labels=True),
    MenuStyle(reminder=False, pack=0, long_labels=True),
    MenuStyle(reminder=False, pack=3, long_labels=True),
    MenuStyle(reminder=False, pack=2, long_labels=False),
    MenuStyle(reminder=False, pack=2, long_labels=False, summaries=True),
    MenuStyle(reminder=False, pack=2, long_labels=False, summaries=True, lone=True),
    MenuStyle(reminder=False, pack=2, long_labels=False, summaries=True, lone=True, kinds_share=True),
)


def _common_word(row: MenuRow | MenuSummary, legal: Sequence[Action]) -> str | None:
    """What a short screen packs ``row`` under: the words it already shares (``place lime``),
    or the first word of every action text of the row if they share it and each has more
    words after it; None otherwise, and for a row that shows its numbers in words of its own."""
    if isinstance(row, MenuSummary) or row.shown:
        return None
    if row.shared:
        return row.shared
    words = {legal[index].text.partition(" ")[::2] for index in row.indices}
    first = {word for word, _rest in words}
    return first.pop() if len(first) == 1 and all(rest for _word, rest in words) else None


def _verb(row: MenuRow | MenuSummary, legal: Sequence[Action]) -> str | None:
    """The first of the words a packed row's actions share (``place`` of ``place lime``), if
    more follow and each of its numbers shows one word of its own; else None."""
    if isinstance(row, MenuSummary):
        return None
    verb, _space, target = row.shared.partition(" ")
    if not target or row.shown:
        return None
    rests = [legal[index].text[len(row.shared) :].split() for index in row.indices]
    return verb if all(len(rest) == 1 for rest in rests) else None


def _one_line(text: Text) -> Text:
    """``text`` printed on one line, never wrapped (a menu row's cells line up with the others)."""
    text.no_wrap = True
    text.overflow = "ignore"
    return text


def discard_type_ahead() -> None:
    """On a terminal, forget keys typed while the bots were thinking, so they are not played
    on decisions the player has not seen. Piped input is the player's script and is kept."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        return
    import termios

    with contextlib.suppress(OSError, ValueError, termios.error):
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


def seat_labels(players: Sequence[Player], human: int | None) -> list[str]:
    """Panel titles: "Sam (you)" for the human, "Ada (Random)" for a bot: its level as players
    read it in the lobby, in their language ("Ada (Leicht)", "Ada (随机)"), not its id."""
    return [
        _("{name} (you)").format(name=p.name)
        if seat == human
        else (p.name if p.controller == "human" else f"{p.name} ({_(bot_label(p.controller))})")
        for seat, p in enumerate(players)
    ]


def human_seat(players: Sequence[Player]) -> int:
    """The one seat a person plays; a save with none or several cannot be played here."""
    humans = [seat for seat, p in enumerate(players) if p.controller == "human"]
    if not humans:
        raise CliError(_("this game has no human player; watch it with 'fruitbowl replay' instead"))
    if len(humans) > 1:
        raise CliError(_("this game has several human players; the terminal plays one human against bots"))
    return humans[0]


def seat_bots(players: Sequence[Player], human: int, seed: int, moves_played: int) -> dict[int, Bot]:
    """A bot for every other seat, seeded from the game's seed and how far it has got."""
    return {
        seat: make_bot(p.controller, derive_seed(seed, "bot", seat, moves_played))
        for seat, p in enumerate(players)
        if seat != human
    }


class PlaySession:
    """The play loop. Between the human's decisions, what happened is kept and shown as a
    recap between the board and the menu, so the latest moves are on screen, not scrolled away.
    """

    def __init__(self, match: Match, human: int, bots: dict[int, Bot], save_path: Path, console: Console):
        self.match = match
        self.human = human
        self.bots = bots
        self.save_path = save_path
        self.console = console
        self.adapter = adapter_for(match.game.id)
        self.labels = seat_labels(match.players, human)
        self.seen = 0  # events of match.log already shown to the human
        self._menu_style = MENU_STYLES[0]  # how the menu is drawn on this screen
        self._said = 0  # lines printed since the last answer above the next screen (its room is less)
        #: lines for above the next screen that may give way to it (the welcome, a forced move's
        #: notice), most wanted first, each with whether the terminal should wrap it and whether
        #: it is the welcome's: printed with the screen, as many as it has room for (:meth:`_said_before`)
        self._pending: list[tuple[Text, bool, bool]] = []

    # ------------------------------------------------------------------ the loop

    def run(self, resumed: bool = False) -> None:
        """Play until the game ends or the human quits; the bots' worker processes, if any, are
        released however the session ends."""
        try:
            self._run(resumed)
        finally:
            self.close()

    def _run(self, resumed: bool) -> None:
        self.save()
        self._welcome(resumed)
        while not self.match.state.is_terminal():
            seat = self.match.state.current_player
            if seat == self.human:
                if not self._human_decision():
                    self._goodbye()
                    return
            else:
                bot = self.bots[seat]
                self._apply(bot.choose(SeatHandle(self.match.state, seat)))
        self._finish()

    def close(self) -> None:
        for bot in self.bots.values():
            bot.close()

    def save(self) -> None:
        self.match.save(self.save_path)

    def _apply(self, action: Action) -> None:
        self.match.apply(action)
        self.save()

    def _human_decision(self) -> bool:
        """Ask until the human plays a legal action (True) or quits (False)."""
        legal = self.match.state.legal_actions()
        if len(legal) == 1:
            self._apply(legal[0])
            only = _("Only one move was possible for you: {action}.").format(action=legal[0].text)
            self._pending.append((Text(only, style="dim"), False, False))  # (the recap says it too, in its turn)
            return True
        self._draw_screen(legal)
        while True:
            line = self._read()
            if line is None or line in QUIT_WORDS:
                return False
            if not line:
                continue
            if line in UNDO_WORDS:
                if self._undo():
                    return True
            elif line in HELP_WORDS:
                self.console.print(self.adapter.rules)
                self.console.print(commands_text(self.adapter.commands))
                self._draw_menu(legal)
            elif line in RULES_WORDS:
                try:
                    print_rules(self.console, self.match.game.id, pager=True)
                except CliError as exc:
                    self.console.print(str(exc))
                self._draw_menu(legal)
            elif line in LOG_WORDS:
                self._show_log()
                self._draw_menu(legal)
            elif line in BOARD_WORDS:
                self._draw_screen(legal)
            elif line in HINT_WORDS:
                self._hint(legal)
            else:
                action = self._choose(line, legal)
                if action is not None:
                    self._apply(action)
                    return True

    def _choose(self, line: str, legal: Sequence[Action]) -> Action | None:
        """The action a menu number or an action text names, or None after explaining why not."""
        if line.isascii() and line.isdigit():
            number = int(line)
            if number - 1 in self._shown(legal):
                return legal[number - 1]
            self.console.print(
                _("[red]There is no choice {number} on the menu[/red]: type a number shown or an action.").format(
                    number=number
                )
            )
            return None
        try:
            return self.match.state.parse_action(line)
        except IllegalAction as exc:
            self.console.print(_("[red]Not allowed:[/red] {reason}").format(reason=escape(str(exc))))
            return None

    def _shown(self, legal: Sequence[Action]) -> set[int]:
        """The positions in ``legal`` whose numbers the menu prints: only those are accepted."""
        rows = self._menu(self.match.state.view(self.human), legal)
        return {index for row in rows for index in row.indices}

    def _menu(self, view: dict[str, Any], legal: Sequence[Action]) -> list[MenuRow]:
        """The menu rows: the adapter's layout, each action labelled by the game's ``describe_action``."""
        rows = self.adapter.menu(view, legal, functools.partial(self.match.game.describe_action, view))
        return [MenuRow(*row) for row in rows]  # (an adapter may give plain (indices, label) pairs)

    def _hint(self, legal: Sequence[Action]) -> None:
        """What a search from your own view recommends, with its estimated win chance."""
        with self.console.status(_("Thinking…")):
            advice = hint(SeatHandle(self.match.state, self.human), seed=len(self.match.record.actions))
        index = legal.index(advice.action)
        number = f"{index + 1} " if index in self._shown(legal) else ""
        about = _(
            "[cyan]Hint:[/cyan] {number}{action} — about {chance} to win from here (estimated from your view only)."
        )
        self.console.print(
            about.format(number=number, action=escape(advice.action.text), chance=f"{advice.win_chance:.0%}")
        )

    def _undo(self) -> bool:
        """Take back the human's last choice, and the moves after it that were the only ones
        possible (played automatically, they would be played again at once)."""
        try:
            self.match.undo(self.human)
        except UndoError as exc:
            message = str(exc)
            self.console.print(f"[red]{escape(message[:1].upper() + message[1:])}[/red]")
            return False
        undone = 1
        while self._forced() and self.match.can_undo(self.human):
            self.match.undo(self.human)
            undone += 1
        if self._forced():  # only forced moves since the turn began: put them back, nothing changed
            for _undone in range(undone):
                self.match.apply(self.match.state.legal_actions()[0])
            nothing = _("Nothing to undo: every move since the start of your turn was the only one possible.")
            self.console.print(f"[red]{escape(nothing)}[/red]")
            return False
        self.save()
        self.seen = min(self.seen, len(self.match.log))
        forced = undone - 1
        undone_words = (
            ngettext(
                "Undone (with {n} move that followed as the only one possible).",
                "Undone (with {n} moves that followed as the only one possible).",
                forced,
            ).format(n=forced)
            if forced
            else _("Undone.")
        )
        self._notice(Text(undone_words, style="green"))
        return True

    def _notice(self, line: Text) -> None:
        """Print a line the next screen comes under (its lines are counted out of the screen's)."""
        self._said_before()
        self.console.print(line)
        self._said += self._lines(line)

    def _said_before(self, room: int | None = None, recap: int = 0) -> int:
        """Print the lines that wait for the next screen (:attr:`_pending`), those that fit in
        ``room`` lines if given (the screen matters more: the most wanted lines are kept, in
        their order; the welcome's may also take the ``recap``'s lines but its last, since the
        board shows what the opening's events did), and count them above the screen; the lines
        printed."""
        lines, self._pending = self._pending, []
        printed = 0
        for text, soft_wrap, welcome in lines:
            height = self._lines(text)
            if room is None or printed + height <= room + (max(0, recap - 1) if welcome else 0):
                self.console.print(text, soft_wrap=soft_wrap)
                printed += height
        self._said += printed
        return printed

    def _forced(self) -> bool:
        """Whether the human is to act and has exactly one legal action (the session plays it)."""
        state = self.match.state
        return not state.is_terminal() and state.current_player == self.human and len(state.legal_actions()) == 1

    def _read(self) -> str | None:
        """The human's next line; None at the end of input. Ctrl-C is left to :func:`keeping`
        (one line naming the save, exit code 130)."""
        discard_type_ahead()
        self._said = 0
        try:
            line = self.console.input(Text.assemble((_("Your move ›"), "bold"), " "))
        except EOFError:
            self.console.print()
            return None
        except KeyboardInterrupt:
            self.console.print()
            raise
        if not (sys.stdin.isatty() and self.console.is_terminal):
            # No terminal echoed the Enter key into the output: end the prompt's line, so the
            # next screen starts on a line of its own.
            self.console.print()
        return normalize_text(line)

    # ------------------------------------------------------------------ drawing

    def _draw_screen(self, legal: Sequence[Action]) -> None:
        """Board, then what happened since the human last looked, then the menu. On a terminal
        the three share its height: the menu whole, the board as full as the rest leaves room
        for (a game may draw a leaner picture, :class:`~fruitbowl.cli.boards.Fitting`), and the
        latest turns in the lines left over."""
        view = self.match.state.view(self.human)
        board = self.adapter.board(view, self.labels)
        self._menu_style = MENU_STYLES[0]
        if not self.console.is_terminal:
            menu = self._menu_lines(legal)
            self._said_before()
            self.console.print(board)
            self._recap()
        else:
            height = self.console.height - self._said
            leanest = board.leanest if isinstance(board, Fitting) else board
            fresh = self._fresh()
            paragraphs, idle = fresh
            told = paragraphs[:-1] if idle else paragraphs
            recap = min(RECAP_ROOM, self._height(told))  # what the board leaves room for
            # what gives way, in turn, when the screen is short: a first screen's welcome lines, the
            # board's fuller pictures, the commands' reminder, the labels of rows of one kind
            # (packed as "buy: 1 R0  2 R1"), then the numbers of runs the game can name in words
            for self._menu_style in MENU_STYLES:
                menu = self._menu_lines(legal)
                if self._lines(leanest) + sum(map(self._lines, menu)) + 1 + recap <= height:
                    break
            below = sum(map(self._lines, menu)) + 1  # + the prompt
            height -= self._said_before(height - self._lines(leanest) - below - recap, recap)
            # (the end of the latest turn is always shown: a board with a last resort makes room for it)
            recap = min(recap, max(min(1, recap), height - self._lines(leanest) - below))
            if isinstance(board, Fitting):
                board.room = height - below - recap
            self.console.print(board)
            self._recap(max(1, height - self._lines(board) - below), fresh)  # (the end of the latest turn at least)
        self._print_menu(menu)

    def _lines(self, renderable: RenderableType) -> int:
        """How many lines ``renderable`` takes on this console."""
        return len(self.console.render_lines(renderable, pad=False))

    def _recap(self, room: int | None = None, fresh: tuple[list[Text], bool] | None = None) -> None:
        """What the human has not seen yet, one paragraph per turn; if given, in ``room`` lines:
        without the bare announcement of the human's own turn (the status line says as much),
        then the latest paragraphs that fit, and a line saying how many were left out
        (``fresh``: :meth:`_fresh`'s answer, if the caller has it)."""
        paragraphs, idle = fresh if fresh is not None else self._fresh()
        self.seen = len(self.match.log)
        if room is not None and self._height(paragraphs) > room:
            if idle:
                paragraphs.pop()
            dropped = 0
            while len(paragraphs) > 1 and self._height(paragraphs) > room:
                paragraphs.pop(0)
                dropped += 1
            if dropped and self._height(paragraphs) < room:  # (a line to say so, where one is left)
                earlier = ngettext(
                    "… {n} earlier turn: type log to see them", "… {n} earlier turns: type log to see them", dropped
                )
                self.console.print(f"[dim]{escape(earlier.format(n=dropped))}[/dim]")
            if self._height(paragraphs) > room:  # one turn alone too long: its end
                paragraphs = [self._tail(paragraphs[0], room)]
        for paragraph in paragraphs:
            self.console.print(paragraph)

    def _tail(self, paragraph: Text, room: int) -> Text:
        """The end of ``paragraph`` in at most ``room`` lines, after an ellipsis (in one line:
        its beginning, since the end of a sentence alone says little)."""
        if room < 2:
            head = paragraph.copy()
            # (cut here: console.print joins a Text into a new one, which forgets no_wrap)
            head.truncate(self.console.width, overflow="ellipsis")
            return head
        lines = [line.copy() for line in paragraph.wrap(self.console, self.console.width)]
        for line in lines:
            line.rstrip()
        for count in range(min(room, len(lines)), 0, -1):
            cut = Text("… ", style="dim") + Text(" ").join(lines[-count:])
            if self._lines(cut) <= room:
                return cut
        return Text("…", style="dim")

    def _fresh(self) -> tuple[list[Text], bool]:
        """The paragraphs of what the human has not seen yet, and whether the last is only the
        announcement of their own turn (with a new round's, if one began just before)."""
        events = [event for _number, event in self.match.log[self.seen :]]
        paragraphs = self._paragraphs(events)
        idle = len(paragraphs) > 1 and events[-1].kind == "turn" and events[-1].actor == self.human
        return paragraphs, idle

    def _height(self, paragraphs: Sequence[Text]) -> int:
        return sum(self._lines(paragraph) for paragraph in paragraphs)

    def _paragraphs(self, events: Iterable[Event]) -> list[Text]:
        """Event sentences joined into one paragraph per turn, the turn's announcement in bold;
        announcements with nothing between them share one ("Round 2 begins. Your turn.")."""
        paragraphs: list[Text] = []
        current: Text | None = None
        bare = False  # the current paragraph holds announcements only
        for event in events:
            sentence = self.match.game.describe_event(event, self.human, self.match.names)
            announcement = event.kind in ANNOUNCEMENTS
            if current is None or (announcement and not bare):
                current = Text()
                paragraphs.append(current)
            elif current.plain:
                current.append(" ")
            if announcement:
                current.append(sentence, style="bold")
            else:
                current.append(sentence, style="green" if event.actor == self.human else "")
            bare = announcement and (bare or current.plain == sentence)
        return paragraphs

    def _draw_menu(self, legal: Sequence[Action]) -> None:
        self._print_menu(self._menu_lines(legal))

    def _print_menu(self, parts: Sequence[RenderableType]) -> None:
        """Print :meth:`_menu_lines`' parts; a line of cells stays one line as counted
        (``console.print`` joins a Text into a new one, which forgets its own ``no_wrap``)."""
        for part in parts:
            if isinstance(part, Text) and part.no_wrap:
                self.console.print(part, no_wrap=True, overflow=part.overflow)
            else:
                self.console.print(part)

    def _menu_lines(self, legal: Sequence[Action]) -> list[RenderableType]:
        """The status line with the commands' reminder, then the numbered actions: what
        :meth:`_draw_menu` prints, one renderable a line (or a description's lines). In the
        screen's ``_menu_style``: without the reminder where it would need a line of its own,
        with rows of one kind packed (:meth:`_packed`), without descriptions that need lines
        of their own."""
        style = self._menu_style
        view = self.match.state.view(self.human)
        status = Text(f" {self.match.game.prompt(view, self.match.names)} ", style="bold reverse")
        keys = Text(_(KEY_HINT), style="dim")
        out: list[RenderableType] = []
        if status.cell_len + 1 + keys.cell_len <= self.console.width:
            line = Table.grid(expand=True)
            line.add_column()
            line.add_column(justify="right")
            line.add_row(status, keys)
            out.append(line)
        else:  # a long status keeps its line whole; the reminder goes underneath
            out += [status, Align.right(keys)] if style.reminder else [status]
        listed = self._menu(view, legal)
        rows: list[MenuRow | MenuSummary] = self._summarized(view, listed, legal) if style.summaries else list(listed)
        if style.pack:
            rows = self._packed(rows, legal, style.pack)
        if style.lone:
            rows = self._lone_packed(rows, legal)
        items = self._tabled(rows, legal) if style.pack else list(rows)
        plain = [item for item in items if isinstance(item, MenuRow)]
        width = len(str(len(legal)))
        lefts = self._menu_lefts(plain, legal, width)
        # Descriptions line up after the widest row's cells while they keep a fair share of the
        # line; otherwise each follows its own cells. One that does not fit goes whole on the
        # lines below, under the action texts: a description is never cut.
        widest = max((left.cell_len for left in lefts), default=0) + 2
        column = widest if widest <= self.console.width - MENU_LABEL_ROOM else None
        left_of = iter(lefts)
        kinds = [item.shared for item in plain]
        kind_line, kind_text = -1, Text()  # the line of the last such kind (see below), and its text
        for item in items:
            if isinstance(item, list):  # a table of numbers
                out += [_one_line(line) for line in item]
                continue
            if isinstance(item, MenuSummary):
                out.append(self._summary_text(item))
                continue
            left, label = next(left_of), item.label
            start = column if column is not None else left.cell_len + 2
            # (a kind whose actions fill one row, without a description: on the shortest screen
            # it may follow the kind before it on its line)
            whole_kind = style.kinds_share and bool(item.shared) and not label and kinds.count(item.shared) == 1
            if whole_kind and kind_line == len(out) - 1:
                joined = Text(" ·").join([kind_text, left])
                if joined.cell_len <= self.console.width:
                    out[-1] = kind_text = _one_line(joined)
                    continue
            if not label or start + len(label) <= self.console.width:
                entry = left.copy()
                if label:
                    entry.pad_right(start - left.cell_len)
                    entry.append(label, style="dim")
                out.append(_one_line(entry))
                if whole_kind:
                    kind_line, kind_text = len(out) - 1, entry
            else:
                out.append(_one_line(left.copy()))
                if style.long_labels:
                    out.append(Padding(Text(label, style="dim"), (0, 0, 0, width + 3)))
        return out

    def _summarized(
        self, view: dict[str, Any], rows: Sequence[MenuRow], legal: Sequence[Action]
    ) -> list[MenuRow | MenuSummary]:
        """For a screen too short for every number: the runs the adapter names in words
        (``summaries``, :class:`~fruitbowl.cli.boards.MenuSummary`) stand where their first
        number was, and the rows keep the other numbers."""
        summaries = getattr(self.adapter, "summaries", None)
        if summaries is None:
            return list(rows)
        summary_of = {index: summary for summary in summaries(view, legal) for index in summary.indices}
        out: list[MenuRow | MenuSummary] = []
        placed: set[int] = set()  # (the first index of each summary already placed)
        for row in rows:
            for index in row.indices:
                summary = summary_of.get(index)
                if summary is not None and summary.indices[0] not in placed:
                    placed.add(summary.indices[0])
                    out.append(summary)
            kept = [k for k, index in enumerate(row.indices) if index not in summary_of]
            if len(kept) == len(row.indices):
                out.append(row)
            elif kept:
                shown = tuple(row.shown[k] for k in kept) if row.shown else ()
                out.append(row._replace(indices=[row.indices[k] for k in kept], shown=shown))
        return out

    def _summary_text(self, summary: MenuSummary) -> RenderableType:
        """A summary's lines: its shared words, then where its actions go and one as typed,
        wrapped under the first of them (under the words, if they leave room; else below them);
        the example is never split across lines."""
        head = Text(f" {summary.head}:", style="bold")
        beside = head.cell_len <= SUMMARY_HEAD_ROOM
        width = self.console.width - (head.cell_len + 1 if beside else 3)
        body = Text(summary.targets, style="bold cyan")
        example = _("type one, e.g. {example}").format(example=summary.example)
        last = body.wrap(self.console, width)[-1].cell_len
        body.append(("  " if last + 2 + cell_len(example) <= width else "\n") + example, style="dim")
        if not beside:
            return Group(head, Padding(body, (0, 0, 0, 3)))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(head, body)
        return grid

    def _tabled(
        self, rows: Sequence[MenuRow | MenuSummary], legal: Sequence[Action]
    ) -> list[MenuRow | MenuSummary | list[Text]]:
        """For a short screen: a run of packed rows of one verb and several objects whose
        numbers each show one word ("place lime:  1 D8  2 E9", "place orange: 17 D8 …") becomes
        one table, a column per word and a line per object, each number in its cell, when it
        fits the width; the other rows are left as they are."""
        out: list[MenuRow | MenuSummary | list[Text]] = []
        for verb, run in groupby(rows, key=lambda row: _verb(row, legal)):
            same = list(run)
            plain = [row for row in same if isinstance(row, MenuRow)]  # (all of them, where there is a verb)
            table = self._table(verb, plain, legal) if verb is not None and len({r.shared for r in plain}) > 1 else None
            if table is None:
                out += same
            else:
                out.append(table)
        return out

    def _table(self, verb: str, rows: Sequence[MenuRow], legal: Sequence[Action]) -> list[Text] | None:
        """The lines of :meth:`_tabled`'s table, or None if it is wider than the screen."""
        cells: dict[str, dict[str, int]] = {}  # object -> word -> number
        for row in rows:
            numbered = cells.setdefault(row.shared.split(" ", 1)[1], {})
            for index, word in zip(row.indices, self._rests(row, legal), strict=True):
                numbered[word] = index + 1
        words = list(dict.fromkeys(word for numbered in cells.values() for word in numbered))
        widths = [1 + max(len(word), *(len(str(t[word])) for t in cells.values() if word in t)) for word in words]
        head = 2 + max(len(verb), 2 + max(map(len, cells)))
        if head + sum(widths) > self.console.width:
            return None
        lines = [
            Text(f" {verb}".ljust(head), style="bold")
            + Text("".join(w.rjust(n) for w, n in zip(words, widths, strict=True)), style="bold")
        ]
        for thing, numbers in cells.items():
            line = Text(f"   {thing}".ljust(head), style="bold")
            for word, n in zip(words, widths, strict=True):
                number = numbers.get(word)
                line.append(str(number).rjust(n) if number else "·".rjust(n), style="bold cyan" if number else "dim")
            lines.append(line)
        return lines

    def _packed(
        self, rows: Sequence[MenuRow | MenuSummary], legal: Sequence[Action], least: int
    ) -> list[MenuRow | MenuSummary]:
        """For a short screen: the rows whose actions' texts all begin with the same word
        ("buy R0", "buy R1" …), ``least`` actions or more, are packed as tightly as the width
        allows under that word where the first of them stood (a "pass" between two claims does
        not split them), each number showing the rest of its text, without the rows' labels
        (what they said, the board shows)."""
        words = [_common_word(row, legal) for row in rows]
        counts: dict[str, int] = {}
        for row, word in zip(rows, words, strict=True):
            if word is not None:
                counts[word] = counts.get(word, 0) + len(row.indices)
        out: list[MenuRow | MenuSummary] = []
        done: set[str] = set()
        for row, word in zip(rows, words, strict=True):
            if word is None or counts[word] < least:
                out.append(row)
            elif word not in done:
                done.add(word)
                indices = [i for other, w in zip(rows, words, strict=True) if w == word for i in other.indices]
                out += packed(indices, word, legal, self.console.width)
        return out

    def _lone_packed(
        self, rows: Sequence[MenuRow | MenuSummary], legal: Sequence[Action]
    ) -> list[MenuRow | MenuSummary]:
        """For the shortest screen: the actions alone on their rows ("1 supply e3", "5 pass")
        share rows as the width allows, where the first of them stood, without descriptions."""
        lone = [
            row
            for row in rows
            if isinstance(row, MenuRow) and len(row.indices) == 1 and not row.shared and not row.shown
        ]
        if len(lone) < 2:
            return list(rows)
        texts = [len(legal[i].text) for row in rows if isinstance(row, MenuRow) and not row.shared for i in row.indices]
        cell = len(str(len(legal))) + 2 + max(texts)  # (as _menu_lefts lays the cells out)
        per_row = max(1, (self.console.width + 2) // (cell + 2))
        indices = [row.indices[0] for row in lone]
        shared = [MenuRow(indices[start : start + per_row], "") for start in range(0, len(indices), per_row)]
        alone = {id(row) for row in lone}
        out: list[MenuRow | MenuSummary] = []
        for row in rows:
            if id(row) not in alone:
                out.append(row)
            elif row is lone[0]:
                out += shared
        return out

    @classmethod
    def _menu_lefts(cls, rows: Sequence[MenuRow], legal: Sequence[Action], width: int) -> list[Text]:
        """Each row's numbered cells. A row with ``shared`` words prints them once (a run of such
        rows: on its first, the others indented as far) and each cell only the rest of its text;
        the cells of a run line up, as do those of all other rows."""
        plain = [len(legal[i].text) for row in rows if not row.shared for i in row.indices]
        text_width = max(plain, default=0)
        lefts = []
        before = None
        for row in rows:
            indices, shared = row.indices, row.shared
            if not shared:
                lefts.append(Text("  ").join(cls._menu_cell(i, legal[i].text, width, text_width) for i in indices))
                before = None
                continue
            rests = cls._rests(row, legal)
            if shared != before:
                run = [r for r in rows if r.shared == shared]
                rest_width = max(len(rest) for r in run for rest in cls._rests(r, legal))
                head = Text(f" {shared}:", style="bold")
            else:
                head = Text(" " * head.cell_len)
            cells = Text("  ").join(
                cls._menu_cell(i, rest, width, rest_width) for i, rest in zip(indices, rests, strict=True)
            )
            lefts.append(Text.assemble(head, cells))
            before = shared
        return lefts

    @staticmethod
    def _rests(row: MenuRow, legal: Sequence[Action]) -> list[str]:
        """What each number of a packed row shows: its ``shown`` words, or the rest of its text."""
        return list(row.shown) if row.shown else [legal[i].text[len(row.shared) :].strip() for i in row.indices]

    @staticmethod
    def _menu_cell(index: int, text: str, width: int, text_width: int) -> Text:
        cell = Text(f" {index + 1:>{width}} ", style="bold cyan")
        cell.append(f"{text:<{text_width}}", style="bold")
        return cell

    def _sentences(self, events: Iterable[Event]) -> list[Text]:
        out = []
        for event in events:
            sentence = self.match.game.describe_event(event, self.human, self.match.names)
            if event.kind in ANNOUNCEMENTS:
                out.append(Text(f"── {sentence}", style="bold"))
            elif event.actor == self.human:
                out.append(Text(f"   {sentence}", style="green"))
            else:
                out.append(Text(f"   {sentence}"))
        return out

    def _show_log(self) -> None:
        """The recent moves, newest first; each move's events in the order they happened."""
        recent = self.match.log[-LOG_LENGTH:]
        self.console.print(Text(_("Recent moves, newest first"), style="bold"))
        by_move: dict[int, list[Event]] = {}
        for number, event in recent:
            by_move.setdefault(number, []).append(event)
        for number in sorted(by_move, reverse=True):
            self.console.print(Text(_("move {number}").format(number=number) if number else _("setup"), style="dim"))
            for line in self._sentences(by_move[number]):
                self.console.print(line)

    def _welcome(self, resumed: bool) -> None:
        game = self.match.game
        me = self.match.players[self.human].name
        welcome = (
            _("[bold]Resuming {game}[/bold]: you are {name}, seat {seat} of {players}.")
            if resumed
            else _("[bold]New game of {game}[/bold]: you are {name}, seat {seat} of {players}.")
        )
        who = welcome.format(
            game=escape(_(game.title)), name=escape(me), seat=self.human + 1, players=len(self.match.players)
        )
        saved = _("Saved after every move to {path}.").format(path=self.save_path)
        self._pending += [  # (most wanted first: who you are, where help is, where the game is saved)
            (Text.from_markup(who), False, True),
            (Text(_("Type help for the rules and commands."), style="dim"), False, True),
            (Text(saved, style="dim"), True, True),
        ]
        if resumed:
            self.seen = max(0, len(self.match.log) - RESUME_RECAP)

    def _goodbye(self) -> None:
        self._said_before()
        self.save()
        # soft_wrap: long paths are left for the terminal to wrap, so they copy and paste whole
        self.console.print(escape(_("Game saved to {path}").format(path=self.save_path)), soft_wrap=True)
        command = f"fruitbowl resume {self.save_path}"
        self.console.print(Text.assemble(_("Resume with:"), " ", (command, "bold")), soft_wrap=True)

    def _finish(self) -> None:
        state = self.match.state
        result = state.result()
        self._said_before()
        self._recap()
        self.console.print(self.adapter.board(state.view(self.human), self.labels))
        self.console.print(score_table(result, self.match.names, self.human))
        self.console.print(f"[bold]{escape(winners_sentence(result, self.match.names, self.human))}[/bold]")
        saved = _("The game is saved in {path}; watch it again with '{command}'.").format(
            path=self.save_path, command=f"fruitbowl replay {self.save_path} --seat {self.human + 1}"
        )
        self.console.print(f"[dim]{escape(saved)}[/dim]", soft_wrap=True)


def play_new(setup: TableSetup, save_path: Path, console: Console) -> None:
    with keeping(save_path):
        match = Match.new(setup.game, setup.players, setup.seed, setup.options)
        bots = seat_bots(setup.players, setup.human, setup.seed, 0)
        PlaySession(match, setup.human, bots, save_path, console).run()


def resume(path: Path, console: Console) -> None:
    with keeping(path):
        match = load_match(path)
        human = human_seat(match.players)
        bots = seat_bots(match.players, human, match.record.seed, len(match.record.actions))
        PlaySession(match, human, bots, path, console).run(resumed=True)
