"""Fabled Fruit in the terminal: the display as card stacks, the market, tokens, and the players.

Every stack is a small card showing its number and copies, name, price and who stands there
(the thief is marked ``THIEF``). Fruits are told apart by letter *and* colour (P B S C G,
L for a lime; ``B/S`` is a fruit-mix card), and ``*`` in a price is the smoothie (any fruit).
Your hand is shown in full, the others' as card backs with a count. Fits 100 columns for five
players. Lime games add a line for the lime pile, the coat, gambling tokens and the #11L offer
round, and the players' saved fruits (your own in full, the others' as a count).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fruitbowl.engine import Action
from fruitbowl.games.fabledfruit import text as ff_text
from fruitbowl.games.fabledfruit.components import COMPONENTS as C
from fruitbowl.games.fabledfruit.components import loc_label

from . import MenuRow, one_per_line

LETTER = dict(zip(C.type_names, C.type_codes, strict=True))
STYLE = {
    "P": "bold dark_orange",
    "B": "bold yellow",
    "S": "bold red",
    "C": "bold grey62",
    "G": "bold magenta",
    "L": "bold green3",
}
CARD_WIDTH = 20
SEAT_MARK = "①②③④⑤"

RULES = """\
[bold]Fabled Fruit[/bold] — buy location cards as fabled juices; the first to the target ends the round.
Each turn: [bold]move[/bold] your animal to another stack (you must move). Pay first the thief
(1 fruit into the market), then 1 fruit to each animal already there. Then [bold]act[/bold] (do the
location's action) or [bold]buy[/bold] one of its cards by paying its price: letters are fruits,
* is any fruit; fruit-mix cards count as either fruit, wild tokens as anything, fruit tokens as
their fruit (kept). Buying reveals the next card of the big stack; a new number opens a stack.
Signpost cards: if you cannot meet the requirement you only draw 1 fruit. At the end of your
turn you may return a double turn token held since the turn began for another turn.
Juices needed: 2p 5, 3p 4, 4–5p 3. Ties: most fruits in hand, then shared.
In a campaign ('fruitbowl campaign'), the next game starts with the display this one leaves.
[bold]Lime[/bold] (a Lime campaign): L is a lime, taken from the lime pile; saved fruits (#6L) pay
twice; the camouflage coat (#10L) pays nothing for moving; gambling tokens (#12L) reveal 3 fruits
each when buying ('gamble N', binding); the thief V2.0 (#17L) stands next to two stacks."""


def fruit_text(name: str, count: int = 1) -> Text:
    """``B`` in banana colour (or ``B/S`` for a fruit-mix card), with ``×count`` if more than one."""
    out = Text()
    parts = name.split("/")
    for i, part in enumerate(parts):
        if i:
            out.append("/", style="dim")
        letter = LETTER.get(part, "?")
        out.append(letter, style=STYLE.get(letter, "bold"))
    if count > 1:
        out.append(f"×{count}", style="dim")
    return out


def fruits_text(counts: dict[str, int] | Sequence[str] | None, empty: str = "—") -> Text:
    if not counts:
        return Text(empty, style="dim")
    items = counts.items() if isinstance(counts, dict) else [(name, 1) for name in counts]
    out = Text()
    for name, count in items:
        if out.plain:
            out.append(" ")
        out.append_text(fruit_text(name, count))
    return out


def price_text(price: str) -> Text:
    out = Text()
    for ch in price:
        out.append(ch, style=STYLE.get(ch, "bold cyan"))
    return out


def seat_mark(seat: int) -> str:
    return SEAT_MARK[seat] if seat < len(SEAT_MARK) else str(seat + 1)


class FabledFruitAdapter:
    """The terminal picture of a Fabled Fruit view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    rules = RULES
    commands: tuple[str, ...] = ("move 1", "act", "buy", "pay pineapple", "give banana", "discard grapes", "stop")

    def status(self, view: dict[str, Any], names: Sequence[str]) -> str:
        return ff_text.prompt(view, names)

    def action_label(self, view: dict[str, Any], action: Action) -> str:
        return ff_text.action_label(view, action)

    def menu(self, view: dict[str, Any], legal: Sequence[Action]) -> list[MenuRow]:
        return one_per_line(self, view, legal)

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        parts: list[RenderableType] = [self._header(view), self._display(view, labels)]
        table = self._table_line(view)
        if table.plain:
            parts.append(table)
        current = self._current(view, labels)
        if current.plain:
            parts.append(current)
        parts.append(self._players(view, labels))
        return Group(*parts)

    # ------------------------------------------------------------------ pieces

    def _header(self, view: dict[str, Any]) -> Text:
        big = view["big_stack"]
        out = Text()
        out.append(f"Fabled Fruit · game {view['game_number']} · round {view['round']}", style="bold")
        out.append(f" · {view['target']} juices to win", style="bold")
        if view["end_triggered"]:
            out.append(" · LAST ROUND", style="bold red")
        top = f"#{loc_label(big['top'])}" if big["top"] else "empty"
        out.append(f"\nBig stack {big['cards']} (next {top}) · draw stack {view['draw_stack']} · discard ", style="dim")
        out.append_text(fruits_text(view["discard"]))
        return out

    def _display(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        me = view["viewer"]
        here = view["players"][me]["position"] if me is not None else None
        cards = []
        for stack in view["display"]:
            body = Text()
            name = stack["name"]
            body.append((name if len(name) <= CARD_WIDTH - 4 else name[: CARD_WIDTH - 5] + "…") + "\n")
            body.append_text(price_text(stack["price"]))
            if stack["signpost"]:
                body.append(" ⚑", style="cyan")
            body.append("\n")
            if stack["thief"]:
                body.append("THIEF ", style="bold red")
            for seat in stack["animals"]:
                body.append(seat_mark(seat) + " ", style="bold green" if seat == me else "bold")
            title = f"#{stack.get('label', stack['location'])} ×{stack['cards']}"
            style = "green" if stack["location"] == here else "blue"
            cards.append(Panel(body, title=title, title_align="left", width=CARD_WIDTH, border_style=style))
        return Columns(cards, padding=(0, 0))

    def _table_line(self, view: dict[str, Any]) -> Text:
        out = Text()
        if view["market"] is not None:
            out.append("Market: ", style="bold")
            out.append_text(fruits_text(view["market"]))
            if view["market_pending"]:
                out.append("  (+ given: ")
                out.append_text(fruits_text(view["market_pending"]))
                out.append(")")
        if view["fruit_mix_supply"] is not None:
            out.append("   Fruit-mix supply: ", style="bold")
            out.append_text(fruits_text(view["fruit_mix_supply"]))
        pools = []
        if view["fruit_tokens"] is not None:
            free = [LETTER[f] for f, holder in view["fruit_tokens"].items() if holder == -1]
            pools.append(f"fruit tokens {' '.join(free) or '—'}")
        if view["wild_pool"] is not None:
            pools.append(f"wild {view['wild_pool']} · double turn {view['double_pool']}")
        if view["thief"] == 0 and not view.get("thief_stacks"):
            pools.append("thief waiting")
        if view.get("gambling_pool") is not None:
            pools.append(f"gambling {view['gambling_pool']}")
        if view.get("coat") == -1:
            pools.append("camouflage coat")
        if pools:
            out.append(("\n" if out.plain else "") + "Pool: " + " · ".join(pools), style="dim")
        if view.get("lime"):
            out.append(("\n" if out.plain else "") + "Lime pile: ", style="bold")
            out.append(f"L×{view['lime_pile']}", style=STYLE["L"])
            if view.get("thief_stacks"):
                out.append("   Thief V2.0 next to " + " and ".join(f"#{loc_label(x)}" for x in view["thief_stacks"]))
        return out

    def _current(self, view: dict[str, Any], labels: Sequence[str]) -> Text:
        out = Text()
        if view["revealed"]:
            out.append("Revealed: ", style="bold")
            out.append_text(fruits_text(view["revealed"]))
        if view["looking_at"]:
            out.append("You look at: ", style="bold")
            out.append_text(fruits_text(view["looking_at"]))
        if view["peek"]:
            out.append(f"{labels[view['peek']['player']]} holds: ", style="bold")
            out.append_text(fruits_text(view["peek"]["hand"]))
        if view["payment"]:
            pay = view["payment"]
            out.append(f"Buying #{loc_label(pay['location'])} for ", style="bold")
            out.append_text(price_text(pay["price"]))
            if pay.get("gambling"):
                out.append(f" (gambling {pay['gambling']} token(s); the reveals pay too)")
            out.append(" — paid so far: " + (", ".join(pay["chosen"]) or "nothing"))
        offers = view.get("offer_round")
        if offers:
            out.append(("\n" if out.plain else "") + f"Offer round for {offers['limes']} lime(s): ", style="bold")
            parts = []
            for offer in offers["offers"]:
                line = Text(f"{labels[offer['seat']]} ")
                if offer["fruits"]:
                    line.append_text(fruits_text(offer["fruits"]))
                else:
                    line.append("no offer" if offer["done"] else "…", style="dim")
                parts.append(line)
            out.append_text(Text(" · ").join(parts))
        return out

    def _players(self, view: dict[str, Any], labels: Sequence[str]) -> Table:
        me = view["viewer"]
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
        table.add_column("")
        table.add_column("player", no_wrap=True, max_width=22)
        table.add_column("on", no_wrap=True)
        table.add_column("hand")
        table.add_column("juices", no_wrap=True)
        table.add_column("tokens")
        current = view["current_player"]
        for p in view["players"]:
            seat = p["seat"]
            marker = "▶" if seat == current else ("★" if seat == view["start_player"] else "")
            name = Text(f"{seat_mark(seat)} {labels[seat]}", style="bold green" if seat == me else "bold")
            where = f"#{loc_label(p['position'])}" if p["position"] else "—"
            if "hand" in p:
                hand = fruits_text(p["hand"])
                hand.append(f" ({p['hand_size']})", style="dim")
            else:
                hand = Text("▮" * min(p["hand_size"], 12) + f" ({p['hand_size']})", style="blue")
            juices = Text(f"{len(p['juices'])}/{view['target']} ", style="bold")
            juices.append(" ".join(f"#{loc_label(j)}" for j in p["juices"]), style="dim")
            tokens = []
            if p["fruit_tokens"]:
                tokens.append(" ".join(LETTER[f] for f in p["fruit_tokens"]))
            if p["wild"]:
                tokens.append(f"wild {p['wild']}")
            if p["double"]:
                tokens.append(f"double {p['double']}")
            if p.get("gambling"):
                tokens.append(f"gambling {p['gambling']}")
            if p.get("coat"):
                tokens.append("COAT")
            if p.get("saved"):
                tokens.append("saved " + fruits_text(p["saved"]).plain + " (pays twice)")
            elif p.get("saved_count"):
                tokens.append(f"saved {p['saved_count']}")
            table.add_row(marker, name, where, hand, juices, Text(" · ".join(tokens), style="dim"))
        return table
