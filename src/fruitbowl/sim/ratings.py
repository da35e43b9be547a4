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

from collections.abc import Iterable, Sequence
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


def rate(games: Iterable[GameData], bots: Sequence[str] = ()) -> list[Rating]:
    """Ratings of every bot that played (and of ``bots`` that did not), best ordinal first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, Any] = {bot: model.rating(name=bot) for bot in bots}
    played: dict[str, int] = dict.fromkeys(bots, 0)
    wins: dict[str, float] = dict.fromkeys(bots, 0.0)
    for game in sorted(games, key=lambda g: g.index):
        for bot in game.seats:
            if bot not in current:
                current[bot] = model.rating(name=bot)
                played[bot], wins[bot] = 0, 0.0
        places = [float(p) for p in game.places] if game.places is not None else [1.0] * len(game.seats)
        for seat, bot in enumerate(game.seats):
            played[bot] += 1
            if seat in game.winners:
                wins[bot] += 1 / len(game.winners)
        if len(set(game.seats)) < 2:
            continue  # one bot against itself: nothing to learn
        teams = [[model.rating(mu=current[bot].mu, sigma=current[bot].sigma, name=bot)] for bot in game.seats]
        updated = model.rate(teams, ranks=places)
        fresh: dict[str, list[Any]] = {}
        for bot, team in zip(game.seats, updated, strict=True):
            fresh.setdefault(bot, []).append(team[0])
        for bot, seats in fresh.items():
            mu = sum(r.mu for r in seats) / len(seats)
            sigma = sum(r.sigma for r in seats) / len(seats)
            current[bot] = model.rating(mu=mu, sigma=sigma, name=bot)
    out = [
        Rating(bot, r.mu, r.sigma, r.mu - 3 * r.sigma, played[bot], wins[bot])  # ordinal: mu - 3 sigma
        for bot, r in current.items()
    ]
    return sorted(out, key=lambda r: (-r.ordinal, r.bot))
