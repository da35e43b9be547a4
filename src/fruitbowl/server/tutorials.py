"""Tutorials at the web table: a guided first game against bots on a prepared deal.

A tutorial is an ordinary table (restart survival, replay, results: everything a table has)
marked with the tutorial it plays (``tables.tutorial``), created with the tutorial's seed,
players, options and bots (:mod:`fruitbowl.engine.tutorials` reads them from the game's
``tutorial.toml``). Two things set it apart, both derived from the table's record so that leaving
and reopening — in another browser, after a server restart — resumes exactly:

- **its bots play the same moves every time**: each bot move is chosen by a bot seeded from the
  table's seed, the seat and the move number (:func:`bot_for_move`), not by a bot whose
  generator has run since the server started;
- **the coach**: the seat's own snapshot carries ``tutorial`` (:func:`coach`): the step, how many
  the prepared line has, what to do and why — the lesson of ``tutorial.toml`` the first time a
  kind of decision comes up, a short reason later —, a link to the rule's paragraph, and the
  suggested action, chosen by the game's greedy bot from the seat's own view (fast and seeded by
  the position, so the same position always gets the same suggestion). The player may play
  another move: the coach carries on from the position reached. The coach speaks the reader's
  language (the tutorial's sentences are its game's catalog's): its answers are kept per
  position and language.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fruitbowl.bots import Bot, SeatHandle, make_bot
from fruitbowl.engine import Match, Player, get_game
from fruitbowl.engine.actions import Action
from fruitbowl.engine.errors import IllegalAction
from fruitbowl.engine.game import State
from fruitbowl.engine.record import ChanceSource, replay, start_state
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.tutorials import ONLY_MOVE, SUGGESTED, Tutorial, find_tutorial, join_sentences, tutorials
from fruitbowl.engine.wording import _, language

from .errors import NotFound
from .live import LiveTable
from .rules_pages import rule_link

#: The player's seat at a tutorial's table (the bots sit after it).
PLAYER = 0
#: The level of the bot that suggests the player's moves: fast and seeded.
COACH = "greedy"
#: What a newcomer takes for a decision, and for a move with one choice, in seconds (the
#: tutorial's expected length).
DECISION_S, FORCED_S = 10, 3


def bot_for_move(level: str, seed: int, seat: int, version: int) -> Bot:
    """The bot that chooses a seat's move at a tutorial's table: seeded from the table's seed, the
    seat and the move number, so that the same deal plays the same way every time."""
    return make_bot(level, derive_seed(seed, "tutorial", seat, version))


def suggestion(state: State, seat: int, seed: int, version: int) -> Action:
    """The move the coach suggests to ``seat`` (the greedy bot's, from the seat's own view)."""
    return bot_for_move(COACH, seed, seat, version).choose(SeatHandle(state.clone(), seat))


@dataclass(frozen=True)
class Line:
    """The length of a tutorial's prepared line: the game played by following every suggestion."""

    steps: int  # the player's moves
    decisions: int  # of them, those with a choice (more than one legal move)

    @property
    def seconds(self) -> int:
        """How long a newcomer takes to play it (the lobby shows it in whole minutes)."""
        return self.decisions * DECISION_S + (self.steps - self.decisions) * FORCED_S

    @property
    def minutes(self) -> int:
        return max(1, round(self.seconds / 60))


def line_of(tutorial: Tutorial) -> Line:
    """The prepared line's length, as ``tutorial.toml`` states it (:func:`play_line` measures it)."""
    return Line(tutorial.moves, tutorial.decisions)


def play_line(tutorial: Tutorial) -> Line:
    """Play a tutorial's deal as its coach suggests and its bots answer, and count the player's
    moves (about a second of the bots' thinking: the tests check ``tutorial.toml`` with it)."""
    names = [Player(f"Seat {seat + 1}", "human" if seat == PLAYER else "bot") for seat in range(tutorial.players)]
    match = Match.new(get_game(tutorial.game), names, tutorial.seed, tutorial.options)
    steps = decisions = 0
    while not match.state.is_terminal():
        state, version = match.state, len(match.record.actions)
        seat = state.current_player
        if seat < 0:
            raise RuntimeError(f"{tutorial.game}'s match stopped at a chance node it did not deal")
        if seat == PLAYER:
            steps += 1
            decisions += len(state.legal_actions()) > 1
            action = suggestion(state, seat, tutorial.seed, version)
        else:
            bot = bot_for_move(tutorial.bots[seat - 1], tutorial.seed, seat, version)
            action = bot.choose(SeatHandle(state.clone(), seat))
        match.apply(action)
    return Line(steps, decisions)


def _by_id(tutorial_id: str) -> Tutorial:
    found = next((t for t in tutorials() if t.id == tutorial_id), None)
    if found is None:
        raise NotFound(_("there is no tutorial {tutorial}").format(tutorial=repr(tutorial_id)))
    return found


def describe(tutorial: Tutorial) -> dict[str, Any]:
    """A tutorial as ``GET /api/tutorials`` lists it."""
    line = line_of(tutorial)
    return {
        "id": tutorial.id,
        "game": tutorial.game,
        "module": tutorial.module,
        "title": tutorial.title,
        "about": tutorial.say(tutorial.about),
        "players": tutorial.players,
        "steps": line.steps,
        "decisions": line.decisions,
        "seconds": line.seconds,
        "minutes": line.minutes,
    }


