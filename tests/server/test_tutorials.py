"""Tutorials over HTTP (issue 23): ``POST /api/tutorials/{game}`` starts a guided game against bots
on a prepared deal, answered like a new table (201, the table's id and seat token); the player's
snapshot carries the coach's step; the same deal plays the same way every time, and after a
server restart the coach says exactly what it said before."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from fruitbowl.server.app import create_app
from fruitbowl.server.db import make_engine
from fruitbowl.server.limits import Limits
from fruitbowl.server.run import free_port, spawn

from .helpers import table_state, wait_for_turn

#: a loaded machine may take more than httpx's usual 5 s to answer
http = httpx.Client(timeout=60)

#: A tutorial that plays fast over HTTP.
GAME = "juicyfruits"


@contextmanager
def _server(db_url: str, home: Path, port: int | None = None) -> Iterator[str]:
    port = port or free_port()
    process = spawn(port, db_url, env={"FRUITBOWL_HOME": str(home)})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        _kill(process)


def _kill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


def _follow(base: str, table: str, token: str, steps: int | None = None) -> dict[str, Any]:
    """Play the coach's suggestion ``steps`` times (``None``: to the end); the last state."""
    state = wait_for_turn(base, table, token, seconds=60)
    played, first = 0, state["tutorial"]["step"]
    while state["status"] != "finished" and (steps is None or played < steps):
        coach = state["tutorial"]
        assert coach["step"] == first + played and coach["suggested"] in [a["code"] for a in state["legal"]]
        answer = http.post(
            f"{base}/api/tables/{table}/actions",
            json={"action": coach["suggested"], "version": state["version"]},
            headers={"X-Seat-Token": token},
        )
        assert answer.status_code == 200, answer.text
        played += 1
        state = wait_for_turn(base, table, token, seconds=60)
    return state


def _start(base: str, game: str = GAME, **body: Any) -> dict[str, Any]:
    answer = http.post(f"{base}/api/tutorials/{game}", json=body or None)
    assert answer.status_code == 201, answer.text
    return answer.json()


@pytest.mark.slow  # two whole tutorial games over HTTP: 7–23 s
def test_a_tutorial_is_a_table_with_a_coach_and_plays_the_same_deal_the_same_way(db_url: str, tmp_path: Path) -> None:
    with _server(db_url, tmp_path) as base:
        listed = http.get(f"{base}/api/tutorials").json()["tutorials"]
        ids = {t["id"] for t in listed}
        assert {"juicyfruits", "juicyfruits-mystic_island", "juicyfruits-boulders", "juicyfruits-new_business"} <= ids
        assert {"tanghulu", "citrus", "fabledfruit"} <= {t["game"] for t in listed}
        ours = next(t for t in listed if t["id"] == GAME)
        assert ours["title"] == "Learn Juicy Fruits" and 0 < ours["decisions"] <= ours["steps"]
        # "A first game is finished in under 10 minutes" (each line's length is stated in its
        # tutorial.toml; the browser test plays every line to its end and counts the moves).
        assert all(0 < t["decisions"] <= t["steps"] and t["seconds"] < 600 for t in listed), listed
        first = _start(base, name="Ada")
        assert first["token"] and first["seat"] == 0 and first["url"] == f"/t/{first['id']}"
        start = wait_for_turn(base, first["id"], first["token"], seconds=60)
        coach = start["tutorial"]
        assert coach["step"] == 1 and coach["of"] == ours["steps"] and not coach["done"]
        assert coach["text"].startswith("Welcome to Juicy Fruits!") and "Suggested:" in coach["text"]
        assert coach["rule"]["url"].startswith("/games/juicyfruits/rules#")
        assert start["players"][0]["name"] == "Ada" and start["players"][1]["controller"] == "greedy"
        # a spectator (and the bot's seat) sees no coach, and may not even watch: the table is the player's
        assert http.get(f"{base}/api/tables/{first['id']}").status_code == 403
        # not in the public list of tables
        assert first["id"] not in {t["id"] for t in http.get(f"{base}/api/tables").json()["tables"]}
        end = _follow(base, first["id"], first["token"])
        assert end["tutorial"]["done"] and end["tutorial"]["step"] == ours["steps"]
        assert end["tutorial"]["text"].startswith("You have played a whole game of Juicy Fruits")
        record = http.get(f"{base}/api/tables/{first['id']}/record", headers={"X-Seat-Token": first["token"]}).json()
        # the same tutorial again (the same seed: a tutorial's deal is public): the same game
        again = _start(base)
        _follow(base, again["id"], again["token"])
        other = http.get(f"{base}/api/tables/{again['id']}/record", headers={"X-Seat-Token": again["token"]}).json()
        assert other["seed"] == record["seed"] and other["actions"] == record["actions"]


