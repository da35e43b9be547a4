"""What each seat may know of a Windfall position (the information boundary), and its shape.

Everything is public except the bonus cards: a seat sees its own, and everyone's once the game
is over. ``WindfallView`` declares the view's shape; the game names it as its ``view_type``, and
the conformance kit holds every view to it (``fruitbowl.views``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from .components import MOST

if TYPE_CHECKING:
    from .rules import WindfallState


class PlayerView(TypedDict):
    seat: int
    apples: int  # taken so far
    windfall: int  # the bonus for the last apple (0 until someone takes it)
    card: NotRequired[int]  # the secret bonus card: the viewer's own, and everyone's at the end


class WindfallView(TypedDict):
    game: Literal["windfall"]
    viewer: int | None  # None: a spectator
    current_player: int  # -1 once the game is over
    basket: int  # apples left
    most_taken: int  # a turn takes 1 to this many (never more than are left)
    players: list[PlayerView]


def build_view(state: WindfallState, seat: int | None) -> WindfallView:
    over = state.basket == 0
    players: list[PlayerView] = []
    for p in range(state.num_players):
        player: PlayerView = {"seat": p, "apples": state.apples[p], "windfall": state.windfall(p)}
        if p == seat or over:
            player["card"] = state.cards[p]
        players.append(player)
    return {
        "game": "windfall",
        "viewer": seat,
        "current_player": state.current_player,
        "basket": state.basket,
        "most_taken": MOST,
        "players": players,
    }
