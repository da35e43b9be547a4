"""Fabled Fruit's fixed action space: one table for every player count, base and Lime games.

Every decision of the rules' "Decision points" is a small enumerable choice; a location's
effect is a sequence of them. Fruit cards are named by kind (``banana``, ``banana/strawberry``
for a fruit-mix card); the verb says where the card goes.

==========  =========================  ===============================================
codes       text                       decision
==========  =========================  ===============================================
MOVE+i      ``move 7``, ``move 1L``    2.3 step 1: the stack to move to (by number)
THIEF+i     ``thief 7``                #28, #17L: a stack to put the thief next to
GIVE+k      ``give banana``            a fruit handed to another player (payments, gifts)
DISCARD+k   ``discard banana``         a fruit from hand to the discard pile
PUT+k       ``put banana``             a fruit from hand into the market (thief, #21, #39, #52)
TAKE+k      ``take banana``            a fruit taken from the market, discard pile, reveals,
                                       fruit-mix supply or a peeked hand
PAY+u       ``pay banana`` …           one payment unit: a card, ``pay wild``, ``pay P token``,
                                       ``pay saved banana`` (#6L: each saved fruit pays twice)
PLAYER+s    ``player 2``               another player as a target (seats from 1)
NAME+t      ``name banana``            a fruit type (#6, #24, #25, #33, #4L)
SAVE+k      ``save banana``            #6L: the fruit put under your animal token
OFFER+k     ``offer banana``           #11L: a fruit added to your offer for the 2 limes
ACCEPT+s    ``accept 2``               #11L: the offer you accept (seats from 1)
GAMBLE+n    ``gamble 2``               #12L: buy, returning n gambling tokens (3 reveals each)
RETURN+i    ``return 48``              #13L: the fabled juice you put back on the display
JUICE+i     ``juice 49``               #13L: the stack whose top card you take as a juice
then        ``act``, ``buy``, ``skip``, ``reveal``, ``stop``, ``done``, ``keep``, ``redraw``,
            ``double``, ``wild``, ``extra turn``, ``end turn``, ``refuse`` (#11L: no offer
            accepted), ``decline`` (#13L: draw 1 fruit instead)
==========  =========================  ===============================================
"""

from __future__ import annotations

from fruitbowl.engine.actions import Action, ActionTable

from .components import COMPONENTS as C
from .components import loc_label
from .fruits import KIND_NAME, NUM_KINDS, NUM_TYPES, NUM_UNITS, SAVED_UNIT, TOKEN_UNIT, WILD_UNIT

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
SAVE = NAME + NUM_TYPES
OFFER = SAVE + NUM_KINDS
ACCEPT = OFFER + NUM_KINDS
GAMBLE = ACCEPT + MAX_SEATS
MAX_GAMBLE = C.lime.gambling_tokens
RETURN = GAMBLE + MAX_GAMBLE
JUICE = RETURN + NUM_LOCATIONS
CHOICES = (
    "act", "buy", "skip", "reveal", "stop", "done", "keep", "redraw", "double", "wild", "extra turn", "end turn",
    "refuse", "decline",
)  # fmt: skip
CHOICE = JUICE + NUM_LOCATIONS
(ACT, BUY, SKIP, REVEAL, STOP, DONE, KEEP, REDRAW, DOUBLE, WILD, EXTRA, END_TURN, REFUSE, DECLINE) = range(
    CHOICE, CHOICE + len(CHOICES)
)
NUM_ACTIONS = CHOICE + len(CHOICES)

#: Card verbs: (first code, verb, kind of action).
CARD_VERBS = ((GIVE, "give"), (DISCARD, "discard"), (PUT, "put"), (TAKE, "take"))


def unit_name(unit: int) -> str:
    if unit < NUM_KINDS:
        return KIND_NAME[unit]
    if unit == WILD_UNIT:
        return "wild"
    if unit >= SAVED_UNIT:
        return f"saved {KIND_NAME[unit - SAVED_UNIT]}"
    return f"{C.type_names[unit - TOKEN_UNIT]} token"


def _build_table() -> ActionTable:
    actions: list[Action] = []
    for i in range(NUM_LOCATIONS):
        actions.append(Action(MOVE + i, f"move {loc_label(i + 1)}", "move", {"location": i + 1}))
    for i in range(NUM_LOCATIONS):
        actions.append(Action(THIEF + i, f"thief {loc_label(i + 1)}", "thief", {"location": i + 1}))
    for base, verb in CARD_VERBS:
        for k in range(NUM_KINDS):
            actions.append(Action(base + k, f"{verb} {KIND_NAME[k]}", verb, {"fruit": KIND_NAME[k], "card": k}))
    for u in range(NUM_UNITS):
        card = u if u < NUM_KINDS else u - SAVED_UNIT if u >= SAVED_UNIT else None
        fields = {"unit": unit_name(u), "card": card, "saved": u >= SAVED_UNIT}
        actions.append(Action(PAY + u, f"pay {unit_name(u)}", "pay", fields))
    for s in range(MAX_SEATS):
        actions.append(Action(PLAYER + s, f"player {s + 1}", "player", {"seat": s}))
    for t in range(NUM_TYPES):
        actions.append(Action(NAME + t, f"name {C.type_names[t]}", "name", {"fruit": C.type_names[t], "type": t}))
    for verb, base in (("save", SAVE), ("offer", OFFER)):
        for k in range(NUM_KINDS):
            actions.append(Action(base + k, f"{verb} {KIND_NAME[k]}", verb, {"fruit": KIND_NAME[k], "card": k}))
    for s in range(MAX_SEATS):
        actions.append(Action(ACCEPT + s, f"accept {s + 1}", "accept", {"seat": s}))
    for n in range(MAX_GAMBLE):
        actions.append(Action(GAMBLE + n, f"gamble {n + 1}", "gamble", {"tokens": n + 1}))
    for verb, base in (("return", RETURN), ("juice", JUICE)):
        for i in range(NUM_LOCATIONS):
            actions.append(Action(base + i, f"{verb} {loc_label(i + 1)}", verb, {"location": i + 1}))
    for i, text in enumerate(CHOICES):
        actions.append(Action(CHOICE + i, text, text.replace(" ", "_")))
    aliases = {"pass": "done", "end": "end turn", "extra": "extra turn", "a": "act", "b": "buy"}
    for t in range(NUM_TYPES):
        aliases[f"pay {C.type_codes[t].lower()} token"] = f"pay {C.type_names[t]} token"
    for i in range(NUM_LOCATIONS):
        label = loc_label(i + 1)
        for verb in ("move", "thief", "return", "juice"):
            aliases[f"{verb} #{label}"] = f"{verb} {label}"  # as the board and the menu name a stack
            if label.endswith("L"):  # §3.5 I-1: the seed's setup writes #L1 for #1L
                aliases[f"{verb} l{label[:-1]}"] = f"{verb} {label}"
                aliases[f"{verb} #l{label[:-1]}"] = f"{verb} {label}"
    return ActionTable(actions, aliases)


ACTION_TABLE = _build_table()
