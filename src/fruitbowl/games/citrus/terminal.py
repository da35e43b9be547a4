"""Citrus in the terminal: the board grid with coordinates, the market, and one line per player.

Each space is two characters and a space, so marks never run together. A plantation shows its
type letter (coloured: Y lemon, O orange, R blood orange, G lime, P grapefruit; upper-case with a
well, lower-case without) and its owner's seat number (``-`` when neutral); the tile carrying
the region's worker shows the seat number reversed. A building site shows its letter and a
mark: ``■`` a Finca (``□`` once scored), ``○`` an open site, ``·`` a site not opened yet. Rocks
``#``, empty road spaces ``+``, other empty spaces ``.``; landscape tiles ``h3`` (3 wild horses),
``$2`` (Money worth 2), ``Ca`` (Cart), ``Bu`` (Bull), ``Br`` (Bridge), ``Mi`` (Milestone). The
legend under the board explains every mark. Status line and action labels come from the game's
own ``text`` module. The picture fits 80 columns and about 20 lines for every board and player
count, so the menu follows it on a 24-line screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fruitbowl.cli.boards import Fitting, Label, MenuRow, MenuSummary, packed
from fruitbowl.engine import Action
from fruitbowl.engine.wording import _, ngettext

from . import text as citrus_text
from .components import COMPONENTS as C
from .text import coins, points

#: Letter and colour of each plantation type, by the game's short type names.
TYPE_LOOK = {
    "lemon": ("Y", "bold yellow"),
    "orange": ("O", "bold dark_orange"),
    "blood": ("R", "bold red"),
    "lime": ("G", "bold green"),
    "grapefruit": ("P", "bold hot_pink"),
}
LAND_LOOK = {"horses": "h", "money": "$", "cart": "Ca", "bull": "Bu", "bridge": "Br", "milestone": "Mi"}
SEAT_STYLE = ("bold cyan", "bold magenta", "bold blue", "bold white", "bold bright_green")
#: Menu width the placement rows are packed into (the terminal's 80 columns, less a margin).
MENU_WIDTH = 78
#: Actions that go on "any" space (a Bull, a placement spending a Milestone) named in words on a
#: screen too short for their numbers, when there are at least this many of one kind.
SUMMARY_LEAST = 16
#: Finca, open site and unopened site marks.
FINCA, SCORED, OPEN, CLOSED = "■", "□", "○", "·"


def _rules() -> str:
    """The help summary, in the language being spoken; every number is read from the game's data.toml."""
    tile, unused = points(C.tile_points), points(C.unused_action_points)
    by_workers = "/".join(str(money) for money in C.income[1:])
    paragraphs = [
        _(
            "Citrus. On your turn take ONE main action:\n"
            "  buy a market line (a row R0–R3 or column C0–C3; 1 coin a tile) and build every tile of it, or\n"
            "  harvest one or more of your regions ({tile} a tile, {well} a well tile; each worker comes home,\n"
            "  the region turns neutral), then collect income once ({by_workers} coins for 1–{workers}\n"
            "  workers on your mat). You start with {start} coins and never hold more than {cap}."
        ).format(
            tile=tile,
            well=C.well_points,
            by_workers=by_workers,
            workers=C.workers,
            start=C.start_money,
            cap=C.money_cap,
        ),
        _(
            "Building: next to your own region of the same type (extension), or start a region on a road of a\n"
            "  built Finca (takes a worker). Never touch another player's region of the same type; the roads of\n"
            "  one site carry different types (not in the family version); you may join a neutral region only if\n"
            "  your side is at least as large. Building on a landscape tile or a Bull takes it."
        ),
        _(
            "Action tiles, any time in your turn: cash N (Money), cart N (take market tile N free and build it),\n"
            "  bull C4 (put it on an empty space), Bridge (a rock or a neutral tile) and Milestone (a new region\n"
            "  away from Finca roads) are spent by a placement: 'place lime C4 bridge'."
        ),
        _(
            "When {trigger} or fewer tiles are left in the market, you choose the site of a new Finca; the market\n"
            "  refills after your tiles are built. At the end of a turn a Finca whose neighbours are all filled\n"
            "  (8, or 5 on an edge; plantations, landscape tiles, Bulls, rocks) scores once: the largest total of\n"
            "  adjacent owned regions takes the high value, the second the low (a tie for first: all of them high,\n"
            "  nobody low). A tile you cannot build goes back: −{penalty}."
        ).format(trigger=C.trigger, penalty=points(C.return_penalty)),
        _(
            "Type 'end turn' when done. The game ends when every tile is built; then unenclosed Fincas pay their\n"
            "  low value to the largest, regions with a worker are harvested, wild horses score 1 point each and each"
            " unused\n"
            "  action tile {unused}. Ties share the win."
        ).format(unused=unused),
        escape(_legend().plain),
    ]
    return "\n".join(paragraphs) + "\n"


