"""Hostile input to the engine: action texts and codes, records, campaign files and options.

Each is answered with the engine's own error (a :class:`FruitbowlError`, which is a
``ValueError``) naming the problem, never a crash, and never a change of state.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fruitbowl.engine import FruitbowlError, Match, Player, Record, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.errors import RecordError
from fruitbowl.engine.options import parse_option_pairs
from fruitbowl.engine.record import replay_to_end
from fruitbowl.server.campaigns import load_campaign, new_campaign

from .strategies import FUZZ, GAME_IDS, action_codes, action_texts, json_values, reachable_state


@FUZZ
@given(
    game_id=st.sampled_from(GAME_IDS),
    seed=st.integers(0, 2**31),
    moves=st.integers(0, 80),
    attempts=st.lists(st.one_of(action_texts, action_codes), min_size=1, max_size=8),
)
def test_fuzzed_actions_are_refused_cleanly_or_are_legal(
    game_id: str, seed: int, moves: int, attempts: list[Any]
) -> None:
    game = get_game(game_id)
    players = max(2, game.min_players)
    state = reachable_state(game, players, seed, moves)
    for attempt in attempts:
        before = state.to_json()
        trial = state.clone()
        try:
            trial.apply(attempt)
        except FruitbowlError as exc:
            assert str(exc).strip(), f"an empty refusal for {attempt!r}"
            assert trial.to_json() == before, f"refusing {attempt!r} changed the state"
            continue
        # Accepted: it must have named one of the legal actions, and done just what that does.
        legal = state.validate(attempt)
        assert legal in state.legal_actions()
        expected = state.clone()
        expected.apply(legal)
        assert trial.to_json() == expected.to_json()


def _finished_record(game_id: str, seed: int) -> Record:
    game = get_game(game_id)
    players = [Player("Ada"), Player("Bo")]
    options = {"round_limit": 2} if game_id == "tanghulu" else {}
    match = Match.new(game, players, seed, options)
    rng = random.Random(seed)
    for _ in range(3000):
        if match.state.is_terminal():
            break
        match.apply(rng.choice(match.state.legal_actions()))
    return match.record


RECORD = _finished_record("tanghulu", 7)
RECORD_FIELDS = ["format", "game", "rules_version", "options", "players", "seed", "actions", "result", "checksum"]


def _load_checked(data: Any) -> None:
    """What a front end does with a record it is given: parse it, then replay it to the end."""
    replay_to_end(Record.from_json(data))


@FUZZ
@given(data=json_values)
def test_any_json_is_refused_as_a_record(data: Any) -> None:
    with pytest.raises(RecordError):
        _load_checked(data)


@FUZZ
@given(
    key=st.sampled_from(RECORD_FIELDS),
    value=json_values | st.just("__delete__"),
    keep_checksum=st.booleans(),
    action_edit=st.one_of(st.none(), st.tuples(st.integers(0, 10_000), action_texts)),
)
def test_edited_records_are_refused_or_replay(
    key: str, value: Any, keep_checksum: bool, action_edit: tuple[int, str] | None
) -> None:
    data = RECORD.to_json()
    if value == "__delete__":
        data.pop(key, None)
    else:
        data[key] = value
    if action_edit is not None and isinstance(data.get("actions"), list) and data["actions"]:
        index, text = action_edit
        data["actions"] = list(data["actions"])
        data["actions"][index % len(data["actions"])] = text
    if not keep_checksum:
        data.pop("checksum", None)
    try:
        _load_checked(data)
    except RecordError as exc:
        assert str(exc).strip()


@FUZZ
@given(blob=st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_record_files_with_junk_are_refused(blob: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = Path(tmp_path_factory.mktemp("records")) / "junk.json"
    path.write_bytes(blob)
    with pytest.raises(RecordError):
        _load_checked(Record.load(path).to_json())
    with pytest.raises(RecordError):
        Record.load(path.with_name("missing.json"))


CAMPAIGN = new_campaign("fabledfruit", 11).to_json()


@FUZZ
@given(data=json_values)
def test_any_json_is_refused_as_a_campaign(data: Any) -> None:
    try:
        load_campaign("fuzzed", "fabledfruit", data)
    except FruitbowlError as exc:
        assert str(exc).strip()
    else:
        pytest.fail(f"accepted {data!r} as a campaign")


@FUZZ
@given(key=st.sampled_from(sorted(CAMPAIGN)), value=json_values | st.just("__delete__"))
def test_edited_campaign_files_are_refused_or_still_consistent(key: str, value: Any) -> None:
    data = json.loads(json.dumps(CAMPAIGN))
    if value == "__delete__":
        data.pop(key)
    else:
        data[key] = value
    try:
        campaign = load_campaign("fuzzed", "fabledfruit", data)
    except FruitbowlError as exc:
        assert str(exc).strip()
        return
    # Accepted: then it must still be a campaign that starts a game.
    options = campaign.game_options(2, ["Ada", "Bo"])
    get_game("fabledfruit").new_state(2, campaign.game_seed(), options)


@FUZZ
@given(
    game_id=st.sampled_from(GAME_IDS),
    players=st.integers(-2, 8),
    options=st.dictionaries(
        st.one_of(st.text(max_size=16), st.sampled_from(["first_player", "board", "round_limit", "solo_board"])),
        json_values,
        max_size=4,
    ),
)
def test_fuzzed_options_are_refused_before_a_game_starts(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    try:
        game.check_player_count(players)
        checked = game.validate_options(options, players)
    except FruitbowlError as exc:
        assert str(exc).strip()
        return
    state = game.new_state(players, 1, checked)  # valid options start a playable game
    Dealer(1).settle(state)  # (once dealt, for a game with explicit chance)
    assert state.legal_actions()


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), pairs=st.lists(st.text(max_size=24), max_size=4))
def test_option_text_from_the_command_line(game_id: str, pairs: list[str]) -> None:
    game = get_game(game_id)
    try:
        game.validate_options(parse_option_pairs(pairs), game.max_players)
    except FruitbowlError as exc:
        assert str(exc).strip()
