"""§5.1: a line may be refused only "if you don't have enough money … or if you won't be able to
build them all" — decided exactly, checked against a brute force with no budget
(:mod:`.brute`) on crowded positions built by hand: many neutral regions (one tile and larger),
own regions, Bridges and Milestones held and lying on landscape spaces, few workers, enclosed
Fincas and nearly full boards. Each position is asked through the public entry point: a full
market (so no Finca comes), 12 coins, and the line ``R3`` holding the tiles in question.
"""

from __future__ import annotations

import random

import pytest

from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import LANDSCAPE, ROCK, SITE
from fruitbowl.games.citrus.legacy import CitrusRules1Dealer
from fruitbowl.games.citrus.rules import MAIN, CitrusState

from . import brute
from .positions import (
    GAME,
    begin_placing,
    dealt,
    finca_id,
    fresh,
    give,
    legal_texts,
    region,
    sandbox,
    set_market,
    touch,
)

NAMES = C.types


def _blob(state: CitrusState, rng: random.Random, colour: int, size: int) -> list[int] | None:
    """A connected group of up to ``size`` empty spaces no tile of ``colour`` touches."""
    geo = state.geo
    empty = [s for s in range(geo.size) if state.plant[s] < 0 and geo.kind[s] not in (SITE, ROCK)]
    if not empty:
        return None
    group = [rng.choice(empty)]
    while len(group) < size:
        nbs = [n for s in group for n in geo.orth[s] if n in empty and n not in group]
        if not nbs:
            break
        group.append(rng.choice(nbs))
    for s in group:
        for n in geo.orth[s]:
            if n not in group and state.plant[n] >= 0 and state.plant[n] >> 1 == colour:
                return None
    return group


def crowded(seed: int) -> tuple[CitrusState, int]:
    """A random crowded position for seat 0: returns it and how full the board is (in %)."""
    rng = random.Random(seed)
    state = fresh(rng.choice([2, 3, 4]), seed, board=rng.choice(["long", "short"]), family=rng.random() < 0.2)
    geo = state.geo
    if rng.random() < 0.5:  # a few more Fincas, so there are more roads
        for site in rng.sample(state.open_sites, rng.randint(1, len(state.open_sites))):
            state._put_finca(site, state.finca_stack[0])
    fill = rng.uniform(0.3, 0.85)
    buildable = sum(1 for k in geo.kind if k not in (SITE, ROCK))
    tries = 0
    while sum(1 for s in range(geo.size) if state.plant[s] >= 0) < fill * buildable and tries < 400:
        tries += 1
        colour = rng.randrange(len(NAMES))
        owner = rng.choice([-1, -1, -1, 0, 1])
        if owner >= 0 and state.workers[owner] <= 1:
            owner = -1
        group = _blob(state, rng, colour, rng.choice([1, 1, 2, 3, 4]))
        if group is None:
            continue
        region(state, owner, NAMES[colour], [geo.labels[s] for s in group])
    # Bridges and Milestones in hand and on the landscape spaces still open
    for kind in ("bridge", "milestone"):
        for _ in range(rng.choice([0, 0, 1, 2])):
            give(state, 0, kind)
    spaces = [s for s in range(geo.size) if geo.kind[s] == LANDSCAPE and state.plant[s] < 0]
    loose = [t for t, (k, _v) in enumerate(C.landscape) if k in ("bridge", "milestone") and t not in state.held[0]]
    for t in loose:
        if t in state.land:
            state.land[state.land.index(t)] = -1
    for s, t in zip(rng.sample(spaces, min(len(spaces), len(loose))), loose, strict=False):
        if rng.random() < 0.6:
            state.land[s] = t
    state.workers[0] = rng.choice([0, 1, 1, 2, 2, 3, state.workers[0]])
    state.player, state.phase, state.main_done = 0, MAIN, False
    state.money[0] = 12
    touch(state)
    return state, round(100 * sum(1 for s in range(geo.size) if state.plant[s] >= 0) / buildable)


