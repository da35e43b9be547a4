"""Each game's browser renderer, as its plugin names it (``web_module``: ``"package:path.js"``).

The page asks ``GET /api/games`` for every game's ``board`` address and imports that module
(``web/js/games/index.js``), so no part of the browser client names a game. A renderer inside
fruitbowl's own ``web/`` folder is served with the rest of the client under ``/static/``; one
shipped by another package is served from its own folder under ``/boards/<game id>/`` (its
neighbours too, so it may import its own helpers and load its own stylesheet; the shared client
stays at ``/static/js/``).
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path, PurePosixPath
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse

from fruitbowl.engine import Game, UnknownGame, get_plugin
from fruitbowl.engine.wording import _, language, plural

from .campaigns import describe_campaigns

#: The package and folder of the browser client served under ``/static/``.
CLIENT = ("fruitbowl", "web")

#: What a board's folder serves: its modules and its stylesheets (a renderer's ``STYLESHEET``).
MEDIA_TYPES = {".js": "text/javascript", ".css": "text/css"}


def board_url(game_id: str) -> str | None:
    """Where the page loads the game's renderer from, or ``None`` when the game has none."""
    where = get_plugin(game_id).web_file()
    if where is None:
        return None
    package, path = where
    parts = PurePosixPath(path).parts
    if (package, parts[0]) == CLIENT:
        return "/static/" + "/".join(parts[1:])
    return f"/boards/{game_id}/{PurePosixPath(path).name}"


def describe_game(game: Game) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it: :meth:`Game.describe`, its renderer's address, the
    noun its scores count (``score_unit``, or ``None``) and its campaigns (``campaign``: how the
    lobby presents them, or ``None`` for a game not played in campaigns); its words (title, option
    labels and help, the unit) in the language being spoken (the game's declarations mark them)."""
    unit = get_plugin(game.id).score_unit
    return {
        **said_described(game.describe()),
        "board": board_url(game.id),
        # English sends the noun for the page to count; another language its counted form, said as is
        "score_unit": unit if unit is None or language() == "en" else _(plural(unit)),
        "campaign": describe_campaigns(game.id),
    }


def said_described(described: dict[str, Any]) -> dict[str, Any]:
    """:meth:`Game.describe` with its words said: the title and each option's label, help and
    choice and part labels (the ids, names and values stay as they are)."""
    options = []
    for option in described["options"]:
        said = {**option, "label": _(option["label"]), "help": _(option["help"]) if option["help"] else ""}
        if "choice_labels" in option:
            said["choice_labels"] = [_(label) for label in option["choice_labels"]]
        if "parts" in option:
            said["parts"] = [{**part, "label": _(part["label"])} for part in option["parts"]]
        options.append(said)
    return {**described, "title": _(described["title"]), "options": options}


def _board_folder(game_id: str) -> Path:
    try:
        where = get_plugin(game_id).web_file()
    except UnknownGame:
        where = None
    if where is None:
        raise HTTPException(404, f"the game {game_id!r} has no board for the browser")
    package, path = where
    with as_file(files(package).joinpath(*PurePosixPath(path).parent.parts)) as folder:
        return Path(folder)


def install_boards(app: FastAPI) -> None:
    """Serve renderers that other packages ship (fruitbowl's own are under ``/static/``)."""

    @app.get("/boards/{game_id}/{name}", include_in_schema=False)
    def board_file(game_id: str, name: str) -> FileResponse:
        folder = _board_folder(game_id)
        target = folder / name
        kind = MEDIA_TYPES.get(PurePosixPath(name).suffix)
        if "/" in name or "\\" in name or name.startswith(".") or kind is None or not target.is_file():
            raise HTTPException(404, f"there is no file {name!r} in the board of {game_id!r}")
        return FileResponse(target, media_type=kind)
