"""Tournaments: schedule, seeds, storage, resuming, retries and ratings (tiny, random bots)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fruitbowl.engine import BadPlayerCount, InvalidOption, UnknownGame
from fruitbowl.engine.rng import derive_seed
from fruitbowl.sim.backends import GamesFailed, InlineBackend, ProcessBackend, make_backend
from fruitbowl.sim.ratings import rate
from fruitbowl.sim.schedule import TournamentSpec, make_spec, tables_for
from fruitbowl.sim.storage import Store
from fruitbowl.sim.tournament import run_tournament
from fruitbowl.sim.worker import FAULT_ENV, GameData, play_task


def _db(tmp_path: Path, name: str = "t.db") -> str:
    return f"sqlite:///{tmp_path / name}"


def test_round_robin_and_gauntlet_tables() -> None:
    assert tables_for(["a", "b", "c"], 2, "round-robin") == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tables_for(["a", "b", "c"], 3, "round-robin") == [("a", "b", "c")]
    # fewer bots than seats: every mix with at least two different bots
    assert tables_for(["a", "b"], 3, "round-robin") == [("a", "a", "b"), ("a", "b", "b")]
    assert tables_for(["a", "b", "c"], 3, "gauntlet") == [("a", "b", "b"), ("a", "c", "c")]


def test_seats_rotate_and_seeds_derive_from_the_index() -> None:
    spec = make_spec("tanghulu", ["random", "ismcts:easy"], 2, 4, seed=5)
    tasks = spec.tasks()
    assert [t.index for t in tasks] == [0, 1, 2, 3]
    assert [t.seats for t in tasks] == [("random", "ismcts:easy"), ("ismcts:easy", "random")] * 2
    assert [t.seed for t in tasks] == [derive_seed(5, "tournament-game", i) for i in range(4)]
    assert spec.id == make_spec("tanghulu", ["random", "ismcts:easy"], 2, 4, seed=5).id
    assert spec.id != make_spec("tanghulu", ["random", "ismcts:easy"], 2, 4, seed=6).id


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"game_id": "nope"}, UnknownGame),
        ({"players": 9}, BadPlayerCount),
        ({"bots": ["random", "ghost"]}, InvalidOption),
        ({"bots": ["random"]}, InvalidOption),
        ({"bots": ["random", "random"]}, InvalidOption),
        ({"games_per_table": 0}, InvalidOption),
        ({"fmt": "swiss"}, InvalidOption),
        ({"options": {"round_limit": "x"}}, InvalidOption),
    ],
)
def test_bad_specs_are_refused(kwargs: dict, error: type) -> None:
    args = {"game_id": "tanghulu", "bots": ["random", "ismcts:easy"], "players": 2, "games_per_table": 1, **kwargs}
    with pytest.raises(error):
        make_spec(**args)


def test_a_played_game_has_a_replayable_record_and_facts() -> None:
    from fruitbowl.engine import Record, replay_to_end

    task = make_spec("tanghulu", ["random", "ismcts:easy"], 2, 1, seed=1).tasks()[0]
    task = type(task)(task.index, task.seed, task.game, ("random", "random"), task.options)
    data = play_task(task)
    assert data.summary() == play_task(task).summary() and data.record == play_task(task).record
    record = Record.from_json(data.record)
    assert [p.name for p in record.players] == ["random 1", "random 2"]
    assert list(replay_to_end(record).result().scores) == list(data.scores or ())
    assert sum(sum(kinds.values()) for kinds in data.facts["kinds"]) == data.actions


def test_tournament_stores_every_game_once_and_resumes(random_b: str, tmp_path: Path) -> None:
    spec = make_spec("tanghulu", ["random", "ismcts:easy"], 2, 6, seed=3)
    # a stand-in for a long tournament: stop after three stored games
    stored: list[int] = []

    def stop_after_three(done: int, total: int) -> None:
        stored.append(done)
        if done >= 3:
            raise KeyboardInterrupt

    cheap = _cheap(spec)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(cheap, _db(tmp_path), InlineBackend(), stop_after_three)
    store = Store(_db(tmp_path))
    assert store.done_indices(cheap.id) == {0, 1, 2}
    store.close()
    again = run_tournament(cheap, _db(tmp_path), InlineBackend())
    assert again.played_now == 3 and again.complete and [g.index for g in again.games] == list(range(6))
    finished = run_tournament(cheap, _db(tmp_path), InlineBackend())
    assert finished.played_now == 0 and finished.to_json()["results"] == again.to_json()["results"]
    fresh = run_tournament(cheap, _db(tmp_path, "fresh.db"), InlineBackend())
    assert fresh.to_json()["results"] == again.to_json()["results"]
    assert fresh.to_json()["ratings"] == again.to_json()["ratings"]


def _cheap(spec: TournamentSpec) -> TournamentSpec:
    """The same schedule between 'random' and 'random-b' (the ``random_b`` fixture), so tests stay fast."""
    return make_spec(spec.game, ["random", "random-b"], spec.players, spec.games_per_table, spec.format, seed=spec.seed)


def test_a_failing_worker_is_retried_and_counted_once(
    random_b: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = _cheap(make_spec("tanghulu", ["random", "ismcts:easy"], 2, 8, seed=4))
    monkeypatch.setenv(FAULT_ENV, f"raise:{tmp_path}:1,6")
    with ProcessBackend(2, start_method="fork") as backend:
        result = run_tournament(spec, _db(tmp_path), backend)
    assert (tmp_path / "failed-1").exists() and (tmp_path / "failed-6").exists()
    assert [g.index for g in result.games] == list(range(8)) and result.played_now == 8
    monkeypatch.delenv(FAULT_ENV)
    clean = run_tournament(spec, _db(tmp_path, "clean.db"), InlineBackend())
    assert clean.to_json()["results"] == result.to_json()["results"]  # identical to an inline run
    assert clean.to_json()["ratings"] == result.to_json()["ratings"]


def test_a_crashed_worker_process_is_replaced_and_its_games_retried(
    random_b: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = _cheap(make_spec("tanghulu", ["random", "ismcts:easy"], 2, 6, seed=9))
    monkeypatch.setenv(FAULT_ENV, f"crash:{tmp_path}:2")
    with ProcessBackend(2, start_method="fork") as backend:
        result = run_tournament(spec, _db(tmp_path), backend)
    assert (tmp_path / "failed-2").exists()
    assert [g.index for g in result.games] == list(range(6))


def test_a_game_that_always_fails_is_reported_and_the_rest_are_kept(
    random_b: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = _cheap(make_spec("tanghulu", ["random", "ismcts:easy"], 2, 4, seed=2))
    calls: list[int] = []

    def always_fail(index: int) -> None:
        if index == 3:
            calls.append(index)
            raise RuntimeError("boom")

    monkeypatch.setattr("fruitbowl.sim.worker._maybe_fail", always_fail)
    with pytest.raises(GamesFailed, match="game 3"):
        run_tournament(spec, _db(tmp_path), InlineBackend())
    assert len(calls) == 3  # three attempts
    store = Store(_db(tmp_path))
    assert store.done_indices(spec.id) == {0, 1, 2}
    store.close()


def test_ratings_rank_the_winner_first_and_share_ties(random_b: str, tmp_path: Path) -> None:
    spec = _cheap(make_spec("tanghulu", ["random", "ismcts:easy"], 2, 4, seed=1))
    games = run_tournament(spec, _db(tmp_path), InlineBackend()).games

    def won_by(bot: str, game: GameData) -> GameData:
        seat = game.seats.index(bot)
        places = tuple(1 if s == seat else 2 for s in range(2))
        return replace(game, places=places, winners=(seat,))

    first, second = rate([won_by("random-b", g) for g in games], spec.bots)
    assert (first.bot, first.wins, second.wins) == ("random-b", 4, 0)
    assert first.ordinal == pytest.approx(first.mu - 3 * first.sigma) and first.sigma < 25 / 3
    assert first.games == second.games == 4
    tied = [replace(g, places=(1, 1), winners=(0, 1)) for g in games]
    a, b = rate(tied, spec.bots)
    assert a.mu == pytest.approx(b.mu) and a.wins == b.wins == 2.0
    capped = [replace(g, places=None, scores=None, winners=(0, 1)) for g in games]  # a draw for all
    assert [r.to_json() for r in rate(capped, spec.bots)] == [r.to_json() for r in rate(tied, spec.bots)]


def test_ray_is_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from fruitbowl.sim.backends import BackendUnavailable

    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    with pytest.raises(BackendUnavailable, match=r"fruitbowl\[study\]"):
        make_backend("local")
