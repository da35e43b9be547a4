"""User errors: refused input becomes one line on stderr and exit code 2, never a traceback.

Unexpected errors (bugs) become one ``internal error:`` line too, exit code 1, with the
traceback in a log file and the save file named (:mod:`.crash`).

The engine's own refusals are :class:`~fruitbowl.engine.FruitbowlError`; :class:`CliError`
adds the few that only the command line can make (a bad seat, a save file that exists).
:class:`OneLineErrorsGroup` is the single place where all of them, Click's usage errors and
file errors are caught and printed.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from typer.core import TyperGroup
from typer.exceptions import Abort, TyperException

from fruitbowl.engine import FruitbowlError
from fruitbowl.engine.wording import N_, _, speaking
from fruitbowl.i18n import from_environment, translations

from .crash import crash_report
from .language import asked_language, spoken_language
from .spoken_help import speak_help
from .value_names import plain_value_names

USER_ERROR = 2
INTERNAL_ERROR = 1


class CliError(FruitbowlError):
    """Bad command-line input that the engine has no opinion on."""


def one_line(message: str) -> str:
    return " ".join(str(message).split())


def report(message: str) -> None:
    sys.stderr.write(_("error: {message}").format(message=one_line(message)) + "\n")
    sys.stderr.flush()


#: Click's usage errors as Typer's copy of Click says them (in English only): each pattern, matched
#: whole, and the message it is said with; the named parts fill the message's placeholders.
USAGE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message)
    for pattern, message in (
        (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
        (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
        (r"Missing command\.", N_("Missing command.")),
        (
            r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
            N_("No such option: {name} (Possible options: {options})"),
        ),
        (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
        (
            r"No such command (?P<name>'[^']*')\. Did you mean (?P<commands>.+)\?",
            N_("No such command {name}. Did you mean {commands}?"),
        ),
        (r"No such command (?P<name>'[^']*')\.", N_("No such command {name}.")),
        (r"Option (?P<name>'[^']*') requires an argument\.", N_("Option {name} requires an argument.")),
        (r"Option (?P<name>'[^']*') does not take a value\.", N_("Option {name} does not take a value.")),
        (r"Got unexpected extra argument\(s\) \((?P<extra>.+)\)", N_("Got unexpected extra argument(s) ({extra})")),
        (r"Invalid value for (?P<name>[^:]+): (?P<reason>.+)", N_("Invalid value for {name}: {reason}")),
    )
)
#: Typer's reasons a value is refused (after "Invalid value for '--seed': "), said plainly: the
#: kind of value the option takes, or its bound.
VALUE_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message)
    for pattern, message in (
        (r"Input should be a valid integer\b[^(]*", N_("it takes a whole number")),
        (r"Input should be a valid number\b[^(]*", N_("it takes a number")),
        (r"Input should be a valid boolean\b[^(]*", N_("it takes true or false")),
        (r"Input should be greater than or equal to (?P<least>\S+)", N_("it must be at least {least}")),
        (r"Input should be less than or equal to (?P<most>\S+)", N_("it must be at most {most}")),
    )
)


def _said(message: str, table: tuple[tuple[re.Pattern[str], str], ...]) -> str | None:
    for pattern, said in table:
        found = pattern.fullmatch(message.strip())
        if found:
            return _(said).format(**found.groupdict())
    return None


def plain_usage_message(message: str) -> str:
    """A usage error of Click's in the language being spoken, its reason said plainly:
    ``Invalid value for '--seed': Input should be a valid integer, unable to parse…`` →
    ``Invalid value for '--seed': it takes a whole number``. A message it does not know is kept."""
    invalid = USAGE_ERRORS[-1][0].fullmatch(message.strip())
    if invalid:
        reason = invalid["reason"]
        reason = _said(reason, VALUE_REASONS) or reason
        return _(USAGE_ERRORS[-1][1]).format(name=invalid["name"], reason=reason)
    return _said(message, USAGE_ERRORS) or message.rstrip()


def describe_os_error(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


class OneLineErrorsGroup(TyperGroup):
    """Runs a command and converts every user error into ``error: …`` on one line, exit 2,
    and any unexpected error into one ``internal error: …`` line, exit 1 (see :mod:`.crash`).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        plain_value_names(self)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        run = super().main
        with speaking(translations(from_environment(os.environ))):  # an unknown --lang is refused in it
            try:
                asked = asked_language(sys.argv[1:] if args is None else args)
                spoken = translations(spoken_language(asked, os.environ))
            except FruitbowlError as exc:
                self._stop(exc)
        with speaking(spoken):
            speak_help(self)
            if not standalone_mode:
                return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
            try:
                outcome = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
            except BaseException as exc:
                self._stop(exc)
        sys.exit(outcome if isinstance(outcome, int) else 0)

    @staticmethod
    def _stop(error: BaseException) -> NoReturn:
        """Print ``error`` in one line and exit with its code (an exit or a signal passes on)."""
        try:
            raise error
        except TyperException as exc:  # Click's usage errors, as vendored by Typer
            ctx = getattr(exc, "ctx", None)
            message = plain_usage_message(exc.format_message())
            if ctx is not None:
                message = _("{message} (see '{help}')").format(message=message, help=f"{ctx.command_path} --help")
            report(message)
            sys.exit(exc.exit_code)
        except Abort:
            sys.stderr.write(_("aborted") + "\n")
            sys.exit(1)
        except FruitbowlError as exc:
            report(str(exc))
            sys.exit(USER_ERROR)
        except OSError as exc:
            report(describe_os_error(exc))
            sys.exit(USER_ERROR)
        except Exception as exc:  # a bug: one line for the player, the traceback in a log file
            sys.stderr.write(crash_report(exc) + "\n")
            sys.stderr.flush()
            sys.exit(INTERNAL_ERROR)
