"""fruitbowl: exact rules engines and tables for four fruit board games.

Import :mod:`fruitbowl.engine` for the game contract and :func:`fruitbowl.engine.get_game`
to obtain a registered game::

    >>> from fruitbowl.engine import get_game
    >>> from fruitbowl.engine.chance import Dealer
    >>> game = get_game("tanghulu")
    >>> state = game.new_state(2, seed=7)  # at its deal: a chance node
    >>> state.is_chance_node()
    True
    >>> _ = Dealer(7).settle(state)  # the store's tiles and the first roll, as a table with seed 7 draws them
    >>> state.current_player in (0, 1)
    True
"""

__version__ = "0.1.0"
