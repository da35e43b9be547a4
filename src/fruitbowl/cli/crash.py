"""Unexpected errors: one line for the player, the traceback in a log file, the save kept.

The commands that hold a game (``play``, ``resume``, ``replay``, ``campaign play``) run it
inside :func:`keeping`, which tags a bug with the file the game is in. The save itself is
safe: a match is written atomically after every move and never after a failure.
:func:`crash_report` writes the traceback to ``$FRUITBOWL_HOME/logs/`` and returns the one
line to print. Ctrl-C inside :func:`keeping` is one line too, with exit code 130.

SIGTERM (``kill PID``, a service manager stopping the program) is handled like Ctrl-C by the
commands that hold a game or worker processes (:func:`terminate_as_interrupt`): the same one
line, the save kept, the workers stopped, no process left behind; the exit code is 143
(128 + SIGTERM, as a shell reports a terminated program) rather than 130.
"""

from __future__ import annotations

import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import typer
from typer.exceptions import TyperException

from fruitbowl import __version__
from fruitbowl.engine import FruitbowlError
from fruitbowl.engine.wording import _
from fruitbowl.paths import data_home

#: Errors that are not bugs: refusals, file and disk problems, and Typer's own exits.
EXPECTED = (FruitbowlError, OSError, TyperException, typer.Exit, typer.Abort)


class GameCrash(Exception):
    """An unexpected error while a game was open; ``__cause__`` is the error itself."""

    def __init__(self, game_file: Path):
        super().__init__(str(game_file))
        self.game_file = game_file


#: The exit code of a command stopped by Ctrl-C, as a shell reports it.
INTERRUPTED = 130
#: The exit code of a command stopped by SIGTERM, as a shell reports it.
TERMINATED = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C's ``KeyboardInterrupt`` would be, so that everything that
    stops cleanly on Ctrl-C (worker pools, saves) stops cleanly on it too."""


def stop_code(exc: BaseException | None) -> int:
    """The exit code for an interrupted command: 143 after SIGTERM, 130 after Ctrl-C."""
    return TERMINATED if isinstance(exc, Terminated) else INTERRUPTED


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` in the main thread (once: a second
    SIGTERM during the clean-up is ignored). Elsewhere than the main thread, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    fired = False

    def handler(_signum: int, _frame: object) -> None:
        nonlocal fired
        if not fired:
            fired = True
            raise Terminated()

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


P = ParamSpec("P")
R = TypeVar("R")


def sigterm_like_ctrl_c(command: Callable[P, R]) -> Callable[P, R]:
    """A command (``simulate``, ``tournament``…) that stops on SIGTERM as on Ctrl-C."""

    @wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with terminate_as_interrupt():
            return command(*args, **kwargs)

    return run


@contextmanager
def keeping(path: Path) -> Iterator[None]:
    """While inside, an unexpected error is reported with the file the game is saved in, and
    Ctrl-C (a bot thinking, a board drawn, the prompt waiting) stops with one line naming it,
    exit code 130; SIGTERM stops the same way, exit code 143."""
    try:
        with terminate_as_interrupt():
            yield
    except (GameCrash, *EXPECTED):
        raise
    except KeyboardInterrupt as exc:
        said = _("interrupted — your game is saved in {path}") if path.exists() else _("interrupted")
        sys.stderr.write(said.format(path=path) + "\n")
        sys.stderr.flush()
        raise typer.Exit(stop_code(exc)) from None
    except Exception as exc:
        raise GameCrash(path) from exc


def logs_dir() -> Path:
    return data_home() / "logs"


def write_log(exc: BaseException) -> Path:
    """The traceback in a new ``logs/crash-<time>.log`` (or the temporary folder if that fails)."""
    text = f"fruitbowl {__version__}\n" + "".join(traceback.format_exception(exc))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for folder in (logs_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=folder, prefix=f"fruitbowl-crash-{stamp}-", suffix=".log", delete=False
            ) as handle:
                handle.write(text)
                return Path(handle.name)
        except OSError:
            continue
    raise OSError("no folder to write the crash log to")


def what(exc: BaseException) -> str:
    """``KeyError: 'kind'`` on one line."""
    message = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def crash_report(exc: BaseException) -> str:
    """The one line to print for an unexpected error; the traceback goes to a log file."""
    saved = exc.game_file if isinstance(exc, GameCrash) else None
    error = exc.__cause__ if isinstance(exc, GameCrash) and exc.__cause__ is not None else exc
    try:
        where = _("the details are in {path}").format(path=write_log(error))
    except OSError:
        where = _("no log could be written")
    if saved is not None and saved.exists():
        said = _("internal error: {error} — your game is saved in {path}; {where}")
    else:
        said = _("internal error: {error}; {where}")
    return said.format(error=what(error), path=saved, where=where)
