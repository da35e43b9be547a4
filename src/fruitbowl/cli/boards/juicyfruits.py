"""Juicy Fruits in the terminal: the business board, then each island as a 5×5 grid, drawn with Rich.

Fruits are told apart by letter *and* colour (B L P O M), so colour-blind players lose nothing.
On an island a ship shows its demand and points (``3B2L:4``), a collector its fruit in round
brackets (``(L)``), an advanced collector both (``(B/L)``), an ice cream cart ``cart`` in its
colour, other business tokens their id and a large venue its id on all four cells. Empty ponds
are ``~``, other empty spaces ``·``. Cells are named like a chess board from the owner's chair
(files a–e, ranks 1–5 from the owner's edge), as the action texts are. Islands are two to a
row, so four players fit in 100 columns.

With the Mystic Island modules: Mystic Island is drawn as its own 5×5 panel in its printed
orientation (statue tiles ``S7``, plateaus ``▲12``, the base ``⌂``, explorers as seat numbers
``①``–``④`` and Pineapple ``Ⓟ``); boulders on the corners show ``▲4b`` and the tray is a line
under the license track; whale-watching tokens show ``≈X09`` and their whales' beaches are
listed under the island.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fruitbowl.engine import Action
from fruitbowl.engine.wording import counted
from fruitbowl.games.juicyfruits import text as jf_text
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.juice import STEPS_PER_TURN

from . import MenuRow, flowed

FRUIT_LOOK = {
    "banana": ("B", "bold yellow"),
    "lime": ("L", "bold green"),
    "pomegranate": ("P", "bold red"),
    "orange": ("O", "bold dark_orange"),
    "mangosteen": ("M", "bold magenta"),
}
KIND_STYLE = {
    "yellow": "bold yellow",
    "green": "bold green",
    "red": "bold red",
    "orange": "bold dark_orange",
    "purple": "bold magenta",
    "milkshake": "bold white",
}
CELL_WIDTH = 7
#: An island or Mystic Island panel: rank column + 5 cells + borders; two fit side by side in 80.
PANEL_WIDTH = 2 + 5 * CELL_WIDTH + 2
ROW_WIDTH = 2 * PANEL_WIDTH + 1
SEAT_MARKS = "①②③④"
#: Statue effects in a few words, for the tiles still on Mystic Island.
STATUE_SHORT = {
    "points": "{v} pts",
    "per_supplied_ship": "{v}/ship supplied",
    "choose_supplied_ship": "a ship's pts",
    "per_two_fruits": "{v}/2 fruits",
    "choose_fruit_type": "{v}/fruit of a type",
    "per_business_token": "{v}/token",
    "per_star": "{v}/star",
    "per_statue": "{v}/statue",
    "per_boulder_removed": "{v}/boulder gone",
}


def _rules_text() -> str:
    """The help summary, its numbers read from the game's data (so a corrected data.toml shows),
    wrapped to fit an 80-column terminal."""
    first = C.tray_space_points + C.tray_first_bonus
    plateaus = "/".join(str(v) for v in sorted(set(C.mystic.plateaus.values())))
    steps = {1: "once", 2: "twice"}.get(STEPS_PER_TURN, f"{STEPS_PER_TURN} times")
    paragraphs = [
        ("", "Juicy Fruits — each turn has two steps (and the juice factory if it is in play):"),
        (
            "  1. ",
            "Slide ONE of your collectors, advanced collectors or ice cream carts straight across free "
            "spaces (any distance, no jumping). A collector gains 1 fruit of its type per space; an "
            "advanced collector d + 1 fruits of its two types; a cart may make one ice cream (its "
            "colour) or milkshake marker per space, scored at once. You must move if anything can move.",
        ),
        (
            "  2. ",
            "Then supply ONE ship on your beaches (pay its fruits, score its points, the space becomes "
            "free), or claim ONE business token from the board (pay the row's fruits, score the row's "
            "points, place it on a free space; a large venue needs a free 2×2 block), or pass.",
        ),
        ("  ", f"Juice factory: pay the next space's fruits to advance and score, at most {steps} a turn."),
        (
            "  ",
            "Each claim moves the license marker toward X. When it reaches X the round is finished, "
            "stalls score, and the most points wins; ties go to the player later in turn order.",
        ),
        (
            "  ",
            "Solo: Pineapple draws a boat after each of your turns and scores its value; on a "
            f"value-{C.solo_claim_value} boat she claims a token. You must end with MORE points than she has.",
        ),
        ("", "Mystic Island modules (option modules=mystic_island,boulders,new_business):"),
        (
            "  1. ",
            "After a collector or advanced collector moves you may 'explore' instead of 'collect': your "
            "explorer copies the move on Mystic Island seen from your edge; a statue it lands on scores "
            f"at once; a plateau scores {plateaus} at the end.",
        ),
        (
            "  2. ",
            "Boulders block your corners until their condition holds; they clear by themselves "
            f"({counted(first, 'point')} for the first of a number, {C.tray_later_points} after).",
        ),
        (
            "  3. ",
            "New tokens: guesthouses (ponds only), restaurant, harbor tour, milkshake stand, offices, whale watching.",
        ),
        (
            "",
            "Cells: files a–e (west to east), ranks 1–5 from your edge. Claim a token by id or by name, "
            "in any case: 'claim T13', 'claim harbor office'. Other texts: 'move b2-b4', 'supply c5', "
            "'place c3', 'place a5-b4', 'take 2 banana + 1 lime', 'make nothing', "
            "'make 2 ice cream + 0 milkshake', 'bonus lime', 'pass', 'juice', 'stop', 'collect', "
            "'explore', 'statue lime', 'statue ship S41', 'boulder 4b', 'leave out banana', 'whale N', "
            "'watch X09 c4'.",
        ),
    ]
    lines = [
        textwrap.fill(
            words,
            width=78,
            initial_indent=lead,
            subsequent_indent=" " * len(lead),
            break_on_hyphens=False,
            break_long_words=False,
        )
        for lead, words in paragraphs
    ]
    return "\n".join(lines)


RULES = _rules_text()


def fruit_letter(name: str, count: int | None = None) -> Text:
    letter, style = FRUIT_LOOK[name]
    return Text(f"{count}{letter}" if count is not None else letter, style=style)


def piece_text(piece: dict[str, Any] | None, kind: str) -> Text:
    """One island cell, ``CELL_WIDTH`` columns wide."""
    if piece is None:
        return Text("~" if kind == "pond" else "·", style="blue" if kind == "pond" else "dim")
    out = Text()
    if piece["type"] == "ship":
        for name, count in piece["demand"].items():
            out.append_text(fruit_letter(name, count))
        out.append(f":{piece['points']}", style="dim")
    elif piece["type"] == "collector":
        out.append("(")
        out.append_text(fruit_letter(piece["fruit"]))
        out.append(")")
    elif piece["type"] == "venue":
        out.append(piece["id"], style="bold cyan")
    elif piece["type"] == "boulder":
        out.append(f"▲{piece['id']}", style="bold grey62")
    elif piece["category"] == "whale_watching":
        out.append(f"≈{piece['id']}", style="bold blue")
    elif piece["category"] == "advanced_collector":
        a, b = piece["fruits"]
        out.append("(")
        out.append_text(fruit_letter(a))
        out.append("/")
        out.append_text(fruit_letter(b))
        out.append(")")
    elif piece["category"] == "ice_cream_cart":
        out.append("cart", style=KIND_STYLE[piece["kind"]])
    else:
        out.append(piece["id"], style="bold cyan" if piece["category"] == "small_venue" else "bold white")
    return out


def _token_short(token: dict[str, Any] | None) -> Text:
    if token is None:
        return Text("—", style="dim")
    out = Text(f"{token['id']} ", style="bold")
    category = token["category"]
    if category == "advanced_collector":
        a, b = token["fruits"]
        out.append_text(fruit_letter(a))
        out.append("/")
        out.append_text(fruit_letter(b))
        out.append(" collector")
    elif category == "ice_cream_cart":
        out.append(f"{token['kind']} cart", style=KIND_STYLE[token["kind"]])
    elif category == "stall":
        out.append(token["name"], style="white")
        out.append(" ✦", style="dim")
    elif category == "whale_watching":  # its printed name repeats the id: "Whale watching X10"
        out.append(token["name"].removesuffix(f" {token['id']}"), style="bold blue")
    elif category == "admin":
        out.append(token["name"], style="bold blue")
    else:
        out.append(token["name"], style="cyan")
        out.append(f" +{token['points']}", style="yellow")
    return out


def _cost(cost: dict[str, int]) -> Text:
    """``BLPO2M``: a letter per fruit type, its count only when more than one."""
    out = Text()
    for name, count in cost.items():
        out.append_text(fruit_letter(name) if count == 1 else fruit_letter(name, count))
    return out


class JuicyFruitsAdapter:
    """The terminal picture of a Juicy Fruits view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    rules = RULES
    commands: tuple[str, ...] = (
        "move b4-c4",
        "collect",
        "explore",
        "supply c1",
        "claim T17",
        "claim harbor office",
        "place d4",
        "pass",
    )

    def status(self, view: dict[str, Any], names: Sequence[str]) -> str:
        return jf_text.prompt(view, names)

    def action_label(self, view: dict[str, Any], action: Action) -> str:
        return jf_text.action_label(view, action)

    def menu(self, view: dict[str, Any], legal: Sequence[Action]) -> list[MenuRow]:
        """Slides grouped per token and direction, placements per rank: a short menu."""
        rows: list[MenuRow] = []
        groups: dict[tuple[str, Any], list[int]] = {}
        for index, action in enumerate(legal):
            f = action.fields
            if action.kind == "move":
                key: tuple[str, Any] = ("move", (f["from"], f["direction"]))
            elif action.kind == "place":
                key = ("place", f["cell"] // 5)
            elif action.kind == "place_block":
                key = ("block", f["cell"] // 5)
            else:
                rows.append(([index], self.action_label(view, action)))
                continue
            if key not in groups:
                groups[key] = []
                rows.append((groups[key], f"#{key}"))
            groups[key].append(index)
        out: list[MenuRow] = []
        for indices, label in rows:
            if label.startswith("#"):
                label = self._group_label(view, [legal[i] for i in indices])
            out.append((indices, label))
        return out

    def _group_label(self, view: dict[str, Any], actions: Sequence[Action]) -> str:
        first = actions[0]
        if len(actions) == 1:
            return self.action_label(view, first)
        if first.kind == "move":
            seat = view["current_player"]
            piece = view["players"][seat]["grid"][first.fields["from"]]
            what = f"{piece['fruit']} collector" if piece["type"] == "collector" else piece["name"]
            gain = " (+1 per space)" if piece["type"] == "collector" else ""
            return f"Slide the {what} {first.fields['direction']}{gain}"
        token = view["pending"].get("token") or {"name": "token"}
        return f"Place the {token['name']} here"

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        """80 columns wide: the business board; your island (or, for a spectator, the acting
        player's) in full beside Mystic Island or another island; one line for every other player."""
        players = view["players"]
        focus = view["viewer"] if view["viewer"] is not None else max(view["current_player"], 0)
        parts: list[RenderableType] = [self._business(view, labels)]
        shown = [focus]
        right: RenderableType | None = None
        if view.get("mystic"):
            right = self._mystic(view, labels)
        elif len(players) > 1:
            acting = view["current_player"]
            other = acting if acting >= 0 and acting != focus else (focus + 1) % len(players)
            shown.append(other)
            right = self._island(view, players[other], labels)
        row = Table.grid(padding=(0, 1))
        row.add_row(self._island(view, players[focus], labels), *([right] if right is not None else []))
        parts.append(row)
        for player in players:
            if player["seat"] not in shown:
                parts.append(self._summary(view, player, labels))
        legend = Text(no_wrap=False)
        for name, (letter, style) in FRUIT_LOOK.items():
            legend.append(letter, style=style)
            legend.append(f" {name}  ", style="dim")
        legend.append("\n3B2L:4 ship (demand:points)  (L) collector  ~ pond  ✦ stall", style="dim")
        if view.get("boulders") or view.get("new_business"):
            legend.append("  ▲ boulder  ≈ whale watching", style="dim")
        parts.append(legend)
        return Group(*parts)

    # ------------------------------------------------------------------ parts

    def _business(self, view: dict[str, Any], labels: Sequence[str]) -> Panel:
        """Rows with their cost and points, then the tokens waiting; names wrap, never cut."""
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="bold", no_wrap=True)
        grid.add_column(no_wrap=True)
        grid.add_column(justify="right", style="yellow", no_wrap=True)
        used = view["business_board"]["columns_in_play"]
        for _ in range(used):
            grid.add_column(ratio=1, overflow="fold")
        for row in view["business_board"]["rows"]:
            cells = [_token_short(t) for t in row["spaces"][:used]]
            grid.add_row(str(row["row"]), _cost(row["cost"]), f"+{row['points']}", *cells)
        lines: list[RenderableType] = [grid]
        lic = view["license"]
        track = Text("License ")
        track.append("■" * (lic["start"] - lic["left"]), style="bold")
        track.append("□" * lic["left"], style="dim")
        track.append(" X", style="bold red")
        track.append(f"  {counted(lic['left'], 'claim')} to X", style="bold" if lic["left"] else "bold red")
        if view["end_triggered"] and view["phase"] != "over":
            track.append("  · last round!", style="bold red")
        lines.append(track)
        ice = Text("Ice")
        for pool in view["ice_cream"]["pools"]:
            taken = len(pool["values"]) - pool["left"]
            name = "shake" if pool["kind"] == "milkshake" else pool["kind"]
            ice.append(f" {name} ", style=KIND_STYLE[pool["kind"]])
            ice.append("/".join(str(v) for v in pool["values"][taken:]) or "—")
        lines.append(ice)
        if view["juice_factory"]:
            jf = Text("Juice ")
            for space in view["juice_factory"]["spaces"]:
                jf.append(f"J{space['space']}:")
                for name, count in space["cost"].items():
                    jf.append_text(fruit_letter(name) if count == 1 else fruit_letter(name, count))
                jf.append(f"+{space['points']} ", style="yellow")
            lines.append(jf)
        if view.get("boulders"):
            info = view["boulders"]
            tray = Text("Boulder tray ")
            for space in info["tray"]:
                tray.append(f"{space['id']}", style="bold grey62")
                tray.append(f"×{space['count']} ", style="dim")
            tray.append(f" first of a number +{info['first_points']}, later +{info['later_points']}", style="dim")
            lines.append(tray)
            conditions = [Text("Clear ▲ when:", style="dim")]
            for tile in info["tiles"]:
                condition = Text(f"{tile['id']} ", style="bold grey62")
                condition.append(tile["text"], style="dim")
                conditions.append(condition)
            lines.append(flowed(conditions, ROW_WIDTH - 4))
        if view["solo"]:
            solo = view["solo"]
            pine = Text("Pineapple ", style="bold yellow")
            pine.append(f"{solo['pineapple_score']} pts", style="bold")
            pine.append(f" (boats {solo['breakdown']['boats']}, claims {solo['breakdown']['claims']})")
            pine.append(f"  bag {solo['bag_size']}  board {solo['board']}")
            if solo["drawn"]:
                last = solo["drawn"][-1]
                pine.append(f"  last boat {last['id']} V{last['value']} W{last['wait']}", style="dim")
            lines.append(pine)
        title = f"Business board · round {view['round']}"
        return Panel(Group(*lines), title=title, title_align="left", padding=(0, 1), width=ROW_WIDTH)

    def _mystic(self, view: dict[str, Any], labels: Sequence[str]) -> Panel:
        """Mystic Island in its printed orientation, with each seat's edge and the statues on show."""
        board = view["mystic"]
        here: dict[int, list[str]] = {}
        for explorer in board["explorers"]:
            seat = explorer["seat"]
            here.setdefault(explorer["cell"], []).append("Ⓟ" if seat == "pineapple" else SEAT_MARKS[seat])
        grid = Table.grid(padding=(0, 0))
        grid.add_column(width=2, style="dim")
        for _ in range(5):
            grid.add_column(width=CELL_WIDTH, justify="center", no_wrap=True)
        for row in range(5):
            cells = []
            for col in range(5):
                cell = board["cells"][row * 5 + col]
                text = Text()
                if cell["statue"]:
                    text.append(f"S{cell['statue']}", style="bold yellow")
                elif cell["kind"] == "plateau":
                    text.append(f"▲{cell['plateau']}", style="bold green")
                elif cell["kind"] == "base":
                    text.append("⌂", style="bold")
                elif cell["kind"] == "compass" and board["side"] == "compass":
                    text.append("✧", style="bold cyan")
                else:
                    text.append("·", style="dim")
                marks = "".join(here.get(cell["cell"], []))
                if marks:
                    text.append(("" if len(text) + len(marks) >= CELL_WIDTH else " ") + marks, style="bold magenta")
                cells.append(text)
            grid.add_row(str(5 - row), *cells)
        grid.add_row("", *(Text(f, style="dim") for f in "abcde"))
        edges = Text("Edges ")
        for seat, edge in enumerate(board["edges"]):
            edges.append(f"{SEAT_MARKS[seat]}{edge} ")
        on_show = sorted(c["statue"] for c in board["cells"] if c["statue"])
        tiles = []
        for tile in board["tiles"]:
            if tile["tile"] in on_show:
                entry = Text(f"S{tile['tile']}", style="bold yellow")
                entry.append(f" {STATUE_SHORT[tile['effect']].format(v=tile['value'])}", style="dim")
                tiles.append(entry)
        return Panel(
            Group(grid, edges, flowed(tiles, PANEL_WIDTH - 2)),
            title="Mystic Island",
            title_align="left",
            width=PANEL_WIDTH,
            padding=(0, 0),
            border_style="dim",
        )

    def _island(self, view: dict[str, Any], player: dict[str, Any], labels: Sequence[str]) -> Panel:
        seat = player["seat"]
        cells = view["island"]["cells"]
        grid = Table.grid(padding=(0, 0))
        grid.add_column(width=2, style="dim")
        for _ in range(5):
            grid.add_column(width=CELL_WIDTH, justify="center", no_wrap=True)
        for row in range(5):
            rank = str(5 - row)
            grid.add_row(rank, *(piece_text(player["grid"][row * 5 + c], cells[row * 5 + c]["kind"]) for c in range(5)))
        grid.add_row("", *(Text(f, style="dim") for f in "abcde"))
        lines: list[RenderableType] = [grid, _reserve(player), *self._holdings(view, player)]
        acting = view["current_player"] == seat
        title = Text("▶ " if acting else "", style="bold yellow")
        title.append(f"{SEAT_MARKS[seat]} {labels[seat]}", style="bold" if acting else "")
        mine = view["viewer"] == seat
        return Panel(
            Group(*lines),
            title=title,
            title_align="left",
            subtitle=f"{player['score']} pts",
            subtitle_align="right",
            width=PANEL_WIDTH,
            padding=(0, 0),
            border_style="bold cyan" if mine else ("yellow" if acting else "dim"),
        )

    def _holdings(self, view: dict[str, Any], player: dict[str, Any]) -> list[Text]:
        """Ships, stars, markers, juice and tokens; then the modules' whales, offices and statues."""
        seat = player["seat"]
        out = Text(f"Ships {len(player['supplied'])}  ★{player['stars']}")
        markers = sum(player["markers"].values())
        if markers:
            out.append(f"  {counted(markers, 'marker')}")
        if view["juice_factory"]:
            out.append(f"  J{player['juice']}")
        out.append("  Tokens " + (" ".join(player["tokens"]) or "—"), style="dim")
        extras = Text()
        extra = view.get("new_business")
        if extra:
            for whale in extra["whales"]:
                if whale["owner"] == seat and whale["beach"]:
                    extras.append(f"whale {whale['token']} at {whale['beach']}", style="bold blue")
                    extras.append("  ")
            for name, active in extra["offices"][seat].items():
                extras.append(f"{name.replace('_', ' ')}{'' if active else ' (next turn)'}", style="cyan")
                extras.append("  ")
        mystic = view.get("mystic")
        if mystic and mystic["collected"][seat]:
            extras.append("statues " + " ".join(str(t) for t in mystic["collected"][seat]), style="yellow")
        extras.rstrip()
        return [out, extras] if extras.plain else [out]

    def _summary(self, view: dict[str, Any], player: dict[str, Any], labels: Sequence[str]) -> Text:
        """One line (two at most) for a player whose island is not drawn."""
        seat = player["seat"]
        acting = view["current_player"] == seat
        out = Text("▶ " if acting else "  ", style="bold yellow")
        out.append(f"{SEAT_MARKS[seat]} {labels[seat]} {player['score']} pts ", style="bold" if acting else "")
        out.append_text(_reserve(player, ""))
        for part in self._holdings(view, player):
            out.append_text(part)
            out.append("  ")
        out.rstrip()
        boulders = [p["id"] for p in player["grid"] if p and p["type"] == "boulder"]
        if boulders:
            out.append("  " + " ".join(f"▲{b}" for b in boulders), style="grey62")
        return out


def _reserve(player: dict[str, Any], label: str = "Fruit ") -> Text:
    out = Text(label)
    for name, count in player["reserve"].items():
        out.append_text(fruit_letter(name, count))
        out.append(" ")
    return out
