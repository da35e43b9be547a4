"""How many concurrent tables one server (or several on one database) holds with p95 move latency < 100 ms.

Starts ``--servers`` × ``fruitbowl serve`` on ``--db`` (SQLite in a temporary directory by
default; several servers need PostgreSQL), then drives them from this process, a client like any
other (HTTP and WebSocket on loopback), paced like people: each person thinks ``--think`` seconds
(0.5–1.5×) before a move, bots pause ``--bot-delay`` as on a real table. A move's latency is the
time from sending it to receiving the snapshot that contains it. A table ends, and a new one
starts in its place, when its game is over.

* ``--game G`` (or ``all``, each game in turn): every table is ``G``, one person and bots.
* ``--mix``: the four games in the proportions of :data:`MIX`, 2–4 seats, one person and bots at
  most tables, two friends at some (:data:`FRIENDS`), a spectator watching some (:data:`WATCHED`);
  tables are spread over the servers in turn, and a spectator watches through another server
  than the players' (what one server does, the others must show).

For each table count it prints p50/p95/p99 of the people's moves, moves per second (everyone's),
what a move costs a client on the wire after its first snapshot (``bytes_per_move``: the bytes a
connection received after its first message, compressed where the client offers
permessage-deflate as browsers and this client do, over the moves it saw; ``json_bytes_per_move``:
the same messages uncompressed), the largest snapshot, the servers' resident memory (``rss_mb``,
summed) and the machine's load average. ``server_cpu_ms_per_move`` is the servers' CPU time
(user and system, from ``/proc``) after the first ``--warmup`` seconds of the measurement (the
tables created, their sockets open) divided by every move made then: what a
move costs the servers, much less sensitive to the machine's other work than the latencies;
``cpu_cores`` splits the cores used then between the ``servers``, this
``client`` and ``postgres`` (the database's processes, when ``--db`` is PostgreSQL on this machine).
``client_lag_p95_ms``/``client_lag_max_ms``: how late this client's own event loop woke from a
10 ms sleep, a part of every latency it measures that is not the server's.
``--json``: one JSON object per table count (a list if several), with at least ``tables``,
``moves_per_s``, ``p50_ms``, ``p95_ms``, ``p99_ms``, ``bytes_per_move``, ``rss_mb``,
``server_cpu_ms_per_move`` and ``cpu_cores``. ``--idle N`` instead creates ``N`` mixed tables that wait
for their person and gives the memory they hold (``mib_per_idle_table``).

    python benchmarks/bench_server.py --game all --tables 10,50,100,200 --seconds 20
    python benchmarks/bench_server.py --mix --tables 300 --seconds 60 --json
    python benchmarks/bench_server.py --mix --tables 300 --seconds 60 \\
        --db postgresql://bench@localhost/bench --servers 2
    python benchmarks/bench_server.py --idle 1000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fruitbowl.engine import all_games, get_game
from fruitbowl.server.run import fewer_collector_pauses, free_port, spawn

#: The mixed load's games and their shares of the tables (Tang Hu Lu is the quick one people
#: play most; Citrus the heaviest for the server).
MIX = {"tanghulu": 0.35, "fabledfruit": 0.25, "juicyfruits": 0.2, "citrus": 0.2}
#: Share of mixed tables where two friends play (the rest: one person and bots).
FRIENDS = 0.3
#: Share of mixed tables a spectator watches.
WATCHED = 0.2


@dataclass
class Measured:
    """What every client saw during one measurement."""

    latencies: list[float] = field(default_factory=list)
    largest: int = 0
    bytes_after_first: int = 0  # received by clients after each connection's first message (as sent)
    wire_after_first: int = 0  # the same on the wire (TCP payload: WebSocket frames, compressed)
    moves_seen: int = 0  # versions clients saw the table move by, after their first snapshot
    moves: int = 0  # table moves in all (people's and bots'), from the versions seen
    failures: list[str] = field(default_factory=list)


@dataclass
class TablePlan:
    game: str
    players: int
    people: int
    watched: bool
    server: int


def plan_tables(count: int, game: str | None, players: int, servers: int) -> list[TablePlan]:
    """The tables of a run: one game with ``players`` seats (one person), or the mix (``game`` None)."""
    rng = random.Random(count)
    plans = []
    for index in range(count):
        if game is not None:
            plans.append(TablePlan(game, players, 1, False, index % servers))
            continue
        chosen = rng.choices(list(MIX), weights=list(MIX.values()))[0]
        known = get_game(chosen)
        seats = rng.randint(max(2, known.min_players), min(4, known.max_players))
        people = 2 if rng.random() < FRIENDS else 1
        plans.append(TablePlan(chosen, seats, people, rng.random() < WATCHED, index % servers))
    return plans


class Wire:
    """Counts the bytes a client connection receives from the network (frames as sent: the
    server compresses them with permessage-deflate where the client offers it, as browsers do)."""

    def __init__(self, ws: Any):
        self.received = 0
        self.at_first: int | None = None
        original = ws.data_received

        def counted(data: bytes) -> None:
            self.received += len(data)
            original(data)

        ws.data_received = counted  # (the transport calls its protocol's data_received)

    def after_first(self) -> int:
        return self.received - (self.at_first if self.at_first is not None else self.received)


async def _read(ws: Any, measured: Measured, wire: Wire, last_version: list[int], counts: bool) -> Any:
    raw = await ws.recv()
    measured.largest = max(measured.largest, len(raw))
    message: dict[str, Any] = orjson.loads(raw)  # (the json module took 44% of this client's CPU at 640 tables)
    if wire.at_first is None:
        wire.at_first = wire.received
    else:
        measured.bytes_after_first += len(raw)
    version = message.get("version")
    if isinstance(version, int) and message.get("type") == "state":
        if last_version[0] >= 0 and version > last_version[0]:
            measured.moves_seen += version - last_version[0]
            if counts:
                measured.moves += version - last_version[0]
        last_version[0] = max(last_version[0], version)
    return message


async def _person(url: str, token: str, think: float, until: float, measured: Measured, counts: bool) -> None:
    """One person at a table: wait for the turn, think, move, time the answer, until the game ends."""
    rng = random.Random()
    last_version = [-1]
    async with connect(url, additional_headers={"X-Seat-Token": token}, max_size=2**22, open_timeout=30) as ws:
        wire = Wire(ws)
        sent_at: float | None = None
        sent_version = -1
        while True:
            timeout = max(0.1, until - time.monotonic())
            try:
                message = await asyncio.wait_for(_read(ws, measured, wire, last_version, counts), timeout)
            except TimeoutError:
                message = None
            if message is None or time.monotonic() >= until:
                break
            if message.get("type") != "state":
                sent_at = None  # a refusal (the table moved): wait for the next snapshot
                continue
            if sent_at is not None and message["version"] > sent_version:
                measured.latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if message["status"] == "finished":
                break
            if message["legal"] and sent_at is None:
                await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0.0, until - time.monotonic())))
                if time.monotonic() >= until:
                    break  # (a person who thinks past the end: ``--think`` 1e9 measures open tables at rest)
                action = rng.choice(message["legal"])["code"]
                sent_version = message["version"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "action", "action": action, "version": sent_version}))
        if sent_at is not None:
            measured.latencies.append(time.monotonic() - sent_at)
        measured.wire_after_first += wire.after_first()


async def _spectator(url: str, until: float, measured: Measured) -> None:
    last_version = [-1]
    async with connect(url, max_size=2**22, open_timeout=30) as ws:
        wire = Wire(ws)
        while time.monotonic() < until:
            try:
                reading = _read(ws, measured, wire, last_version, False)
                message = await asyncio.wait_for(reading, until - time.monotonic())
            except TimeoutError:
                break
            if message.get("status") == "finished":
                break
        measured.wire_after_first += wire.after_first()


async def play_table(
    bases: list[str], plan: TablePlan, think: float, bot: str, until: float, measured: Measured
) -> None:
    """One table after another on ``plan``'s server until the time is up."""
    base = bases[plan.server]
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            try:
                seats = [{"controller": "human"}] * plan.people + [{"controller": bot}] * (plan.players - plan.people)
                body = {"game": plan.game, "players": plan.players, "seats": seats, "you": 0}
                created = (await http.post("/api/tables", json=body)).json()
                table = created["id"]
                tokens = [created["token"]]
                if plan.people > 1:
                    joined = await http.post(f"/api/tables/{table}/join", json={"invite": _invite(created)})
                    tokens.append(joined.json()["token"])
                url = base.replace("http", "ws") + f"/ws/tables/{table}"
                runs = [_person(url, token, think, until, measured, index == 0) for index, token in enumerate(tokens)]
                if plan.watched:
                    watcher = bases[(plan.server + 1) % len(bases)].replace("http", "ws") + f"/ws/tables/{table}"
                    runs.append(_spectator(watcher, until, measured))
                await asyncio.gather(*runs)
            except (OSError, TimeoutError, httpx.HTTPError, ConnectionClosed, KeyError, ValueError) as exc:
                measured.failures.append(f"{type(exc).__name__}: {exc}")
                return


