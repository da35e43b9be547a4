"""Seeded Tang Hu Lu games for the engine's tests: matches and records of real play."""

from __future__ import annotations

import random
from typing import Any

from fruitbowl.engine import Match, Player, get_game

NAMES = ("Ada", "Bo", "Cy", "Di")


def new_match(num_players: int = 3, seed: int = 1, options: dict[str, Any] | None = None) -> Match:
    players = [Player(name) for name in NAMES[:num_players]]
    return Match.new(get_game("tanghulu"), players, seed, options)


def play_random(match: Match, moves: int | None = None, choice_seed: int = 0) -> Match:
    """Play seeded random legal moves: ``moves`` of them, or to the end."""
    rng = random.Random(choice_seed)
    played = 0
    while not match.state.is_terminal() and (moves is None or played < moves):
        match.apply(rng.choice(match.state.legal_actions()))
        played += 1
    return match
