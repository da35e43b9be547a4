"""Match: applying and recording actions, rebuilding from a record, atomic saves, and the undo policy.

The undo positions are real Tang Hu Lu games (3 players, default options) found by seed; each
test first asserts the position it relies on, so a rules change that moves them fails loudly.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from fruitbowl.engine import IllegalAction, Match, Record, RecordError, UndoError
from fruitbowl.engine.match import MovedOn, write_atomic

from .helpers import new_match, play_random

# FRUIT_SEED: seat 1's turn starts with a fruit roll (move 14, 'work' by seat 0); seat 1 places the
# die's tile and buys twice without ending the turn; seat 0 later completes a stick with a
# single-pattern (two-pairs) purchase, which draws a sweet card and keeps shopping.
FRUIT_SEED = 1
FRUIT_GAME = [
    "work", "buy S3 on 1", "buy S4 on 3", "buy S2 on 1", "buy S1 on 3", "buy S3 on 2", "place 2",
    "buy S4 on 2", "buy S2 on 2", "buy S3 on 3", "place 2", "work", "buy S2 on 3", "work",
    "place 1", "buy S2 on 3", "buy S4 on 2", "stop", "buy S2 on 3", "buy S4 on 2",
]  # fmt: skip
# Seed 1: seat 1 works (move 24); seat 2 rolls sugar and seat 0 garnishes in the window (move 25).
SEED_1 = [
    "buy S1 on 2", "stop", "buy S2 on 2", "stop", "buy S4 on 3", "buy S1 on 2", "work", "place 3",
    "buy S3 on 2", "stop", "place 3", "buy S2 on 1", "place 2", "buy S2 on 2", "buy S1 on 3", "stop",
    "place 2", "buy S1 on 1", "buy S4 on 1", "buy S2 on 2", "buy S1 on 2", "stop", "pass", "work",
    "garnish 2",
]  # fmt: skip


def played(seed: int, moves: list[str]) -> Match:
    match = new_match(3, seed)
    for text in moves:
        match.apply(text)
    return match


# ---------------------------------------------------------------------- applying and recording


def test_apply_records_the_canonical_text_whatever_form_is_given() -> None:
    match = new_match(3, 1)
    code = match.state.table.parse("buy s1 on 2").code
    events = match.apply(code)
    assert match.record.actions == ["buy S1 on 2"]
    assert [e.kind for e in events] == ["buy", "place"]
    assert match.log[-2:] == [(1, events[0]), (1, events[1])]
    match.apply("  STOP ")
    assert match.record.actions == ["buy S1 on 2", "stop"]


def test_an_illegal_action_changes_neither_the_state_nor_the_record() -> None:
    match = new_match(3, 1)
    before, log = match.state.to_json(), list(match.log)
    with pytest.raises(IllegalAction, match="you have not bought anything"):
        match.apply("stop")
    assert match.state.to_json() == before
    assert match.record.actions == []
    assert match.log == log


def test_the_setup_events_open_the_log() -> None:
    match = new_match(3, 1)
    assert [n for n, _ in match.log] == [0] * len(match.log)
    assert match.log[0][1].kind == "setup"
    assert match.names == ["Ada", "Bo", "Cy"]


def test_a_finished_match_records_its_result() -> None:
    match = play_random(new_match(2, 9), choice_seed=9)
    assert match.state.is_terminal()
    assert match.record.result == match.state.result().to_json()


def test_from_record_rebuilds_the_same_state_log_and_record() -> None:
    match = played(1, SEED_1)
    rebuilt = Match.from_record(Record.from_json(json.loads(match.record.dumps())))
    assert rebuilt.state.to_json() == match.state.to_json()
    assert rebuilt.record == match.record
    assert rebuilt.events_for(1) == match.events_for(1)
    assert rebuilt.events_for(None) == match.events_for(None)


@pytest.mark.parametrize("game_id", ["tanghulu", "citrus", "juicyfruits", "fabledfruit"])
def test_a_reloaded_match_offers_the_undo_it_offered_before(game_id: str) -> None:
    """A game read back from its record (a restarted server, a resumed save) may be undone
    exactly as far as the live one: the same answer at every move, and the same position after."""
    import random

    from fruitbowl.engine import Player, get_game

    game = get_game(game_id)
    live = Match.new(game, [Player(name, "human") for name in ("Ada", "Bo", "Cy")], seed=4)
    choose = random.Random(4)
    undone = 0
    for _ in range(60):
        if live.state.is_terminal():
            break
        position_before = live.state.to_json()
        live.apply(choose.choice(live.state.legal_actions()))
        reloaded = Match.from_record(Record.from_json(json.loads(live.record.dumps())))
        assert reloaded.can_undo() == live.can_undo(), live.record.actions
        if live.can_undo():
            reloaded.undo()  # takes back the last move: the position before it, and its record
            assert reloaded.state.to_json() == position_before
            assert reloaded.record.actions == live.record.actions[:-1]
            undone += 1
    assert undone, "no position in the sample could be undone"


def test_from_record_of_a_finished_match_keeps_its_result() -> None:
    match = play_random(new_match(4, 2), choice_seed=2)
    rebuilt = Match.from_record(match.record)
    assert rebuilt.state.is_terminal()
    assert rebuilt.record.result == match.record.result


def test_from_record_refuses_a_record_that_does_not_replay() -> None:
    record = played(1, SEED_1[:3]).record
    record.actions[1] = "work"  # seat 0 is shopping: work is not possible
    with pytest.raises(RecordError, match="move 2 \\('work'\\) is not legal in the recorded game"):
        Match.from_record(record)


# ---------------------------------------------------------------------- saving and loading


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    match = played(FRUIT_SEED, FRUIT_GAME[:17])
    path = tmp_path / "saves" / "table.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.state.to_json() == match.state.to_json()
    assert loaded.record == match.record
    assert json.loads(path.read_text())["checksum"]
    assert sorted(p.name for p in path.parent.iterdir()) == ["table.json"]  # no temporary file is left


def test_saving_again_replaces_the_file(tmp_path: Path) -> None:
    match = new_match(3, 1)
    path = tmp_path / "table.json"
    match.save(path)
    match.apply("buy S1 on 2")
    match.save(path)
    assert Match.load(path).record.actions == ["buy S1 on 2"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "fruitbowl-record/1", "game": ', "not valid JSON"),
        ("[]", "a record is a JSON object"),
        ('{"format": "chess"}', "not a fruitbowl-record/1 record"),
    ],
)
def test_loading_a_corrupt_file_is_refused_and_writes_nothing(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "table.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        Match.load(path)
    assert path.read_text(encoding="utf-8") == content
    assert [p.name for p in tmp_path.iterdir()] == ["table.json"]


def test_loading_a_tampered_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    played(1, SEED_1[:5]).save(path)
    data = json.loads(path.read_text())
    data["actions"][0] = "work"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="checksum does not match"):
        Match.load(path)


def test_loading_a_missing_or_binary_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*missing\.json: No such file or directory"):
        Match.load(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match=r"binary\.json is not a text file"):
        Match.load(binary)


def test_a_failed_save_leaves_the_old_file_intact_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "table.json"
    write_atomic(path, "old contents")

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        new_match(3, 1).save(path)
    assert path.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["table.json"]


# ---------------------------------------------------------------------- preparing a move, then making it


def test_a_prepared_move_changes_nothing_until_it_is_made_and_then_is_the_move_applied() -> None:
    """Seed 6: 'work' ends the turn, so the next seat's roll is drawn with the move."""
    match, twin = new_match(3, 6), new_match(3, 6)
    before, chance = match.state.to_json(), list(match.record.chance)
    move = match.prepare("work")
    assert move.outcomes  # the roll
    assert match.state.to_json() == before and match.record.actions == [] and match.record.chance == chance
    assert match.prepare("work").state.to_json() == move.state.to_json()  # the dealer did not move on
    twin.apply("work")
    assert move.state.to_json() == twin.state.to_json()
    events = match.commit(move)
    assert match.state.to_json() == twin.state.to_json()
    assert match.record.to_json() == twin.record.to_json() and len(match.record.chance) == len(chance) + 1
    assert [(n, e.kind) for n, e in match.log] == [(n, e.kind) for n, e in twin.log]
    assert [e.kind for e in events] == [e.kind for n, e in twin.log if n == 1]
    play_random(match, 30, choice_seed=2)  # later draws too are the ones apply makes
    play_random(twin, 30, choice_seed=2)
    assert match.record.to_json() == twin.record.to_json()


