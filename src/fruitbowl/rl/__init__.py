"""Learning-agent adapters: PettingZoo AEC environments and OpenSpiel games over every fruitbowl game.

Both are thin adapters over the engine contract: observations come from a seat's ``view`` only
(``Game.observation``), actions are the game's fixed action space, and rewards are paid at the
end (see :mod:`fruitbowl.rl.rewards`). They need the optional ``rl`` extra
(``pip install -e ".[rl]"``).
"""
