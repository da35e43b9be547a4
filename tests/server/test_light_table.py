"""A light table (issue 20 §3): the seat to act is sent each legal action's code (and its label
where it is not the one the action space gives), never an explanation of every other action; the
page asks why one action is not possible when the player clicks it; the parts of the view that
never change come once with the action space; and the seat to act's snapshot is never over
24 KiB, in any position of any game."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fruitbowl.engine import Action, all_games, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.wording import counted
from fruitbowl.server import create_app
from fruitbowl.server.limits import Limits
from fruitbowl.server.tables import SeatRequest

from .helpers import act, create, legal_actions, snapshot, with_fixed

KIB = 1024
LIMIT = 24 * KIB
GAMES = sorted(g.id for g in all_games())


@pytest.fixture
def relaxed(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose limits a test that reads and plays every position of a game never meets."""
    with TestClient(create_app(f"sqlite:///{tmp_path}/t.db", limits=Limits.relaxed())) as client:
        yield client


def _seated(client: TestClient, game: str, players: int, table: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A table (``table``: one already created) whose seats are all people played by the test:
    its id and the seat tokens by seat."""
    if table is None:
        table = create(client, game=game, players=players, seats=[{"controller": "human"}] * players)
    tokens = [table["token"]]
    for seat in range(1, players):
        invite = table["invites"][str(seat)].split("invite=")[1]
        joined = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return table["id"], tokens


def _to_act(client: TestClient, table_id: str, tokens: list[str], seat: int = 0) -> tuple[int, dict[str, Any], int]:
    """The seat to act, its snapshot and that snapshot's size in bytes (``seat``: the seat asked
    first, as the one that acted last usually acts again)."""
    while True:
        response = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": tokens[seat]})
        assert response.status_code == 200, response.text
        state = response.json()
        acting = state["view"]["current_player"]
        if acting in (seat, -1):
            return seat, state, len(response.content)
        seat = acting


def _explain(client: TestClient, table_id: str, token: str | None, code: Any) -> Any:
    return client.get(
        f"/api/tables/{table_id}/explain", params={"code": code}, headers={"X-Seat-Token": token} if token else {}
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_seat_to_act_asks_why_one_action_is_not_possible(relaxed: TestClient, game: str) -> None:
    table_id, tokens = _seated(relaxed, game, 2)
    seat, state, _ = _to_act(relaxed, table_id, tokens)
    assert "illegal" not in state
    assert state["legal"] and all(set(a) <= {"code", "label"} for a in state["legal"])
    assert all(a["label"] for a in legal_actions(relaxed, table_id, state))
    space = relaxed.get(f"/api/tables/{table_id}/actions").json()["actions"]
    legal = {a["code"] for a in state["legal"]}
    illegal = [a["code"] for a in space if a["code"] not in legal]
    for code in (illegal[0], illegal[len(illegal) // 2], illegal[-1]):
        answer = _explain(relaxed, table_id, tokens[seat], code)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["code"] == code and body["version"] == state["version"] and body["reason"]
        # the reason is the very sentence that refuses the action, and asking changed nothing
        refused = act(relaxed, table_id, tokens[seat], code, state["version"])
        assert refused.status_code == 400 and refused.json()["error"] == body["reason"]
    assert _explain(relaxed, table_id, tokens[seat], state["legal"][0]["code"]).json()["reason"] is None
    assert snapshot(relaxed, table_id, tokens[seat])["version"] == state["version"]

    # Only the seat to act is told why; each refusal is one sentence.
    other = _explain(relaxed, table_id, tokens[1 - seat], illegal[0])
    assert other.status_code == 409 and other.json()["error"].startswith("it is not your turn")
    spectator = _explain(relaxed, table_id, None, illegal[0])
    assert spectator.status_code == 403 and "seat token" in spectator.json()["error"]
    in_query = relaxed.get(f"/api/tables/{table_id}/explain", params={"code": illegal[0], "token": tokens[seat]})
    assert in_query.status_code == 403, "a seat token travels in the X-Seat-Token header, never in the address"
    beyond = _explain(relaxed, table_id, tokens[seat], len(space))
    assert beyond.status_code == 400 and f"0 to {len(space) - 1}" in beyond.json()["error"]
    for bad in ("seven", "", "1.5"):
        malformed = _explain(relaxed, table_id, tokens[seat], bad)
        assert malformed.status_code == 422 and "code" in malformed.json()["error"]
    assert relaxed.get(f"/api/tables/{table_id}/explain", headers={"X-Seat-Token": tokens[seat]}).status_code == 422
    wrong = _explain(relaxed, table_id, "not-a-token", illegal[0])
    assert wrong.status_code == 403
    assert _explain(relaxed, "nosuchtable", tokens[seat], 0).status_code == 404


def test_explanations_are_limited_like_other_reads(tmp_path: Path) -> None:
    limits = dataclasses.replace(Limits(), read_rate=0.01, read_burst=3)
    with TestClient(create_app(f"sqlite:///{tmp_path}/t.db", limits=limits)) as client:
        table_id, tokens = _seated(client, "tanghulu", 2)
        seat = client.get(f"/api/tables/{table_id}").json()["view"]["current_player"]  # one read of three
        answers = [_explain(client, table_id, tokens[seat], 0).status_code for _ in range(3)]
        assert answers[:2] == [200, 200] and answers[2] == 429
        refused = _explain(client, table_id, tokens[seat], 0)
        assert refused.status_code == 429 and "too many requests" in refused.json()["error"]
        assert int(refused.headers["Retry-After"]) >= 1


def _complete(client: TestClient, table_id: str, token: str, state: dict[str, Any], players: int) -> dict[str, Any]:
    """The snapshot's view and legal actions completed from the action space as the page completes
    them, checked against the position the table's replay gives for that seat and the labels the
    game gives its actions there: nothing a client shows is lost. The completed view."""
    space = client.get(f"/api/tables/{table_id}/actions").json()
    view = with_fixed(state["view"], space["fixed_view"])
    replayed = client.get(
        f"/api/tables/{table_id}/replay", params={"at": state["version"]}, headers={"X-Seat-Token": token}
    )
    assert replayed.status_code == 200, replayed.text
    assert view == replayed.json()["view"], f"move {state['version']}: the completed view is not the position"
    rules = get_game(state["game"])
    labels = [{**space["actions"][a["code"]], **a}["label"] for a in state["legal"]]
    table = rules.action_table(players)
    assert labels == [rules.describe_action(view, table[a["code"]]) for a in state["legal"]]
    return view


#: Player counts whose whole random games are read, every position, by the seat to act.
PLAYERS = {"citrus": (2, 3, 4, 5), "fabledfruit": (2, 5), "juicyfruits": (1, 4), "tanghulu": (2, 4)}
#: Games played per player count (Citrus, whose largest positions are rare: a few).
ROUNDS = {"citrus": 2}
#: Every this many positions, the completed snapshot is checked against the table's replay.
CHECK_EVERY = 97


@pytest.mark.parametrize(
    ("game", "players", "round_"), [(g, n, r) for g in GAMES for n in PLAYERS[g] for r in range(ROUNDS.get(g, 1))]
)
def test_every_snapshot_of_the_seat_to_act_is_at_most_24_kib(
    relaxed: TestClient, game: str, players: int, round_: int
) -> None:
    """Every position of a whole random game, read over HTTP by the seat to act: at most 24 KiB,
    and what it leaves out (the view's fixed parts, the usual labels) is in the action space."""
    table_id, tokens = _seated(relaxed, game, players)
    rng = random.Random(f"{game}-{players}-{round_}")
    sizes: list[int] = []
    seat = 0
    while True:
        seat, state, size = _to_act(relaxed, table_id, tokens, seat)
        if state["status"] == "finished":
            break
        sizes.append(size)
        assert size <= LIMIT, f"{game}, {players} players, move {state['version']}: {size} bytes"
        # what the server adds around the view and the legal actions stays small
        parts = json.dumps(state["view"], separators=(",", ":")) + json.dumps(state["legal"], separators=(",", ":"))
        assert size - len(parts.encode()) <= 8 * KIB, f"{game}: {size - len(parts.encode())} bytes of framing"
        if len(sizes) % CHECK_EVERY == 1:
            _complete(relaxed, table_id, tokens[seat], state, players)
        choice = rng.choice(state["legal"])["code"]
        assert act(relaxed, table_id, tokens[seat], choice, state["version"]).status_code == 200
    _complete(relaxed, table_id, tokens[seat], state, players)
    print(
        f"\n{game}, {counted(players, 'player')}: {len(sizes)} positions, seat to act's snapshot median"
        f" {statistics.median(sizes) / KIB:.1f} KiB, max {max(sizes) / KIB:.1f} KiB"
    )


def _keeper(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """A random Citrus player that picks up Bridges and Milestones, never spends one, and holding
    both buys the longest line."""
    me = view["players"][view["current_player"]]
    held = {tile["kind"] for tile in me["held"]}
    places = [a for a in legal if a.kind == "place" and not a.fields["bridge"] and not a.fields["milestone"]]
    landscape = view["board"]["landscape"]
    pickups = [a for a in places if (landscape[a.fields["space"]] or [""])[0] in ("bridge", "milestone")]
    if pickups or places:
        return rng.choice(pickups or places)
    buys = [a for a in legal if a.kind == "buy"]
    if buys and {"bridge", "milestone"} <= held:
        return max(buys, key=lambda a: view["market"]["lines"][a.fields["line"]]["tiles"])
    return rng.choice([a for a in legal if a.kind != "cart"] or legal)


def _many_ways_to_build(view: dict[str, Any], legal: int) -> bool:
    """The worst case for the legal actions' labels: at least four waiting tiles, a Bridge and a
    Milestone held (each tile may be built with or without them), 300 ways or more."""
    held = {tile["kind"] for tile in view["players"][view["current_player"]]["held"]}
    waiting = sum(w["count"] for w in view["waiting"])
    return view["phase"] == "place" and {"bridge", "milestone"} <= held and waiting >= 4 and legal >= 300


def test_a_placement_with_many_waiting_tiles_and_a_bridge_and_milestone_held_is_at_most_24_kib(
    relaxed: TestClient,
) -> None:
    rules = get_game("citrus")
    for seed in range(340, 380):  # found by the engine; then played at a table with the same seed
        state, rng, texts, dealer = rules.new_state(3, seed), random.Random(seed), [], Dealer(seed)
        dealer.settle(state)  # (chance is dealt as the table with this seed deals it)
        while not state.is_terminal():
            view, legal = state.view(state.current_player), state.legal_actions()
            if _many_ways_to_build(view, len(legal)):
                break
            texts.append(_keeper(view, legal, rng).text)
            state.apply(texts[-1])
            dealer.settle(state)
        else:
            continue
        break
    else:
        pytest.fail("no 3-player game of seeds 340-379 reached a placement with many ways to build")

    service = relaxed.app.state.service  # type: ignore[attr-defined]
    created = relaxed.portal.call(  # type: ignore[union-attr]
        functools.partial(service.create, "citrus", 3, {}, [SeatRequest()] * 3, you=0, seed=seed)
    )
    invites = {str(s): f"/t/{created.id}?invite={code}" for s, code in created.invites.items()}
    table_id, tokens = _seated(relaxed, "citrus", 3, {"id": created.id, "token": created.token, "invites": invites})
    seat = 0
    for text in texts:
        seat, position, _ = _to_act(relaxed, table_id, tokens, seat)
        assert act(relaxed, table_id, tokens[seat], text, position["version"]).status_code == 200, text
    seat, position, size = _to_act(relaxed, table_id, tokens)
    view = _complete(relaxed, table_id, tokens[seat], position, 3)
    assert _many_ways_to_build(view, len(position["legal"]))
    print(f"\nCitrus, seed {seed}, move {len(texts)}: {len(position['legal'])} legal actions, {size / KIB:.1f} KiB")
    assert size <= LIMIT


def test_the_action_space_holds_nothing_of_one_table(relaxed: TestClient) -> None:
    """Every table of a game with the same players and options is sent the same action space:
    the usual labels and the fixed parts of the views are a game's, never a table's."""
    spaces = [relaxed.get(f"/api/tables/{_seated(relaxed, 'citrus', 3)[0]}/actions") for _ in range(2)]
    assert spaces[0].content == spaces[1].content
    assert spaces[0].headers["content-encoding"] == "gzip"  # 1.2 MB of JSON, loaded once per page
    assert len(spaces[0].content) > 10 * int(spaces[0].headers["content-length"])
