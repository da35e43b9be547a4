"""Juicy Fruits' random events as chance nodes (see :mod:`fruitbowl.engine.chance`).

Nothing random is decided before it is drawn, and every draw is public (an island, the business
board, the statues and the boulders are set up face up; Pineapple's boats are shown as she draws
them), so no chance node has witnesses. In the order they come:

- **the business board**: each waiting space in play, row by row, draws a token from the pile
  (the 24 tokens, 34 with Module 3); the tokens left over go to the box;
- **each island**, seat by seat: each pond draws its collector from the fruits not placed yet
  (AMB-3), then each beach space draws a ship. An island takes 6 ships from each bag (AMB-2),
  so a space draws an orange-backed ship with probability (orange ships still owed) / (spaces
  left), and then any ship left in that bag alike;
- **the first player** (option ``random_first``, two players or more);
- **Mystic Island's statues** (Module 1): each statue space draws a tile from those not dealt
  (tile 13 only with the boulders);
- **the boulders** (Module 2): each of the starting player's corners draws a tile not dealt yet
  and a side. A side whose module is not played cannot come up: tile 8 shows its other side,
  or is not dealt at all when neither of its modules is played (AMB-21);
- **Pineapple's boats** (solo): her opening boat once the islands are set up, then one after
  each of your turns, from her bag.

A draw is always "which token, collector, ship, tile or boat", never an order: piles and bags
are sorted lists. The setup's draws follow a schedule fixed by the player count and options
(:func:`schedule`); the state keeps its place in it (``dealt``).
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import _

from . import business, mystic
from .boulders import BOULDER, BOULDERS
from .components import COMPONENTS as C
from .island import BEACH_CELLS, COLLECTOR, CORNERS, PONDS, SHIP
from .words import collector_subject, token_subject

if TYPE_CHECKING:
    from .rules import JuicyFruitsState

# What a chance node decides (the state's ``chance``; NO_CHANCE: a player acts).
NO_CHANCE, BOARD_DRAW, POND_DRAW, BEACH_DRAW, FIRST_DRAW, STATUE_DRAW, BOULDER_DRAW, BOAT_DRAW = range(8)

MAX_SEATS = 4
# Outcome codes: each kind of draw has its block of the chance table.
TOKEN_OUT = 0
FRUIT_OUT = TOKEN_OUT + len(C.all_tokens)
SHIP_OUT = FRUIT_OUT + len(C.fruit_codes)
SEAT_OUT = SHIP_OUT + len(C.ships)
STATUE_OUT = SEAT_OUT + MAX_SEATS
BOULDER_OUT = STATUE_OUT + len(mystic.TILES)
BOAT_OUT = BOULDER_OUT + len(BOULDERS)

#: A ship's bag: 0 orange backs, 1 green (see :func:`.ships.fill_bags`).
SHIP_BAG = tuple(0 if ship.back == "orange" else 1 for ship in C.ships)
NUM_FRUITS = len(C.fruit_codes)
BAG_SIZES = (SHIP_BAG.count(0), SHIP_BAG.count(1))


def _chance_table() -> ActionTable:
    outcomes = [
        Action(TOKEN_OUT + t, f"token {token.id}", "token", {"token": t}) for t, token in enumerate(C.all_tokens)
    ]
    outcomes += [
        Action(FRUIT_OUT + f, f"collector {name}", "collector", {"fruit": f}) for f, name in enumerate(C.fruit_names)
    ]
    outcomes += [Action(SHIP_OUT + s, f"ship {ship.id}", "ship", {"ship": s}) for s, ship in enumerate(C.ships)]
    outcomes += [Action(SEAT_OUT + p, f"first seat {p + 1}", "first", {"seat": p}) for p in range(MAX_SEATS)]
    outcomes += [
        Action(STATUE_OUT + i, f"statue {t.tile}", "statue", {"tile": t.tile}) for i, t in enumerate(mystic.TILES)
    ]
    outcomes += [
        Action(BOULDER_OUT + b, f"boulder {spec.id}", "boulder", {"boulder": b}) for b, spec in enumerate(BOULDERS)
    ]
    outcomes += [Action(BOAT_OUT + s, f"boat {ship.id}", "boat", {"ship": s}) for s, ship in enumerate(C.ships)]
    return ActionTable(outcomes)


CHANCE_TABLE = _chance_table()

#: One step of the setup's schedule: (kind of draw, seat or -1, the space / cell / corner index).
Step = tuple[int, int, int]


@cache
def schedule(num_players: int, columns: int, random_first: bool, statues: bool, boulders: bool) -> tuple[Step, ...]:
    """The setup's draws in order, for a player count and what the options deal."""
    steps: list[Step] = [
        (BOARD_DRAW, -1, row * business.COLUMNS + col) for row in range(business.ROWS) for col in range(columns)
    ]
    for seat in range(num_players):
        steps += [(POND_DRAW, seat, cell) for cell in PONDS]
        steps += [(BEACH_DRAW, seat, cell) for cell in BEACH_CELLS]
    if random_first and num_players > 1:
        steps.append((FIRST_DRAW, -1, -1))
    if statues:
        steps += [(STATUE_DRAW, -1, cell) for cell in mystic.BOARD.statue_cells]
    if boulders:
        steps += [(BOULDER_DRAW, -1, corner) for corner in range(len(CORNERS))]
    return tuple(steps)


