"""Drive the real ``fruitbowl`` command in a subprocess the way a person at a terminal does.

A :class:`Terminal` starts the console script with piped standard input and an 80×24 screen
size, reads what it prints up to the prompt, reads the numbered menu off that screen as a
person would (number and action text, nothing taken from the engine), and answers. Every read
has a deadline, so a game that hangs fails with the last screen instead of hanging the suite.
:func:`play_through` answers menus until the game ends, mixing menu numbers, action texts,
mixed case and extra spaces, and now and then the commands (help, board, log, undo) and one
bad input. A terminal speaking another language is read with that language's own words
(:class:`Words`, written here from what a German or Chinese player reads, not taken from the
catalogs): its prompt, its reminder of the commands, its headings.
"""

from __future__ import annotations

import codecs
import fcntl
import json
import os
import pty
import random
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len

from fruitbowl.engine import Record, get_game
from fruitbowl.engine.actions import ActionTable

PROMPT = "Your move › "
READ_SECONDS = 45.0  # one screen; generous for CI on two busy cores, short enough to fail a hang
SEGMENT = re.compile(r"\S+(?: \S+)*")  # the pieces of a line between runs of two or more spaces
CELL = re.compile(r"^(\d+) (\S.*)$")
PACKED = re.compile(r"^([^\d\s:][^:]*):\s+(\d+ \S.*)$")  # a packed row's shared words and first cell
STATUS_HINT = "quit"  # the status line's command hint ends with it
KEY_HINT = "number or action · undo · hint · log · help · quit"  # shown whole above every menu
COMMANDS = ("undo", "hint", "log", "board", "help", "quit")  # each begins a line of the help
MAX_ANSWERS = 3000


@dataclass(frozen=True)
class Words:
    """What the terminal says in one language that the driver reads to find its way: the prompt,
    the status line's reminder of the commands, the help's heading, the log's heading, the start
    of an undo's and a refusal's sentence, and the welcome line naming the save."""

    prompt: str = PROMPT
    key_hint: str = KEY_HINT
    commands: str = "Commands"
    recent_moves: str = "Recent moves"
    undone: str = "Undone"
    not_allowed: str = "Not allowed"
    saved_to: str = r"Saved after every move to (\S+)\.\s"


ENGLISH = Words()
GERMAN = Words(
    prompt="Dein Zug › ",
    key_hint="Nummer oder Aktion · undo · hint · log · help · quit",
    commands="Befehle",
    recent_moves="Letzte Züge",
    undone="Zurückgenommen",
    not_allowed="Nicht erlaubt",
    saved_to=r"Nach jedem Zug gespeichert in (\S+)\.\s",
)
CHINESE = Words(
    prompt="你的走法 › ",
    key_hint="编号或动作 · undo · hint · log · help · quit",
    commands="命令",
    recent_moves="最近的走法",
    undone="已撤销",
    not_allowed="不允许",
    saved_to=r"每一步后都保存到 (\S+?)。",
)


class TerminalFailure(AssertionError):
    """The program crashed, hung, or showed something a player could not act on."""


def fruitbowl_command() -> list[str]:
    """The ``fruitbowl`` console script of this interpreter's environment (its real entry point)."""
    script = Path(sys.executable).with_name("fruitbowl")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from fruitbowl.cli.app import main; main()"]


def terminal_env(home: Path) -> dict[str, str]:
    """The environment of an 80×24 terminal with its own data directory and no colours."""
    env = {k: v for k, v in os.environ.items() if k not in {"FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"}}
    env.update(FRUITBOWL_HOME=str(home), COLUMNS="80", LINES="24", PYTHONIOENCODING="utf-8", NO_COLOR="1")
    return env


@dataclass(frozen=True)
class Finished:
    """A command that ran to its end without being answered."""

    returncode: int
    output: str


