"""Citrus' random events are chance nodes (issue 24): the setup's deal, each market refill and
each new Finca with the site turned up after it; every outcome public, drawn from unordered
piles ("which tile", not "which permutation"), so a position holds no future."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from fruitbowl.engine import get_game
from fruitbowl.engine.chance import CHANCE, Dealer
from fruitbowl.games.citrus.components import BOARDS, LANDSCAPE
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.rules import CitrusState

from .positions import dealt

GAME = get_game("citrus")
LANDSCAPE_SPACES = {side: sum(k == LANDSCAPE for k in board.kind) for side, board in BOARDS.items()}


def odds(state: Any) -> dict[str, float]:
    return {state.chance_table[code].text: p for code, p in state.chance_outcomes()}


def deal_kinds(players: int, seed: int, options: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The kinds of the setup's outcomes in order, and the kinds of the events it told."""
    state = GAME.new_state(players, seed, options)
    kinds, events = [], []
    for outcome, drawn in Dealer(seed).settle(state):
        kinds.append(outcome.text.split()[0])
        events += [e.kind for e in drawn]
    return kinds, events


def test_a_new_game_waits_for_its_first_landscape_tile_with_each_tile_as_likely() -> None:
    state = GAME.new_state(3, 1, {})
    assert state.current_player == CHANCE and state.legal_actions() == [] and state.setup_events == []
    total = len(C.landscape)
    assert odds(state)["landscape horses 2"] == C.landscape.count(("horses", 2)) / total
    assert odds(state)["landscape bull"] == C.landscape.count(("bull", 0)) / total
    assert abs(sum(odds(state).values()) - 1) < 1e-12


def test_the_setup_deals_landscape_fincas_and_open_sites_then_tells_it_once() -> None:
    """A tile on each landscape space, a Finca on each starting site, three open sites, the first
    player if drawn; then one setup event, the market's refill (a tile per space) and the turn."""
    kinds, events = deal_kinds(3, 4, {"random_first": True})
    spaces = LANDSCAPE_SPACES["long"]
    starts = len(BOARDS["long"].start_sites)
    assert kinds == ["landscape"] * spaces + ["finca"] * starts + ["site"] * 3 + ["first"] + ["tile"] * C.market_spaces
    assert events == ["setup", "refill", "turn"]
    kinds, _events = deal_kinds(2, 5, {"board": "short"})
    assert kinds[: LANDSCAPE_SPACES["short"] + 1] == ["landscape"] * LANDSCAPE_SPACES["short"] + ["finca"]


def test_random_starting_sites_are_drawn_each_with_its_finca() -> None:
    kinds, _events = deal_kinds(4, 6, {"random_sites": True, "three_fincas": True})
    spaces = LANDSCAPE_SPACES["long"]
    assert kinds[spaces : spaces + 9] == ["site", "finca"] * C.few_start_fincas + ["site"] * 3


def test_a_refill_draws_each_kind_by_its_share_of_the_bag() -> None:
    state = GAME.new_state(2, 7, {"board": "short"})
    dealer = Dealer(7)
    while state.chance_kind() != "tile":
        state.apply(dealer.draw(state))
    bag = C.bag(True)
    assert odds(state) == {f"tile {C.kind_text(k)}": n / sum(bag) for k, n in enumerate(bag)}
    draws = Counter(state.chance_table[state.sample_outcome(random.Random(k))].text for k in range(3000))
    plain = C.plain - C.short_remove_plain
    assert abs(draws["tile lemon"] / 3000 - plain / sum(bag)) < 0.03  # (one random() a draw, by the listed odds)


def at_site_choice(seed: int) -> Any:
    """A position where a player chooses the site of a new Finca (random play to it)."""
    state = dealt(3, seed, {})
    chooser = random.Random(seed)
    while state.view(None)["phase"] != "site":
        state.apply(chooser.choice(state.legal_actions()))
    return state


def test_a_new_finca_is_drawn_when_put_on_its_site_then_the_next_site_is_turned_up() -> None:
    state = at_site_choice(3)
    site = next(a for a in state.legal_actions() if a.kind == "site")
    pile = Counter(tuple(v) for v in state.view(None)["finca_stack"]["values"])
    position = state.clone()
    assert GAME.state_from_json(position.to_json()).current_player == position.current_player
    plain = CitrusState.apply  # (the state's own apply: no dealer resolving its chance at once)
    assert plain(position, site) == []
    assert position.current_player == CHANCE and position.chance_kind() == "finca"
    size = sum(pile.values())
    assert odds(position) == {f"finca {h}/{lo}": n / size for (h, lo), n in sorted(pile.items())}
    plain(position, "finca 12/6")
    assert position.current_player == CHANCE and position.chance_kind() == "site"
    letters = position.view(None)["site_stack"]["letters"]
    assert odds(position) == {f"site {letter}": 1 / len(letters) for letter in letters}
    events = plain(position, f"site {letters[-1]}")
    told = next(e for e in events if e.kind == "finca")
    assert told.data["values"] == [12, 6] and told.data["revealed_site"] == letters[-1]
    assert letters[-1] in position.view(None)["open_sites"]


def test_a_clone_carries_no_future_and_legality_does_not_read_the_next_finca() -> None:
    """Clones of a Finca's chance node draw what their own generators pick; the state saves no
    generator. Which sites may be chosen does not depend on which Fincas are left to draw."""
    state = at_site_choice(5)
    site = next(a for a in state.legal_actions() if a.kind == "site")
    node = state.clone()
    CitrusState.apply(node, site)
    drawn = {node.chance_table[node.clone().sample_outcome(random.Random(k))].text for k in range(40)}
    assert len(drawn) > 1
    assert "rng" not in node.to_json()
    data = state.to_json()
    other = dict(data, finca_stack=sorted(data["finca_stack"], key=lambda f: -C.fincas[f][0])[:1])
    assert [a.text for a in GAME.state_from_json(other).legal_actions()] == [a.text for a in state.legal_actions()]
