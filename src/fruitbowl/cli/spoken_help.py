"""``fruitbowl --help`` in the language being spoken.

Typer builds the command tree with its help texts in English (each marked with ``N_`` where it
is written); :func:`speak_help` says them, and Typer's own words around them (the panels'
titles, ``[default: …]``, ``[required]``, ``Usage:``) and the value names (``INTEGER``, ``GAME``,
``[OPTIONS]``: :func:`.value_names.say_value_names`), in the language of the ``speaking`` context
it is called in. The options and choices are what people type and stay as they are. Chinese has
no spaces to wrap a line at, so a help text too long for its column folds onto the next line
instead of being cut with an ellipsis.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from typer import rich_utils

from fruitbowl.engine.wording import N_, _

from .value_names import say_value_names

#: Typer's words around a command's help (module constants of ``typer.rich_utils``, read when the
#: help is drawn) and their English, marked for the catalogs.
TYPER_WORDS: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
#: Click's words for ``--help`` itself and for the usage line.
HELP_OPTION = N_("Show this message and exit.")
USAGE = N_("Usage:")


def speak_help(command: Any) -> None:
    """Say the help of ``command`` and its subcommands (a Typer command tree, built afresh for
    each run) in the language being spoken."""
    for name, english in TYPER_WORDS.items():
        setattr(rich_utils, name, _(english))
    if not getattr(rich_utils._make_rich_text, "folds", False):
        rich_utils._make_rich_text = _folding(rich_utils._make_rich_text)
    _say(command)


def _folding(make: Callable[..., Any]) -> Callable[..., Any]:
    """Typer's maker of a help text's Rich text, whose text folds a word longer than its column
    (a line of Chinese) rather than cut it."""

    def make_text(**kwargs: Any) -> Any:
        made = make(**kwargs)
        if isinstance(made, Text):
            made.overflow = "fold"
        return made

    make_text.folds = True  # type: ignore[attr-defined]
    return make_text


def _say(command: Any) -> None:
    # Instance attributes take precedence over the command's methods of the same name.
    shown: Any = command
    for attribute in ("help", "short_help"):
        if getattr(command, attribute, None):
            setattr(command, attribute, _(getattr(command, attribute)))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)
    say_value_names(command)
    make_help_option = command.get_help_option

    def help_option(ctx: Any) -> Any:
        option = make_help_option(ctx)
        if option is not None:
            option.help = _(HELP_OPTION)
        return option

    def format_usage(ctx: Any, formatter: Any) -> None:
        usage = " ".join(command.collect_usage_pieces(ctx))
        formatter.write_usage(ctx.command_path, usage, prefix=_(USAGE) + " ")

    shown.get_help_option = help_option
    shown.format_usage = format_usage
    for sub in getattr(command, "commands", {}).values():
        _say(sub)
