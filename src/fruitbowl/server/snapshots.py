"""What a client sees of a table: a viewer's snapshot, the table's action space, and why an
action is not possible.

A snapshot is everything one client (a seat, or a spectator) may know of a table, as one
message; it leaves out what the table's action space carries (every action's text and usual
label, the view's fixed parts), which a client loads once per table.
"""

from __future__ import annotations

import bisect
import functools
import gzip
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from fruitbowl.bots import bot_label
from fruitbowl.engine import Event, IllegalAction, get_game, get_plugin
from fruitbowl.engine.actions import Action
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.game import Game
from fruitbowl.engine.wording import _, language

from . import clocks
from .db import aware
from .errors import BadRequest, Conflict, Forbidden
from .languages import speaking_in
from .live import LiveTable, Note, shown_name
from .rules_pages import rule_link
from .tutorials import coach

#: Chat messages in a snapshot: the latest ones (a page adds each one pushed after it).
CHAT_SHOWN = 50

#: Log entries in a snapshot: the latest ones; the page keeps those it was sent before, so a
#: player who watches the table sees a longer log while every snapshot stays small.
LOG_LENGTH = 20


@dataclass(frozen=True)
class ActionSpace:
    """What a client loads once per table (``GET /api/tables/{id}/actions``) so that each
    snapshot can leave it out: every action (code, text, kind, fields and ``label``) and the
    parts of every view that never change (``fixed_view``: the game plugin's, see
    :meth:`~fruitbowl.engine.plugin.GamePlugin.view_fixed_parts`)."""

    #: per code, the action's label at the start of a game with these players and options (seed
    #: 0, as the first seat to act sees it; ``None`` where the game cannot describe it there): a
    #: snapshot names a legal action's label only when it differs
    labels: tuple[str | None, ...]
    fixed_view: Mapping[str, Any]
    body: bytes  # the response, as JSON
    gzipped: bytes  # the same, gzip-compressed (Citrus: 1.2 MB of JSON, 71 kB compressed)


@functools.lru_cache(maxsize=32)
def action_space(game_id: str, num_players: int, options: str, words: str = "en") -> ActionSpace:
    """The action space of a game with these players and options (``options``: their JSON with
    sorted keys), its labels in the language ``words``, built once and shared by every table
    that plays it."""
    game = get_game(game_id)
    start = game.new_state(num_players, 0, json.loads(options))
    Dealer(0).settle(start)  # (a game with explicit chance starts at its deal)
    view = start.view(start.current_player)
    with speaking_in(words):
        labels = tuple(_label_at_start(game, view, action) for action in start.table.actions)
    fixed = get_plugin(game_id).view_fixed_parts(start)
    body = {
        "actions": [
            {**action.to_json(), "label": label} for action, label in zip(start.table.actions, labels, strict=True)
        ],
        "fixed_view": fixed,
    }
    encoded = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    return ActionSpace(labels, fixed, encoded, gzip.compress(encoded, compresslevel=6))


def _label_at_start(game: Game, view: Mapping[str, Any], action: Action) -> str | None:
    try:
        return game.describe_action(view, action)
    except (LookupError, TypeError, ValueError, AttributeError):
        return None  # a game describes the actions a position allows; this one needs another


def without_fixed(value: Any, fixed: Any) -> Any:
    """``value`` (a view, or a part of one) without what it shares with ``fixed`` (the view's fixed
    parts): an object keeps only the keys whose values differ, each reduced the same way; a list
    as long as ``fixed``'s keeps every item, objects among them reduced the same way; anything
    else is kept whole. A client puts the fixed parts back the other way round (``withFixed`` in
    ``web/js/table.js``)."""
    if isinstance(value, dict) and isinstance(fixed, dict):
        return {
            key: without_fixed(item, fixed[key]) if key in fixed else item
            for key, item in value.items()
            if key not in fixed or item != fixed[key]
        }
    if isinstance(value, list) and isinstance(fixed, list) and len(value) == len(fixed):
        return [
            without_fixed(item, f) if isinstance(item, dict) else item for item, f in zip(value, fixed, strict=True)
        ]
    return value


def seat_names(table: LiveTable) -> list[str]:
    """The seats' names in the reader's language (the names the table gave: :func:`.live.shown_name`)."""
    return [shown_name(i, s.name) for i, s in enumerate(table.seats)]


