"""Whole random Citrus games, their final scores recomputed from what the players saw.

Every point of a game is accounted for by the rulebook: harvests ("Each time you harvest a
plantation tile, you receive 1 point. If the plantation has a well, you get 2 points"), Finca
scorings, returned tiles (−3 each), and the final scoring ("All the Fincas that haven't been
encircled are now scored … only the player with the most plantations … receives … the smaller
number of points", the final harvest of regions that still have workers, 1 point per horse and per
unused action tile). This test adds them up from the events and the final view alone — never from
the engine's own tallies — and checks the result, its breakdown and its winners ("In the event of
a tie, multiple winners are possible").
"""

from __future__ import annotations

import random

import pytest

from fruitbowl.engine import get_game

from .positions import dealt

GAME = get_game("citrus")


def play_out(players: int, seed: int, options: dict) -> tuple[object, list]:
    state = dealt(players, seed, options)
    rng = random.Random(seed)
    events = list(state.setup_events)
    while not state.is_terminal():
        view = state.view(None)
        for player in view["players"]:  # §12: workers on the mat plus owned regions = 5; money 0..12
            owned = sum(1 for r in view["regions"] if r["owner"] == player["seat"])
            assert player["workers"] + owned == 5
            assert 0 <= player["money"] <= 12
        legal = state.legal_actions()
        # Prefer ending the turn once the main action is done, so that games stay short.
        ending = [a for a in legal if a.kind == "end"]
        events += state.apply(ending[0] if ending and rng.random() < 0.8 else rng.choice(legal))
    return state, events


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 11, {"board": "short"}),
        (3, 12, {"board": "short", "family": True}),
        (4, 13, {}),
        (5, 14, {"free_placement": True}),
        (2, 21, {}),
        (3, 22, {"board": "short", "random_sites": True}),
        (4, 23, {"family": True}),
        (5, 24, {}),
    ],
)
def test_final_scores_add_up_from_what_the_players_saw(players, seed, options):
    state, events = play_out(players, seed, options)
    view = state.view(None)
    during = [0] * players
    for event in events:
        if event.kind == "harvest":
            during[event.actor] += event.data["points"]
        elif event.kind == "finca_scored":
            during = [total + award for total, award in zip(during, event.data["awards"], strict=True)]
        elif event.kind == "returned":
            during[event.actor] -= 3 * len(event.data["tiles"])
    final = [0] * players
    for finca_site in view["sites"]:
        finca = finca_site["finca"]
        if finca and not finca["scored"]:
            totals = finca_site["totals"]
            if max(totals) > 0:
                for seat, total in enumerate(totals):
                    if total == max(totals):
                        final[seat] += finca["low"]
    for region in view["regions"]:
        if region["owner"] >= 0:
            final[region["owner"]] += region["size"] + region["wells"]  # a well tile counts 2
    for player in view["players"]:
        final[player["seat"]] += sum(player["horses"]) + len(player["held"])
    scores = [a + b for a, b in zip(during, final, strict=True)]
    result = state.result()
    assert list(result.scores) == scores
    for parts, score in zip(result.breakdown, scores, strict=True):
        assert sum(parts.values()) == score
    assert list(result.winners) == [seat for seat, score in enumerate(scores) if score == max(scores)]
    assert view["standings"]["winners"] == list(result.winners)
