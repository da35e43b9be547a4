"""Tang Hu Lu in the terminal: store, supplies and one panel per player, drawn with Rich.

Fruits are told apart by letter *and* colour (O A K S H), so colour-blind players lose
nothing. A tile is written as letter + stars (``K2★``); a sugared (pink) tile shows ``✦``
instead of ``★`` and its stick number is marked the same way. The picture fits 100 columns
for four players; the status line and action labels come from the game's own ``text``
module, so the terminal and the other front ends say the same things.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fruitbowl.cli.boards import Label, MenuRow
from fruitbowl.engine import Action
from fruitbowl.engine.wording import _, ngettext, pgettext

from .components import COMPONENTS, Components
from .text import listed, word

#: Letter and colour of each fruit; the haw is wild.
FRUIT_LOOK = {
    "orange": ("O", "bold dark_orange"),
    "apple": ("A", "bold red"),
    "kiwi": ("K", "bold green"),
    "strawberry": ("S", "bold magenta"),
    "haw": ("H", "bold cyan"),
}
PINK = "bold hot_pink"
#: Width of each player panel by number of players: the panels fit in 80 columns.
PANEL_WIDTH = {2: 39, 3: 26, 4: 20}


def tile_text(tile: dict[str, Any] | None, *, named: bool = False) -> Text:
    """``K2★`` (coloured), or ``K3✦`` for a sugared tile; ``named`` adds the fruit's name."""
    if tile is None:
        return Text("·", style="dim")
    letter, style = FRUIT_LOOK.get(tile["fruit"], ("?", "bold"))
    out = Text(letter, style=style)
    out.append(str(tile["stars"]))
    out.append("✦" if tile.get("pink") else "★", style=PINK if tile.get("pink") else "yellow")
    if named:
        out.append(f" {word(tile['fruit'])}", style=style.replace("bold ", ""))
    return out


def legend(money_bags: int = 1) -> Text:
    """What every letter and mark on the board means; ``money_bags`` is what an empty space adds."""
    out = Text()
    for fruit, (letter, style) in FRUIT_LOOK.items():
        out.append(letter, style=style)
        name = _("{fruit} (wild)").format(fruit=word(fruit)) if fruit == "haw" else word(fruit)
        out.append(f" {name} ", style="dim")
    out.append(_("· K2★ a 2★ kiwi · $ coin while empty · "), style="dim")
    out.append("✓", style="green")
    out.append(_(" complete · "), style="dim")
    out.append("✦", style=PINK)
    out.append(_(" sugared · "), style="dim")
    out.append(f"bag+{money_bags}", style="dim yellow")
    empty = ngettext(" empty store space (+{n} coin)", " empty store space (+{n} coins)", money_bags)
    out.append(empty.format(n=money_bags), style="dim")
    return out


