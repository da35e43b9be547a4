"""Simulation and measurement: many seeded games between bots, and random-playout speed.

The command line (``fruitbowl simulate`` / ``fruitbowl bench``) is a thin wrapper over these
functions so that tournaments, reports and benchmarks can reuse them directly.
"""

from .bench import BenchResult, bench_game, random_playouts
from .simulate import GameOutcome, SimulationResult, play_game, simulate

__all__ = [
    "BenchResult",
    "GameOutcome",
    "SimulationResult",
    "bench_game",
    "play_game",
    "random_playouts",
    "simulate",
]
