"""Fabled Fruit's fixed action space: one table for every player count (base game).

Every decision of the rules' "Decision points" is a small enumerable choice; a location's
effect is a sequence of them. Fruit cards are named by kind (``banana``, ``banana/strawberry``
for a fruit-mix card); the verb says where the card goes.

==========  =========================  ===============================================
codes       text                       decision
==========  =========================  ===============================================
MOVE+i      ``move 7``                 2.3 step 1: the stack to move to (by number)
THIEF+i     ``thief 7``                #28: the stack to put the thief next to
GIVE+k      ``give banana``            a fruit handed to another player (payments, gifts)
DISCARD+k   ``discard banana``         a fruit from hand to the discard pile
PUT+k       ``put banana``             a fruit from hand into the market (thief, #21, #39, #52)
TAKE+k      ``take banana``            a fruit taken from the market, discard pile, reveals,
                                       fruit-mix supply or a peeked hand
PAY+u       ``pay banana`` …           one payment unit: a card, ``pay wild``, ``pay P token``
PLAYER+s    ``player 2``               another player as a target (seats from 1)
NAME+t      ``name banana``            a fruit type (#6, #24, #25, #33)
then        ``act``, ``buy``, ``skip``, ``reveal``, ``stop``, ``done``, ``keep``, ``redraw``,
            ``double``, ``wild``, ``extra turn``, ``end turn``
==========  =========================  ===============================================
"""

from __future__ import annotations

from fruitbowl.engine.actions import Action, ActionTable

from .components import COMPONENTS as C
from .fruits import KIND_NAME, NUM_KINDS, NUM_TYPES, NUM_UNITS, TOKEN_UNIT, WILD_UNIT

MAX_SEATS = 5
NUM_LOCATIONS = C.num_locations

MOVE = 0
THIEF = MOVE + NUM_LOCATIONS
GIVE = THIEF + NUM_LOCATIONS
DISCARD = GIVE + NUM_KINDS
PUT = DISCARD + NUM_KINDS
TAKE = PUT + NUM_KINDS
PAY = TAKE + NUM_KINDS
PLAYER = PAY + NUM_UNITS
NAME = PLAYER + MAX_SEATS
CHOICES = ("act", "buy", "skip", "reveal", "stop", "done", "keep", "redraw", "double", "wild", "extra turn", "end turn")
CHOICE = NAME + NUM_TYPES
ACT, BUY, SKIP, REVEAL, STOP, DONE, KEEP, REDRAW, DOUBLE, WILD, EXTRA, END_TURN = range(CHOICE, CHOICE + len(CHOICES))
NUM_ACTIONS = CHOICE + len(CHOICES)

#: Card verbs: (first code, verb, kind of action).
CARD_VERBS = ((GIVE, "give"), (DISCARD, "discard"), (PUT, "put"), (TAKE, "take"))


def unit_name(unit: int) -> str:
    if unit < NUM_KINDS:
        return KIND_NAME[unit]
    if unit == WILD_UNIT:
        return "wild"
    return f"{C.type_names[unit - TOKEN_UNIT]} token"


def _build_table() -> ActionTable:
    actions: list[Action] = []
    for i in range(NUM_LOCATIONS):
        actions.append(Action(MOVE + i, f"move {i + 1}", "move", {"location": i + 1}))
    for i in range(NUM_LOCATIONS):
        actions.append(Action(THIEF + i, f"thief {i + 1}", "thief", {"location": i + 1}))
    for base, verb in CARD_VERBS:
        for k in range(NUM_KINDS):
            actions.append(Action(base + k, f"{verb} {KIND_NAME[k]}", verb, {"fruit": KIND_NAME[k], "card": k}))
    for u in range(NUM_UNITS):
        fields = {"unit": unit_name(u), "card": u if u < NUM_KINDS else None}
        actions.append(Action(PAY + u, f"pay {unit_name(u)}", "pay", fields))
    for s in range(MAX_SEATS):
        actions.append(Action(PLAYER + s, f"player {s + 1}", "player", {"seat": s}))
    for t in range(NUM_TYPES):
        actions.append(Action(NAME + t, f"name {C.type_names[t]}", "name", {"fruit": C.type_names[t], "type": t}))
    for i, text in enumerate(CHOICES):
        actions.append(Action(CHOICE + i, text, text.replace(" ", "_")))
    aliases = {"pass": "done", "end": "end turn", "extra": "extra turn", "a": "act", "b": "buy"}
    for t in range(NUM_TYPES):
        aliases[f"pay {C.type_codes[t].lower()} token"] = f"pay {C.type_names[t]} token"
    return ActionTable(actions, aliases)


ACTION_TABLE = _build_table()
