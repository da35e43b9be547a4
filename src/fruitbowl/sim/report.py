"""The balance report as one self-contained HTML file (plots embedded as PNG) and as JSON.

:func:`write_report` writes ``report.html`` and ``report.json`` into a folder. The HTML needs
nothing else: styles are inline and every Matplotlib figure is a base64 PNG.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from pathlib import Path
from typing import Any

#: At most this many components per category are drawn (the most used); the JSON has them all.
PLOT_COMPONENTS = 30

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th { background: #f4f4f4; } td.l, th.l { text-align: left; }
.note { color: #555; font-size: 0.9em; } img { max-width: 100%; }
.flag { color: #b00; font-weight: bold; }
details { margin: 0.5em 0; }
"""


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(figure: Any) -> str:
    plt = _plt()
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=100)
    plt.close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="" src="data:image/png;base64,{encoded}">'


def _int_bins(values: list[int], most: int = 50) -> list[float]:
    """Histogram edges between whole numbers, at most ``most`` bins of equal width."""
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / most))
    return [low - 0.5 + step * i for i in range((high - low) // step + 2)]


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _r(value: float | None) -> str:
    return "–" if value is None else f"{value:+.2f}"


def _ci(rate: dict[str, Any] | None) -> str:
    if not rate or rate.get("rate") is None:
        return "–"
    low, high = rate["ci95"]
    return f"{_pct(rate['rate'])} [{100 * low:.1f}–{100 * high:.1f}]"


def _table(head: list[str], rows: list[list[Any]], left: int = 1) -> str:
    def cell(tag: str, i: int, value: Any) -> str:
        cls = ' class="l"' if i < left else ""
        return f"<{tag}{cls}>{html.escape(str(value))}</{tag}>"

    out = ["<table><tr>", *(cell("th", i, h) for i, h in enumerate(head)), "</tr>"]
    for row in rows:
        out += ["<tr>", *(cell("td", i, v) for i, v in enumerate(row)), "</tr>"]
    out.append("</table>")
    return "".join(out)


def seat_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    seats = data["seats"]
    figure, axes = plt.subplots(figsize=(7, 3.6))
    xs = [s["seat"] for s in seats]
    rates = [100 * s["rate"] for s in seats]
    lows = [100 * (s["rate"] - s["ci95"][0]) for s in seats]
    highs = [100 * (s["ci95"][1] - s["rate"]) for s in seats]
    axes.bar(xs, rates, color="#4c8bc9", yerr=[lows, highs], capsize=6)
    axes.axhline(100 * data["baseline_win_rate"], color="#b00", linestyle="--", label="no advantage (1/P)")
    axes.set_xticks(xs, [f"seat {x}" for x in xs])
    axes.set_ylabel("win rate (%) with 95% CI")
    axes.set_title("Seat order: who wins")
    axes.legend(fontsize=8)
    axes.grid(axis="y", alpha=0.3)
    return _png(figure)


def score_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    values = data["scores"]["values_by_seat"]
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8))
    if any(values):
        left.boxplot(values, tick_labels=[f"seat {i + 1}" for i in range(len(values))], showmeans=True)
        edges = _int_bins([v for seat in values for v in seat])
        for seat, scores in enumerate(values):
            right.hist(scores, bins=edges, histtype="step", linewidth=1.6, label=f"seat {seat + 1}")
        right.legend(fontsize=8)
    left.set_title("Scores by seat")
    left.set_ylabel("final score")
    right.set_title("Score distribution")
    right.set_xlabel("final score")
    right.set_ylabel("seat-games")
    for axes in (left, right):
        axes.grid(alpha=0.3)
    return _png(figure)


