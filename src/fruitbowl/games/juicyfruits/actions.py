"""Juicy Fruits' fixed action space: 390 actions in a base game, 532 with any Mystic Island module.

Cells are named like a chess board from the owner's chair (``a1`` south-west, ``e5``
north-east; see :mod:`.island`). A turn is a chain of these small decisions.

=======  ==================================  ===============================================
codes    text                                decision (rules "Decision points")
=======  ==================================  ===============================================
0–199    ``move c3-c4``                      D3: slide the token on c3 straight to c4
200–289  ``take 2 banana + 1 lime``          D5: split an advanced collector's d + 1 fruits
290–304  ``make 3 ice cream + 1 milkshake``  D6: markers from an ice cream cart's d spaces
305–316  ``supply b5``                       D8: supply the ship on a beach space
317–340  ``claim T13``                       D8: claim a business token from the board
341–365  ``place c3``                        D10: put the claimed 1×1 token on a free space
366–381  ``place a5-b4``                     D10: put a large venue on a free 2×2 block
382–386  ``bonus banana``                    D11: the claimed advanced collector's fruit
387      ``pass``                            D8: do nothing in step 2
388      ``juice``                           D13: advance one juice space
389      ``stop``                            D13: stop making juice, end the turn
390      ``collect``                         D4: take the moved collector's fruit (Module 1)
391      ``explore``                         D4: move your explorer instead (Module 1)
392–441  ``statue ship S41``                 D7: score statue 5 with a ship you supplied
442–446  ``statue banana``                   D7: score statue 7 with a fruit type
447–462  ``boulder 4b``                      D1: put boulder 4b on your next corner (Module 2)
463–472  ``claim X01``                       D8: claim a Module 3 business token
473–477  ``leave out banana``                D9: the construction office's free fruit
478–481  ``whale N``                         D12: put the new whale-watching token's whale
482–531  ``watch X09 c4``                    D14: move a whale-watching token (or stay)
=======  ==================================  ===============================================

The module actions sit after the base ones, so a base game's codes and texts never change;
:data:`FULL_TABLE` holds all of them and :data:`ACTION_TABLE` only the base game's.
"""

from __future__ import annotations

import unicodedata

from fruitbowl.engine.actions import Action, ActionTable

from .components import BEACH_NAMES
from .components import COMPONENTS as C
from .island import BEACH_CELLS, BLOCK_ORIGINS, CELL_NAMES, CELLS, DIRECTIONS, SLIDES, block_name

FRUIT_NAMES = C.fruit_names
ADVANCED = tuple(i for i, t in enumerate(C.all_tokens) if t.category == "advanced_collector")
MAX_DISTANCE = C.size - 1

MOVE = 0
#: MOVE_CODE[from][direction][distance - 1] -> code
MOVE_CODE: list[list[list[int]]] = [[[] for _ in range(4)] for _ in range(CELLS)]
for _index, (_cell, _d, _k, _to) in enumerate(SLIDES):
    MOVE_CODE[_cell][_d].append(MOVE + _index)
SPLIT = MOVE + len(SLIDES)
#: (advanced collector slot, total fruits, fruits of its first type) -> code
SPLIT_CODE: dict[tuple[int, int, int], int] = {}
_split_entries: list[tuple[int, int, int]] = []
for _slot in range(len(ADVANCED)):
    for _total in range(2, MAX_DISTANCE + 2):
        for _first in range(_total, -1, -1):
            SPLIT_CODE[(_slot, _total, _first)] = SPLIT + len(_split_entries)
            _split_entries.append((_slot, _total, _first))
PRODUCE = SPLIT + len(_split_entries)
_produce_entries = [(k, m) for k in range(MAX_DISTANCE + 1) for m in range(MAX_DISTANCE + 1 - k)]
PRODUCE_CODE = {pair: PRODUCE + i for i, pair in enumerate(_produce_entries)}
SUPPLY = PRODUCE + len(_produce_entries)
SUPPLY_CODE = {cell: SUPPLY + i for i, cell in enumerate(BEACH_CELLS)}
CLAIM = SUPPLY + len(BEACH_CELLS)
PLACE = CLAIM + C.base_tokens
PLACE_BLOCK = PLACE + CELLS
BONUS = PLACE_BLOCK + len(BLOCK_ORIGINS)
PASS = BONUS + len(FRUIT_NAMES)
JUICE = PASS + 1
STOP = JUICE + 1
NUM_ACTIONS = STOP + 1
# ---- Mystic Island modules
COLLECT = NUM_ACTIONS
EXPLORE = COLLECT + 1
STATUE_SHIP = EXPLORE + 1
STATUE_FRUIT = STATUE_SHIP + len(C.ships)
BOULDER = STATUE_FRUIT + len(FRUIT_NAMES)
CLAIM_X = BOULDER + len(C.boulders)
LEAVE_OUT = CLAIM_X + len(C.all_tokens) - C.base_tokens
WHALE_BEACH = LEAVE_OUT + len(FRUIT_NAMES)
WATCH = WHALE_BEACH + len(BEACH_NAMES)
WHALES = tuple(i for i, t in enumerate(C.all_tokens) if t.category == "whale_watching")
FULL_ACTIONS = WATCH + len(WHALES) * CELLS


def claim_code(token: int) -> int:
    return CLAIM + token if token < C.base_tokens else CLAIM_X + token - C.base_tokens


def claimed_token(code: int) -> int:
    return code - CLAIM if code < PLACE else code - CLAIM_X + C.base_tokens


def fold_name(text: str) -> str:
    """A token name as a player may type it: any case, accents optional ("cafe" is "Café")."""
    plain = unicodedata.normalize("NFKD", text)
    return " ".join("".join(ch for ch in plain if not unicodedata.combining(ch)).lower().split())