def listing() -> list[dict[str, Any]]:
    return [describe(t) for t in tutorials()]


def choose(game_id: str, module: str | None) -> Tutorial:
    """The tutorial asked for, or :class:`NotFound` saying which ones there are."""
    found = find_tutorial(game_id, module)
    if found is not None:
        return found
    mine = [t for t in tutorials() if t.game == game_id]
    if not mine:
        games = sorted({t.game for t in tutorials()})
        raise NotFound(
            _("there is no tutorial of a game {game}; there are tutorials of {games}").format(
                game=repr(game_id), games=_(", ").join(games)
            )
        )
    modules = _(", ").join(repr(t.module) for t in mine if t.module is not None)
    alone = _("the game alone (no module)") if any(t.module is None for t in mine) else ""
    offered = _(", ").join(
        part for part in (alone, _("the modules {modules}").format(modules=modules) if modules else "") if part
    )
    raise NotFound(
        _("{game} has no tutorial of the module {module}; it has {offered}").format(
            game=_(get_game(game_id).title), module=repr(module), offered=offered
        )
    )


# ---------------------------------------------------------------------- the coach

#: Coach answers by language and position (a table's sockets all ask for one position at once).
_ANSWERS: OrderedDict[tuple[str, str, int, tuple[str, ...]], dict[str, Any]] = OrderedDict()
_KEPT = 256


def coach(table: LiveTable, seat: int | None) -> dict[str, Any] | None:
    """What the coach tells the player's seat at a tutorial's table (``None`` for anyone else):
    ``{step, of, text, do, why, rule, suggested, done}`` (see the module's docstring)."""
    if table.tutorial is None or seat != PLAYER:
        return None
    return coach_for(_by_id(table.tutorial), table.match)


def coach_for(tutorial: Tutorial, match: Match) -> dict[str, Any]:
    """The coach's words at a tutorial's position (any front end's match of it) in the language
    being spoken, kept per position and language."""
    key = (language(), tutorial.id, match.record.seed, tuple(match.record.actions))
    answer = _ANSWERS.get(key)
    if answer is None:
        answer = _coach(tutorial, match)
        _ANSWERS[key] = answer
        while len(_ANSWERS) > _KEPT:
            _ANSWERS.popitem(last=False)
    return answer


def _rule(game_id: str, anchor: str | None) -> dict[str, str] | None:
    """The link to a lesson's paragraph, in the language being spoken: a refusal's link (the lesson
    names its rule as a refusal does)."""
    return None if anchor is None else rule_link(IllegalAction("", game=game_id, anchor=anchor))


def _history(played: Match) -> tuple[int, set[str]]:
    """The player's moves so far in a match, and the kinds of decision among them (its record
    replayed with its own outcomes, so that the coach says the same after a restart)."""
    chance = ChanceSource(played.record)
    _game, opening = start_state(played.record, chance)
    made, kinds, actor = 0, set(), opening.current_player
    for _number, text, state, _events in replay(played.record, chance, opening):
        if actor == PLAYER:
            made += 1
            kinds.add(state.table.resolve(text).kind)
        actor = state.current_player
    return made, kinds


def _coach(tutorial: Tutorial, match: Match) -> dict[str, Any]:
    record, game, state = match.record, match.game, match.state
    line = line_of(tutorial)
    made, learnt = _history(match)
    of = max(line.steps, made)
    if state.is_terminal():
        return _step(made, made, "", tutorial.say(tutorial.learned), None, None, done=True)
    if state.current_player != PLAYER:
        waiting = game.prompt(state.view(PLAYER), [p.name for p in record.players])
        return _step(made, of, "", waiting, None, None)
    action = suggestion(state, PLAYER, record.seed, len(record.actions))
    lesson = tutorial.lesson_for(action.kind)
    label = game.describe_action(state.view(PLAYER), action)
    forced = len(state.legal_actions()) == 1
    do = _(ONLY_MOVE if forced else SUGGESTED).format(label=label)
    rule = None if lesson is None else _rule(tutorial.game, lesson.rule)
    why = ""  # the lesson the first time this kind of decision comes up, a short reason later
    if lesson is not None:
        why = tutorial.say(lesson.text if learnt.isdisjoint(lesson.kinds) else lesson.again)
    why = join_sentences(tutorial.say(tutorial.intro) if made == 0 else "", why)
    return _step(made + 1, of, do, why, rule, action.code)


def _step(
    step: int, of: int, do: str, why: str, rule: dict[str, str] | None, suggested: int | None, done: bool = False
) -> dict[str, Any]:
    """The coach's answer: ``text`` is ``why`` then ``do`` (what a terminal prints); a page may
    show ``do`` (the suggested move, or nothing) first and ``why`` after it."""
    text = join_sentences(why, do)
    answer = {"step": step, "of": of, "text": text, "do": do, "why": why, "rule": rule, "suggested": suggested}
    return {**answer, "done": done}
