"""The balance report as one self-contained HTML file (plots embedded as PNG) and as JSON.

:func:`write_report` writes ``report.html`` and ``report.json`` into a folder. The HTML needs
nothing else: styles are inline and every Matplotlib figure is a base64 PNG. The page's words and
numbers are said in the language being spoken (the terminal's); the JSON is data and stays as is.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import json
import math
from pathlib import Path
from typing import Any

from fruitbowl.engine import OptionSpec, UnknownGame, get_game
from fruitbowl.engine.result import category_heading
from fruitbowl.engine.wording import _, language, ngettext, pgettext
from fruitbowl.i18n import fixed

from .components import category_label, component_label, kind_label
from .counts import games_count, players_count
from .review import chart_fonts

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

    plt.rcParams["font.family"] = chart_fonts()  # Chinese words need the CJK font
    return plt


def _png(figure: Any, alt: str) -> str:
    plt = _plt()
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=100)
    plt.close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}">'


def _int_bins(values: list[int], most: int = 50) -> list[float]:
    """Histogram edges between whole numbers, at most ``most`` bins of equal width."""
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / most))
    return [low - 0.5 + step * i for i in range((high - low) // step + 2)]


def _value(value: Any) -> str:
    """A table's cell: a number written the language's way with the digits Python's ``str`` gives
    it (the data is rounded already), anything else as it is."""
    if value is None:
        return "–"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, int):
        return fixed(value, 0)
    return fixed(value, len(repr(value).partition(".")[2]) if "e" not in repr(value) else 4)


def _signed(value: float, places: int) -> str:
    return ("+" if value >= 0 else "") + fixed(value, places)


def _pct(value: float | None) -> str:
    return "–" if value is None else _("{percent}%").format(percent=fixed(100 * value, 1))


def _r(value: float | None) -> str:
    return "–" if value is None else _signed(value, 2)


def _ci(rate: dict[str, Any] | None) -> str:
    if not rate or rate.get("rate") is None:
        return "–"
    low, high = rate["ci95"]
    return f"{_pct(rate['rate'])} [{fixed(100 * low, 1)}–{fixed(100 * high, 1)}]"


def _seat(seat: int) -> str:
    return _("seat {n}").format(n=seat)


def _source_words() -> dict[str, str]:
    """The source's kinds and settings (as ``analyze`` records them), said in the report."""
    return {
        "simulation": pgettext("source", "simulation"),
        "tournament": pgettext("source", "tournament"),
        "bots": pgettext("source", "bots"),
        "options": pgettext("source", "options"),
        "seed": pgettext("source", "seed"),
        "games": pgettext("source", "games"),
        "db": pgettext("source", "database"),
        "game": pgettext("source", "game"),
        "players": pgettext("source", "players"),
        "games_per_table": pgettext("source", "games per table"),
        "format": pgettext("source", "format"),
        "action_cap": pgettext("source", "action cap"),
        "duplicate": pgettext("source", "duplicate deals"),
    }


def _source_word(word: str) -> str:
    return _source_words().get(word, word)


def _setting(name: str, value: str) -> str:
    """One setting of the source, joined the language's way ("seed: 0", "种子：0")."""
    return _("{setting}: {value}").format(setting=name, value=value)


def _option_value(spec: OptionSpec, value: Any) -> str:
    """An option's value as the game's option form names it: a choice's label, yes or no, the
    labels of a set's parts; else the value as recorded."""
    described = spec.describe()
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if "choice_labels" in described and value in described["choices"]:
        return _(described["choice_labels"][described["choices"].index(value)])
    if "parts" in described and isinstance(value, str) and value:
        labels = {part["value"]: part["label"] for part in described["parts"]}
        return ", ".join(_(labels[part]) if part in labels else part for part in value.replace("+", ",").split(","))
    return _value(value)


