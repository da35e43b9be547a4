"""The clock rules of a table with a time control: pure, no timers and no database.

A table's time control is chosen at creation: none (the default); **real time** (``{"kind":
"realtime", "base_s": 600, "increment_s": 10}``: each player has a bank of time for the whole
game, and gets the increment back each time the turn passes from them to another seat); or
**turn based** (``{"kind": "turn", "per_move_s": 86400}``: each turn has its own time, whatever
was left of the one before).

Only a person's clock runs: a bot's seat never has one, and neither does a seat a stand-in bot
holds (its moves cost no time). The clock runs for the seat to act (the turn passes when another
seat is to act; several actions of one seat in a row are one turn) while the table is in play.

A :class:`Clock` is what the server keeps: per seat the time left as it was at ``since``, and the
seat whose clock runs from ``since`` on. The server stores it at every move, every change of who
holds a seat, every :data:`CHECKPOINT_S` seconds and when it stops; a table loaded from the
database resumes its clock at the load (:meth:`Clock.resumed`), so the time the server was down
is never charged to anyone (nor the few seconds since the last store when it was killed).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from fruitbowl.engine.wording import _

from .errors import BadRequest

#: The bounds of a time control (seconds), inclusive.
BASE_BOUNDS = (10.0, 3 * 3600.0)
INCREMENT_BOUNDS = (0.0, 60.0)
PER_MOVE_BOUNDS = (60.0, 14 * 86400.0)

#: A player who takes their seat back from a stand-in on a real-time clock gets the time they had
#: left, but at least this (or the whole base time, if that is shorter): enough to make a move.
RECLAIM_FLOOR_S = 60.0

#: How often (seconds) a running clock's time is stored: the most a killed server forgives.
CHECKPOINT_S = 15.0

KINDS = ("realtime", "turn")


@dataclass(frozen=True)
class TimeControl:
    kind: str  # "realtime" | "turn"
    base_s: float = 0.0
    increment_s: float = 0.0
    per_move_s: float = 0.0

    @property
    def start_s(self) -> float:
        """Each seat's time at the start of the game (a real-time bank, or a turn's time)."""
        return self.base_s if self.kind == "realtime" else self.per_move_s

    def to_json(self) -> dict[str, Any]:
        if self.kind == "realtime":
            return {"kind": "realtime", "base_s": _number(self.base_s), "increment_s": _number(self.increment_s)}
        return {"kind": "turn", "per_move_s": _number(self.per_move_s)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        return cls(
            str(data["kind"]),
            float(data.get("base_s", 0)),
            float(data.get("increment_s", 0)),
            float(data.get("per_move_s", 0)),
        )


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _span(seconds: float) -> str:
    """A bound in words: "10 s", "3 h", "14 days"."""
    if seconds >= 86400 and seconds % 86400 == 0:
        days = int(seconds // 86400)
        return f"{days} day" if days == 1 else f"{days} days"
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{int(seconds // 3600)} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return f"{_number(seconds)} s"


def parse_time_control(data: object, minimum: float | None = None) -> TimeControl | None:
    """A time control as sent at creation (``None``: no clock); :class:`BadRequest` saying what is
    wrong otherwise. ``minimum`` lowers the smallest base and per-move time (tests only)."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise BadRequest('"clock" must be null or an object such as {"kind": "realtime", "base_s": 600}')
    kind = data.get("kind")
    if kind not in KINDS:
        raise BadRequest(_("a clock's kind is realtime or turn, not {kind}").format(kind=repr(kind)))
    allowed = {"kind", "base_s", "increment_s"} if kind == "realtime" else {"kind", "per_move_s"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise BadRequest(
            _("a {kind} clock takes {keys}, not {extra}").format(
                kind=kind, keys=", ".join(sorted(allowed - {"kind"})), extra=", ".join(extra)
            )
        )

    def seconds(key: str, bounds: tuple[float, float], default: float | None = None) -> float:
        value = data.get(key, default)
        if value is None:
            raise BadRequest(_("a {kind} clock needs {key} (seconds)").format(kind=kind, key=key))
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise BadRequest(_("a clock's {key} must be a number of seconds").format(key=key))
        low, high = bounds
        shown_low = low
        if minimum is not None and key != "increment_s":
            low = min(low, minimum)
        if not low <= value <= high:
            raise BadRequest(
                _("a clock's {key} goes from {shown_low} to {high}, not {value}").format(
                    key=key, shown_low=_span(shown_low), high=_span(high), value=_number(value)
                )
            )
        return float(value)

    if kind == "realtime":
        return TimeControl("realtime", seconds("base_s", BASE_BOUNDS), seconds("increment_s", INCREMENT_BOUNDS, 0))
    return TimeControl("turn", per_move_s=seconds("per_move_s", PER_MOVE_BOUNDS))


def clock_seat(status: str, current: int, humans: Sequence[bool]) -> int | None:
    """Whose clock runs: the seat to act, while the table is in play, if a person holds it
    (``humans[seat]``: a person's seat that no stand-in holds); otherwise nobody's."""
    if status != "playing" or not 0 <= current < len(humans) or not humans[current]:
        return None
    return current


@dataclass(frozen=True)
class Clock:
    """A table's clock: ``remaining`` per seat (seconds, as at ``since``) and the seat it runs for."""

    control: TimeControl
    remaining: tuple[float, ...]
    running: int | None = None
    since: datetime | None = None  # when ``remaining`` was read; the running seat's time counts from here

    @classmethod
    def start(cls, control: TimeControl, seats: int) -> Clock:
        return cls(control, (control.start_s,) * seats)

    def left(self, seat: int, now: datetime) -> float:
        """The seat's time left at ``now`` (never below 0)."""
        left = self.remaining[seat]
        if seat == self.running and self.since is not None:
            left -= max(0.0, (now - self.since).total_seconds())
        return max(0.0, left)

    def deadline(self) -> datetime | None:
        """When the running seat's time runs out (``None``: no clock runs)."""
        if self.running is None or self.since is None:
            return None
        return self.since + timedelta(seconds=self.remaining[self.running])

    def out_of_time(self, now: datetime) -> int | None:
        """The running seat, if its time has run out at ``now``."""
        if self.running is None or self.left(self.running, now) > 0:
            return None
        return self.running

    def checkpoint(self, now: datetime) -> Clock:
        """The same clock, read at ``now`` (what the server stores)."""
        if self.running is None:
            return replace(self, since=now)
        return replace(self, remaining=self._with(self.running, self.left(self.running, now)), since=now)

    def unattended(self, now: datetime, shared: bool) -> bool:
        """Whether a running clock just read from the database was kept by nobody: always, for the
        one server that loads it (it was not in memory); with servers that share a database
        (``shared``), when none of them has stored it for two checkpoints (they were all down)."""
        if self.running is None:
            return False
        return not shared or self.since is None or (now - self.since).total_seconds() > 2 * CHECKPOINT_S

    def resumed(self, now: datetime) -> Clock:
        """The clock as stored, running on from ``now`` (a table loaded after a restart: the time
        between the last store and now is not charged)."""
        return replace(self, since=now)

    def run(self, seat: int | None, now: datetime) -> Clock:
        """The clock running for ``seat`` from ``now`` on (``None``: stopped); the seat whose clock
        stops keeps what it has left. A turn clock starts each new turn with the whole turn's time."""
        if seat == self.running:
            return replace(self, since=now) if self.since is None else self
        read = self.checkpoint(now)
        if seat is None or self.control.kind != "turn":
            return replace(read, running=seat)
        return Clock(self.control, read._with(seat, self.control.per_move_s), seat, now)

    def after_move(self, mover: int, seat: int | None, now: datetime) -> Clock:
        """The clock after ``mover`` moved and ``seat`` is the one whose clock runs next: the
        mover's time is charged if its clock ran, and on a real-time clock the mover gets the
        increment when the turn passes from them (not after each action of a turn, nor after
        a stand-in's move, which costs no time)."""
        read = self.checkpoint(now)
        if self.running == mover and seat != mover and self.control.kind == "realtime":
            read = replace(read, remaining=read._with(mover, read.remaining[mover] + self.control.increment_s))
        if self.running == mover and seat != mover and self.control.kind == "turn":
            read = replace(read, remaining=read._with(mover, self.control.per_move_s))  # their next turn's time
        return read.run(seat, now)

    def ran_out(self, seat: int, now: datetime) -> Clock:
        """The clock once ``seat``'s time ran out: at 0, stopped (a stand-in moves for the seat)."""
        return Clock(self.control, self._with(seat, 0.0), None, now)

    def reclaimed(self, seat: int) -> Clock:
        """``seat``'s time when its player takes it back from a stand-in: on a real-time clock what
        it had left, at least :data:`RECLAIM_FLOOR_S` (or the base time, if shorter); on a turn
        clock a whole turn."""
        if self.control.kind == "turn":
            return replace(self, remaining=self._with(seat, self.control.per_move_s))
        floor = min(RECLAIM_FLOOR_S, self.control.base_s)
        return replace(self, remaining=self._with(seat, max(self.remaining[seat], floor)))

    def _with(self, seat: int, value: float) -> tuple[float, ...]:
        return tuple(value if i == seat else left for i, left in enumerate(self.remaining))

    # ------------------------------------------------------------------ stored and shown

    def to_json(self) -> dict[str, Any]:
        """What the server stores (with the time control)."""
        return {
            **self.control.to_json(),
            "remaining": [round(left, 3) for left in self.remaining],
            "running": self.running,
            "since": None if self.since is None else _iso(self.since),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clock:
        since = data.get("since")
        return cls(
            TimeControl.from_json(data),
            tuple(float(left) for left in data["remaining"]),
            data.get("running"),
            None if since is None else datetime.fromisoformat(since),
        )

    def shown(self, now: datetime, clocked: Sequence[bool]) -> dict[str, Any]:
        """What a table's state says of its clock at ``now``: the time control, each seat's time
        left (``None`` for a seat that has no clock, ``clocked[seat]`` false: a bot's), whose clock
        runs and when it runs out (ISO, UTC)."""
        deadline = self.deadline()
        return {
            **self.control.to_json(),
            "remaining_s": [round(self.left(i, now), 1) if clocked[i] else None for i in range(len(self.remaining))],
            "running": self.running,
            "deadline": None if deadline is None else _iso(deadline),
        }


def _iso(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now() -> datetime:
    return datetime.now(UTC)
