"""User errors: refused input becomes one line on stderr and exit code 2, never a traceback.

Unexpected errors (bugs) become one ``internal error:`` line too, exit code 1, with the
traceback in a log file and the save file named (:mod:`.crash`).

The engine's own refusals are :class:`~fruitbowl.engine.FruitbowlError`; :class:`CliError`
adds the few that only the command line can make (a bad seat, a save file that exists).
:class:`OneLineErrorsGroup` is the single place where all of them, Click's usage errors and
file errors are caught and printed.
"""

from __future__ import annotations

import gettext
import re
import sys
from collections.abc import Sequence
from typing import Any

from typer.core import TyperGroup
from typer.exceptions import Abort, TyperException

from fruitbowl.engine import FruitbowlError
from fruitbowl.engine.wording import ENGLISH, _, speaking

from .crash import crash_report
from .value_names import plain_value_names

USER_ERROR = 2
INTERNAL_ERROR = 1
#: The language the command speaks (``fruitbowl --lang``, else the locale): its errors are
#: printed after the command's own context has closed, so they are said in it here.
SPOKEN: list[gettext.NullTranslations] = [ENGLISH]


def speak_errors_in(translations: gettext.NullTranslations) -> None:
    SPOKEN[0] = translations


class CliError(FruitbowlError):
    """Bad command-line input that the engine has no opinion on."""


def one_line(message: str) -> str:
    return " ".join(str(message).split())


def report(message: str) -> None:
    sys.stderr.write(_("error: {message}").format(message=one_line(message)) + "\n")
    sys.stderr.flush()


#: Typer's wording for a value of the wrong type → the kind of value the option takes.
VALUE_KINDS = {"integer": "a whole number", "number": "a number", "boolean": "true or false"}


def plain_usage_message(message: str) -> str:
    """``Invalid value for '--seed': Input should be a valid integer, unable to parse…`` →
    ``Invalid value for '--seed': it takes a whole number``."""
    message = re.sub(
        r"Input should be a valid (integer|number|boolean)\b[^(]*",
        lambda found: f"it takes {VALUE_KINDS[found.group(1)]}",
        message,
    )
    message = re.sub(r"Input should be greater than or equal to", "it must be at least", message)
    message = re.sub(r"Input should be less than or equal to", "it must be at most", message)
    return message.rstrip()


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
        if not standalone_mode:
            return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            outcome = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except BaseException as exc:
            with speaking(SPOKEN[0]):
                self._stop(exc)
        sys.exit(outcome if isinstance(outcome, int) else 0)

    @staticmethod
    def _stop(error: BaseException) -> None:
        """Print ``error`` in one line and exit with its code (an exit or a signal passes on)."""
        try:
            raise error
        except TyperException as exc:  # Click's usage errors, as vendored by Typer
            ctx = getattr(exc, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            report(plain_usage_message(exc.format_message()) + hint)
            sys.exit(exc.exit_code)
        except Abort:
            sys.stderr.write("aborted\n")
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