def rules_text(c: Components = COMPONENTS) -> str:
    """The ``help`` summary of the rules (``rules/tang_hu_lu.md``), every number read from ``c``,
    in the language being spoken.

    Built from the component data rather than written out, so that an owner who corrects
    ``data.toml`` sees the corrected values here too.
    """
    faces = pgettext("list", ", ").join(
        _("{count} {face}").format(count=c.die_faces.count(face), face=word(face))
        for face in dict.fromkeys(c.die_faces)
    )
    reconstructed = [table for table, status in c.status.items() if status == "RECONSTRUCTED"]
    lines = [
        _(
            "[bold]Tang Hu Lu[/bold] (2–4 players): fill {sticks} sticks of {spots} fruit tiles; most stars wins."
        ).format(sticks=c.sticks, spots=c.spots),
        _(" Everyone starts with {coins} and {drops}.").format(
            coins=_coins(c.start_coins), drops=_drops(c.start_drops)
        ),
        _("[bold]Your turn[/bold] 1. The die ({faces}) is rolled for you:").format(faces=faces),
        _(
            "    [bold]sugar[/bold] you take 1 drop, then everyone (you first) may garnish [italic]one[/italic]\n"
            "          complete stick for {drops}: its tiles turn pink, +{bonus}★ each."
        ).format(drops=_drops(c.garnish_cost), bonus=c.garnish_bonus),
        _("    [bold]coin[/bold]  +1 coin.   [bold]fruit[/bold]  a random tile: place it on a stick, or return it."),
        _(
            " 2. [bold]Work[/bold] (gain your income) [italic]or[/italic] [bold]shop[/bold]: "
            "buy store tiles one by one, placing each\n    at once. {price}"
        ).format(price=_price_text(c)),
        _("    Buying exactly one tile earns a drop.   3. The store refills."),
        _("[bold]Sticks[/bold]  Tiles go on the lowest free spot and never move."),
        _(" {icons} while uncovered:").format(icons=_icons_text(c)),
        _(" income = the coins showing ({coins} on an empty board).").format(
            coins=_coins(c.sticks * sum(c.coin_icons))
        ),
        _(" A complete stick pays at once (haws are wild; order does not matter):"),
        _(
            "   all different → +{coins} · all the same → {same} ·\n"
            "   two pairs → {cards} + {drops}. Several fit: you choose one."
        ).format(
            coins=_coins(c.all_different_coins),
            same=_cards(c.all_same_sweet_cards),
            cards=_cards(c.two_pairs_sweet_cards),
            drops=_drops(c.two_pairs_drops),
        ),
        _("   Three of a kind + one other, or a pair + two singles (no haw) → nothing."),
        _(
            "[bold]Limits[/bold]  Coins stop at {cap} (extra is lost). {drops} drops and {cards} sweet cards\n"
            " ({stars}★ each, hidden until the end); a gain takes only what is left."
        ).format(cap=c.coin_cap, drops=c.drops, cards=len(c.sweet_stars), stars=_span(c.sweet_stars)),
        _("[bold]End[/bold]  When someone fills all {spots} spots, the round is finished (equal turns).").format(
            spots=c.sticks * c.spots
        ),
        _(
            " Stars = tiles ({tile_stars}★, +{bonus} if pink) + sweet cards + {king}★ Crystal Sugar King for\n"
            " strictly the most drops (a tie, even at 0: nobody). Tie-break: most coins,\n"
            " then a shared win."
        ).format(tile_stars=_span(c.tile_stars), bonus=c.garnish_bonus, king=c.king_stars),
    ]
    if reconstructed:
        lines.append(_("[dim]RECONSTRUCTED (data.toml): {tables}.[/dim]").format(tables=", ".join(reconstructed)))
    return "\n".join(lines) + "\n"


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def _drops(n: int) -> str:
    return ngettext("{n} drop", "{n} drops", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} sweet card", "{n} sweet cards", n).format(n=n)


def _span(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}–{high}"


def _price_text(c: Components) -> str:
    """How a tile's price is made, and the prices of one turn's purchases when they do not depend on the tile."""
    bags = set(c.money_bags)
    if len(bags) == 1:
        (each,) = bags
        prices = ", ".join(str(c.till + k * each) for k in range(len(c.spaces)))
        return _("A tile costs {till} + {each} per empty store space: {prices}.").format(
            till=c.till, each=each, prices=prices
        )
    shown = ", ".join(f"{space} {bags_}" for space, bags_ in zip(c.spaces, c.money_bags, strict=True))
    return _("A tile costs {till} + the money bags on empty spaces ({shown}).").format(till=c.till, shown=shown)


def _icons_text(c: Components) -> str:
    """Which spots show coin icons: "Spots 3 and 4 of each stick show 1 coin"."""
    marked = [(spot, icons) for spot, icons in enumerate(c.coin_icons, start=1) if icons]
    if not marked:
        return _("No spot shows a coin")
    values = {icons for _spot, icons in marked}
    if len(values) == 1:
        spots = listed([str(spot) for spot, _icons in marked])
        text = ngettext(
            "Spot {spots} of each stick shows {coins}", "Spots {spots} of each stick show {coins}", len(marked)
        )
        return text.format(spots=spots, coins=_coins(marked[0][1]))
    each = [_("spot {spot} shows {coins}").format(spot=spot, coins=_coins(icons)) for spot, icons in marked]
    return _("On each stick {spots}").format(spots=pgettext("list", ", ").join(each))


