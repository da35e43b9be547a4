"""``fruitbowl games``: the registered games, their player counts, rules versions and options."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from fruitbowl.engine import all_games
from fruitbowl.engine.wording import _, ngettext


def games_data() -> list[dict[str, Any]]:
    return [game.describe() for game in all_games()]


def print_games(console: Console, as_json: bool) -> None:
    data = games_data()
    if as_json:
        print(json.dumps(data, indent=1))
        return
    for game in data:
        about = _("{low}–{high} players, rules version {version}").format(
            low=game["min_players"], high=game["max_players"], version=game["rules_version"]
        )
        console.print(f"[bold]{escape(game['id'])}[/bold] — {escape(_(game['title']))}, {escape(about)}")
        if not game["options"]:
            console.print(Text.assemble("  ", (_("no options"), "dim")))
            continue
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 2))
        table.add_column(_("option (--option key=value)"))
        table.add_column(_("default"))
        table.add_column(_("what it does"))
        for option in game["options"]:
            accepted = option.get("choices")
            default = json.dumps(option["default"]) if not isinstance(option["default"], str) else option["default"]
            help_text = _(option["help"])
            if accepted:
                help_text += _(" (one of: {choices})").format(choices=", ".join(map(str, accepted)))
            if "parts" in option:  # a set of parts: named with commas on the command line
                names = ", ".join(part["value"] for part in option["parts"])
                help_text += _(" (any of {names}, separated by commas, or all)").format(names=names)
            if "players" in option:
                low, high = option["players"]
                only = (
                    ngettext(" (only with {n} player)", " (only with {n} players)", low).format(n=low)
                    if low == high
                    else _(" (only with {low}–{high} players)").format(low=low, high=high)
                )
                help_text += only
            table.add_row(f"{option['name']} ({option['type']})", escape(default), escape(help_text))
        console.print(table)
