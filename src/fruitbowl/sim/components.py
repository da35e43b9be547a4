"""Which components a seat used in a game, derived from its actions and their events.

A *component use* is a ``(category, name)`` pair credited to a seat: "plantation tile: lime
with a well" when a Citrus player places a lime well, "location used: #6 Two pineapples for five"
when a Fabled Fruit player acts at location 6, "business token: T09 …" when a Juicy Fruits
player claims token T09. The balance report relates each to winning.

Two rules find them, with no code in the game folders:

* a small per-game hook (:data:`HOOKS`) names the action kinds and event kinds that mean a
  component was used, and gives them readable categories and labels;
* a generic rule covers everything else, including modules added later (Mystic Island
  statues, Lime locations): any event with an acting seat whose data has a field named like a
  component (``location``, ``token``, ``statue``, ``tile``, ``ship``…) with a text or whole-number
  value is a use of ``"<event kind> <field>": value``. A hook switches the generic rule off only
  for the event kinds it already handles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from fruitbowl.engine import Action, Event

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


@dataclass(frozen=True)
class GameHook:
    """How one game names its components.

    ``actions`` maps an action kind to a function of the action's fields giving ``(category,
    name)`` pairs credited to the acting seat; ``events`` maps an event kind to a function of
    the event's data giving pairs credited to the event's actor. ``handled`` lists event kinds
    the generic rule must skip (the ones a hook reads, and ones that only look like uses).
    """

    actions: Mapping[str, Callable[[Mapping[str, Any]], Iterable[tuple[str, str]]]] = field(default_factory=dict)
    events: Mapping[str, Callable[[Mapping[str, Any]], Iterable[tuple[str, str]]]] = field(default_factory=dict)
    handled: frozenset[str] = frozenset()


def uses(game_id: str, action: Action, actor: int, events: Iterable[Event]) -> list[Use]:
    """The component uses of one action (played by ``actor``) and the events it caused."""
    hook = HOOKS.get(game_id, GameHook())
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


# --- per-game hooks ---------------------------------------------------------------------------


def _citrus_place(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    out = [("plantation tile", _citrus_tile_name(fields.get("type"), bool(fields.get("well"))))]
    out += [("action tile", name) for name in ("bridge", "milestone") if fields.get(name)]
    return out


def _citrus_tile_name(short: Any, well: bool) -> str:
    """A plantation tile as players name it: "blood orange with a well", not "blood well"."""
    from fruitbowl.games.citrus.components import COMPONENTS

    name = COMPONENTS.type_names[COMPONENTS.types.index(short)] if short in COMPONENTS.types else str(short)
    return name + (" with a well" if well else "")


def _fabled_location(category: str) -> Callable[[Mapping[str, Any]], list[tuple[str, str]]]:
    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        location = data.get("location")
        return [] if location is None else [(category, _fabled_name(location))]

    return read


@cache
def _fabled_names() -> dict[int, str]:
    try:
        from fruitbowl.games.fabledfruit.components import COMPONENTS

        return {number: location.name for number, location in COMPONENTS.locations.items()}
    except Exception:  # labels are a nicety: a changed data module must not break a report
        return {}


def _fabled_name(location: Any) -> str:
    name = _fabled_names().get(location) if isinstance(location, int) else None
    return f"#{location} {name}" if name else f"#{location}"


@cache
def _juicy_names() -> dict[str, str]:
    try:
        from fruitbowl.games.juicyfruits.components import COMPONENTS

        return {token.id: token.name for token in COMPONENTS.tokens}
    except Exception:  # labels are a nicety
        return {}


def _juicy_token(category: str) -> Callable[[Mapping[str, Any]], list[tuple[str, str]]]:
    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        token = data.get("token")
        if token is None:
            return []
        name = _juicy_names().get(str(token))
        return [(category, f"{token} {name}" if name else str(token))]

    return read


def _field(category: str, key: str, fmt: str = "{}") -> Callable[[Mapping[str, Any]], list[tuple[str, str]]]:
    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        value = data.get(key)
        return [] if value is None else [(category, fmt.format(value))]

    return read


def _const(category: str, name: str) -> Callable[[Mapping[str, Any]], list[tuple[str, str]]]:
    return lambda _data: [(category, name)]


HOOKS: dict[str, GameHook] = {
    "citrus": GameHook(
        actions={
            "place": _citrus_place,
            "cash": _const("action tile", "money"),
            "cart": _const("action tile", "cart"),
            "bull": _const("action tile", "bull"),
            "buy": _field("market line", "line_name"),
            "site": _field("finca site", "letter"),
        },
        # what the actions above already count, and events that only look like uses
        handled=frozenset({"place", "buy", "finca", "bull", "cart", "cash", "finca_scored", "harvest"}),
    ),
    "fabledfruit": GameHook(
        events={"act": _fabled_location("location used"), "buy": _fabled_location("location bought")},
        handled=frozenset({"move", "signpost", "declare_buy", "refill"}),
    ),
    "juicyfruits": GameHook(
        events={
            "claim": _juicy_token("business token"),
            "place": _juicy_token("token placed"),
            "produce": _juicy_token("token produced"),
            "split": _juicy_token("token split"),
            "bonus": _juicy_token("token bonus"),
            "supply": _field("ship", "ship"),
        },
    ),
    "tanghulu": GameHook(
        events={"reward": _field("pattern", "pattern"), "garnish": _field("garnish", "stars", "{}★")},
        handled=frozenset({"buy", "place", "die_tile", "return", "refill"}),
    ),
}
