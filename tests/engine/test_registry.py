"""The registry (finding games by id) and the refusal of bad player counts."""

from __future__ import annotations

from typing import Any

import pytest

from fruitbowl.engine import (
    BadPlayerCount,
    Event,
    FruitbowlError,
    Match,
    Player,
    UnknownGame,
    all_games,
    get_game,
    registry,
)

from .toys import PLUMS


def test_get_game_finds_tanghulu() -> None:
    game = get_game("tanghulu")
    assert game.title == "Tang Hu Lu"
    assert game in all_games()
    assert [g.id for g in all_games()] == sorted(g.id for g in all_games())


def test_an_unknown_game_is_refused_listing_the_games() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'; the games are: (.*, )?tanghulu"):
        get_game("chess")
    assert issubclass(UnknownGame, FruitbowlError) and issubclass(UnknownGame, ValueError)


def test_registering_a_different_game_under_a_taken_id_is_refused() -> None:
    impostor = type("Impostor", (type(PLUMS),), {"id": "tanghulu"})()
    with pytest.raises(ValueError, match="a different game is already registered as 'tanghulu'"):
        registry.register(impostor)
    assert registry.register(get_game("tanghulu")) is get_game("tanghulu")  # the same game again is harmless


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (1, "Tang Hu Lu is for 2–4 players; got 1"),
        (5, "Tang Hu Lu is for 2–4 players; got 5"),
        (0, "Tang Hu Lu is for 2–4 players; got 0"),
        ("3", "the number of players must be a whole number; got '3'"),
        (True, "the number of players must be a whole number; got True"),
        (2.0, "the number of players must be a whole number; got 2.0"),
    ],
)
def test_a_bad_player_count_is_refused(count: Any, message: str) -> None:
    game = get_game("tanghulu")
    with pytest.raises(BadPlayerCount, match=message):
        game.check_player_count(count)
    with pytest.raises(BadPlayerCount, match=message):
        game.new_state(count, 1)


def test_a_match_for_too_many_players_is_refused() -> None:
    players = [Player(name) for name in ("Ada", "Bo", "Cy", "Di", "Ed")]
    with pytest.raises(BadPlayerCount, match="got 5"):
        Match.new(get_game("tanghulu"), players, seed=1)


def test_every_player_count_in_range_starts() -> None:
    game = get_game("tanghulu")
    for n in range(game.min_players, game.max_players + 1):
        assert game.new_state(n, 1).num_players == n


def test_describe_lists_the_options() -> None:
    described = get_game("tanghulu").describe()
    assert described["id"] == "tanghulu" and described["min_players"] == 2 and described["max_players"] == 4
    assert {o["name"] for o in described["options"]} == {"first_player", "random_first", "round_limit", "multi_garnish"}


def test_an_event_shows_its_secret_only_to_its_owner() -> None:
    event = Event("draw", 1, {"count": 1}, secret={"card": 7}, owner=1, irreversible=True)
    assert event.for_viewer(1) == {"kind": "draw", "actor": 1, "count": 1, "card": 7}
    assert event.for_viewer(0) == {"kind": "draw", "actor": 1, "count": 1}
    assert event.for_viewer(None) == {"kind": "draw", "actor": 1, "count": 1}
    assert event.to_json()["secret"] == {"card": 7}


def test_an_installed_game_that_cannot_load_is_left_out_with_a_warning_and_named(tmp_path, monkeypatch) -> None:
    """A package whose ``fruitbowl.games`` entry point is broken takes no other game down."""
    import importlib

    info = tmp_path / "fruitbowl_broken-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fruitbowl-broken\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[fruitbowl.games]\nbroken = fruitbowl_no_such_module.plugin:PLUGIN\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    try:
        with pytest.warns(UserWarning, match="the game 'broken' .* cannot be loaded: No module named"):
            registry.discover()
        assert "broken" not in [g.id for g in all_games()] and get_game("tanghulu").id == "tanghulu"
        with pytest.raises(UnknownGame, match="the game 'broken' is installed but cannot be loaded: ModuleNotFound"):
            get_game("broken")
    finally:
        registry.unregister("broken")