def test_a_prepared_move_made_keeps_the_undo_that_apply_keeps() -> None:
    match = new_match(3, 1)
    start = match.state.to_json()
    match.commit(match.prepare("buy S1 on 2"))  # does not end the turn
    assert match.can_undo(0)
    match.undo()
    assert match.state.to_json() == start and match.record.actions == []


def test_a_move_prepared_before_the_match_moved_on_is_refused() -> None:
    match = new_match(3, 6)
    stale = match.prepare("work")
    match.apply("work")
    after = match.state.to_json()
    with pytest.raises(MovedOn, match="'work' was prepared from an earlier position: prepare it again"):
        match.commit(stale)
    assert match.state.to_json() == after and match.record.actions == ["work"]


def test_an_illegal_move_is_refused_when_prepared() -> None:
    match = new_match(3, 1)
    with pytest.raises(IllegalAction):
        match.prepare("place 1")
    assert match.record.actions == []


# ---------------------------------------------------------------------- the undo policy


def test_the_acting_player_can_undo_a_buy_that_does_not_end_the_turn() -> None:
    match = new_match(3, 1)
    start = match.state.to_json()
    assert not match.can_undo()  # the turn has only begun
    events = match.apply("buy S1 on 2")
    assert not any(e.irreversible for e in events)
    assert match.state.current_player == 0
    assert match.can_undo() and match.can_undo(0)
    match.undo()
    assert match.state.to_json() == start
    assert match.record.actions == []
    assert not match.can_undo()