class TangHuLuAdapter:
    """The terminal picture of a Tang Hu Lu view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    @property
    def rules(self) -> str:
        """The rules summary of ``help``, in the language being spoken."""
        return rules_text()

    commands: tuple[str, ...] = ("buy S1 on 2", "work", "stop", "place 1", "return", "garnish 2", "pass", "two-pairs")

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        """One line per store tile for the purchases (up to three sticks each), so the menu
        stays short enough to leave room on screen for what the other players did."""
        rows: list[MenuRow] = []
        by_space: dict[int, list[int]] = {}
        for index, action in enumerate(legal):
            if action.kind == "buy":
                space = action.fields["space"]
                if space not in by_space:
                    by_space[space] = []
                    rows.append(MenuRow(by_space[space], ""))
                by_space[space].append(index)
            else:
                rows.append(MenuRow([index], label(action)))
        if any(len(row.indices) > 1 for row in rows):  # buy cells leave ~30 columns for a label
            rows = [MenuRow(row.indices, _compact(row.label)) for row in rows]
        return [
            MenuRow(row.indices, row.label or self._buy_label(view, [legal[i] for i in row.indices], label))
            for row in rows
        ]

    def _buy_label(self, view: dict[str, Any], buys: Sequence[Action], label: Label) -> str:
        if len(buys) == 1:
            return label(buys[0])
        tile = view["store"][buys[0].fields["space"]]
        return _("the {fruit} ({stars}★)").format(fruit=word(tile["fruit"]), stars=tile["stars"])

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        """Three lines for the table, one panel per player side by side, and the legend:
        14 lines at most, so that an 80×24 terminal keeps room for the recap and the menu."""
        count = len(view["players"])
        width = PANEL_WIDTH.get(count, 20)
        players = Table.grid(padding=(0, 1 if count < 4 else 0))
        players.add_row(*(self._player(view, p, labels, width, count < 4) for p in view["players"]))
        return Group(
            self._turn_line(view, labels),
            self._store_line(view),
            self._supply_line(view, labels),
            players,
            legend(view["money_bags"][0]),
        )

    # ------------------------------------------------------------------ parts

    def _turn_line(self, view: dict[str, Any], labels: Sequence[str]) -> Text:
        roller, over = view["roller"], view["phase"] == "over"
        out = Text(_("Round {round}").format(round=view["round"]), style="bold")
        if not over and roller == view["viewer"]:
            out.append(_(" · your turn"), style="bold cyan")
        elif not over and 0 <= roller < len(labels):
            out.append(_(" · {name}'s turn").format(name=_short(labels[roller])[:16]))
        if view["die"]:
            out.append(_(" · die: "))
            out.append(word(view["die"]), style="bold")
        if view["die_tile"] is not None:
            out.append(" → ")
            out.append_text(tile_text(view["die_tile"], named=True))
        if view["end_triggered"] and not over:
            out.append(_(" · last round (a board is full)"), style="bold red")
        else:
            out.append(_(" · first player {name}").format(name=_short(labels[view["first_player"]])), style="dim")
        return out

    def _store_line(self, view: dict[str, Any]) -> Text:
        out = Text(_("Store "), style="bold")
        for space, tile in enumerate(view["store"]):
            out.append(f" {view['store_spaces'][space]} ", style="bold")
            if tile is None:
                out.append(f"bag+{view['money_bags'][space]}", style="dim yellow")
            else:
                out.append_text(tile_text(tile))
        out.append(_(" · next tile costs "))
        price = view["price"]
        out.append(ngettext("{n} coin", "{n} coins", price).format(n=price), style="bold yellow")
        return out

    def _supply_line(self, view: dict[str, Any], labels: Sequence[str]) -> Text:
        drops = [p["drops"] for p in view["players"]]
        most = max(drops)
        leaders = [seat for seat, d in enumerate(drops) if d == most]
        if len(leaders) == 1:
            king = ngettext("King now: {name} ({n} drop)", "King now: {name} ({n} drops)", most)
            king = king.format(name=_short(labels[leaders[0]]), n=most)
        else:
            king = ngettext("King now: nobody (tie at {n} drop)", "King now: nobody (tie at {n} drops)", most).format(
                n=most
            )
        values = view["values"]
        line = _("Bag {bag} · drop stock {drops}/{all_drops} · sweet deck {cards}/{all_cards} · {king}")
        return Text(
            line.format(
                bag=view["bag"]["size"],
                drops=view["drop_stock"],
                all_drops=values["drops"],
                cards=view["sweet_deck"],
                all_cards=values["sweet_cards"],
                king=king,
            ),
            style="dim",
        )

    def _player(
        self, view: dict[str, Any], player: dict[str, Any], labels: Sequence[str], width: int, padded: bool
    ) -> Panel:
        seat = player["seat"]
        cap = view["values"]["coin_cap"]
        money = Text(_("Coins "))
        money.append(f"{player['coins']}", style="bold yellow")
        money.append(f"/{cap}", style="dim")
        money.append(_(" Drops {n}").format(n=player["drops"]))
        inner = width - 2 - (2 if padded else 0)
        work = Text(_("Income {n} ").format(n=player["income"]))
        work.append_text(_sweets(player, inner - work.cell_len))
        body: list[RenderableType] = [money, work]
        body.append(_sticks(player["sticks"], view["coin_icons"]))
        acting = view["current_player"] == seat
        title = Text("▶" if acting else "", style="bold yellow")
        room = width - 6 - (2 if acting else 0)
        label = labels[seat] if cell_len(labels[seat]) + 2 <= room else _cut(_short(labels[seat]), room - 2)
        title.append(f"{seat + 1} {label}", style="bold" if acting else "")
        mine = view["viewer"] == seat
        return Panel(
            Group(*body),
            title=title,
            title_align="left",
            subtitle=_("{stars}★ on sticks").format(stars=player["tile_stars"]),
            subtitle_align="right",
            width=width,
            padding=(0, 1 if padded else 0),
            border_style="bold cyan" if mine else ("yellow" if acting else "dim"),
        )


def _compact(label: str) -> str:
    """A label's first clause, marked "(capped)" when its details say the coin cap cut it."""
    cut = min((label.find(opening) for opening in (" (", "（") if opening in label), default=len(label))
    head, details = label[:cut], label[cut:]  # (a Chinese label opens its details with a full-width bracket)
    capped = _("{lost} lost to the {cap}-coin cap").format(lost="", cap=COMPONENTS.coin_cap).strip()
    return _("{label} (capped)").format(label=head) if capped in details else head


