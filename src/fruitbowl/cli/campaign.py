"""``fruitbowl campaign``: fable campaigns that carry the table from one game to the next.

A campaign lives in ``data_home()/campaigns/NAME.json`` (the plain JSON of
:class:`~fruitbowl.games.fabledfruit.campaign.Campaign`), written atomically after every
finished game. A game in progress is an ordinary match save next to it (``NAME.game.json``):
quitting keeps it, and ``campaign play NAME`` resumes it; only a finished game changes the
campaign (§2.11). A damaged or edited campaign file is refused with one line, never repaired.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from fruitbowl.engine import Match
from fruitbowl.engine.match import write_atomic
from fruitbowl.engine.rng import random_seed
from fruitbowl.games.fabledfruit.campaign import Campaign, CampaignError, dump_text, load_text
from fruitbowl.games.fabledfruit.components import COMPONENTS, loc_label
from fruitbowl.paths import data_home

from . import session
from .errors import CliError
from .setup import setup_table

campaign_app = typer.Typer(help="Fable campaigns (Fabled Fruit): each game starts where the last one ended.")

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
GAMES = ("fabledfruit",)


def campaigns_dir() -> Path:
    return data_home() / "campaigns"


def campaign_path(name: str) -> Path:
    if not NAME_PATTERN.match(name):
        raise CliError(f"a campaign name is letters, digits, '-' and '_' (up to 64); got {name!r}")
    return campaigns_dir() / f"{name}.json"


def game_path(name: str) -> Path:
    return campaigns_dir() / f"{name}.game.json"


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
    if game not in GAMES:
        raise CliError(f"campaigns exist for {', '.join(GAMES)} only; got {game!r}")
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
    Console(highlight=False).print(
        f"{kind} [bold]{name}[/bold] created for {players} players ({', '.join(names)}). "
        f"Play it with: [bold]fruitbowl campaign play {name}[/bold]"
    )


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
    """Play the campaign's next game (or resume the one in progress); the campaign is saved after it."""
    campaign = load_campaign(name)
    console = Console(highlight=False)
    if campaign.campaign_complete:
        raise CliError(f"campaign {name!r} is complete: every location card has been bought")
    saved = game_path(name)
    if saved.exists():
        match = Match.load(saved)
        if match.record.options.get("game_number") != campaign.games_completed + 1:
            raise CampaignError(
                f"{saved} is game {match.record.options.get('game_number')}, but the campaign is at game "
                f"{campaign.games_completed + 1}; remove the stale file to continue"
            )
        console.print(f"Resuming game {campaign.games_completed + 1} of campaign [bold]{name}[/bold].")
        session.resume(saved, console)
    else:
        count = players if players is not None else max(2, len(campaign.seating))
        table = setup_table("fabledfruit", count, seat, bots, [], campaign.game_seed(), player_name)
        names = [p.name for p in table.players]
        options = table.game.validate_options(campaign.game_options(count, names), count)
        match = Match.new(table.game, table.players, table.seed, options)
        console.print(f"Game {campaign.games_completed + 1} of campaign [bold]{name}[/bold].")
        bots_by_seat = session.seat_bots(table.players, table.human, table.seed, 0)
        session.PlaySession(match, table.human, bots_by_seat, saved, console).run()
    match = Match.load(saved)
    if not match.state.is_terminal():
        console.print(
            f"Continue this game with [bold]fruitbowl campaign play {name}[/bold]; the campaign is updated "
            "when it ends.",
            soft_wrap=True,
        )
        return
    after = campaign.after_game(match.state, match.names)
    save_campaign(name, after)
    saved.unlink()
    console.print(
        f"Campaign [bold]{name}[/bold] saved: {after.games_completed} game(s) played, "
        f"{len(after.big_stack)} cards left in the big stack"
        + (" — the campaign is complete!" if after.campaign_complete else f"; next: fruitbowl campaign play {name}")
    )


@campaign_app.command("show")
def show(name: Annotated[str, typer.Argument(help="Campaign name.")]) -> None:
    """Show a campaign: the display the next game starts from, the big stack and the history."""
    campaign = load_campaign(name)
    console = Console(highlight=False)
    top = f"#{loc_label(campaign.big_stack[0])}" if campaign.big_stack else "empty"
    kind = " (Lime campaign)" if campaign.lime else ""
    console.print(
        f"[bold]{name}[/bold]{kind}: {campaign.games_completed} game(s) played; "
        f"big stack {len(campaign.big_stack)} cards (top {top}); {len(campaign.set_aside_juices)} juices set aside"
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
    if campaign.seating:
        console.print(
            f"[dim]Table: {', '.join(campaign.seating)}; options: end {campaign.end_mode}, "
            f"max {campaign.max_rounds} rounds; data {campaign.rules_data_version}[/dim]"
        )
