"""Unexpected errors: one line for the player, the traceback in a log file, the save kept.

The commands that hold a game (``play``, ``resume``, ``replay``, ``campaign play``) run it
inside :func:`keeping`, which tags a bug with the file the game is in. The save itself is
safe: a match is written atomically after every move and never after a failure.
:func:`crash_report` writes the traceback to ``$FRUITBOWL_HOME/logs/`` and returns the one
line to print. Ctrl-C inside :func:`keeping` is one line too, with exit code 130.
"""

from __future__ import annotations

import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from typer.exceptions import TyperException

from fruitbowl import __version__
from fruitbowl.engine import FruitbowlError
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


@contextmanager
def keeping(path: Path) -> Iterator[None]:
    """While inside, an unexpected error is reported with the file the game is saved in, and
    Ctrl-C (a bot thinking, a board drawn) stops with one line naming it, exit code 130."""
    try:
        yield
    except (GameCrash, *EXPECTED):
        raise
    except KeyboardInterrupt:
        kept = f" — your game is saved in {path}" if path.exists() else ""
        sys.stderr.write(f"interrupted{kept}\n")
        sys.stderr.flush()
        raise typer.Exit(INTERRUPTED) from None
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
        where = f"the details are in {write_log(error)}"
    except OSError:
        where = "no log could be written"
    kept = f" — your game is saved in {saved}" if saved is not None and saved.exists() else ""
    return f"internal error: {what(error)}{kept}; {where}"