def test_undo_goes_back_one_action_at_a_time_to_the_start_of_the_turn() -> None:
    match = played(FRUIT_SEED, FRUIT_GAME[:14])
    state: Any = match.state  # (Tang Hu Lu's fields)
    assert state.current_player == 1 and state.die_tile >= 0  # seat 1 rolled fruit
    assert not match.can_undo()  # the roll was random: the turn starts after it
    turn_start = match.state.to_json()
    log_length = len(match.log)
    for text in FRUIT_GAME[14:17]:  # place the die's tile, then buy twice, still seat 1's turn
        match.apply(text)
    assert match.state.current_player == 1
    after_first_buy = played(FRUIT_SEED, FRUIT_GAME[:16]).state.to_json()
    match.undo(1)
    assert match.state.to_json() == after_first_buy
    match.undo(1)
    match.undo(1)
    assert match.state.to_json() == turn_start
    assert match.record.actions == FRUIT_GAME[:14]
    assert len(match.log) == log_length
    with pytest.raises(UndoError, match="undo goes back only to the start of your turn"):
        match.undo(1)
    match.apply("place 1")  # the game goes on as before
    assert match.record.actions == FRUIT_GAME[:15]


def test_undo_is_refused_after_a_sweet_card_draw() -> None:
    match = played(FRUIT_SEED, FRUIT_GAME[:19])
    assert match.state.current_player == 0
    events = match.apply(FRUIT_GAME[19])  # completes stick 1 as two pairs: draws a sweet card
    reward = [e for e in events if e.kind == "reward"]
    assert reward and reward[0].irreversible and reward[0].secret
    assert match.state.current_player == 0  # still seat 0's turn, still shopping
    assert not match.can_undo()
    with pytest.raises(UndoError, match="never past a random draw, a reveal, or another player's decision"):
        match.undo()
    assert match.record.actions == FRUIT_GAME


def test_undo_is_refused_across_the_die_roll_and_refill_that_end_a_turn() -> None:
    match = played(1, ["buy S1 on 2"])
    events = match.apply("stop")
    assert {"refill", "roll"} <= {e.kind for e in events if e.irreversible}
    assert match.state.current_player == 1
    assert not match.can_undo() and not match.can_undo(0)


def test_undo_is_refused_after_another_players_decision() -> None:
    match = played(1, SEED_1[:24])
    state: Any = match.state  # (Tang Hu Lu's fields)
    assert state.roller == 2 and state.die == "sugar"
    assert match.state.current_player == 0  # seat 0 decides in seat 2's garnish window
    match.apply(SEED_1[24])
    assert match.state.current_player == 2
    assert not match.can_undo(2)  # seat 2 may not take back seat 0's garnish
    assert not match.can_undo(0)  # nor may seat 0, who is no longer to act
    with pytest.raises(UndoError):
        match.undo(2)


def test_undo_is_refused_for_a_seat_that_is_not_to_act() -> None:
    match = played(1, ["buy S1 on 2"])
    before = match.state.to_json()
    assert match.can_undo(0)
    for seat in (1, 2):
        assert not match.can_undo(seat)
        with pytest.raises(UndoError):
            match.undo(seat)
    assert match.state.to_json() == before
    assert match.record.actions == ["buy S1 on 2"]