def _cut(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal columns (a Chinese character takes two)."""
    while cell_len(text) > cells:
        text = text[:-1]
    return text


def _short(label: str) -> str:
    """A player label without its "(bot)" suffix, for running text."""
    return label.split(" (")[0]


def _sweets(player: dict[str, Any], room: int) -> Text:
    """Sweet cards in ``room`` columns: how many (others' stars stay hidden until the end), or
    their stars when the viewer may know them."""
    count = player["sweet_cards"]
    out = Text(_("Sweets "))
    stars = player.get("sweet_card_stars")
    if not count:
        none = _("none")
        out.append(none if out.cell_len + cell_len(none) <= room else "0", style="dim")
        return out
    if stars is None:
        hidden = _(" hidden")
        out.append(f"{count}" + (hidden if out.cell_len + len(str(count)) + cell_len(hidden) <= room else ""))
        return out
    for shown in (" ".join(f"{s}★" for s in stars), f"{count}={sum(stars)}★", f"{sum(stars)}★"):
        if out.cell_len + cell_len(shown) <= room:
            break
    out.append(shown, style="yellow")
    return out


def _empty_spot(coins: int) -> Text:
    """An empty spot: ``·``, or ``$`` / ``$2`` where it shows coin icons (paid by work while uncovered)."""
    if not coins:
        return Text("·", style="dim")
    return Text("$" if coins == 1 else f"${coins}", style="yellow dim")


def _sticks(sticks: Sequence[dict[str, Any]], coin_icons: Sequence[int]) -> Table:
    """The three sticks side by side, spot 4 at the top and spot 1 at the bottom."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", justify="right")
    for _stick in sticks:
        grid.add_column(min_width=3)
    for spot in range(len(coin_icons), 0, -1):
        cells = [
            tile_text(s["tiles"][spot - 1]) if len(s["tiles"]) >= spot else _empty_spot(coin_icons[spot - 1])
            for s in sticks
        ]
        grid.add_row(str(spot), *cells)
    footer = []
    for number, stick in enumerate(sticks, start=1):
        mark = Text(f"─{number}", style="bold")
        if stick["garnished"]:
            mark.append("✦", style=PINK)
        elif stick["complete"]:
            mark.append("✓", style="green")
        footer.append(mark)
    grid.add_row("", *footer)
    return grid
