"""Game review: each seat's estimated chance to win after every move of a recorded game.

A seat's chance at a position is estimated from that seat's own view, as a hint is: random
playouts from determinizations of the view (``State.determinize``), counting the share of games
the seat wins (shared wins split). The moves where a chance swung most are the turning points.

The cost grows with the number of points estimated, the seats and the playouts per seat. A
cheap review estimates after every ``every``-th move only (plus the start and the last move),
and with fewer playouts: coarser, but a long game of four players takes seconds, not minutes.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fruitbowl.engine import Record, replay
from fruitbowl.engine.chance import settle
from fruitbowl.engine.game import State
from fruitbowl.engine.record import start_state
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import _

#: A playout longer than this counts as a draw for everyone.
PLAYOUT_CAP = 5_000


@dataclass(frozen=True)
class Review:
    names: list[str]
    moves: list[str]  # the move played before each point; "" for the start
    movers: list[int | None]
    chances: list[list[float]]  # [point][seat]
    swings: list[int]  # point indices where a seat's chance changed most, biggest first
    numbers: list[int]  # the number of the move before each point (0 for the start)

    def span(self, point: int) -> str:
        """The moves between the previous point and ``point``: "12", or "11–20" when the review
        estimated only every few moves."""
        first, last = self.numbers[point - 1] + 1, self.numbers[point]
        return str(last) if first >= last else f"{first}–{last}"

    def to_json(self) -> dict[str, Any]:
        return {
            "names": self.names,
            "moves": self.moves,
            "movers": self.movers,
            "chances": [[round(c, 4) for c in point] for point in self.chances],
            "swings": self.swings,
            "numbers": self.numbers,
        }


def win_chance(state: State, seat: int, playouts: int, rng: random.Random) -> float:
    """Share of random playouts from ``seat``'s information set that ``seat`` wins."""
    if state.is_terminal():
        winners = state.result().winners
        return 1 / len(winners) if seat in winners else 0.0
    won = 0.0
    for _playout in range(playouts):
        sample = state.determinize(seat, rng)
        for _moves in range(PLAYOUT_CAP):
            if sample.is_terminal():
                winners = sample.result().winners
                won += 1 / len(winners) if seat in winners else 0.0
                break
            sample.apply(rng.choice(sample.legal_actions()))
            settle(sample, rng)
    return won / playouts


def review(record: Record, playouts: int = 48, swings: int = 3, every: int = 1) -> Review:
    """Estimate every seat's chance at the start and after every ``every``-th move of
    ``record`` and its last move (the whole record is checked as it replays)."""
    if playouts < 1 or every < 1:
        raise ValueError("playouts and every must be at least 1")
    _, first = start_state(record)
    n = len(record.players)
    last = len(record.actions)
    rng = random.Random(derive_seed(record.seed, "review"))
    points = [[win_chance(first, seat, playouts, rng) for seat in range(n)]]
    moves: list[str] = [""]
    movers: list[int | None] = [None]
    numbers = [0]
    actor = first.current_player
    for number, text, state, _events in replay(record):
        if number % every == 0 or number == last:
            moves.append(text)
            movers.append(actor)
            numbers.append(number)
            points.append([win_chance(state, seat, playouts, rng) for seat in range(n)])
        actor = state.current_player
    deltas = [max(abs(points[i][s] - points[i - 1][s]) for s in range(n)) for i in range(1, len(points))]
    biggest = sorted(range(len(deltas)), key=lambda i: -deltas[i])[:swings]
    return Review([p.name for p in record.players], moves, movers, points, [i + 1 for i in biggest], numbers)


@functools.cache
def chart_fonts() -> list[str]:
    """The chart's fonts: Matplotlib's own, then a CJK font for Chinese words and names when the
    system has one (``fonts-noto-cjk``; Matplotlib's font list may predate it, so it is added)."""
    from matplotlib import font_manager

    for path in font_manager.findSystemFonts():
        if Path(path).name.startswith("NotoSansCJK-Regular"):
            font_manager.fontManager.addfont(path)
            return ["DejaVu Sans", "Noto Sans CJK SC"]
    return ["DejaVu Sans"]


def plot(result: Review, path: Path, title: str) -> None:
    """Draw the chances as lines, one per seat, with the biggest swings marked; save a PNG. Its
    words are said in the language being spoken."""
    # A figure drawn straight on the Agg canvas: no pyplot (slower to import, and global state
    # that threads drawing at once would share).
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fonts = chart_fonts()
    figure = Figure(figsize=(10, 4.5), dpi=120)
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    xs = result.numbers
    markers = ["o", "s", "^", "D", "v"]
    for seat, name in enumerate(result.names):
        ys = [point[seat] * 100 for point in result.chances]
        axes.plot(xs, ys, label=name, marker=markers[seat % len(markers)], markevery=max(1, len(xs) // 12))
    for point in result.swings:
        mover = result.movers[point]
        who = result.names[mover] if mover is not None and mover >= 0 else ""
        x = result.numbers[point]
        axes.axvline(x, color="grey", linestyle=":", linewidth=1)
        axes.annotate(
            f"{who}: {result.moves[point]}",
            xy=(x, 100),
            xytext=(3, -12),
            textcoords="offset points",
            fontsize=8,
            rotation=90,
            va="top",
            fontfamily=fonts,
        )
    axes.set_xlabel(_("move"), fontfamily=fonts)
    axes.set_ylabel(_("estimated chance to win (%)"), fontfamily=fonts)
    axes.set_ylim(-2, 102)
    axes.set_xlim(0, max(1, xs[-1]))
    axes.set_title(title, fontfamily=fonts)
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", prop={"family": fonts, "size": 8})
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