def _invite(created: dict[str, Any]) -> str:
    """The invite code of the first open seat (``/t/<id>?invite=<code>``)."""
    link = next(iter(created["invites"].values()))
    return str(link.split("invite=")[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def resident_mb(pids: list[int]) -> float:
    """The processes' resident memory summed (Linux: VmRSS), in MiB."""
    total = 0
    for pid in pids:
        status = Path(f"/proc/{pid}/status")
        if status.exists():
            for line in status.read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return round(total / 1024, 1)


def cpu_seconds(pid: int, children: bool = False) -> float:
    """A process's CPU time (user and system) so far, in seconds (Linux: ``/proc/<pid>/stat``);
    ``children`` adds that of its children it has waited for (PostgreSQL's ended backends)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def postmaster(db: str | None) -> int | None:
    """The database server's main process on this machine, or ``None`` (SQLite, or not found)."""
    if not db or not db.startswith("postgresql"):
        return None
    from sqlalchemy import text

    from fruitbowl.database import open_engine

    engine = open_engine(db)
    try:
        with engine.connect() as conn:
            folder = conn.execute(text("SHOW data_directory")).scalar_one()
    finally:
        engine.dispose()
    try:
        return int(Path(folder, "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None  # another machine's (or another user's) database: not measured


def children(parent: int) -> list[int]:
    """The processes whose parent is ``parent`` now."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                    found.append(int(entry.name))
            except (OSError, ValueError):
                continue
    return found


def cpu_by_group(servers: list[int], database: int | None) -> dict[str, float]:
    """CPU seconds so far of the servers, this client and the database's processes (its
    postmaster, the backends it has ended and those running now)."""
    backends = children(database) if database is not None else []
    return {
        "servers": sum(cpu_seconds(pid) for pid in servers),
        "client": cpu_seconds(os.getpid()),
        "postgres": (cpu_seconds(database, children=True) if database else 0.0) + sum(map(cpu_seconds, backends)),
    }


def run(
    bases: list[str], pids: list[int], plans: list[TablePlan], args: argparse.Namespace, label: str
) -> dict[str, Any]:
    measured = Measured()
    until = time.monotonic() + args.seconds
    started = time.monotonic()
    database = postmaster(args.db)
    window: dict[str, Any] = {}

    async def steady() -> None:
        """The CPU and the moves at the end of the warm-up (the tables created, their sockets open)."""
        await asyncio.sleep(min(args.warmup, args.seconds / 2))
        window.update(at=time.monotonic(), moves=measured.moves, cpu=cpu_by_group(pids, database))

    lags: list[float] = []

    async def lag_probe() -> None:
        """How late this client's own event loop wakes (a 10 ms sleep, over and over): a move's
        latency includes it, so a busy client shows here rather than as a slow server; from the
        end of the warm-up, as the CPU figures."""
        await asyncio.sleep(min(args.warmup, args.seconds / 2))
        while time.monotonic() < until:
            asked = time.monotonic()
            await asyncio.sleep(0.01)
            lags.append(time.monotonic() - asked - 0.01)

    async def everything() -> None:
        runs = (play_table(bases, plan, args.think, args.bot, until, measured) for plan in plans)
        await asyncio.gather(steady(), lag_probe(), *runs)

    asyncio.run(everything())
    elapsed = time.monotonic() - started
    cpu = {group: seconds - window["cpu"][group] for group, seconds in cpu_by_group(pids, database).items()}
    steady_seconds, steady_moves = time.monotonic() - window["at"], measured.moves - window["moves"]
    lat = measured.latencies
    return {
        "load": label,
        "tables": len(plans),
        "servers": len(bases),
        "db": "postgresql" if args.db and args.db.startswith("postgresql") else "sqlite",
        "person_moves": len(lat),
        "moves_per_s": round(measured.moves / elapsed, 1),
        "p50_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
        "p95_ms": round(percentile(lat, 0.95) * 1000, 1) if lat else None,
        "p99_ms": round(percentile(lat, 0.99) * 1000, 1) if lat else None,
        "max_ms": round(max(lat) * 1000, 1) if lat else None,
        "client_lag_p95_ms": round(percentile(lags, 0.95) * 1000, 1) if lags else None,
        "client_lag_max_ms": round(max(lags) * 1000, 1) if lags else None,
        "bytes_per_move": round(measured.wire_after_first / measured.moves_seen) if measured.moves_seen else None,
        "json_bytes_per_move": round(measured.bytes_after_first / measured.moves_seen) if measured.moves_seen else None,
        "snapshot_max_kib": round(measured.largest / 1024, 1),
        "rss_mb": resident_mb(pids),
        "server_cpu_ms_per_move": round(cpu["servers"] * 1000 / steady_moves, 2) if steady_moves else None,
        "cpu_cores": {group: round(seconds / steady_seconds, 2) for group, seconds in cpu.items()},
        "loadavg_1m": round(os.getloadavg()[0], 2),
        "failed_tables": len(measured.failures),
        "failures": measured.failures[:3],
    }


def idle_footprint(base: str, pid: int, count: int, bot: str) -> dict[str, Any]:
    """The memory ``count`` idle tables of the mix hold: created (each waits for its person), then
    the server's resident memory compared with before, in MiB per table."""
    plans = plan_tables(count, None, 3, 1)
    before = resident_mb([pid])
    started = time.monotonic()
    with httpx.Client(base_url=base, timeout=60) as http:
        for plan in plans:
            seats = [{"controller": "human"}] + [{"controller": bot}] * (plan.players - 1)
            body = {"game": plan.game, "players": plan.players, "seats": seats, "you": 0}
            response = http.post("/api/tables", json=body)
            response.raise_for_status()
    time.sleep(2)  # the bots that open some games reach their person's turn
    after = resident_mb([pid])
    return {
        "load": "idle",
        "tables": count,
        "rss_before_mb": before,
        "rss_mb": after,
        "mib_per_idle_table": round((after - before) / count, 3),
        "seconds_to_create": round(time.monotonic() - started, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


def start_servers(count: int, db: str | None, bot_delay: float) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    """``count`` servers on one database; returns them and their addresses."""
    home = tempfile.mkdtemp(prefix="fruitbowl-bench-")
    os.environ["FRUITBOWL_HOME"] = home
    url = db or f"sqlite:///{home}/bench.db"
    # One address plays every table here, so the per-address limits are lifted (as for a load test).
    env = {"FRUITBOWL_RATE_LIMITS": "off"}
    ports = [free_port() for _ in range(count)]
    return [spawn(port, url, bot_delay, env=env) for port in ports], [f"http://127.0.0.1:{port}" for port in ports]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    load = parser.add_mutually_exclusive_group()
    load.add_argument("--game", default="tanghulu", help="the game to play, or 'all' for each game in turn")
    load.add_argument("--mix", action="store_true", help="the four games mixed, friends and spectators at some tables")
    parser.add_argument("--tables", default="10,25,50,100", help="comma-separated table counts to try")
    parser.add_argument("--players", type=int, default=3, help="seats per table with --game (one person, bots)")
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each measurement")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean thinking time per move")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="pause before each bot move (as served)")
    parser.add_argument("--bot", default="random", help="the bots' level")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--servers", type=int, default=1, help="servers on the one database (more than 1: PostgreSQL)")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds before the CPU per move is measured (at most half)"
    )
    parser.add_argument("--target-ms", type=float, default=100.0, help="p95 latency target")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--idle", type=int, default=0, help="instead: create this many idle mixed tables and give MiB per idle table"
    )
    args = parser.parse_args()
    fewer_collector_pauses()  # (the load client's own pauses would count as the servers' latency)
    known = [game.id for game in all_games()]
    games: list[str | None] = [None] if args.mix else (list(known) if args.game == "all" else [args.game])
    if any(game is not None and game not in known for game in games):
        parser.error(f"--game must be one of {', '.join(known)} or all, not {args.game!r}")
    if args.servers > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("several servers share one database only on PostgreSQL: give --db postgresql://…")

    servers, bases = start_servers(args.servers, args.db, args.bot_delay)
    pids = [server.pid for server in servers]
    rows = []
    try:
        if args.idle:
            print(json.dumps(idle_footprint(bases[0], pids[0], args.idle, args.bot)))
            return
        for game in games:
            for count in [int(c) for c in args.tables.split(",")]:
                plans = plan_tables(count, game, args.players, len(servers))
                row = run(bases, pids, plans, args, game or "mix")
                rows.append(row)
                if not args.json:
                    print(
                        f"{row['load']:12s} {count:5d} tables  {row['person_moves']:6d} moves"
                        f"  {row['moves_per_s']:6.1f}/s"
                        f"  p50 {row['p50_ms']} ms  p95 {row['p95_ms']} ms  p99 {row['p99_ms']} ms"
                        f"  {row['bytes_per_move']} B/move ({row['json_bytes_per_move']} B as JSON)"
                        f"  largest {row['snapshot_max_kib']} KiB"
                        f"  rss {row['rss_mb']} MiB  server CPU {row['server_cpu_ms_per_move']} ms/move"
                        f"  cores {row['cpu_cores']}  load {row['loadavg_1m']}"
                        + (f"  {row['failed_tables']} tables failed ({row['failures'][0]})" if row["failures"] else ""),
                        flush=True,
                    )
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            server.wait(timeout=10)
    if args.json:
        print(json.dumps(rows[0] if len(rows) == 1 else rows))
        return
    for label in dict.fromkeys(r["load"] for r in rows):
        held = [r["tables"] for r in rows if r["load"] == label and (r["p95_ms"] or 1e9) < args.target_ms]
        held = [t for t in held if not any(r["failed_tables"] for r in rows if r["tables"] == t and r["load"] == label)]
        print(f"{label}: held {max(held, default=0)} tables with p95 move latency under {args.target_ms:.0f} ms")


if __name__ == "__main__":
    main()
