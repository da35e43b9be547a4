"""The registry of games: every front end finds games here by id."""

from __future__ import annotations

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game; registering a second game under the same id is a programming error."""
    existing = _GAMES.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _GAMES[game.id] = game
    return game


def _load_builtin_games() -> None:
    # Importing the package registers every built-in game.
    import fruitbowl.games  # noqa: F401


def normalize_game_id(game_id: str) -> str:
    """How people type a game's name → its id: ``TangHuLu``, ``tang-hu-lu``, ``Tang Hu Lu`` → ``tanghulu``."""
    return "".join(ch for ch in game_id.lower() if ch not in " -_")


def get_game(game_id: str) -> Game:
    """The registered game with this id (in any case), or :class:`UnknownGame` listing the known ones."""
    _load_builtin_games()
    game = _GAMES.get(game_id) or _GAMES.get(normalize_game_id(game_id))
    if game is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {known}")
    return game


def all_games() -> list[Game]:
    _load_builtin_games()
    return [_GAMES[key] for key in sorted(_GAMES)]