def type_text(type_name: str, well: bool = False) -> Text:
    """A tile's letter as the board shows it: upper-case with a well, lower-case without."""
    letter, style = TYPE_LOOK.get(type_name, ("?", "bold"))
    return Text(letter if well else letter.lower(), style=style)


class CitrusAdapter:
    """The terminal picture of a Citrus view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    @property
    def rules(self) -> str:
        """The rules summary of ``help``, in the language being spoken."""
        return _rules()

    commands: tuple[str, ...] = (
        "buy C2",
        "place lemon well E3",
        "place lime C4 bridge",
        "site H",
        "harvest L4",
        "collect income",
        "cash 2",
        "cart 1",
        "bull B1",
        "end turn",
    )

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        """Every action under its number, in ascending order. A run of placements of the same tile
        (each text says whether it spends a Bridge or a Milestone) or of Bull spaces is packed
        several to a row under the words they share ("place lime:", then each number with its
        space), so that a tile's 16 spaces take two lines, not eight; every other action has a row
        of its own with its label."""
        rows: list[MenuRow] = []
        for _key, run in groupby(range(len(legal)), key=lambda index: _pack_key(legal[index])):
            indices = list(run)
            if len(indices) == 1 or _pack_key(legal[indices[0]]) is None:
                rows += [MenuRow([index], _label(view, legal[index], label)) for index in indices]
                continue
            rows += packed(indices, _shared_words([legal[index].text for index in indices]), legal, MENU_WIDTH)
        return rows

    def summaries(self, view: dict[str, Any], legal: Sequence[Action]) -> list[MenuSummary]:
        """The Bull's spaces, and the spaces a tile may start a region on by spending a
        Milestone (nearly any space), where there are many: a screen too short for their
        numbers lists them row by row in the board's words, for the player to type one. Tiles
        that may each spend a Milestone share one summary: the spaces open to all of them, then
        each tile's others (two tiles' lists, each of nearly every space, took eight rows)."""
        runs: dict[tuple[Any, ...], list[int]] = {}
        for index, action in enumerate(legal):
            if action.kind == "bull":
                runs.setdefault(("bull",), []).append(index)
            elif action.kind == "place" and action.fields["milestone"]:
                runs.setdefault(("place", action.fields["bridge"], action.fields["tile"]), []).append(index)
        shared: dict[tuple[Any, ...], list[list[int]]] = {}  # (per kind and Bridge: the tiles' runs)
        for key, indices in runs.items():
            if len(indices) >= SUMMARY_LEAST:
                shared.setdefault(key[:2], []).append(indices)
        return [_summary(view, legal, group) for group in shared.values()]

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        top = Table.grid(padding=(0, 1))
        top.add_column(no_wrap=True, min_width=3 * (len(view["board"]["columns"]) + 1))
        top.add_column()
        top.add_row(_grid(view), Group(_market(view), _table_info(view)))
        fincas = _fincas(view)
        sites = [fincas] if fincas else []
        board = Group(top, *sites, _players(view, labels))
        # on a short screen without the key (``help`` explains the letters and marks), then with
        # only the line of the player deciding (a long placement menu: the grid comes first), and
        # where even that leaves the menu too little room, without the Fincas' values (the grid
        # still shows where each Finca stands)
        deciding = view["viewer"] if view["viewer"] is not None else view["current_player"]
        mine = _players(view, labels, [deciding])
        return Fitting(Group(board, _legend()), board, Group(top, *sites, mine), last_resort=Group(top, mine))


def _summary(view: dict[str, Any], legal: Sequence[Action], runs: list[list[int]]) -> MenuSummary:
    """One summary of runs of actions that differ only in their space (``runs``: one per tile):
    the spaces every run has, then each run's others under its tile's name."""
    texts = [[legal[index].text for index in indices] for indices in runs]
    spaces = [{legal[index].fields["space"] for index in indices} for indices in runs]
    everyone = set.intersection(*spaces)
    heads = [_head(run) for run in texts]
    if len(runs) == 1:
        head, targets = heads[0], _spaces(view, everyone)
    else:
        verb, _dash, rest = heads[0].partition(" ")
        tiles = [head.split(" … ")[0].partition(" ")[2] for head in heads]  # (lime well, of place lime well …)
        named = _("{some} or {last}").format(some=", ".join(tiles[:-1]), last=tiles[-1])
        head = f"{verb} {named} … {rest.split(' … ')[1]}"
        others = [
            _("{tile} also: {spaces}").format(tile=tile, spaces=_spaces(view, own - everyone))
            for tile, own in zip(tiles, spaces, strict=True)
            if own - everyone
        ]
        targets = " · ".join([_spaces(view, everyone), *others] if everyone else others)
    return MenuSummary(sorted(index for indices in runs for index in indices), head, targets, texts[0][0])


def _label(view: dict[str, Any], action: Action, label: Label) -> str:
    """The game's label; a purchase only its price and tiles, as the menu shows ``buy R1`` beside it."""
    if action.kind == "buy":
        return citrus_text.line_contents(view, action.fields["line"])
    return label(action)


