"""Citrus's offers beside the brute force's answers, position by position (issue 20 §1).

The lines a player can pay for and the placements legal on their own, as the engine offers
them, against :mod:`.brute` (no budget, nothing from ``placement.py``). Used by
``test_random_games_against_the_brute_force.py`` and ``benchmarks/citrus_brute_force.py``.
"""

from __future__ import annotations

import random

from fruitbowl.engine import get_game
from fruitbowl.engine.chance import settle
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.rules import CitrusState

from . import brute

GAME = get_game("citrus")
TYPES = len(C.types)


def setup(seed: int) -> tuple[int, dict[str, object]]:
    options: dict[str, object] = {}
    if seed % 3 == 1:
        options["board"] = "short"
    if seed % 4 == 3:
        options["family"] = True
    return 2 + seed % 4, options


def line_differences(state: CitrusState, seat: int) -> list[str]:
    """The lines the player can pay for whose offer differs from the brute force's answer."""
    offered = {a.text.split()[1] for a in state.legal_actions() if a.kind == "buy"}
    in_market = sum(1 for tile in state.market if tile >= 0)
    out = []
    for number, name in enumerate(C.line_names):
        tiles = state.line_tiles(number)
        if not tiles or len(tiles) > state.money[seat]:
            continue
        counts = [0] * TYPES
        for kind in tiles:
            counts[kind >> 1] += 1
        buildable = brute.buildable(state, seat, counts)
        if not buildable and in_market - len(tiles) <= 3 and state.finca_stack and state.open_sites:
            for site in state.open_sites:  # (the Finca that comes when three tiles or fewer are left)
                trial = state.scratch()
                trial.fincas = trial.fincas[:]
                trial.fincas[site] = trial.finca_stack[0]
                trial.forget_answers()
                if brute.buildable(trial, seat, counts):
                    buildable = True
                    break
        if buildable != (name in offered):
            said = "buildable" if buildable else "not buildable"
            out.append(f"line {name} ({said}, {'offered' if name in offered else 'not offered'})")
    return out


def placement_differences(state: CitrusState, seat: int) -> list[str]:
    """The placements legal on their own whose offer differs from the brute force's answer."""
    offered = {
        (a.fields["space"], C.types.index(a.fields["type"]), a.fields["bridge"], a.fields["milestone"])
        for a in state.legal_actions()
        if a.kind == "place"
    }
    counts = [state.waiting[2 * c] + state.waiting[2 * c + 1] for c in range(TYPES)]
    moves = [(c, move) for c in range(TYPES) if counts[c] for move in brute.legal_placements(state, seat, c)]
    answers = {}
    for c, move in moves:
        rest = counts[:]
        rest[c] -= 1
        answers[move] = brute.buildable(brute.after(state, seat, move), seat, rest)
    if not any(answers.values()):  # (§5.7: nothing keeps the rest buildable: each legal one is offered)
        answers = dict.fromkeys(answers, True)
    labels = state.geo.labels
    return [
        f"place {C.types[move[1]]} {labels[move[0]]}{' bridge' * move[2]}{' milestone' * move[3]} "
        f"({'keeps' if keeps else 'does not keep'} the rest buildable, "
        f"{'offered' if move in offered else 'not offered'})"
        for move, keeps in answers.items()
        if keeps != (move in offered)
    ]


def game_differences(seed: int) -> tuple[int, list[str]]:
    """Play the random game of ``seed`` (players and options by :func:`setup`), comparing every
    main decision's lines and every placement decision's placements: the positions compared,
    and each difference with the step it was found at."""
    players, options = setup(seed)
    state = GAME.new_state(players, seed, GAME.validate_options(options, players))
    assert isinstance(state, CitrusState)
    rng = random.Random(seed)
    settle(state, rng)
    positions, found, step = 0, [], 0
    while not state.is_terminal():
        seat, view = state.current_player, state.view(None)
        if view["phase"] == "main" and not view["main_done"]:
            found += [f"step {step}: {d}" for d in line_differences(state, seat)]
            positions += 1
        elif view["phase"] == "place":
            found += [f"step {step}: {d}" for d in placement_differences(state, seat)]
            positions += 1
        state.apply(rng.choice(state.legal_actions()))
        settle(state, rng)
        step += 1
    return positions, found
