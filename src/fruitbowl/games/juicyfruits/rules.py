"""Juicy Fruits (Christian Stöhr), 1–4 players: the base game per ``rules/juicy_fruits.md``.

Each player owns a 5×5 island: ships on the 12 beach spaces, five fruit collectors on the
ponds. A turn is step 1 (slide a collector, advanced collector or ice cream cart straight
across free spaces: fruit per space, or ice cream / milkshake markers), step 2 (supply one
ship, claim one business token and place it, or do nothing), then optionally the juice
factory. Every claim moves the license marker; when it reaches X the round is finished,
stalls are scored, and the most points wins (ties: later in turn order). Solo is against
Pineapple (:mod:`.solo`), who plays automatically after each of your turns.

The state is lean lists of ints (grid cells hold piece codes, see :mod:`.island`) so random
playouts stay fast; legal codes are cached per state. Mystic Island modules will hook in as
options: extra phases in ``_after_step1`` / ``_end_of_turn``, extra end scoring in
``_final_scoring`` and extra grid piece codes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.errors import FruitbowlError
from fruitbowl.engine.events import Event
from fruitbowl.engine.game import Game, State
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.result import House, Result
from fruitbowl.engine.rng import copy_rng, rng_from_json, rng_to_json

from . import actions as A
from . import business, juice, observation, solo, text
from .components import COMPONENTS as C
from .island import (
    BEACH_CELLS,
    BLOCK_CELLS,
    COLLECTOR,
    EMPTY,
    RAYS,
    SHIP,
    SLIDES,
    TOKEN,
    VENUE,
    has_free_block,
)
from .ships import DEMANDS, SHIP_POINTS, can_pay, fill_bags, new_island, pay

# Phases: which decision the current player faces.
MOVE, SPLIT, PRODUCE, ACTION, PLACE, BONUS, JUICE, OVER = range(8)
PHASE_NAMES = ("move", "split", "produce", "action", "place", "bonus", "juice", "over")
#: Score categories, in the order a results screen shows them.
CATEGORIES = ("ships", "businesses", "venues", "ice_cream", "juice", "stalls")
SHIPS, BUSINESSES, VENUES, ICE_CREAM, JUICE_PTS, STALLS = range(6)
PINEAPPLE_CATEGORIES = ("boats", "claims")

CATEGORY = business.CATEGORY
ADVANCED_SLOT = {t: slot for slot, t in enumerate(A.ADVANCED)}
MILKSHAKE = C.milkshake
NUM_FRUITS = len(C.fruit_codes)


class JuicyFruits(Game):
    id = "juicyfruits"
    title = "Juicy Fruits"
    min_players = 1
    max_players = 4
    rules_version = "1"
    option_specs = (
        OptionSpec("juice_factory", bool, False, "play the juicy side of the score board with the juice factory"),
        OptionSpec(
            "solo_board",
            int,
            1,
            "solo only: which of the 4 solo boards Pineapple uses (difficulty 1 = easiest)",
            minimum=1,
            maximum=C.solo_boards,
        ),
        OptionSpec(
            "random_first",
            bool,
            True,
            "draw the first player at random, seeded (REC-17); false: first_player starts; solo: always you",
        ),
        OptionSpec(
            "first_player",
            int,
            1,
            "with random_first=false, the seat that takes the first turn, counted from 1 as the table shows it",
            minimum=1,
            maximum=4,
            seat=True,
        ),
        OptionSpec(
            "forced_max_distance",
            bool,
            False,
            "a token moved in step 1 must slide as far as it can (AMB-17 variant)",
        ),
    )

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> JuicyFruitsState:
        self.check_player_count(num_players)
        return JuicyFruitsState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return A.ACTION_TABLE

    def state_from_json(self, data: Mapping[str, Any]) -> JuicyFruitsState:
        return JuicyFruitsState.from_json(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        """Turns are bounded by the license track and the safety valve (or Pineapple's bag);
        a turn is at most move, split/produce, step 2, place, bonus and 2 juice steps + stop."""
        per_turn = 8
        if num_players == 1:
            return per_turn * (len(C.ships) - 2 * C.ships_per_bag)
        rounds = (C.license_start[num_players] + 1) * C.quiet_rounds_limit + 1
        return per_turn * num_players * rounds

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return observation.observation_size(num_players)

    def observation(self, view: Mapping[str, Any]) -> list[float]:
        return observation.encode(view)

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        if num_players == 1:
            return [{"solo_board": 1}, {"juice_factory": True, "solo_board": 4, "forced_max_distance": True}]
        return [{}, {"juice_factory": True, "random_first": False, "first_player": num_players}]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return text.describe_event(event, viewer, names)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        return text.action_label(view, action)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return text.prompt(view, names)


class JuicyFruitsState(State):
    __slots__ = (
        "_legal",
        "bags",
        "board",
        "box",
        "end_reason",
        "end_triggered",
        "first",
        "game",
        "grid",
        "juice",
        "juice_steps",
        "license",
        "markers",
        "mobile",
        "moved",
        "num_players",
        "options",
        "owned",
        "parts",
        "pending",
        "phase",
        "pine_bag",
        "pine_claimed",
        "pine_drawn",
        "pine_parts",
        "player",
        "pool",
        "quiet_rounds",
        "reserve",
        "rng",
        "round",
        "round_claims",
        "setup_events",
        "supplied",
        "table",
        "turns",
    )
    game: JuicyFruits
    rng: random.Random
    grid: list[list[int]]  # [seat][cell] piece code or EMPTY (see island.py)
    mobile: list[list[int]]  # [seat] sorted cells holding a collector, advanced collector or cart
    reserve: list[list[int]]  # [seat][fruit]
    parts: list[list[int]]  # [seat][category] points, see CATEGORIES
    supplied: list[list[int]]  # [seat] supplied ship indices, in order
    owned: list[list[int]]  # [seat] claimed business token indices, in order
    markers: list[list[int]]  # [seat][kind] ice cream markers held; index MILKSHAKE = milkshakes
    juice: list[int]  # [seat] juice track position (0 = start, 10 = end)
    pool: list[int]  # markers left per kind (+ milkshakes last)
    board: list[int]  # business board waiting spaces, row-major 5×4: token index or EMPTY
    box: list[int]  # tokens returned to the box at setup (sorted)
    bags: list[list[int]]  # ships left in the orange and green bags (multiplayer; sorted)
    license: int  # claims left until the marker reaches X
    first: int
    player: int
    phase: int
    round: int
    turns: list[int]
    round_claims: int  # claims in the current round (for the safety valve)
    quiet_rounds: int  # consecutive full rounds without a claim
    end_triggered: bool
    end_reason: str
    moved: list[int]  # the step-1 move being resolved: [to cell, distance]
    pending: int  # the claimed token being placed / giving its bonus, or -1
    juice_steps: int
    pine_bag: list[int]  # Pineapple's bag (solo; sorted, drawn at a random index)
    pine_drawn: list[int]  # boats Pineapple has drawn, in order (public)
    pine_claimed: list[int]  # tokens Pineapple claimed (they left the game)
    pine_parts: list[int]  # Pineapple's boat points and claim points
    setup_events: list[Event]
    _legal: list[int] | None

    # ------------------------------------------------------------------ setup and copying

    @classmethod
    def setup(cls, game: JuicyFruits, n: int, seed: int, options: dict[str, Any]) -> JuicyFruitsState:
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, A.ACTION_TABLE
        s.rng = rng = random.Random(seed)
        s.board, s.box = business.new_board(n, rng)
        s.license = C.license_start[n]
        s.pool = [len(values) for values in C.ice_values]
        s.bags = fill_bags()
        s.grid = [new_island(s.bags, rng) for _ in range(n)]
        s.mobile = [sorted(c for c in range(len(g)) if COLLECTOR <= g[c] < TOKEN) for g in s.grid]
        s.reserve = [[0] * NUM_FRUITS for _ in range(n)]
        s.parts = [[0] * len(CATEGORIES) for _ in range(n)]
        s.supplied = [[] for _ in range(n)]
        s.owned = [[] for _ in range(n)]
        s.markers = [[0] * len(C.ice_values) for _ in range(n)]
        s.juice = [0] * n
        s.first = 0 if n == 1 else (rng.randrange(n) if options["random_first"] else options["first_player"] - 1)
        s.player, s.phase, s.round, s.turns = s.first, MOVE, 0, [0] * n
        s.round_claims = s.quiet_rounds = 0
        s.end_triggered, s.end_reason = False, ""
        s.moved, s.pending, s.juice_steps = [-1, 0], -1, 0
        s.pine_bag, s.pine_drawn, s.pine_claimed, s.pine_parts = [], [], [], [0, 0]
        s._legal = None
        events = [Event("setup", None, {"first_player": s.first, "players": n, "license": s.license})]
        if n == 1:
            s.pine_bag = sorted(s.bags[0] + s.bags[1])
            s.bags = [[], []]
            events += solo.pineapple_turn(s, rng, opening=True)
        s._start_turn(s.first, events)
        s.setup_events = events
        return s

    def clone(self) -> JuicyFruitsState:
        c = JuicyFruitsState.__new__(JuicyFruitsState)
        c.game, c.num_players, c.options, c.table = self.game, self.num_players, self.options, self.table
        c.rng = copy_rng(self.rng)
        c.grid = [g[:] for g in self.grid]
        c.mobile = [m[:] for m in self.mobile]
        c.reserve = [r[:] for r in self.reserve]
        c.parts = [p[:] for p in self.parts]
        c.supplied = [s[:] for s in self.supplied]
        c.owned = [o[:] for o in self.owned]
        c.markers = [m[:] for m in self.markers]
        c.juice = self.juice[:]
        c.pool = self.pool[:]
        c.board = self.board[:]
        c.box = self.box[:]
        c.bags = [b[:] for b in self.bags]
        c.license, c.first, c.player, c.phase = self.license, self.first, self.player, self.phase
        c.round, c.turns = self.round, self.turns[:]
        c.round_claims, c.quiet_rounds = self.round_claims, self.quiet_rounds
        c.end_triggered, c.end_reason = self.end_triggered, self.end_reason
        c.moved, c.pending, c.juice_steps = self.moved[:], self.pending, self.juice_steps
        c.pine_bag, c.pine_drawn = self.pine_bag[:], self.pine_drawn[:]
        c.pine_claimed, c.pine_parts = self.pine_claimed[:], self.pine_parts[:]
        c.setup_events = []
        c._legal = self._legal
        return c

    _JSON_FIELDS = (
        "grid",
        "mobile",
        "reserve",
        "parts",
        "supplied",
        "owned",
        "markers",
        "juice",
        "pool",
        "board",
        "box",
        "bags",
        "license",
        "first",
        "player",
        "phase",
        "round",
        "turns",
        "round_claims",
        "quiet_rounds",
        "end_triggered",
        "end_reason",
        "moved",
        "pending",
        "juice_steps",
        "pine_bag",
        "pine_drawn",
        "pine_claimed",
        "pine_parts",
    )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game.id, "num_players": self.num_players, "options": dict(self.options)}
        for name in self._JSON_FIELDS:
            data[name] = _copy(getattr(self, name))
        data["rng"] = rng_to_json(self.rng)
        return data

    @classmethod
    def from_json(cls, game: JuicyFruits, data: Mapping[str, Any]) -> JuicyFruitsState:
        s = cls.__new__(cls)
        try:
            n = data["num_players"]
            game.check_player_count(n)
            s.game, s.num_players, s.table = game, n, A.ACTION_TABLE
            s.options = game.validate_options(data["options"], n)
            for name in cls._JSON_FIELDS:
                setattr(s, name, _copy(data[name]))
            s.rng = rng_from_json(data["rng"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FruitbowlError(f"not a saved Juicy Fruits state: {exc}") from None
        s.setup_events = []
        s._legal = None
        return s

    def determinize(self, seat: int, rng: random.Random) -> JuicyFruitsState:
        """Bags and the box are sorted lists whose contents everyone can deduce, so the only
        secret is the generator: reseeding it resamples every future draw (Pineapple's boats)."""
        d = self.clone()
        d.rng = random.Random(rng.getrandbits(64))
        return d

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int:
        return -1 if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _legal_codes(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        phase, p = self.phase, self.player
        if phase == MOVE:
            return self._moves(p)
        if phase == ACTION:
            return self._step2(p)
        if phase == SPLIT:
            to, distance = self.moved
            slot = ADVANCED_SLOT[self.grid[p][to] - TOKEN]
            total = distance + 1
            return sorted(A.SPLIT_CODE[(slot, total, first)] for first in range(total + 1))
        if phase == PRODUCE:
            return [A.PRODUCE_CODE[pair] for pair in self._productions(p)]
        if phase == PLACE:
            grid = self.grid[p]
            if CATEGORY[self.pending] == business.PLACEHOLDER:
                return [
                    A.PLACE_BLOCK + b
                    for b, (w, x, y, z) in enumerate(BLOCK_CELLS)
                    if grid[w] < 0 and grid[x] < 0 and grid[y] < 0 and grid[z] < 0
                ]
            return [A.PLACE + cell for cell in range(len(grid)) if grid[cell] < 0]
        if phase == BONUS:
            return sorted(A.BONUS + f for f in C.tokens[self.pending].fruits)
        if phase == JUICE:
            can = juice.can_advance(self.juice[p], self.juice_steps, self.reserve[p])
            return [A.JUICE, A.STOP] if can else [A.STOP]
        return []

    def _moves(self, p: int) -> list[int]:
        grid = self.grid[p]
        codes: list[int] = []
        forced = self.options["forced_max_distance"]
        move_code = A.MOVE_CODE
        for cell in self.mobile[p]:
            rays, cell_codes = RAYS[cell], move_code[cell]
            for d in range(4):
                reach = 0
                for to in rays[d]:
                    if grid[to] >= 0:
                        break
                    reach += 1
                if reach:
                    if forced:
                        codes.append(cell_codes[d][reach - 1])
                    else:
                        codes.extend(cell_codes[d][:reach])
        return codes  # mobile cells are sorted and codes follow (cell, direction, distance)

    def _productions(self, p: int) -> list[tuple[int, int]]:
        to, distance = self.moved
        kind = C.tokens[self.grid[p][to] - TOKEN].kind
        most_ice, most_shakes = min(distance, self.pool[kind]), self.pool[MILKSHAKE]
        return sorted((k, m) for k in range(most_ice + 1) for m in range(min(distance - k, most_shakes) + 1))

    def _step2(self, p: int) -> list[int]:
        grid, reserve = self.grid[p], self.reserve[p]
        codes = [A.SUPPLY_CODE[cell] for cell in BEACH_CELLS if 0 <= grid[cell] < COLLECTOR]
        codes = [code for code in codes if can_pay(reserve, DEMANDS[grid[BEACH_CELLS[code - A.SUPPLY]] - SHIP])]
        affordable = [can_pay(reserve, cost) for cost in C.row_costs]
        if any(affordable):
            single = EMPTY in grid
            block: bool | None = None
            claims = []
            for space, token in enumerate(self.board):
                if token < 0 or not affordable[space // business.COLUMNS]:
                    continue
                if CATEGORY[token] == business.PLACEHOLDER:
                    if block is None:
                        block = has_free_block(grid)
                    if block:
                        claims.append(A.CLAIM + token)
                elif single:
                    claims.append(A.CLAIM + token)
            codes += sorted(claims)
        codes.append(A.PASS)
        return codes

    def _why_illegal(self, action: Action) -> str:
        return text.why_illegal(self, action)

    def _apply_code(self, code: int) -> list[Event]:
        self._legal = None
        p = self.player
        events: list[Event] = []
        if code < A.SPLIT:
            self._move(p, code, events)
        elif code < A.PRODUCE:
            self._split(p, code, events)
        elif code < A.SUPPLY:
            self._produce(p, code, events)
        elif code < A.CLAIM:
            self._supply(p, BEACH_CELLS[code - A.SUPPLY], events)
        elif code < A.PLACE:
            self._claim(p, code - A.CLAIM, events)
        elif code < A.BONUS:
            self._place(p, code, events)
        elif code < A.PASS:
            fruit = code - A.BONUS
            self.reserve[p][fruit] += 1
            events.append(Event("bonus", p, {"token": C.tokens[self.pending].id, "fruit": fruit}))
            self.pending = -1
            self._end_of_step2(events)
        elif code == A.PASS:
            events.append(Event("pass", p))
            self._end_of_step2(events)
        elif code == A.JUICE:
            self._juice(p, events)
        else:
            events.append(Event("stop", p, {"juice": self.juice[p]}))
            self._finish_turn(events)
        return events

    # ------------------------------------------------------------------ step 1

    def _move(self, p: int, code: int, events: list[Event]) -> None:
        start, _direction, distance, to = SLIDES[code - A.MOVE]
        grid = self.grid[p]
        piece = grid[start]
        grid[to], grid[start] = piece, EMPTY
        mobile = self.mobile[p]
        mobile.remove(start)
        mobile.append(to)
        mobile.sort()
        data: dict[str, Any] = {"from": start, "to": to, "distance": distance, "piece": piece}
        self.moved = [to, distance]
        if piece < TOKEN:
            fruit = piece - COLLECTOR
            self.reserve[p][fruit] += distance
            data["fruit"] = fruit
            events.append(Event("move", p, data))
            self._after_step1(events)
            return
        events.append(Event("move", p, data))
        token = piece - TOKEN
        if CATEGORY[token] == business.ADVANCED:
            self.phase = SPLIT
            return
        if self._productions(p) == [(0, 0)]:
            events.append(Event("produce", p, {"token": C.tokens[token].id, "ice_cream": [], "milkshake": []}))
            self._after_step1(events)
            return
        self.phase = PRODUCE

    def _split(self, p: int, code: int, events: list[Event]) -> None:
        to, distance = self.moved
        token = self.grid[p][to] - TOKEN
        first_type, second_type = C.tokens[token].fruits
        total = distance + 1
        first = A.ACTION_TABLE[code].fields["counts"][0]
        self.reserve[p][first_type] += first
        self.reserve[p][second_type] += total - first
        gained = [[first_type, first], [second_type, total - first]]
        events.append(Event("split", p, {"token": C.tokens[token].id, "gained": gained}))
        self._after_step1(events)

    def _produce(self, p: int, code: int, events: list[Event]) -> None:
        to, _distance = self.moved
        token = self.grid[p][to] - TOKEN
        fields = A.ACTION_TABLE[code].fields
        ice = self._take_markers(p, C.tokens[token].kind, fields["ice_cream"])
        shakes = self._take_markers(p, MILKSHAKE, fields["milkshake"])
        self.parts[p][ICE_CREAM] += sum(ice) + sum(shakes)
        events.append(Event("produce", p, {"token": C.tokens[token].id, "ice_cream": ice, "milkshake": shakes}))
        self._after_step1(events)

    def _take_markers(self, p: int, kind: int, count: int) -> list[int]:
        """The ``count`` best markers left of ``kind`` (§2.8: the best is always taken first)."""
        values = C.ice_values[kind]
        taken = []
        for _ in range(count):
            taken.append(values[len(values) - self.pool[kind]])
            self.pool[kind] -= 1
            self.markers[p][kind] += 1
        return taken

    def _after_step1(self, events: list[Event]) -> None:
        self.moved = [-1, 0]
        self.phase = ACTION

    # ------------------------------------------------------------------ step 2

    def _supply(self, p: int, cell: int, events: list[Event]) -> None:
        grid = self.grid[p]
        ship = grid[cell] - SHIP
        pay(self.reserve[p], DEMANDS[ship])
        grid[cell] = EMPTY
        self.supplied[p].append(ship)
        self.parts[p][SHIPS] += SHIP_POINTS[ship]
        events.append(Event("supply", p, {"cell": cell, "ship": C.ships[ship].id, "points": SHIP_POINTS[ship]}))
        self._end_of_step2(events)

    def _claim(self, p: int, token: int, events: list[Event]) -> None:
        space = self.board.index(token)
        row = space // business.COLUMNS
        pay(self.reserve[p], C.row_costs[row])
        self.board[space] = EMPTY
        self.parts[p][BUSINESSES] += C.row_points[row]
        data = {"token": C.tokens[token].id, "row": row + 1, "column": space % business.COLUMNS + 1}
        data["points"] = C.row_points[row]
        events.append(Event("claim", p, data))
        self.note_claim(events)
        self.owned[p].append(token)
        self.pending = token
        self.phase = PLACE

    def note_claim(self, events: list[Event]) -> None:
        """A claim (yours or Pineapple's) moves the license marker, ignored once it is on X."""
        self.round_claims += 1
        if self.license > 0:
            self.license -= 1
            if self.license == 0 and not self.end_triggered:
                self.end_triggered, self.end_reason = True, "license"
                events.append(Event("end_triggered", None, {"reason": "license"}))

    def _place(self, p: int, code: int, events: list[Event]) -> None:
        token = self.pending
        spec = C.tokens[token]
        grid = self.grid[p]
        if code >= A.PLACE_BLOCK:
            cells = list(BLOCK_CELLS[code - A.PLACE_BLOCK])
            for cell in cells:
                grid[cell] = VENUE + spec.venue
        else:
            cells = [code - A.PLACE]
            grid[cells[0]] = TOKEN + token
            if spec.mobile:
                self.mobile[p].append(cells[0])
                self.mobile[p].sort()
        points = spec.points if CATEGORY[token] in (business.PLACEHOLDER, business.SMALL_VENUE) else 0
        self.parts[p][VENUES] += points
        events.append(Event("place", p, {"token": spec.id, "cells": cells, "points": points}))
        if CATEGORY[token] == business.ADVANCED:
            self.phase = BONUS
            return
        self.pending = -1
        self._end_of_step2(events)

    # ------------------------------------------------------------------ end of turn

    def _end_of_step2(self, events: list[Event]) -> None:
        p = self.player
        if self.options["juice_factory"] and juice.can_advance(self.juice[p], 0, self.reserve[p]):
            self.phase, self.juice_steps = JUICE, 0
            return
        self._finish_turn(events)

    def _juice(self, p: int, events: list[Event]) -> None:
        space = self.juice[p]
        pay(self.reserve[p], C.juice_costs[space])
        self.juice[p] = space + 1
        self.parts[p][JUICE_PTS] += C.juice_points[space]
        self.juice_steps += 1
        events.append(Event("juice", p, {"space": space + 1, "points": C.juice_points[space]}))
        if not juice.can_advance(self.juice[p], self.juice_steps, self.reserve[p]):
            self._finish_turn(events)

    def _finish_turn(self, events: list[Event]) -> None:
        p = self.player
        self.turns[p] += 1
        self.juice_steps = 0
        n = self.num_players
        if n == 1:
            events += solo.pineapple_turn(self, self.rng, opening=False)
            if not self.pine_bag and not self.end_triggered:
                self.end_triggered, self.end_reason = True, "bag"
                events.append(Event("end_triggered", None, {"reason": "bag"}))
        if p != (self.first - 1) % n:
            self._start_turn((p + 1) % n, events)
            return
        # the round is complete
        self.quiet_rounds = 0 if self.round_claims else self.quiet_rounds + 1
        self.round_claims = 0
        if not self.end_triggered and self.quiet_rounds >= C.quiet_rounds_limit:
            self.end_triggered, self.end_reason = True, "stalemate"
            events.append(Event("end_triggered", None, {"reason": "stalemate"}))
        if self.end_triggered:
            self._final_scoring(events)
            return
        self._start_turn(self.first, events)

    def _start_turn(self, p: int, events: list[Event]) -> None:
        if p == self.first:
            self.round += 1
        self.player, self.phase = p, MOVE
        self._legal = None
        events.append(Event("turn", p, {"round": self.round}))
        if not self._moves(p):  # AMB-1: step 1 is skipped when nothing can move
            events.append(Event("no_move", p))
            self.phase = ACTION

    def _final_scoring(self, events: list[Event]) -> None:
        self.phase, self.player, self.pending = OVER, -1, -1
        for p in range(self.num_players):
            points = []
            for token in self.owned[p]:
                if CATEGORY[token] == business.STALL:
                    value = business.stall_points(
                        token, self.grid[p], self.owned[p], len(self.supplied[p]), sum(self.reserve[p])
                    )
                    points.append([C.tokens[token].id, value])
                    self.parts[p][STALLS] += value
            if points:
                events.append(Event("stalls", p, {"stalls": points}))
        events.append(Event("game_over", None, {"reason": self.end_reason}))
        self._legal = []

    # ------------------------------------------------------------------ scores and views

    def score(self, p: int) -> int:
        return sum(self.parts[p])

    def pineapple_score(self) -> int:
        return sum(self.pine_parts)

    def result(self) -> Result:
        if self.phase != OVER:
            raise FruitbowlError("the game is not over yet")
        return self.standings()

    def standings(self) -> Result:
        """The score as it stands (the final result once the game is over)."""
        n = self.num_players
        breakdown = [dict(zip(CATEGORIES, self.parts[p], strict=True)) for p in range(n)]
        order = [((p - self.first) % n,) for p in range(n)]
        base = Result.ranked(CATEGORIES, breakdown, ("later in turn order",), order)
        if n > 1:
            return base
        pine = dict(zip(PINEAPPLE_CATEGORIES, self.pine_parts, strict=True))
        # You win only with more points than Pineapple: a level score goes to her (§9.5).
        house = House("Pineapple", self.pineapple_score(), pine, wins_ties=True)
        return Result.ranked(CATEGORIES, breakdown, ("later in turn order",), order, house=house)

    def view(self, seat: int | None) -> dict[str, Any]:
        return text.build_view(self, seat)


def _copy(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value
