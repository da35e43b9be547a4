"""Windfall, a game from another package, is discovered and plays through every front end:
the conformance kit, the terminal, the web table (a real server process), the bots, the RL
adapters and ``fruitbowl simulate`` (issue 21: "adding a game means one new folder")."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from fruitbowl.engine import IllegalAction, all_games, get_game, get_plugin
from fruitbowl.engine.conformance import check_all, check_players_page
from fruitbowl.server.run import free_port
from fruitbowl.views import view_errors, view_schema

from ..cli.terminal_driver import fruitbowl_command, terminal_env


def fruitbowl(args: list[str], env: dict[str, str], stdin: str = "", seconds: float = 120) -> str:
    done = subprocess.run(
        [*fruitbowl_command(), *args], input=stdin, capture_output=True, text=True, env=env, timeout=seconds
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_it_is_discovered_through_its_entry_point_like_a_built_in_game(installed: dict[str, str]) -> None:
    assert "windfall" in [game.id for game in all_games()]
    assert get_plugin("Wind Fall").game is type(get_game("windfall"))
    listed = fruitbowl(["games"], installed)
    assert "Windfall" in listed and "Tang Hu Lu" in listed
    without = {key: value for key, value in installed.items() if key != "PYTHONPATH"}
    assert "Windfall" not in fruitbowl(["games"], without)  # not installed there: not found


def test_it_passes_the_conformance_kit(installed: dict[str, str]) -> None:
    reports = check_all(get_game("windfall"), games_per_count=40, view_check=view_errors)
    assert {r.num_players for r in reports} == {2, 3, 4} and all(r.games for r in reports)


def test_a_refusal_names_its_rule_and_says_it(installed: dict[str, str]) -> None:
    state = get_game("windfall").new_state(2, 1, {"basket": 5})
    state.apply("take 3")
    assert [a.text for a in state.legal_actions()] == ["take 1", "take 2"]
    assert state.refusal("take 3") == "take.more_than_left"
    assert state.explain("take 3") == "the basket holds only 2 apples"
    assert state.refusal("take 2") is None


def test_its_players_page_reads_its_data_and_its_refusals_link_there(installed: dict[str, str]) -> None:
    game = get_game("windfall")
    assert check_players_page(game) == []
    state = game.new_state(2, 1, {"basket": 5})
    state.apply("take 3")
    with pytest.raises(IllegalAction) as refused:
        state.apply("take 3")
    assert (refused.value.rule, refused.value.game) == ("take.more_than_left", "windfall")
    assert refused.value.anchor == "taking-apples"
    command = [*fruitbowl_command(), "rules", "windfall", "--no-pager"]
    text = subprocess.run(command, env=installed, capture_output=True, text=True, check=True).stdout
    # the numbers are data.toml's; a piece's picture has no place in the terminal
    assert "A basket of 12 apples" in text and "5 bonus cards worth 0 to 4" in text
    assert "{{" not in text and "<span" not in text and "a bonus card" not in text


def test_its_view_schema_is_derived_from_its_typed_view(installed: dict[str, str]) -> None:
    schema = view_schema(get_game("windfall"))
    assert schema["title"] == "WindfallView" and schema["additionalProperties"] is False
    player = schema["$defs"]["PlayerView"]
    assert "card" in player["properties"] and "card" not in player["required"]  # the secret: shown only sometimes


def test_it_plays_in_the_terminal_with_its_own_board(installed: dict[str, str], tmp_path: Path) -> None:
    env = {**terminal_env(tmp_path), "PYTHONPATH": installed["PYTHONPATH"]}
    args = ["play", "windfall", "--players", "2", "--seat", "1", "--bots", "random", "--seed", "3", "--name", "Ada"]
    shown = fruitbowl(args, env, stdin="1\n" * 20)
    assert "Basket: 12 apples" in shown  # the game's terminal board, its number from data.toml
    assert "Ada: take 1 to 3 of the 12 apples in the basket" in shown  # Game.prompt as the status line
    assert "Take 1 apple" in shown  # Game.describe_action in the menu
    assert "The bonus cards are revealed" in shown  # its event sentences, to the end of the game


def test_bots_and_simulate_play_it(installed: dict[str, str]) -> None:
    for bots in ("random,greedy", "greedy,ismcts:easy"):
        args = ["simulate", "windfall", "-n", "4", "--players", "2", "--bots", bots, "--seed", "5", "--json"]
        data = json.loads(fruitbowl(args, installed))
        assert data["bots"] == bots.split(",") and abs(sum(data["wins"]) - 4) < 1e-6 and not data["truncated"]


def test_its_component_hooks_name_the_windfall(installed: dict[str, str]) -> None:
    from fruitbowl.sim.components import uses

    state = get_game("windfall").new_state(2, 1, {"basket": 4})
    events = [event for text in ("take 3", "take 1") for event in state.apply(text)]
    assert uses("windfall", state.table.parse("take 1"), 1, events[1:]) == [(1, "windfall", "2 points")]


def test_the_rl_adapters_play_it(installed: dict[str, str]) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")
    from pettingzoo.test import api_test

    from fruitbowl.rl.openspiel import register_all, short_name
    from fruitbowl.rl.pettingzoo import env

    api_test(env("windfall", players=3), num_cycles=30)
    assert short_name(get_game("windfall")) in register_all()
    spiel_game = pyspiel.load_game(short_name(get_game("windfall")), {"players": 2})
    pyspiel.random_sim_test(spiel_game, num_sims=3, serialize=True, verbose=False)


def test_without_explicit_chance_openspiel_refuses_information_states_with_a_sentence(
    installed: dict[str, str],
) -> None:
    """Windfall draws from one seed (no explicit chance nodes): OpenSpiel is told it provides no
    information state, and asking for one, or for a resampled position, is refused in a sentence
    rather than answered with the current observation (issue 24 §2)."""
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")
    from open_spiel.python.observation import make_observation

    from fruitbowl.rl.openspiel import register_all, short_name

    register_all()
    game = get_game("windfall")
    assert not game.explicit_chance
    spiel_game = pyspiel.load_game(short_name(game), {"players": 2})
    assert not spiel_game.get_type().provides_information_state_string
    assert not spiel_game.get_type().provides_information_state_tensor
    state = spiel_game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(0)  # the seed
    for call in (
        lambda: state.information_state_string(0),
        lambda: state.information_state_tensor(0),
        lambda: make_observation(spiel_game, pyspiel.IIGObservationType(perfect_recall=True)),
    ):
        with pytest.raises(pyspiel.SpielError, match="provides no information state: its chance is still one seed"):
            call()
    with pytest.raises(pyspiel.SpielError, match="cannot resample from an information state"):
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_it_plays_at_the_web_table(installed: dict[str, str], tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [
            *fruitbowl_command(),
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 't.db'}",
            "--bot-delay",
            "0",
        ],
        env=installed,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            deadline = time.monotonic() + 30
            while True:
                try:
                    games = client.get("/api/games").json()["games"]
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                    time.sleep(0.2)
            [windfall] = [game for game in games if game["id"] == "windfall"]
            # How to play: a page of its own and the drawer's JSON, with anchors a refusal links to
            page = client.get("/games/windfall/rules")
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            assert '<h3 id="taking-apples">Taking apples</h3>' in page.text and "A basket of 12 apples" in page.text
            drawer = client.get("/api/games/windfall/rules").json()
            assert {"anchor": "taking-apples", "title": "Taking apples", "level": 3} in drawer["sections"]
            missing = client.get("/games/nosuch/rules")
            assert missing.status_code == 404 and "<html" in missing.text and "Unknown game" in missing.text
            assert client.get("/api/games/nosuch/rules").json()["error"].startswith("unknown game")
            assert windfall["board"] == "/boards/windfall/board.js"
            board = client.get(windfall["board"])
            assert board.status_code == 200 and "export function render" in board.text
            assert board.headers["content-type"].startswith("text/javascript")
            assert client.get("/boards/windfall/..%2Fplugin.py").status_code == 404

            # Two friends: a refused move comes with its rule's paragraph in the players' page.
            seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
            body = {"game": "windfall", "seats": seats, "options": {"basket": 5}}
            friends = client.post("/api/tables", json=body).json()
            bob = client.post(f"/api/tables/{friends['id']}/join", json={"name": "Bob"}).json()
            moves = f"/api/tables/{friends['id']}/actions"
            ada, bobs = {"X-Seat-Token": friends["token"]}, {"X-Seat-Token": bob["token"]}
            ada_plays = client.post(moves, json={"action": "take 3", "version": 0}, headers=ada)
            assert ada_plays.status_code == 200, ada_plays.text
            refused = client.post(moves, json={"action": "take 3", "version": 1}, headers=bobs)
            assert refused.status_code == 400 and refused.json()["error"] == "the basket holds only 2 apples"
            assert refused.json()["rule"] == {"title": "Taking apples", "url": "/games/windfall/rules#taking-apples"}
            why = client.get(f"/api/tables/{friends['id']}/explain", params={"code": 2}, headers=bobs).json()
            assert why["reason"] == "the basket holds only 2 apples" and why["rule"] == refused.json()["rule"]

            seats = [{"controller": "human", "name": "Ada"}, {"controller": "greedy"}]
            created = client.post("/api/tables", json={"game": "windfall", "seats": seats, "options": {"basket": 9}})
            assert created.status_code == 201, created.text
            table, headers = created.json()["id"], {"X-Seat-Token": created.json()["token"]}
            for _ in range(100):
                snapshot = client.get(f"/api/tables/{table}", headers=headers).json()
                if snapshot["view"]["current_player"] < 0:
                    break
                if snapshot["legal"]:
                    move = {"action": snapshot["legal"][-1]["code"], "version": snapshot["version"]}
                    assert client.post(f"/api/tables/{table}/actions", json=move, headers=headers).status_code == 200
                else:
                    time.sleep(0.1)  # the bot's turn
            assert snapshot["view"]["basket"] == 0
            assert all("card" in player for player in snapshot["view"]["players"])  # revealed at the end
    finally:
        server.terminate()
        server.wait(timeout=10)
