"""The final score table: each player's breakdown in the rules' own categories, then places."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from fruitbowl.engine import Result


def score_table(result: Result, names: Sequence[str], viewer: int | None = None) -> Table:
    """Rows in finishing order; winners are marked, and ``viewer`` is shown as "(you)"."""
    title = "Final scores" + (" (stopped by the round limit)" if result.truncated else "")
    table = Table(title=title, title_style="bold", show_lines=False)
    table.add_column("Place", justify="right")
    table.add_column("Player", no_wrap=True)
    for category in result.categories:
        table.add_column(category.replace("_", " ").capitalize(), justify="right")
    table.add_column("Total", justify="right", style="bold")
    for name in result.tiebreak_names:
        table.add_column(f"Tie-break: {name}", justify="right")
    order = sorted(range(len(result.scores)), key=lambda seat: (result.places[seat], seat))
    for seat in order:
        who = names[seat] + (" (you)" if seat == viewer else "")
        place = f"{result.places[seat]}" + (" 🏆" if seat in result.winners else "")
        table.add_row(
            place,
            who,
            *(str(result.breakdown[seat][c]) for c in result.categories),
            str(result.scores[seat]),
            *(str(v) for v in result.tiebreaks[seat]),
            style="bold green" if seat in result.winners else None,
        )
    house = result.house
    if house is not None:  # an automated opponent such as Pineapple: its own score, its own parts
        place = f"{result.house_place}" + (" 🏆" if result.house_place == 1 else "")
        blanks = [""] * len(result.categories)
        table.add_row(
            place,
            house.name,
            *blanks,
            str(house.score),
            *[""] * len(result.tiebreak_names),
            style="bold red" if result.house_place == 1 else None,
        )
        table.caption = f"{house.name}: " + ", ".join(f"{part} {value}" for part, value in house.breakdown.items())
    return table


def winners_sentence(result: Result, names: Sequence[str], viewer: int | None = None) -> str:
    who = [("You" if seat == viewer else names[seat]) for seat in result.winners]
    if not who and result.house is not None:
        return f"{result.house.name} won."
    if len(who) == 1:
        return f"{who[0]} won{'!' if who[0] == 'You' else '.'}"
    return f"{' and '.join(who)} share the win."
