"""Fabled Fruit in the terminal: the display as one line per stack, the market, tokens, players.

Every stack is one line: its number and cards (``#7 ×4``), the location's full printed name
(wrapped, never cut), its price, ``⚑`` if it is a signpost location, and who stands there
(``THIEF`` for the thief, ``①``–``⑤`` for the players' animals). Fruits are told apart by
letter *and* colour (``B/S`` is a fruit-mix card), and ``*`` in a price is the smoothie (any
fruit). A key under the players explains every letter and mark, read from ``data.toml``. Your
hand is shown in full, the others' as card backs with a count. The picture fits an 80×24
terminal for five players, base and Lime. Lime games add a line for the lime pile, the coat,
gambling tokens and the #11L offer round, and the players' saved fruits (your own in full,
the others' as a count).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from fruitbowl.cli.boards import Fitting, Label, MenuRow, one_per_line
from fruitbowl.engine import Action
from fruitbowl.engine.wording import _, ngettext, pgettext

from .campaign import Campaign
from .components import COMPONENTS as C
from .components import SMOOTHIE, loc_label
from .text import fruit_name, location_name, move_payment, unit_word

LETTER = dict(zip(C.type_names, C.type_codes, strict=True))
LIME_LETTER = C.type_codes[-1]
STYLE = {
    "P": "bold dark_orange",
    "B": "bold yellow",
    "S": "bold red",
    "C": "bold grey62",
    "G": "bold magenta",
    "L": "bold green3",
}
SEAT_MARK = "①②③④⑤"
SIGNPOST = "⚑"
HAND_BACKS = 12  # the most card backs drawn for another player's hand (the count follows)


def _rules() -> str:
    """The help text, one paragraph per line (the terminal wraps them); numbers from data.toml."""
    fruits = pgettext("list", ", ").join(
        f"{code} {fruit_name(name)}" for code, name in zip(C.type_codes[: C.base_types], C.type_names, strict=False)
    )
    targets = pgettext("list", ", ").join(
        _("{players}p {juices}").format(players=n, juices=C.targets[n]) for n in sorted(C.targets)
    )
    paragraphs = [
        _("[bold]Fabled Fruit[/bold] — buy location cards as fabled juices; the first to the target ends the round."),
        _(
            "Each turn: [bold]move[/bold] your animal to another stack (you must move). Pay first the thief (1 fruit "
            "into the market), then 1 fruit to each animal already there. Then [bold]act[/bold] (do the location's "
            "action) or [bold]buy[/bold] one of its cards by paying its price: letters are fruits "
            "({fruits}), {smoothie} is any fruit; fruit-mix cards count as either fruit, wild tokens as anything, "
            "fruit tokens as their fruit (kept). Buying reveals the next card of the big stack; a new number opens "
            "a stack. Signpost cards ({signpost}): if you cannot meet the requirement you only draw 1 fruit. At "
            "the end of your turn you may return a double turn token held since the turn began for another turn."
        ).format(fruits=fruits, smoothie=SMOOTHIE, signpost=SIGNPOST),
        _(
            "Juices needed: {targets}. Ties: most fruits in hand, then shared. In a campaign ('fruitbowl "
            "campaign'), the next game starts with the display this one leaves."
        ).format(targets=targets),
        _(
            "[bold]Lime[/bold] (a Lime campaign): {lime} is a lime, taken from the lime pile; saved fruits "
            "(#6L) pay twice; the camouflage coat (#10L) pays nothing for moving; gambling tokens (#12L) reveal "
            "{reveals} fruits each when buying ('gamble N', binding); the thief V2.0 (#17L) "
            "stands next to two stacks."
        ).format(lime=LIME_LETTER, reveals=C.lime.gambling_reveals),
    ]
    return "\n".join(paragraphs)


def _stack(loc: int) -> str:
    return f"#{loc_label(loc)}"


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


def paid_text(unit: str) -> Text:
    """A unit paid towards a price: a fruit (or fruit-mix card) as its letters, a token by name."""
    if all(part in LETTER for part in unit.split("/")):
        return fruit_text(unit)
    return Text(unit_word(unit))


def seat_mark(seat: int) -> str:
    return SEAT_MARK[seat] if seat < len(SEAT_MARK) else str(seat + 1)


class Packed:
    """Pieces of text joined by `` · `` and broken between pieces (never inside one) to fit the width."""

    def __init__(self, pieces: Sequence[Text]):
        self.pieces = [piece for piece in pieces if piece.plain]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for piece in self.pieces:
            if line.plain and line.cell_len + 3 + piece.cell_len > options.max_width:
                yield line
                line = Text()
            if line.plain:
                line.append(" · ", style="dim")
            line.append_text(piece)
        if line.plain:
            yield line


def legend(view: dict[str, Any]) -> Packed:
    """The key to every letter and mark the board shows, read from ``data.toml``: the fruit
    letters (the lime's only in a Lime game), the smoothie, fruit-mix cards once they are in
    play, and the signpost."""
    types = C.type_codes if view.get("lime") else C.type_codes[: C.base_types]
    pieces: list[Text] = []
    for code in types:
        piece = Text(_("Key: ") if not pieces else "", style="dim")
        piece.append(code, style=STYLE.get(code, "bold"))
        piece.append(f" {fruit_name(C.type_names[C.type_codes.index(code)])}", style="dim")
        pieces.append(piece)
    pieces.append(Text(SMOOTHIE, style="bold cyan") + Text(_(" any fruit"), style="dim"))
    if view["fruit_mix_supply"] is not None:
        mix = f"{C.type_codes[0]}/{C.type_codes[1]}"
        pieces.append(Text(mix, style="bold") + Text(_(" fruit-mix (either fruit)"), style="dim"))
    pieces.append(Text(SIGNPOST, style="cyan") + Text(_(" signpost: can't do it → draw 1"), style="dim"))
    return Packed(pieces)


class FabledFruitAdapter:
    """The terminal picture of a Fabled Fruit view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    @property
    def rules(self) -> str:
        """The rules summary of ``help``, in the language being spoken."""
        return _rules()

    commands: tuple[str, ...] = ("move 1", "act", "buy", "pay pineapple", "give banana", "discard grapes", "stop")

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        """Every action under its number. The moves, whose stacks the board shows just above,
        share one row ("move:", then each number with its stack) and say in a word where a move
        costs fruit, so that a five-player board and its menu fit an 80×24 screen; every other
        action has a row of its own with its label."""
        moves = [index for index, action in enumerate(legal) if action.kind == "move"]
        if len(moves) < 2:
            return one_per_line(legal, label)
        shown = tuple(_stack(legal[index].fields["location"]) for index in moves)  # as the board names them
        rows = [MenuRow(moves, _move_costs(view, [legal[index] for index in moves]), "move", shown)]
        return rows + [MenuRow([index], label(action)) for index, action in enumerate(legal) if action.kind != "move"]

    def campaign_report(self, campaign: Campaign) -> list[RenderableType]:
        """What ``fruitbowl campaign show`` prints after the progress line: the big stack, the
        display the next game starts from, the games played and the campaign's options."""
        top = _stack(campaign.big_stack[0]) if campaign.big_stack else _("empty")
        cards = ngettext("{n} card", "{n} cards", len(campaign.big_stack)).format(n=len(campaign.big_stack))
        aside = len(campaign.set_aside_juices)
        parts: list[RenderableType] = [
            Text(
                ngettext(
                    "Big stack {cards} (top {top}); {n} juice set aside",
                    "Big stack {cards} (top {top}); {n} juices set aside",
                    aside,
                ).format(cards=cards, top=top, n=aside)
            )
        ]
        display = Table(title=_("Display for the next game"), title_justify="left")
        for column in ("#", _("location"), _("cards"), _("price")):
            display.add_column(column)
        for loc, count in campaign.display:
            info = C.locations[loc]
            display.add_row(info.label, location_name(loc), str(count), info.price)
        parts.append(display)
        if campaign.history:
            history = Table(title=_("Games"), title_justify="left")
            for column in (_("game"), _("players"), _("juices"), _("winners"), _("ended")):
                history.add_column(column)
            for h in campaign.history:
                juices = pgettext("list", ", ").join(
                    f"{p}: {' '.join(_stack(x) for x in locs) or '-'}" for p, locs in h["juices"].items()
                )
                history.add_row(
                    str(h["game_index"]),
                    str(h["player_count"]),
                    juices,
                    pgettext("list", ", ").join(h["winners"]),
                    h["ended_by"],
                )
            parts.append(history)
        if campaign.seating:
            parts.append(
                Text(
                    _("Table: {seating}; options: end {end}, max {rounds} rounds; data {version}").format(
                        seating=pgettext("list", ", ").join(campaign.seating),
                        end=campaign.end_mode,
                        rounds=campaign.max_rounds,
                        version=campaign.rules_data_version,
                    ),
                    style="dim",
                )
            )
        return parts

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        """The whole picture; on a short screen (five players, Lime's stacks) a compact one, and
        on a shorter one the compact one without the key (``help`` still explains the letters)."""
        compact = self._parts(view, labels, True)
        return Fitting(
            Group(*self._parts(view, labels, False), legend(view)),
            Group(*compact, legend(view)),
            Group(*compact),
        )

    def _parts(self, view: dict[str, Any], labels: Sequence[str], compact: bool) -> list[RenderableType]:
        """The table, the display, what is being done now and the players (``compact``: the
        discard pile counted, the players' table without headings)."""
        parts: list[RenderableType] = [self._table(view, compact), self._display(view)]
        current = self._current(view, labels)
        if current.plain:
            parts.append(current)
        parts.append(self._players(view, labels, compact))
        return parts

    # ------------------------------------------------------------------ pieces

    def _table(self, view: dict[str, Any], compact: bool) -> Packed:
        """The game and round, the piles, the market and the pools, packed into as few lines as
        fit; ``compact`` counts the discard pile instead of listing it."""
        header = Text(
            _("Fabled Fruit · game {game} · round {round}").format(game=view["game_number"], round=view["round"]),
            style="bold",
        )
        header.append(_(" · {n} juices to win").format(n=view["target"]), style="bold")
        if view["end_triggered"]:
            header.append(_(" · LAST ROUND"), style="bold red")
        big = view["big_stack"]
        top = _stack(big["top"]) if big["top"] else _("empty")
        pieces = [
            header,
            Text(_("big stack {cards} (next {top})").format(cards=big["cards"], top=top)),
            Text(_("draw stack {n}").format(n=view["draw_stack"])),
        ]
        if compact:
            pieces.append(Text(_("discard {n}").format(n=sum(view["discard"].values()))))
        else:
            pieces.append(Text(_("discard") + " ") + fruits_text(view["discard"]))
        if view["market"] is not None:
            market = Text(_("market") + " ", style="bold") + fruits_text(view["market"])
            if view["market_pending"]:
                market += Text(" (" + _("+ given") + " ") + fruits_text(view["market_pending"]) + Text(")")
            pieces.append(market)
        if view["fruit_mix_supply"] is not None:
            pieces.append(Text(_("fruit-mix supply") + " ") + fruits_text(view["fruit_mix_supply"]))
        if view.get("lime"):
            lime = Text(_("lime pile") + " ")
            lime.append(f"{LIME_LETTER}×{view['lime_pile']}", style=STYLE.get(LIME_LETTER, "bold"))
            pieces.append(lime)
            if view.get("thief_stacks"):
                stacks = pgettext("list", " and ").join(_stack(x) for x in view["thief_stacks"])
                pieces.append(Text(_("thief V2.0 next to {stacks}").format(stacks=stacks)))
        if view["fruit_tokens"] is not None:
            free = [LETTER[f] for f, holder in view["fruit_tokens"].items() if holder == -1]
            pieces.append(Text(_("fruit tokens {letters}").format(letters=" ".join(free) or "—")))
        if view["wild_pool"] is not None:
            pools = _("wild {wild}, double turn {double}").format(wild=view["wild_pool"], double=view["double_pool"])
            pieces.append(Text(pools))
        if view["thief"] == 0 and not view.get("thief_stacks"):
            pieces.append(Text(_("thief waiting")))
        if view.get("gambling_pool") is not None:
            pieces.append(Text(_("gambling {n}").format(n=view["gambling_pool"])))
        if view.get("coat") == -1:
            pieces.append(Text(_("camouflage coat")))
        return Packed(pieces)

    def _display(self, view: dict[str, Any]) -> Table:
        """One line per stack; a long name wraps in its column instead of being cut."""
        me = view["viewer"]
        here = view["players"][me]["position"] if me is not None else None
        table = Table(box=None, padding=(0, 1, 0, 0), show_header=False, pad_edge=False)
        table.add_column(no_wrap=True, justify="right")  # #7
        table.add_column(no_wrap=True)  # ×4
        table.add_column(ratio=1)  # the name, wrapped if it must
        table.add_column(no_wrap=True)  # price
        table.add_column(no_wrap=True)  # signpost
        table.add_column(no_wrap=True)  # who stands there
        for stack in view["display"]:
            mine = stack["location"] == here
            label = stack.get("label", loc_label(stack["location"]))
            number = Text(f"#{label}", style="bold green" if mine else "bold")
            cards = Text(f"×{stack['cards']}", style="dim")
            name = Text(location_name(stack["location"]), style="green" if mine else "")
            sign = Text(SIGNPOST if stack["signpost"] else " ", style="cyan")
            who = Text()
            if stack["thief"]:
                who.append(_("THIEF") + " ", style="bold red")
            for seat in stack["animals"]:
                who.append(seat_mark(seat), style="bold green" if seat == me else "bold")
            table.add_row(number, cards, name, price_text(stack["price"]), sign, who)
        return table

    def _current(self, view: dict[str, Any], labels: Sequence[str]) -> Text:
        out = Text()
        if view["revealed"]:
            out.append(_("Revealed: "), style="bold")
            out.append_text(fruits_text(view["revealed"]))
        if view["looking_at"]:
            out.append(_("You look at: "), style="bold")
            out.append_text(fruits_text(view["looking_at"]))
        if view["peek"]:
            out.append(_("{name} holds: ").format(name=labels[view["peek"]["player"]]), style="bold")
            out.append_text(fruits_text(view["peek"]["hand"]))
        if view["payment"]:
            pay = view["payment"]
            out.append(_("Buying {stack} for ").format(stack=_stack(pay["location"])), style="bold")
            out.append_text(price_text(pay["price"]))
            if pay.get("gambling"):
                n = pay["gambling"]
                out.append(
                    ngettext(
                        " ({n} gambling token; the reveals pay too)", " ({n} gambling tokens; the reveals pay too)", n
                    ).format(n=n)
                )
            out.append(_(" — paid so far: "))
            out.append_text(Text(" ").join(paid_text(unit) for unit in pay["chosen"]) or Text(_("nothing")))
        offers = view.get("offer_round")
        if offers:
            n = offers["limes"]
            heading = ngettext("Offer round for {n} lime: ", "Offer round for {n} limes: ", n).format(n=n)
            out.append(("\n" if out.plain else "") + heading, style="bold")
            parts = []
            for offer in offers["offers"]:
                line = Text(f"{labels[offer['seat']]} ")
                if offer["fruits"]:
                    line.append_text(fruits_text(offer["fruits"]))
                else:
                    line.append(_("no offer") if offer["done"] else "…", style="dim")
                parts.append(line)
            out.append_text(Text(" · ").join(parts))
        return out

    def _players(self, view: dict[str, Any], labels: Sequence[str], compact: bool) -> Table:
        """One row per player; ``compact`` leaves out the column headings."""
        me = view["viewer"]
        table = Table(box=None, padding=(0, 1, 0, 0), show_header=not compact, header_style="dim", pad_edge=False)
        table.add_column("")
        table.add_column(_("player"), no_wrap=True, max_width=22)
        table.add_column(_("on"), no_wrap=True)
        table.add_column(_("hand"))
        table.add_column(_("juices"))
        table.add_column(_("tokens"))
        current = view["current_player"]
        for p in view["players"]:
            seat = p["seat"]
            marker = "▶" if seat == current else ("★" if seat == view["start_player"] else "")
            name = Text(f"{seat_mark(seat)} {labels[seat]}", style="bold green" if seat == me else "bold")
            where = _stack(p["position"]) if p["position"] else "—"
            if "hand" in p:
                hand = fruits_text(p["hand"])
                hand.append(f" ({p['hand_size']})", style="dim")
            else:
                hand = Text("▮" * min(p["hand_size"], HAND_BACKS) + f" ({p['hand_size']})", style="blue")
            juices = Text(f"{len(p['juices'])}/{view['target']} ", style="bold")
            juices.append(" ".join(_stack(j) for j in p["juices"]), style="dim")
            tokens = []
            if p["fruit_tokens"]:
                tokens.append(" ".join(LETTER[f] for f in p["fruit_tokens"]))
            if p["wild"]:
                tokens.append(_("wild {n}").format(n=p["wild"]))
            if p["double"]:
                tokens.append(_("double {n}").format(n=p["double"]))
            if p.get("gambling"):
                tokens.append(_("gambling {n}").format(n=p["gambling"]))
            if p.get("coat"):
                tokens.append(_("COAT"))
            if p.get("saved"):
                tokens.append(_("saved {fruits} (pays twice)").format(fruits=fruits_text(p["saved"]).plain))
            elif p.get("saved_count"):
                tokens.append(_("saved {n}").format(n=p["saved_count"]))
            table.add_row(marker, name, where, hand, juices, Text(" · ".join(tokens), style="dim"))
        return table


def _move_costs(view: dict[str, Any], moves: Sequence[Action]) -> str:
    """Where a move costs fruit, by amount: "pay 1 at #2, #4 · pay 2 at #5" ('' where none does;
    "free with the camouflage coat" where the coat lets the player off)."""
    paying: dict[int, list[str]] = {}
    coat = False
    for move in moves:
        payers, coat = move_payment(view, move.fields["location"])
        if payers:
            paying.setdefault(payers, []).append(_stack(move.fields["location"]))
    if paying and coat:
        return _("free with the camouflage coat")
    at = pgettext("list", ", ")
    return " · ".join(
        ngettext("pay {n} at {stacks}", "pay {n} at {stacks}", n).format(n=n, stacks=at.join(stacks))
        for n, stacks in sorted(paying.items())
    )
