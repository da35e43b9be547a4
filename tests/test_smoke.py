import random

from fruitbowl.engine import get_game
from fruitbowl.engine.chance import Dealer


def test_random_game_finishes():
    game = get_game("tanghulu")
    rng = random.Random(3)
    state = game.new_state(3, seed=3)
    dealer = Dealer(3)  # the die rolls and draws, as a table with seed 3 deals them
    dealer.settle(state)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        dealer.settle(state)
    assert state.result().winners
