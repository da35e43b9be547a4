"""Citrus's legal lines and placements beside the brute force with no budget, in random games.

``python benchmarks/citrus_brute_force.py --games 300``

Issue 20 §1 asks for buildability decided exactly. This plays random games (2–5 players, the
long and the short side, the family version every fourth game) and, at every main decision,
asks the brute force of the tests (``tests/games/citrus/brute.py``: every legal placement in
every order, nothing taken from the engine's ``placement.py``) whether each line the player can
pay for could be built — on the board as it is, or, when the line leaves three tiles or fewer in
the market, with the next Finca on one of the open sites — and, at every placement decision,
whether each placement legal on its own leaves the other waiting tiles buildable. Every
difference from what the engine offers is printed with the game's seed and step; the last line
says how many positions were compared and how many differed (the exit status is 1 if any did).
It found the three kinds of refusal kept in ``tests/games/citrus/lines_refused_in_play.json``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # (the tests' brute force)

from tests.games.citrus import brute  # noqa: E402

from fruitbowl.engine import get_game  # noqa: E402
from fruitbowl.engine.chance import settle  # noqa: E402
from fruitbowl.games.citrus.components import COMPONENTS as C  # noqa: E402

GAME = get_game("citrus")
TYPES = len(C.types)


def setup(seed: int) -> tuple[int, dict[str, object]]:
    options: dict[str, object] = {}
    if seed % 3 == 1:
        options["board"] = "short"
    if seed % 4 == 3:
        options["family"] = True
    return 2 + seed % 4, options


def line_differences(state, seat: int) -> list[str]:
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


def placement_differences(state, seat: int) -> list[str]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    started, positions, differences = time.perf_counter(), 0, 0
    for seed in range(args.first, args.first + args.games):
        players, options = setup(seed)
        state = GAME.new_state(players, seed, GAME.validate_options(options, players))
        rng = random.Random(seed)
        settle(state, rng)
        step = 0
        while not state.is_terminal():
            seat, phase = state.current_player, state.view(None)["phase"]
            found = []
            if phase == "main" and not state.view(None)["main_done"]:
                found, positions = line_differences(state, seat), positions + 1
            elif phase == "place":
                found, positions = placement_differences(state, seat), positions + 1
            for difference in found:
                print(f"seed {seed} ({players} players, {options}) step {step}: {difference}", flush=True)
            differences += len(found)
            state.apply(rng.choice(state.legal_actions()))
            settle(state, rng)
            step += 1
    seconds = time.perf_counter() - started
    print(f"{args.games} games, {positions:,} positions compared, {differences} differences ({seconds:.0f} s)")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