def length_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    values = data["length"]["values"]
    figure, axes = plt.subplots(figsize=(7, 3.4))
    axes.hist(values, bins=_int_bins(values), color="#6aa84f")
    axes.axvline(data["length"]["mean"], color="#333", linestyle="--", label=f"mean {data['length']['mean']:.0f}")
    axes.set_xlabel("actions per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    return _png(figure)


def kinds_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    kinds = data["action_kinds"]
    figure, axes = plt.subplots(figsize=(9, 0.8 + 0.38 * max(1, len(kinds))))
    names = [k["kind"] for k in kinds][::-1]
    ys = list(range(len(names)))
    winners = [k["per_winner"] or 0 for k in kinds][::-1]
    others = [k["per_other"] or 0 for k in kinds][::-1]
    axes.barh([y + 0.2 for y in ys], winners, height=0.4, label="winners", color="#e69138")
    axes.barh([y - 0.2 for y in ys], others, height=0.4, label="other seats", color="#999")
    axes.set_yticks(ys, names)
    axes.set_xlabel("uses per seat-game")
    axes.set_title("Action kinds: how often winners and the others play them")
    axes.legend(fontsize=8)
    axes.grid(axis="x", alpha=0.3)
    return _png(figure)


def component_plot(category: dict[str, Any], baseline: float) -> str:
    plt = _plt()
    items = sorted(category["items"][:PLOT_COMPONENTS], key=lambda it: it["corr"] if it["corr"] is not None else 0.0)
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(12, 1.0 + 0.3 * max(1, len(items))), sharey=True, gridspec_kw={"width_ratios": [3, 2]}
    )
    ys = list(range(len(items)))
    winners = [it["per_winner"] or 0 for it in items]
    others = [it["per_other"] or 0 for it in items]
    left.barh([y + 0.2 for y in ys], winners, height=0.4, color="#e69138", label="winners")
    left.barh([y - 0.2 for y in ys], others, height=0.4, color="#999", label="other seats")
    labels = [f"{it['name'][:34]}  (r={it['corr'] if it['corr'] is not None else 0:+.2f})" for it in items]
    left.set_yticks(ys, labels, fontsize=8)
    left.set_xlabel("uses per seat-game")
    left.legend(fontsize=8, loc="lower right")
    rates = [100 * it["win_when_used"]["rate"] for it in items]
    lows = [100 * (it["win_when_used"]["rate"] - it["win_when_used"]["ci95"][0]) for it in items]
    highs = [100 * (it["win_when_used"]["ci95"][1] - it["win_when_used"]["rate"]) for it in items]
    right.barh(ys, rates, xerr=[lows, highs], color="#8e7cc3", capsize=2)
    right.axvline(100 * baseline, color="#b00", linestyle="--", label="1/P")
    right.set_xlim(0, 100)
    right.set_xlabel("win rate when used (%), 95% CI")
    right.legend(fontsize=8, loc="lower right")
    for axes in (left, right):
        axes.grid(axis="x", alpha=0.3)
    figure.suptitle(f"{category['category']}: use and winning (sorted by correlation r with winning)")
    return _png(figure)


