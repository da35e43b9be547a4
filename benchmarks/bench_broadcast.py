"""What pushing a move's snapshots costs the server: the CPU of ``Runtime.broadcast`` per move.

Plays random moves at tables of every game (3 seats) with three readers connected (seats 0 and 1
and a spectator, all reading English), commits each move as the server does, and times only the
push that follows: each reader's snapshot built and dumped to JSON (the sockets are stand-ins that
take the text). Prints microseconds of this process's CPU per move, per game, as JSON. Run it
with two versions side by side, alternating (``PYTHONPATH=<other worktree>/src``):

    python benchmarks/bench_broadcast.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time

from fruitbowl.server.db import make_engine, make_sessionmaker
from fruitbowl.server.live import Connection, SeatRequest
from fruitbowl.server.tables import TableService

GAMES = ("tanghulu", "fabledfruit", "juicyfruits", "citrus")


class Socket:
    """A reader's outbox that takes every snapshot and sends nothing."""

    dropped = None

    def snapshot(self, text: str) -> None:
        pass


async def measure(games: int, moves: int) -> dict[str, int]:
    folder = tempfile.mkdtemp(prefix="fruitbowl-bench-")
    service = TableService(make_sessionmaker(make_engine(f"sqlite:///{folder}/bench.db")))
    spent: dict[str, int] = {}
    for game in GAMES:
        seconds, pushed = 0.0, 0
        for seed in range(games):
            created = await service.create(game, 3, {}, [SeatRequest("human")] * 3, you=None)
            table = await service.get(created.id)
            for seat in (0, 1, None):
                table.connections.add(Connection(seat, Socket(), "en"))  # type: ignore[arg-type]
            rng = random.Random(seed)
            for _ in range(moves):
                move = table.match.prepare(rng.choice(table.match.state.legal_actions()))
                if move.state.is_terminal():
                    break
                service.store.append_move(table, move.actor, move.action, move.state)
                table.match.commit(move)
                start = time.process_time()
                await service.runtime.broadcast(table)
                seconds += time.process_time() - start
                pushed += 1
        spent[game] = round(seconds / pushed * 1e6)
    service.store.close()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per game (each from its own seed)")
    parser.add_argument("--moves", type=int, default=60, help="moves per game at most")
    args = parser.parse_args()
    print(json.dumps({"cpu_us_per_move": asyncio.run(measure(args.games, args.moves))}))


if __name__ == "__main__":
    main()