def run(args: Sequence[str], home: Path, stdin: str = "", seconds: float = 120.0) -> Finished:
    """Run ``fruitbowl ARGS`` to its end with ``stdin`` piped in; output is stdout and stderr together."""
    try:
        done = subprocess.run(
            [*fruitbowl_command(), *args],
            input=stdin.encode(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=terminal_env(home),
            timeout=seconds,
        )
    except subprocess.TimeoutExpired as exc:
        tail = (exc.output or b"").decode(errors="replace")[-3000:]
        raise TerminalFailure(
            f"fruitbowl {' '.join(args)} did not finish in {seconds} s; last output:\n{tail}"
        ) from None
    return Finished(done.returncode, done.stdout.decode(errors="replace"))


def read_menu(screen: str, words: Words = ENGLISH) -> list[tuple[int, str]]:
    """The numbered menu at the bottom of a screen, as (number, action text) by number.

    The menu is the run of rows under the status line (whose command hint ends with "quit").
    A row holds cells "N text" and maybe a description, separated by two or more spaces; a packed
    row first names the words its actions share ("place lemon:  1 E3    2 M3", each cell's text
    then being those words and its own), and lines indented under it hold more such cells. The
    numbers need not run in reading order (a board may group them), but every number from 1 to
    the last must be shown exactly once.
    """
    lines = screen.rsplit(words.prompt, 1)[0].rstrip("\n").split("\n")
    block: list[str] = []
    for line in reversed(lines):
        if STATUS_HINT in line:
            break
        block.insert(0, line)
    rows: list[list[tuple[int, str]]] = []
    shared = None
    for line in block:
        segments = [(m.start(), m.group()) for m in SEGMENT.finditer(line)]
        if not segments:
            continue
        first = segments[0][1]
        if segments[0][0] < 4 and first.endswith(":") and len(segments) > 1 and CELL.match(segments[1][1]):
            shared, segments = first[:-1], segments[1:]  # "place lemon:" then its cells
        elif segments[0][0] < 4 and (packed := PACKED.match(first)):
            shared = packed.group(1)  # "place lemon: 17 E3", the number filling the gap
            segments = [(segments[0][0], packed.group(2)), *segments[1:]]
        elif segments[0][0] >= 4:  # a packed row's next line, or a long description continued
            if shared is None or not all(CELL.match(text) for _, text in segments):
                continue
        else:
            shared = None
            if not CELL.match(segments[0][1]):
                continue
        if shared is not None:
            segments = [
                (start, f"{m.group(1)} {shared} {m.group(2)}") for start, text in segments if (m := CELL.match(text))
            ]
        rows.append(segments)
    cells = [(start, text) for row in rows for start, text in row if CELL.match(text)]
    found = _numbered(cells)
    if found is None and cells:  # descriptions may begin with a number: drop the rightmost column
        rightmost = max(start for row in rows for start, _ in row[-1:])
        found = _numbered([(start, text) for start, text in cells if start < rightmost])
        if found is None:
            numbers = sorted(int(m.group(1)) for _, text in cells if (m := CELL.match(text)))
            raise TerminalFailure(f"the menu does not show each number from 1 once: {numbers}")
    return found or []


def _numbered(cells: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
    """The cells as (number, text) if their numbers are exactly 1, 2, … with none twice."""
    menu = sorted((int(m.group(1)), m.group(2)) for _, text in cells if (m := CELL.match(text)))
    return menu if [number for number, _ in menu] == list(range(1, len(menu) + 1)) else None


class Terminal:
    """One ``fruitbowl`` process at a piped terminal: read to the prompt, answer, repeat."""

    def __init__(self, args: Sequence[str], home: Path, seconds: float = READ_SECONDS, words: Words = ENGLISH):
        self.args = list(args)
        self.words = words
        self.home = home
        self.seconds = seconds
        self.process = subprocess.Popen(
            [*fruitbowl_command(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=terminal_env(home),
        )
        assert self.process.stdout is not None and self.process.stdin is not None
        self._out = self.process.stdout.fileno()
        self._in = self.process.stdin
        os.set_blocking(self._out, False)
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.transcript = ""  # everything printed so far
        self.screen = ""  # what was printed since the last answer
        self.returncode: int | None = None

    # ------------------------------------------------------------------ reading and answering

    def wait_for_prompt(self) -> bool:
        """Read until the prompt waits for an answer (True) or the program ends (False)."""
        if self.returncode is not None:
            return False
        deadline = time.monotonic() + self.seconds
        while not self._at_prompt():
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._out], [], [], left)[0]:
                self.kill()
                raise self.failure(f"no prompt and no exit within {self.seconds:.0f} s")
            data = self._read()
            if not data:
                self._closed()
                return False
            text = self._decoder.decode(data)
            self.screen += text
            self.transcript += text
            if "Traceback (most recent call last)" in self.screen:
                self.kill()
                raise self.failure("a traceback was printed")
        return True

    def answer(self, line: str) -> None:
        self.screen = ""
        try:
            self._write(f"{line}\n".encode())
        except BrokenPipeError:
            raise self.failure(f"the program stopped reading before {line!r}") from None

    def type_ahead(self, lines: Sequence[str]) -> None:
        """Send several answers at once, before any prompt asks for them (as a pipe does)."""
        self.screen = ""
        self._write("".join(f"{line}\n" for line in lines).encode())

    def _at_prompt(self) -> bool:
        return self.screen.endswith(self.words.prompt)

    def _read(self) -> bytes:
        return os.read(self._out, 1 << 16)

    def _write(self, data: bytes) -> None:
        self._in.write(data)
        self._in.flush()

    def read_to_end(self) -> int:
        """Close standard input and read everything left; the exit code."""
        self._in.close()
        while self.returncode is None:
            if self.wait_for_prompt():
                self.screen = ""
        return self.returncode

    def _closed(self) -> None:
        tail = self._decoder.decode(b"", final=True)
        self.screen += tail
        self.transcript += tail
        try:
            self.returncode = self.process.wait(timeout=self.seconds)
        except subprocess.TimeoutExpired:
            self.kill()
            raise self.failure("the output closed but the program did not exit") from None
        self._close_streams()

    def _close_streams(self) -> None:
        if not self._in.closed:
            self._in.close()
        self.process.stdout.close()  # type: ignore[union-attr]

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def failure(self, why: str) -> TerminalFailure:
        command = " ".join(["fruitbowl", *self.args])
        return TerminalFailure(f"{command}: {why}; last output:\n{self.transcript[-4000:]}")

    # ------------------------------------------------------------------ what is on the screen

    @property
    def prompts(self) -> int:
        """How many times the program has asked for a move."""
        return self.transcript.count(self.words.prompt)

    def menu(self) -> list[tuple[int, str]]:
        """The menu on the screen; empty when only a message and the prompt were printed."""
        try:
            return read_menu(self.screen, self.words)
        except TerminalFailure as exc:
            raise self.failure(str(exc)) from None

    def save_path(self) -> Path:
        """The save the welcome line names ("Saved after every move to FILE."); piped, where the
        welcome is always printed (a real terminal leaves it out of a first screen it would
        overflow)."""
        found = re.search(self.words.saved_to, self.transcript)
        if found is None:
            raise self.failure("the welcome line names no save file")
        return Path(found.group(1))


ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


class RealTerminal(Terminal):
    """``fruitbowl`` at a real terminal (a pseudo-terminal of ``rows`` × ``columns``), where it
    knows the screen's height and fits each screen to it, and colours what it prints;
    :meth:`visible` is what the screen shows at the prompt: the output's last ``rows`` lines,
    without the colours (the program only ever writes line after line)."""

    def __init__(
        self, args: Sequence[str], home: Path, rows: int = 24, columns: int = 80, words: Words = ENGLISH
    ) -> None:
        self.args = list(args)
        self.words = words
        self.home = home
        self.seconds = READ_SECONDS
        self.rows, self.columns = rows, columns
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {**terminal_env(home), "LINES": str(rows), "COLUMNS": str(columns), "TERM": "xterm"}
        self.process = subprocess.Popen(
            [*fruitbowl_command(), *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self._out = master
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.transcript = ""
        self.screen = ""
        self.returncode = None

    def visible(self) -> list[str]:
        """The screen's rows at this moment, top to bottom (the prompt's row last)."""
        return self.rows_of(self.transcript)[-self.rows :]

    def fresh_rows(self) -> list[str]:
        """The rows printed since the last answer, the new prompt's row last (the answer's echo,
        on the row of the prompt before, left out)."""
        return self.rows_of(self.screen)[1:]

    def rows_of(self, output: str) -> list[str]:
        """``output`` as the terminal's rows, without its colours: a line wider than the screen
        takes as many rows as the terminal wraps it into."""
        plain = ANSI.sub("", output).replace("\r\n", "\n").replace("\r", "")
        rows: list[str] = []
        for line in plain.split("\n"):
            row = ""
            for char in line:
                if cell_len(row + char) > self.columns:
                    rows.append(row)
                    row = ""
                row += char
            rows.append(row)
        return rows

    def _at_prompt(self) -> bool:
        return ANSI.sub("", self.screen[-200:]).endswith(self.words.prompt)

    def _read(self) -> bytes:
        try:
            return os.read(self._out, 1 << 16)
        except OSError:  # the program exited: a pseudo-terminal reports it as an error
            return b""

    def _write(self, data: bytes) -> None:
        os.write(self._out, data)

    def _close_streams(self) -> None:
        os.close(self._out)


# ---------------------------------------------------------------------- playing a whole game


def spelled(text: str, rng: random.Random, turn: int) -> str:
    """An action text as a person might type it: as shown, in mixed case, or with extra spaces."""
    style = turn % 3
    if style == 0:
        return text
    if style == 1:
        return "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in text)
    return "  " + "   ".join(text.split(" ")) + " "


def choose(menu: list[tuple[int, str]], rng: random.Random, turn: int) -> str:
    """A random menu entry, answered by number on even turns and by its text on odd ones."""
    number, text = rng.choice(menu)
    if turn % 2 == 0:
        return str(number)
    return spelled(text, rng, turn // 2)


@dataclass
class Played:
    """What one run of the driver saw: the exit code, the transcript, how often it answered,
    and the screen each command (help, board, log, undo) showed the first time."""

    returncode: int
    transcript: str
    answers: int
    save: Path
    shown: dict[str, str]


def check_refused(term: Terminal, line: str) -> None:
    """A bad answer is refused in one sentence, and the save is untouched."""
    before = term.save_path().read_bytes()
    term.answer(line)
    if not term.wait_for_prompt():
        raise term.failure(f"{line!r} ended the program")
    said = term.screen.removesuffix(term.words.prompt).strip()
    if not said or len(said.splitlines()) > 2:
        raise term.failure(f"{line!r} was not refused in one sentence: {said!r}")
    if term.save_path().read_bytes() != before:
        raise term.failure(f"{line!r} changed the save")


def check_command(term: Terminal, command: str, menu: list[tuple[int, str]]) -> None:
    """help, board and log show what they promise and then the same menu again; undo either
    takes the move back (and says so) or is refused in a sentence and changes nothing."""
    before = term.save_path().read_bytes()
    term.answer(command)
    if not term.wait_for_prompt():
        raise term.failure(f"{command!r} ended the program")
    if command == "undo":
        if term.screen.lstrip("\n").startswith(term.words.undone):
            return
        if term.save_path().read_bytes() != before:
            raise term.failure("a refused undo changed the save")
        if len(term.screen.removesuffix(term.words.prompt).strip().splitlines()) > 3:
            raise term.failure("a refused undo said more than a sentence")
        return
    if command == "board":  # the board again, and under it the same menu (checked below)
        if term.save_path().read_bytes() != before:
            raise term.failure("'board' changed the save")
    else:
        expected = {"help": term.words.commands, "log": term.words.recent_moves}[command]
        if expected not in term.screen or term.save_path().read_bytes() != before:
            raise term.failure(f"{command!r} did not show {expected!r}, or changed the save")
    if command == "help":
        listed = term.screen.split(term.words.commands, 1)[1]
        for name in COMMANDS:
            if not re.search(rf"^  {name}  ", listed, re.MULTILINE):
                raise term.failure(f"the help does not list {name!r} at the start of its own line")
    if term.menu() != menu:
        raise term.failure(f"after {command!r} the menu is not the same: {term.menu()} instead of {menu}")


def check_readable(term: Terminal, menu: list[tuple[int, str]]) -> None:
    """Every line fits 80 columns, and no menu entry is cut off.

    A line with a file path or a command to copy may run on: the terminal wraps it, so it
    copies whole. Columns are terminal cells: a Chinese character takes two.
    """
    for line in term.screen.split("\n"):
        if (
            cell_len(line.removeprefix(term.words.prompt)) > 80
            and str(term.home) not in line
            and "fruitbowl " not in line
        ):
            raise term.failure(f"a line wider than 80 columns: {line!r}")
    if menu and term.menu() and term.words.key_hint not in term.screen:
        raise term.failure("the reminder of the commands is not shown whole on one line")
    for number, text in menu:
        if text.endswith("…"):
            raise term.failure(f"menu entry {number} is cut off: {text!r}")


#: each game setup's action table, by (game, players, options): what a menu's texts name
TABLES: dict[tuple[str, int, str], ActionTable] = {}


def named(save: Path, texts: Sequence[str]) -> list[str]:
    """The actions' own texts for texts a menu shows, which may be another name the game takes
    for the same action (Fabled Fruit's menu shows ``move #4``, as its board names the stack,
    for ``move 4``)."""
    record = Record.load(save)
    key = (record.game, len(record.players), json.dumps(record.options, sort_keys=True))
    if key not in TABLES:
        TABLES[key] = get_game(record.game).new_state(len(record.players), 0, record.options).table
    return [TABLES[key].parse(text).text for text in texts]


def play_through(
    term: Terminal,
    seed: int,
    commands: bool = False,
    bad_input: str | None = None,
    legal: Callable[[Path], list[str]] | None = None,
) -> Played:
    """Answer every menu until the game ends.

    With ``commands``, also type help, board, log and undo now and then; ``bad_input`` is typed
    once and must be refused without changing anything. ``legal(save)``, if given, names the
    legal actions in order: every menu must show exactly those, each under the number that
    plays it.
    """
    rng = random.Random(seed)
    answers = 0
    extras = ["help", "board", "log", "undo", "log", "undo"] if commands else []
    screens: dict[str, str] = {}
    menu: list[tuple[int, str]] = []
    while term.wait_for_prompt():
        shown = term.menu()
        if (
            legal is not None
            and shown
            and named(term.save_path(), [text for _, text in shown]) != legal(term.save_path())
        ):
            raise term.failure(f"the menu {shown} is not the legal actions {legal(term.save_path())}")
        menu = shown or menu  # after a refusal only the prompt is shown again
        if not menu:
            raise term.failure("a prompt without a menu")
        check_readable(term, menu)
        if answers >= MAX_ANSWERS:
            raise term.failure(f"the game did not end after {answers} answers")
        answers += 1
        if bad_input is not None and answers > 3:
            check_refused(term, bad_input)
            bad_input = None
        elif extras and answers % 7 == 0:
            command = extras.pop(0)
            check_command(term, command, menu)
            screens.setdefault(command, term.screen)
        else:
            line = choose(menu, rng, answers)
            term.answer(line)
            if (
                not line.isdigit()
                and term.wait_for_prompt()
                and term.screen.lstrip("\n").startswith(term.words.not_allowed)
            ):
                raise term.failure(f"the menu's own text {line!r} was refused")
    check_readable(term, [])
    return Played(term.returncode or 0, term.transcript, answers, term.save_path(), screens)