def render_html(data: dict[str, Any]) -> str:
    """The whole report as one HTML page."""
    e = html.escape
    source = data.get("source", {})
    described = ", ".join(f"{k}: {v}" for k, v in source.items() if k != "kind")
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(data['title'])} balance report</title><style>{CSS}</style></head><body>",
        f"<h1>{e(data['title'])}: balance report</h1>",
        f"<p class='note'>{data['games']} games, {data['players']} players, rules {e(data['rules_version'])}; "
        f"source: {e(source.get('kind', ''))} ({e(described)}). "
        f"{data['capped']} game(s) hit the action cap; {data['truncated']} were cut short.</p>",
        "<h2>Seat order</h2>",
        seat_plot(data),
        _table(
            ["seat", "games", "wins", "win rate [95% CI]", "mean score", "differs from 1/P?"],
            [
                [s["seat"], s["n"], s["wins"], _ci(s), s["mean_score"], "yes" if s["differs_from_even"] else "no"]
                for s in data["seats"]
            ],
        ),
    ]
    if len(data["bots"]) > 1:
        parts += [
            "<h3>By bot</h3>",
            _table(
                ["bot", "seat-games", "wins", "win rate [95% CI]"],
                [[b["bot"], b["n"], b["wins"], _ci(b)] for b in data["bots"]],
            ),
        ]
    scores = data["scores"]
    stat_head = ["", "n", "mean", "sd", "min", "p25", "median", "p75", "max"]

    def stat_row(label: str, d: dict[str, Any]) -> list[Any]:
        return [label, *(d.get(k, "–") for k in stat_head[1:])]

    parts += [
        "<h2>Scores</h2>",
        score_plot(data),
        _table(
            stat_head,
            [stat_row(f"seat {i + 1}", d) for i, d in enumerate(scores["by_seat"])]
            + [stat_row("all seats", scores["all"]), stat_row("winners", scores["winners"])]
            + [stat_row("winning margin", scores["margin"])],
        ),
    ]
    if scores["categories"]:
        parts += [
            "<h3>Where the points come from (mean per seat-game)</h3>",
            _table(
                ["category", "all seats", "winners"],
                [[c["category"], c["mean"], c["winners_mean"]] for c in scores["categories"]],
            ),
        ]
    parts += [
        "<h2>Game length</h2>",
        length_plot(data),
        _table(stat_head[1:], [[data["length"].get(k, "–") for k in stat_head[1:]]], left=0),
        "<h2>Action kinds</h2>",
        "<p class='note'>Per seat-game: how often winners and the other seats played each kind; <i>r</i> = "
        "correlation between a seat-game's uses and its win share; win rate of the seat-games that played it "
        "at least once, and of those that never did.</p>",
        kinds_plot(data),
        _table(
            ["kind", "uses", "share", "per game", "winners", "others", "r", "win rate if used", "if not used"],
            [
                [
                    k["kind"],
                    k["uses"],
                    _pct(k["share_of_actions"]),
                    k["per_game"],
                    k["per_winner"],
                    k["per_other"],
                    _r(k["corr"]),
                    _ci(k["win_when_used"]),
                    _ci(k["win_when_not_used"]),
                ]
                for k in data["action_kinds"]
            ],
        ),
        "<h2>Components</h2>",
        "<p class='note'>Each component a seat used (placed, claimed, bought, visited…): uses per seat-game "
        "by winners and by the other seats, <i>r</i> = the correlation between a seat-game's uses and its win "
        "share, and the win rate of the seat-games that used it against those that did not (<i>lift</i>, "
        "given when both groups have at least 10 seat-games). "
        "This is correlation, not cause: leading players may simply reach some components more often. "
        f"Plots show the {PLOT_COMPONENTS} most used components of each category; the tables have all.</p>",
    ]
    for category in data["components"]:
        parts += [
            f"<h3>{e(category['category'])}</h3>",
            component_plot(category, data["baseline_win_rate"]),
            "<details><summary>table</summary>",
            _table(
                [
                    "component",
                    "uses",
                    "seat-games",
                    "use rate",
                    "winners",
                    "others",
                    "r",
                    "win rate if used",
                    "if not",
                    "lift",
                    "mean score",
                ],
                [
                    [
                        it["name"],
                        it["uses"],
                        it["used_by"],
                        _pct(it["use_rate"]),
                        it["per_winner"],
                        it["per_other"],
                        _r(it["corr"]),
                        _ci(it["win_when_used"]),
                        _ci(it["win_when_not_used"]),
                        "–" if it["lift"] is None else f"{100 * it['lift']:+.1f} pts",
                        it["mean_score_when_used"],
                    ]
                    for it in category["items"]
                ],
            ),
            "</details>",
        ]
    if not data["components"]:
        parts.append("<p>No component uses were recorded for this game.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(data: dict[str, Any], folder: Path) -> tuple[Path, Path]:
    """Write ``report.html`` and ``report.json`` into ``folder``; return both paths."""
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / "report.html"
    page.write_text(render_html(data), encoding="utf-8")
    raw = folder / "report.json"
    raw.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return page, raw