def test_unknown_games_and_modules_are_refused_in_a_sentence(tmp_path: Path) -> None:
    with _server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path) as base:
        answer = http.post(f"{base}/api/tutorials/chess")
        assert answer.status_code == 404
        assert answer.json()["error"].startswith("there is no tutorial of a game 'chess'; there are tutorials of")
        answer = http.post(f"{base}/api/tutorials/juicyfruits", json={"module": "dragons"})
        assert answer.status_code == 404
        assert answer.json()["error"] == (
            "Juicy Fruits has no tutorial of the module 'dragons'; it has the game alone (no module), "
            "the modules 'mystic_island', 'boulders', 'new_business'"
        )
        answer = http.post(f"{base}/api/tutorials/juicyfruits", json={"module": "boulders", "seats": 3})
        assert answer.status_code == 422
        assert http.get(f"{base}/api/tables", params={"status": "playing"}).json()["tables"] == []


def test_unknown_games_and_modules_are_refused_in_the_readers_language(tmp_path: Path) -> None:
    with _server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path) as base:
        said = {}
        for language in ("de-DE,de;q=0.9", "zh-CN,zh;q=0.9"):
            headers = {"Accept-Language": language}
            game = http.post(f"{base}/api/tutorials/chess", headers=headers)
            module = http.post(f"{base}/api/tutorials/juicyfruits", json={"module": "dragons"}, headers=headers)
            assert game.status_code == module.status_code == 404
            said[language[:2]] = (game.json()["error"], module.json()["error"])
        assert said["de"][0].startswith("es gibt kein Tutorial eines Spiels 'chess'; Tutorials gibt es zu ")
        assert said["de"][1] == (
            "Juicy Fruits hat kein Tutorial zum Modul 'dragons'; es gibt das Spiel allein (ohne Modul), "
            "die Module 'mystic_island', 'boulders', 'new_business'"
        )
        assert said["zh"][0].startswith("没有游戏 'chess' 的教程；有教程的游戏：")
        assert said["zh"][1].startswith("多汁水果没有模块 'dragons' 的教程；有的是：单独的游戏（无模块），模块 ")


def test_tutorials_share_the_new_tables_allowance_of_an_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", limits=Limits(create_rate=0.001, create_burst=2))
    with TestClient(app) as client:
        assert client.post("/api/tables", json={"game": GAME}).status_code == 201
        assert client.post(f"/api/tutorials/{GAME}").status_code == 201
        refused = client.post(f"/api/tutorials/{GAME}", json={"module": "boulders"})
        assert refused.status_code == 429 and refused.json()["error"].startswith("too many new tables")
        assert "Retry-After" in refused.headers


@pytest.mark.slow  # two tutorial games and a restart: 10–26 s
def test_a_restarted_server_resumes_a_tutorial_at_the_same_step_with_the_same_suggestion(tmp_path: Path) -> None:
    url, port = f"sqlite:///{tmp_path / 'db.sqlite'}", free_port()
    with _server(url, tmp_path, port) as base:
        straight = _start(base, module="boulders")
        _follow(base, straight["id"], straight["token"])
        expected = http.get(
            f"{base}/api/tables/{straight['id']}/record", headers={"X-Seat-Token": straight["token"]}
        ).json()["actions"]
        table = _start(base, module="boulders")
        before = _follow(base, table["id"], table["token"], steps=4)
    with _server(url, tmp_path, port) as base:
        after = wait_for_turn(base, table["id"], table["token"], seconds=60)
        assert after["tutorial"] == before["tutorial"] and after["tutorial"]["step"] == 5
        assert after["version"] == before["version"]
        _follow(base, table["id"], table["token"])
        record = http.get(f"{base}/api/tables/{table['id']}/record", headers={"X-Seat-Token": table["token"]}).json()
        assert record["actions"] == expected  # the bots played on after the restart as they had before


