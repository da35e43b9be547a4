"""A whole random game said in a language: every prompt, action label, refused action, event
sentence (for every viewer) and chance outcome a player can read, each checked by :func:`said`.
Each game's sentence test plays its own games through these."""

from __future__ import annotations

import random
import re

from fruitbowl.bots import SeatHandle, make_bot
from fruitbowl.engine import IllegalAction, Match, Player
from fruitbowl.engine.game import Game
from fruitbowl.engine.wording import speaking
from fruitbowl.i18n import translations

UNFILLED = re.compile(r"\{\w*\}")
CJK = re.compile(r"[\u4e00-\u9fff]")
NAMES = ["Ada", "Bo", "Cy", "Dita", "Eli"]


def said(language: str, text: str) -> str:
    """``text`` as a player reads it: not empty, no placeholder left, and no English in Chinese."""
    assert text and not UNFILLED.search(text), text
    if language == "zh_Hans":
        assert CJK.search(text), f"English left in Chinese: {text!r}"
    return text


def say_a_whole_game(
    game: Game, language: str, players: int, options: dict, seed: int, most_events: int | None = None
) -> int:
    """Play a random game (to its end, or ``most_events`` events) saying everything in
    ``language``; the number of events said."""
    names = NAMES[:players]
    match = Match.new(game, [Player(name, "random") for name in names], seed, options)
    bots = [make_bot("random", seed * 10 + seat) for seat in range(players)]
    rng = random.Random(seed)
    codes = range(len(match.state.table))
    seen = 0
    with speaking(translations(language)):
        while not match.state.is_terminal() and (most_events is None or seen < most_events):
            state, seat = match.state, match.state.current_player
            for viewer in (seat, (seat + 1) % players, None):
                said(language, game.prompt(state.view(viewer), names))
            view = state.view(seat)
            for action in state.legal_actions():
                said(language, game.describe_action(view, action))
            for code in rng.sample(codes, 6):  # a few actions the position refuses, in words
                try:
                    state.validate(code)
                except IllegalAction as refused:
                    if refused.rule not in (None, "chance", "game.over"):
                        said(language, str(refused))
            before = len(match.log)
            match.apply(bots[seat].choose(SeatHandle(state, seat)))
            for _move, event in match.log[before:]:
                for viewer in (*range(players), None):
                    said(language, game.describe_event(event, viewer, names))
                seen += 1
        said(language, game.prompt(match.state.view(0), names))
    return seen
