"""A load generator for the web table, and the check that the database kept what clients saw.

Used by ``benchmarks/bench_load.py`` (many tables, minutes, figures), by the server tests
(a few tables, seconds, correctness only) and by the fault tests (servers killed with SIGKILL
mid-run). It is a client like any other: it talks to one or more running servers over
HTTP and WebSocket on loopback, never to a server's memory.

Each table has ``humans`` seats driven by this client (one WebSocket each) and random bots in
the others. A seat moves as soon as a snapshot says it may: a random legal action, sent with
the version it saw. A move's latency is the time from sending it to receiving the snapshot that
contains it. A move is *confirmed* when a snapshot shows the table past the version it was sent
at: nobody else can move for that seat, so the stored move with that number must be this one.
When a server dies the seats reconnect (to any of the servers) and carry on; a move whose fate
the crash hid is settled by the first snapshot after reconnecting.

:func:`verify` then reads the database and checks every table: move numbers are 1..N with no
gap or repeat, every confirmed move is stored under its number with its text, every stored move
of a client's seat was confirmed, the stored record replays, and (if snapshots were kept) every
view a client was shown is the view the stored record gives at that version.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect as ws_connect  # ships with uvicorn[standard]

from .snapshots import without_fixed


@dataclass
class SeatLog:
    seat: int
    token: str
    confirmed: dict[int, str] = field(default_factory=dict)  # move number -> action text
    views: dict[int, str] = field(default_factory=dict)  # version -> digest of the view shown
    inflight: tuple[int, str, float] | None = None  # (version sent at, text, when)
    #: moves whose fate a lost connection hid: move number -> the texts that may be stored there
    uncertain: dict[int, set[str]] = field(default_factory=dict)


@dataclass
class TableLog:
    id: str
    game: str
    seats: dict[int, SeatLog]
    finished: bool = False
    last_version: int = 0
    texts: list[str] = field(default_factory=list)  # every action's text, by code (snapshots name codes)
    fixed_view: dict[str, Any] = field(default_factory=dict)  # the views' fixed parts, which snapshots leave out


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    confirmed: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    tables_started: int = 0
    tables_finished: int = 0
    #: tables left because a crash hid whether a join went through (its seat token is lost)
    tables_abandoned: int = 0
    failures: list[str] = field(default_factory=list)

    def refuse(self, message: str) -> None:
        kind = message.split(":")[0][:60]
        self.refused[kind] = self.refused.get(kind, 0) + 1


def view_digest(view: Any) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


@dataclass
class LoadConfig:
    servers: list[str]  # base URLs, http://127.0.0.1:PORT
    game: str  # the game's id (the load names the game it plays; this module names none)
    tables: int = 4
    humans: int = 2
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    seconds: float = 5.0
    think: float = 0.0
    keep_views: bool = False
    new_tables: bool = True  # start a new table when one finishes, until the time is up
    seed: int = 0
    max_tables: int | None = None  # stop starting new tables after this many
    #: when to stop, if not ``seconds`` from the start (another thread may move it)
    deadline: Deadline | None = None


class Deadline:
    """A moment on ``time.monotonic()`` that another thread may move (to end a run early or late)."""

    def __init__(self, at: float):
        self.at = at

    def passed(self) -> bool:
        return time.monotonic() >= self.at

    def left(self) -> float:
        return self.at - time.monotonic()


async def run_load(config: LoadConfig) -> tuple[list[TableLog], Stats]:
    """Play ``config.tables`` tables at once for ``config.seconds``; returns every table's log."""
    stats = Stats()
    logs: list[TableLog] = []
    until = config.deadline or Deadline(time.monotonic() + config.seconds)
    rng = random.Random(config.seed)
    async with httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_connections=200)) as http:
        workers = [
            _table_worker(config, http, random.Random(rng.random()), until, logs, stats, n)
            for n in range(config.tables)
        ]
        await asyncio.gather(*workers)
    return logs, stats


