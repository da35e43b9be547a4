"""Issue 21, the server split: typed errors, one error hierarchy.

* Every refusal the server makes is a ``FruitbowlError`` (the engine's base), so a front end
  catches one base; its HTTP status comes from its type, in one mapping.
* No server module decides anything by matching an error's message text: a refusal's type, or a
  database driver's error code, decides.
"""

from __future__ import annotations

import ast
import inspect
import json
import pkgutil
import sqlite3
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import TypeGuard

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

import fruitbowl.server
from fruitbowl.engine import errors as engine_errors
from fruitbowl.engine.errors import FruitbowlError
from fruitbowl.server import errors
from fruitbowl.server.api import handle_errors

from .helpers import create, snapshot

SERVER_DIR = Path(fruitbowl.server.__file__).parent

#: What each refusal answers over HTTP (docs/reliability.md, docs/architecture.md): written out
#: here, not read from the code's mapping.
EXPECTED = {
    "FruitbowlError": 400,
    "IllegalAction": 400,
    "UnknownGame": 400,
    "InvalidOption": 400,
    "BadPlayerCount": 400,
    "RecordError": 400,
    "ComponentDataError": 400,
    "UndoError": 400,
    "UnsupportedFeature": 400,
    "ServerError": 400,
    "BadRequest": 400,
    "NotFound": 404,
    "Forbidden": 403,
    "InvalidToken": 403,
    "Conflict": 409,
    "StoreConflict": 409,
    "NotSignedIn": 401,  # an account's session missing, ended or expired
    "TooMany": 429,
    "Busy": 503,
    "Unavailable": 503,
    "StoreFailed": 500,
    "Damaged": 500,  # the server's own stored data: never the client's fault
    "ServeError": 500,  # the server cannot start: a command-line error, never an HTTP answer
}

#: Exceptions of the server that never reach a client: a stale write is caught where it happens
#: and answered as a Conflict; the load generator's are its own control flow.
INTERNAL = {"Stale", "_GiveUp", "_Abandon"}


def _server_modules() -> list[str]:
    return [f"fruitbowl.server.{m.name}" for m in pkgutil.iter_modules([str(SERVER_DIR)])]


def _error_types() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for module in [engine_errors.__name__, *_server_modules()]:
        for name, value in vars(import_module(module)).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module:
                found[name] = value
    return found


def test_every_server_error_is_a_fruitbowl_error_and_has_its_status() -> None:
    types = _error_types()
    public = {name: kind for name, kind in types.items() if name not in INTERNAL}
    assert set(public) == set(EXPECTED), "an error type without a promised status, or a promise without a type"
    for name, kind in public.items():
        assert issubclass(kind, FruitbowlError), f"{name} is outside the one hierarchy"
        error = kind("one sentence") if name not in ("TooMany", "Busy") else kind("one sentence", 2.0)
        assert errors.status_of(error) == EXPECTED[name], name
    assert {"Stale"} <= set(types), "the internal exceptions listed are still there"


def test_the_api_answers_each_refusal_with_its_type_s_status_and_one_sentence() -> None:
    app = FastAPI()
    app.add_exception_handler(FruitbowlError, handle_errors)
    kinds = {name: kind for name, kind in _error_types().items() if name in EXPECTED and name != "ServeError"}

    @app.get("/raise/{name}")
    def raise_it(name: str) -> None:
        kind = kinds[name]
        raise kind(f"{name} refused this") if name not in ("TooMany", "Busy") else kind(f"{name} refused this", 2.4)

    with TestClient(app) as client:
        for name in kinds:
            response = client.get(f"/raise/{name}")
            assert response.status_code == EXPECTED[name], name
            assert response.json() == {"error": f"{name} refused this"}
            passes = name in ("TooMany", "Busy", "Unavailable")
            assert ("Retry-After" in response.headers) == passes, name
            if name in ("TooMany", "Busy"):
                assert response.headers["Retry-After"] == "2"


