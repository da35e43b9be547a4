"""A state's fields, declared once: its slots, its copy and its save are derived from the list.

A game's ``State`` used to name each field five to seven times (``__slots__``, annotations,
setup, ``clone``, ``to_json``, ``from_json``), and a field added to one list but not another was
shared between copies or lost on save. Now each game lists its fields once, each with how deep a
copy must go::

    class PlumState(State):
        FIELDS = Fields(Field("hands", 2), Field("deck", 1), Field("player"), Field("_legal", saved=False))
        __slots__ = FIELDS.slots

and :meth:`Fields.copy` (generated once as straight-line code, as fast as a hand-written
``clone``), :meth:`Fields.save` and :meth:`Fields.load` do the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

#: Every state's fixed context: set up once, shared by copies, never saved as a field.
CONTEXT = ("game", "num_players", "options", "table", "rng", "setup_events")

_MISSING: Any = object()


@dataclass(frozen=True)
class Field:
    """One field of a state.

    ``depth``: how many levels of containers a copy duplicates — 0 for a value shared by
    copies (numbers, strings, tuples, shared tables), 1 for a list or dict, 2 for a list of
    lists, 3 for a list of lists of lists. ``optional``: the field may be ``None``. ``tuples``:
    the innermost sequences are tuples, saved as JSON lists and loaded back as tuples.
    ``saved``: written by :meth:`Fields.save` (runtime caches are not). ``cache``: an answer
    cached for the position, forgotten (set to ``None``) by ``State.forget_answers``; caches are
    never saved. ``saved_if``: saved only when this holds for the state (loading then falls back
    to ``default`` or leaves it to the game). ``default``: the value for a save written before
    the field existed.
    """

    name: str
    depth: int = 0
    optional: bool = False
    tuples: bool = False
    saved: bool = True
    cache: bool = False
    saved_if: Callable[[Any], bool] | None = None
    default: Any = _MISSING

    def copy_expression(self, source: str) -> str:
        """Python source that copies ``source`` to this field's depth."""
        body = _copy_source(source, self.depth)
        if self.optional and self.depth:
            return f"(None if {source} is None else {body})"
        return body


def _copy_source(source: str, depth: int) -> str:
    """``x`` (0), ``x.copy()`` (1), ``[v2.copy() for v2 in x]`` (2), and so on."""
    if depth == 0:
        return source
    if depth == 1:
        return f"{source}.copy()"
    return f"[{_copy_source(f'v{depth}', depth - 1)} for v{depth} in {source}]"


class Fields:
    """The declared fields of one ``State`` class, and what is derived from them."""

    def __init__(self, *fields: Field) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice: {sorted(n for n in names if names.count(n) > 1)}")
        clash = set(names) & set(CONTEXT)
        if clash:
            raise ValueError(f"{sorted(clash)} belong to every state's context; do not declare them")
        cached_and_saved = [f.name for f in fields if f.cache and f.saved]
        if cached_and_saved:
            raise ValueError(f"a cache is never saved: declare {cached_and_saved} with saved=False")
        self.fields = fields
        #: The fields that hold cached answers (see ``State.forget_answers``).
        self.caches = tuple(f.name for f in fields if f.cache)
        #: ``__slots__`` for the state class: the context and every field.
        self.slots = tuple(sorted({*CONTEXT, *names}))
        self._copy = self._compile_copy()

    def _compile_copy(self) -> Callable[[Any, Any], None]:
        lines = ["def copy(s, d):"]
        for field in self.fields:
            lines.append(f"    d.{field.name} = {field.copy_expression('s.' + field.name)}")
        lines.append("    return None")
        scope: dict[str, Any] = {}
        exec("\n".join(lines), scope)  # (straight-line code: a copy as fast as a hand-written one)
        copy: Callable[[Any, Any], None] = scope["copy"]
        return copy

    def copy(self, source: Any, target: Any) -> None:
        """Copy every field of ``source`` into ``target`` to its declared depth (fields that are
        not saved too: derived values and caches declared with depth 0 are shared)."""
        self._copy(source, target)

    def save(self, state: Any) -> dict[str, Any]:
        """The saved fields as plain JSON values (tuples become lists; nothing shared)."""
        data = {}
        for field in self.fields:
            if field.saved and (field.saved_if is None or field.saved_if(state)):
                data[field.name] = _plain(getattr(state, field.name))
        return data

    def load(self, state: Any, data: Mapping[str, Any]) -> None:
        """Set the saved fields from ``data`` (raises ``KeyError`` for a missing one without a
        default; a field saved only sometimes is left to the game when absent)."""
        for field in self.fields:
            if not field.saved:
                continue
            if field.name in data:
                value = _fresh(data[field.name], field.depth if field.tuples else -1)
            elif field.default is not _MISSING:
                value = _fresh(field.default, -1)
            elif field.saved_if is not None:
                continue
            else:
                raise KeyError(field.name)
            setattr(state, field.name, value)


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _fresh(value: Any, tuple_depth: int) -> Any:
    """A copy of a JSON value; sequences ``tuple_depth`` levels down become tuples."""
    if isinstance(value, (list, tuple)):
        if tuple_depth == 0:
            return tuple(_fresh(v, -1) for v in value)
        return [_fresh(v, tuple_depth - 1) for v in value]
    if isinstance(value, dict):
        return {k: _fresh(v, -1) for k, v in value.items()}
    return value