#: folded token name -> the token indices of that name ("guesthouse at the pond" names three).
TOKENS_BY_NAME: dict[str, list[int]] = {}
for _t, _token in enumerate(C.all_tokens):
    TOKENS_BY_NAME.setdefault(fold_name(_token.name), []).append(_t)
    if _token.category == "whale_watching":
        TOKENS_BY_NAME.setdefault("whale watching", []).append(_t)
TOKENS_BY_NAME.setdefault("guesthouse", TOKENS_BY_NAME[fold_name("Guesthouse at the pond")])


def named_tokens(text: str) -> list[int] | None:
    """The tokens ``claim NAME`` (or ``claim the NAME``) names, or None if it names none."""
    words = fold_name(text)
    if not words.startswith("claim "):
        return None
    name = words.removeprefix("claim ").removeprefix("the ")
    return TOKENS_BY_NAME.get(name)


ALIASES = {"nothing": "pass", "do nothing": "pass", "done": "stop", "make juice": "juice"}
ALIASES["make nothing"] = "make 0 ice cream + 0 milkshake"
ALIASES.update({f"claim {t.name}": f"claim {t.id}" for t in C.tokens})


def _build_table() -> ActionTable:
    actions: list[Action] = []
    for index, (cell, d, k, to) in enumerate(SLIDES):
        fields = {"from": cell, "to": to, "direction": DIRECTIONS[d], "distance": k}
        actions.append(Action(MOVE + index, f"move {CELL_NAMES[cell]}-{CELL_NAMES[to]}", "move", fields))
    for slot, total, first in _split_entries:
        token = C.all_tokens[ADVANCED[slot]]
        a, b = token.fruits
        fields = {"token": token.id, "fruits": [FRUIT_NAMES[a], FRUIT_NAMES[b]], "counts": [first, total - first]}
        text = f"take {first} {FRUIT_NAMES[a]} + {total - first} {FRUIT_NAMES[b]}"
        actions.append(Action(SPLIT_CODE[(slot, total, first)], text, "split", fields))
    for (k, m), code in PRODUCE_CODE.items():
        actions.append(Action(code, f"make {k} ice cream + {m} milkshake", "produce", {"ice_cream": k, "milkshake": m}))
    for cell, code in SUPPLY_CODE.items():
        actions.append(Action(code, f"supply {CELL_NAMES[cell]}", "supply", {"cell": cell}))
    for t, token in enumerate(C.tokens):
        actions.append(Action(CLAIM + t, f"claim {token.id}", "claim", {"token": token.id}))
    for cell in range(CELLS):
        actions.append(Action(PLACE + cell, f"place {CELL_NAMES[cell]}", "place", {"cell": cell, "cells": [cell]}))
    for b, origin in enumerate(BLOCK_ORIGINS):
        cells = [origin, origin + 1, origin + C.size, origin + C.size + 1]
        fields = {"cell": origin, "cells": cells, "block": b}
        actions.append(Action(PLACE_BLOCK + b, f"place {block_name(b)}", "place_block", fields))
    for f, name in enumerate(FRUIT_NAMES):
        actions.append(Action(BONUS + f, f"bonus {name}", "bonus", {"fruit": name}))
    actions.append(Action(PASS, "pass", "pass"))
    actions.append(Action(JUICE, "juice", "juice"))
    actions.append(Action(STOP, "stop", "stop"))
    return ActionTable(actions, ALIASES)


def _module_actions() -> list[Action]:
    actions = [Action(COLLECT, "collect", "collect"), Action(EXPLORE, "explore", "explore")]
    for s, ship in enumerate(C.ships):
        actions.append(Action(STATUE_SHIP + s, f"statue ship {ship.id}", "statue_ship", {"ship": ship.id}))
    for f, name in enumerate(FRUIT_NAMES):
        actions.append(Action(STATUE_FRUIT + f, f"statue {name}", "statue_fruit", {"fruit": name}))
    for b, boulder in enumerate(C.boulders):
        actions.append(Action(BOULDER + b, f"boulder {boulder.id}", "boulder", {"boulder": boulder.id}))
    for t in range(C.base_tokens, len(C.all_tokens)):
        token = C.all_tokens[t]
        actions.append(Action(claim_code(t), f"claim {token.id}", "claim", {"token": token.id}))
    for f, name in enumerate(FRUIT_NAMES):
        actions.append(Action(LEAVE_OUT + f, f"leave out {name}", "leave_out", {"fruit": name}))
    for b, name in enumerate(BEACH_NAMES):
        actions.append(Action(WHALE_BEACH + b, f"whale {name}", "whale_beach", {"beach": name}))
    for slot, t in enumerate(WHALES):
        for cell in range(CELLS):
            fields = {"token": C.all_tokens[t].id, "cell": cell}
            actions.append(
                Action(WATCH + slot * CELLS + cell, f"watch {C.all_tokens[t].id} {CELL_NAMES[cell]}", "watch", fields)
            )
    return actions


ACTION_TABLE = _build_table()
assert len(ACTION_TABLE) == NUM_ACTIONS
#: Every action, for games with any module: the base codes followed by the modules' own.
FULL_TABLE = ActionTable(
    [*ACTION_TABLE.actions, *_module_actions()],
    {
        **ALIASES,
        **{f"claim {t.name}": f"claim {t.id}" for t in C.all_tokens[C.base_tokens :]},
        "move explorer": "explore",
        "collect fruit": "collect",
    },
)
assert len(FULL_TABLE) == FULL_ACTIONS