def test_a_database_error_is_typed_by_the_driver_s_code(tmp_path: Path) -> None:
    """SQLite locked by another writer: 503, "busy"; a row that breaks a unique rule: 409."""
    path = tmp_path / "d.db"
    engine = sa.create_engine(f"sqlite:///{path}?timeout=0.05")
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE t (id INTEGER PRIMARY KEY)"))
        conn.execute(sa.text("INSERT INTO t VALUES (1)"))
    with pytest.raises(sa.exc.IntegrityError) as duplicate, engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO t VALUES (1)"))
    collided = errors.database_error(duplicate.value)
    assert isinstance(collided, errors.StoreConflict) and errors.status_of(collided) == 409

    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(sa.exc.OperationalError) as locked, engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO t VALUES (2)"))
    finally:
        blocker.rollback()
        blocker.close()
        engine.dispose()
    busy = errors.database_error(locked.value)
    assert isinstance(busy, errors.Unavailable) and errors.status_of(busy) == 503
    assert "busy" in str(busy) and "nothing was changed" in str(busy)


# ---------------------------------------------------------------------- no matching on message text

TEXT_ATTRIBUTES = {"args", "message", "msg", "detail", "strerror"}
TEXT_METHODS = {"startswith", "endswith", "find", "rfind", "index", "count", "__contains__"}
REGEX = {"search", "match", "fullmatch", "findall", "finditer"}


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def _is_exception_annotation(annotation: ast.expr | None) -> bool:
    return annotation is not None and any(
        isinstance(n, ast.Name) and (n.id.endswith("Error") or n.id.endswith("Exception")) for n in ast.walk(annotation)
    )


def _is_text_of(node: ast.AST, exceptions: set[str]) -> bool:
    """Whether ``node`` contains the text of an exception: ``str(e)``, ``repr(e)``, ``e.args``,
    an f-string with ``e``, for ``e`` an exception (or what it wraps)."""
    for n in ast.walk(node):
        if _calls(n, "str", "repr", "format") and any(_mentions(arg, exceptions) for arg in n.args):
            return True
        if isinstance(n, ast.Attribute) and n.attr in TEXT_ATTRIBUTES and _mentions(n.value, exceptions):
            return True
        if isinstance(n, ast.FormattedValue) and _mentions(n.value, exceptions):
            return True
    return False


def _wraps(value: ast.expr, exceptions: set[str]) -> bool:
    """Whether ``value`` is what an exception wraps: ``exc.orig``, ``getattr(exc, "orig", None)``."""
    if isinstance(value, ast.Attribute):
        return _mentions(value, exceptions)
    return _calls(value, "getattr") and _mentions(value, exceptions)


def _calls(node: ast.AST, *functions: str) -> TypeGuard[ast.Call]:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions


def _compares_text(node: ast.AST, is_text: Callable[[ast.AST], bool]) -> TypeGuard[ast.Compare]:
    """``text in …``, ``… in text``, ``text == …`` for a text that ``is_text``."""
    if not isinstance(node, ast.Compare):
        return False
    tests = any(isinstance(op, ast.In | ast.NotIn | ast.Eq | ast.NotEq) for op in node.ops)
    return tests and any(is_text(side) for side in [node.left, *node.comparators])


def message_matches(source: str) -> list[int]:
    """Lines where a decision is made on an exception's message text."""
    found: list[int] = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            continue
        exceptions: set[str] = set()
        if not isinstance(function, ast.Module):
            args = function.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                if _is_exception_annotation(arg.annotation):
                    exceptions.add(arg.arg)
        exceptions |= {h.name for h in ast.walk(function) if isinstance(h, ast.ExceptHandler) and h.name}
        texts: set[str] = set()
        assigns = [a for a in ast.walk(function) if isinstance(a, ast.Assign | ast.AnnAssign | ast.NamedExpr)]
        for _ in range(5):  # to a fixed point: wrapped exceptions, then texts made from texts
            for a in assigns:
                targets = a.targets if isinstance(a, ast.Assign) else [a.target]
                names = {t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)}
                value = a.value
                if value is None:
                    continue
                if _is_text_of(value, exceptions) or _mentions(value, texts):
                    texts |= names
                elif _wraps(value, exceptions):
                    exceptions |= names  # ``original = exc.orig``: what the error wraps

        def is_text(node: ast.AST) -> bool:
            return _is_text_of(node, exceptions) or _mentions(node, texts)  # noqa: B023

        for n in ast.walk(function):
            if _compares_text(n, is_text):
                found.append(n.lineno)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                if n.func.attr in TEXT_METHODS and (is_text(n.func.value) or any(is_text(a) for a in n.args)):
                    found.append(n.lineno)
                if n.func.attr in REGEX and any(is_text(a) for a in n.args):
                    found.append(n.lineno)
    return sorted(set(found))


