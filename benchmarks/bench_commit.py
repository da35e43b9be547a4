"""What committing one move costs the server, the two ways it can, side by side in one run.

The server commits a move that does not end the game as prepared SQL (on PostgreSQL one statement:
lock and check the revision, insert the action, notify the other servers: one round trip, its own
transaction; on SQLite the check and the insert in one transaction), and every other move in a
transaction of several statements built by SQLAlchemy. This benchmark plays
random moves at two tables of one database, committing each table's moves one way, in
alternating rounds, and prints the wall time and this process's CPU time per commit.

    python benchmarks/bench_commit.py                    # a throwaway PostgreSQL (Debian's)
    python benchmarks/bench_commit.py --db postgresql://…  # an existing one
    python benchmarks/bench_commit.py --db sqlite:////tmp/commit.db
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from fruitbowl.server.db import make_engine, make_sessionmaker
from fruitbowl.server.live import LiveTable, SeatRequest
from fruitbowl.server.pgcluster import ThrowawayPostgres
from fruitbowl.server.tables import TableService

GAME, PLAYERS = "fabledfruit", 4  # long games: many moves before one ends


async def new_table(service: TableService) -> LiveTable:
    created = await service.create(GAME, PLAYERS, {}, [SeatRequest("human")] * PLAYERS, you=None)
    return await service.get(created.id)


def one_move(table: LiveTable, rng: random.Random, commit: Callable[..., Any]) -> tuple[float, float] | None:
    """Commit one random move of ``table`` with ``commit``: the wall and CPU seconds the commit
    took (None: the game is about to end, so no move was made)."""
    state = table.match.state
    move = table.match.prepare(rng.choice(state.legal_actions()))  # as the server works a move out
    if move.state.is_terminal():
        return None
    start, start_cpu = time.perf_counter(), time.thread_time()
    commit(table, move.actor, move.action, move.state)
    took = time.perf_counter() - start, time.thread_time() - start_cpu
    table.match.commit(move)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a database URL (default: a throwaway PostgreSQL server)")
    parser.add_argument("--moves", type=int, default=100, help="moves per round and way")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with ThrowawayPostgres() if args.db is None else nullcontext() as pg:
        url = args.db or pg.url  # type: ignore[union-attr]
        service = TableService(make_sessionmaker(make_engine(url)))
        store = service.store

        def prepared(table: LiveTable, seat: int, legal: Any, after: Any) -> None:
            assert store.append_prepared(table, seat, legal, {})
            store._committed(table)

        def in_transaction(table: LiveTable, seat: int, legal: Any, after: Any) -> None:
            store.append_in_transaction(table, seat, legal, after, {})  # (it counts the revision itself)

        ways = {"prepared": prepared, "transaction": in_transaction}
        tables = {name: asyncio.run(new_table(service)) for name in ways}
        rng = random.Random(1)
        wall: dict[str, list[float]] = {name: [] for name in ways}
        cpu: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, commit in ways.items():
                took: list[tuple[float, float]] = []
                while len(took) < args.moves:
                    seconds = one_move(tables[name], rng, commit)
                    if seconds is None:  # a fresh table (its last move would take the general path)
                        tables[name] = asyncio.run(new_table(service))
                        continue
                    took.append(seconds)
                wall[name].append(statistics.median(w for w, _ in took) * 1e3)
                cpu[name].append(statistics.mean(c for _, c in took) * 1e3)
        service.store.close()
        report = {
            name: {"wall_ms": round(statistics.median(wall[name]), 3), "cpu_ms": round(statistics.median(cpu[name]), 3)}
            for name in ways
        }
        if args.json:
            print(json.dumps(report))
            return
        print(f"per commit, median of {args.rounds} rounds of {args.moves} moves ({GAME}, {PLAYERS} seats):")
        for name, figures in report.items():
            print(f"  {name:14} wall {figures['wall_ms']:7.3f} ms   CPU {figures['cpu_ms']:7.3f} ms")


if __name__ == "__main__":
    main()
