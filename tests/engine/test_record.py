"""Records (fruitbowl-record/1): round trips, and every way a record is refused with RecordError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fruitbowl.engine import RECORD_FORMAT, Match, Player, Record, RecordError, replay, replay_to_end
from fruitbowl.engine.record import checksum

from .helpers import new_match, play_random


@pytest.fixture(scope="module")
def finished() -> Record:
    return play_random(new_match(3, seed=7), choice_seed=7).record


def test_record_json_round_trip(finished: Record) -> None:
    data = finished.to_json()
    assert data["format"] == RECORD_FORMAT
    assert data["checksum"] == checksum(data)
    assert set(data) == {
        "format",
        "game",
        "rules_version",
        "options",
        "players",
        "seed",
        "actions",
        "chance",  # (Tang Hu Lu's chance is explicit: its rolls and draws, in order)
        "result",
        "checksum",
    }
    assert Record.from_json(json.loads(json.dumps(data))) == finished
    assert Record.parse(finished.dumps()) == finished


def test_replaying_a_record_reaches_the_same_final_state(finished: Record) -> None:
    match = play_random(new_match(3, seed=7), choice_seed=7)
    moves = list(replay(finished))
    assert [number for number, _, _, _ in moves] == list(range(1, len(finished.actions) + 1))
    assert [text for _, text, _, _ in moves] == finished.actions
    final = replay_to_end(finished)
    assert final.is_terminal()
    assert final.to_json() == match.state.to_json()
    assert final.result().to_json() == finished.result


def test_a_record_without_moves_replays_to_the_start() -> None:
    record = new_match(2, seed=3).record
    assert record.actions == []
    assert replay_to_end(record).to_json() == new_match(2, seed=3).state.to_json()  # the dealt position


def test_players_may_be_given_as_plain_names(finished: Record) -> None:
    data = _without_checksum(finished)
    data["players"] = ["Ada", {"name": "Bo"}, {"name": "Cy", "controller": "random"}]
    record = Record.from_json(data)
    assert record.players == [Player("Ada"), Player("Bo"), Player("Cy", "random")]


def test_malformed_json_is_refused_with_its_position() -> None:
    with pytest.raises(
        RecordError, match=r"^not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2$"
    ):
        Record.parse("{format: 1}")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.parse("")


@pytest.mark.parametrize("data", [[], "record", 3, None])
def test_a_record_is_an_object(data: Any) -> None:
    with pytest.raises(RecordError, match="a record is a JSON object"):
        Record.from_json(data)


@pytest.mark.parametrize("fmt", ["fruitbowl-record/2", None, "pgn"])
def test_the_wrong_format_is_refused(finished: Record, fmt: Any) -> None:
    data = _without_checksum(finished)
    data["format"] = fmt
    with pytest.raises(RecordError, match=f"not a fruitbowl-record/1 record \\(format is {fmt!r}\\)"):
        Record.from_json(data)


@pytest.mark.parametrize("field", ["game", "rules_version", "options", "players", "seed", "actions"])
def test_a_missing_field_is_named(finished: Record, field: str) -> None:
    data = _without_checksum(finished)
    del data[field]
    with pytest.raises(RecordError, match=f"record field '{field}' is missing"):
        Record.from_json(data)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("game", 3, "record field 'game' must be text; got 3"),
        ("rules_version", 1, "record field 'rules_version' must be text; got 1"),
        ("options", [], r"record field 'options' must be an object; got \[\]"),
        ("seed", "7", "record field 'seed' must be a whole number; got '7'"),
        ("seed", True, "record field 'seed' must be a whole number; got True"),
        ("seed", 7.0, "record field 'seed' must be a whole number; got 7.0"),
        ("actions", "work", "record field 'actions' must be a list; got 'work'"),
        ("actions", ["work", 3], "record field 'actions' must be a list of action texts"),
        ("players", {"Ada": 1}, "record field 'players' must be a list"),
        ("players", [3], "a player is a name or {'name', 'controller'}; got 3"),
        ("players", [{"name": "Ada", "controller": 1}], "a player's controller must be text"),
        ("result", [1, 2], "record field 'result' must be an object"),
    ],
)
def test_a_mistyped_field_is_named(finished: Record, field: str, value: Any, message: str) -> None:
    data = _without_checksum(finished)
    data[field] = value
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["actions"].__setitem__(0, "work" if d["actions"][0] != "work" else "stop"),
        lambda d: d.__setitem__("seed", d["seed"] + 1),
        lambda d: d["actions"].pop(),
        lambda d: d["players"][0].__setitem__("name", "Mallory"),
        lambda d: d["result"]["scores"].__setitem__(0, 99),
    ],
    ids=["action", "seed", "dropped-move", "player", "result"],
)
def test_tampering_breaks_the_checksum(finished: Record, tamper: Any) -> None:
    data = json.loads(json.dumps(finished.to_json()))
    tamper(data)
    with pytest.raises(RecordError, match="the record's checksum does not match its contents"):
        Record.from_json(data)


def test_a_damaged_checksum_is_refused(finished: Record) -> None:
    data = finished.to_json()
    data["checksum"] = "0" * 64
    with pytest.raises(RecordError, match="checksum does not match"):
        Record.from_json(data)


def test_a_record_without_checksum_is_accepted_hand_written(finished: Record) -> None:
    assert Record.from_json(_without_checksum(finished)) == finished


def test_another_rules_version_is_refused(finished: Record) -> None:
    record = _copy(finished, rules_version="0")
    with pytest.raises(
        RecordError, match=r"^this game was recorded with Tang Hu Lu rules 0; this fruitbowl plays rules 2$"
    ):
        replay_to_end(record)


def test_a_record_from_before_chance_was_recorded_replays_with_that_engines_draws() -> None:
    """A Tang Hu Lu record of rules 1 drew its dice and tiles from a generator the state carried;
    its legacy dealer draws them again, so it replays and goes on (keeping its version; the
    records of tests/games/tanghulu/legacy check the draws against that engine's)."""
    old = json.loads(Path(__file__).with_name("data").joinpath("tanghulu_rules_1.json").read_text(encoding="utf-8"))
    record = Record.from_json(old)
    match = Match.from_record(record)
    assert match.record.rules_version == "1" and match.record.actions == record.actions
    assert match.record.chance and match.state.current_player >= 0


def test_an_unknown_game_is_refused(finished: Record) -> None:
    with pytest.raises(
        RecordError, match=r"record cannot start a game: unknown game 'chess'; the games are: .*tanghulu"
    ):
        replay_to_end(_copy(finished, game="chess"))


def test_bad_options_or_player_counts_are_refused(finished: Record) -> None:
    with pytest.raises(RecordError, match="record cannot start a game: unknown option 'speed'"):
        replay_to_end(_copy(finished, options={"speed": 3}))
    with pytest.raises(RecordError, match="record cannot start a game: Tang Hu Lu is for 2–4 players; got 1"):
        replay_to_end(_copy(finished, players=[Player("Ada")]))


def test_an_illegal_move_is_refused_naming_its_number(finished: Record) -> None:
    actions = list(finished.actions)
    number = 5
    state = Match.from_record(_copy(finished, actions=actions[: number - 1], result=None, chance=[])).state
    legal = {a.code for a in state.legal_actions()}
    illegal = next(a.text for a in state.table.actions if a.code not in legal)
    actions[number - 1] = illegal
    record = _copy(finished, actions=actions, result=None)
    with pytest.raises(RecordError, match=f"move {number} \\({illegal!r}\\) is not legal in the recorded game: "):
        replay_to_end(record)


def test_a_move_that_is_not_an_action_is_refused(finished: Record) -> None:
    record = _copy(finished, actions=["fly away"], result=None)
    with pytest.raises(
        RecordError, match="move 1 \\('fly away'\\) is not legal in the recorded game: 'fly away' is not"
    ):
        replay_to_end(record)


def test_a_claimed_result_that_does_not_match_is_refused(finished: Record) -> None:
    assert finished.result is not None
    claimed = {**finished.result, "winners": [9]}
    with pytest.raises(RecordError, match="the record's result does not match the result its moves produce"):
        replay_to_end(_copy(finished, result=claimed))


def test_a_claimed_result_for_an_unfinished_game_is_refused(finished: Record) -> None:
    record = _copy(finished, actions=finished.actions[:10])
    with pytest.raises(RecordError, match="the record claims a result, but its moves do not finish the game"):
        replay_to_end(record)


def test_record_errors_are_value_errors(finished: Record) -> None:
    with pytest.raises(ValueError):
        Record.parse("[")


def _without_checksum(record: Record) -> dict[str, Any]:
    data = json.loads(json.dumps(record.to_json()))
    del data["checksum"]
    return data


def _copy(record: Record, **changes: Any) -> Record:
    fields = {**record.__dict__, **changes}
    return Record(**fields)
