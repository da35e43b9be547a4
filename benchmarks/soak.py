"""Soak: random games of every game, player count and option set, with every conformance check on.

The option sets are enumerated from each game's declared :class:`OptionSpec` list (not only the
few sets the game lists for its own conformance tests): every value of a choice or a true/false
option, a seat option at every seat, and a number option at its default, minimum and maximum;
their full product per player count, each set validated by the game first (a set the game
refuses, such as a seat beyond the table, is counted as refused, not played). The game's own
``conformance_option_sets`` come first. Games are dealt round-robin over (game, players,
options), so a short run touches every game and a long one every set, until ``--seconds`` or
``--games`` runs out. Each game is one :func:`check_seeded_game` of the conformance kit (its
cheap checks on every position, the expensive ones on one position in ``--full-every``); a
failure is reported with the call that reproduces it and the soak goes on.

    python benchmarks/soak.py --seconds 600                 # ten minutes, every game
    python benchmarks/soak.py --games-only tanghulu,citrus --seconds 60 --full-every 1
    python benchmarks/soak.py --list                        # the option sets, without playing
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fruitbowl.engine import FruitbowlError, all_games, get_game
from fruitbowl.engine.conformance import ConformanceError, check_seeded_game
from fruitbowl.engine.game import Game
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.rng import derive_seed


def spec_values(spec: OptionSpec, num_players: int) -> list[Any]:
    """The values of one option worth playing: every choice, both truths, a seat at every seat,
    a number at its default and its bounds; other text only at its default."""
    if spec.choices is not None:
        values = list(spec.choices)
    elif spec.type is bool:
        values = [False, True]
    elif spec.type is int and spec.seat:
        low = spec.minimum if spec.minimum is not None else 1
        values = list(range(low, num_players + 1))
    elif spec.type is int:
        values = [spec.default, *(v for v in (spec.minimum, spec.maximum) if v is not None)]
    else:
        values = [spec.default]
    unique: list[Any] = []
    for value in [spec.default, *values]:
        if value not in unique:
            unique.append(value)
    return unique


def option_sets(game: Game, num_players: int) -> tuple[list[dict[str, Any]], list[tuple[dict[str, Any], str]]]:
    """Every option set for a player count (the game's own sets first) and those it refuses."""
    specs = list(game.option_specs)
    own = [dict(o) for o in (game.conformance_option_sets(num_players) or [{}])]
    product = [
        {spec.name: value for spec, value in zip(specs, values, strict=True)}
        for values in itertools.product(*(spec_values(spec, num_players) for spec in specs))
    ]
    accepted: list[dict[str, Any]] = []
    refused: list[tuple[dict[str, Any], str]] = []
    seen: set[str] = set()
    for options in own + product:
        try:
            checked = game.validate_options(options, num_players)
            game.new_state(num_players, 1, checked)
        except FruitbowlError as exc:
            refused.append((options, str(exc)))
            continue
        key = json.dumps(checked, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            accepted.append(checked)
    return accepted, refused


@dataclass
class Cell:
    game: str
    players: int
    options: dict[str, Any]
    games: int = 0


@dataclass
class SoakReport:
    games: int = 0
    actions: int = 0
    positions: int = 0
    fully_checked: int = 0
    seconds: float = 0.0
    cells: int = 0
    cells_played: int = 0
    refused: int = 0
    per_game: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return self.__dict__.copy()


def cells(game_ids: list[str]) -> tuple[list[Cell], int]:
    """Every (game, players, options) to play, interleaved game by game, and how many were refused."""
    per_game: list[list[Cell]] = []
    refused = 0
    for game_id in game_ids:
        game = get_game(game_id)
        mine: list[Cell] = []
        for n in range(game.min_players, game.max_players + 1):
            accepted, bad = option_sets(game, n)
            refused += len(bad)
            mine.extend(Cell(game.id, n, options) for options in accepted)
        per_game.append(mine)
    interleaved = [c for group in itertools.zip_longest(*per_game) for c in group if c is not None]
    return interleaved, refused


def soak(
    game_ids: list[str] | None = None,
    seconds: float = 60.0,
    max_games: int | None = None,
    full_every: int = 10,
    seed: int = 0,
    max_failures: int = 20,
    progress: bool = False,
) -> SoakReport:
    ids = game_ids or [g.id for g in all_games()]
    todo, refused = cells(ids)
    report = SoakReport(cells=len(todo), refused=refused)
    started = time.perf_counter()
    for round_number in itertools.count():
        for cell in _shuffled(todo, seed, round_number):
            if time.perf_counter() - started >= seconds or (max_games is not None and report.games >= max_games):
                report.seconds = time.perf_counter() - started
                return report
            game_seed = derive_seed("soak", seed, round_number, cell.game, cell.players, json.dumps(cell.options))
            stats = report.per_game.setdefault(cell.game, {"games": 0, "actions": 0, "failures": 0})
            try:
                one = check_seeded_game(get_game(cell.game), cell.players, cell.options, game_seed, full_every)
            except ConformanceError as exc:
                stats["failures"] += 1
                report.failures.append(str(exc))
                if progress:
                    print(str(exc), file=sys.stderr, flush=True)
                if len(report.failures) >= max_failures:
                    report.seconds = time.perf_counter() - started
                    return report
                continue
            if cell.games == 0:
                report.cells_played += 1
            cell.games += 1
            report.games += 1
            report.actions += one.actions
            report.positions += one.positions
            report.fully_checked += one.fully_checked
            stats["games"] += 1
            stats["actions"] += one.actions
    raise AssertionError("unreachable")


def _shuffled(todo: list[Cell], seed: int, round_number: int) -> Iterator[Cell]:
    """The first round in order (every game early), later rounds shuffled."""
    if round_number == 0:
        return iter(todo)
    order = list(todo)
    random.Random(derive_seed("soak-order", seed, round_number)).shuffle(order)
    return iter(order)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--games-only", default=None, help="comma-separated game ids (default: all)")
    parser.add_argument("--full-every", type=int, default=10, help="expensive checks on 1 position in N (1: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--list", action="store_true", help="print the option sets and exit")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    ids = args.games_only.split(",") if args.games_only else None
    if args.list:
        todo, refused = cells(ids or [g.id for g in all_games()])
        for cell in todo:
            print(f"{cell.game} {cell.players}p {json.dumps(cell.options, sort_keys=True)}")
        print(f"# {len(todo)} option sets to play, {refused} refused by the games")
        return
    report = soak(ids, args.seconds, args.games, args.full_every, args.seed, progress=True)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(
            f"soak: {report.games} games, {report.actions} actions, {report.positions} positions "
            f"({report.fully_checked} fully checked) in {report.seconds:.0f} s; "
            f"{report.cells_played} of {report.cells} option sets played ({report.refused} refused by the games); "
            f"{len(report.failures)} failures"
        )
        for game_id, stats in sorted(report.per_game.items()):
            print(
                f"  {game_id:12s} {stats['games']:6d} games {stats['actions']:8d} actions {stats['failures']} failures"
            )
        for failure in report.failures:
            print(failure)
    raise SystemExit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
