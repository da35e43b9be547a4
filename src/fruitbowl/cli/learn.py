"""``fruitbowl learn GAME [--module M]``: a game's tutorial in the terminal — the web table's
prepared deal, bots and coach (``server/tutorials.py``): before each of your decisions the coach
says what to do and why, and names the suggested move's number on the menu. The game is saved
under the tutorial's name: ``fruitbowl learn`` again resumes it (``--restart`` starts afresh).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from fruitbowl.bots import Bot, SeatHandle, bot_label
from fruitbowl.engine import Action, FruitbowlError, Match, Player, get_game
from fruitbowl.engine.tutorials import Tutorial
from fruitbowl.engine.wording import _
from fruitbowl.server.tutorials import PLAYER, bot_for_move, choose, coach_for

from .crash import keeping
from .errors import CliError
from .paths import saves_dir
from .records import load_match
from .session import PlaySession
from .setup import default_player_name


class TutorialBot(Bot):
    """A tutorial's bot: each move chosen by a bot seeded from the deal, the seat and the move
    number (the web table's), so the same deal plays the same way here too."""

    def __init__(self, level: str, match: Match, seat: int):
        self.level, self.match, self.seat = level, match, seat
        self.name = level

    def choose(self, handle: SeatHandle) -> Action:
        bot = bot_for_move(self.level, self.match.record.seed, self.seat, len(self.match.record.actions))
        return bot.choose(handle)


class TutorialSession(PlaySession):
    """The play loop with the coach's words above the menu, and what was learned at the end."""

    def __init__(self, tutorial: Tutorial, match: Match, save_path: Path, console: Console):
        bots: dict[int, Bot] = {seat: TutorialBot(level, match, seat) for seat, level in enumerate(tutorial.bots, 1)}
        super().__init__(match, PLAYER, bots, save_path, console)
        self.tutorial = tutorial

    def _menu_lines(self, legal: Sequence[Action]) -> list[RenderableType]:
        """The coach's words for this step, above the status line and the menu."""
        step = coach_for(self.tutorial, self.match)
        where = ""
        if step["suggested"] is not None:
            index = next((i for i, action in enumerate(legal) if action.code == step["suggested"]), None)
            if index is not None and index in self._shown(legal):
                where = " [bold]" + escape(_("Type {number}.").format(number=index + 1)) + "[/bold]"
        rule = (
            " [dim]"
            + escape(_("(The rule: {title} — type rules to read it.)").format(title=step["rule"]["title"]))
            + "[/dim]"
            if step["rule"]
            else ""
        )
        head = "[bold green]" + escape(
            _("Tutorial · step {step} of {steps}:").format(step=step["step"], steps=step["of"])
        )
        head += "[/bold green]"
        return [Text.from_markup(f"{head} {escape(step['text'])}{where}{rule}"), *super()._menu_lines(legal)]

    def _goodbye(self) -> None:
        self.save()
        again = f"fruitbowl learn {self.tutorial.game}" + (
            f" --module {self.tutorial.module}" if self.tutorial.module else ""
        )
        self.console.print(Text.assemble(_("Tutorial saved. Resume with:"), " ", (again, "bold")), soft_wrap=True)

    def _finish(self) -> None:
        super()._finish()
        step = coach_for(self.tutorial, self.match)
        self.console.print(Text.assemble((_("Tutorial finished:"), "bold green"), " ", step["text"]))
        self.console.print(
            Text.assemble(_("Play a real game with:"), " ", (f"fruitbowl play {self.tutorial.game}", "bold"))
        )


def learn(game_id: str, module: str | None, name: str | None, restart: bool, console: Console) -> None:
    """Play a tutorial in the terminal, resuming the one saved under its name unless ``restart``."""
    try:
        get_game(game_id)
        tutorial = choose(game_id, module)
    except FruitbowlError as exc:
        raise CliError(str(exc)) from None
    path = saves_dir() / f"tutorial-{tutorial.id}.json"
    with keeping(path):
        match = None
        if path.exists() and not restart:
            saved = load_match(path)
            if not saved.state.is_terminal() and saved.record.seed == tutorial.seed:
                match = saved
        resumed = match is not None
        if match is None:
            players = [Player(name or default_player_name(), "human")]
            players += [
                Player(_("{level} bot {n}").format(level=_(bot_label(level)), n=seat), level)
                for seat, level in enumerate(tutorial.bots, 2)
            ]
            path.parent.mkdir(parents=True, exist_ok=True)
            match = Match.new(get_game(tutorial.game), players, tutorial.seed, tutorial.options)
        TutorialSession(tutorial, match, path, console).run(resumed=resumed)
