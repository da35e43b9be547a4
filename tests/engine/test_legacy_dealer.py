"""Old records keep playing: a game whose chance became explicit lists, per old rules version, a
legacy dealer reproducing the old engine's draws, and a record of that version replays and goes
on to the end with it (docs/architecture.md, "Chance").

Played through toys: Plums (``toy-plums``, rules 1) draws from a generator in its state, as the
games did before chance was explicit; "Upgraded Plums" is the same game with explicit chance
(Chance Plums) at rules 2, which lists a legacy dealer for rules 1. A Plums record renamed to
the upgraded game is an old record of it: it must play exactly as Plums played it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from fruitbowl.engine import Action, Match, Player, Record, RecordError, State, registry, replay_to_end
from fruitbowl.engine.chance import LegacyDealer
from fruitbowl.engine.game import CHANCE

from .toys import DECK, PLUMS, ChancePlumGame


class PlumsRules1Dealer(LegacyDealer):
    """Plums rules 1 drew each card (the deal, seat by seat, then each replacement) with
    ``deck.pop(rng.randrange(len(deck)))`` from its sorted deck."""

    def __init__(self, seed: int, players: int, options: Mapping[str, Any]):
        super().__init__(seed, players, options)
        self.deck = list(DECK)

    def pick(self, state: State) -> Action:
        card = self.deck.pop(self.rng.randrange(len(self.deck)))
        return state.chance_table.resolve(f"draw {card}")


class UpgradedPlums(ChancePlumGame):
    id = "toy-upgraded-plums"
    title = "Upgraded Plums"
    rules_version = "2"
    legacy_dealers: ClassVar[Mapping[str, type[LegacyDealer]]] = {"1": PlumsRules1Dealer}


UPGRADED = UpgradedPlums()
NAMES = [Player("Ada"), Player("Bo"), Player("Cy")]


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    registry.register(UPGRADED)
    try:
        yield
    finally:
        registry.unregister(UPGRADED.id)


def old_game(seed: int, moves: int | None = None, players: int = 3) -> tuple[Record, State]:
    """A Plums game played by the old engine (random legal moves), cut after ``moves`` moves; its
    record renamed to the upgraded game (rules 1, no chance outcomes: the old engine wrote none),
    and the old engine's position."""
    match = Match.new(PLUMS, NAMES[:players], seed)
    choose = random.Random(seed)
    while not match.state.is_terminal() and (moves is None or len(match.record.actions) < moves):
        match.apply(choose.choice(match.state.legal_codes()))
    return replace(match.record, game=UPGRADED.id, actions=list(match.record.actions)), match.state


def same_position(new: State, old: State) -> None:
    """Everything the old engine's position shows, the same in the new one."""
    keep = ("hands", "deck", "center", "points", "matches", "best", "player", "over")
    assert {k: v for k, v in new.to_json().items() if k in keep} == {
        k: v for k, v in old.to_json().items() if k in keep
    }


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (7, 3), (12, 3)])
def test_an_old_finished_record_replays_as_the_old_engine_played_it(seed: int, players: int) -> None:
    record, old = old_game(seed, players=players)
    assert record.rules_version == "1" and record.chance == [] and record.result is not None
    final = replay_to_end(record)  # (checks the result the record claims, too)
    same_position(final, old)
    assert final.result().to_json() == old.result().to_json()


def test_an_old_game_in_progress_goes_on_to_the_end_with_the_old_engines_draws() -> None:
    """Cut after 4 moves, continued with the same moves on both engines: every draw after the
    upgrade is the one the old engine would have made."""
    record, _ = old_game(5, moves=4)
    match = Match.from_record(record)
    assert match.state.current_player != CHANCE
    old = Match.new(PLUMS, NAMES, 5)
    for text in record.actions:
        old.apply(text)
    choose = random.Random(99)
    while not match.state.is_terminal():
        code = choose.choice(match.state.legal_codes())
        move = match.prepare(code)
        assert move.state.to_json() == _after_copy(match, code)
        match.commit(move)
        old.apply(code)
        same_position(match.state, old.state)
    assert match.record.result == old.record.result