async def _table_worker(
    config: LoadConfig,
    http: httpx.AsyncClient,
    rng: random.Random,
    until: Deadline,
    logs: list[TableLog],
    stats: Stats,
    number: int,
) -> None:
    while not until.passed():
        if config.max_tables is not None and stats.tables_started >= config.max_tables:
            return
        stats.tables_started += 1
        try:
            log = await _new_table(config, http, rng, until)
        except _Abandon:
            stats.tables_abandoned += 1
            continue
        except _GiveUp as exc:
            stats.failures.append(f"cannot create a table: {exc}")
            return
        logs.append(log)
        await asyncio.gather(*(_drive_seat(config, log, seat, rng, until, stats) for seat in log.seats.values()))
        if log.finished:
            stats.tables_finished += 1
        if not config.new_tables:
            return


class _GiveUp(Exception):
    pass


class _Abandon(Exception):
    pass


async def _with_retries(call: Any, until: Deadline) -> tuple[httpx.Response, bool]:
    """An HTTP call retried while servers restart (connection refused, 503) until ``until``;
    returns the response and whether an earlier attempt may have reached the server."""
    last: Exception | None = None
    uncertain = False
    while time.monotonic() < until.at + 20:
        try:
            response: httpx.Response = await call()
            if response.status_code != 503:
                return response, uncertain
            last = RuntimeError(response.text)
        except httpx.TransportError as exc:
            last = exc
            uncertain = uncertain or not isinstance(exc, httpx.ConnectError)
        await asyncio.sleep(0.2)
    raise _GiveUp(str(last))


async def _new_table(config: LoadConfig, http: httpx.AsyncClient, rng: random.Random, until: Deadline) -> TableLog:
    base = rng.choice(config.servers)
    seats = [{"controller": "human" if s < config.humans else "random"} for s in range(config.players)]
    body = {"game": config.game, "players": config.players, "options": config.options, "seats": seats, "you": 0}
    response, _ = await _with_retries(lambda: http.post(f"{base}/api/tables", json=body), until)
    if response.status_code != 201:
        raise _GiveUp(f"{response.status_code} {response.text}")
    created = response.json()
    tokens = {0: created["token"]}
    for seat_text, link in created["invites"].items():
        invite = link.split("invite=")[1]
        joined, uncertain = await _with_retries(
            lambda invite=invite: http.post(f"{base}/api/tables/{created['id']}/join", json={"invite": invite}), until
        )
        if joined.status_code == 409 and uncertain:  # our own join went through; its answer was lost
            raise _Abandon()
        if joined.status_code != 200:
            raise _GiveUp(f"join: {joined.status_code} {joined.text}")
        tokens[int(seat_text)] = joined.json()["token"]
    space, _ = await _with_retries(lambda: http.get(f"{base}/api/tables/{created['id']}/actions"), until)
    if space.status_code != 200:
        raise _GiveUp(f"actions: {space.status_code} {space.text}")
    actions = space.json()
    texts = [str(action["text"]) for action in actions["actions"]]
    logs = {s: SeatLog(s, t) for s, t in tokens.items()}
    return TableLog(created["id"], config.game, logs, texts=texts, fixed_view=actions["fixed_view"])


async def _drive_seat(
    config: LoadConfig, log: TableLog, seat: SeatLog, rng: random.Random, until: Deadline, stats: Stats
) -> None:
    """One person at one seat: reconnects until the game ends or the time is up."""
    failures = 0
    while not until.passed() and not log.finished:
        base = rng.choice(config.servers)
        url = base.replace("http", "ws", 1) + f"/ws/tables/{log.id}"
        headers = {"X-Seat-Token": seat.token}  # never in the URL, where proxies log it
        try:
            async with ws_connect(
                url, additional_headers=headers, max_size=2**23, open_timeout=10, ping_interval=None
            ) as ws:
                failures = 0
                await _play(config, log, seat, ws, rng, until, stats)
        except (OSError, TimeoutError) as exc:
            failures += 1
            if failures > 300:
                stats.failures.append(f"table {log.id} seat {seat.seat}: cannot reconnect: {exc}")
                return
            await asyncio.sleep(0.1)
        except Exception as exc:  # a closed connection (server killed): reconnect
            name = type(exc).__name__
            if "Closed" not in name and "InvalidStatus" not in name and "InvalidMessage" not in name:
                stats.failures.append(f"table {log.id} seat {seat.seat}: {name}: {exc}")
                return
            stats.reconnects += 1
            await asyncio.sleep(0.05)


