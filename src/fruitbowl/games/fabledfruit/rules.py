"""Fabled Fruit (Friedemann Friese), base game, 2–5 players, per ``rules/fabled_fruit.md`` §1–2.

A turn: move your animal to another location stack (paying the thief and every animal already
there one fruit each), then either carry out that location's action or buy one of its cards
as a fabled juice; a purchase reveals the next card of the presorted big stack, which may open
a new stack. The first player to own the target number of juices ends the game at the end of
the round; most juices wins, then most fruits in hand.

A game of a fable campaign starts from the display the previous game left (options
``display``/``big_stack``, written by :mod:`.campaign`), so a record of any game replays from its
options alone.

Every decision is a small step on a queue (``steps``): decision steps name who decides and what
is legal; ``("call", name, arg)`` steps run a continuation from :data:`CALLS` (the turn
skeleton here, the location effects in :mod:`.locations`). Steps are plain tuples, so the state
clones and serialises cheaply. Cards are counted by kind (:mod:`.fruits`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.errors import FruitbowlError, InvalidOption
from fruitbowl.engine.events import Event
from fruitbowl.engine.game import Game, State
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.result import Result
from fruitbowl.engine.rng import copy_rng, rng_from_json, rng_to_json

from . import actions as A
from . import deck, market, observation, text
from .components import COMPONENTS as C
from .fruits import (
    ALL_TYPES,
    KIND_MASK,
    KIND_NAME,
    NUM_KINDS,
    NUM_TYPES,
    NUM_UNITS,
    TOKEN_UNIT,
    WILD_UNIT,
    can_extend,
    coverable,
    disjoint_pick,
    parse_price,
    price_needs,
)

ICONS = {loc: parse_price(c.price) for loc, c in C.locations.items()}
NEEDS = {loc: price_needs(icons) for loc, icons in ICONS.items()}
TYPE_LETTER = {code: t for t, code in enumerate(C.type_codes)}
#: Step kinds that the acting player decides (the others name the deciding seat in step[1]).
SEAT_STEPS = ("give", "discard", "put")
ENDED_BY = ("end_of_round", "immediate", "empty_display", "round_limit")


class FabledFruit(Game):
    id = "fabledfruit"
    title = "Fabled Fruit"
    min_players = 2
    max_players = 5
    rules_version = "1"
    option_specs = (
        OptionSpec(
            "first_player",
            int,
            0,
            "start player counted from 1; 0 = drawn at random (seeded) (§2.2.1)",
            minimum=0,
            maximum=5,
            seat=True,
        ),
        OptionSpec("immediate_end", bool, False, "end right after the purchase that reaches the target (§2.10)"),
        OptionSpec(
            "max_rounds", int, 200, "end and score the game after this many rounds (§2.10, R)", minimum=1, maximum=1000
        ),
        OptionSpec(
            "display",
            str,
            "",
            "campaign: the starting display as NUMBERxCOUNT pairs ('7x4 8x4 …'); empty = a new campaign",
        ),
        OptionSpec(
            "big_stack",
            int,
            deck.DECK_SIZE - C.first_display,
            "campaign: cards left in the big stack",
            minimum=0,
            maximum=deck.DECK_SIZE,
        ),
        OptionSpec("game_number", int, 1, "campaign: which game of the campaign this is", minimum=1, maximum=10_000),
    )

    def validate_options(
        self, options: Mapping[str, Any] | None = None, num_players: int | None = None
    ) -> dict[str, Any]:
        checked = super().validate_options(options, num_players)
        top = deck.DECK_SIZE - checked["big_stack"]
        try:
            if checked["display"]:
                deck.check_display(deck.parse_display(checked["display"]), top)
            elif top != C.first_display:
                raise ValueError(
                    f"a new campaign starts with {deck.DECK_SIZE - C.first_display} cards in the big stack"
                )
        except ValueError as exc:
            raise InvalidOption(f"option display/big_stack: {exc}") from None
        return checked

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> FabledFruitState:
        self.check_player_count(num_players)
        return FabledFruitState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> Any:
        return A.ACTION_TABLE

    def state_from_json(self, data: Mapping[str, Any]) -> FabledFruitState:
        return FabledFruitState.from_json(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        # A turn is at most: move, payments, act/buy, an effect (bounded by the 70 fruit cards it
        # can move), extra-turn choice; extra turns add at most 6 turns per round slot (2.9.3).
        return int(options.get("max_rounds", 200)) * num_players * 7 * 400

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        from .campaign import deep_campaign_options

        return [{}, {"immediate_end": True, "first_player": num_players}, deep_campaign_options(num_players)]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return text.describe_event(event, viewer, names)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        return text.action_label(view, action)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return text.prompt(view, names)

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return observation.observation_size(num_players)

    def observation(self, view: Mapping[str, Any]) -> list[float]:
        return observation.encode(view)


Step = tuple[Any, ...]


class FabledFruitState(State):
    __slots__ = (
        "_legal",
        "active",
        "aux",
        "buf",
        "buf_private",
        "count",
        "counts",
        "discard",
        "double",
        "double_pool",
        "draw",
        "end_triggered",
        "ended_by",
        "fresh",
        "ftok",
        "game",
        "hands",
        "juices",
        "last",
        "market",
        "mask",
        "named",
        "num_players",
        "options",
        "over",
        "paying",
        "peek",
        "pos",
        "rng",
        "round",
        "setup_events",
        "stacks",
        "start",
        "steps",
        "supply",
        "table",
        "target",
        "thief",
        "top",
        "turns",
        "wild",
        "wild_pool",
    )
    game: FabledFruit
    rng: random.Random
    top: int  # big stack = deck.DECK[top:]
    stacks: list[int]  # display order
    counts: list[int]  # cards per location id
    pos: list[int]  # location id per seat, 0 = off the display
    thief: int  # -1 not in play, 0 next to no stack, else a location id
    hands: list[list[int]]
    draw: list[int]  # kinds, top last
    discard: list[int]
    market: list[int] | None
    supply: list[int] | None  # fruit-mix supply (counts by kind)
    ftok: list[int] | None  # fruit token owners by type: -1 pool, else seat
    wild: list[int] | None
    wild_pool: int
    double: list[int] | None
    double_pool: int
    fresh: list[int]  # double turn tokens taken during the current turn
    juices: list[list[int]]
    start: int
    active: int
    round: int
    turns: int
    end_triggered: bool
    over: bool
    ended_by: str
    steps: list[Step]
    target: int
    named: int
    last: int
    count: int
    mask: int
    buf: list[int]
    buf_private: bool
    aux: list[int]
    peek: int
    paying: list[int]
    setup_events: list[Event]
    _legal: list[int] | None

    # ------------------------------------------------------------------ setup and copying

    @classmethod
    def setup(cls, game: FabledFruit, n: int, seed: int, options: dict[str, Any]) -> FabledFruitState:
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, A.ACTION_TABLE
        s.rng = random.Random(seed)
        if options["display"]:
            entries = deck.parse_display(options["display"])
            s.stacks = [loc for loc, _ in entries]
            s.counts = [0] * (deck.MAX_ID + 1)
            for loc, count in entries:
                s.counts[loc] = count
            s.top = deck.DECK_SIZE - options["big_stack"]
        else:
            s.stacks, s.counts, s.top = deck.first_display()
        s.pos = [0] * n
        s.thief = -1
        s.hands = [[0] * NUM_KINDS for _ in range(n)]
        s.draw = [t for t in range(NUM_TYPES) for _ in range(C.per_type)]
        s.rng.shuffle(s.draw)
        s.discard = [0] * NUM_KINDS
        s.market = s.supply = s.ftok = s.wild = s.double = None
        s.wild_pool = s.double_pool = 0
        s.fresh = [0] * n
        s.juices = [[] for _ in range(n)]
        s.round = s.turns = 0
        s.end_triggered = s.over = False
        s.ended_by = ""
        s.steps = []
        s._reset_registers()
        s._legal = None
        first = options["first_player"]
        s.start = first - 1 if first else s.rng.randrange(n)
        events = [
            Event(
                "setup",
                None,
                {
                    "start_player": s.start,
                    "players": n,
                    "game_number": options["game_number"],
                    "display": [[loc, s.counts[loc]] for loc in s.stacks],
                },
            )
        ]
        for seat in range(n):
            market.draw(s, seat, 2, events, "setup")
        for loc in list(s.stacks):
            s.enter_play(loc, events)
        s.active = s.start
        s._start_turn(s.start, False, events)
        s.setup_events = events
        return s

    def _reset_registers(self) -> None:
        self.target = self.named = self.last = self.peek = -1
        self.count = self.mask = 0
        self.buf, self.aux, self.paying = [], [], []
        self.buf_private = False

    def clone(self) -> FabledFruitState:
        c = FabledFruitState.__new__(FabledFruitState)
        c.game, c.num_players, c.options, c.table = self.game, self.num_players, self.options, self.table
        c.rng = copy_rng(self.rng)
        c.top = self.top
        c.stacks = self.stacks[:]
        c.counts = self.counts[:]
        c.pos = self.pos[:]
        c.thief = self.thief
        c.hands = [h[:] for h in self.hands]
        c.draw = self.draw[:]
        c.discard = self.discard[:]
        c.market = None if self.market is None else self.market[:]
        c.supply = None if self.supply is None else self.supply[:]
        c.ftok = None if self.ftok is None else self.ftok[:]
        c.wild = None if self.wild is None else self.wild[:]
        c.double = None if self.double is None else self.double[:]
        c.wild_pool, c.double_pool = self.wild_pool, self.double_pool
        c.fresh = self.fresh[:]
        c.juices = [j[:] for j in self.juices]
        c.start, c.active, c.round, c.turns = self.start, self.active, self.round, self.turns
        c.end_triggered, c.over, c.ended_by = self.end_triggered, self.over, self.ended_by
        c.steps = self.steps[:]
        c.target, c.named, c.last, c.count, c.mask = self.target, self.named, self.last, self.count, self.mask
        c.buf, c.aux, c.paying = self.buf[:], self.aux[:], self.paying[:]
        c.buf_private, c.peek = self.buf_private, self.peek
        c.setup_events = []
        c._legal = self._legal
        return c

    _JSON_FIELDS = (
        "top", "stacks", "counts", "pos", "thief", "hands", "draw", "discard", "market", "supply", "ftok",
        "wild", "wild_pool", "double", "double_pool", "fresh", "juices", "start", "active", "round", "turns",
        "end_triggered", "over", "ended_by", "target", "named", "last", "count", "mask", "buf", "buf_private",
        "aux", "peek", "paying",
    )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game.id, "num_players": self.num_players, "options": dict(self.options)}
        for name in self._JSON_FIELDS:
            data[name] = _copy(getattr(self, name))
        data["steps"] = _copy(self.steps)
        data["rng"] = rng_to_json(self.rng)
        return data

    @classmethod
    def from_json(cls, game: FabledFruit, data: Mapping[str, Any]) -> FabledFruitState:
        s = cls.__new__(cls)
        try:
            n = data["num_players"]
            game.check_player_count(n)
            s.game, s.num_players, s.table = game, n, A.ACTION_TABLE
            s.options = game.validate_options(data["options"], n)
            for name in cls._JSON_FIELDS:
                setattr(s, name, _copy(data[name]))
            s.steps = [tuple(step) for step in data["steps"]]
            s.rng = rng_from_json(data["rng"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FruitbowlError(f"not a saved Fabled Fruit state: {exc}") from None
        s.setup_events = []
        s._legal = None
        return s

    def determinize(self, seat: int, rng: random.Random) -> FabledFruitState:
        """Resample what ``seat`` cannot see: other hands, the draw stack, privately revealed cards.

        The pool is sorted before shuffling, so the sample depends only on ``seat``'s view and rng.
        """
        d = self.clone()
        d.rng = random.Random(rng.getrandbits(64))
        if d.over:  # every hand is shown at the end; only the draw stack's order is unknown
            d.draw.sort()
            return d
        hidden_hands = [p for p in range(d.num_players) if p != seat and not (seat == d.active and p == d.peek >= 0)]
        pool: list[int] = list(d.draw)
        for p in hidden_hands:
            hand = d.hands[p]
            pool += [k for k in range(NUM_KINDS) for _ in range(hand[k])]
        private_buf = d.buf_private and seat != d.active
        if private_buf:
            pool += d.buf
        pool.sort()
        rng.shuffle(pool)
        for p in hidden_hands:
            size = sum(d.hands[p])
            hand = [0] * NUM_KINDS
            for k in pool[:size]:
                hand[k] += 1
            d.hands[p] = hand
            del pool[:size]
        if private_buf:
            size = len(d.buf)
            d.buf = sorted(pool[:size])
            del pool[:size]
        d.draw = pool
        d._legal = None
        return d

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int:
        if self.over:
            return -1
        step = self.steps[0]
        return step[1] if step[0] in SEAT_STEPS else self.active

    def is_terminal(self) -> bool:
        return self.over

    def _legal_codes(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over else self._compute_legal(self.steps[0])
        return legal

    def _why_illegal(self, action: Action) -> str:
        return text.why_illegal(self, action)

    def _apply_code(self, code: int) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        step = self.steps.pop(0)
        HANDLERS[step[0]](self, step, code, events)
        self._run(events)
        return events

    # ------------------------------------------------------------------ legal actions per step

    def _compute_legal(self, step: Step) -> list[int]:
        kind = step[0]
        p = self.active
        if kind == "move":
            here = self.pos[p]
            return sorted(A.MOVE + loc - 1 for loc in self.stacks if loc != here)
        if kind == "actbuy":
            return [A.ACT, A.BUY] if self.can_buy(p, self.pos[p]) else [A.ACT]
        if kind == "pay":
            return self._pay_options(p)
        if kind == "extra":
            return [A.EXTRA, A.END_TURN]
        if kind == "tpay":
            return [A.PUT + k for k in range(NUM_KINDS) if self.hands[p][k]]
        if kind == "opay":
            hand = self.hands[p]
            codes = [A.GIVE + k for k in range(NUM_KINDS) if hand[k]]
            if sum(hand) < len(step) - 1:
                codes.append(A.SKIP)
            return codes
        if kind == "player":
            return [A.PLAYER + seat for seat in sorted(step[1])]
        if kind == "name":
            return [A.NAME + t for t in self.name_options(step[1])]
        if kind == "choose":
            return sorted(step[1:])
        if kind == "thief":
            return sorted(A.THIEF + loc - 1 for loc in self.stacks if loc != self.thief)
        if kind == "give":
            codes = self._card_options(self.hands[step[1]], step[1], step[3], A.GIVE)
            optional = step[4]
        elif kind in ("discard", "put"):
            codes = self._card_options(self.hands[step[1]], step[1], step[2], A.DISCARD if kind == "discard" else A.PUT)
            optional = step[3]
        else:  # take
            codes = self._card_options(self.zone(step[1]), p, step[2], A.TAKE)
            optional = step[3]
        if optional:
            codes.append(A.DONE)
        return codes

    def _card_options(self, source: Sequence[int], seat: int, filt: str, base: int) -> list[int]:
        held = [k for k in range(NUM_KINDS) if source[k]]
        if filt:
            fitting = [k for k in held if card_filter(self, seat, source, filt, k)]
            held = fitting or held  # only in a determinized sample can nothing fit; stay playable
        return [base + k for k in held]

    def _pay_options(self, p: int) -> list[int]:
        icons = ICONS[self.pos[p]]
        held = self.units(p)
        chosen = self.paying
        low = chosen[-1] if chosen else 0
        codes = [A.PAY + u for u in range(low, NUM_UNITS) if held[u] and can_extend(icons, held, chosen, u)]
        if not codes:  # a determinized sample may hold other cards than the truth; pay with anything
            codes = [A.PAY + u for u in range(NUM_UNITS) if held[u] > chosen.count(u)]
        return codes

    def name_options(self, filt: str) -> list[int]:
        p = self.active
        if filt == "market" and self.market is not None:
            present = 0
            for k in range(NUM_KINDS):
                if self.market[k]:
                    present |= KIND_MASK[k]
            return [t for t in range(NUM_TYPES) if present >> t & 1] or list(range(NUM_TYPES))
        if filt == "token" and self.ftok is not None:
            fitting = [t for t in range(NUM_TYPES) if self.ftok[t] != p and self.holds(p, t)]
            return fitting or [t for t in range(NUM_TYPES) if self.ftok[t] != p] or list(range(NUM_TYPES))
        return list(range(NUM_TYPES))

    # ------------------------------------------------------------------ running the queue

    def _run(self, events: list[Event]) -> None:
        while not self.over:
            step = self.steps[0]
            kind = step[0]
            if kind == "call":
                self.steps.pop(0)
                CALLS[step[1]](self, step[2] if len(step) > 2 else None, events)
            elif self._moot(step):
                self.steps.pop(0)
            else:
                return

    def _moot(self, step: Step) -> bool:
        """A decision with nothing to decide: a giver with an empty hand, an empty zone."""
        kind = step[0]
        if kind in SEAT_STEPS:
            return not any(self.hands[step[1]])
        if kind == "take":
            return not any(self.zone(step[1]))
        if kind in ("tpay", "opay"):
            return not any(self.hands[self.active])
        if kind == "move":
            return not any(loc != self.pos[self.active] for loc in self.stacks)
        if kind == "thief":
            return not any(loc != self.thief for loc in self.stacks)
        return False

    def push(self, *steps: Step) -> None:
        """Put steps at the front of the queue, in the given order."""
        self.steps[0:0] = steps

    # ------------------------------------------------------------------ turn structure

    def _start_turn(self, p: int, extra: bool, events: list[Event]) -> None:
        if not extra and p == self.start:
            self.round += 1
        self.active = p
        self.turns += 1
        self.fresh[p] = 0
        self._reset_registers()
        events.append(Event("turn", p, {"round": self.round, "extra": extra}))
        self.steps = [("move",), ("call", "after_move"), ("actbuy",), ("call", "finish")]
        self._legal = None

    def next_turn(self, events: list[Event]) -> None:
        p = self.active
        if p == (self.start - 1) % self.num_players:
            if self.end_triggered:
                return self.game_over("end_of_round", events)
            if self.round >= self.options["max_rounds"]:
                return self.game_over("round_limit", events)
        self._start_turn((p + 1) % self.num_players, False, events)

    def game_over(self, why: str, events: list[Event]) -> None:
        self.over = True
        self.ended_by = why
        self.steps = []
        self._reset_registers()
        events.append(Event("game_over", None, {"ended_by": why}))

    def can_extra_turn(self, p: int) -> bool:
        return self.double is not None and self.double[p] - self.fresh[p] > 0

    # ------------------------------------------------------------------ buying

    def units(self, p: int) -> list[int]:
        """Payment units ``p`` holds: cards by kind, wild tokens, fruit tokens (§2.5.2)."""
        held = self.hands[p] + [0] * (NUM_UNITS - NUM_KINDS)
        if self.wild is not None:
            held[WILD_UNIT] = self.wild[p]
        if self.ftok is not None:
            for t in range(NUM_TYPES):
                if self.ftok[t] == p:
                    held[TOKEN_UNIT + t] = 1
        return held

    def can_buy(self, p: int, loc: int) -> bool:
        if loc <= 0 or self.counts[loc] <= 0:
            return False
        need, smoothies = NEEDS[loc]
        return coverable(need, smoothies, self.units(p))

    def finish_purchase(self, events: list[Event]) -> None:
        p, loc = self.active, self.pos[self.active]
        paid = []
        for u in self.paying:
            if u < NUM_KINDS:
                self.hands[p][u] -= 1
                self.discard[u] += 1
            elif u == WILD_UNIT and self.wild is not None:
                self.wild[p] -= 1
                self.wild_pool += 1
            paid.append(A.unit_name(u))
        self.paying = []
        self.counts[loc] -= 1
        self.juices[p].append(loc)
        events.append(Event("buy", p, {"location": loc, "paid": paid, "juices": len(self.juices[p])}))
        self.refill(events)
        if len(self.juices[p]) >= C.targets[self.num_players] and not self.end_triggered:
            self.end_triggered = True
            events.append(Event("end_triggered", p, {"juices": len(self.juices[p])}))
            if self.options["immediate_end"]:
                return self.game_over("immediate", events)
        if not self.stacks:
            self.game_over("empty_display", events)

    def refill(self, events: list[Event]) -> None:
        """§2.6: reveal the next card onto its slot or as a new stack, then drop empty slots."""
        if self.top < deck.DECK_SIZE:
            card = deck.DECK[self.top]
            self.top += 1
            new = card not in self.stacks
            if new:
                self.stacks.append(card)
            self.counts[card] += 1
            events.append(Event("refill", None, {"location": card, "new_stack": new}))
            if new:
                self.enter_play(card, events)
        for loc in [loc for loc in self.stacks if not self.counts[loc]]:
            self.stacks.remove(loc)
            off = [seat for seat in range(self.num_players) if self.pos[seat] == loc]
            for seat in off:
                self.pos[seat] = 0
            if self.thief == loc:
                self.thief = 0
            events.append(Event("stack_gone", None, {"location": loc, "animals_off": off}))

    def enter_play(self, loc: int, events: list[Event]) -> None:
        """A location entering play brings its components (§2.6 step 2, §2.2.2)."""
        info = C.locations[loc]
        what = info.introduces
        added = ""
        if what == "thief" and self.thief < 0:
            self.thief, added = 0, "thief"
        elif what == "fruit_tokens" and self.ftok is None:
            self.ftok, added = [-1] * NUM_TYPES, "fruit_tokens"
        elif what == "wild_double_tokens" and self.wild is None:
            self.wild, self.double = [0] * self.num_players, [0] * self.num_players
            self.wild_pool, self.double_pool = C.wild_tokens, C.double_tokens
            added = "wild_double_tokens"
        elif what == "fruit_mix" and self.supply is None:
            self.supply = [0] * NUM_TYPES + [1] * (NUM_KINDS - NUM_TYPES)
            added = "fruit_mix"
        if added:
            events.append(Event("component", None, {"location": loc, "component": added}))
        if info.market and self.market is None:
            events.append(Event("component", None, {"location": loc, "component": "market"}))
            market.create_market(self, events)

    # ------------------------------------------------------------------ helpers for effects

    def others(self, p: int) -> list[int]:
        """Other seats in seat order from ``p``'s left (§2.4.8)."""
        n = self.num_players
        return [(p + k) % n for k in range(1, n)]

    def hand_size(self, p: int) -> int:
        return sum(self.hands[p])

    def holds(self, p: int, t: int) -> bool:
        hand = self.hands[p]
        bit = 1 << t
        return any(hand[k] and KIND_MASK[k] & bit for k in range(NUM_KINDS))

    def count_type(self, p: int, t: int) -> int:
        hand = self.hands[p]
        bit = 1 << t
        return sum(hand[k] for k in range(NUM_KINDS) if KIND_MASK[k] & bit)

    def zone(self, name: str) -> list[int]:
        if name == "market":
            return self.market if self.market is not None else [0] * NUM_KINDS
        if name == "discard":
            return self.discard
        if name == "supply":
            return self.supply if self.supply is not None else [0] * NUM_KINDS
        if name == "hand":
            return self.hands[self.target]
        counts = [0] * NUM_KINDS  # "buf": the cards revealed by the current action
        for k in self.buf:
            counts[k] += 1
        return counts

    def random_card(self, p: int) -> int:
        hand = self.hands[p]
        total = sum(hand)
        if not total:
            return -1
        pick = self.rng.randrange(total)
        for k in range(NUM_KINDS):
            pick -= hand[k]
            if pick < 0:
                return k
        raise AssertionError("unreachable")

    def steal(self, taker: int, victim: int, events: list[Event], reason: str) -> int:
        card = self.random_card(victim)
        if card < 0:
            return -1
        self.hands[victim][card] -= 1
        self.hands[taker][card] += 1
        events.append(
            Event("steal", taker, {"from": victim, "reason": reason}, {"fruit": KIND_NAME[card]}, taker, True)
        )
        return card

    def draw_cards(self, p: int, n: int, events: list[Event], reason: str = "") -> int:
        return market.draw(self, p, n, events, reason)

    def fallback(self, loc: int, events: list[Event]) -> None:
        """The signpost: the requirement cannot be met, so only draw 1 fruit (§2.4.4)."""
        events.append(Event("signpost", self.active, {"location": loc}))
        market.draw(self, self.active, 1, events, "signpost")

    # ------------------------------------------------------------------ results and views

    def result(self) -> Result:
        if not self.over:
            raise FruitbowlError("the game is not over yet")
        return self.standings()

    def standings(self) -> Result:
        n = self.num_players
        breakdown = [{"juices": len(self.juices[p])} for p in range(n)]
        return Result.ranked(
            ("juices",),
            breakdown,
            ("fruits in hand",),
            [(self.hand_size(p),) for p in range(n)],
            truncated=self.ended_by == "round_limit",
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return text.build_view(self, seat)


# ---------------------------------------------------------------------- card filters


def card_filter(s: FabledFruitState, seat: int, source: Sequence[int], filt: str, k: int) -> bool:
    """Whether card kind ``k`` fits a step's filter: a type letter, or a named rule."""
    mask = KIND_MASK[k]
    t = TYPE_LETTER.get(filt)
    if t is not None:
        return bool(mask >> t & 1)
    if filt == "mask":  # shares a type with the card(s) chosen before (#30, #39)
        return bool(mask & s.mask)
    if filt == "nomask":  # no type in common with the cards chosen before (#57)
        return not mask & s.mask
    if filt == "pairable":  # has a partner in hand sharing a type (#30)
        return source[k] > 1 or any(source[j] and j != k and KIND_MASK[j] & mask for j in range(NUM_KINDS))
    if filt == "diff2":  # can start two cards of different types (#57)
        return any(source[j] and not KIND_MASK[j] & mask for j in range(NUM_KINDS))
    if filt == "diff3":  # keeps three pairwise different cards possible (#47)
        if mask & s.mask:
            return False
        rest = list(source)
        rest[k] -= 1
        return disjoint_pick(rest, s.mask | mask, 2 - s.count)
    raise ValueError(f"unknown card filter {filt!r}")


# ---------------------------------------------------------------------- decision handlers


def _h_move(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    p = s.active
    loc = code - A.MOVE + 1
    events.append(Event("move", p, {"location": loc, "from": s.pos[p]}))
    s.pos[p] = loc


def _h_tpay(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    card = code - A.PUT
    s.hands[s.active][card] -= 1
    where = market.to_market(s, card)
    events.append(Event("thief_pay", s.active, {"fruit": KIND_NAME[card], "to": where}))


def _h_opay(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    p, to, rest = s.active, step[1], step[2:]
    if code == A.SKIP:
        events.append(Event("unpaid", p, {"to": to}))
    else:
        card = code - A.GIVE
        s.hands[p][card] -= 1
        s.hands[to][card] += 1
        events.append(Event("give", p, {"to": to, "reason": "movement"}, {"fruit": KIND_NAME[card]}, to))
    if rest:
        s.push(("opay", *rest))


def _h_actbuy(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    from .locations import EFFECTS

    loc = s.pos[s.active]
    if code == A.BUY:
        events.append(Event("declare_buy", s.active, {"location": loc}))
        s.paying = []
        s.push(("pay",), ("call", "bought"))
        return
    events.append(Event("act", s.active, {"location": loc}))
    EFFECTS[loc](s, events)


def _h_pay(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    s.paying.append(code - A.PAY)
    if len(s.paying) < len(ICONS[s.pos[s.active]]):
        s.push(("pay",))


def _h_extra(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    p = s.active
    if code == A.EXTRA and s.double is not None:
        s.double[p] -= 1
        s.double_pool += 1
        events.append(Event("extra_turn", p))
        s._start_turn(p, True, events)
    else:
        s.next_turn(events)


def _h_player(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    s.target = code - A.PLAYER
    events.append(Event("target", s.active, {"player": s.target}))


def _h_name(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    s.named = code - A.NAME
    events.append(Event("name", s.active, {"fruit": C.type_names[s.named]}))


def _h_choose(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    s.last = code


def _h_thief(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    s.thief = code - A.THIEF + 1
    events.append(Event("thief", s.active, {"location": s.thief}))


def _h_give(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    giver, receiver = step[1], step[2]
    if code == A.DONE:
        s.last = -1
        return
    card = code - A.GIVE
    s.last = card
    s.hands[giver][card] -= 1
    s.hands[receiver][card] += 1
    secret = {"fruit": KIND_NAME[card]}
    events.append(Event("give", giver, {"to": receiver, "reason": "action"}, secret, receiver))


def _h_discard(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    seat = step[1]
    if code == A.DONE:
        s.last = -1
        return
    card = code - A.DISCARD
    s.last = card
    s.mask |= KIND_MASK[card]
    s.hands[seat][card] -= 1
    s.discard[card] += 1
    events.append(Event("discard", seat, {"fruit": KIND_NAME[card]}))


def _h_put(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    seat, dest = step[1], step[4]
    if code == A.DONE:
        s.last = -1
        return
    card = code - A.PUT
    s.last = card
    s.mask |= KIND_MASK[card]
    s.hands[seat][card] -= 1
    if dest == "aux":  # a market swap: the given fruits join the market after the takes (§2.7)
        s.aux.append(card)
        where = "market"
    else:
        where = market.to_market(s, card)
    events.append(Event("put", seat, {"fruit": KIND_NAME[card], "to": where}))


def _h_take(s: FabledFruitState, step: Step, code: int, events: list[Event]) -> None:
    zone = step[1]
    p = s.active
    if code == A.DONE:
        s.last = -1
        return
    card = code - A.TAKE
    s.last = card
    if zone == "buf":
        s.buf.remove(card)
    elif zone == "hand":
        s.hands[s.target][card] -= 1
    else:
        s.zone(zone)[card] -= 1
    s.hands[p][card] += 1
    if zone == "hand" or (zone == "buf" and s.buf_private):
        owner = p if zone == "buf" else s.target
        events.append(Event("take", p, {"from": zone, "victim": s.target}, {"fruit": KIND_NAME[card]}, owner))
    else:
        events.append(Event("take", p, {"from": zone, "fruit": KIND_NAME[card]}))


HANDLERS: dict[str, Callable[[FabledFruitState, Step, int, list[Event]], None]] = {
    "move": _h_move,
    "tpay": _h_tpay,
    "opay": _h_opay,
    "actbuy": _h_actbuy,
    "pay": _h_pay,
    "extra": _h_extra,
    "player": _h_player,
    "name": _h_name,
    "choose": _h_choose,
    "thief": _h_thief,
    "give": _h_give,
    "discard": _h_discard,
    "put": _h_put,
    "take": _h_take,
}


# ---------------------------------------------------------------------- turn continuations


def _c_after_move(s: FabledFruitState, arg: Any, events: list[Event]) -> None:
    """§2.3 step 2: the thief's fruit first, then one fruit per animal already there."""
    p = s.active
    dest = s.pos[p]
    occupants = tuple(seat for seat in s.others(p) if s.pos[seat] == dest and dest)
    pay: list[Step] = []
    if s.thief > 0 and s.thief == dest:
        pay.append(("tpay",))
    if occupants:
        pay.append(("opay", *occupants))
    s.push(*pay)


def _c_bought(s: FabledFruitState, arg: Any, events: list[Event]) -> None:
    s.finish_purchase(events)


def _c_finish(s: FabledFruitState, arg: Any, events: list[Event]) -> None:
    if s.over:
        return
    s._reset_registers()
    if s.can_extra_turn(s.active):
        s.push(("extra",))
    else:
        s.next_turn(events)


def _c_draw(s: FabledFruitState, arg: Any, events: list[Event]) -> None:
    market.draw(s, s.active, int(arg), events)


CALLS: dict[str, Callable[[FabledFruitState, Any, list[Event]], None]] = {
    "after_move": _c_after_move,
    "bought": _c_bought,
    "finish": _c_finish,
    "draw": _c_draw,
}


def _copy(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


def register_calls(calls: Mapping[str, Callable[[FabledFruitState, Any, list[Event]], None]]) -> None:
    """Locations add their continuations here (see :mod:`.locations`)."""
    for name in calls:
        if name in CALLS:
            raise ValueError(f"continuation {name!r} is defined twice")
    CALLS.update(calls)


__all__ = ["ALL_TYPES", "FabledFruit", "FabledFruitState"]