def _options(game_id: str, options: dict[str, Any]) -> list[str]:
    """The source's game options by the labels the game gives them (its option form's words)."""
    try:
        specs = {spec.name: spec for spec in get_game(game_id).option_specs}
    except UnknownGame:
        specs = {}
    said = []
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            said.append(_setting(name, _value(value)))
        else:
            said.append(_setting(_(spec.describe()["label"]), _option_value(spec, value)))
    return said


def _described(data: dict[str, Any]) -> str:
    """The source's settings (bots, each option, seed…), said in the report's language and
    joined by the language's semicolon (a setting may list several values with commas)."""
    said: list[str] = []
    for key, value in data.get("source", {}).items():
        if key == "kind":
            continue
        if key == "options" and isinstance(value, dict):
            said += _options(data["game"], value)
            continue
        shown = ", ".join(map(_value, value)) if isinstance(value, list) else _value(value)
        said.append(_setting(_source_word(key), shown))
    if not said:
        return ""
    return functools.reduce(lambda first, second: _("{first}; {second}").format(first=first, second=second), said)


def _table(head: list[str], rows: list[list[Any]], left: int = 1) -> str:
    def cell(tag: str, i: int, value: Any) -> str:
        cls = ' class="l"' if i < left else ""
        return f"<{tag}{cls}>{html.escape(_value(value))}</{tag}>"

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
    axes.axhline(100 * data["baseline_win_rate"], color="#b00", linestyle="--", label=_("no advantage (1/P)"))
    axes.set_xticks(xs, [_seat(x) for x in xs])
    axes.set_ylabel(_("win rate (%) with 95% CI"))
    title = _("Seat order: who wins")
    axes.set_title(title)
    axes.legend(fontsize=8)
    axes.grid(axis="y", alpha=0.3)
    return _png(figure, title)


def score_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    values = data["scores"]["values_by_seat"]
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8))
    if any(values):
        left.boxplot(values, tick_labels=[_seat(i + 1) for i in range(len(values))], showmeans=True)
        edges = _int_bins([v for seat in values for v in seat])
        for seat, scores in enumerate(values):
            right.hist(scores, bins=edges, histtype="step", linewidth=1.6, label=_seat(seat + 1))
        right.legend(fontsize=8)
    left.set_title(_("Scores by seat"))
    left.set_ylabel(_("final score"))
    right.set_title(_("Score distribution"))
    right.set_xlabel(_("final score"))
    right.set_ylabel(_("seat-games"))
    for axes in (left, right):
        axes.grid(alpha=0.3)
    return _png(figure, _("{first}; {second}").format(first=_("Scores by seat"), second=_("Score distribution")))


def length_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    values = data["length"]["values"]
    figure, axes = plt.subplots(figsize=(7, 3.4))
    axes.hist(values, bins=_int_bins(values), color="#6aa84f")
    axes.axvline(
        data["length"]["mean"],
        color="#333",
        linestyle="--",
        label=_("mean {mean}").format(mean=fixed(data["length"]["mean"], 0)),
    )
    axes.set_xlabel(_("actions per game"))
    axes.set_ylabel(_("games"))
    axes.set_title(_("Game length"))
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    return _png(figure, _("Game length"))


def kinds_plot(data: dict[str, Any]) -> str:
    plt = _plt()
    kinds = data["action_kinds"]
    figure, axes = plt.subplots(figsize=(9, 0.8 + 0.38 * max(1, len(kinds))))
    names = [kind_label(data["game"], k["kind"]) for k in kinds][::-1]
    ys = list(range(len(names)))
    winners = [k["per_winner"] or 0 for k in kinds][::-1]
    others = [k["per_other"] or 0 for k in kinds][::-1]
    axes.barh([y + 0.2 for y in ys], winners, height=0.4, label=_("winners"), color="#e69138")
    axes.barh([y - 0.2 for y in ys], others, height=0.4, label=_("other seats"), color="#999")
    axes.set_yticks(ys, names)
    axes.set_xlabel(_("uses per seat-game"))
    title = _("Action kinds: how often winners and the others play them")
    axes.set_title(title)
    axes.legend(fontsize=8)
    axes.grid(axis="x", alpha=0.3)
    return _png(figure, title)


