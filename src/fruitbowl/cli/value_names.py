"""Plain value names in ``--help``: ``--players INTEGER`` and ``GAME``, not ``<int>``, ``<list[str]>``, ``{game}``.

Typer prints the Python annotation of every parameter; people reading the help need the
kind of value to type instead. :func:`plain_value_names` rewrites a command tree once, when
the command line is built, so every command (present and future) reads the same way.
:func:`say_value_names` then says the names in the language being spoken, as GNU tools do
(``--players ZAHL``, ``[OPTIONEN]``); choices (``a|b``) are what people type and stay as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

from typer.core import TyperArgument, TyperOption

from fruitbowl.engine.wording import N_, _

#: Python type of a value → the name shown for it.
TYPE_NAMES: dict[Any, str] = {int: N_("INTEGER"), float: N_("NUMBER"), bool: N_("BOOLEAN"), Path: N_("PATH")}
#: Every other value name the commands show, marked for the catalogs: the arguments' names (their
#: parameter's name in capitals), the metavars the commands give, and Click's usage pieces.
VALUE_NAMES: tuple[str, ...] = (
    N_("TEXT"),
    N_("GAME"),
    N_("[GAME]..."),
    N_("FILE"),
    N_("RECORD"),
    N_("NAME"),
    N_("KEY=VALUE"),
    N_("N"),
    N_("IP"),
    N_("URL"),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
)


def value_name(param: Any) -> str:
    """The plain name of the value a parameter takes: INTEGER, NUMBER, PATH, a|b choices or TEXT."""
    described = param.type_descriptor
    if described.choices:
        return "|".join(str(choice) for choice in described.choices)
    if described.is_path:
        return TYPE_NAMES[Path]
    annotation = described.annotation
    if described.is_list:
        annotation = get_args(annotation)[0]
    return TYPE_NAMES.get(annotation, VALUE_NAMES[0])


def _argument_usage(param: TyperArgument, given: bool) -> str:
    """``GAME``, ``[GAME]`` when optional, ``GAME...`` when repeated; a metavar given is used as written."""
    name = param.metavar or (param.name or "value").upper()
    if given:
        return name
    name = name if param.required else f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


def _plain_parameter(param: Any) -> None:
    # Instance attributes take precedence over Typer's methods of the same name.
    shown: Any = param  # an instance whose methods are replaced, which typing cannot follow
    if isinstance(param, TyperArgument):
        given = param.metavar is not None
        if not given:
            param.metavar = (param.name or "value").upper()
        shown._usage_display_name = lambda: _argument_usage(param, given)
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


def say_value_names(command: Any) -> None:
    """Say the value names of ``command`` (one of a command tree built for this run, already
    plained) and its usage line's ``[OPTIONS]`` and ``COMMAND [ARGS]...`` in the language being
    spoken; a name the catalogs do not know (a choice) is shown as it is."""
    for param in command.params:
        if param.metavar:
            param.metavar = _(param.metavar)
    if getattr(command, "options_metavar", None):
        command.options_metavar = _(command.options_metavar)
    if getattr(command, "subcommand_metavar", None):
        command.subcommand_metavar = _(command.subcommand_metavar)
