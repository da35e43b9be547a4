"""Who may read what of a table: private tables, and replays redacted per viewer.

A table is **private** when its host allows neither spectators nor joining by the open link:
it is not listed, and its record, replay and review are for its seats only (a seat token). A
table that only refuses spectators keeps those for its seats too, as it does its position.

A **replay** is compact: every move with what the viewer may know of it (its text, who made it,
and the log as :meth:`Game.describe_event` words it for that viewer), and the position after one
move at a time (``at``), as :meth:`State.view` shows it to that viewer. A move's text is shown
to the seat that made it; anyone else sees it only when none of the move's events keeps a secret
from them (the events' own rule, :meth:`Event.for_viewer`): a Fabled Fruit ``give grapes`` is the
giver's, while the others read "… gave … a fruit". The full record (with the seed, which decides
every hidden card) is published only when the game is over, and never for a private table to
anyone but its seats.

A replay also shows what was said and done at the table between the moves, after the move it
followed (a note's ``move``): the renames, to everyone (they are in the table's log), and the
chat, to the table's players only (a seat token of that table). A spectator, or anyone reading a
finished public table's replay, gets it without the chat: the game is public, the talk is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine import Event, Record
from fruitbowl.engine.events import move_shown_to
from fruitbowl.engine.record import replay, start_state

from .errors import Forbidden, NotFound
from .snapshots import chat_entry, rename_sentence

if TYPE_CHECKING:
    from .live import LiveTable, Note


def is_private(allow_spectators: bool, open_join: bool) -> bool:
    return not allow_spectators and not open_join


def check_reader(table: LiveTable, seat: int | None, what: str) -> None:
    """Refuse ``what`` (a record, replay or review) to a non-seat of a table without spectators."""
    if seat is None and not table.allow_spectators:
        raise Forbidden(f"this table's {what} is for its players only: send your seat token")


def shown_move(text: str, actor: int, events: Sequence[Event], viewer: int | None) -> str | None:
    """A move's text as ``viewer`` may see it (:func:`~fruitbowl.engine.events.move_shown_to`):
    ``None`` when the move hides something from them."""
    return text if move_shown_to(actor, events, viewer) else None


def replay_notes(table: LiveTable, viewer: int | None) -> list[Note]:
    """The notes a replay shows ``viewer``: the renames, and the chat if they have a seat."""
    return sorted(table.renames + (table.chat if viewer is not None else []), key=lambda note: note.order)


def replay_moves(record: Record, viewer: int | None, notes: Sequence[Note] = ()) -> dict[str, Any]:
    """Every move of a record as ``viewer`` may know it (no positions: see :func:`replay_view`),
    each with the ``notes`` made after it (see :func:`replay_notes`) as ``notes``: a log note
    (a rename: ``{"kind": "rename", "seat", "text"}``, ``text`` its sentence as the table's log
    says it), or a chat message ``{"kind": "chat", …}`` (as the table state's ``chat`` has it)."""
    game, opening = start_state(record)
    names = [p.name for p in record.players]
    steps: list[dict[str, Any]] = [
        {
            "move": 0,
            "action": None,
            "actor": None,
            "log": [game.describe_event(e, viewer, names) for e in getattr(opening, "setup_events", [])],
            "notes": [],
        }
    ]
    actor = opening.current_player
    for number, text, state, events in replay(Record(**{**record.__dict__, "result": None})):
        steps.append(
            {
                "move": number,
                "action": shown_move(text, actor, events, viewer),
                "actor": actor,
                "log": [game.describe_event(e, viewer, names) for e in events],
                "notes": [],
            }
        )
        actor = state.current_player
    for note in notes:
        said = (
            {"kind": "chat", **chat_entry(note)}
            if note.kind == "chat"
            else {"kind": note.kind, "seat": note.seat, "text": rename_sentence(note, viewer)}
        )
        steps[min(note.move, len(steps) - 1)]["notes"].append(said)
    return {
        "game": game.id,
        "seat": viewer,
        "players": names,
        "moves": len(record.actions),
        "steps": steps,
        "chat": viewer is not None,  # whether the notes hold the chat (for the table's players only)
    }


def replay_view(record: Record, viewer: int | None, at: int) -> dict[str, Any]:
    """The position after move ``at`` (0: the opening) as ``viewer`` saw it."""
    if not 0 <= at <= len(record.actions):
        raise NotFound(f"this game has moves 0 to {len(record.actions)}; there is no move {at}")
    game, state = start_state(record)
    if at:
        upto = Record(**{**record.__dict__, "actions": record.actions[:at], "result": None})
        for _number, _text, after, _events in replay(upto):
            state = after
    return {"game": game.id, "seat": viewer, "move": at, "view": state.view(viewer)}
