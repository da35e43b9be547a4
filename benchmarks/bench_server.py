"""How many concurrent tables with bots one server process sustains with p95 move latency < 100 ms.

Starts ``fruitbowl serve`` on SQLite in a temporary directory, then, for the game ``--game``
(or each game in turn with ``--game all``) and each table count in ``--tables``, opens that many
tables of that game (one human seat driven by this script over a WebSocket, the other seats
random bots paced by ``--bot-delay`` as on a real table). Each simulated person thinks for
``--think`` seconds, then moves; a move's latency is the time from sending it to receiving the
snapshot that contains it. Prints p50/p95/max per game and table count, the snapshots' sizes,
and per game the largest count whose p95 stays under the target.

    python benchmarks/bench_server.py --game all --tables 10,50,100,200 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import tempfile
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fruitbowl.engine import all_games
from fruitbowl.server.run import free_port, spawn


async def play_table(
    base: str, game: str, players: int, think: float, until: float, latencies: list[float], sizes: list[int]
) -> str | None:
    """One person at one table: wait for the turn, think, move, time the answer; new table at the end.
    A move still unanswered at the end counts with the time it waited; returns what failed, if anything."""
    rng = random.Random()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            try:
                created = (await http.post("/api/tables", json={"game": game, "players": players})).json()
                url = base.replace("http", "ws") + f"/ws/tables/{created['id']}"
                headers = {"X-Seat-Token": created["token"]}
                async with connect(url, additional_headers=headers, max_size=2**22, open_timeout=30) as ws:
                    sent_at: float | None = None
                    sent_version = -1
                    async for raw in ws:
                        message: dict[str, Any] = json.loads(raw)
                        sizes.append(len(raw))
                        if message.get("type") != "state":
                            sent_at = None  # a refusal (the table moved): wait for the next snapshot
                            continue
                        if sent_at is not None and message["version"] > sent_version:
                            latencies.append(time.monotonic() - sent_at)
                            sent_at = None
                        if message["status"] == "finished" or time.monotonic() >= until:
                            break
                        if message["legal"] and sent_at is None:
                            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                            action = rng.choice(message["legal"])["code"]
                            sent_version = message["version"]
                            sent_at = time.monotonic()
                            await ws.send(json.dumps({"type": "action", "action": action, "version": sent_version}))
                    if sent_at is not None:
                        latencies.append(time.monotonic() - sent_at)
            except (OSError, TimeoutError, httpx.HTTPError, ConnectionClosed, KeyError) as exc:
                return f"{type(exc).__name__}: {exc}"
    return None


async def measure(
    base: str, game: str, tables: int, players: int, think: float, seconds: float
) -> tuple[list[float], list[int], list[str]]:
    latencies: list[float] = []
    sizes: list[int] = []
    until = time.monotonic() + seconds
    ended = await asyncio.gather(
        *(play_table(base, game, players, think, until, latencies, sizes) for _ in range(tables))
    )
    return latencies, sizes, [failure for failure in ended if failure]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tanghulu", help="the game to play, or 'all' for each game in turn")
    parser.add_argument("--tables", default="10,25,50,100", help="comma-separated table counts to try")
    parser.add_argument("--players", type=int, default=3, help="seats per table (one person, the rest bots)")
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each measurement")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean thinking time per move")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="pause before each bot move (as served)")
    parser.add_argument("--target-ms", type=float, default=100.0, help="p95 latency target")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    known = [game.id for game in all_games()]
    games = known if args.game == "all" else [args.game]
    if any(game not in known for game in games):
        parser.error(f"--game must be one of {', '.join(known)} or all, not {args.game!r}")

    home = tempfile.mkdtemp(prefix="fruitbowl-bench-")
    os.environ["FRUITBOWL_HOME"] = home
    port = free_port()
    # One address plays every table here, so the per-address limits are lifted (as for a load test).
    server = spawn(port, f"sqlite:///{home}/bench.db", args.bot_delay, env={"FRUITBOWL_RATE_LIMITS": "off"})
    rows = []
    try:
        for game in games:
            for count in [int(c) for c in args.tables.split(",")]:
                base = f"http://127.0.0.1:{port}"
                measured = measure(base, game, count, args.players, args.think, args.seconds)
                latencies, sizes, failures = asyncio.run(measured)
                if not latencies:
                    continue
                rows.append(
                    {
                        "game": game,
                        "tables": count,
                        "moves": len(latencies),
                        "p50_ms": round(statistics.median(latencies) * 1000, 1),
                        "p95_ms": round(percentile(latencies, 0.95) * 1000, 1),
                        "max_ms": round(max(latencies) * 1000, 1),
                        "snapshot_max_kib": round(max(sizes) / 1024, 1),
                        "failed_tables": len(failures),
                    }
                )
                if not args.json:
                    row = rows[-1]
                    print(
                        f"{game:12s} {count:5d} tables  {row['moves']:6d} moves  p50 {row['p50_ms']:7.1f} ms"
                        f"  p95 {row['p95_ms']:7.1f} ms  max {row['max_ms']:7.1f} ms"
                        f"  largest snapshot {row['snapshot_max_kib']:5.1f} KiB"
                        + (f"  {len(failures)} tables failed ({failures[0]})" if failures else ""),
                        flush=True,
                    )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    held = [r for r in rows if r["p95_ms"] < args.target_ms and not r["failed_tables"]]
    sustained = {game: max((r["tables"] for r in held if r["game"] == game), default=0) for game in games}
    if args.json:
        print(json.dumps({"runs": rows, "sustained_tables": sustained, "target_p95_ms": args.target_ms}))
    else:
        for game, count in sustained.items():
            print(f"{game}: sustained {count} concurrent tables with p95 move latency under {args.target_ms:.0f} ms")


if __name__ == "__main__":
    main()
