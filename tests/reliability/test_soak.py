"""A tiny run of the soak (``benchmarks/soak.py``): every game, a few option sets, all conformance
checks on; the long run is the script itself (see docs/reliability.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from fruitbowl.engine import all_games, get_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"


def _soak_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fruitbowl_soak", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_option_sets_come_from_the_declared_specs() -> None:
    soak = _soak_module()
    for game in all_games():
        for n in (game.min_players, game.max_players):
            accepted, refused = soak.option_sets(game, n)
            assert accepted, f"{game.id} with {n} players has no playable option set"
            for spec in game.option_specs:  # every declared choice and truth value is played somewhere
                played = {repr(options.get(spec.name, spec.default)) for options in accepted}
                wanted = {repr(v) for v in soak.spec_values(spec, n)}
                refused_values = {repr(options.get(spec.name)) for options, _ in refused}
                assert wanted <= played | refused_values, (game.id, n, spec.name, wanted - played)
            for _options, reason in refused:
                assert reason.strip()


def test_a_tiny_soak_plays_every_game_cleanly() -> None:
    soak = _soak_module()
    report = soak.soak(seconds=60, max_games=4, full_every=20, seed=3)
    assert not report.failures, report.failures[0]
    assert report.games == 4
    assert set(report.per_game) == {g.id for g in all_games()}  # the first round visits every game
    assert report.cells > 100 and report.actions > 0
    assert get_game("tanghulu")  # the registry is intact after the run
