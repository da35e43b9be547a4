"""Events: what an action did, in data, with who may see which part of it.

An event's ``data`` is public. ``secret`` holds what only ``owner`` may see (the value of a
card drawn face down); everyone else receives the event without it. ``irreversible`` marks
events that consumed randomness or revealed hidden information, which the undo policy
never crosses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    kind: str
    actor: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    owner: int | None = None
    irreversible: bool = False

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        """This event as ``viewer`` may see it (``None`` is a spectator), JSON-ready."""
        out: dict[str, Any] = {"kind": self.kind, "actor": self.actor, **self.data}
        if self.secret is not None and viewer is not None and viewer == self.owner:
            out.update(self.secret)
        return out

    def to_json(self) -> dict[str, Any]:
        """The complete event, for the server's own storage and golden logs."""
        return {
            "kind": self.kind,
            "actor": self.actor,
            "data": self.data,
            "secret": self.secret,
            "owner": self.owner,
            "irreversible": self.irreversible,
        }


def move_shown_to(actor: int, events: Sequence[Event], viewer: int | None) -> bool:
    """Whether ``viewer`` (``None``: a spectator) may know which action seat ``actor`` chose: the
    actor always does, anyone else unless one of the action's events keeps a secret from them
    (a Fabled Fruit ``give grapes`` is the giver's; the others only read that a fruit was given).
    A table's replay and OpenSpiel's information states both follow this rule."""
    if viewer is not None and viewer == actor:
        return True
    return not any(e.secret is not None and e.owner != viewer for e in events)