def component_plot(game_id: str, category: dict[str, Any], baseline: float) -> str:
    plt = _plt()
    items = sorted(category["items"][:PLOT_COMPONENTS], key=lambda it: it["corr"] if it["corr"] is not None else 0.0)
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(12, 1.0 + 0.3 * max(1, len(items))), sharey=True, gridspec_kw={"width_ratios": [3, 2]}
    )
    ys = list(range(len(items)))
    winners = [it["per_winner"] or 0 for it in items]
    others = [it["per_other"] or 0 for it in items]
    left.barh([y + 0.2 for y in ys], winners, height=0.4, color="#e69138", label=_("winners"))
    left.barh([y - 0.2 for y in ys], others, height=0.4, color="#999", label=_("other seats"))
    labels = [
        f"{component_label(game_id, category['category'], it['name'])[:34]}  "
        f"(r={_r(it['corr'] if it['corr'] is not None else 0.0)})"
        for it in items
    ]
    left.set_yticks(ys, labels, fontsize=8)
    left.set_xlabel(_("uses per seat-game"))
    left.legend(fontsize=8, loc="lower right")
    rates = [100 * it["win_when_used"]["rate"] for it in items]
    lows = [100 * (it["win_when_used"]["rate"] - it["win_when_used"]["ci95"][0]) for it in items]
    highs = [100 * (it["win_when_used"]["ci95"][1] - it["win_when_used"]["rate"]) for it in items]
    right.barh(ys, rates, xerr=[lows, highs], color="#8e7cc3", capsize=2)
    right.axvline(100 * baseline, color="#b00", linestyle="--", label="1/P")
    right.set_xlim(0, 100)
    right.set_xlabel(_("win rate when used (%), 95% CI"))
    right.legend(fontsize=8, loc="lower right")
    for axes in (left, right):
        axes.grid(axis="x", alpha=0.3)
    title = _("{category}: use and winning (sorted by correlation r with winning)").format(
        category=category_label(game_id, category["category"])
    )
    figure.suptitle(title)
    return _png(figure, title)


def _heading(tag: str, text: str) -> str:
    return f"<{tag}>{html.escape(text)}</{tag}>"