def _after_copy(match: Match, code: int) -> dict[str, Any]:
    """What the match's own apply reaches (on a copy of it), to compare with a prepared move."""
    twin = Match.from_record(Record.from_json(match.record.to_json()))
    twin.apply(code)
    return twin.state.to_json()


def test_a_continued_old_game_keeps_its_version_and_reloads(tmp_path: Path) -> None:
    record, _ = old_game(5, moves=4)
    match = Match.from_record(record)
    choose = random.Random(3)
    for _ in range(3):
        match.apply(choose.choice(match.state.legal_codes()))
    match.save(tmp_path / "plums.json")
    saved = Record.load(tmp_path / "plums.json")
    assert saved.rules_version == "1"
    assert len(saved.chance) == len(DECK) - len(match.state.to_json()["deck"])  # every card drawn so far
    reloaded = Match.load(tmp_path / "plums.json")
    assert reloaded.state.to_json() == match.state.to_json()
    # the moves alone (a server's stored row) replay to the same position, drawn again
    bare = Match.from_record(replace(saved, chance=[]))
    assert bare.state.to_json() == match.state.to_json()
    while not reloaded.state.is_terminal():
        code = choose.choice(reloaded.state.legal_codes())
        reloaded.apply(code)
        bare.apply(code)
    assert reloaded.record.chance == bare.record.chance and reloaded.record.result == bare.record.result


def test_a_listed_outcome_that_is_not_the_old_engines_draw_is_refused_naming_the_move() -> None:
    record, _ = old_game(5, moves=4, players=2)
    listed = Match.from_record(record).record.chance  # 6 dealt, then one replacement per move
    assert len(listed) == 2 * 3 + 4
    wrong = next(text for text in ("draw 1", "draw 6") if text != listed[7])
    altered = replace(record, chance=[*listed[:7], wrong, *listed[8:]])
    with pytest.raises(RecordError) as refused:
        Match.from_record(altered)
    assert str(refused.value) == (
        f"chance outcome 8 ({wrong!r}, after move 2) is not the one Upgraded Plums rules 1 drew there "
        f"({listed[7]!r}): the record was altered"
    )
    dealt = replace(record, chance=[wrong if wrong != listed[0] else "draw 2"])
    with pytest.raises(RecordError, match=r"^chance outcome 1 \('draw \d', in the deal\) is not the one"):
        Match.from_record(dealt)


def test_a_version_neither_current_nor_legacy_is_still_refused() -> None:
    record, _ = old_game(5, moves=2)
    with pytest.raises(RecordError) as refused:
        Match.from_record(replace(record, rules_version="0"))
    assert str(refused.value) == "this game was recorded with Upgraded Plums rules 0; this fruitbowl plays rules 2"


def test_a_legacy_dealers_copy_draws_on_independently() -> None:
    """``copy`` is a deep copy, the generator's state included: what the copy draws does not move
    the original (Match.after relies on it)."""
    state = UPGRADED.new_state(2, 4)
    dealer = PlumsRules1Dealer(4, 2, UPGRADED.validate_options({}, 2))
    twin = dealer.copy()
    ahead = [outcome.text for outcome, _ in twin.settle(state.clone())]
    assert [outcome.text for outcome, _ in dealer.settle(state)] == ahead
    assert dealer.drawn == twin.drawn == 6


def test_a_version_from_before_chance_without_a_legacy_dealer_is_refused_saying_why() -> None:
    """A game that became explicit about chance but reproduces no old draws refuses its old
    records with the sentence that says why they cannot go on."""
    kind = type(
        "UnkeptPlums", (ChancePlumGame,), {"id": "toy-unkept-plums", "rules_version": "2", "pre_chance_rules": ("1",)}
    )
    unkept = kind()
    record, _ = old_game(5, moves=2)
    registry.register(unkept)
    try:
        with pytest.raises(RecordError) as refused:
            Match.from_record(replace(record, game=unkept.id))
    finally:
        registry.unregister(unkept.id)
    assert str(refused.value) == (
        "this game was recorded with Chance Plums rules 1; this fruitbowl plays rules 2, which write every die roll "
        "and draw into the record: a game saved before that change cannot be replayed or continued (its draws "
        "came from a generator that no longer exists)"
    )
