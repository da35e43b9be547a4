"""fruitbowl: exact rules engines and tables for four fruit board games.

Import :mod:`fruitbowl.engine` for the game contract and :func:`fruitbowl.engine.get_game`
to obtain a registered game::

    >>> from fruitbowl.engine import get_game
    >>> game = get_game("tanghulu")
    >>> state = game.new_state(2, seed=7)
    >>> state.current_player in (0, 1)
    True
"""

__version__ = "0.1.0"
