"""``fruitbowl campaign``: campaigns that carry the table from one game to the next.

Any game whose plugin has a ``campaign`` hook (:class:`~fruitbowl.engine.plugin.CampaignSupport`)
is played here; this module names no game. A campaign lives in ``data_home()/campaigns/NAME.json``
(the plain JSON of the game's campaign state, which names its game), written atomically after every
finished game. Each of its games is an ordinary match save beside it, ``NAME/game-N.json``:
quitting keeps it, ``campaign play NAME`` resumes it, and it stays after the game as that
game's record (for ``replay`` and ``review``); only a finished game changes the campaign
(Fabled Fruit §2.11). A damaged or edited campaign file is refused with one line, never repaired.
What ``show`` prints beyond the progress is the game's terminal adapter's ``campaign_report``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from fruitbowl.engine import (
    FruitbowlError,
    Match,
    UnknownGame,
    all_plugins,
    get_game,
    get_plugin,
    parse_option_pairs,
)
from fruitbowl.engine.match import write_atomic
from fruitbowl.engine.plugin import CampaignState, CampaignSupport
from fruitbowl.engine.rng import random_seed
from fruitbowl.engine.wording import N_, _, ngettext, pgettext
from fruitbowl.paths import data_home

from . import session
from .boards import adapter_for
from .crash import keeping
from .errors import CliError
from .records import load_match
from .setup import setup_table

campaign_app = typer.Typer(help=N_("Campaigns: each game of a campaign starts where the last one ended."))


@campaign_app.callback(invoke_without_command=True)
def _campaign_help(ctx: typer.Context) -> None:
    """Campaigns: each game of a campaign starts where the last one ended."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


class CampaignError(CliError):
    """A campaign file that cannot be read or does not fit the game it names."""


def campaign_games() -> list[str]:
    """The ids of the games played in campaigns (their plugins have a ``campaign`` hook)."""
    return [plugin.id for plugin in all_plugins() if plugin.campaign is not None]


def support_for(game_id: str) -> CampaignSupport:
    """The game's campaigns; one sentence naming the games that have them if it has none."""
    support = get_plugin(game_id).campaigns() if game_id in {p.id for p in all_plugins()} else None
    if support is None:
        raise CliError(f"campaigns exist for {', '.join(campaign_games()) or 'no game'} only; got {game_id!r}")
    return support


def kind_of(campaign: CampaignState) -> str:
    """ "Campaign", or "Lime campaign" for a campaign of another ruleset than the first."""
    base = support_for(game_of(campaign)).rulesets[0]
    return _("Campaign") if campaign.ruleset == base else _("{ruleset} campaign").format(ruleset=_ruleset(campaign))


def _ruleset(campaign: CampaignState) -> str:
    """ "Lime": a ruleset's name as the game's words say it."""
    return _(campaign.ruleset.capitalize())


def _progress(campaign: CampaignState, joined: str | None = None) -> str:
    """ "2 games played, 40 cards left to play" (``joined``: the two parts joined otherwise)."""
    played = ngettext("{n} game played", "{n} games played", campaign.games_completed)
    left = ngettext("{n} card left to play", "{n} cards left to play", campaign.cards_left)
    return (joined or _("{played}, {left}")).format(
        played=played.format(n=campaign.games_completed), left=left.format(n=campaign.cards_left)
    )


def game_of(campaign: CampaignState) -> str:
    return str(campaign.to_json()["game"])


def campaigns_dir() -> Path:
    return data_home() / "campaigns"


def campaign_path(name: str) -> Path:
    if not NAME_PATTERN.match(name):
        raise CliError(f"a campaign name is letters, digits, '-' and '_' (up to 64); got {name!r}")
    return campaigns_dir() / f"{name}.json"


def games_dir(name: str) -> Path:
    """The folder beside ``NAME.json`` that keeps every game of the campaign."""
    return campaigns_dir() / name


def game_path(name: str, number: int) -> Path:
    """Game ``number``'s save while it is played, and its record afterwards."""
    return games_dir(name) / f"game-{number}.json"


def legacy_game_path(name: str) -> Path:
    """Where older versions kept the game in progress (and deleted it after the game)."""
    return campaigns_dir() / f"{name}.game.json"


def adopt_legacy_game(name: str) -> None:
    """Move an older version's game in progress to its numbered place, so it is kept."""
    old = legacy_game_path(name)
    if not old.exists():
        return
    number = load_match(old).record.options.get("game_number")
    new = game_path(name, number) if isinstance(number, int) else None
    if new is None or new.exists():
        raise CampaignError(f"{old} is an older game in progress that cannot be placed; move it away to continue")
    new.parent.mkdir(parents=True, exist_ok=True)
    old.replace(new)


