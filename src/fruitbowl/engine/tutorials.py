"""A game's tutorials: guided first games on a prepared deal, read from ``tutorial.toml`` in the
game's folder.

Each ``[[tutorial]]`` there is one tutorial: the game alone, or one module of an expansion
(``module``, the value players name it by, with the ``options`` that turn it on). It gives the
deal (players, options, seed, the bots' levels), a welcome (``intro``), what the player has
learned at the end (``learned``) and its lessons: each ``[[tutorial.lesson]]`` explains one kind
of decision (``kinds``, the game's action kinds) the first time it comes up (``text``), says a
short reason later on (``again``) and names the paragraph of the game's players' page where the
rule stands (``rule``, a heading's anchor). Texts read numbers from the game's ``data.toml`` with
the players' page's placeholders (``{{ coins.start }}``, see :mod:`.pages`), never as literals.

The sentences (:data:`SENTENCES`) are English messages of the game's catalog
(``python -m fruitbowl.i18n.extract`` reads them from the file into ``<game>.po``, with the
coach's own words said here): a tutorial keeps them as written and says them in the language
being spoken when asked (:meth:`Tutorial.say`), the placeholders filled after translation.

This module only reads and checks the files (pure Python); a front end plays them (the web
table's ``server/tutorials.py``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from . import pages
from .errors import ComponentDataError
from .game import Game
from .registry import all_games
from .wording import N_, _, language

#: The tutorials' file in each game's folder.
TUTORIAL_FILE = "tutorial.toml"
#: The fields of a tutorial (and of its lessons) that are sentences players read: messages of the
#: game's catalog.
SENTENCES = ("module_title", "about", "intro", "learned")
LESSON_SENTENCES = ("text", "again")
#: What the coach says of the suggested move (``{label}``: the action's label).
SUGGESTED = N_("Suggested: {label}.")
ONLY_MOVE = N_("Only one move is possible: {label}.")


@dataclass(frozen=True)
class Lesson:
    """What the coach says of one kind of decision: ``text`` the first time, ``again`` later."""

    kinds: tuple[str, ...]
    text: str  # (English messages with placeholders, as written: :meth:`Tutorial.say` says them)
    again: str
    rule: str | None  # the anchor of the players' page paragraph that states the rule


@dataclass(frozen=True)
class Tutorial:
    id: str  # the game's id, or "<game>-<module>"
    game: str
    module: str | None
    game_title: str  # the game's English title
    module_title: str | None  # the module's English name ("Mystic Island")
    about: str  # one sentence for the lobby
    players: int
    options: Mapping[str, Any]
    seed: int
    bots: tuple[str, ...]  # the level of each seat after the player's (seat 1 on)
    #: the prepared line's length when every suggestion is followed: the player's moves, and
    #: those with a choice (data, so that nothing plays the line to list the tutorials; a test
    #: plays each line and checks them)
    moves: int
    decisions: int
    intro: str
    learned: str
    lessons: tuple[Lesson, ...]
    data: Mapping[str, Any]  # the game's data.toml, which the sentences' placeholders name

    def say(self, message: str) -> str:
        """One of the tutorial's sentences in the language being spoken, its numbers filled in."""
        return " ".join(pages.fill(_(message), self.data).split())

    @property
    def title(self) -> str:
        """ "Learn Tang Hu Lu" ("Learn Juicy Fruits: Mystic Island"), in the language being spoken."""
        if self.module_title is None:
            return _("Learn {game}").format(game=_(self.game_title))
        return _("Learn {game}: {module}").format(game=_(self.game_title), module=_(self.module_title))

    def lesson_for(self, kind: str) -> Lesson | None:
        """The lesson about an action kind (the first that names it), or ``None``."""
        return next((lesson for lesson in self.lessons if kind in lesson.kinds), None)


#: The marks after which a language starts its next sentence without a space (Chinese: "。" then
#: the next sentence at once); any other language puts a space between two sentences.
CLOSED_SENTENCE_ENDS: Mapping[str, tuple[str, ...]] = {"zh_Hans": ("。", "！", "？")}


def join_sentences(*parts: str) -> str:
    """The coach's sentences one after another (empty parts left out), in the language being
    spoken: "Welcome. Buy a tile." but "欢迎。买一块板块。"."""
    closed = CLOSED_SENTENCE_ENDS.get(language(), ())
    joined = ""
    for part in filter(None, parts):
        joined += part if not joined or joined.endswith(closed) else f" {part}"
    return joined


