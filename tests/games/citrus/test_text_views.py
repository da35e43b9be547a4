"""Citrus texts and views tell the truth (issue 18 §5), played through actions and views.

Random games are played with ``state.apply`` on the legal actions; the checks read only what a
player reads: views, action labels, prompts, refusals and event sentences.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from fruitbowl.engine import State, get_game
from fruitbowl.games.citrus.components import COMPONENTS as C

from .positions import dealt

GAME = get_game("citrus")


def positions(seed: int, players: int = 3, options: dict[str, object] | None = None) -> Iterator[State]:
    """Every position of one random game (each yielded before its move is applied)."""
    state = dealt(players, seed, options or {})
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


def first_position(predicate: Callable[[State], bool], seeds: range = range(40)) -> State:
    for seed in seeds:
        for state in positions(seed):
            if predicate(state):
                return state
    raise AssertionError("no random game reached the wanted position")


def test_blood_orange_is_named_in_full() -> None:
    """The plantation type is the blood orange (rulebook components); "blood" is only the
    one-word name used in action texts, never a name a player reads in a label or prompt."""

    def blood_line(state: State) -> bool:
        view = state.view(state.current_player)
        market = view["market"]
        return view["phase"] == "main" and any(
            a.kind == "buy"
            and any(
                (market["spaces"][m - 1]["tile"] or {}).get("type") == "blood"
                for m in market["lines"][a.fields["line"]]["spaces"]
            )
            for a in state.legal_actions()
        )

    state = first_position(blood_line)
    seat = state.current_player
    view = state.view(seat)
    labels = [GAME.describe_action(view, a) for a in state.legal_actions() if a.kind == "buy"]
    with_blood = [label for label in labels if "blood" in label]
    assert with_blood
    assert all("blood orange" in label for label in with_blood)
    assert all(label.count("blood") == label.count("blood orange") for label in with_blood)


def test_waiting_blood_orange_prompt_and_placements() -> None:
    """Placement labels and the build prompt name the blood orange in full."""

    def waiting_blood(state: State) -> bool:
        view = state.view(state.current_player)
        return view["phase"] == "place" and any(w["type"] == "blood" for w in view["waiting"])

    state = first_position(waiting_blood)
    seat = state.current_player
    view = state.view(seat)
    prompt = GAME.prompt(view, ["A", "B", "C"])
    assert "blood orange" in prompt and prompt.count("blood") == prompt.count("blood orange")
    for action in state.legal_actions():
        if action.kind == "place" and action.fields["type"] == "blood":
            label = GAME.describe_action(view, action)
            assert "blood orange" in label and label.count("blood") == label.count("blood orange")


def test_a_region_is_named_by_its_first_tile_in_reading_order() -> None:
    """``harvest C4`` names a region by one tile; the engine takes the first tile in reading
    order (top row first, then leftmost) and the refusal and the view say the same."""

    def own_big_region(state: State) -> bool:
        seat = state.current_player
        view = state.view(seat)
        return view["phase"] == "main" and any(r["owner"] == seat and r["size"] >= 2 for r in view["regions"])

    state = first_position(own_big_region)
    seat = state.current_player
    view = state.view(seat)
    region = next(r for r in view["regions"] if r["owner"] == seat and r["size"] >= 2)
    labels = view["board"]["labels"]
    first = min(region["spaces"], key=labels.index)  # reading order: the board's own order
    assert region["anchor"] == first
    assert f"harvest {first}" in {a.text for a in state.legal_actions()}
    other = next(space for space in region["spaces"] if space != first)
    reason = state.explain(f"harvest {other}")
    assert reason is not None
    assert "reading order" in reason and first in reason and "top-left" not in reason


def test_a_bull_shows_the_same_on_every_kind_of_space() -> None:
    """§8.4: "Put the Bull on any empty space"; whoever later builds there takes it. A Bull on
    the board looks the same in the view whether it stands on an ordinary space or on an
    emptied landscape space: the ``bull`` mark and a ``landscape`` Bull tile, always together."""
    seen_put_down = 0
    for seed in range(30):
        for state in positions(seed, players=2):
            board = state.view(None)["board"]
            for space, bull in enumerate(board["bull"]):
                assert bull == (board["landscape"][space] == ["bull", 0]), board["labels"][space]
            if state.is_terminal():
                break
            bulls = [a for a in state.legal_actions() if a.kind == "bull"]
            if bulls:
                action = bulls[0]
                after = state.clone()
                after.apply(action)
                shown = after.view(None)["board"]
                assert shown["bull"][action.fields["space"]]
                assert shown["landscape"][action.fields["space"]] == ["bull", 0]
                seen_put_down += 1
        if seen_put_down >= 5:
            break
    assert seen_put_down


def test_counts_read_as_words() -> None:
    """One way to count nouns: "for 1 coin", never "for 1" or "1 coins"."""

    def one_tile_line(state: State) -> bool:
        return state.view(state.current_player)["phase"] == "main" and any(
            a.kind == "buy" and state.view(state.current_player)["market"]["lines"][a.fields["line"]]["tiles"] == 1
            for a in state.legal_actions()
        )

    state = first_position(one_tile_line)
    view = state.view(state.current_player)
    labels = [GAME.describe_action(view, a) for a in state.legal_actions() if a.kind == "buy"]
    assert any("for 1 coin:" in label for label in labels)
    assert not any("1 coins" in label for label in labels)
    assert view["money_cap"] == C.money_cap