def check_game_file(path: Path, match: Match, campaign: CampaignState) -> None:
    """Refuse a game file that is not the campaign's next game (a stale or foreign file)."""
    number = campaign.games_completed + 1
    if match.record.options.get("game_number") != number or match.record.seed != campaign.game_seed():
        raise CampaignError(
            f"{path} is not game {number} of this campaign (it may be left from an older campaign of the "
            "same name); move it away to continue"
        )


def _new_hint(name: str) -> str:
    games = campaign_games()
    return f"fruitbowl campaign new {games[0] if len(games) == 1 else 'GAME'} {name}"


def load_campaign(name: str) -> CampaignState:
    """The campaign saved under ``name``, checked by its game; one line if it is damaged."""
    path = campaign_path(name)
    if not path.exists():
        raise CliError(f"there is no campaign {name!r}; start one with '{_new_hint(name)}'")
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise CampaignError(f"campaign {name!r}: {path} is not a text file") from None
    except ValueError as exc:
        raise CampaignError(f"campaign {name!r} is damaged or was edited ({path}): not valid JSON: {exc}") from None
    game_id = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game_id, str) or game_id not in campaign_games():
        raise CampaignError(f"campaign {name!r} is damaged or was edited ({path}): it names no game with campaigns")
    try:
        return support_for(game_id).from_json(data)
    except FruitbowlError as exc:
        raise CampaignError(f"campaign {name!r} is damaged or was edited ({path}): {exc}") from None


def save_campaign(name: str, campaign: CampaignState) -> None:
    write_atomic(campaign_path(name), json.dumps(campaign.to_json(), indent=1, ensure_ascii=False) + "\n")


@campaign_app.command("new", help=N_("Start a new campaign of a game played in campaigns, for your table."))
def new(
    game: Annotated[str, typer.Argument(help=N_("The game (one played in campaigns, see its page)."))],
    name: Annotated[str, typer.Argument(help=N_("Campaign name (letters, digits, - and _)."))],
    players: Annotated[int, typer.Option("--players", "-p", help=N_("Players at the table."))] = 3,
    seed: Annotated[int | None, typer.Option(help=N_("Campaign seed: every game's shuffle derives from it."))] = None,
    player_name: Annotated[str | None, typer.Option("--name", help=N_("Your name at the table."))] = None,
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", help=N_("The campaign's ruleset (the game's page lists them)."))
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help=N_("A campaign option as key=value; repeat for several (the game's page lists them)."),
        ),
    ] = None,
) -> None:
    try:
        game_id = get_game(game).id
    except UnknownGame:
        game_id = game
    support = support_for(game_id)
    options: dict[str, Any] = parse_option_pairs(option or [])
    if ruleset is not None:
        options["ruleset"] = ruleset
    path = campaign_path(name)
    if path.exists():
        raise CliError(
            _("campaign {name} already exists ({path}); play it with '{command}'").format(
                name=repr(name), path=path, command=f"fruitbowl campaign play {name}"
            )
        )
    table = setup_table(game_id, players, 1, None, [], seed, player_name)
    names = [p.name for p in table.players]
    campaign = support.new(random_seed() if seed is None else seed, names, options)
    save_campaign(name, campaign)
    console = Console(highlight=False)
    created = ngettext(
        "{kind} [bold]{name}[/bold] created for {players} player ({names}).",
        "{kind} [bold]{name}[/bold] created for {players} players ({names}).",
        players,
    )
    console.print(created.format(kind=kind_of(campaign), name=name, players=players, names=", ".join(names)))
    console.print(Text.assemble(_("Play it with:"), " ", (f"fruitbowl campaign play {name}", "bold")), soft_wrap=True)


