"""OpenSkill ratings (Plackett-Luce) of bots from multiplayer results.

Each game updates the ratings of the bots at its table from the game's places (1 = first;
seats level on score and every tie-break share a place, so ties are shared). A game abandoned at
the action cap counts as a draw between all seats. When one bot sits in several seats, each seat
is rated as its own team from the bot's current rating and the bot's new rating is the mean of
its seats' updates. Games are rated in index order, so the ratings never depend on the order in
which workers finished them.

``ordinal`` is the conservative estimate ``mu - 3 * sigma``: the bot is very probably at least
this good. Bots are listed best ordinal first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .worker import GameData


@dataclass(frozen=True)
class Rating:
    bot: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: float  # shared wins split: a two-way tie for first is half a win each

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "ordinal": round(self.ordinal, 4),
            "games": self.games,
            "wins": round(self.wins, 4),
        }


def default_rating() -> tuple[float, float]:
    """The (mu, sigma) a player starts from: the model's default."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    return model.mu, model.sigma


def rate_game(
    current: Mapping[str, tuple[float, float]], players: Sequence[str], places: Sequence[float]
) -> dict[str, tuple[float, float]]:
    """One game's update: the new (mu, sigma) of each player from their current ones (a player not
    in ``current`` starts at the model's default) and the places (1 = first, ties shared). A player
    in several seats is rated as one team per seat and gets the mean of the seats' updates; a game
    with a single player changes nothing."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    start = {name: current.get(name, default_rating()) for name in players}
    if len(set(players)) < 2:
        return dict(start)
    teams = [[model.rating(mu=start[name][0], sigma=start[name][1], name=name)] for name in players]
    updated = model.rate(teams, ranks=[float(p) for p in places])
    fresh: dict[str, list[Any]] = {}
    for name, team in zip(players, updated, strict=True):
        fresh.setdefault(name, []).append(team[0])
    return {
        name: (sum(r.mu for r in seats) / len(seats), sum(r.sigma for r in seats) / len(seats))
        for name, seats in fresh.items()
    }


def rate(games: Iterable[GameData], bots: Sequence[str] = ()) -> list[Rating]:
    """Ratings of every bot that played (and of ``bots`` that did not), best ordinal first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, tuple[float, float]] = {bot: (model.mu, model.sigma) for bot in bots}
    played: dict[str, int] = dict.fromkeys(bots, 0)
    wins: dict[str, float] = dict.fromkeys(bots, 0.0)
    for game in sorted(games, key=lambda g: g.index):
        for bot in game.seats:
            if bot not in current:
                current[bot] = (model.mu, model.sigma)
                played[bot], wins[bot] = 0, 0.0
        places = [float(p) for p in game.places] if game.places is not None else [1.0] * len(game.seats)
        for seat, bot in enumerate(game.seats):
            played[bot] += 1
            if seat in game.winners:
                wins[bot] += 1 / len(game.winners)
        current.update(rate_game(current, game.seats, places))
    out = [
        Rating(bot, mu, sigma, mu - 3 * sigma, played[bot], wins[bot])  # ordinal: mu - 3 sigma
        for bot, (mu, sigma) in current.items()
    ]
    return sorted(out, key=lambda r: (-r.ordinal, r.bot))