def snapshot(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """Everything one client may know about a table, as one message."""
    state, game = table.state, table.match.game
    view = state.view(seat)
    names = seat_names(table)
    my_turn = seat is not None and seat == state.current_player and table.status == "playing"
    legal = state.legal_actions() if my_turn else []
    online = table.online()
    log, log_start = latest_log(table, seat, names)
    space = table_action_space(table)
    message: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "game": game.id,
        "title": _(game.title),  # (in the reader's language, as GET /api/games says it)
        "status": table.status,
        "version": table.version,
        "seat": seat,
        # The view without its fixed parts, which the table's action space carries.
        "view": without_fixed(view, space.fixed_view),
        "prompt": prompt(table, view, names),
        # Each legal action by its code, and its label where it is not the action space's:
        # its text, kind, fields and usual label are in the table's action space
        # (``GET /api/tables/{id}/actions``), and why another action is not possible is asked
        # for one action at a time (:func:`explain`).
        "legal": [_legal_entry(a.code, game.describe_action(view, a), space.labels) for a in legal],
        "can_undo": seat is not None and table.match.can_undo(seat),
        "players": [
            {
                "seat": i,
                "name": names[i],
                "controller": s.controller,
                "claimed": s.claimed,
                "online": i in online or s.controller != "human",
                "takeover": s.takeover,  # a stand-in bot plays for this player now
            }
            for i, s in enumerate(table.seats)
        ],
        "log": log,
        "log_start": log_start,  # the first entry's place in the table's whole log
        "chat": [chat_entry(note) for note in table.chat[-CHAT_SHOWN:]],
        "allow_spectators": table.allow_spectators,  # whether anyone may watch (the host's choice)
        "spectator_chat": table.spectator_chat,  # whether spectators may write in the chat
        "watching": table.watching(),  # spectators' WebSockets, on every server
        "result": _result(table),
        # the time control and each seat's time left (see :mod:`.clocks`), and the stand-in's level
        "clock": None if table.clock is None else table.clock.shown(clocks.now(), table.clocked()),
        "takeover": table.takeover,
        "rematch": table.rematch_id,  # at a campaign's table: the campaign's next game, once started
        "campaign": table.campaign_id,
    }
    coached = coach(table, seat)
    if coached is not None:  # a tutorial's coach, for the player's own seat
        message["tutorial"] = coached
    return message


def _result(table: LiveTable) -> dict[str, Any] | None:
    """The game's result, with the seats a stand-in played for (:meth:`~.live.LiveTable.stand_in_marks`)."""
    result = table.match.record.result
    return None if result is None else {**result, **table.stand_in_marks()}


def latest_log(table: LiveTable, seat: int | None, names: list[str]) -> tuple[list[dict[str, Any]], int]:
    """The latest entries of the table's log as ``seat`` reads them (at least the last move's),
    and the first one's place in the whole log. The log is the game's events and, after the
    entries of the move when it happened, each rename ("Ada is now called Ada L.")."""
    game = table.match.game
    entries, renames = table.match.log, table.renames
    start = max(0, len(entries) - LOG_LENGTH)
    while start > 0 and entries[start - 1][0] == entries[-1][0]:  # the last move's entries, all of them
        start -= 1
    if start < len(entries):  # the renames made since the first move shown
        earlier = bisect.bisect_left([note.move for note in renames], entries[start][0])
    else:  # no game entries: the latest renames
        earlier = max(0, len(renames) - LOG_LENGTH)
    shown: list[tuple[int, int, int, Event | Note]] = [(n, 0, i, e) for i, (n, e) in enumerate(entries[start:])]
    noted: list[tuple[int, int, int, Event | Note]] = [(note.move, 1, note.id, note) for note in renames[earlier:]]
    log: list[dict[str, Any]] = []
    said, words, called = table.described, language(), tuple(names)
    for move, _order, index, item in sorted(shown + noted, key=lambda entry: entry[:3]):
        if isinstance(item, Note):
            log.append({"move": move, "kind": item.kind, "actor": item.seat, "text": rename_sentence(item, seat)})
            continue
        # An entry is worded once per reader (seat and language) while it stays in the latest
        # entries, not again in every snapshot: the same event read under the same names.
        key = (start + index, seat, words)
        known = said.get(key)
        if known is not None and known[0] is item and known[1] == called:
            text = known[2]
        else:
            text = game.describe_event(item, seat, names)
            said[key] = (item, called, text)
        log.append({"move": move, "kind": item.kind, "actor": item.actor, "text": text})
    if len(said) > _DESCRIBED_KEPT:  # the entries no longer among the latest
        table.described = {key: known for key, known in said.items() if key[0] >= start}
    return log, start + earlier


