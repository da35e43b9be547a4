"""``fruitbowl campaign``: fable campaigns that carry the table from one game to the next.

A campaign lives in ``data_home()/campaigns/NAME.json`` (the plain JSON of
:class:`~fruitbowl.games.fabledfruit.campaign.Campaign`), written atomically after every
finished game. Each of its games is an ordinary match save beside it, ``NAME/game-N.json``:
quitting keeps it, ``campaign play NAME`` resumes it, and it stays after the game as that
game's record (for ``replay`` and ``review``); only a finished game changes the campaign
(§2.11). A damaged or edited campaign file is refused with one line, never repaired.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from fruitbowl.engine import Match, get_game
from fruitbowl.engine.match import write_atomic
from fruitbowl.engine.registry import normalize_game_id
from fruitbowl.engine.rng import random_seed
from fruitbowl.engine.wording import counted
from fruitbowl.games.fabledfruit.campaign import Campaign, CampaignError, dump_text, load_text
from fruitbowl.games.fabledfruit.components import COMPONENTS, loc_label
from fruitbowl.paths import data_home

from . import session
from .crash import keeping
from .errors import CliError
from .records import load_match
from .setup import setup_table

campaign_app = typer.Typer(help="Fable campaigns (Fabled Fruit): each game starts where the last one ended.")


@campaign_app.callback(invoke_without_command=True)
def _campaign_help(ctx: typer.Context) -> None:
    """Fable campaigns (Fabled Fruit): each game starts where the last one ended."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
GAMES = ("fabledfruit",)


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


def check_game_file(path: Path, match: Match, campaign: Campaign) -> None:
    """Refuse a game file that is not the campaign's next game (a stale or foreign file)."""
    number = campaign.games_completed + 1
    if match.record.options.get("game_number") != number or match.record.seed != campaign.game_seed():
        raise CampaignError(
            f"{path} is not game {number} of this campaign (it may be left from an older campaign of the "
            "same name); move it away to continue"
        )


