"""``fruitbowl replay``: step through a recorded game as one seat saw it (or as a spectator).

Each move shows its events redacted for the viewer and the board from ``view(viewer)``, so a
replay never reveals what that seat could not see at the time. The whole record is checked
(:func:`~fruitbowl.engine.replay`) before anything is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from fruitbowl.engine import Event, Game, Record, State, replay
from fruitbowl.engine.record import start_state
from fruitbowl.engine.wording import _, ngettext

from .boards import Fitting, adapter_for
from .results import score_table, winners_sentence
from .session import ANNOUNCEMENTS, seat_labels
from .setup import seat_index


@dataclass(frozen=True)
class Step:
    """One recorded move: who made it, its text, what it caused, and the position after it."""

    number: int
    actor: int
    text: str
    events: list[Event]
    state: State


def record_steps(record: Record) -> tuple[Game, State, list[Step]]:
    """The game, its opening position and every move, checked against the rules."""
    game, opening = start_state(record)
    steps = []
    actor = opening.current_player
    for number, text, state, events in replay(record):
        steps.append(Step(number, actor, text, events, state.clone()))
        actor = state.current_player
    return game, opening, steps


class ReplayViewer:
    def __init__(self, record: Record, seat: int | None, console: Console):
        self.record = record
        self.viewer = None if seat is None else seat_index(seat, len(record.players))
        self.console = console
        self.game, self.opening, self.steps = record_steps(record)
        self.adapter = adapter_for(self.game.id)
        self.names = [p.name for p in record.players]
        self.labels = seat_labels(record.players, self.viewer)

    @property
    def who(self) -> str:
        if self.viewer is None:
            return _("a spectator")
        return _("{name} (seat {seat})").format(name=self.names[self.viewer], seat=self.viewer + 1)

    # ------------------------------------------------------------------ pieces

    def show_events(self, events: list[Event]) -> int:
        """Each event's sentence on its own line; how many lines they took."""
        lines = 0
        for event in events:
            sentence = self.game.describe_event(event, self.viewer, self.names)
            lines += self._say(Text(f"   {sentence}", style="bold" if event.kind in ANNOUNCEMENTS else ""))
        return lines

    def show_move(self, index: int) -> int:
        """Position ``index``: 0 is the opening, ``k`` is after move ``k``; how many lines it took."""
        if index == 0:
            return self._say(Text(_("Setup"), style="bold reverse")) + self.show_events(
                list(getattr(self.opening, "setup_events", []))
            )
        step = self.steps[index - 1]
        heading = Text(
            _("Move {number}/{moves} · {name}: {action}").format(
                number=step.number, moves=len(self.steps), name=self.names[step.actor], action=step.text
            ),
            style="bold reverse",
        )
        return self._say(heading) + self.show_events(step.events)

    def _say(self, line: Text) -> int:
        """Print ``line``; the number of lines it took."""
        self.console.print(line)
        return len(self.console.render_lines(line, pad=False))

    def state_at(self, index: int) -> State:
        return self.opening if index == 0 else self.steps[index - 1].state

    def show_board(self, index: int, above: int | None = None) -> None:
        """The board at position ``index``; on a terminal, below ``above`` lines of the same
        screen, as full a picture as leaves them and the prompt on it."""
        board = self.adapter.board(self.state_at(index).view(self.viewer), self.labels)
        if above is not None and isinstance(board, Fitting) and self.console.is_terminal:
            board.room = self.console.height - above - 1
        self.console.print(board)

    def show_end(self) -> None:
        final = self.state_at(len(self.steps))
        if final.is_terminal():
            result = final.result()
            self.console.print(score_table(result, self.names, self.viewer))
            self.console.print(f"[bold]{escape(winners_sentence(result, self.names, self.viewer))}[/bold]")
        else:
            self.console.print(Text(_("The record ends here; the game was not finished."), style="dim"))

    # ------------------------------------------------------------------ modes

    def _heading(self) -> str:
        """ "Tang Hu Lu, 52 moves, seen by Ada (seat 1)." (markup)."""
        said = ngettext(
            "[bold]{game}[/bold], {n} move, seen by {who}.",
            "[bold]{game}[/bold], {n} moves, seen by {who}.",
            len(self.steps),
        )
        return said.format(game=escape(_(self.game.title)), n=len(self.steps), who=escape(self.who))

    def print_all(self) -> None:
        """The whole game: every move's events, the board at the start of each round and at the end."""
        self.console.print(self._heading())
        self.show_move(0)
        self.show_board(0)
        shown_round = self.opening.view(self.viewer).get("round")
        for index in range(1, len(self.steps) + 1):
            self.show_move(index)
            view = self.state_at(index).view(self.viewer)
            if view.get("round") != shown_round and index < len(self.steps):
                shown_round = view.get("round")
                self.console.print(self.adapter.board(view, self.labels))
        self.show_board(len(self.steps))
        self.show_end()

    def interactive(self) -> None:
        """Enter: next move · b: back · a number: go to that move · q: quit."""
        keys = _("Enter: next · b: back · number: go to move · q: quit")
        self.console.print(f"{self._heading()} [dim]{escape(keys)}[/dim]")
        index = 0
        while True:
            self.show_board(index, above=self.show_move(index))
            if index == len(self.steps):
                self.show_end()
            try:
                answer = self.console.input(Text.assemble((_("replay ›"), "bold"), " ")).strip().lower()
            except (EOFError, KeyboardInterrupt):
                return
            if answer in ("q", "quit", "exit"):
                return
            if answer in ("b", "back"):
                index = max(0, index - 1)
            elif answer.isascii() and answer.isdigit():
                index = min(len(self.steps), int(answer))
            elif index < len(self.steps):
                index += 1
            else:
                return
