"""Turning command-line choices into a checked table: game, options, seats, bots and seed.

Everything is validated here, before a game starts or a file is written, so that bad input
is refused with one clear sentence and leaves nothing behind.
"""

from __future__ import annotations

import getpass
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fruitbowl.bots import make_bot
from fruitbowl.engine import Game, Player, get_game, parse_option_pairs
from fruitbowl.engine.rng import random_seed
from fruitbowl.engine.wording import _, ngettext

from .errors import CliError

#: Names given to bot seats, so the log reads "Ada bought…" rather than "Seat 2 bought…".
BOT_NAMES = ("Ada", "Bruno", "Chen", "Dita", "Emil", "Fern")


@dataclass(frozen=True)
class TableSetup:
    """A new game ready to start: the human's seat is 0-based here, as in the engine."""

    game: Game
    options: dict[str, Any]
    players: list[Player]
    human: int
    seed: int


def default_player_name() -> str:
    """The login name, capitalised ("Sam"), or "Player" when there is none."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError):
        login = ""
    return login.capitalize() if login and login.isprintable() else "Player"


def split_names(text: str | None) -> list[str] | None:
    """``"random, random"`` → ``["random", "random"]``; ``None`` when not given."""
    if text is None:
        return None
    names = [part.strip().lower() for part in text.split(",")]
    if not all(names):
        raise CliError(_("--bots is a comma-separated list of bot names; got {text}").format(text=repr(text)))
    return names


def check_bots(names: Sequence[str]) -> None:
    for name in names:
        make_bot(name, 0)  # InvalidOption names the known bots


def check_options(game: Game, pairs: Sequence[str], num_players: int) -> dict[str, Any]:
    return game.validate_options(parse_option_pairs(pairs), num_players)


def player_count(game: Game, players: int | None, named_seats: int | None, default: int) -> int:
    """The number of players: as given, else as many as the named seats, else ``default``."""
    count = players if players is not None else (named_seats if named_seats is not None else default)
    game.check_player_count(count)
    return count


def seat_index(seat: int, num_players: int) -> int:
    """A 1-based seat from the command line (as the board shows it) → the engine's 0-based seat."""
    if not 1 <= seat <= num_players:
        raise CliError(
            _("--seat must be between 1 and {players} (seats count from 1); got {seat}").format(
                players=num_players, seat=seat
            )
        )
    return seat - 1


def setup_table(
    game_id: str,
    players: int | None,
    seat: int,
    bots: str | None,
    option_pairs: Sequence[str],
    seed: int | None,
    name: str | None = None,
) -> TableSetup:
    """Check every choice for ``fruitbowl play`` and seat the human and the bots."""
    game = get_game(game_id)
    bot_list = split_names(bots)
    num_players = player_count(game, players, None if bot_list is None else len(bot_list) + 1, game.min_players)
    options = check_options(game, option_pairs, num_players)
    if bot_list is None:
        bot_list = ["random"] * (num_players - 1)
    if len(bot_list) != num_players - 1:
        raise CliError(
            ngettext(
                "--bots names {n} bot, but {players} players need {needed} (one for every seat but yours)",
                "--bots names {n} bots, but {players} players need {needed} (one for every seat but yours)",
                len(bot_list),
            ).format(n=len(bot_list), players=num_players, needed=num_players - 1)
        )
    check_bots(bot_list)
    human = seat_index(seat, num_players)
    human_name = " ".join((default_player_name() if name is None else name).split())
    if not human_name:
        raise CliError(_("--name must not be empty"))
    bot_names = iter(n for n in BOT_NAMES if n.lower() != human_name.lower())
    controllers = iter(bot_list)
    seated = [
        Player(human_name, "human") if index == human else Player(next(bot_names), next(controllers))
        for index in range(num_players)
    ]
    return TableSetup(game, options, seated, human, random_seed() if seed is None else seed)
