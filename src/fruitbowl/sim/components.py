"""Which components a seat used in a game, derived from its actions and their events.

A *component use* is a ``(category, name)`` pair credited to a seat: "plantation tile: lime
with a well" when a Citrus player places a lime well, "location used: #6 Two pineapples for five"
when a Fabled Fruit player acts at location 6, "business token: T09 …" when a Juicy Fruits
player claims token T09. The balance report relates each to winning.

Two rules find them:

* a small per-game hook (:class:`~fruitbowl.engine.plugin.ComponentHooks`, the game plugin's
  ``components``, usually ``games/<id>/analysis.py``) names the action kinds and event kinds
  that mean a component was used, and gives them readable categories and labels;
* a generic rule covers everything else, including modules added later (Mystic Island
  statues, Lime locations): any event with an acting seat whose data has a field named like a
  component (``location``, ``token``, ``statue``, ``tile``, ``ship``…) with a text or whole-number
  value is a use of ``"<event kind> <field>": value``. A hook switches the generic rule off only
  for the event kinds it already handles.
"""

from __future__ import annotations

from collections.abc import Iterable

from fruitbowl.engine import Action, Event, UnknownGame
from fruitbowl.engine.plugin import ComponentHooks
from fruitbowl.engine.registry import get_plugin

#: Field names (or parts of them) that name a component in an event's data.
COMPONENT_WORDS = (
    "location",
    "token",
    "statue",
    "tile",
    "ship",
    "pattern",
    "site",
    "business",
    "venue",
    "card_name",
    "landmark",
    "boulder",
    "module",
)

Use = tuple[int, str, str]  # (seat, category, name)


def hooks_for(game_id: str) -> ComponentHooks:
    """The game's component hooks (its plugin's ``components``); a game without them, or one not
    installed here, is read by the generic rule alone."""
    try:
        return get_plugin(game_id).component_hooks()
    except UnknownGame:
        return ComponentHooks()


def uses(game_id: str, action: Action, actor: int, events: Iterable[Event]) -> list[Use]:
    """The component uses of one action (played by ``actor``) and the events it caused."""
    hook = hooks_for(game_id)
    found: list[Use] = []
    by_action = hook.actions.get(action.kind)
    if by_action is not None:
        found += [(actor, category, name) for category, name in by_action(action.fields)]
    for event in events:
        seat = event.actor
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            continue
        by_event = hook.events.get(event.kind)
        if by_event is not None:
            found += [(seat, category, name) for category, name in by_event(event.data)]
        elif event.kind not in hook.handled:
            found += [(seat, category, name) for category, name in generic(event)]
    return found


def generic(event: Event) -> list[tuple[str, str]]:
    """Fields of an event's data whose names mark a component (see :data:`COMPONENT_WORDS`)."""
    out = []
    for key, value in event.data.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            continue
        lowered = key.lower()
        if any(word in lowered for word in COMPONENT_WORDS):
            out.append((f"{event.kind} {key}".replace("_", " "), str(value)))
    return out


def kind_label(game_id: str, kind: str) -> str:
    """An action kind as the game names it, in the language being spoken; else as recorded."""
    say = hooks_for(game_id).kinds.get(kind)
    return kind if say is None else say()


def category_label(game_id: str, category: str) -> str:
    """A component category as the game names it, in the language being spoken; else as recorded."""
    say = hooks_for(game_id).categories.get(category)
    return category if say is None else say()


def component_label(game_id: str, category: str, name: str) -> str:
    """A recorded component name as the game says it, in the language being spoken; else as recorded."""
    say = hooks_for(game_id).names.get(category)
    return name if say is None else say(name)
