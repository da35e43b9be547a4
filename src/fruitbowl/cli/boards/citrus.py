"""Citrus in the terminal: the board grid with coordinates, the market, and one panel per player.

Each space is three characters. A plantation shows its type letter (coloured: Y lemon,
O orange, R blood orange, G lime, P grapefruit; upper-case and underlined with a well,
lower-case without) and its owner's seat number (``·`` when neutral); the tile carrying the
worker shows the seat number reversed. Fincas show
their letter and high value (``A10``, dim once scored), open building sites ``(E)``, rocks
``#``, empty road spaces ``+``, landscape tiles ``h3`` (horses), ``$2`` (money), ``Ca`` (cart),
``Bu`` (bull), ``Br`` (bridge), ``Mi`` (milestone). Status line and action labels come from the
game's own ``text`` module. The picture fits 100 columns for five players (panels stack).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fruitbowl.engine import Action
from fruitbowl.games.citrus import text as citrus_text

from . import MenuRow

#: Letter and colour of each plantation type, in the order of the game's ``types``.
TYPE_LOOK = {
    "lemon": ("Y", "bold yellow"),
    "orange": ("O", "bold dark_orange"),
    "blood": ("R", "bold red"),
    "lime": ("G", "bold green"),
    "grapefruit": ("P", "bold hot_pink"),
}
LAND_LOOK = {"horses": "h", "money": "$", "cart": "Ca", "bull": "Bu", "bridge": "Br", "milestone": "Mi"}
SEAT_STYLE = ("bold cyan", "bold magenta", "bold blue", "bold white", "bold bright_green")
PANELS_PER_ROW = 3

CITRUS_RULES = """\
Citrus (rules/citrus.md). On your turn take ONE main action:
  buy a market line (a row R0–R3 or column C0–C3; 1 coin a tile) and build every tile of it, or
  harvest one or more of your regions (1 point a tile, 2 a well tile; its worker comes home, the
  region turns neutral), then collect income (2 coins per worker on your mat, at most 12 coins).
Building: next to your own region of the same type (extension), or start a region on a road of a
  built Finca (takes a worker). Never touch another player's region of the same type; the roads of
  one site carry different types (not in the family version); you may join a neutral region only if
  your side is at least as large. Building on a landscape tile takes it.
Action tiles, any time in your turn: cash 2/3 (money), cart N (take market tile N free and build it),
  bull C4 (fill a space), Bridge/Milestone are spent with a placement ('place lime C4 bridge').
When 3 or fewer tiles are left in the market, you choose the site of a new Finca; the market refills
  after your tiles are built. A Finca whose 8 neighbours are filled scores at the end of the turn:
  largest total of adjacent regions takes the high value, second the low (ties: see the docs).
Type 'end turn' when done. The game ends when every tile is built; then unenclosed Fincas pay their
  low value to the largest, owned regions are harvested, horses and unused action tiles score.
"""


def type_text(type_name: str, well: bool = False) -> Text:
    letter, style = TYPE_LOOK.get(type_name, ("?", "bold"))
    out = Text(letter, style=style)
    if well:
        out.append("w", style="cyan")
    return out


class CitrusAdapter:
    """The terminal picture of a Citrus view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    rules = CITRUS_RULES
    commands: tuple[str, ...] = (
        "buy C2",
        "place lemon well E3",
        "site H",
        "harvest L4",
        "collect income",
        "bull B1",
        "cart 1",
        "end turn",
    )

    def status(self, view: dict[str, Any], names: Sequence[str]) -> str:
        return citrus_text.prompt(view, names)

    def action_label(self, view: dict[str, Any], action: Action) -> str:
        return citrus_text.action_label(view, action)

    def menu(self, view: dict[str, Any], legal: Sequence[Action]) -> list[MenuRow]:
        """Placements and Bull spaces grouped by what they put down, two per row; the label lists
        the other spaces (type e.g. ``place lime C4``). Everything else one per row."""
        rows: list[MenuRow] = []
        groups: dict[tuple[Any, ...], list[int]] = {}
        for index, action in enumerate(legal):
            f = action.fields
            if action.kind == "place":
                key: tuple[Any, ...] = ("place", f["tile"], f["bridge"], f["milestone"])
            elif action.kind == "bull":
                key = ("bull",)
            else:
                rows.append(([index], self.action_label(view, action)))
                continue
            groups.setdefault(key, []).append(index)
        labels = view["board"]["labels"]
        for indices in groups.values():
            first = legal[indices[0]]
            what = first.text.rsplit(" ", 1)[0] if first.kind == "bull" else _place_prefix(first)
            if len(indices) <= 2:
                rows.append((indices, self.action_label(view, first) if len(indices) == 1 else ""))
                continue
            others = " ".join(labels[legal[i].fields["space"]] for i in indices[2:])
            rows.append((indices[:2], f"or type '{what} …': {others}"))
        return rows

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        top = Table.grid(padding=(0, 1))
        top.add_row(_grid(view), Group(_market(view), _table_info(view)))
        players = [_player(view, p, labels) for p in view["players"]]
        rows = Table.grid(padding=(0, 1))
        for start in range(0, len(players), PANELS_PER_ROW):
            rows.add_row(*players[start : start + PANELS_PER_ROW])
        return Group(top, rows, _legend())


