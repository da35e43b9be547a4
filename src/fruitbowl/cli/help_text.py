"""Texts shown by the ``help`` command during play: the commands, and each game's rules.

The rules summary follows ``rules/tang_hu_lu.md``; values that no public source states are
the reference's RECONSTRUCTED ones and are marked as such.
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


TANG_HU_LU_RULES = """\
[bold]Tang Hu Lu[/bold] (2–4 players) — fill 3 sticks of 4 fruit tiles; most stars wins.

[bold]Your turn[/bold]
 1. The die is rolled for you:
    [bold]sugar[/bold]  you take 1 drop; then everyone, you first, may garnish [italic]one[/italic] complete stick
           for 4 drops: its tiles turn pink (sugared), +1★ each.
    [bold]coin[/bold]   you gain 1 coin.
    [bold]fruit[/bold]  a random tile from the bag: place it on one of your sticks, or return it.
 2. Then [bold]work[/bold] (gain your income) [italic]or[/italic] [bold]shop[/bold]: buy store tiles one at a time,
    placing each at once. A tile costs 1 + 1 for every empty store space: 1, 2, 3, 4 in one turn.
    Buying exactly one tile earns a drop. Stop whenever you like after the first.
 3. The store refills.

[bold]Sticks[/bold]  Tiles go on the lowest free spot and never move. Spots 3 and 4 of each stick
 show a coin while empty: income = coins showing (6 on an empty board).
 A completed stick pays at once (haws are wild; order does not matter):
   all different → +5 coins · all the same → 2 sweet cards · two pairs → 1 sweet card + 2 drops
   Three of a kind + one other, or a pair + two singles (no haw) → nothing.
   If several patterns fit, you choose one.

[bold]Limits[/bold]  Coins stop at 9 (extra is lost). Drops (30) and sweet cards (20) run out.
 Sweet cards are worth 1–3★ and stay hidden until the end.

[bold]End[/bold]  When someone fills all 12 spots, the round is played to its end (everyone has had the
 same number of turns). Stars = tiles (+1 each if pink) + sweet cards + 2★ Crystal Sugar King for
 the one player with the most drops (nobody on a tie). Tie-break: most coins; then a shared win.
[dim]Tile stars, coin spots, money bags, sweet-card stars and die faces are RECONSTRUCTED values.[/dim]
"""
