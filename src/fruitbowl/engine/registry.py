"""The registry of games: every front end finds games, and their plugins, here by id.

Games are discovered through the ``fruitbowl.games`` entry point group: each entry's name is a
game id and its value a :class:`~fruitbowl.engine.plugin.GamePlugin` (see that module). The
built-in games are declared in fruitbowl's own ``pyproject.toml`` exactly like a game installed
from another package, so the engine names no game. Discovery runs once, on first use;
:func:`discover` runs it again (after installing a game into a running interpreter).

A plugin that cannot be loaded does not take the other games down: it is left out of
:func:`all_games` with a warning, and asking for it by id raises :class:`UnknownGame` saying why.
"""

from __future__ import annotations

import threading
import warnings
from importlib.metadata import entry_points

from .errors import UnknownGame
from .game import Game
from .plugin import GamePlugin

#: The entry point group games are declared in.
ENTRY_POINT_GROUP = "fruitbowl.games"

_GAMES: dict[str, Game] = {}
_PLUGINS: dict[str, GamePlugin] = {}
_BROKEN: dict[str, str] = {}
_discovered = False
_discovering = threading.RLock()  # a server's threads may ask for the first game at once


def register(item: Game | GamePlugin) -> Game:
    """Add a game (or a game's plugin) by hand; a different game under a taken id is refused."""
    plugin = item if isinstance(item, GamePlugin) else GamePlugin(game=type(item))
    game = item if isinstance(item, Game) else plugin.game()
    existing = _GAMES.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"a different game is already registered as {game.id!r}")
    if existing is None or isinstance(item, GamePlugin):
        _GAMES[game.id] = existing or game
        _PLUGINS[game.id] = plugin
    _BROKEN.pop(game.id, None)
    return _GAMES[game.id]


def unregister(game_id: str) -> None:
    """Forget a game (one a test registered, or one uninstalled from a running interpreter)."""
    _GAMES.pop(game_id, None)
    _PLUGINS.pop(game_id, None)
    _BROKEN.pop(game_id, None)


def discover() -> None:
    """Load every game named in the ``fruitbowl.games`` entry point group (again)."""
    global _discovered
    with _discovering:
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            if entry.name in _GAMES:
                continue
            try:
                plugin = entry.load()
                if not isinstance(plugin, GamePlugin):
                    raise TypeError(f"{entry.value} is a {type(plugin).__name__}, not a GamePlugin")
                if plugin.id != entry.name:
                    raise ValueError(f"{entry.value} describes the game {plugin.id!r}, not {entry.name!r}")
                register(plugin)
            except Exception as exc:  # one broken package must not take every game down
                _BROKEN[entry.name] = f"{type(exc).__name__}: {exc}"
                warnings.warn(f"the game {entry.name!r} ({entry.value}) cannot be loaded: {exc}", stacklevel=3)
        _discovered = True


def _discover_once() -> None:
    if not _discovered:  # once set, the games are all registered: no lock on the fast path
        discover()


def normalize_game_id(game_id: str) -> str:
    """How people type a game's name → its id: ``TangHuLu``, ``tang-hu-lu``, ``Tang Hu Lu`` → ``tanghulu``."""
    return "".join(ch for ch in game_id.lower() if ch not in " -_")


def _find(game_id: str) -> str:
    _discover_once()
    for key in (game_id, normalize_game_id(game_id)):
        if key in _GAMES:
            return key
        if key in _BROKEN:
            raise UnknownGame(f"the game {key!r} is installed but cannot be loaded: {_BROKEN[key]}")
    known = ", ".join(sorted(_GAMES)) or "none"
    shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"  # (an error never echoes a flood)
    raise UnknownGame(f"unknown game {shown!r}; the games are: {known}")


def get_game(game_id: str) -> Game:
    """The registered game with this id (in any case), or :class:`UnknownGame` listing the known ones."""
    return _GAMES[_find(game_id)]


def get_plugin(game_id: str) -> GamePlugin:
    """The plugin of the game with this id: its front ends' hooks (see :mod:`.plugin`)."""
    return _PLUGINS[_find(game_id)]


def all_games() -> list[Game]:
    _discover_once()
    return [_GAMES[key] for key in sorted(_GAMES)]


def all_plugins() -> list[GamePlugin]:
    _discover_once()
    return [_PLUGINS[key] for key in sorted(_PLUGINS)]