async def _play(
    config: LoadConfig, log: TableLog, seat: SeatLog, ws: Any, rng: random.Random, until: Deadline, stats: Stats
) -> None:
    latest: dict[str, Any] | None = None
    retries = 0
    first = True  # the first snapshot on a new connection settles a move the last one left open
    while not until.passed():
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=min(1.0, max(0.05, until.left())))
        except TimeoutError:
            continue
        message = json.loads(raw)
        if message.get("type") == "error":
            text = str(message.get("message", ""))
            if (
                message.get("status") == 503
                or "moved on" in text
                or "not your turn" in text
                or seat.inflight is not None
            ):
                stats.refuse(text)
                retries += 1
            else:
                stats.failures.append(f"table {log.id} seat {seat.seat}: {text}")
                return
            if seat.inflight is not None and latest is not None and latest["version"] == seat.inflight[0]:
                seat.inflight = None  # refused: choose again from the latest snapshot
                if retries > 50:
                    stats.failures.append(f"table {log.id} seat {seat.seat}: refused 50 times: {text}")
                    return
                await asyncio.sleep(0.01 * retries)
                await _move(config, log, latest, seat, ws, rng)
            continue
        if message.get("type") != "state":
            continue
        latest = message
        version = int(message["version"])
        log.last_version = max(log.last_version, version)
        if config.keep_views:
            seat.views[version] = view_digest(message["view"])
        if seat.inflight is not None and version > seat.inflight[0]:
            sent_version, text, sent_at = seat.inflight
            seat.confirmed[sent_version + 1] = text
            if not first:
                stats.latencies.append(time.monotonic() - sent_at)
            stats.confirmed += 1
            seat.inflight = None
            retries = 0
        elif seat.inflight is not None and first:
            # Sent on a connection that broke and not (yet) stored; it may still arrive if a
            # live server was processing it, so the check allows it at that number.
            sent_version, text, _ = seat.inflight
            seat.uncertain.setdefault(sent_version + 1, set()).add(text)
            seat.inflight = None
        first = False
        if message["status"] == "finished":
            log.finished = True
            return
        if message["legal"] and seat.inflight is None:
            await _move(config, log, message, seat, ws, rng)


async def _move(
    config: LoadConfig, log: TableLog, snapshot: dict[str, Any], seat: SeatLog, ws: Any, rng: random.Random
) -> None:
    if not snapshot["legal"]:
        return
    if config.think:
        await asyncio.sleep(config.think * rng.uniform(0.5, 1.5))
    text = log.texts[int(rng.choice(snapshot["legal"])["code"])]
    seat.inflight = (int(snapshot["version"]), text, time.monotonic())
    await ws.send(json.dumps({"type": "action", "action": text, "version": snapshot["version"]}))


# ---------------------------------------------------------------------- checking the database


@dataclass
class Verdict:
    tables: int = 0
    moves: int = 0
    confirmed: int = 0
    problems: list[str] = field(default_factory=list)


def verify(db_url: str, logs: list[TableLog]) -> Verdict:
    """Compare every table's stored record with what the clients were shown (see the module doc)."""
    from sqlalchemy import select

    from fruitbowl.engine import Match, Player, Record

    from .db import ActionRow, TableRow, make_engine

    engine = make_engine(db_url)
    verdict = Verdict()
    try:
        with engine.connect() as db:
            for log in logs:
                verdict.tables += 1
                row = db.execute(select(TableRow).where(TableRow.id == log.id)).first()
                if row is None:
                    verdict.problems.append(f"table {log.id} is not stored")
                    continue
                table = row._mapping
                stored = db.execute(
                    select(ActionRow.number, ActionRow.text, ActionRow.seat)
                    .where(ActionRow.table_id == log.id)
                    .order_by(ActionRow.number)
                ).all()
                verdict.moves += len(stored)
                _check_table(log, table, [tuple(s) for s in stored], verdict, Match, Player, Record)
    finally:
        engine.dispose()
    return verdict


