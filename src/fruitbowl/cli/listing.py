"""``fruitbowl games``: the registered games, their player counts, rules versions and options."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fruitbowl.engine import all_games
from fruitbowl.engine.wording import counted


def games_data() -> list[dict[str, Any]]:
    return [game.describe() for game in all_games()]


def print_games(console: Console, as_json: bool) -> None:
    data = games_data()
    if as_json:
        print(json.dumps(data, indent=1))
        return
    for game in data:
        console.print(
            f"[bold]{escape(game['id'])}[/bold] — {escape(game['title'])}, "
            f"{game['min_players']}–{game['max_players']} players, rules version {escape(game['rules_version'])}"
        )
        if not game["options"]:
            console.print("  [dim]no options[/dim]")
            continue
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 2))
        table.add_column("option (--option key=value)")
        table.add_column("default")
        table.add_column("what it does")
        for option in game["options"]:
            accepted = option.get("choices")
            default = json.dumps(option["default"]) if not isinstance(option["default"], str) else option["default"]
            help_text = option["help"] + (f" (one of: {', '.join(map(str, accepted))})" if accepted else "")
            if "parts" in option:  # a set of parts: named with commas on the command line
                names = ", ".join(part["value"] for part in option["parts"])
                help_text += f" (any of {names}, separated by commas, or all)"
            if "players" in option:
                low, high = option["players"]
                help_text += f" (only with {counted(low, 'player') if low == high else f'{low}–{high} players'})"
            table.add_row(f"{option['name']} ({option['type']})", escape(default), escape(help_text))
        console.print(table)
