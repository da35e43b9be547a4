"""A tournament's schedule: which bots sit at which table, in which seats, with which seed.

A *table* is a choice of one bot per seat. ``round-robin`` plays every table of ``players``
different bots (every combination; when there are fewer bots than seats, every mix of them
that has at least two different bots); ``gauntlet`` plays the first bot against each of the
others (the first bot in one seat, the other bot in all the remaining seats). Each table plays
``games_per_table`` games and the seats rotate from game to game (game ``j`` of a table uses
rotation ``j mod players``), so a multiple of ``players`` balances the seats exactly.

Every game has a global index in schedule order, and its seed is
``derive_seed(seed, "tournament-game", index)``: results never depend on which worker plays a
game or when.

A *duplicate* tournament (as in duplicate bridge) deals each deal once per seat rotation, and
every table plays the same deals: game ``j`` of every table has the seed
``derive_seed(seed, "tournament-deal", j // players)``, dealt by a
:class:`~fruitbowl.engine.chance.DuplicateDealer` (each kind of random event from its own
stream: the same die rolls, the same draws from the same bag), so each bot meets the same luck
from every seat and the luck cancels out of its results.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fruitbowl.bots import make_bot
from fruitbowl.engine import InvalidOption, get_game
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import _

from .simulate import resolve_bots

FORMATS = ("round-robin", "gauntlet")

#: Safety net for games that never end by themselves (as in ``simulate``).
DEFAULT_ACTION_CAP = 20_000


@dataclass(frozen=True)
class GameTask:
    """One scheduled game: everything a worker needs to play it, and nothing else (picklable)."""

    index: int
    seed: int
    game: str
    seats: tuple[str, ...]  # one bot name per seat
    options: dict[str, Any] = field(default_factory=dict)
    action_cap: int = DEFAULT_ACTION_CAP
    #: Dealt by a :class:`~fruitbowl.engine.chance.DuplicateDealer` (one stream per kind of event).
    duplicate: bool = False


@dataclass(frozen=True)
class TournamentSpec:
    """What defines a tournament; the same spec always has the same id and the same games."""

    game: str
    bots: tuple[str, ...]
    players: int
    games_per_table: int
    format: str = "round-robin"
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    action_cap: int = DEFAULT_ACTION_CAP
    #: Each deal once per seat rotation, the same deals at every table (see the module's doc).
    duplicate: bool = False

    def to_json(self) -> dict[str, Any]:
        data = {
            "game": self.game,
            "bots": list(self.bots),
            "players": self.players,
            "games_per_table": self.games_per_table,
            "format": self.format,
            "options": dict(self.options),
            "seed": self.seed,
            "action_cap": self.action_cap,
        }
        if self.duplicate:  # (absent otherwise: the ids of tournaments stored before it stay the same)
            data["duplicate"] = True
        return data

    def deal_seed(self, index: int, game_at_table: int) -> int:
        """The seed of a table's ``game_at_table``-th game (``index``: its place in the schedule)."""
        if self.duplicate:
            return derive_seed(self.seed, "tournament-deal", game_at_table // self.players)
        return derive_seed(self.seed, "tournament-game", index)

    @property
    def id(self) -> str:
        """A short stable id: the hash of the spec and the game's rules version."""
        body = {**self.to_json(), "rules_version": get_game(self.game).rules_version}
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        return digest[:12]

    def tables(self) -> list[tuple[str, ...]]:
        return tables_for(self.bots, self.players, self.format)

    def tasks(self) -> list[GameTask]:
        """Every game of the tournament, in index order."""
        out: list[GameTask] = []
        for table in self.tables():
            for j in range(self.games_per_table):
                index = len(out)
                shift = j % self.players
                seats = table[shift:] + table[:shift]
                seed = self.deal_seed(index, j)
                task = GameTask(index, seed, self.game, seats, dict(self.options), self.action_cap, self.duplicate)
                out.append(task)
        return out


def tables_for(bots: Sequence[str], players: int, fmt: str) -> list[tuple[str, ...]]:
    """The tables (one bot per seat, before rotation) that a format plays."""
    if fmt == "gauntlet":
        hero, *others = bots
        return [(hero, *([other] * (players - 1))) for other in others]
    if len(bots) >= players:
        return [tuple(c) for c in itertools.combinations(bots, players)]
    return [tuple(c) for c in itertools.combinations_with_replacement(bots, players) if len(set(c)) > 1]


def make_spec(
    game_id: str,
    bots: Sequence[str],
    players: int,
    games_per_table: int,
    fmt: str = "round-robin",
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    action_cap: int = DEFAULT_ACTION_CAP,
    duplicate: bool = False,
) -> TournamentSpec:
    """A checked spec: known game, player count, options, bots and format; :class:`InvalidOption` if not."""
    game = get_game(game_id)
    game.check_player_count(players)
    checked = game.validate_options(options, players)
    names = tuple(name.strip().lower() for name in bots)
    for name in names:
        make_bot(name, 0)  # unknown bot: InvalidOption naming the known ones
    if fmt not in FORMATS:
        raise InvalidOption(
            _("--format must be one of {formats}; got {got!r}").format(formats=", ".join(FORMATS), got=fmt)
        )
    if players < 2:
        raise InvalidOption(_("a tournament needs at least 2 players per game (bots are rated against each other)"))
    if len(set(names)) != len(names):
        raise InvalidOption(_("--bots names a bot twice ({bots}); name each bot once").format(bots=", ".join(names)))
    if len(names) < 2:
        raise InvalidOption(_("a tournament needs at least two different bots in --bots"))
    if games_per_table < 1:
        raise InvalidOption(_("-n (games per table) must be at least 1; got {n}").format(n=games_per_table))
    if action_cap < 1:
        raise InvalidOption(_("the action cap must be at least 1; got {cap}").format(cap=action_cap))
    if duplicate and games_per_table % players:
        raise InvalidOption(
            _(
                "--duplicate deals each deal once per seat rotation: -n (games per table) must be a multiple "
                "of {players} (the players); got {n}"
            ).format(players=players, n=games_per_table)
        )
    return TournamentSpec(game.id, names, players, games_per_table, fmt, checked, seed, action_cap, duplicate)


def simulation_tasks(
    game_id: str,
    num_games: int,
    num_players: int,
    bots: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    action_cap: int = DEFAULT_ACTION_CAP,
) -> list[GameTask]:
    """Games with fixed seats, seeded exactly as ``fruitbowl simulate`` seeds them (same games)."""
    game = get_game(game_id)
    game.check_player_count(num_players)
    checked = game.validate_options(options, num_players)
    chosen = resolve_bots(bots, num_players)
    if num_games < 1:
        raise InvalidOption(_("-n must be at least 1; got {n}").format(n=num_games))
    return [
        GameTask(index, derive_seed(seed, "game", index), game.id, tuple(chosen), dict(checked), action_cap)
        for index in range(num_games)
    ]