def ask(state: CitrusState, tiles: list[int]) -> bool:
    """Is ``buy R3`` offered with these tile kinds on spaces 9–12 of an otherwise full market?"""
    market = {m: NAMES[0] for m in range(1, 9)}
    for m, k in zip(range(9, 9 + len(tiles)), tiles, strict=False):
        market[m] = NAMES[k >> 1] + (" well" if k & 1 else "")
    set_market(state, market)
    return "buy R3" in legal_texts(state)


@pytest.mark.parametrize("batch", [0, 1, 3, 4])
def test_lines_on_crowded_hand_built_positions_are_offered_exactly_when_the_brute_force_builds_them(batch: int):
    rng = random.Random(batch)
    asked = refused = 0
    features = set()
    for seed in range(batch * 40, batch * 40 + 25):
        state, full = crowded(seed)
        features.add("nearly full" if full >= 75 else "half full")
        kinds = {C.landscape[t][0] for t in state.held[0]}
        features.update(kinds)
        if any(state.rown[r] == -1 and len(state.rcells[r]) > 1 for r in range(len(state.rown))):
            features.add("neutral regions")
        if any(state.enclosed(s) for s, f in enumerate(state.fincas) if f >= 0):
            features.add("enclosed Finca")
        for _ in range(6):
            tiles = [rng.randrange(len(NAMES)) * 2 for _ in range(rng.randint(1, 4))]
            counts = [0] * len(NAMES)
            for k in tiles:
                counts[k >> 1] += 1
            expected = brute.buildable(state, 0, counts)
            assert ask(state, tiles) == expected, (seed, counts)
            asked += 1
            refused += not expected
    assert asked == 150 and 10 < refused < 140
    assert {"nearly full", "neutral regions", "bridge", "milestone", "enclosed Finca"} <= features


def test_placements_on_crowded_positions_are_offered_exactly_when_the_rest_stays_buildable():
    """§5.7 [ENG]: a placement is offered only if the tiles still waiting after it can all be
    built — checked with the brute force for every placement legal on its own."""
    rng = random.Random(7)
    checked = refused = 0
    for seed in range(300, 340):
        state, _full = crowded(seed)
        names = [NAMES[rng.randrange(len(NAMES))] for _ in range(rng.randint(2, 4))]
        counts = [0] * len(NAMES)
        for name in names:
            counts[NAMES.index(name)] += 1
        if not brute.buildable(state, 0, counts):
            continue
        begin_placing(state, 0, *names)
        offered = {
            (a.fields["type"], a.fields["space"], a.fields["bridge"], a.fields["milestone"])
            for a in state.legal_actions()
            if a.kind == "place"
        }
        for colour in {NAMES.index(n) for n in names}:
            rest = counts[:]
            rest[colour] -= 1
            for move in brute.legal_placements(state, 0, colour):
                t, _c, bridge, milestone = move
                expected = brute.buildable(brute.after(state, 0, move), 0, rest)
                assert ((NAMES[colour], t, bridge, milestone) in offered) == expected, (seed, names, move)
                checked += 1
                refused += not expected
    assert checked > 500 and refused > 5


def test_a_line_the_budgeted_search_refused_is_offered_and_builds_completely():
    """The five-player golden game of rules 1 at action 223 (replayed with that version's draws):
    line R1 (orange, lime, grapefruit) can be built, but the search with a 30-node budget gave up
    and refused it. Buying it and always taking the first placement offered builds every tile,
    and nothing goes back."""
    import json
    from pathlib import Path

    record = json.loads(
        (Path(__file__).with_name("golden") / "rules_1_five_players_family_random_sites_seed_3.json").read_text()
    )
    options = {"family": True, "random_sites": True}
    state = dealt(5, 3, options, dealer=CitrusRules1Dealer(3, 5, GAME.validate_options(options, 5)))
    for text in record["actions"][:223]:
        state.apply(text)
    assert {"buy C0", "buy C3", "buy R1", "buy R3"} <= legal_texts(state)
    events = state.apply("buy R1")
    while state.phase != MAIN and any(state.waiting):
        choices = [a for a in state.legal_actions() if a.kind in ("place", "site")]
        events += state.apply(choices[0])
    assert not any(state.waiting)
    assert not [e for e in events if e.kind == "returned"]
    assert len([e for e in events if e.kind == "place"]) == 3