def test_the_checker_finds_decisions_on_message_text() -> None:
    """The negative controls: what the server did before (and ways around it) are found."""
    assert message_matches(
        "try:\n    pass\nexcept ValueError as exc:\n    if 'not valid' in str(exc):\n        raise\n"
    ) == [4]
    assert message_matches(
        "def problem(exc: BaseException) -> int:\n"
        "    original = getattr(exc, 'orig', None)\n"
        "    text = str(original or exc).lower()\n"
        "    detail = text.splitlines()\n"
        "    return 503 if any(w in ' '.join(detail) for w in ('locked',)) else 500\n"
    ) == [5]
    assert message_matches("def f(e: Exception) -> bool:\n    return f'{e}'.startswith('disk')\n") == [2]
    assert message_matches("def f(e: Exception) -> bool:\n    return e.args[0] == 'gone'\n") == [2]
    # Typed decisions are not text: the type, a driver's error code, a status.
    assert (
        message_matches(
            "def f(exc: Exception) -> bool:\n"
            "    original = getattr(exc, 'orig', None)\n"
            "    code = getattr(original, 'sqlstate', None)\n"
            "    return isinstance(exc, KeyError) or code == '55P03'\n"
        )
        == []
    )


@pytest.mark.parametrize("path", sorted(SERVER_DIR.glob("*.py")), ids=lambda p: p.name)
def test_no_server_module_matches_on_message_text(path: Path) -> None:
    lines = message_matches(path.read_text())
    assert not lines, f"{path.name} decides on an error message's words at lines {lines}; raise and catch a type"


# ---------------------------------------------------------------------- the split's layers

#: The table service's modules, each allowed to import only those before it (docs/architecture.md,
#: "The web table's server"); the modules around them (cluster, outbox, campaigns, …) import at
#: most its data (errors, db, live, snapshots).
LAYERS = ["errors", "db", "live", "snapshots", "store", "runtime", "bot_runner", "sync", "campaign_tables", "tables"]


def _relative_imports(module: str) -> set[str]:
    tree = ast.parse((SERVER_DIR / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {alias.name for alias in node.names}
    return found


def test_each_part_of_the_table_service_imports_only_the_parts_below_it() -> None:
    for place, module in enumerate(LAYERS):
        above = set(LAYERS[place:])
        assert not _relative_imports(module) & above, f"{module} imports {_relative_imports(module) & above}"
    users = {"api", "app", "eviction"}  # they use the whole service
    around = {m.name for m in pkgutil.iter_modules([str(SERVER_DIR)])} - set(LAYERS) - users
    for module in around:
        parts = _relative_imports(module) & (set(LAYERS) - {"errors", "db", "live", "snapshots"})
        assert not parts, f"{module} (around the service) imports its parts {parts}"


# ---------------------------------------------------------------------- both front doors


def test_a_refusal_has_the_same_status_over_http_and_over_the_websocket(client: TestClient) -> None:
    """The status comes from the refusal's type, so the HTTP answer and the WebSocket error agree:
    an illegal action 400, a stale version 409, a spectator playing 403, no such table 404."""
    table = create(client, seats=[{"controller": "human"}, {"controller": "human"}])
    invite = table["invites"]["1"].split("invite=")[1]
    joined = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite}).json()
    state = snapshot(client, table["id"], table["token"])
    mover = table["token"] if state["legal"] else joined["token"]  # the seat to act
    version = state["version"]
    tries = [  # (token, action, version) → status
        (mover, 99999, version, 400),
        (mover, 0, version + 5, 409),
        (None, 0, version, 403),
    ]
    path = f"/ws/tables/{table['id']}"
    for token, action, seen, status in tries:
        headers = {"X-Seat-Token": token} if token else {}
        body = {"action": action, "version": seen}
        answer = client.post(f"/api/tables/{table['id']}/actions", json=body, headers=headers)
        assert answer.status_code == status, answer.text
        with client.websocket_connect(f"{path}?token={token}" if token else path) as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "action", **body}))
            reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == status, reply
        assert reply["message"] == answer.json()["error"]
    assert snapshot(client, table["id"], table["token"])["version"] == version  # nothing changed
    assert client.get("/api/tables/nowhere").status_code == 404
    with client.websocket_connect("/ws/tables/nowhere") as ws:
        assert ws.receive_json()["status"] == 404