@cache
def boulder_sides(modules: frozenset[str]) -> tuple[tuple[int, ...], ...]:
    """Per boulder tile (index tile − 1), the boulder codes that may come up with these modules
    (none: the tile is not dealt)."""
    tiles = len(BOULDERS) // 2
    return tuple(
        tuple(code for code in (2 * t, 2 * t + 1) if not BOULDERS[code].module or BOULDERS[code].module in modules)
        for t in range(tiles)
    )


def _fruits_left(state: JuicyFruitsState, seat: int) -> list[int]:
    grid = state.grid[seat]
    placed = {grid[cell] - COLLECTOR for cell in PONDS if grid[cell] >= COLLECTOR}
    return [f for f in range(NUM_FRUITS) if f not in placed]


def _ships_owed(state: JuicyFruitsState, seat: int) -> tuple[int, int]:
    """The ships ``seat``'s island still takes from the orange and the green bag (the islands
    are dealt in seat order, each taking 6 from each bag)."""
    taken = C.ships_per_bag * (seat + 1)
    orange, green = state.bags
    return taken - BAG_SIZES[0] + len(orange), taken - BAG_SIZES[1] + len(green)


def _boulder_tiles(state: JuicyFruitsState) -> list[int]:
    """Tiles (index tile − 1) that the next corner may draw: playable, not dealt yet."""
    dealt = {code // 2 for code in state.boulder_set}
    return [t for t, sides in enumerate(boulder_sides(state.mods)) if sides and t not in dealt]


def outcomes(state: JuicyFruitsState) -> list[tuple[int, float]]:
    """``(code, probability)`` of every outcome of the chance node ``state`` stands at."""
    kind = state.chance
    if kind == BOAT_DRAW:
        return _uniform(BOAT_OUT, state.pine_bag)
    if kind == BOARD_DRAW:
        return _uniform(TOKEN_OUT, state.box)
    if kind == POND_DRAW:
        return _uniform(FRUIT_OUT, _fruits_left(state, state.steps[state.dealt][1]))
    if kind == BEACH_DRAW:
        orange, green = _ships_owed(state, state.steps[state.dealt][1])
        spaces = orange + green
        listed = []
        for bag, owed in zip(state.bags, (orange, green), strict=True):
            if owed:
                listed += [(SHIP_OUT + ship, owed / spaces / len(bag)) for ship in bag]
        return sorted(listed)
    if kind == FIRST_DRAW:
        return _uniform(SEAT_OUT, range(state.num_players))
    if kind == STATUE_DRAW:
        return _uniform(STATUE_OUT - 1, state.statue_box)  # (tiles are numbered from 1)
    tiles = _boulder_tiles(state)
    sides = boulder_sides(state.mods)
    return [(BOULDER_OUT + code, 1 / len(tiles) / len(sides[t])) for t in tiles for code in sides[t]]


def _uniform(base: int, pile: list[int] | range) -> list[tuple[int, float]]:
    share = 1 / len(pile)
    return [(base + item, share) for item in pile]


def sample(state: JuicyFruitsState, rng: random.Random) -> int:
    """One setup draw's code, by its probability, with one ``rng.random()`` (picked directly;
    the state picks Pineapple's boats itself)."""
    u = rng.random()
    kind = state.chance
    if kind == BOARD_DRAW:
        box = state.box
        return TOKEN_OUT + box[int(u * len(box))]
    if kind == BEACH_DRAW:
        orange, green = _ships_owed(state, state.steps[state.dealt][1])
        x = u * (orange + green)
        if x < orange:
            bag = state.bags[0]
            return SHIP_OUT + bag[int(x / orange * len(bag))]
        bag = state.bags[1]
        return SHIP_OUT + bag[min(int((x - orange) / green * len(bag)), len(bag) - 1)]
    if kind == POND_DRAW:
        left = _fruits_left(state, state.steps[state.dealt][1])
        return FRUIT_OUT + left[int(u * len(left))]
    if kind == FIRST_DRAW:
        return SEAT_OUT + int(u * state.num_players)
    if kind == STATUE_DRAW:
        box = state.statue_box
        return STATUE_OUT - 1 + box[int(u * len(box))]
    tiles = _boulder_tiles(state)
    x = u * len(tiles)
    tile = tiles[int(x)]
    sides = boulder_sides(state.mods)[tile]
    return BOULDER_OUT + sides[min(int((x - int(x)) * len(sides)), len(sides) - 1)]


def is_outcome(state: JuicyFruitsState, code: int) -> bool:
    """Whether ``code`` is a possible outcome here (without listing them all)."""
    kind = state.chance
    if kind == BOAT_DRAW:
        return BOAT_OUT <= code < len(CHANCE_TABLE) and code - BOAT_OUT in state.pine_bag
    if kind == BOARD_DRAW:
        return TOKEN_OUT <= code < FRUIT_OUT and code - TOKEN_OUT in state.box
    if kind == POND_DRAW:
        return FRUIT_OUT <= code < SHIP_OUT and code - FRUIT_OUT in _fruits_left(state, state.steps[state.dealt][1])
    if kind == BEACH_DRAW:
        if not SHIP_OUT <= code < SEAT_OUT:
            return False
        ship = code - SHIP_OUT
        bag = SHIP_BAG[ship]
        return ship in state.bags[bag] and _ships_owed(state, state.steps[state.dealt][1])[bag] > 0
    if kind == FIRST_DRAW:
        return SEAT_OUT <= code < SEAT_OUT + state.num_players
    if kind == STATUE_DRAW:
        return STATUE_OUT <= code < BOULDER_OUT and code - STATUE_OUT + 1 in state.statue_box
    if not BOULDER_OUT <= code < BOAT_OUT:
        return False
    boulder = code - BOULDER_OUT
    return boulder // 2 in _boulder_tiles(state) and boulder in boulder_sides(state.mods)[boulder // 2]


def deal(state: JuicyFruitsState, code: int) -> None:
    """Put one setup draw where the schedule says, and move on to the next step."""
    kind, seat, slot = state.steps[state.dealt]
    if kind == BOARD_DRAW:
        token = code - TOKEN_OUT
        state.board[slot] = token
        state.box.remove(token)
    elif kind == POND_DRAW:
        state.grid[seat][slot] = COLLECTOR + code - FRUIT_OUT
    elif kind == BEACH_DRAW:
        ship = code - SHIP_OUT
        state.grid[seat][slot] = SHIP + ship
        state.bags[SHIP_BAG[ship]].remove(ship)
    elif kind == FIRST_DRAW:
        state.first = state.player = code - SEAT_OUT
    elif kind == STATUE_DRAW:
        tile = code - STATUE_OUT + 1
        state.statues[slot] = tile
        state.statue_box.remove(tile)
    else:
        boulder = code - BOULDER_OUT
        state.boulder_set.append(boulder)
        state.tray.append(0)
        state.grid[state.first][CORNERS[slot]] = BOULDER + boulder
    state.dealt += 1
    state.chance = state.steps[state.dealt][0] if state.dealt < len(state.steps) else NO_CHANCE


def describe(outcome: Action) -> str:
    """An outcome in words, for logs ("the banana collector on a pond"), in the current language."""
    fields = outcome.fields
    kind = outcome.kind
    if kind == "token":
        token = C.all_tokens[fields["token"]]
        return _("{name} for the business board").format(name=token_subject(token.name))
    if kind == "collector":
        return _("{collector} on a pond").format(collector=collector_subject(C.fruit_names[fields["fruit"]]))
    if kind == "ship":
        ship = C.ships[fields["ship"]]
        if ship.back == "orange":
            return _("ship {ship} (orange back) on a beach").format(ship=ship.id)
        return _("ship {ship} (green back) on a beach").format(ship=ship.id)
    if kind == "first":
        return _("seat {number} goes first").format(number=fields["seat"] + 1)
    if kind == "statue":
        return _("statue tile {tile} on Mystic Island").format(tile=fields["tile"])
    if kind == "boulder":
        return _("boulder {boulder} on a corner").format(boulder=BOULDERS[fields["boulder"]].id)
    ship = C.ships[fields["ship"]]
    return _("Pineapple's boat {boat} (value {value}, wait {wait})").format(
        boat=ship.id, value=ship.solo_value, wait=ship.solo_wait
    )


def setup_events(state: JuicyFruitsState) -> list[Event]:
    """What the finished setup tells everyone: the first player, the statues, the boulders."""
    n = state.num_players
    events = [Event("setup", None, {"first_player": state.first, "players": n, "license": state.license})]
    if state.mi:
        shown = {mystic.CELL_NAMES[c]: t for c, t in enumerate(state.statues) if t}
        events.append(Event("statues", None, {"statues": shown}))
    if state.bo:
        dealt = [BOULDERS[c].id for c in state.boulder_set]
        events.append(Event("boulders_dealt", state.first, {"boulders": dealt, "cells": list(CORNERS)}))
    return events