#: Worded log entries kept per table before those that left the latest are forgotten.
_DESCRIBED_KEPT = 8 * LOG_LENGTH


def chat_entry(note: Note) -> dict[str, Any]:
    """A chat message as clients read it: who said it (seat and name then), what, and when (ISO, UTC)."""
    stamp = aware(note.at).astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    return {"id": note.id, "seat": note.seat, "name": note.name, "text": note.text, "at": stamp}


def rename_sentence(note: Note, viewer: int | None) -> str:
    """What the log says of a note (:data:`~.live.LOG_NOTES`): a rename, "Ada is now called Ada L."
    (to that seat: "You are now …"), or a stand-in taking a seat or giving it back."""
    you = viewer is not None and viewer == note.seat
    if note.kind != "rename":
        return stand_in_sentence(note, you)
    if you:
        return _("You are now called {name} (you were {old}).").format(name=note.name, old=note.text)
    return _("{old} is now called {name}.").format(name=note.name, old=note.text)


def stand_in_sentence(note: Note, you: bool) -> str:
    """ "Ada's time ran out: a Strong bot plays for Ada.", "Ada left: …", "Ada is back and plays again."."""
    if note.kind == "back":
        return (
            _("You are back: your seat is yours again.")
            if you
            else _("{name} is back and plays again.").format(name=note.name)
        )
    bot = _("a {level} bot").format(level=_(bot_label(note.text))) if note.text else _("a bot")
    if you:
        if note.kind == "timeout":
            return _("Your time ran out: {bot} plays for you until you take your seat back.").format(bot=bot)
        return _("You left: {bot} plays for you until you take your seat back.").format(bot=bot)
    if note.kind == "timeout":
        return _("{name}'s time ran out: {bot} plays for {name}.").format(name=note.name, bot=bot)
    return _("{name} left: {bot} plays for {name}.").format(name=note.name, bot=bot)


def table_action_space(table: LiveTable, words: str | None = None) -> ActionSpace:
    """The action space of a table's game, players and options (see :func:`action_space`), in
    the language ``words`` (by default the one being spoken, as the snapshot around it)."""
    record = table.match.record
    options = json.dumps(record.options, sort_keys=True)
    return action_space(record.game, len(record.players), options, words or language())


def explain(table: LiveTable, seat: int | None, code: int) -> dict[str, Any]:
    """Why the action ``code`` is not possible for the seat to act (``reason`` ``None``: it
    is legal), at the table's current ``version``; asked when a player clicks a target."""
    if seat is None:
        raise Forbidden(_("only a seated player can ask why an action is not possible (send your seat token)"))
    state = table.state
    if not 0 <= code < len(state.table):
        raise BadRequest(
            _("there is no action {code} in this game: codes go from 0 to {value}").format(
                code=code, value=len(state.table) - 1
            )
        )
    if table.status != "playing" or seat != state.current_player:
        names = seat_names(table)
        raise Conflict(_("it is not your turn: {prompt}").format(prompt=prompt(table, state.view(seat), names)))
    answer: dict[str, Any] = {"code": code, "version": table.version, "reason": None}
    try:
        state.validate(code)
    except IllegalAction as refused:  # its sentence, and its rule's paragraph in the players' page
        answer["reason"] = str(refused)
        link = rule_link(refused)
        if link is not None:
            answer["rule"] = link
    return answer


def prompt(table: LiveTable, view: dict[str, Any], names: list[str]) -> str:
    """What the table waits for, in words: who is to act, or why nobody is."""
    if table.status == "cancelled":
        return _("This game was cancelled by its campaign's owner")
    if table.status == "open":
        free = [shown_name(i, s.name) for i, s in enumerate(table.seats) if not s.claimed]
        return _("Waiting for players to join ({names})").format(names=", ".join(free))
    return table.match.game.prompt(view, names)


def _legal_entry(code: int, label: str, usual: Sequence[str | None]) -> dict[str, Any]:
    """A legal action in a snapshot: its code, and its label unless the action space gives it."""
    return {"code": code} if label == usual[code] else {"code": code, "label": label}