def test_a_database_of_an_earlier_version_lets_tutorials_share_their_seed(tmp_path: Path) -> None:
    """Before tutorials every table's seed was unique (index ``tables_seed_unique``); a server
    started on such a database keeps that rule for real games only."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    with engine.begin() as conn:  # the earlier schema: no tutorial column, the seed unique everywhere
        conn.execute(sa.text("DROP INDEX tables_seed_unique_but_tutorials"))
        conn.execute(sa.text("ALTER TABLE tables DROP COLUMN tutorial"))
        conn.execute(sa.text("CREATE UNIQUE INDEX tables_seed_unique ON tables (seed)"))
    engine.dispose()
    with _server(url, tmp_path) as base:
        first, second = _start(base), _start(base)
        assert table_state(base, first["id"], first["token"])["tutorial"]["step"] == 1
        assert table_state(base, second["id"], second["token"])["tutorial"]["step"] == 1
    with sa.create_engine(url).connect() as conn:
        indexes = {i["name"] for i in sa.inspect(conn).get_indexes("tables")}
        assert "tables_seed_unique" not in indexes and "tables_seed_unique_but_tutorials" in indexes
        seeds = conn.execute(sa.text("SELECT seed, tutorial FROM tables")).all()
        assert len(seeds) == 2 and seeds[0] == seeds[1] and seeds[0][1] == GAME
        stmt = "INSERT INTO tables (id, game, rules_version, options, seed, num_players, status, host_token_hash) "
        with pytest.raises(sa.exc.IntegrityError):  # a real game still never shares a seed
            for n in (1, 2):
                conn.execute(sa.text(stmt + f"VALUES ('t{n}', 'x', '1', '{{}}', 7, 2, 'open', 'h')"))


def test_every_lesson_names_real_decisions_links_its_rule_and_takes_its_numbers_from_the_data() -> None:
    """A lesson explains kinds of the game's actions, links a paragraph of its players' page, and
    writes no number itself (``tutorial.toml`` names them in ``data.toml``)."""
    import re
    import tomllib
    from importlib import resources

    from fruitbowl.engine import get_game
    from fruitbowl.engine.pages import PLACEHOLDER, package_of
    from fruitbowl.engine.tutorials import tutorials
    from fruitbowl.server.rules_pages import rules_page

    kinds: dict[str, set[str]] = {}  # a game's kinds of action in any of its tutorials (a lesson may serve all)
    for tutorial in tutorials():
        game = get_game(tutorial.game)
        start = game.new_state(tutorial.players, 0, game.validate_options(tutorial.options, tutorial.players))
        kinds.setdefault(game.id, set()).update(action.kind for action in start.table.actions)
    for tutorial in tutorials():
        for lesson in tutorial.lessons:
            assert set(lesson.kinds) <= kinds[tutorial.game], (tutorial.id, set(lesson.kinds) - kinds[tutorial.game])
            assert lesson.rule is not None and rules_page(tutorial.game).section_title(lesson.rule), lesson.rule
    for game_id in {t.game for t in tutorials()}:
        raw = tomllib.loads((resources.files(package_of(type(get_game(game_id)))) / "tutorial.toml").read_text())
        texts = [t[key] for t in raw["tutorial"] for key in ("about", "intro", "learned")]
        texts += [lesson[key] for lesson in raw.get("lesson", []) for key in ("text", "again")]
        texts += [lesson[key] for t in raw["tutorial"] for lesson in t.get("lesson", []) for key in ("text", "again")]
        for text in texts:
            assert not re.search(r"\d", PLACEHOLDER.sub("", text)), f"{game_id}: a literal number in {text!r}"
