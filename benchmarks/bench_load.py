"""Load, scale-out and crash benchmark for the web table: throughput and move latency, measured
from a separate client process over loopback, then every table's stored record checked.

For each backend (SQLite, and PostgreSQL in a throwaway cluster this script starts and removes
itself) and each table count, it starts ``fruitbowl serve`` (``--servers N`` processes on the
same PostgreSQL database; SQLite is always one process), then plays that many tables at once:
``--humans`` seats per table driven by this process over WebSockets (no thinking time unless
``--think``), the other seats random bots inside the server. Finished tables are replaced by new
ones until the time is up. A move's latency is the time from sending it to receiving the
snapshot that contains it; throughput counts every stored move (people's and bots').

With ``--kills K`` a server process is killed with SIGKILL K times at random moments and
restarted (the clients reconnect); the check afterwards is the same: every move a client saw
confirmed is stored exactly once under its number, every view it was shown is the view the stored
record gives, and every stored record replays.

    python benchmarks/bench_load.py                                  # SQLite and PostgreSQL, 20 and 50 tables
    python benchmarks/bench_load.py --backends postgresql --servers 2 --tables 50
    python benchmarks/bench_load.py --backends sqlite,postgresql --tables 10 --seconds 60 --kills 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import tempfile
import threading
import time
from contextlib import ExitStack
from typing import Any

from fruitbowl.server.loadgen import Deadline, LoadConfig, run_load, summary, verify
from fruitbowl.server.pgcluster import ThrowawayPostgres
from fruitbowl.server.run import free_port, spawn


def run_once(
    db_url: str, home: str, servers: int, args: argparse.Namespace, tables: int, rng: random.Random
) -> dict[str, Any]:
    env = {"FRUITBOWL_HOME": home, "FRUITBOWL_RATE_LIMITS": "off", "FRUITBOWL_CLAIM_INTERVAL": "1.0"}
    ports = [free_port() for _ in range(servers)]
    processes: list[subprocess.Popen[bytes]] = [spawn(port, db_url, args.bot_delay, env) for port in ports]
    config = LoadConfig(
        [f"http://127.0.0.1:{port}" for port in ports],
        tables=tables,
        humans=args.humans,
        players=args.players,
        game=args.game,
        seconds=args.seconds,
        think=args.think,
        keep_views=args.kills > 0,
        seed=rng.randrange(1 << 30),
    )
    started = time.monotonic()
    config.deadline = deadline = Deadline(started + args.seconds)
    outcome: dict[str, Any] = {}

    def load() -> None:
        outcome["logs"], outcome["stats"] = asyncio.run(run_load(config))

    worker = threading.Thread(target=load)
    worker.start()
    kills = 0
    try:
        if args.kills:
            gaps = sorted(rng.uniform(0.5, args.seconds - 1) for _ in range(args.kills))
            for at in gaps:
                time.sleep(max(0.0, started + at - time.monotonic()))
                victim = rng.randrange(servers)
                processes[victim].send_signal(signal.SIGKILL)
                processes[victim].wait()
                processes[victim] = spawn(ports[victim], db_url, args.bot_delay, env)
                kills += 1
                deadline.at = max(deadline.at, time.monotonic() + 2.0)  # play on after every restart
        worker.join()
    finally:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    elapsed = time.monotonic() - started
    logs, stats = outcome["logs"], outcome["stats"]
    verdict = verify(db_url, logs)
    played = deadline.at - started
    row = summary(stats, played)
    row.update(
        {
            "tables": tables,
            "servers": servers,
            "seconds": round(played, 1),
            "wall_seconds": round(elapsed, 1),
            "stored_moves": verdict.moves,
            "moves_per_s": round(verdict.moves / played, 1),
            "kills": kills,
            "problems": verdict.problems[:10],
            "problem_count": len(verdict.problems),
        }
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sqlite,postgresql", help="sqlite and/or postgresql")
    parser.add_argument("--tables", default="20,50", help="comma-separated numbers of concurrent tables")
    parser.add_argument("--servers", type=int, default=1, help="server processes (PostgreSQL only)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each run")
    parser.add_argument("--humans", type=int, default=2, help="seats per table played by this client")
    parser.add_argument("--players", type=int, default=3, help="seats per table (the rest are random bots)")
    parser.add_argument("--game", default="tanghulu")
    parser.add_argument("--think", type=float, default=0.0, help="mean thinking time before each move (s)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="pause before each bot move (s)")
    parser.add_argument("--kills", type=int, default=0, help="SIGKILL a server this many times per run")
    parser.add_argument("--seed", type=int, default=None, help="seed for kill times and moves")
    parser.add_argument("--json", action="store_true", help="print one JSON object per run")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    print(f"# seed {seed}; cpus {os.cpu_count()}; load average {os.getloadavg()[0]:.1f}", flush=True)
    failed = False
    with ExitStack() as stack:
        for backend in args.backends.split(","):
            cluster = None
            if backend == "postgresql":
                cluster = stack.enter_context(ThrowawayPostgres(max_connections=300))
            for count in [int(c) for c in args.tables.split(",")]:
                home = tempfile.mkdtemp(prefix="fruitbowl-load-")
                if cluster is not None:
                    url, servers = cluster.create_database(), args.servers
                else:
                    url, servers = f"sqlite:///{home}/load.db", 1
                row = run_once(url, home, servers, args, count, rng)
                row["backend"] = backend
                failed = failed or bool(row["problem_count"] or row["failures"])
                if args.json:
                    print(json.dumps(row), flush=True)
                else:
                    print(
                        f"{backend:10s} {servers} server(s) {count:4d} tables: {row['stored_moves']:6d} moves stored "
                        f"({row['moves_per_s']:7.1f}/s), {row['client_moves']:6d} by clients "
                        f"({row['client_moves_per_s']:6.1f}/s); latency p50 {row['p50_ms']:6.1f} ms "
                        f"p95 {row['p95_ms']:6.1f} ms p99 {row['p99_ms']:6.1f} ms max {row['max_ms']:6.1f} ms; "
                        f"kills {row['kills']}, reconnects {row['reconnects']}, tables {row['tables_started']} "
                        f"started / {row['tables_finished']} finished; problems {row['problem_count']}",
                        flush=True,
                    )
                    for problem in row["problems"] + row["failures"]:
                        print(f"    ! {problem}", flush=True)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
