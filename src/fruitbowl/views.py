"""The shape of a game's view as a JSON Schema, and a check of views against it.

A game declares the shape of :meth:`State.view` once, as a ``TypedDict`` in its ``view.py``
(``NotRequired`` for keys shown only sometimes, ``Literal`` for small closed sets of strings),
and names it on its ``Game`` as ``view_type``. From it:

* :func:`view_schema` derives a JSON Schema (Draft 2020-12) with pydantic's ``TypeAdapter``, for
  clients and tools that read views (the web table can serve it; the JS renderers and encoders
  read the same shape);
* :func:`view_errors` checks one view against that schema and says, one sentence each, where it
  breaks it. The conformance kit takes it as its ``view_check`` (``check_game(...,
  view_check=view_errors)``), so every view of every checked position, for every seat and the
  spectator, is held to the declared shape.

Objects are closed (a key a ``TypedDict`` does not declare is an error) and values strict (``true``
is not a number), so the type stays the whole truth about the view. Checking a view is fast:
pydantic-core, compiled from the same declaration the schema is generated from, accepts a good
view in about 50 µs (``jsonschema`` takes 3–5 ms for a Tang Hu Lu view, which would double the
conformance tests). Only a view it refuses is validated against the published schema with
``jsonschema`` (Draft 2020-12), whose errors are the sentences.

This module lives outside the engine because it uses pydantic and ``jsonschema`` (the engine and
the games import no third-party package); ``jsonschema`` comes with the ``test`` extra and is
imported only to explain a refused view.
"""

from __future__ import annotations

import copy
import functools
import types
import typing
from typing import TYPE_CHECKING, Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

import typing_extensions
from pydantic import ConfigDict, TypeAdapter
from pydantic import ValidationError as Refused

from fruitbowl.engine.errors import UnsupportedFeature
from fruitbowl.engine.game import Game

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: Every view TypedDict, as pydantic reads it: closed objects, no coercion (``"1"`` is not ``1``).
_STRICT = ConfigDict(extra="forbid", strict=True)


def view_schema(game: Game) -> dict[str, Any]:
    """The JSON Schema of ``game``'s views, derived from its ``view_type`` (a fresh copy each call).

    Raises :class:`UnsupportedFeature` for a game that declares no view type.
    """
    return copy.deepcopy(_compiled(_view_type(game)).schema)


def view_errors(game: Game, view: Any) -> list[str]:
    """Where ``view`` breaks ``game``'s declared view type: one sentence per error, each naming the
    place by its JSON path (``view.players[1].coins``); empty when the view fits.

    Validate the view as a client receives it (after a JSON round trip), as the conformance kit does.
    """
    try:
        view_type = _view_type(game)
    except UnsupportedFeature as exc:
        return [f"{exc}."]
    compiled = _compiled(view_type)
    try:
        compiled.adapter.validate_python(view)
    except Refused as refused:
        errors = sorted(_sentence(error) for error in compiled.validator.iter_errors(view))
        # (were the two ever to disagree, pydantic's own errors still name the place)
        return errors or sorted(f"{_path(error['loc'])}: {error['msg']}." for error in refused.errors())
    return []


def _view_type(game: Game) -> type:
    view_type = game.view_type
    if view_type is None:
        raise UnsupportedFeature(f"{game.title} declares no view type (Game.view_type, the TypedDict of its view)")
    return view_type


class _Compiled:
    """A view type's pydantic adapter and JSON Schema, and (made when first needed) a ``jsonschema``
    validator of that schema."""

    def __init__(self, view_type: type):
        self.adapter: TypeAdapter[Any] = TypeAdapter(_pydantic_ready(view_type, {}))
        self.schema: dict[str, Any] = {"$schema": DIALECT, **self.adapter.json_schema()}

    @functools.cached_property
    def validator(self) -> Validator:
        from jsonschema import Draft202012Validator

        Draft202012Validator.check_schema(self.schema)
        return Draft202012Validator(self.schema)


@functools.cache
def _compiled(view_type: type) -> _Compiled:
    """Made once per view type."""
    return _Compiled(view_type)


def _pydantic_ready(hint: Any, made: dict[type, Any]) -> Any:
    """``hint`` with every ``typing.TypedDict`` in it remade as a ``typing_extensions.TypedDict``.

    The games use the standard library's ``TypedDict``, which pydantic refuses before Python
    3.12; and under ``from __future__ import annotations`` Python 3.11 gets a ``NotRequired`` key's
    requiredness wrong, so it is read here from the resolved annotation instead.
    """
    if typing.is_typeddict(hint):
        if hint not in made:
            fields: dict[str, Any] = {}
            for key, annotation in get_type_hints(hint, include_extras=True).items():
                origin = get_origin(annotation)
                if origin is NotRequired or origin is Required:
                    inner = _pydantic_ready(get_args(annotation)[0], made)
                    fields[key] = typing_extensions.NotRequired[inner] if origin is NotRequired else inner
                elif key in hint.__required_keys__:
                    fields[key] = _pydantic_ready(annotation, made)
                else:
                    fields[key] = typing_extensions.NotRequired[_pydantic_ready(annotation, made)]
            remade = typing_extensions.TypedDict(hint.__name__, fields)  # type: ignore[misc]
            remade.__module__, remade.__qualname__, remade.__doc__ = hint.__module__, hint.__qualname__, hint.__doc__
            remade.__pydantic_config__ = _STRICT  # type: ignore[attr-defined]
            made[hint] = remade
        return made[hint]
    origin, args = get_origin(hint), get_args(hint)
    if origin is None or origin is Literal or not args:
        return hint
    ready = tuple(_pydantic_ready(arg, made) for arg in args)
    if origin is Union or origin is types.UnionType:
        return Union[ready]  # noqa: UP007 (built from a tuple of members)
    if isinstance(hint, types.GenericAlias):
        return types.GenericAlias(origin, ready)
    return hint.copy_with(ready)


def _path(steps: typing.Iterable[str | int]) -> str:
    """A place in a view as a JSON path rooted at ``view``: ``view.players[1].sticks[0]``."""
    where = "view"
    for step in steps:
        where += f"[{step}]" if isinstance(step, int) else f".{step}"
    return where


def _sentence(error: ValidationError) -> str:
    while error.context:  # one of several shapes (a tile or null): what is wrong with the one it has the type of
        fitting = [e for e in error.context if not (e.validator == "type" and not e.relative_path)]
        if not fitting:  # of none of their types
            types = " or ".join(repr(e.validator_value) for e in error.context)
            return f"{_path(error.absolute_path)}: {error.instance!r} is not of type {types}."
        error = max(fitting, key=lambda e: len(e.absolute_path))
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    shape = f" ({title})" if title and error.validator in ("required", "additionalProperties") else ""
    return f"{_path(error.absolute_path)}{shape}: {error.message}."


__all__ = ["view_errors", "view_schema"]