@pytest.mark.parametrize(("gap", "expected"), [(["C2"], True), (["C2", "D2"], False)])
def test_a_worker_a_merge_brings_back_lets_a_type_with_no_place_start_on_a_finca_road(gap: list[str], expected: bool):
    """§5.3: a new region takes a worker; joining two of your regions returns one (§5.5). With
    no worker on the mat, oranges have nowhere to go — until a lemon on the single space
    between two lemon regions joins them: then the orange starts on a road of Finca A."""
    state = sandbox(2)
    state.fincas[0] = finca_id(C.fincas[0][0])
    region(state, 0, "lemon", ["B2"])
    region(state, 0, "lemon", [chr(ord(gap[-1][0]) + 1) + "2"])
    region(state, 1, "orange", ["J9"])
    state.workers[0] = 0
    state.player, state.phase, state.main_done, state.money[0] = 0, MAIN, False, 12
    touch(state)
    counts = [0] * len(NAMES)
    counts[NAMES.index("lemon")] = counts[NAMES.index("orange")] = 1
    assert brute.buildable(state, 0, counts) is expected
    assert ask(state, [NAMES.index("lemon") * 2, NAMES.index("orange") * 2]) is expected


def covered_roads(seed: int) -> CitrusState:
    """A random position for seat 0 where most Finca roads hold a neutral tile, so that a type
    without a region of its own starts only with a Bridge over one of them (§8.5) or a Milestone
    (§8.6); some neutral tiles lie next to the roads still free or on the other roads of their
    site, where taking one away with a Bridge opens a road to its type (§5.3 variety, no
    contact with a neutral region of the type)."""
    rng = random.Random(seed)
    state = fresh(rng.choice([2, 3]), seed, board=rng.choice(["long", "short"]), family=rng.random() < 0.2)
    geo = state.geo
    for site in list(state.open_sites):
        state._put_finca(site, state.finca_stack[0])
    touch(state)
    roads = [t for s, f in enumerate(state.fincas) if f >= 0 for t in geo.site_roads[s]]
    covered = rng.choice([1.0, 1.0, 0.95, 0.85])
    for t in roads:
        if state.plant[t] < 0 and rng.random() < covered:
            colour = rng.randrange(len(NAMES))
            if all(state.plant[n] < 0 or state.plant[n] >> 1 != colour for n in geo.orth[t]):
                region(state, -1, NAMES[colour], [geo.labels[t]])
    for _ in range(rng.randint(0, 6)):  # more neutral tiles, some of them next to a road
        colour = rng.randrange(len(NAMES))
        group = _blob(state, rng, colour, rng.choice([1, 1, 2]))
        if group is not None:
            region(state, -1, NAMES[colour], [geo.labels[s] for s in group])
    if rng.random() < 0.25:  # a region of seat 0's own
        colour = rng.randrange(len(NAMES))
        group = _blob(state, rng, colour, rng.choice([1, 2, 3]))
        if group is not None:
            region(state, 0, NAMES[colour], [geo.labels[s] for s in group])
    for kind in rng.choice([["bridge"], ["bridge"], ["bridge"], ["milestone"], ["bridge", "bridge"], []]):
        give(state, 0, kind)
    state.workers[0] = rng.choice([1, 2, 3, state.workers[0]])
    state.player, state.phase, state.main_done = 0, MAIN, False
    state.money[0] = 12
    touch(state)
    return state