@campaign_app.command(
    "play",
    help=N_(
        "Play the campaign's next game (or resume the one in progress); the campaign is saved after it, "
        "and the game's record is kept beside it for replay and review."
    ),
)
def play(
    name: Annotated[str, typer.Argument(help=N_("Campaign name."))],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help=N_("Players this game (default: the campaign's table)."))
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help=N_("Your seat, counted from 1."))] = 1,
    bots: Annotated[
        str | None, typer.Option("--bots", "-b", help=N_("Bots for the other seats, e.g. random,random."))
    ] = None,
    player_name: Annotated[str | None, typer.Option("--name", help=N_("Your name at the table."))] = None,
) -> None:
    campaign = load_campaign(name)
    console = Console(highlight=False)
    if campaign.campaign_complete:
        raise CliError(_("campaign {name} is complete: every location card has been bought").format(name=repr(name)))
    adopt_legacy_game(name)
    number = campaign.games_completed + 1
    saved = game_path(name, number)
    with keeping(saved):
        if saved.exists():
            check_game_file(saved, load_match(saved), campaign)
            console.print(_("Resuming game {number} of campaign [bold]{name}[/bold].").format(number=number, name=name))
            session.resume(saved, console)
        else:
            count = players if players is not None else max(2, len(campaign.seating))
            if player_name is None and 0 < seat <= len(campaign.seating):
                player_name = campaign.seating[seat - 1]  # the name you have at this campaign's table
            table = setup_table(game_of(campaign), count, seat, bots, [], campaign.game_seed(), player_name)
            names = [p.name for p in table.players]
            options = table.game.validate_options(campaign.game_options(count, names), count)
            match = Match.new(table.game, table.players, table.seed, options)
            console.print(_("Game {number} of campaign [bold]{name}[/bold].").format(number=number, name=name))
            bots_by_seat = session.seat_bots(table.players, table.human, table.seed, 0)
            session.PlaySession(match, table.human, bots_by_seat, saved, console).run()
        match = Match.load(saved)
        if not match.state.is_terminal():
            console.print(_("The campaign is updated when this game ends. Continue it with:"))
            console.print(f"  [bold]fruitbowl campaign play {name}[/bold]", soft_wrap=True)
            return
        after = campaign.after_game(match.state, match.names)
        save_campaign(name, after)
    saved_words = (
        _("Campaign [bold]{name}[/bold] saved: {progress} — the campaign is complete!")
        if after.campaign_complete
        else _("Campaign [bold]{name}[/bold] saved: {progress}.")
    )
    console.print(saved_words.format(name=name, progress=_progress(after)))
    if not after.campaign_complete:
        console.print(Text.assemble(_("Next game:"), " ", (f"fruitbowl campaign play {name}", "bold")), soft_wrap=True)


@campaign_app.command(
    "list", help=N_("List the campaigns: game, players, games played, and whether a game is in progress.")
)
def list_campaigns() -> None:
    console = Console(highlight=False)
    paths = sorted(p for p in campaigns_dir().glob("*.json") if NAME_PATTERN.match(p.stem))
    if not paths:
        console.print(_("No campaigns yet; start one with [bold]{command}[/bold].").format(command=_new_hint("NAME")))
        return
    table = Table(box=None, header_style="bold", padding=(0, 2, 0, 0))
    for column in (
        pgettext("campaign list", "campaign"),
        pgettext("campaign list", "game"),
        pgettext("campaign list", "players"),
        pgettext("campaign list", "games played"),
        pgettext("campaign list", "state"),
    ):
        table.add_column(column)
    for path in paths:
        try:
            campaign = load_campaign(path.stem)
        except CampaignError as exc:
            table.add_row(path.stem, "?", "", "", _("damaged: {error}").format(error=exc))
            continue
        game_id = game_of(campaign)
        base = support_for(game_id).rulesets[0]
        title = _(get_game(game_id).title) + ("" if campaign.ruleset == base else f" + {_ruleset(campaign)}")
        number = campaign.games_completed + 1
        if campaign.campaign_complete:
            state = _("complete")
        elif game_path(path.stem, number).exists() or legacy_game_path(path.stem).exists():
            state = _("game {number} in progress").format(number=number)
        else:
            state = _("game {number} next").format(number=number)
        table.add_row(path.stem, title, ", ".join(campaign.seating), str(campaign.games_completed), state)
    console.print(table)


@campaign_app.command("show", help=N_("Show a campaign: its progress, what the next game starts from and its history."))
def show(name: Annotated[str, typer.Argument(help=N_("Campaign name."))]) -> None:
    campaign = load_campaign(name)
    console = Console(highlight=False)
    kind = "" if kind_of(campaign) == _("Campaign") else f" ({kind_of(campaign)})"
    progress = _progress(campaign, _("{played}; {left}"))
    console.print(
        f"[bold]{name}[/bold]{kind}: {progress}"
        + ("; [bold]" + _("complete") + "[/bold]" if campaign.campaign_complete else "")
    )
    report = getattr(adapter_for(game_of(campaign)), "campaign_report", None)
    for part in report(campaign) if report is not None else [Pretty(campaign.to_json())]:
        console.print(part)
    if campaign.games_completed:
        kept = _("Each game's record is kept, one file per game (game-N.json), in:")
        console.print(f"[dim]{kept}[/dim]")
        console.print(f"[dim]  {games_dir(name)}[/dim]", soft_wrap=True)
