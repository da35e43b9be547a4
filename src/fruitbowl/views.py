"""The shape of a game's view as a JSON Schema, and a check of views against it.

A game declares the shape of :meth:`State.view` once, as a ``TypedDict`` in its ``view.py``
(``NotRequired`` for keys shown only sometimes, ``Literal`` for small closed sets of strings),
and names it on its ``Game`` as ``view_type``. From it:

* :func:`view_schema` derives a JSON Schema (Draft 2020-12) with pydantic's ``TypeAdapter``, for
  clients and tools that read views (the web table can serve it; the JS renderers and encoders
  read the same shape);
* :func:`view_errors` validates one view against that schema with ``jsonschema`` and says, one
  sentence each, where it breaks it. The conformance kit takes it as its ``view_check``
  (``check_game(..., view_check=view_errors)``), so every view of every checked position, for
  every seat and the spectator, is held to the declared shape.

Objects are closed: a key a ``TypedDict`` does not declare is an error, so the type stays the
whole truth about the view. This module lives outside the engine because it uses pydantic and
``jsonschema`` (the engine and the games import no third-party package); ``jsonschema`` comes with
the ``test`` extra and is imported only when a view is validated.
"""

from __future__ import annotations

import copy
import functools
import types
import typing
from typing import TYPE_CHECKING, Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

import typing_extensions
from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from fruitbowl.engine.errors import UnsupportedFeature
from fruitbowl.engine.game import Game

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def view_schema(game: Game) -> dict[str, Any]:
    """The JSON Schema of ``game``'s views, derived from its ``view_type`` (a fresh copy each call).

    Raises :class:`UnsupportedFeature` for a game that declares no view type.
    """
    return copy.deepcopy(_compiled(_view_type(game))[0])


def view_errors(game: Game, view: Any) -> list[str]:
    """Where ``view`` breaks ``game``'s declared view type: one sentence per error, each naming the
    place by its JSON path (``view.players[1].coins``); empty when the view fits.

    Validate the view as a client receives it (after a JSON round trip), as the conformance kit does.
    """
    try:
        view_type = _view_type(game)
    except UnsupportedFeature as exc:
        return [f"{exc}."]
    validator = _compiled(view_type)[1]
    return sorted(_sentence(error) for error in validator.iter_errors(view))


def _view_type(game: Game) -> type:
    view_type = game.view_type
    if view_type is None:
        raise UnsupportedFeature(f"{game.title} declares no view type (Game.view_type, the TypedDict of its view)")
    return view_type


@functools.cache
def _compiled(view_type: type) -> tuple[dict[str, Any], Validator]:
    """The schema of a view type and a validator for it, made once per type."""
    from jsonschema import Draft202012Validator

    schema = TypeAdapter(_pydantic_ready(view_type, {})).json_schema(schema_generator=_ClosedObjects)
    schema = {"$schema": DIALECT, **schema}
    Draft202012Validator.check_schema(schema)
    return schema, Draft202012Validator(schema)


class _ClosedObjects(GenerateJsonSchema):
    """Every ``TypedDict`` becomes a closed object: keys it does not declare are errors."""

    def typed_dict_schema(self, schema: core_schema.TypedDictSchema) -> JsonSchemaValue:
        json_schema = super().typed_dict_schema(schema)
        json_schema.setdefault("additionalProperties", False)
        return json_schema


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


def _where(error: ValidationError) -> str:
    """An error's place as a JSON path rooted at ``view``: ``view.players[1].sticks[0]``."""
    where = "view"
    for step in error.absolute_path:
        where += f"[{step}]" if isinstance(step, int) else f".{step}"
    return where


def _sentence(error: ValidationError) -> str:
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    shape = f" ({title})" if title and error.validator in ("required", "additionalProperties") else ""
    return f"{_where(error)}{shape}: {error.message}."


__all__ = ["view_errors", "view_schema"]
