"""Balance reports: seat advantage, scores, game length, and which actions and components win.

:func:`analyze` reads played games (a tournament's stored games, or games simulated for the
report) and returns one JSON-ready dict; :mod:`fruitbowl.sim.report` draws it as HTML.

Units. A *seat-game* is one seat in one game. Its *win share* is 1 if the seat won alone,
``1/k`` in a ``k``-way tie for first, 0 otherwise (a game abandoned at the action cap is a draw
between all seats). Win rates are mean win shares, with 95% Wilson score intervals; with
``P`` players a seat that has no advantage wins ``1/P`` of its games.

For each action kind and component: uses per seat-game among winners and among the others
(weighted by win share), the correlation between a seat-game's uses and its win share, and the
win rate of the seat-games that used it at least once against those that never did (``lift``,
given only when both groups have :data:`MIN_GROUP` seat-games: a tile every seat places says
nothing by being placed). Relating use to winning is correlation, not cause: a component that winners use more often
may be one that leading players can afford. The report says so.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fruitbowl.engine import InvalidOption, get_game
from fruitbowl.engine.wording import _

from .confidence import wilson
from .worker import GameData

#: ``lift`` (win rate when used minus when not) is given only when both groups have this many seat-games.
MIN_GROUP = 10


def _share(game: GameData, seat: int) -> float:
    return 1 / len(game.winners) if seat in game.winners else 0.0


def _rate(successes: float, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {
        "n": trials,
        "wins": round(successes, 4),
        "rate": round(successes / trials, 4) if trials else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


@dataclass
class _Usage:
    """Sums over seat-games for one action kind or component: x = uses, y = win share."""

    uses: int = 0
    used_by: int = 0
    wins_when_used: float = 0.0
    sum_x2: float = 0.0
    sum_xy: float = 0.0
    scores: list[int] = field(default_factory=list)

    def add(self, count: int, share: float, score: int | None) -> None:
        self.uses += count
        self.used_by += 1
        self.wins_when_used += share
        self.sum_x2 += count * count
        self.sum_xy += count * share
        if score is not None:
            self.scores.append(score)


@dataclass(frozen=True)
class _Totals:
    """Win shares over every seat-game: how many, their sum and their sum of squares."""

    seat_games: int
    wins: float
    wins2: float

    @classmethod
    def of(cls, games: Sequence[GameData], players: int) -> _Totals:
        shares = [_share(g, s) for g in games for s in range(players)]
        return cls(len(shares), sum(shares), sum(x * x for x in shares))


def _relation(usage: _Usage, totals: _Totals) -> dict[str, Any]:
    """How one kind's or component's use relates to winning, over all seat-games."""
    n, losses = totals.seat_games, totals.seat_games - totals.wins
    not_used = n - usage.used_by
    cov = n * usage.sum_xy - usage.uses * totals.wins
    spread = (n * usage.sum_x2 - usage.uses**2) * (n * totals.wins2 - totals.wins**2)
    return {
        "uses": usage.uses,
        "used_by": usage.used_by,
        "use_rate": round(usage.used_by / n, 4) if n else 0.0,
        "per_seat_game": round(usage.uses / n, 4) if n else 0.0,
        "per_winner": round(usage.sum_xy / totals.wins, 4) if totals.wins else None,
        "per_other": round((usage.uses - usage.sum_xy) / losses, 4) if losses else None,
        "corr": round(cov / math.sqrt(spread), 4) if spread > 0 else None,
        "win_when_used": _rate(usage.wins_when_used, usage.used_by),
        "win_when_not_used": _rate(totals.wins - usage.wins_when_used, not_used) if not_used else None,
        "mean_score_when_used": round(statistics.fmean(usage.scores), 4) if usage.scores else None,
    }


def _describe(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 3
    return {
        "n": len(ordered),
        "mean": round(statistics.fmean(ordered), 4),
        "sd": round(statistics.stdev(ordered), 4) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "p25": round(quartiles[0], 4),
        "median": round(quartiles[1], 4),
        "p75": round(quartiles[2], 4),
        "max": ordered[-1],
    }


def analyze(game_id: str, games: Sequence[GameData], source: dict[str, Any] | None = None) -> dict[str, Any]:
    """The balance report of ``games`` (all of ``game_id`` with one player count) as a JSON-ready dict."""
    game = get_game(game_id)
    if not games:
        raise InvalidOption(_("there are no finished games to analyze"))
    counts = {len(g.seats) for g in games}
    if len(counts) != 1:
        raise InvalidOption(
            _("the games have different player counts ({counts}); analyze one count at a time").format(
                counts=", ".join(map(str, sorted(counts)))
            )
        )
    players = counts.pop()
    ordered = sorted(games, key=lambda g: g.index)
    baseline = 1 / players
    return {
        "game": game.id,
        "title": game.title,
        "rules_version": game.rules_version,
        "players": players,
        "games": len(ordered),
        "source": dict(source or {}),
        "capped": sum(1 for g in ordered if g.places is None),
        "truncated": sum(1 for g in ordered if g.truncated),
        "baseline_win_rate": round(baseline, 4),
        "seats": _seats(ordered, players),
        "bots": _bots(ordered),
        "scores": _scores(ordered, players),
        "length": {**_describe([g.actions for g in ordered]), "values": [g.actions for g in ordered]},
        "action_kinds": _kinds(ordered, players),
        "components": _components(ordered, players),
    }


def _seats(games: Sequence[GameData], players: int) -> list[dict[str, Any]]:
    out = []
    for seat in range(players):
        wins = sum(_share(g, seat) for g in games)
        scores = [g.scores[seat] for g in games if g.scores is not None]
        rate = _rate(wins, len(games))
        low, high = rate["ci95"]
        out.append(
            {
                "seat": seat + 1,
                **rate,
                "mean_score": round(statistics.fmean(scores), 4) if scores else None,
                "differs_from_even": not (low <= 1 / players <= high),
            }
        )
    return out


def _bots(games: Sequence[GameData]) -> list[dict[str, Any]]:
    wins: dict[str, float] = defaultdict(float)
    plays: Counter[str] = Counter()
    for game in games:
        for seat, bot in enumerate(game.seats):
            plays[bot] += 1
            wins[bot] += _share(game, seat)
    return [{"bot": bot, **_rate(wins[bot], plays[bot])} for bot in sorted(plays)]


def _scores(games: Sequence[GameData], players: int) -> dict[str, Any]:
    scored = [g for g in games if g.scores is not None]
    by_seat = [[g.scores[s] for g in scored if g.scores is not None] for s in range(players)]
    winners = [g.scores[s] for g in scored if g.scores is not None for s in g.winners]
    margins = []
    for g in scored:
        assert g.scores is not None
        ranked = sorted(g.scores, reverse=True)
        if len(ranked) > 1:
            margins.append(ranked[0] - ranked[1])
    categories: list[str] = []
    sums: dict[str, float] = defaultdict(float)
    winner_sums: dict[str, float] = defaultdict(float)
    counted = winner_count = 0
    for g in scored:
        names = g.facts.get("categories") or []
        for name in names:
            if name not in categories:
                categories.append(name)
        for seat, parts in enumerate(g.facts.get("breakdown") or []):
            counted += 1
            for name, value in parts.items():
                sums[name] += value
            if seat in g.winners:
                winner_count += 1
                for name, value in parts.items():
                    winner_sums[name] += value
    return {
        "all": _describe([s for seat in by_seat for s in seat]),
        "by_seat": [_describe(values) for values in by_seat],
        "winners": _describe(winners),
        "margin": _describe(margins),
        "values_by_seat": by_seat,
        "categories": [
            {
                "category": name,
                "mean": round(sums[name] / counted, 4) if counted else None,
                "winners_mean": round(winner_sums[name] / winner_count, 4) if winner_count else None,
            }
            for name in categories
        ],
    }


def _kinds(games: Sequence[GameData], players: int) -> list[dict[str, Any]]:
    totals = _Totals.of(games, players)
    usage: dict[str, _Usage] = defaultdict(_Usage)
    all_actions = sum(g.actions for g in games)
    for game in games:
        for seat, kinds in enumerate(game.facts.get("kinds") or [{}] * players):
            score = None if game.scores is None else game.scores[seat]
            for kind, count in kinds.items():
                usage[kind].add(count, _share(game, seat), score)
    ranked = sorted(usage.items(), key=lambda item: (-item[1].uses, item[0]))
    return [
        {
            "kind": kind,
            "share_of_actions": round(use.uses / all_actions, 4) if all_actions else 0.0,
            "per_game": round(use.uses / len(games), 4),
            **_relation(use, totals),
        }
        for kind, use in ranked
    ]


def _components(games: Sequence[GameData], players: int) -> list[dict[str, Any]]:
    totals = _Totals.of(games, players)
    usage: dict[str, dict[str, _Usage]] = defaultdict(lambda: defaultdict(_Usage))
    for game in games:
        for seat, categories in enumerate(game.facts.get("components") or [{}] * players):
            score = None if game.scores is None else game.scores[seat]
            for category, names in categories.items():
                for name, count in names.items():
                    usage[category][name].add(count, _share(game, seat), score)
    out = []
    for category in sorted(usage):
        items = []
        for name, use in usage[category].items():
            relation = _relation(use, totals)
            when_used, when_not = relation["win_when_used"], relation["win_when_not_used"]
            lift = None
            if when_not is not None and min(when_used["n"], when_not["n"]) >= MIN_GROUP:
                lift = round(when_used["rate"] - when_not["rate"], 4)
            items.append({"name": name, **relation, "lift": lift})
        items.sort(key=lambda item: (-item["used_by"], -item["uses"], item["name"]))
        out.append({"category": category, "items": items})
    return out
