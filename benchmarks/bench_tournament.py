"""Tournament throughput: games/s on one core, on every local core, and on Ray in local mode.

``python benchmarks/bench_tournament.py [GAME ...] [--games N] [--players P] [--repeat R] [--no-ray] [--json]``

Each configuration plays the same seeded games (random bots in every seat, as ``fruitbowl
simulate`` does) through the tournament machinery — worker, backend, retries — and reports the
median games/s of ``--repeat`` runs:

* ``inline``: one core, in this process (no start-up, no pickling);
* ``processes x1`` and ``processes xN``: local worker processes (N = every core); the scaling
  efficiency is ``(games/s on N) / (N * games/s inline)``;
* ``ray xN``: Ray in local mode with N CPUs. Its start-up (``ray.init``) is timed apart; the
  overhead is its games/s against ``processes xN``.

Each configuration's pool is started once and warmed up with a few games before timing.
Finally the storage of finished games (SQLite in a temporary folder, with their records, in
batches as a tournament stores them) is timed apart: a tournament's parent process does it
while the workers play. Figures on a shared machine are
noisy: run it on an idle one for numbers to compare.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from typing import Any

from fruitbowl.sim.backends import Backend, InlineBackend, ProcessBackend, cpu_count
from fruitbowl.sim.schedule import make_spec, simulation_tasks
from fruitbowl.sim.storage import Store
from fruitbowl.sim.tournament import FLUSH_GAMES, play_games


def timed(backend: Backend, game: str, games: int, players: int, repeat: int) -> float:
    """Median games/s of ``repeat`` runs of ``games`` games (after a short warm-up)."""
    play_games(simulation_tasks(game, min(8, games), players, seed=99), backend)
    rates = []
    for run in range(repeat):
        tasks = simulation_tasks(game, games, players, seed=run)
        started = time.perf_counter()
        played = play_games(tasks, backend)
        rates.append(len(played) / (time.perf_counter() - started))
    return statistics.median(rates)


def bench(game: str, games: int, players: int, repeat: int, use_ray: bool) -> dict[str, Any]:
    cores = cpu_count()
    out: dict[str, Any] = {"game": game, "players": players, "games": games, "cores": cores}
    print(f"{game}: inline…", file=sys.stderr, flush=True)
    with InlineBackend() as backend:
        out["inline"] = timed(backend, game, games, players, repeat)
    print(f"{game}: processes…", file=sys.stderr, flush=True)
    with ProcessBackend(1) as backend:
        out["processes_x1"] = timed(backend, game, games, players, repeat)
    with ProcessBackend(cores) as backend:
        out["processes_xN"] = timed(backend, game, games, players, repeat)
    out["speedup"] = out["processes_xN"] / out["inline"]
    out["efficiency"] = out["speedup"] / cores
    if use_ray:
        try:
            from fruitbowl.sim.backends import RayBackend

            print(f"{game}: ray…", file=sys.stderr, flush=True)
            started = time.perf_counter()
            ray = RayBackend("local", cores)
            out["ray_startup_s"] = time.perf_counter() - started
            with ray:
                out["ray_xN"] = timed(ray, game, games, players, repeat)
            out["ray_overhead"] = out["processes_xN"] / out["ray_xN"] - 1
        except Exception as exc:  # Ray missing or failing to start: report and carry on
            out["ray_error"] = str(exc)
    with tempfile.TemporaryDirectory() as folder:
        played = play_games(simulation_tasks(game, games, players, seed=7), InlineBackend())
        spec = make_spec(game, ["random", "ismcts:easy"], players, games, seed=7)  # only names the rows
        store = Store(f"sqlite:///{folder}/bench.db")
        store.ensure_tournament(spec, "bench", games)
        started = time.perf_counter()
        for start in range(0, len(played), FLUSH_GAMES):
            store.add_games(spec.id, played[start : start + FLUSH_GAMES])
        out["storage"] = len(played) / (time.perf_counter() - started)
        store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="game ids (default: tanghulu citrus)")
    parser.add_argument("--games", type=int, default=400, help="games per timed run (default 400)")
    parser.add_argument("--players", type=int, default=3, help="players per game (default 3)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per configuration; the median is kept")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    results = [
        bench(game, args.games, args.players, args.repeat, not args.no_ray)
        for game in (args.games_ids or ["tanghulu", "citrus"])
    ]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for r in results:
        print(f"{r['game']}: {r['games']} games of {r['players']} random bots, {r['cores']} core(s), median of runs")
        print(f"  inline (1 core)          {r['inline']:9.1f} games/s")
        print(f"  processes x1             {r['processes_x1']:9.1f} games/s")
        print(
            f"  processes x{r['cores']:<2}           {r['processes_xN']:9.1f} games/s"
            f"   speedup {r['speedup']:.2f}, efficiency {100 * r['efficiency']:.0f}%"
        )
        if "ray_xN" in r:
            print(
                f"  ray local x{r['cores']:<2}           {r['ray_xN']:9.1f} games/s"
                f"   overhead {100 * r['ray_overhead']:+.0f}% vs processes; start-up {r['ray_startup_s']:.1f} s"
            )
        elif "ray_error" in r:
            print(f"  ray: {r['ray_error']}", file=sys.stderr)
        print(f"  storing (SQLite, records) {r['storage']:8.1f} games/s, in the parent process")


if __name__ == "__main__":
    main()