def _shared_words(texts: Sequence[str]) -> str:
    """The first words every text has (``place grapefruit well`` of ``place grapefruit well E3``
    and ``… M3``), leaving each at least one word of its own."""
    split = [text.split() for text in texts]
    shared: list[str] = []
    for words in zip(*split, strict=False):
        if len(set(words)) > 1 or len(shared) + 1 >= min(len(w) for w in split):
            break
        shared.append(words[0])
    return " ".join(shared)


def _head(texts: Sequence[str]) -> str:
    """What action texts that differ only in their space share, the space left out as "…"
    (``place lime well … milestone``), or only the first words where nothing follows it (``bull``)."""
    split = [text.split() for text in texts]
    first = _shared_words(texts)
    before = len(first.split())
    after = [words[before + 1 :] for words in split]
    rest = " ".join(after[0]) if all(words == after[0] for words in after) else ""
    return f"{first} … {rest}" if rest else first


def _spaces(view: dict[str, Any], spaces: Iterable[int]) -> str:
    """Spaces in the board's words, row by row, three or more neighbours in a row as the first
    and the last (``D1–H1``)."""
    board = view["board"]
    width, names = board["width"], board["labels"]
    words: list[str] = []
    for _row, in_row in groupby(sorted(set(spaces)), key=lambda space: space // width):
        for _step, run in groupby(enumerate(in_row), key=lambda pair: pair[1] - pair[0]):
            row = [space for _n, space in run]
            words += [f"{names[row[0]]}–{names[row[-1]]}"] if len(row) >= 3 else [names[space] for space in row]
    return " ".join(words)


def _pack_key(action: Action) -> tuple[Any, ...] | None:
    """What actions packed on one menu row share: the tile a placement puts down, or the Bull;
    None for an action that has a row of its own."""
    if action.kind == "place":
        return ("place", action.fields["tile"])
    if action.kind == "bull":
        return ("bull",)
    return None


def _cell(view: dict[str, Any], s: int) -> Text:
    """Two characters for space ``s`` and a separating blank."""
    board = view["board"]
    tile = board["tile"][s]
    if tile is not None:
        out = type_text(view["types"][tile[0]], bool(tile[1]))
        owner = board["owner"][s]
        if owner is None or owner < 0:
            out.append("-", style="dim")
        else:
            seat_style = SEAT_STYLE[owner % len(SEAT_STYLE)]
            out.append(str(owner + 1), style=seat_style + (" reverse" if board["worker"][s] else ""))
        return out + Text(" ")
    if board["type"][s] == "site":
        site = next(x for x in view["sites"] if x["space"] == board["labels"][s])
        if site["finca"]:
            scored = site["finca"]["scored"]
            return Text(site["letter"] + (SCORED if scored else FINCA), style="dim" if scored else "bold") + " "
        if site["state"] == "open":
            return Text(site["letter"] + OPEN, style="bold") + " "
        return Text(site["letter"] + CLOSED, style="dim") + " "
    if board["bull"][s]:
        return Text("Bu", style="bold red") + " "
    land = board["landscape"][s]
    if land is not None:
        kind, value = land
        mark = LAND_LOOK[kind] + (str(value) if kind in ("horses", "money") else "")
        return Text(f"{mark:<2}", style="green" if kind == "horses" else "bold green") + " "
    if board["type"][s] == "rock":
        return Text("# ", style="grey50") + " "
    if board["road_of"][s]:
        return Text("+ ", style="dim") + " "
    return Text(". ", style="grey30") + " "


def _grid(view: dict[str, Any]) -> Text:
    """Column letters over the rows of cells, each row led by its number; one Text, as every
    cell is three characters wide (much faster to draw than a table of cells)."""
    board = view["board"]
    grid = Text(no_wrap=True)
    grid.append("   " + "".join(f"{c:<3}" for c in board["columns"]), style="dim")
    width = board["width"]
    for y, row_number in enumerate(board["rows"]):
        grid.append(f"\n{row_number:>2} ", style="dim")
        for x in range(width):
            grid.append_text(_cell(view, y * width + x))
    return grid


def _market(view: dict[str, Any]) -> Panel:
    """The 12 market spaces by number (``5R``: space 5, a blood orange with a well) and how many
    tiles each line holds (``R2:3``)."""
    grid = Table.grid(padding=(0, 1))
    for _column in range(5):
        grid.add_column(min_width=4)
    cells: dict[tuple[int, int], Text] = {}
    for space in view["market"]["spaces"]:
        tile = space["tile"]
        cell = Text(f"{space['number']:>2}", style="dim")
        cell.append_text(type_text(tile["type"], tile["well"]) if tile else Text("·", style="dim"))
        cells[(space["row"], space["col"])] = cell
    rows = view["market"]["lines"]
    for r in range(4):
        counts = Text(f"R{r}:{rows[r]['tiles']}", style="dim")
        grid.add_row(*(cells.get((r, c), Text("")) for c in range(4)), counts)
    grid.add_row(*(Text(f"C{c}:{rows[4 + c]['tiles']}", style="dim") for c in range(4)), Text(""))
    return Panel(grid, title=_("Market"), title_align="left", padding=(0, 1), width=30)


def _table_info(view: dict[str, Any]) -> Text:
    out = Text(
        _("Bag {bag} · Fincas left {fincas}").format(bag=view["bag"]["size"], fincas=view["finca_stack"]["size"]) + "\n"
    )
    out.append(_("Open sites {sites}").format(sites=" ".join(view["open_sites"]) or "—") + "\n")
    if view["waiting"]:
        out.append(_("To build: "), style="bold")
        for w in view["waiting"]:
            out.append(f"{w['count']}×" if w["count"] > 1 else "")
            out.append_text(type_text(w["type"], w["well"]))
            out.append(" ")
        out.append("\n")
    out.rstrip()
    return out


def _fincas(view: dict[str, Any]) -> Text | None:
    """The unscored Fincas' values and how many of their neighbours are filled, in lines of at
    most 80 characters under the board (beside it they made the picture taller than 24 lines)."""
    unscored = [
        f"{s['letter']} {s['finca']['high']}/{s['finca']['low']} {s['filled']}/{s['neighbours']}"
        for s in view["sites"]
        if s["finca"] and not s["finca"]["scored"]
    ]
    if not unscored or view["phase"] == "over":
        return None
    lines = [_("Fincas high/low, neighbours filled/all: {finca}").format(finca=unscored[0])]
    for entry in unscored[1:]:
        if cell_len(lines[-1]) + len(" · ") + len(entry) > 80:
            lines.append(entry)
        else:
            lines[-1] += f" · {entry}"
    return Text("\n".join(lines), style="dim", no_wrap=True)


def _players(view: dict[str, Any], labels: Sequence[str], seats: Sequence[int] | None = None) -> Table:
    """One line per player (of ``seats``, if given): coins, workers on the mat (income), points,
    held tiles, horses."""
    table = Table.grid(padding=(0, 1))
    for _column in range(6):
        table.add_column(no_wrap=True)
    for player in view["players"]:
        if seats is not None and player["seat"] not in seats:
            continue
        seat = player["seat"]
        acting = view["current_player"] == seat
        name = Text("▶ " if acting else "  ", style="bold yellow")
        name.append(f"{seat + 1} {labels[seat]}"[:22], style=SEAT_STYLE[seat % len(SEAT_STYLE)])
        if view["viewer"] == seat:
            name.stylize("underline", 2)
        held = " ".join(_held_mark(h) for h in player["held"])
        table.add_row(
            name,
            Text(coins(player["money"]), style="bold yellow"),
            Text(_workers(player["workers"], player["income"])),
            Text(_pts(player["score"]), style="bold"),
            Text(_horses(sum(player["horses"])), style="green"),
            Text(_("tiles: {held}").format(held=held or "—"), style="bold green" if held else "dim"),
        )
    return table


def _workers(n: int, income: int) -> str:
    return ngettext("{n} worker (+{income})", "{n} workers (+{income})", n).format(n=n, income=income)


def _pts(n: int) -> str:
    """Points, short, on a player's line."""
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def _horses(n: int) -> str:
    return ngettext("{n} horse", "{n} horses", n).format(n=n)


def _held_mark(held: dict[str, Any]) -> str:
    return LAND_LOOK[held["kind"]] + (str(held["value"]) if held["kind"] in ("horses", "money") else "")


def _legend() -> Text:
    """Every mark the board shows, in lines of at most 80 characters (also the end of ``help``,
    for a screen too short for the board to show it)."""
    out = Text()
    for name, full in zip(C.types, C.type_names, strict=True):
        letter, style = TYPE_LOOK.get(name, ("?", "bold"))
        out.append(letter, style=style)
        out.append(f" {citrus_text.type_word(full)} ", style="dim")
    out.append(_("(Y: well, y: none)") + "\n", style="dim")
    lines = [
        _("Y2 seat 2's (reversed: its worker) · Y- neutral · + road · # rock · . empty"),
        _("A{finca} Finca · A{scored} scored Finca · E{open} open site · E{closed} site not opened yet").format(
            finca=FINCA, scored=SCORED, open=OPEN, closed=CLOSED
        ),
        _("h3 3 horses · $2 Money · Ca Cart · Bu Bull · Br Bridge · Mi Milestone"),
    ]
    out.append("\n".join(lines), style="dim")
    return out