def message(value: str) -> str:
    """A sentence of the file as its catalog holds it (its source lines' breaks as single spaces)."""
    return " ".join(value.split())


def _text(raw: Mapping[str, Any], key: str, data: Mapping[str, Any], where: str) -> str:
    """A sentence field, checked (its placeholders fill from ``data``) and kept as written."""
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ComponentDataError(f"{where}: '{key}' must be a sentence")
    found = pages.internal_ids(value)
    if found:
        raise ComponentDataError(f"{where}: '{key}' shows internal ids {found}")
    try:
        pages.fill(value, data)
    except ComponentDataError as exc:
        raise ComponentDataError(f"{where}: '{key}': {exc}") from None
    return message(value)


def _tutorial(game_id: str, title: str, raw: Mapping[str, Any], shared: list[Any], data: Mapping[str, Any]) -> Tutorial:
    module = raw.get("module") or None
    tid = game_id if module is None else f"{game_id}-{module}"
    where = f"{game_id}/{TUTORIAL_FILE} [{tid}]"
    bots = raw.get("bots")
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise ComponentDataError(f"{where}: 'bots' must list the other seats' bot levels")
    players = raw.get("players")
    if players != len(bots) + 1:
        raise ComponentDataError(f"{where}: {players!r} players need {len(bots) + 1} seats: the player and its bots")
    seed = raw.get("seed")
    if not isinstance(seed, int) or seed < 0:
        raise ComponentDataError(f"{where}: 'seed' must be a whole number of at least 0")
    moves, decisions = raw.get("moves"), raw.get("decisions")
    if not isinstance(moves, int) or not isinstance(decisions, int) or not 0 < decisions <= moves:
        raise ComponentDataError(f"{where}: 'moves' and 'decisions' count the prepared line (0 < decisions <= moves)")
    lessons = []
    for index, lesson in enumerate([*raw.get("lesson", []), *shared]):
        at = f"{where} lesson {index + 1}"
        kinds = lesson.get("kinds")
        if not isinstance(kinds, list) or not kinds:
            raise ComponentDataError(f"{at}: 'kinds' must name the action kinds it explains")
        lessons.append(
            Lesson(
                tuple(kinds),
                _text(lesson, "text", data, at),
                _text(lesson, "again", data, at),
                lesson.get("rule") or None,
            )
        )
    return Tutorial(
        id=tid,
        game=game_id,
        module=module,
        game_title=title,
        module_title=None if module is None else message(raw.get("module_title") or module),
        about=_text(raw, "about", data, where),
        players=players,
        options=dict(raw.get("options", {})),
        seed=seed,
        bots=tuple(bots),
        moves=moves,
        decisions=decisions,
        intro=_text(raw, "intro", data, where),
        learned=_text(raw, "learned", data, where),
        lessons=tuple(lessons),
        data=data,
    )


def read_file(game: type[Game]) -> dict[str, Any]:
    """A game's ``tutorial.toml`` as stored (empty if it has none)."""
    path = resources.files(pages.package_of(game)) / TUTORIAL_FILE
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def sentences(raw: Mapping[str, Any]) -> list[str]:
    """Every sentence of a ``tutorial.toml`` (:func:`read_file`) as its game's catalog holds it."""
    lessons = [*raw.get("lesson", []), *(one for t in raw.get("tutorial", []) for one in t.get("lesson", []))]
    found = [t[key] for t in raw.get("tutorial", []) for key in SENTENCES if isinstance(t.get(key), str)]
    found += [one[key] for one in lessons for key in LESSON_SENTENCES if isinstance(one.get(key), str)]
    return [message(text) for text in found]


def game_tutorials(game: Game) -> list[Tutorial]:
    """A game's tutorials, the game alone first (none if it has no ``tutorial.toml``)."""
    raw = read_file(type(game))
    data = pages.game_data(type(game))
    shared = raw.get("lesson", [])
    return [_tutorial(game.id, game.title, entry, shared, data) for entry in raw.get("tutorial", [])]


@cache
def tutorials() -> tuple[Tutorial, ...]:
    """Every installed game's tutorials, in the games' order."""
    return tuple(t for game in all_games() for t in game_tutorials(game))


def find_tutorial(game_id: str, module: str | None = None) -> Tutorial | None:
    """The tutorial of a game (``module`` ``None``: the game alone), or ``None``."""
    return next((t for t in tutorials() if t.game == game_id and t.module == (module or None)), None)