def _place_prefix(action: Action) -> str:
    text = action.text
    f = action.fields
    suffix = (" bridge" if f["bridge"] else "") + (" milestone" if f["milestone"] else "")
    words = text[: len(text) - len(suffix)].split(" ")
    return " ".join(words[:-1])


def _cell(view: dict[str, Any], s: int) -> Text:
    board = view["board"]
    space_type = board["type"][s]
    tile = board["tile"][s]
    if tile is not None:
        letter, style = TYPE_LOOK.get(view["types"][tile[0]], ("?", "bold"))
        out = Text(letter if tile[1] else letter.lower(), style=style + (" underline" if tile[1] else ""))
        owner = board["owner"][s]
        if owner is None or owner < 0:
            out.append("·", style="dim")
        else:
            seat_style = SEAT_STYLE[owner % len(SEAT_STYLE)]
            out.append(str(owner + 1), style=seat_style + (" reverse" if board["worker"][s] else ""))
        out.append(" ")
        return out
    if space_type == "site":
        letter = board["labels"][s]
        site = next(x for x in view["sites"] if x["space"] == letter)
        if site["finca"]:
            style = "dim" if site["finca"]["scored"] else "bold black on bright_white"
            return Text(f"{site['letter']}{site['finca']['high']:>2}", style=style)
        if site["state"] == "open":
            return Text(f"({site['letter']})", style="bold")
        return Text(f" {site['letter'].lower()} ", style="dim")
    land = board["landscape"][s]
    if land is not None:
        kind, value = land
        mark = LAND_LOOK[kind] + (str(value) if kind in ("horses", "money") else "")
        return Text(f"{mark:^3}", style="green" if kind == "horses" else "bold green")
    if board["bull"][s]:
        return Text("Bu ", style="bold red")
    if space_type == "rock":
        return Text(" # ", style="grey50")
    if board["road_of"][s]:
        return Text(" + ", style="dim")
    return Text(" . ", style="grey30")


def _grid(view: dict[str, Any]) -> Table:
    board = view["board"]
    grid = Table.grid(padding=(0, 0))
    grid.add_column(justify="right", style="dim", min_width=3)
    for _ in board["columns"]:
        grid.add_column(min_width=3)
    grid.add_row("", *(Text(f" {c} ", style="dim") for c in board["columns"]))
    width = board["width"]
    for y, row_number in enumerate(board["rows"]):
        grid.add_row(f"{row_number} ", *(_cell(view, y * width + x) for x in range(width)))
    return grid


def _market(view: dict[str, Any]) -> Panel:
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column(min_width=3)
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
    return Panel(grid, title="Market", title_align="left", padding=(0, 1), width=34)


def _table_info(view: dict[str, Any]) -> Text:
    out = Text(f"Bag {view['bag']['size']} · Fincas left {view['finca_stack']['size']}\n", style="")
    out.append(f"Open sites {' '.join(view['open_sites']) or '—'}\n")
    if view["waiting"]:
        out.append("To build: ", style="bold")
        for w in view["waiting"]:
            out.append(f"{w['count']}×")
            out.append_text(type_text(w["type"], w["well"]))
            out.append(" ")
        out.append("\n")
    enclosing = [
        f"{s['letter']}{s['filled']}/{s['neighbours']}"
        for s in view["sites"]
        if s["finca"] and not s["finca"]["scored"]
    ]
    out.append("Unscored Fincas, neighbours filled:\n" + " ".join(enclosing), style="dim")
    return out


def _player(view: dict[str, Any], player: dict[str, Any], labels: Sequence[str]) -> Panel:
    seat = player["seat"]
    body = Text()
    body.append(f"{player['money']:>2}", style="bold yellow")
    body.append(" coins  ")
    body.append(f"{player['workers']}", style="bold")
    body.append(f" workers (+{player['income']})\n")
    held = ", ".join(f"{h['kind']}{' ' + str(h['value']) if h['kind'] == 'money' else ''}" for h in player["held"])
    body.append(f"Tiles: {held or '—'}\n", style="" if held else "dim")
    horses = sum(player["horses"])
    body.append(f"Horses {horses} · regions {player['regions']}", style="dim")
    acting = view["current_player"] == seat
    title = Text("▶ " if acting else "", style="bold yellow")
    title.append(f"{seat + 1} {labels[seat]}", style=SEAT_STYLE[seat % len(SEAT_STYLE)])
    return Panel(
        body,
        title=title,
        title_align="left",
        subtitle=f"{player['score']} pts",
        subtitle_align="right",
        width=32,
        padding=(0, 1),
        border_style="bold cyan" if view["viewer"] == seat else ("yellow" if acting else "dim"),
    )


def _legend() -> Text:
    out = Text()
    for name, (letter, style) in TYPE_LOOK.items():
        out.append(letter, style=style)
        out.append(f" {name} ", style="dim")
    out.append(
        " G well, g plain · g2 owner 2 (reversed: worker) · A10 Finca · (E) open site · + road · # rock", style="dim"
    )
    return out
