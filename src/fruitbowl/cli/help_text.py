"""The list of commands shown by the ``help`` command during play.

Each game's rules summary lives with its board adapter (``cli/boards/<game>.py``), built from
that game's component data.
"""

from __future__ import annotations


def commands_text(examples: tuple[str, ...]) -> str:
    """The ``help`` command's list of commands; ``examples`` are the game's own action texts."""
    shown = ", ".join(f"[cyan]{example}[/cyan]" for example in examples) or "the text beside each number"
    return f"""\
[bold]Commands[/bold]
  [cyan]1[/cyan], [cyan]2[/cyan], …      play the action with that number
  or type an action's text: {shown}
  [cyan]undo[/cyan]           take back your last action (only within your turn, never past a die roll,
                 a tile or card drawn, or another player's decision)
  [cyan]hint[/cyan]           what a search from your own view recommends, with its win chance
  [cyan]log[/cyan]            the last moves, newest first      [cyan]board[/cyan]   draw the board again
  [cyan]help[/cyan]           this text                           [cyan]quit[/cyan]    save and leave (resume later)
"""
