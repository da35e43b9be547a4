"""One source of legality: each rule is written once, as a check that names the rule it enforces.

A game's legality is a set of checks per action family ("buy", "place", …). A check looks at
the position and one action and returns ``None`` when the action is legal, or a *refusal key*
— a short stable name such as ``"buy.too_dear"`` — naming the rule it breaks. The same checks
serve twice:

* :meth:`State._legal_codes` keeps the candidate actions whose check returns ``None`` (a game
  may skip candidates a family-wide check refuses as a whole, such as every "buy" outside the
  buying phase, since the check would refuse each of them alike);
* :meth:`State._refusal` runs the check of the refused action's family, and
  :attr:`Game.refusals` turns its key into the sentence the player reads.

Returning a key rather than a sentence keeps the generation fast (no text is built for the
many illegal candidates) and gives tests and clients a stable name to match on. The
conformance kit checks that every action gets a key exactly when it is not legal, that every
key has a sentence, and that the sentence is not empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from .actions import Action

#: Makes a refusal's sentence from the position (a game's ``State``) and the refused action.
Refusal: TypeAlias = Callable[[Any, "Action"], str]

#: The refusal key of every action once the game is over (no game check is asked then).
GAME_OVER = "game.over"
