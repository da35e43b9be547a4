"""The final score table: each player's breakdown in the rules' own categories, then places.

The table is transposed: the categories are its rows and the players its columns, in
finishing order. A game has up to eleven categories and five players, so categories as rows
keep the table within 80 columns where categories as columns would cut their headings.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from fruitbowl.engine import Result
from fruitbowl.engine.result import category_heading
from fruitbowl.engine.wording import _

#: The trophy beside a winner's place.
TROPHY = " 🏆"


#: A score category's heading (``final_harvest`` → "Final harvest"), the game's word for it.
heading = category_heading


def score_table(result: Result, names: Sequence[str], viewer: int | None = None) -> Table:
    """One column per player in finishing order (winners marked, ``viewer`` shown as "(you)"),
    one row per score category, then the total and any tie-breaks."""
    title = _("Final scores (cut short at its limit)") if result.truncated else _("Final scores")
    table = Table(title=title, title_style="bold", show_lines=False)
    table.add_column("", no_wrap=True)
    order = sorted(range(len(result.scores)), key=lambda seat: (result.places[seat], seat))
    house = result.house
    house_name = _(house.name) if house is not None else ""  # its game's catalog says it ("Ananas")
    for seat in order:
        who = Text(_("{name} (you)").format(name=names[seat]) if seat == viewer else names[seat], overflow="fold")
        table.add_column(who, justify="right", style="bold green" if seat in result.winners else None)
    if house is not None:  # an automated opponent such as Pineapple: its own score, its own parts
        table.add_column(house_name, justify="right", style="bold red" if result.house_place == 1 else None)

    def row(label: str, cells: list[str], house_cell: str = "", style: str | None = None) -> None:
        table.add_row(label, *cells, *([house_cell] if house is not None else []), style=style)

    row(
        _("Place"),
        [f"{result.places[seat]}" + (TROPHY if seat in result.winners else "") for seat in order],
        f"{result.house_place}" + (TROPHY if result.house_place == 1 else "") if house is not None else "",
    )
    for category in result.categories:
        row(heading(category), [str(result.breakdown[seat][category]) for seat in order])
    table.add_section()
    row(_("Total"), [str(result.scores[seat]) for seat in order], str(house.score) if house else "", style="bold")
    for index, name in enumerate(result.tiebreak_names):
        row(_("Tie-break: {name}").format(name=_(name)), [str(result.tiebreaks[seat][index]) for seat in order])
    if house is not None:
        # TRANSLATORS: a score part and its points in the house's line below the table ("boats 3")
        parts = [_("{part} {value}").format(part=_(part), value=value) for part, value in house.breakdown.items()]
        # TRANSLATORS: the house's score parts below the table ("Pineapple: boats 3, claims 2")
        table.caption = _("{house}: {parts}").format(house=house_name, parts=_(", ").join(parts))
    return table


def winners_sentence(result: Result, names: Sequence[str], viewer: int | None = None) -> str:
    """Who won, said to ``viewer`` ("You won!", "Ada won.", "Ada and You share the win.")."""
    if not result.winners and result.house is not None:
        return _("{name} won.").format(name=_(result.house.name))
    if len(result.winners) == 1:
        seat = result.winners[0]
        return _("You won!") if seat == viewer else _("{name} won.").format(name=names[seat])
    # TRANSLATORS: "You" among the winners' names ("Ada and You share the win.")
    who = [(_("You") if seat == viewer else names[seat]) for seat in result.winners]
    return _("{names} share the win.").format(names=_(" and ").join(who))
