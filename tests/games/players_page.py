"""Reading a game's players' page in its tests as a player reads it: the page with its numbers
filled from the game's data, and the words under one heading (the paragraph a refusal links to)."""

from __future__ import annotations

import re
from typing import Any

import fruitbowl.engine.pages as pages
from fruitbowl.engine import get_game


def data_of(game_id: str) -> dict[str, Any]:
    """The game's ``data.toml`` as stored."""
    return pages.game_data(type(get_game(game_id)))


def page_of(game_id: str, mark: pages.Mark | None = None) -> str:
    """The game's page with its placeholders filled (and marked by ``mark`` where given)."""
    game = get_game(game_id)
    source = pages.page_source(type(game))
    assert source is not None, f"{game.title} has no players' page"
    return pages.fill(source, pages.game_data(type(game)), mark)


def flat(text: str) -> str:
    """Text as read: no emphasis, code marks or inline HTML, one space between words."""
    return " ".join(re.sub(r"<[^>]+>|\*\*|`", "", text).split())


def section(page: str, anchor: str) -> str:
    """The words under the heading with this anchor, up to the next heading of its level or
    above (a heading's subsections belong to it)."""
    lines = page.splitlines()
    for i, line in enumerate(lines):
        match = re.match(r"^(#{1,6})\s+(.+?)\s*$", line)
        if match and pages.slug(match.group(2)) == anchor:
            level, body = len(match.group(1)), []
            for rest in lines[i + 1 :]:
                found = re.match(r"^(#{1,6})\s", rest)
                if found and len(found.group(1)) <= level:
                    break
                body.append(rest)
            return flat("\n".join(body))
    raise AssertionError(f"no heading #{anchor} on the page")
