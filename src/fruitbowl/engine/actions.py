"""Actions: an integer code, a canonical text, and structured fields for user interfaces.

Each game builds one :class:`ActionTable` holding every action of its fixed action space.
States hand out these shared, immutable objects, so comparing and hashing them is cheap.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import IllegalAction
from .wording import _


class Action:
    """One decision a player can make.

    ``code`` is in ``[0, num_distinct_actions)``; ``text`` is short, unique and parseable;
    ``kind`` and ``fields`` describe the action for a user interface (what to highlight and
    where to click). Actions are shared singletons: equality is identity.
    """

    __slots__ = ("code", "fields", "kind", "text")

    def __init__(self, code: int, text: str, kind: str, fields: Mapping[str, Any] | None = None):
        self.code = code
        self.text = text
        self.kind = kind
        self.fields: Mapping[str, Any] = dict(fields or {})
        clash = {"code", "text", "kind"} & set(self.fields)
        if clash:
            raise ValueError(f"action field names {sorted(clash)} clash with the action's own (in {text!r})")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "text": self.text, "kind": self.kind, **self.fields}

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self  # actions are shared, immutable singletons

    def __repr__(self) -> str:
        return f"<Action {self.code} {self.text!r}>"

    def __str__(self) -> str:
        return self.text


def normalize_text(text: str) -> str:
    """Lower-case and fold white space, so ``"Buy  S1 on 2"`` parses like ``"buy s1 on 2"``."""
    return " ".join(text.lower().split())


class ActionTable:
    """The complete, fixed action space of a game: lookup by code and by text."""

    def __init__(self, actions: Iterable[Action], aliases: Mapping[str, str] | None = None):
        self.actions: tuple[Action, ...] = tuple(actions)
        for index, action in enumerate(self.actions):
            if action.code != index:
                raise ValueError(f"action codes must be 0..n-1 in order; {action!r} is at {index}")
        self._by_text = {normalize_text(a.text): a for a in self.actions}
        if len(self._by_text) != len(self.actions):
            raise ValueError("action texts must be unique")
        for alias, target in (aliases or {}).items():
            if normalize_text(target) not in self._by_text:
                raise ValueError(f"alias {alias!r} names {target!r}, which is not an action text")
            self._by_text.setdefault(normalize_text(alias), self._by_text[normalize_text(target)])

    def __len__(self) -> int:
        return len(self.actions)

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionTable:
        return self  # immutable once built

    def __getitem__(self, code: int) -> Action:
        return self.actions[code]

    def parse(self, text: str) -> Action:
        """The action a text names (canonical text, a registered alias, or a bare code)."""
        key = normalize_text(text)
        action = self._by_text.get(key)
        if action is not None:
            return action
        if key.isascii() and key.isdigit() and int(key) < len(self.actions):  # not '²', which int() refuses
            return self.actions[int(key)]
        raise IllegalAction(_("{text} is not an action of this game").format(text=repr(text)))

    def resolve(self, action: Action | int | str) -> Action:
        """The table's own action for an action object, an integer code or a text."""
        if isinstance(action, Action):
            if 0 <= action.code < len(self.actions) and self.actions[action.code] is action:
                return action
            return self.resolve(action.text)
        if isinstance(action, bool):
            raise IllegalAction(_("{action} is not an action").format(action=repr(action)))
        if isinstance(action, str):
            return self.parse(action)
        try:
            code = operator.index(action)  # ints, and integer types such as numpy's
        except TypeError:
            raise IllegalAction(
                _("{action} is not an action, a code or an action text").format(action=repr(action))
            ) from None
        if 0 <= code < len(self.actions):
            return self.actions[code]
        raise IllegalAction(_("action code {code} is outside 0..{last}").format(code=code, last=len(self.actions) - 1))
