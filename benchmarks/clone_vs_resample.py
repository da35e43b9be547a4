"""Does searching on clones cheat? Equal-budget OpenSpiel MCTS, one bot searching on clones of the
real position, the other on a position resampled from its own information state, head to head.

Each decision, the *clone* bot runs ``mcts.MCTSBot`` on the state itself (OpenSpiel's way: it
clones it for every simulation), the *resample* bot runs the same MCTS, with the same number of
simulations, on ``state.resample_from_infostate(player, …)`` (the opponents' hidden things drawn
again; what is not drawn yet is not decided in either). The bots swap seats every game; the
chance outcomes are drawn by a generator seeded alike for both seatings of a deal.

On the old adapter (the whole game's randomness one seed at the start, carried by every clone)
the clone bot won 78 of 100 games of Tang Hu Lu: it searched a future it could not know. With
explicit chance a clone carries no future, so the two should be even within noise.

    python benchmarks/clone_vs_resample.py [--game tanghulu] [--games 100] [--simulations 30] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import fruitbowl.rl.openspiel  # noqa: F401  (registers the games)


def play(game_name: str, games: int, simulations: int, seed: int, players: int = 2) -> dict[str, object]:
    """Play ``games`` games, the clone bot in seat ``g % players`` of game ``g``; the tally."""
    game = pyspiel.load_game(game_name, {"players": players})
    clone_points = 0.0
    wins = {"clone": 0, "resample": 0, "tie": 0}
    started = time.perf_counter()
    for number in range(games):
        rng = np.random.RandomState(seed * 10_007 + number)
        chance = np.random.RandomState(seed * 10_007 + number // players)  # (the same draws for both seatings)
        bots = [
            mcts.MCTSBot(
                game,
                uct_c=2.0,
                max_simulations=simulations,
                evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                random_state=rng,
            )
            for _ in range(2)
        ]
        clone_seat = number % players
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(chance.choice(outcomes, p=probabilities)))
            elif player == clone_seat:
                state.apply_action(bots[0].step(state))
            else:
                state.apply_action(bots[1].step(state.resample_from_infostate(player, sampler)))
        returns = state.returns()
        clone_return = returns[clone_seat]
        best = max(returns)
        clone_points += (clone_return + 1) / 2  # rank return -1..1 as a score 0..1
        if returns.count(best) > 1 and clone_return == best:
            wins["tie"] += 1
        elif clone_return == best:
            wins["clone"] += 1
        else:
            wins["resample"] += 1
    share = clone_points / games
    margin = 1.96 * 0.5 / math.sqrt(games)  # (the widest binomial interval: at an even share)
    return {
        "game": game_name,
        "games": games,
        "simulations": simulations,
        "wins": wins,
        "clone_score_share": round(share, 3),
        "ci95": [round(share - margin, 3), round(share + margin, 3)],
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tanghulu")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(play(f"fruitbowl_{args.game}", args.games, args.simulations, args.seed)))


if __name__ == "__main__":
    main()