def _check_table(
    log: TableLog, table: Any, stored: list[Any], verdict: Verdict, Match: Any, Player: Any, Record: Any
) -> None:
    problems = verdict.problems
    numbers = [n for n, _, _ in stored]
    if numbers != list(range(1, len(stored) + 1)):
        problems.append(f"table {log.id}: move numbers are not 1..{len(stored)}: {numbers[:20]}")
        return
    texts = {n: t for n, t, _ in stored}
    if log.last_version > len(stored):
        problems.append(f"table {log.id}: clients saw move {log.last_version}, only {len(stored)} are stored")
    for seat in log.seats.values():
        for number, text in seat.confirmed.items():
            verdict.confirmed += 1
            if texts.get(number) != text:
                problems.append(f"table {log.id}: confirmed move {number} {text!r} is stored as {texts.get(number)!r}")
        mine = {n for n, _, s in stored if s == seat.seat}
        in_flight = {seat.inflight[0] + 1: {seat.inflight[1]}} if seat.inflight else {}
        unconfirmed = sorted(
            n
            for n in mine - set(seat.confirmed)
            if texts[n] not in seat.uncertain.get(n, set()) | in_flight.get(n, set())
        )
        if unconfirmed:
            problems.append(f"table {log.id}: seat {seat.seat} moves {unconfirmed} are stored but were never confirmed")
    record = Record(
        table["game"],
        table["rules_version"],
        dict(table["options"]),
        [Player(f"P{i}") for i in range(table["num_players"])],
        table["seed"],
        [t for _, t, _ in stored],
    )
    try:
        match = Match.from_record(Record(**{**record.__dict__, "actions": []}))
        wanted = {(v, s.seat): d for s in log.seats.values() for v, d in s.views.items()}
        _compare_views(match, 0, wanted, log, problems)
        for number, text, _ in stored:
            match.apply(text)
            _compare_views(match, number, wanted, log, problems)
    except Exception as exc:
        problems.append(f"table {log.id}: the stored record does not replay: {exc}")
        return
    if match.state.is_terminal() != (table["status"] == "finished"):
        problems.append(
            f"table {log.id}: status {table['status']} but the record's game over is {match.state.is_terminal()}"
        )


def _compare_views(
    match: Any, version: int, wanted: dict[tuple[int, int], str], log: TableLog, problems: list[str]
) -> None:
    for (v, seat), digest in wanted.items():
        if v == version:
            shown = view_digest(without_fixed(json.loads(json.dumps(match.state.view(seat))), log.fixed_view))
            if shown != digest:
                problems.append(f"table {log.id}: seat {seat} was shown a view at move {v} the record does not give")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(stats: Stats, seconds: float) -> dict[str, Any]:
    lat = stats.latencies
    return {
        "client_moves": stats.confirmed,
        "client_moves_per_s": round(stats.confirmed / seconds, 1) if seconds else 0.0,
        "p50_ms": round(percentile(lat, 0.50) * 1000, 1),
        "p95_ms": round(percentile(lat, 0.95) * 1000, 1),
        "p99_ms": round(percentile(lat, 0.99) * 1000, 1),
        "max_ms": round(max(lat) * 1000, 1) if lat else float("nan"),
        "tables_started": stats.tables_started,
        "tables_finished": stats.tables_finished,
        "tables_abandoned": stats.tables_abandoned,
        "refused": dict(stats.refused),
        "reconnects": stats.reconnects,
        "failures": stats.failures[:10],
    }