def test_lines_of_types_that_each_need_a_bridge_or_milestone_to_start_are_offered_as_the_brute_force_decides():
    """§5.1 with §8.5–§8.6: two types that can only start by spending a Bridge or a Milestone
    need one each — unless taking a neutral tile away with the first opens a road to the other
    — so one Bridge in hand builds one of them; the brute force decides every line."""
    rng = random.Random(11)
    asked = refused = spenders = 0
    outcomes = set()  # (the answers for lines with two such types)
    for seed in range(60):
        state = covered_roads(seed)
        for _ in range(4):
            tiles = [rng.randrange(len(NAMES)) * 2 for _ in range(rng.randint(2, 3))]
            counts = [0] * len(NAMES)
            for k in tiles:
                counts[k >> 1] += 1
            needing = [
                c
                for c in range(len(NAMES))
                if counts[c]
                and (moves := brute.legal_placements(state, 0, c))
                and all(bridge or milestone for _t, _c, bridge, milestone in moves)
            ]
            expected = brute.buildable(state, 0, counts)
            assert ask(state, tiles) == expected, (seed, counts)
            asked += 1
            refused += not expected
            if len(needing) >= 2:
                spenders += 1
                outcomes.add(expected)
    assert spenders > 40 and outcomes == {True, False} and 20 < refused < asked - 20


def test_a_placement_that_leaves_the_other_waiting_type_without_a_place_is_refused_as_the_brute_force_decides():
    """§5.7 [ENG] with one tile each of two types waiting: a placement is offered only if the
    other tile can still be built after it — also where the placement picks up a Bridge or a
    Milestone, takes a neutral tile of the other type away with a Bridge, or joins two regions
    and brings a worker back. Every placement legal on its own is checked with the brute force."""
    rng = random.Random(5)
    checked = refused = 0
    seen = set()
    for seed in range(400, 480):
        state = covered_roads(seed) if seed % 2 else crowded(seed)[0]
        first, second = rng.sample(range(len(NAMES)), 2)
        counts = [0] * len(NAMES)
        counts[first] = counts[second] = 1
        if not brute.buildable(state, 0, counts):
            continue
        begin_placing(state, 0, NAMES[first], NAMES[second])
        offered = {
            (a.fields["type"], a.fields["space"], a.fields["bridge"], a.fields["milestone"])
            for a in state.legal_actions()
            if a.kind == "place"
        }
        for colour, other in ((first, second), (second, first)):
            rest = [0] * len(NAMES)
            rest[other] = 1
            for move in brute.legal_placements(state, 0, colour):
                t, _c, bridge, milestone = move
                if state.land[t] >= 0 and C.landscape[state.land[t]][0] in ("bridge", "milestone"):
                    seen.add("picks up")
                if bridge and state.plant[t] >= 0 and state.plant[t] >> 1 == other:
                    seen.add("takes away")
                expected = brute.buildable(brute.after(state, 0, move), 0, rest)
                assert ((NAMES[colour], t, bridge, milestone) in offered) == expected, (seed, NAMES[colour], move)
                checked += 1
                refused += not expected
    assert checked > 1000 and refused > 50 and seen == {"picks up", "takes away"}


def test_waiting_tiles_that_cannot_all_be_built_offer_every_placement_legal_on_its_own():
    """§5.7 [ENG]: tiles that cannot all be built (a position set up by hand: a line is bought
    only if they can) must not leave the player without a move — every placement legal on its
    own is offered, and what cannot be built goes back later."""
    rng = random.Random(3)
    checked = 0
    for seed in range(200, 260):
        state, _full = crowded(seed)
        names = [NAMES[rng.randrange(len(NAMES))] for _ in range(rng.randint(2, 4))]
        counts = [0] * len(NAMES)
        for name in names:
            counts[NAMES.index(name)] += 1
        if brute.buildable(state, 0, counts):
            continue
        legal = {
            (NAMES[colour], t, bridge, milestone)
            for colour in {NAMES.index(n) for n in names}
            for t, _c, bridge, milestone in brute.legal_placements(state, 0, colour)
        }
        begin_placing(state, 0, *names)
        offered = {
            (a.fields["type"], a.fields["space"], a.fields["bridge"], a.fields["milestone"])
            for a in state.legal_actions()
            if a.kind == "place"
        }
        assert offered == legal, seed
        checked += bool(legal)
    assert checked > 10
