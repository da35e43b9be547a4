"""Rules §15: invariants I1–I12 checked after every action of random games (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from fruitbowl.engine import Event
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.patterns import PATTERN_NAMES, possible_patterns
from fruitbowl.games.tanghulu.rules import ACTION, OVER, SHOP, TangHuLuState

from .positions import table

CAP, STICKS, SPOTS, SPACES = C.coin_cap, C.sticks, C.spots, len(C.spaces)


@dataclass
class Ledger:
    """What the event log has shown so far, for the invariants that span several actions."""

    completes: Counter = field(default_factory=Counter)  # (seat, stick) -> complete events
    rewards: Counter = field(default_factory=Counter)  # (seat, stick) -> reward events
    patterns: dict = field(default_factory=dict)  # (seat, stick) -> possible patterns
    buys: int = 0  # purchases this turn
    all_different_while_shopping: bool = False
    single_drop: bool = False
    last_turn: int | None = None
    turns_started: int = 0


def check_state(s: TangHuLuState) -> None:
    n = s.num_players
    # I1 conservation: every tile, drop and sweet card is somewhere, exactly once.
    tiles = s.bag + [t for t in s.store if t >= 0] + [t for b in s.sticks for line in b for t in line]
    if s.die_tile >= 0:
        tiles.append(s.die_tile)
    assert sorted(tiles) == list(range(C.num_tiles))
    assert s.stock >= 0 and s.stock + sum(s.drops) == C.drops
    assert sorted(s.deck + [c for h in s.hands for c in h]) == list(range(len(C.sweet_stars)))
    # I2 (and I4) a full store whenever no tile has been bought yet this turn.
    if s.phase != OVER and s.bought == 0:
        assert all(t >= 0 for t in s.store), s.store
    for p in range(n):
        assert 0 <= s.coins[p] <= CAP  # I5
        assert s.drops[p] >= 0
        lengths = [len(line) for line in s.sticks[p]]
        assert all(0 <= k <= SPOTS for k in lengths)  # I6 (lists are packed from spot 1)
        assert s.filled[p] == sum(lengths) <= STICKS * SPOTS
        for stick in range(STICKS):
            if s.garnished[p][stick]:  # I7: only complete sticks are pink, all four tiles at once
                assert lengths[stick] == SPOTS
    # I12 a legal action always exists, sorted and unique; work is always one in the action phase.
    codes = s.legal_codes()
    if s.phase == OVER:
        assert codes == []
    else:
        assert codes and codes == sorted(set(codes))
        if s.phase == ACTION:
            assert "work" in [a.text for a in s.legal_actions()]


def check_events(s: TangHuLuState, events: list[Event], led: Ledger) -> None:
    for i, e in enumerate(events):
        if e.kind in ("turn", "game_over"):
            if led.turns_started:  # I10 at the end of the previous turn, both ways
                assert led.single_drop == (led.buys == 1)
            led.buys, led.all_different_while_shopping, led.single_drop = 0, False, False
            if e.kind == "turn":
                led.last_turn = e.actor
                led.turns_started += 1
        elif e.kind == "roll" and e.data["face"] == "fruit":
            assert events[i + 1].kind == "die_tile"  # I4: the bag is never empty for the die
        elif e.kind == "buy":
            led.buys += 1
            assert e.data["price"] == led.buys  # I3: the k-th purchase costs k
            assert led.buys <= 4  # I11
            if led.buys == 4:
                assert led.all_different_while_shopping  # I11: only a 5-coin reward pays for a 4th
        elif e.kind == "complete":
            assert e.actor is not None
            key = (e.actor, e.data["stick"])
            led.completes[key] += 1
            assert led.completes[key] == 1  # I8: checked once
            line = s.sticks[e.actor][e.data["stick"]]
            expected = [PATTERN_NAMES[p] for p in possible_patterns([C.tile_fruit[t] for t in line], C.haw)]
            assert e.data["patterns"] == expected
            led.patterns[key] = expected
        elif e.kind == "reward":
            assert e.actor is not None
            key = (e.actor, e.data["stick"])
            led.rewards[key] += 1
            assert led.rewards[key] == 1  # I8: one reward
            assert e.data["pattern"] in led.patterns[key]
            if e.data["pattern"] == "all-different" and led.buys:
                led.all_different_while_shopping = True
        elif e.kind == "drops" and e.data["reason"] == "single purchase":
            assert led.buys == 1  # I10
            led.single_drop = True
        elif e.kind == "work":
            assert e.actor is not None
            board = s.sticks[e.actor]  # income = the coin icons its uncovered spots show (AT-1)
            assert e.data["income"] == sum(sum(C.coin_icons[len(line) :]) for line in board)


def check_end(s: TangHuLuState, led: Ledger) -> None:
    result = s.result()
    assert len(set(s.turns)) == 1  # I9: everyone took the same number of turns ...
    if not result.truncated:
        assert s.end_triggered and max(s.filled) == STICKS * SPOTS
        assert led.last_turn == (s.first - 1) % s.num_players  # ... the last by the seat before the first
    for p in range(s.num_players):
        for stick in range(STICKS):
            key = (p, stick)
            complete = len(s.sticks[p][stick]) == SPOTS
            assert led.completes[key] == complete  # I8: every complete stick was checked once
            assert led.rewards[key] == (1 if led.patterns.get(key) else 0)  # ... and paid if it could
    assert result.scores == tuple(sum(b.values()) for b in result.breakdown)


POLICIES = ("random", "thrifty", "single")


def choose(state: TangHuLuState, chooser: random.Random, policy: str):
    """A seeded random player; ``thrifty`` mostly works, ``single`` always stops after one purchase."""
    choices = state.legal_actions()
    if policy == "thrifty" and state.phase == ACTION and chooser.random() < 0.7:
        return choices[0]  # work
    if policy == "single" and state.phase == SHOP:
        return choices[-1]  # stop
    if policy == "single" and state.phase == ACTION and len(choices) > 1:
        return chooser.choice(choices[1:])  # buy
    return chooser.choice(choices)


@st.composite
def games(draw):
    players = draw(st.integers(2, 4))
    options = {
        "first_player": draw(st.integers(1, players)),
        "random_first": draw(st.booleans()),
        "multi_garnish": draw(st.booleans()),
        "round_limit": draw(st.sampled_from([0, 0, 0, 2, 5, 12])),
    }
    return players, options, draw(st.integers(0, 2**32)), draw(st.sampled_from(POLICIES))


def play(players: int, options: dict, seed: int, policy: str) -> tuple[TangHuLuState, list[Event]]:
    """Play a whole game, checking every invariant after every action; return it and its log."""
    state = table(players, seed, options)
    chooser = random.Random(seed)
    led = Ledger()
    log = list(state.setup_events)
    check_events(state, log, led)
    check_state(state)
    while not state.is_terminal():
        events = state.apply(choose(state, chooser, policy))
        log += events
        check_events(state, events, led)
        check_state(state)
        assert len(log) < 20_000
    check_end(state, led)
    return state, log


@settings(max_examples=300, deadline=None)
@given(games())
def test_invariants_hold_after_every_action_of_random_games(game):
    play(*game)


def test_invariants_hold_when_single_tile_buyers_run_the_4_player_drop_stock_dry():
    """AMB-18: the 22-drop stock of a 4-player game runs out; gains then take only what is left."""
    shortfalls = 0
    for seed in range(6):
        _, log = play(4, {"multi_garnish": seed % 2 == 1}, seed, "single")
        shortfalls += sum(e.kind == "drops" and e.data["gained"] < e.data["amount"] for e in log)
    assert shortfalls > 0