def render_html(data: dict[str, Any]) -> str:
    """The whole report as one HTML page, in the language being spoken."""
    e = html.escape
    source = data.get("source", {})
    described = _described(data)
    title = _("{game}: balance report").format(game=_(data["title"]))
    capped = ngettext("{n} game hit the action cap", "{n} games hit the action cap", data["capped"])
    truncated = ngettext("{n} was cut short", "{n} were cut short", data["truncated"])
    lang = language().replace("_", "-")
    parts = [
        f"<!doctype html><html lang='{e(lang)}'><head><meta charset='utf-8'>",
        f"<title>{e(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        "<p class='note'>"
        + e(
            _("{games}, {players}, rules {rules}; source: {source} ({described}).").format(
                games=games_count(data["games"]),
                players=players_count(data["players"]),
                rules=data["rules_version"],
                source=_source_word(source.get("kind", "")),
                described=described,
            )
        )
        + " "
        + e(
            _("{capped}; {truncated}.").format(
                capped=capped.format(n=data["capped"]), truncated=truncated.format(n=data["truncated"])
            )
        )
        + "</p>",
        _heading("h2", _("Seat order")),
        seat_plot(data),
        _table(
            [_("seat"), _("games"), _("wins"), _("win rate [95% CI]"), _("mean score"), _("differs from 1/P?")],
            [
                [s["seat"], s["n"], s["wins"], _ci(s), s["mean_score"], _("yes") if s["differs_from_even"] else _("no")]
                for s in data["seats"]
            ],
        ),
    ]
    if len(data["bots"]) > 1:
        parts += [
            _heading("h3", _("By bot")),
            _table(
                [_("bot"), _("seat-games"), _("wins"), _("win rate [95% CI]")],
                [[b["bot"], b["n"], b["wins"], _ci(b)] for b in data["bots"]],
            ),
        ]
    scores = data["scores"]
    stat_keys = ["n", "mean", "sd", "min", "p25", "median", "p75", "max"]
    stat_head = [
        "",
        pgettext("statistic", "n"),
        _("mean"),
        _("sd"),
        _("min"),
        _("p25"),
        _("median"),
        _("p75"),
        _("max"),
    ]

    def stat_row(label: str, d: dict[str, Any]) -> list[Any]:
        return [label, *(d.get(k, "–") for k in stat_keys)]

    parts += [
        _heading("h2", _("Scores")),
        score_plot(data),
        _table(
            stat_head,
            [stat_row(_seat(i + 1), d) for i, d in enumerate(scores["by_seat"])]
            + [stat_row(_("all seats"), scores["all"]), stat_row(_("winners"), scores["winners"])]
            + [stat_row(_("winning margin"), scores["margin"])],
        ),
    ]
    if scores["categories"]:
        parts += [
            _heading("h3", _("Where the points come from (mean per seat-game)")),
            _table(
                [_("category"), _("all seats"), _("winners")],
                [[category_heading(c["category"]), c["mean"], c["winners_mean"]] for c in scores["categories"]],
            ),
        ]
    parts += [
        _heading("h2", _("Game length")),
        length_plot(data),
        _table(stat_head[1:], [[data["length"].get(k, "–") for k in stat_keys]], left=0),
        _heading("h2", _("Action kinds")),
        "<p class='note'>"
        + _(
            "Per seat-game: how often winners and the other seats played each kind; <i>r</i> = correlation "
            "between a seat-game's uses and its win share; win rate of the seat-games that played it at least "
            "once, and of those that never did."
        )
        + "</p>",
        kinds_plot(data),
        _table(
            [
                _("kind"),
                _("uses"),
                _("share"),
                _("per game"),
                _("winners"),
                _("others"),
                "r",
                _("win rate if used"),
                _("if not used"),
            ],
            [
                [
                    kind_label(data["game"], k["kind"]),
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
        _heading("h2", _("Components")),
        "<p class='note'>"
        + _(
            "Each component a seat used (placed, claimed, bought, visited…): uses per seat-game by winners and "
            "by the other seats, <i>r</i> = the correlation between a seat-game's uses and its win share, and "
            "the win rate of the seat-games that used it against those that did not (<i>lift</i>, given when "
            "both groups have at least 10 seat-games). This is correlation, not cause: leading players may "
            "simply reach some components more often."
        )
        + " "
        + ngettext(
            "Plots show the {n} most used component of each category; the tables have all.",
            "Plots show the {n} most used components of each category; the tables have all.",
            PLOT_COMPONENTS,
        ).format(n=PLOT_COMPONENTS)
        + "</p>",
    ]
    for category in data["components"]:
        parts += [
            _heading("h3", category_label(data["game"], category["category"])),
            component_plot(data["game"], category, data["baseline_win_rate"]),
            "<details><summary>" + e(_("table")) + "</summary>",
            _table(
                [
                    _("component"),
                    _("uses"),
                    _("seat-games"),
                    _("use rate"),
                    _("winners"),
                    _("others"),
                    "r",
                    _("win rate if used"),
                    _("if not"),
                    _("lift"),
                    _("mean score"),
                ],
                [
                    [
                        component_label(data["game"], category["category"], it["name"]),
                        it["uses"],
                        it["used_by"],
                        _pct(it["use_rate"]),
                        it["per_winner"],
                        it["per_other"],
                        _r(it["corr"]),
                        _ci(it["win_when_used"]),
                        _ci(it["win_when_not_used"]),
                        "–" if it["lift"] is None else _("{points} pts").format(points=_signed(100 * it["lift"], 1)),
                        it["mean_score_when_used"],
                    ]
                    for it in category["items"]
                ],
            ),
            "</details>",
        ]
    if not data["components"]:
        parts.append(_heading("p", _("No component uses were recorded for this game.")))
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
