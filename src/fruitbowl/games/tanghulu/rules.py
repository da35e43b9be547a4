"""Tang Hu Lu (Francesco Testini), 2–4 players: the complete rules, per ``rules/tang_hu_lu.md``.

A turn is: roll the die (sugar: a drop and a garnish window for everyone; coin: a coin;
fruit: a random tile to place or return), then work for income or buy tiles from the store
(the k-th costs till + the money bags on the empty spaces), placing each from the bottom of a
stick. A completed stick pays for its pattern (haws wild). When a board is full the round is
finished, and stars (tiles, sweet cards, the Crystal Sugar King) decide; coins break ties.

The state is lean lists of ints so that random playouts stay fast; tiles and sweet cards are
indices into :data:`COMPONENTS`.

Chance is explicit (:mod:`fruitbowl.engine.chance`): every random event is a chance node the
state stops at, and nothing random is decided in advance. The events are, in the order they
come: the first player (option ``random_first``), each tile drawn to refill a store space, each
turn's die roll, the tile a fruit roll draws, and each sweet card a reward draws (which only
the drawer sees). The bag and the sweet deck are unordered piles (kept sorted): a draw says
which tile or card comes out, never a permutation.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from fruitbowl.engine import Observation
from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.errors import FruitbowlError
from fruitbowl.engine.events import Event
from fruitbowl.engine.fields import Field, Fields
from fruitbowl.engine.game import CHANCE, Game, State
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.result import Result
from fruitbowl.engine.wording import N_

from . import actions as A
from . import legality, observation, text
from .components import COMPONENTS as C
from .legality import ACTION, DIE_TILE, GARNISH, OVER, PATTERN, PHASE_NAMES, SHOP
from .patterns import PATTERN_NAMES, possible_patterns
from .view import TangHuLuView, build_view

__all__ = ["ACTION", "DIE_TILE", "GARNISH", "OVER", "PATTERN", "PHASE_NAMES", "SHOP", "TangHuLu", "TangHuLuState"]

STICKS, SPOTS, SPACES = C.sticks, C.spots, len(C.spaces)
MONEY_BAGS = tuple(C.money_bags)
TILE_FRUIT, TILE_STARS, HAW = C.tile_fruit, C.tile_stars, C.haw
#: Income per number of tiles on a stick: the coin icons its empty spots show.
STICK_INCOME = tuple(sum(C.coin_icons[n:]) for n in range(SPOTS + 1))

# What a chance node decides (the state's ``chance``; 0: no chance node).
NO_CHANCE, FIRST_DRAW, REFILL_DRAW, ROLL, DIE_DRAW, SWEET_DRAW = range(6)
# What follows a finished refill (the state's ``resume``).
RESUME_SETUP, RESUME_END_TURN = range(2)

#: The die's faces, each once (a face printed twice has twice the probability).
FACES = tuple(dict.fromkeys(C.die_faces))
FACE_PROBABILITY = tuple((code, C.die_faces.count(face) / len(C.die_faces)) for code, face in enumerate(FACES))
TILE_OUTCOME = len(FACES)
SWEET_OUTCOME = TILE_OUTCOME + C.num_tiles
SEAT_OUTCOME = SWEET_OUTCOME + len(C.sweet_stars)


def _chance_table() -> ActionTable:
    outcomes = [Action(code, f"die {face}", "die", {"face": face}) for code, face in enumerate(FACES)]
    outcomes += [Action(TILE_OUTCOME + t, f"tile {name}", "tile", {"tile": t}) for t, name in enumerate(C.tile_ids)]
    outcomes += [
        Action(SWEET_OUTCOME + c, f"card {C.sweet_id(c)}", "sweet", {"card": c}) for c in range(len(C.sweet_stars))
    ]
    outcomes += [Action(SEAT_OUTCOME + seat, f"first seat {seat + 1}", "first", {"seat": seat}) for seat in range(4)]
    return ActionTable(outcomes)


CHANCE_TABLE = _chance_table()


#: The multi_garnish option's help, with the garnish cost written out (a catalog's message is
#: literal): checked against the component data when the game loads.
MULTI_GARNISH_HELP = N_(
    "a variant: in a sugar window a player may garnish several finished sticks, 4 drops each, instead of one"
)
if C.garnish_cost != 4:
    raise FruitbowlError(f"data.toml: garnish_cost is {C.garnish_cost}; the multi_garnish option's help says 4 drops")


class TangHuLu(Game):
    id = "tanghulu"
    title = N_("Tang Hu Lu")
    min_players = 2
    max_players = 4
    #: 2: chance is explicit (every roll and draw is a chance node, and records list the outcomes).
    rules_version = "2"
    pre_chance_rules = ("1",)
    refusals = text.REFUSALS
    #: Per refusal key, the heading of the players' page (``how_to_play.md``) that states its rule.
    rule_anchors: ClassVar[Mapping[str, str]] = {
        "phase.die_tile": "the-fruit-tile-from-the-die",
        "place.no_die_tile": "the-fruit-tile-from-the-die",
        "phase.garnish_window": "when-you-may-garnish",
        "garnish.no_window": "when-you-may-garnish",
        "garnish.window_closed": "when-you-may-garnish",
        "garnish.once_per_window": "when-you-may-garnish",
        "garnish.too_few_drops": "what-garnishing-costs",
        "garnish.stick_incomplete": "what-garnishing-costs",
        "garnish.already_garnished": "what-garnishing-costs",
        "phase.pattern": "patterns-and-rewards",
        "pattern.none_waiting": "patterns-and-rewards",
        "pattern.not_possible": "patterns-and-rewards",
        "stick.full": "placing-a-tile",
        "work.already_buying": "one-action-work-or-shop",
        "stop.nothing_bought": "one-action-work-or-shop",
        "buy.too_dear": "the-price-of-a-tile",
        "buy.space_empty": "refilling-the-store",
    }
    view_type = TangHuLuView
    explicit_chance = True
    determinize_fits_history = True  # sweet cards: seen by their drawer only, kept until the end
    #: OpenSpiel needs a bound on a game's length: 30 rounds (games between random players end in
    #: about 10; a game cut there is scored as it stands and marked cut short).
    rl_defaults: ClassVar[Mapping[str, Any]] = {"round_limit": 30}
    option_specs = (
        OptionSpec(
            "first_player",
            int,
            1,
            N_(
                "the seat that plays first and holds the first-player marker, counted from 1 as the table shows seats "
                "(the rulebook gives the marker to the youngest player)"
            ),
            minimum=1,
            maximum=4,
            seat=True,
            label=N_("First player"),
        ),
        OptionSpec(
            "random_first",
            bool,
            False,
            N_("draw the first player at random instead of choosing the seat (a replay draws the same one)"),
            label=N_("Random first player"),
        ),
        OptionSpec(
            "round_limit",
            int,
            0,
            N_("end the game after this many rounds and score it as it stands, marked as cut short; 0 means no limit"),
            minimum=0,
            maximum=10_000,
            label=N_("Round limit"),
            internal=True,
        ),
        OptionSpec(
            "multi_garnish",
            bool,
            False,
            MULTI_GARNISH_HELP,
            label=N_("Several garnishes"),
        ),
    )

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> TangHuLuState:
        self.check_player_count(num_players)
        return TangHuLuState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> Any:
        return A.ACTION_TABLE

    def chance_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return CHANCE_TABLE

    def describe_outcome(self, outcome: Action, hidden: bool = False) -> str:
        return text.describe_outcome(outcome, hidden)

    def state_from_json(self, data: Mapping[str, Any]) -> TangHuLuState:
        return TangHuLuState.load(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        rounds = options.get("round_limit", 0)
        if not rounds:
            return None
        garnishes = STICKS if options.get("multi_garnish") else 1
        # die tile + garnish window + patterns + action + four buys + stop, per turn
        per_turn = 1 + num_players * (garnishes + 1) + STICKS + 1 + SPACES + 1
        return rounds * num_players * per_turn

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        return [
            {},
            {"first_player": num_players, "multi_garnish": True},
            {"random_first": True, "round_limit": 3},
        ]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return text.describe_event(event, viewer, names)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        return text.action_label(view, action)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return text.prompt(view, names)

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return observation.observation_size(num_players)

    def observation(self, state: State, seat: int) -> Observation:
        assert isinstance(state, TangHuLuState)
        return observation.encode(state, seat)


class TangHuLuState(State):
    FIELDS = Fields(
        Field("bag", 1),
        Field("store", 1),
        Field("coins", 1),
        Field("drops", 1),
        Field("hands", 2),
        Field("sticks", 3),
        Field("garnished", 2),
        Field("filled", 1),
        Field("stock"),
        Field("deck", 1),
        Field("phase"),
        Field("player"),
        Field("roller"),
        Field("first"),
        Field("die"),
        Field("die_tile"),
        Field("bought"),
        Field("pattern_stick"),
        Field("pattern_options", tuples=True),
        Field("after_pattern"),
        Field("window_garnished", 1),
        Field("turns", 1),
        Field("round"),
        Field("end_triggered"),
        Field("truncated"),
        Field("chance"),
        Field("resume"),
        Field("refilled", 2),
        Field("drawing", 1),
        Field("owed"),
        Field("reward_stick"),
        Field("reward_pattern"),
        Field("reward_drops"),
        Field("after_reward"),
        Field("_legal", saved=False, cache=True),  # (a clone shares it: the same position)
    )
    __slots__ = FIELDS.slots
    game: TangHuLu
    bag: list[int]  # tile ids in the bag, sorted (a pile: which tile comes out is drawn at a chance node)
    store: list[int]  # tile per store space, -1 when empty
    coins: list[int]
    drops: list[int]
    hands: list[list[int]]  # sweet card ids per seat, sorted (hidden from others)
    sticks: list[list[list[int]]]  # [seat][stick] tile ids, bottom first
    garnished: list[list[bool]]
    filled: list[int]  # tiles on each seat's board
    stock: int  # drops left in the supply
    deck: list[int]  # sweet cards not drawn yet, sorted (their order is not decided before a draw)
    phase: int
    player: int  # seat to act
    roller: int  # seat whose turn it is
    first: int  # holder of the first-player marker
    die: str  # this turn's die face ("" before the first roll or when over)
    die_tile: int  # the die's tile waiting to be placed, or -1
    bought: int  # purchases this turn
    pattern_stick: int
    pattern_options: tuple[int, ...]
    after_pattern: int
    window_garnished: list[bool]
    turns: list[int]
    round: int
    end_triggered: bool
    truncated: bool
    chance: int  # the random event this chance node decides (NO_CHANCE: a player acts)
    resume: int  # what follows the refill being drawn (RESUME_SETUP or RESUME_END_TURN)
    refilled: list[list[int]]  # [space, tile] drawn so far in this refill, told in one event at its end
    drawing: list[int]  # sweet cards drawn so far for the reward being drawn (the drawer's, secret)
    owed: int  # sweet cards still to draw for that reward
    reward_stick: int  # the reward being drawn: its stick, pattern, drops, and the phase after it
    reward_pattern: int
    reward_drops: int
    after_reward: int
    setup_events: list[Event]
    _legal: list[int] | None

    # ------------------------------------------------------------------ setup and copying

    @classmethod
    def setup(cls, game: TangHuLu, n: int, seed: int, options: dict[str, Any]) -> TangHuLuState:
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, A.ACTION_TABLE
        s.bag = list(range(C.num_tiles))
        s.store = [-1] * SPACES
        s.coins = [C.start_coins] * n
        s.drops = [C.start_drops] * n
        s.hands = [[] for _ in range(n)]
        s.sticks = [[[] for _ in range(STICKS)] for _ in range(n)]
        s.garnished = [[False] * STICKS for _ in range(n)]
        s.filled = [0] * n
        s.stock = C.drops - C.start_drops * n
        s.deck = list(range(len(C.sweet_stars)))
        s.first = 0 if options["random_first"] else options["first_player"] - 1
        s.phase, s.player, s.roller = ACTION, s.first, s.first
        s.die, s.die_tile, s.bought = "", -1, 0
        s.pattern_stick, s.pattern_options, s.after_pattern = -1, (), ACTION
        s.window_garnished = [False] * n
        s.turns = [0] * n
        s.round = 0
        s.end_triggered = s.truncated = False
        s.chance, s.resume, s.refilled = NO_CHANCE, RESUME_SETUP, []
        s.drawing, s.owed, s.reward_stick, s.reward_pattern, s.reward_drops, s.after_reward = [], 0, -1, -1, 0, ACTION
        s._legal = None
        events: list[Event] = []
        if options["random_first"]:
            s.chance = FIRST_DRAW  # the setup is told once the first player is drawn
        else:
            s._set_up(events)
        s.setup_events = events
        return s

    def _set_up(self, events: list[Event]) -> None:
        events.append(Event("setup", None, {"first_player": self.first, "players": self.num_players}))
        self._refill(RESUME_SETUP, events)

    def determinize(self, seat: int, rng: random.Random) -> TangHuLuState:
        """Resample what ``seat`` cannot know: other hands' sweet cards (and the cards another
        seat is drawing). The deck and the bag are piles whose next draw is not decided yet, so
        there is no order to resample."""
        d = self.clone()
        if not self.is_terminal():
            drawer = d.player if d.drawing and d.player != seat else -1
            pool = d.deck[:] + (d.drawing if drawer >= 0 else [])
            for other in range(d.num_players):
                if other != seat:
                    pool += d.hands[other]
            pool.sort()  # the sample depends only on what the seat knows and on rng, never on the truth
            rng.shuffle(pool)
            for other in range(d.num_players):
                if other != seat:
                    count = len(d.hands[other])
                    d.hands[other] = sorted(pool[:count])
                    del pool[:count]
            if drawer >= 0:
                count = len(d.drawing)
                d.drawing = pool[:count]
                del pool[:count]
            d.deck = sorted(pool)
        return d

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int:
        if self.chance:
            return CHANCE
        return -1 if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = self.chance
        if chance == ROLL:
            return list(FACE_PROBABILITY)
        if chance in (REFILL_DRAW, DIE_DRAW):
            each = 1.0 / len(self.bag)
            return [(TILE_OUTCOME + t, each) for t in self.bag]
        if chance == SWEET_DRAW:
            each = 1.0 / len(self.deck)
            return [(SWEET_OUTCOME + c, each) for c in self.deck]
        if chance == FIRST_DRAW:
            each = 1.0 / self.num_players
            return [(SEAT_OUTCOME + seat, each) for seat in range(self.num_players)]
        return []

    def sample_outcome(self, rng: random.Random) -> int:
        """The outcome a draw picks, with one ``rng.random()``: a uniform pile's item at
        ``floor(u × size)``, the die's face by its cumulative probability."""
        chance, u = self.chance, rng.random()
        if chance in (REFILL_DRAW, DIE_DRAW):
            bag = self.bag
            return TILE_OUTCOME + bag[int(u * len(bag))]
        if chance == ROLL:
            total = 0.0
            for code, probability in FACE_PROBABILITY:
                total += probability
                if u < total:
                    return code
            return FACE_PROBABILITY[-1][0]
        if chance == SWEET_DRAW:
            deck = self.deck
            return SWEET_OUTCOME + deck[int(u * len(deck))]
        return SEAT_OUTCOME + int(u * self.num_players)

    def _is_outcome(self, code: int) -> bool:
        chance = self.chance
        if chance == ROLL:
            return code < TILE_OUTCOME
        if chance in (REFILL_DRAW, DIE_DRAW):
            return TILE_OUTCOME <= code < SWEET_OUTCOME and code - TILE_OUTCOME in self.bag
        if chance == SWEET_DRAW:
            return SWEET_OUTCOME <= code < SEAT_OUTCOME and code - SWEET_OUTCOME in self.deck
        return chance == FIRST_DRAW and 0 <= code - SEAT_OUTCOME < self.num_players

    def chance_witnesses(self) -> tuple[int, ...] | None:
        return (self.player,) if self.chance == SWEET_DRAW else None  # a sweet card is drawn face down

    def _apply_chance(self, code: int) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        chance = self.chance
        if chance == ROLL:
            self._roll(FACES[code], events)
        elif chance == DIE_DRAW:
            self._die_tile(code - TILE_OUTCOME, events)
        elif chance == REFILL_DRAW:
            self._refilled(code - TILE_OUTCOME, events)
        elif chance == SWEET_DRAW:
            self._sweet_drawn(code - SWEET_OUTCOME, events)
        else:
            self.first = self.player = self.roller = code - SEAT_OUTCOME
            self.chance = NO_CHANCE
            self._set_up(events)
        return events

    def _legal_codes(self) -> list[int]:
        if self.chance:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = legality.legal_codes(self)
        return legal

    def _refusal(self, action: Action) -> str | None:
        return legality.refusal(self, action.kind, action.fields)

    def price(self) -> int:
        """Price of the next tile: the till plus the money bags on every empty space (AMB-16)."""
        store = self.store
        if -1 not in store:  # (a full store, as every turn starts: the till alone)
            return C.till
        price = C.till
        for bags, tile in zip(MONEY_BAGS, store, strict=True):
            if tile < 0:
                price += bags
        return price

    def _apply_code(self, code: int) -> list[Event]:
        self._legal = None
        p = self.player
        events: list[Event] = []
        if code < A.RETURN:
            self._place(p, code - A.PLACE, self.die_tile, events)
            self.die_tile = -1
            if self.phase != PATTERN:
                self.phase = ACTION
        elif code == A.RETURN:
            events.append(Event("return", p, {"tile": self.die_tile}))
            insort(self.bag, self.die_tile)
            self.die_tile = -1
            self.phase = ACTION
        elif code < A.PASS:
            self._garnish(p, code - A.GARNISH, events)
        elif code == A.PASS:
            events.append(Event("pass", p))
            self._next_in_window(events, after=p)
        elif code < A.WORK:
            self._reward(p, self.pattern_stick, code - A.PATTERN, self.after_pattern, events)
            self.pattern_stick, self.pattern_options = -1, ()
            self.phase = self.after_pattern
            if self.phase == SHOP and not self.chance:
                self._continue_shopping(events)
        elif code == A.WORK:
            income = self.income(p)
            gained = self._gain_coins(p, income)
            events.append(Event("work", p, {"income": income, "gained": gained}))
            self._end_turn(events)
        elif code < A.STOP:
            self._buy(p, (code - A.BUY) // STICKS, (code - A.BUY) % STICKS, events)
        else:
            events.append(Event("stop", p))
            self._end_shopping(events)
        return events

    # ------------------------------------------------------------------ turn structure

    def _start_turn(self, p: int, events: list[Event]) -> None:
        if p == self.first:
            self.round += 1
            events.append(Event("round", None, {"round": self.round}))  # said once, as the round begins
        self.player = self.roller = p
        self.bought = 0
        self.die = ""
        events.append(Event("turn", p, {"round": self.round}))
        self.phase = ACTION
        self.chance = ROLL

    def _roll(self, face: str, events: list[Event]) -> None:
        p = self.player
        self.die = face
        self.chance = NO_CHANCE
        events.append(Event("roll", p, {"face": face}, irreversible=True))
        if face == "coin":
            gained = self._gain_coins(p, 1)
            events.append(Event("coins", p, {"amount": 1, "gained": gained, "reason": "die"}))
        elif face == "sugar":
            gained = self._gain_drops(p, 1)
            events.append(Event("drops", p, {"amount": 1, "gained": gained, "reason": "die"}))
            self.window_garnished = [False] * self.num_players
            self._next_in_window(events, after=None)
        elif self.bag:
            self.chance = DIE_DRAW

    def _die_tile(self, tile: int, events: list[Event]) -> None:
        p = self.player
        self.chance = NO_CHANCE
        self.bag.remove(tile)
        events.append(Event("die_tile", p, {"tile": tile}, irreversible=True))
        if self.filled[p] < STICKS * SPOTS:
            self.die_tile = tile
            self.phase = DIE_TILE
        else:  # AMB-11: with no free spot the tile must go back (cannot happen in legal play)
            insort(self.bag, tile)
            events.append(Event("return", p, {"tile": tile, "forced": True}))

    def _next_in_window(self, events: list[Event], after: int | None) -> None:
        """Move the garnish window to the next seat (clockwise from the roller) able to garnish."""
        n, roller = self.num_players, self.roller
        start = 0 if after is None else (after - roller) % n + 1
        for offset in range(start, n):
            seat = (roller + offset) % n
            if legality.garnishable(self, seat):
                self.player, self.phase = seat, GARNISH
                return
        self.player, self.phase = roller, ACTION

    def _garnish(self, p: int, stick: int, events: list[Event]) -> None:
        self.drops[p] -= C.garnish_cost
        self.stock += C.garnish_cost
        self.garnished[p][stick] = True
        self.window_garnished[p] = True
        events.append(Event("garnish", p, {"stick": stick, "cost": C.garnish_cost, "stars": SPOTS * C.garnish_bonus}))
        if legality.garnishable(self, p):
            return  # multi_garnish: the same player may garnish again or pass
        self._next_in_window(events, after=p)

    def _buy(self, p: int, space: int, stick: int, events: list[Event]) -> None:
        price = self.price()
        tile = self.store[space]
        self.coins[p] -= price
        self.store[space] = -1
        self.bought += 1
        events.append(Event("buy", p, {"space": space, "tile": tile, "price": price, "stick": stick}))
        self.phase = SHOP
        self._place(p, stick, tile, events)
        if self.phase == SHOP and not self.chance:
            self._continue_shopping(events)

    def _continue_shopping(self, events: list[Event]) -> None:
        """Shopping ends by itself when no further purchase is possible (D5): when stopping is all that
        is left. Otherwise the legal actions just made are this position's."""
        legal = legality.legal_codes(self)
        if legal == [A.STOP]:
            self._end_shopping(events)
        else:
            self._legal = legal

    def _end_shopping(self, events: list[Event]) -> None:
        p = self.player
        if self.bought == 1:
            gained = self._gain_drops(p, 1)
            events.append(Event("drops", p, {"amount": 1, "gained": gained, "reason": "single purchase"}))
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        self._refill(RESUME_END_TURN, events)

    def _finish_turn(self, events: list[Event]) -> None:
        p = self.player
        self.turns[p] += 1
        last_seat = (self.first - 1) % self.num_players
        if p == last_seat:
            limit = self.options["round_limit"]
            if self.end_triggered or (limit and self.round >= limit):
                self.truncated = not self.end_triggered
                self.phase, self.die = OVER, ""
                events.append(Event("game_over", None, {"truncated": self.truncated}))
                return
        self._start_turn((p + 1) % self.num_players, events)

    def _refill(self, resume: int, events: list[Event]) -> None:
        """Refill the store's empty spaces from the bag, in space order, a draw each; then go on
        with ``resume``."""
        if -1 in self.store and self.bag:  # (a turn of work leaves the store full)
            self.chance, self.resume = REFILL_DRAW, resume
        else:
            self._resume(resume, events)

    def _refilled(self, tile: int, events: list[Event]) -> None:
        store = self.store
        space = store.index(-1)
        store[space] = tile
        self.bag.remove(tile)
        self.refilled.append([space, tile])
        if -1 in store and self.bag:
            return  # the next space's draw
        events.append(Event("refill", None, {"tiles": self.refilled}, irreversible=True))
        self.refilled = []
        self.chance = NO_CHANCE
        self._resume(self.resume, events)

    def _resume(self, resume: int, events: list[Event]) -> None:
        if resume == RESUME_SETUP:
            self._start_turn(self.first, events)
        else:
            self._finish_turn(events)

    # ------------------------------------------------------------------ placing and rewards

    def _place(self, p: int, stick: int, tile: int, events: list[Event]) -> None:
        line = self.sticks[p][stick]
        line.append(tile)
        self.filled[p] += 1
        events.append(Event("place", p, {"tile": tile, "stick": stick, "spot": len(line)}))
        if self.filled[p] == STICKS * SPOTS and not self.end_triggered:
            self.end_triggered = True
            events.append(Event("end_triggered", p))
        if len(line) < SPOTS:
            return
        options = possible_patterns([TILE_FRUIT[t] for t in line], HAW)
        events.append(Event("complete", p, {"stick": stick, "patterns": [PATTERN_NAMES[o] for o in options]}))
        if len(options) == 1:
            self._reward(p, stick, options[0], self.phase if self.phase == SHOP else ACTION, events)
        elif options:
            self.pattern_stick, self.pattern_options = stick, options
            self.after_pattern = self.phase if self.phase == SHOP else ACTION
            self.phase = PATTERN

    def _reward(self, p: int, stick: int, pattern: int, after: int, events: list[Event]) -> None:
        """Pay a stick's reward; sweet cards are drawn at chance nodes, after which play goes on
        in phase ``after`` (shopping goes on, or the turn's action comes)."""
        name = PATTERN_NAMES[pattern]
        if name == "all-different":
            gained = self._gain_coins(p, C.all_different_coins)
            reward = {"stick": stick, "pattern": name, "amount": C.all_different_coins, "coins": gained}
            events.append(Event("reward", p, reward))
            return
        cards = C.all_same_sweet_cards if name == "all-same" else C.two_pairs_sweet_cards
        drops = self._gain_drops(p, C.two_pairs_drops) if name == "two-pairs" else 0
        owed = min(cards, len(self.deck))
        if owed:
            self.chance, self.owed, self.drawing = SWEET_DRAW, owed, []
            self.reward_stick, self.reward_pattern, self.reward_drops, self.after_reward = stick, pattern, drops, after
            return
        self._rewarded(p, stick, name, [], drops, events)

    def _sweet_drawn(self, card: int, events: list[Event]) -> None:
        self.deck.remove(card)
        self.drawing.append(card)
        self.owed -= 1
        if self.owed:
            return  # the next card's draw
        p, drawn = self.player, self.drawing
        self.hands[p].extend(drawn)
        self.hands[p].sort()
        self.drawing, self.chance = [], NO_CHANCE
        self._rewarded(p, self.reward_stick, PATTERN_NAMES[self.reward_pattern], drawn, self.reward_drops, events)
        self.phase = self.after_reward
        if self.phase == SHOP:
            self._continue_shopping(events)

    def _rewarded(self, p: int, stick: int, name: str, drawn: list[int], drops: int, events: list[Event]) -> None:
        events.append(
            Event(
                "reward",
                p,
                {"stick": stick, "pattern": name, "sweet_cards": len(drawn), "drops": drops},
                secret={"cards": drawn, "card_stars": [C.sweet_stars[c] for c in drawn]},
                owner=p,
                irreversible=bool(drawn),
            )
        )

    def _gain_coins(self, p: int, amount: int) -> int:
        before = self.coins[p]
        self.coins[p] = min(C.coin_cap, before + amount)
        return self.coins[p] - before

    def _gain_drops(self, p: int, amount: int) -> int:
        gained = min(amount, self.stock)
        self.stock -= gained
        self.drops[p] += gained
        return gained

    # ------------------------------------------------------------------ what players see

    def income(self, p: int) -> int:
        """What working pays now: the coin icons the seat's sticks leave uncovered."""
        income = 0
        for stick in self.sticks[p]:
            income += STICK_INCOME[len(stick)]
        return income

    def tile_stars(self, p: int) -> int:
        bonus = C.garnish_bonus
        return sum(
            TILE_STARS[t] + (bonus if self.garnished[p][s] else 0)
            for s, stick in enumerate(self.sticks[p])
            for t in stick
        )

    def result(self) -> Result:
        if self.phase != OVER:
            raise FruitbowlError("the game is not over yet")
        return self.standings()

    #: The score's categories and tie-break as a results screen heads them ("Tiles", said with ``_()``).
    SCORE_WORDS = (N_("Tiles"), N_("Sweets"), N_("King"), N_("coins"))
    #: The plugin's ``score_unit`` ("star") counted, as ``GET /api/games`` says it in another language.
    SCORE_UNIT_COUNTED = N_("stars")

    def standings(self) -> Result:
        """The score as it stands (the final result once the game is over)."""
        n = self.num_players
        top = max(self.drops)
        king = [C.king_stars if self.drops[p] == top and self.drops.count(top) == 1 else 0 for p in range(n)]
        breakdown = [
            {
                "tiles": self.tile_stars(p),
                "sweets": sum(C.sweet_stars[c] for c in self.hands[p]),
                "king": king[p],
            }
            for p in range(n)
        ]
        return Result.ranked(
            ("tiles", "sweets", "king"),
            breakdown,
            ("coins",),
            [(self.coins[p],) for p in range(n)],
            truncated=self.truncated,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], build_view(self, seat))  # (a TangHuLuView, which clients read as JSON)


# Records of rules 1 (before chance was explicit) replay, and go on, with that engine's draws.
from .legacy import TangHuLuRules1Dealer  # noqa: E402  (it reads this module's chance constants)

TangHuLu.legacy_dealers = {"1": TangHuLuRules1Dealer}
