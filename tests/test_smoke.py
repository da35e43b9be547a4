import random

from fruitbowl.engine import get_game


def test_random_game_finishes():
    game = get_game("tanghulu")
    rng = random.Random(3)
    state = game.new_state(3, seed=3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.result().winners
