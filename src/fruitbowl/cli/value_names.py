"""Plain value names in ``--help``: ``--players INTEGER`` and ``GAME``, not ``<int>``, ``<list[str]>``, ``{game}``.

Typer prints the Python annotation of every parameter; people reading the help need the
kind of value to type instead. :func:`plain_value_names` rewrites a command tree once, when
the command line is built, so every command (present and future) reads the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

from typer.core import TyperArgument, TyperOption

#: Python type of a value → the name shown for it.
TYPE_NAMES: dict[Any, str] = {int: "INTEGER", float: "NUMBER", bool: "BOOLEAN", Path: "PATH"}


def value_name(param: Any) -> str:
    """The plain name of the value a parameter takes: INTEGER, NUMBER, PATH, a|b choices or TEXT."""
    described = param.type_descriptor
    if described.choices:
        return "|".join(str(choice) for choice in described.choices)
    if described.is_path:
        return "PATH"
    annotation = described.annotation
    if described.is_list:
        annotation = get_args(annotation)[0]
    return TYPE_NAMES.get(annotation, "TEXT")


def _argument_usage(param: TyperArgument) -> str:
    """``GAME``, ``[GAME]`` when optional, ``GAME...`` when repeated; a metavar given is used as written."""
    if param.metavar is not None:
        return param.metavar
    name = (param.name or "value").upper()
    name = name if param.required else f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


def _plain_parameter(param: Any) -> None:
    # Instance attributes take precedence over Typer's methods of the same name.
    shown: Any = param  # an instance whose methods are replaced, which typing cannot follow
    if isinstance(param, TyperArgument):
        usage = _argument_usage(param)
        if param.metavar is None:
            param.metavar = (param.name or "value").upper()
        shown._usage_display_name = lambda: usage
        shown.display_type_rich = lambda ctx: None
    elif isinstance(param, TyperOption):
        if getattr(param, "is_flag", False) or getattr(param, "count", False):
            shown.display_type_rich = lambda ctx: None
        elif param.metavar is None:
            param.metavar = value_name(param)


def _plain_help_option(command: Any) -> None:
    """``--help`` is made when the help is shown, so it is plained then."""
    make = command.get_help_option

    def help_option(ctx: Any) -> Any:
        option = make(ctx)
        if option is not None:
            _plain_parameter(option)
        return option

    command.get_help_option = help_option


def plain_value_names(command: Any) -> None:
    """Give every parameter of ``command`` and its subcommands (a Typer command tree) a plain value name."""
    for param in command.params:
        _plain_parameter(param)
    _plain_help_option(command)
    for sub in getattr(command, "commands", {}).values():
        plain_value_names(sub)
