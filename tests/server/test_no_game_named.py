"""No front end names a game (issue 21): a game plugs into the server, the browser client, the
terminal, the bots, the simulations and the RL adapters from its own folder, through its plugin.

Docstrings and comments may use a game as an example; code, strings shown to people and
defaults may not. The browser's own renderers (``web/js/games/``) are the built-in games' web
modules, so they are the games', not the client's.
"""

from __future__ import annotations

import ast
import re
from importlib.metadata import entry_points
from pathlib import Path

import fruitbowl
from fruitbowl.engine import all_games

PACKAGE = Path(fruitbowl.__file__).parent
FRONT_ENDS = ("server", "cli", "bots", "sim", "rl")
#: What names a game: its id (every installed game's, loaded or not) or its title, as a word.
NAMES = sorted({e.name for e in entry_points(group="fruitbowl.games")} | {g.title.lower() for g in all_games()})


def _named(text: str) -> list[str]:
    return [name for name in NAMES if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the constants that are docstrings (of the module, a class or a function)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_no_python_front_end_names_a_game_in_its_code() -> None:
    offences = []
    for part in FRONT_ENDS:
        for path in sorted((PACKAGE / part).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            docstrings = _docstrings(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                    for name in _named(node.value):
                        offences.append(f"{path.relative_to(PACKAGE)}:{node.lineno} names {name!r}: {node.value!r}")
    assert offences == []


def _without_comments(source: str) -> str:
    """JavaScript, CSS or HTML without its comments (the client's sources keep ``//`` out of strings)."""
    source = re.sub(r"/\*.*?\*/|<!--.*?-->", "", source, flags=re.DOTALL)
    return re.sub(r"(?m)(^|\s)//.*$", r"\1", source)


def test_the_browser_client_names_no_game_outside_the_games_own_modules() -> None:
    web = PACKAGE / "web"
    offences = []
    for path in sorted(p for p in web.rglob("*") if p.suffix in (".js", ".html", ".css")):
        if path.parent == web / "js" / "games" and path.name != "index.js":
            continue  # a built-in game's renderer and its stylesheet
        for number, line in enumerate(_without_comments(path.read_text()).splitlines(), 1):
            for name in _named(line):
                offences.append(f"{path.relative_to(web)}:{number} names {name!r}: {line.strip()}")
    assert offences == []


def test_the_scan_sees_a_game_named_in_code_and_not_in_a_docstring() -> None:
    """A negative control: the scan finds a name in code and leaves docstrings and comments alone."""
    tree = ast.parse('"""Tang Hu Lu as an example."""\ndef f():\n    """Citrus too."""\n    return "tanghulu"\n')
    docstrings = _docstrings(tree)
    named = [
        name
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        for name in _named(node.value)
    ]
    assert named == ["tanghulu"]
    assert _named(_without_comments('// Citrus\nconst a = "fabledfruit"; /* Juicy Fruits */')) == ["fabledfruit"]
