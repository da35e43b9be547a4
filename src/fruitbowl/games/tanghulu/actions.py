"""Tang Hu Lu's fixed action space: 25 actions, the same for every player count.

=====  ==========================  =========================================
codes  text                        decision (rules "Decision points")
=====  ==========================  =========================================
0–2    ``place 1`` … ``place 3``   D1: put the die's tile on a stick
3      ``return``                  D1: put the die's tile back in the bag
4–6    ``garnish 1`` … ``3``       D2: garnish a complete stick in a window
7      ``pass``                    D2: do not garnish
8–10   ``all-different`` …         D3: the pattern for a completed stick
11     ``work``                    D4: action A
12–23  ``buy S1 on 1`` …           D4/D5: buy a store tile onto a stick
24     ``stop``                    D5: stop shopping
=====  ==========================  =========================================
"""

from __future__ import annotations

from fruitbowl.engine.actions import Action, ActionTable

from .components import COMPONENTS
from .patterns import PATTERN_NAMES

STICKS = COMPONENTS.sticks
SPACES = len(COMPONENTS.spaces)

PLACE = 0
RETURN = PLACE + STICKS
GARNISH = RETURN + 1
PASS = GARNISH + STICKS
PATTERN = PASS + 1
WORK = PATTERN + len(PATTERN_NAMES)
BUY = WORK + 1
STOP = BUY + SPACES * STICKS
NUM_ACTIONS = STOP + 1


def buy_code(space: int, stick: int) -> int:
    return BUY + space * STICKS + stick


def _build_table() -> ActionTable:
    actions = [Action(PLACE + s, f"place {s + 1}", "place", {"stick": s}) for s in range(STICKS)]
    actions.append(Action(RETURN, "return", "return"))
    actions += [Action(GARNISH + s, f"garnish {s + 1}", "garnish", {"stick": s}) for s in range(STICKS)]
    actions.append(Action(PASS, "pass", "pass"))
    actions += [Action(PATTERN + p, name, "pattern", {"pattern": name}) for p, name in enumerate(PATTERN_NAMES)]
    actions.append(Action(WORK, "work", "work"))
    for space, label in enumerate(COMPONENTS.spaces):
        for stick in range(STICKS):
            fields = {"space": space, "stick": stick}
            actions.append(Action(buy_code(space, stick), f"buy {label} on {stick + 1}", "buy", fields))
    actions.append(Action(STOP, "stop", "stop"))
    aliases = {"a": "work", "done": "stop", "put back": "return", "skip": "pass"}
    return ActionTable(actions, aliases)


ACTION_TABLE = _build_table()