def load_campaign(name: str) -> Campaign:
    path = campaign_path(name)
    if not path.exists():
        raise CliError(f"there is no campaign {name!r}; start one with 'fruitbowl campaign new fabledfruit {name}'")
    try:
        return load_text(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise CampaignError(f"campaign {name!r}: {path} is not a text file") from None
    except CampaignError as exc:
        raise CampaignError(f"campaign {name!r} is damaged or was edited ({path}): {exc}") from None


def save_campaign(name: str, campaign: Campaign) -> None:
    write_atomic(campaign_path(name), dump_text(campaign))


@campaign_app.command("new")
def new(
    game: Annotated[str, typer.Argument(help="The game: fabledfruit.")],
    name: Annotated[str, typer.Argument(help="Campaign name (letters, digits, - and _).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Players at the table (2–5).")] = 3,
    seed: Annotated[int | None, typer.Option(help="Campaign seed: every game's shuffle derives from it.")] = None,
    player_name: Annotated[str | None, typer.Option("--name", help="Your name at the table.")] = None,
    immediate_end: Annotated[
        bool, typer.Option("--immediate-end", help="End a game right after the purchase that reaches the target.")
    ] = False,
    max_rounds: Annotated[int, typer.Option(help="Safety limit of rounds per game.", min=1, max=1000)] = 200,
    lime: Annotated[
        bool, typer.Option("--lime", help="A Lime expansion campaign: #48–#53, #1L and #2L on the table.")
    ] = False,
) -> None:
    """Start a new fable campaign: #1–#6 on the table, the other 216 cards in the big stack
    (with --lime: 3 × #48–#53, 4 × #1L and 2 × #2L on the table, 74 Lime cards in the big stack)."""
    if normalize_game_id(game) not in GAMES:
        raise CliError(f"campaigns exist for {', '.join(GAMES)} only; got {game!r}")
    if lime and immediate_end:
        raise CliError(
            "--immediate-end does not apply to a Lime campaign: the Lime rules end each game at the end of the "
            "round in which a player first has the fabled juices needed"
        )
    path = campaign_path(name)
    if path.exists():
        raise CliError(f"campaign {name!r} already exists ({path}); play it with 'fruitbowl campaign play {name}'")
    table = setup_table(game, players, 1, None, [], seed, player_name)
    names = [p.name for p in table.players]
    campaign = Campaign.new(
        random_seed() if seed is None else seed,
        names,
        "immediate" if immediate_end else "end_of_round",
        max_rounds,
        ruleset="lime" if lime else "base",
    )
    save_campaign(name, campaign)
    kind = "Lime campaign" if lime else "Campaign"
    console = Console(highlight=False)
    console.print(f"{kind} [bold]{name}[/bold] created for {players} players ({', '.join(names)}).")
    console.print(f"Play it with: [bold]fruitbowl campaign play {name}[/bold]", soft_wrap=True)


@campaign_app.command("play")
def play(
    name: Annotated[str, typer.Argument(help="Campaign name.")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players this game (default: the campaign's table).")
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat, counted from 1.")] = 1,
    bots: Annotated[
        str | None, typer.Option("--bots", "-b", help="Bots for the other seats, e.g. random,random.")
    ] = None,
    player_name: Annotated[str | None, typer.Option("--name", help="Your name at the table.")] = None,
) -> None:
    """Play the campaign's next game (or resume the one in progress); the campaign is saved after it,
    and the game's record is kept beside it for replay and review."""
    campaign = load_campaign(name)
    console = Console(highlight=False)
    if campaign.campaign_complete:
        raise CliError(f"campaign {name!r} is complete: every location card has been bought")
    adopt_legacy_game(name)
    number = campaign.games_completed + 1
    saved = game_path(name, number)
    with keeping(saved):
        if saved.exists():
            check_game_file(saved, load_match(saved), campaign)
            console.print(f"Resuming game {number} of campaign [bold]{name}[/bold].")
            session.resume(saved, console)
        else:
            count = players if players is not None else max(2, len(campaign.seating))
            if player_name is None and 0 < seat <= len(campaign.seating):
                player_name = campaign.seating[seat - 1]  # the name you have at this campaign's table
            table = setup_table("fabledfruit", count, seat, bots, [], campaign.game_seed(), player_name)
            names = [p.name for p in table.players]
            options = table.game.validate_options(campaign.game_options(count, names), count)
            match = Match.new(table.game, table.players, table.seed, options)
            console.print(f"Game {number} of campaign [bold]{name}[/bold].")
            bots_by_seat = session.seat_bots(table.players, table.human, table.seed, 0)
            session.PlaySession(match, table.human, bots_by_seat, saved, console).run()
        match = Match.load(saved)
        if not match.state.is_terminal():
            console.print("The campaign is updated when this game ends. Continue it with:")
            console.print(f"  [bold]fruitbowl campaign play {name}[/bold]", soft_wrap=True)
            return
        after = campaign.after_game(match.state, match.names)
        save_campaign(name, after)
    console.print(
        f"Campaign [bold]{name}[/bold] saved: {counted(after.games_completed, 'game')} played, "
        f"{counted(len(after.big_stack), 'card')} left in the big stack"
        + (" — the campaign is complete!" if after.campaign_complete else ".")
    )
    if not after.campaign_complete:
        console.print(f"Next game: [bold]fruitbowl campaign play {name}[/bold]", soft_wrap=True)


@campaign_app.command("list")
def list_campaigns() -> None:
    """List the campaigns: game, players, games played, and whether a game is in progress."""
    console = Console(highlight=False)
    paths = sorted(p for p in campaigns_dir().glob("*.json") if NAME_PATTERN.match(p.stem))
    if not paths:
        console.print("No campaigns yet; start one with [bold]fruitbowl campaign new fabledfruit NAME[/bold].")
        return
    table = Table(box=None, header_style="bold", padding=(0, 2, 0, 0))
    for column in ("campaign", "game", "players", "games played", "state"):
        table.add_column(column)
    for path in paths:
        try:
            campaign = load_campaign(path.stem)
        except CampaignError as exc:
            table.add_row(path.stem, "?", "", "", f"damaged: {exc}")
            continue
        title = get_game("fabledfruit").title + (" + Lime" if campaign.lime else "")
        number = campaign.games_completed + 1
        if campaign.campaign_complete:
            state = "complete"
        elif game_path(path.stem, number).exists() or legacy_game_path(path.stem).exists():
            state = f"game {number} in progress"
        else:
            state = f"game {number} next"
        table.add_row(path.stem, title, ", ".join(campaign.seating), str(campaign.games_completed), state)
    console.print(table)


@campaign_app.command("show")
def show(name: Annotated[str, typer.Argument(help="Campaign name.")]) -> None:
    """Show a campaign: the display the next game starts from, the big stack and the history."""
    campaign = load_campaign(name)
    console = Console(highlight=False)
    top = f"#{loc_label(campaign.big_stack[0])}" if campaign.big_stack else "empty"
    kind = " (Lime campaign)" if campaign.lime else ""
    console.print(
        f"[bold]{name}[/bold]{kind}: {counted(campaign.games_completed, 'game')} played; "
        f"big stack {counted(len(campaign.big_stack), 'card')} (top {top}); "
        f"{counted(len(campaign.set_aside_juices), 'juice')} set aside"
        + ("; [bold]complete[/bold]" if campaign.campaign_complete else "")
    )
    display = Table(title="Display for the next game", title_justify="left")
    for column in ("#", "location", "cards", "price"):
        display.add_column(column)
    for loc, count in campaign.display:
        info = COMPONENTS.locations[loc]
        display.add_row(info.label, info.name, str(count), info.price)
    console.print(display)
    if campaign.history:
        history = Table(title="Games", title_justify="left")
        for column in ("game", "players", "juices", "winners", "ended"):
            history.add_column(column)
        for h in campaign.history:
            juices = ", ".join(
                f"{p}: {' '.join(f'#{loc_label(x)}' for x in locs) or '-'}" for p, locs in h["juices"].items()
            )
            history.add_row(
                str(h["game_index"]), str(h["player_count"]), juices, ", ".join(h["winners"]), h["ended_by"]
            )
        console.print(history)
        console.print("[dim]Each game's record is kept, one file per game (game-N.json), in:[/dim]")
        console.print(f"[dim]  {games_dir(name)}[/dim]", soft_wrap=True)
    if campaign.seating:
        console.print(
            f"[dim]Table: {', '.join(campaign.seating)}; options: end {campaign.end_mode}, "
            f"max {campaign.max_rounds} rounds; data {campaign.rules_data_version}[/dim]"
        )
