"""Fabled Fruit (Friedemann Friese), base game and Lime expansion, 2–5 players, per ``rules/fabled_fruit.md``.

A turn: move your animal to another location stack (paying the thief and every animal already
there one fruit each), then either carry out that location's action or buy one of its cards
as a fabled juice; a purchase reveals the next card of the presorted big stack, which may open
a new stack. The first player to own the target number of juices ends the game at the end of
the round; most juices wins, then most fruits in hand.

A game of a fable campaign starts from the display the previous game left (options
``display``/``big_stack``, written by :mod:`.campaign`), so a record of any game replays from its
options alone.

Chance is explicit (:mod:`fruitbowl.engine.chance`): every random event is a chance node, a
step of the queue that a dealer (or a search) resolves — ``("first",)`` the first player,
``("deal", count, seat, until, dest, reason)`` the fruits drawn one at a time from the draw
stack (which fruit: probability by count, the stack being an unordered pile until a card is
drawn; ``seat`` the only one who sees them, -1 for everyone), ``("steal", taker, victim,
reason)`` a random fruit from a hand, ``("pick", seat)`` one of #32's random fruits. The state
holds no random generator: a clone carries no future.

With option ``lime`` the game is one of a Lime campaign (§3): its own 98-card deck, the lime
pile, saved fruits, gambling tokens, the camouflage coat and the two-stack thief; the Lime
locations' effects live in :mod:`.lime_locations` and their shared pieces in :mod:`.lime`.

Every decision is a small step on a queue (``steps``): decision steps name who decides and what
is legal; ``("call", name, arg)`` steps run a continuation from :data:`CALLS` (the turn
skeleton here, the location effects in :mod:`.locations`). Steps are plain tuples, so the state
clones and serialises cheaply. Cards are counted by kind (:mod:`.fruits`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, cast

from fruitbowl.engine import Observation
from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.errors import FruitbowlError, InvalidOption
from fruitbowl.engine.events import Event
from fruitbowl.engine.fields import Field, Fields
from fruitbowl.engine.game import CHANCE, Game, State
from fruitbowl.engine.legality import GAME_OVER
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.result import Result
from fruitbowl.engine.wording import N_

from . import actions as A
from . import deck, legality, market, observation, text
from .components import COMPONENTS as C
from .fruits import (
    ALL_TYPES,
    KIND_MASK,
    KIND_NAME,
    NUM_KINDS,
    NUM_TYPES,
    NUM_UNITS,
    SAVED_UNIT,
    TOKEN_UNIT,
    WILD_UNIT,
)
from .fruits import LIME as LIME_KIND
from .legality import ICONS
from .view import FabledFruitView, build_view

#: Step kinds decided by the seat named in step[1] (all others by the active player).
SEAT_STEPS = ("give", "discard", "put", "offer", "limeask")
#: Step kinds that are chance nodes (see the module's docstring).
CHANCE_STEPS = frozenset({"deal", "steal", "pick", "first"})
_SEAT_KINDS = frozenset(SEAT_STEPS)  # (a set: current_player asks for every action and chance node)
ENDED_BY = ("end_of_round", "immediate", "empty_display", "round_limit", "action_limit")
#: The ends that cut a game short: it is scored as it stands and its result is marked truncated.
CUT_SHORT = frozenset({"round_limit", "action_limit"})


# The chance outcomes: a fruit from the draw stack, a fruit taken at random from a hand, the first seat.
CARD_OUTCOME = 0
HAND_OUTCOME = NUM_KINDS
SEAT_OUTCOME = 2 * NUM_KINDS
MAX_SEATS = 5


def _chance_table() -> ActionTable:
    outcomes = [Action(CARD_OUTCOME + k, f"card {KIND_NAME[k]}", "card", {"fruit": KIND_NAME[k], "card": k})
                for k in range(NUM_KINDS)]  # fmt: skip
    outcomes += [Action(HAND_OUTCOME + k, f"hand {KIND_NAME[k]}", "hand", {"fruit": KIND_NAME[k], "card": k})
                 for k in range(NUM_KINDS)]  # fmt: skip
    outcomes += [Action(SEAT_OUTCOME + s, f"first seat {s + 1}", "first", {"seat": s}) for s in range(MAX_SEATS)]
    return ActionTable(outcomes)


CHANCE_TABLE = _chance_table()


class FabledFruit(Game):
    id = "fabledfruit"
    title = N_("Fabled Fruit")
    min_players = 2
    max_players = 5
    #: 2: chance is explicit (every draw, random fruit and the first player are chance nodes, and
    #: records list the outcomes); rules 1 drew from a generator in the state (see :mod:`.legacy`).
    rules_version = "2"
    pre_chance_rules = ("1",)
    explicit_chance = True
    refusals = text.REFUSALS
    #: Each refusal's rule: the heading of ``how_to_play.md`` whose paragraph states it.
    rule_anchors: ClassVar[Mapping[str, str]] = {
        GAME_OVER: "the-end-of-the-game",
        "move.first": "move-your-animal",
        "move.must_move": "move-your-animal",
        "move.not_in_display": "move-your-animal",
        "movepay.first": "pay-for-moving",
        "movepay.not_held": "pay-for-moving",
        "movepay.skip": "pay-for-moving",
        "actbuy.already_moved": "act-or-buy",
        "actbuy.choose": "act-or-buy",
        "extra.choose": "an-extra-turn",
        "buy.no_card": "paying-the-price",
        "buy.too_dear": "paying-the-price",
        "pay.not_held": "paying-the-price",
        "pay.finish_first": "choosing-the-payment",
        "pay.order": "choosing-the-payment",
        "pay.cannot_cover": "choosing-the-payment",
        "player.choose": "choices-a-location-asks-for",
        "name.choose": "choices-a-location-asks-for",
        "name.not_in_game": "choices-a-location-asks-for",
        "choose.one_of": "choices-a-location-asks-for",
        "card.other_verb": "choices-a-location-asks-for",
        "card.not_optional": "choices-a-location-asks-for",
        "card.none": "choices-a-location-asks-for",
        "card.type": "fruits-a-location-asks-for",
        "card.rule": "fruits-a-location-asks-for",
        "name.not_in_market": "the-market",
        "thief.choose": "the-thief",
        "thief.not_in_display": "the-thief",
        "thief.must_move": "the-thief",
        "name.own_token": "fruit-tokens",
        "name.not_held": "fruit-tokens",
        # the Lime expansion
        "save.choose": "saving-fruits-6l",
        "save.not_held": "saving-fruits-6l",
        "offer.choose": "offers-for-limes-11l",
        "offer.not_held": "offers-for-limes-11l",
        "accept.choose": "offers-for-limes-11l",
        "accept.no_offer": "offers-for-limes-11l",
        "gamble.no_tokens": "gambling-12l",
        "return.choose": "trading-a-fabled-juice-13l",
        "return.not_owned": "trading-a-fabled-juice-13l",
        "return.no_trade": "trading-a-fabled-juice-13l",
        "juice.choose": "trading-a-fabled-juice-13l",
        "juice.not_in_display": "trading-a-fabled-juice-13l",
        "juice.returned": "trading-a-fabled-juice-13l",
        "limeask.choose": "limes-for-the-others-15l",
        "thief.twice": "the-thief-v20-17l",
        "buy.last_juice": "the-last-fabled-juice-20l",
        "juice.last_juice": "the-last-fabled-juice-20l",
    }
    view_type = FabledFruitView
    #: OpenSpiel needs a bound on a game's length, and no number of rounds gives a realistic one
    #: (see :meth:`max_actions`): learning environments cut a game at the end of the turn that
    #: reaches 1,000 actions (games between random players last 220-610), score it as it stands
    #: and mark it cut short.
    rl_defaults: ClassVar[Mapping[str, Any]] = {"action_limit": 1000}
    option_specs = (
        OptionSpec(
            "first_player",
            int,
            0,
            N_(
                "who takes the first turn: the seat chosen (counted from 1, as the table shows seats), "
                "or a player drawn at random (the default; 0 on the command line)"
            ),
            minimum=0,
            maximum=5,
            seat=True,
            label=N_("Start player"),
        ),
        OptionSpec(
            "immediate_end",
            bool,
            False,
            N_("end the game right after the purchase that reaches the juices needed, not at the end of the round"),
            label=N_("End at once"),
        ),
        OptionSpec(
            "max_rounds",
            int,
            200,
            N_("a safety stop: the game is scored at the end of this round if nobody has ended it"),
            minimum=1,
            maximum=1000,
            label=N_("Round limit"),
            internal=True,
        ),
        OptionSpec(
            "action_limit",
            int,
            0,
            N_(
                "end the game at the end of the turn in which the players' actions reach this many (draws are not "
                "actions) and score it as it stands, marked as cut short; 0 means no limit"
            ),
            minimum=0,
            maximum=100_000,
            label=N_("Action limit"),
            internal=True,
        ),
        OptionSpec(
            "display",
            str,
            "",
            N_("set by a campaign: the locations the game starts with; empty for a new campaign's first game"),
            label=N_("Starting display"),
            internal=True,
        ),
        OptionSpec(
            "big_stack",
            int,
            deck.DECK_SIZE - C.first_display,
            N_("set by a campaign: location cards still waiting in the big stack"),
            minimum=0,
            maximum=deck.DECK_SIZE,
            label=N_("Cards in the big stack"),
            internal=True,
        ),
        OptionSpec(
            "game_number",
            int,
            1,
            N_("set by a campaign: which game of the campaign this is"),
            minimum=1,
            maximum=10_000,
            label=N_("Game of the campaign"),
            internal=True,
        ),
        OptionSpec(
            "lime",
            bool,
            False,
            N_("play the Lime expansion: its own locations, the limes and its new pieces"),
            label=N_("Lime expansion"),
        ),
    )

    def validate_options(
        self, options: Mapping[str, Any] | None = None, num_players: int | None = None
    ) -> dict[str, Any]:
        if num_players is not None:
            self.check_player_count(num_players)  # §2.2: 2–5 players, base and Lime alike
        checked = super().validate_options(options, num_players)
        lime = bool(checked["lime"])
        if lime and checked["immediate_end"]:
            raise InvalidOption(
                "option immediate_end does not apply to a Lime game: the Lime rules end it at the end of the round "
                "in which the first player has the required number of fabled juices"
            )
        size = deck.LIME_SIZE if lime else deck.DECK_SIZE
        if lime and not checked["display"] and checked["big_stack"] == deck.DECK_SIZE - C.first_display:
            checked["big_stack"] = size - C.first_display  # the default names a new campaign of either kind
        top = size - checked["big_stack"]
        try:
            if checked["display"]:
                deck.check_display(deck.parse_display(checked["display"]), top, lime)
            elif top != C.first_display:
                kind = "Lime campaign" if lime else "campaign"
                raise ValueError(f"a new {kind} starts with {size - C.first_display} cards in the big stack")
        except ValueError as exc:
            raise InvalidOption(f"option display/big_stack: {exc}") from None
        if not lime:  # a base game's options (and so its records) read exactly as before the expansion
            del checked["lime"]
        if not checked["action_limit"]:  # (so are a game's without the limit)
            del checked["action_limit"]
        return checked

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> FabledFruitState:
        self.check_player_count(num_players)
        return FabledFruitState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> Any:
        return A.ACTION_TABLE

    def chance_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return CHANCE_TABLE

    def describe_outcome(self, outcome: Action, hidden: bool = False) -> str:
        return text.describe_outcome(outcome, hidden)

    def state_from_json(self, data: Mapping[str, Any]) -> FabledFruitState:
        return FabledFruitState.load(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        """With option ``action_limit`` L: L + :func:`turn_actions` (the turn that reaches L is
        played to its end, and the extra-turn choice before it is one more action than L - 1).

        Without it there is no bound, whatever ``max_rounds`` says: a round can go on forever.
        With one location stack left that gives double turn tokens (#37, or #5L), every animal
        stays there (there is nowhere else to move), and a player holding a token returns it for an
        extra turn, takes a new one, and returns the one taken before, turn after turn (§2.9.3: a
        token works from the turn after the one it was taken in).
        """
        limit = int(options.get("action_limit", 0))
        return limit + turn_actions(num_players, bool(options.get("lime", False))) if limit else None

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        from .campaign import deep_campaign_options

        return [
            {},
            {"immediate_end": True, "first_player": num_players},
            deep_campaign_options(num_players),
            {"lime": True},
            deep_campaign_options(num_players, lime=True),
            {"lime": True, "action_limit": 150},  # (cut short, as learning environments cut it)
        ]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return text.describe_event(event, viewer, names)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        return text.action_label(view, action)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return text.prompt(view, names)

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return observation.observation_size(num_players, bool(options.get("lime", False)))

    def observation(self, state: State, seat: int) -> Observation:
        assert isinstance(state, FabledFruitState)
        return observation.encode(state, seat)


def turn_actions(num_players: int, lime: bool) -> int:
    """The most actions one turn can take, from the move to the end of the location's action.

    Per decision kind: the move (1: a moot one is skipped); paying for it (1 to the thief, 1 to
    each other animal there: ``num_players``); act or buy (1); then either the payment (1 per icon
    of the price, at most 7) or the location's effect. Every effect asks a fixed number of
    decisions (at most 7, #3; 2 × 4 gifts for #54 at 5 players) except those that move a card per
    decision, which are bounded by the fruit cards of the game (70; 85 with the 15 limes), since a
    hand, the market and the offers only hold those: #52 swaps hand and market fruits one by one
    (a put and a take each, taking from the market as it was: ≤ 2 × min(hand, market) + 1
    ``done``), #9L discards (≤ hand + 1), #7L discards down to 5, and #11L's offers (one fruit per
    decision, and a ``done`` per seat, then the choice: ≤ fruits + ``num_players``); #57, #18L and
    #19L move fruits of different types.
    The extra-turn choice after it is counted by :meth:`FabledFruit.max_actions`.
    """
    fruits = C.per_type * C.base_types + len(C.mix_pairs) + (C.lime.limes if lime else 0)
    effect = fruits + (num_players if lime else 1)
    payment = max(len(icons) for icons in ICONS.values())
    return 1 + num_players + 1 + max(effect, 2 * (num_players - 1), 7, payment)


Step = tuple[Any, ...]


class FabledFruitState(State):
    FIELDS = Fields(
        Field("top"),
        Field("stacks", 1),
        Field("counts", 1),
        Field("pos", 1),
        Field("thief"),
        Field("hands", 2),
        Field("draw", 1),
        Field("dealt", 1, default=[]),
        Field("discard", 1),
        Field("market", 1, optional=True),
        Field("supply", 1, optional=True),
        Field("ftok", 1, optional=True),
        Field("wild", 1, optional=True),
        Field("wild_pool"),
        Field("double", 1, optional=True),
        Field("double_pool"),
        Field("fresh", 1),
        Field("juices", 2),
        Field("start"),
        Field("active"),
        Field("round"),
        Field("turns"),
        Field("end_triggered"),
        Field("over"),
        Field("ended_by"),
        Field("decisions", default=0),  # actions so far (option action_limit)
        Field("target"),
        Field("named"),
        Field("last"),
        Field("count"),
        Field("mask"),
        Field("buf", 1),
        Field("buf_private"),
        Field("aux", 1),
        Field("peek"),
        Field("paying", 1),
        Field("steps", 1, tuples=True),
        # The Lime expansion's fields, with the values a base game has (and a save from before Lime)
        Field("thief2", default=0),
        Field("limes", default=-1),
        Field("saved", 2, optional=True, default=None),
        Field("gamble", 1, optional=True, default=None),
        Field("gamble_pool", default=0),
        Field("coat", default=-2),
        Field("offers", 2, optional=True, default=None),
        Field("centre", default=0),
        Field("gambling", default=0),
        Field("picks", 1, default=[]),
        # Derived from the options (see _after_load); shared by copies
        Field("lime", saved=False),
        Field("deck", saved=False),
        Field("ntypes", saved=False),
        Field("_legal", saved=False, cache=True),  # (a clone shares it: the same position)
    )
    __slots__ = FIELDS.slots
    game: FabledFruit
    top: int  # big stack = deck[top:]
    deck: tuple[int, ...]  # the campaign's sorted location deck (base or Lime)
    lime: bool
    ntypes: int  # fruit types in play: 5, or 6 with the lime
    stacks: list[int]  # display order
    counts: list[int]  # cards per location id
    pos: list[int]  # location id per seat, 0 = off the display
    thief: int  # -1 not in play, 0 next to no stack, else a location id
    thief2: int  # Lime thief V2.0: the second stack (0 = none)
    limes: int  # the lime pile (-1: not a Lime game)
    saved: list[list[int]] | None  # #6L: saved fruits per seat, by kind
    gamble: list[int] | None  # #12L: gambling tokens per seat
    gamble_pool: int
    coat: int  # #10L: -2 not in play, -1 in the pool, else the holder
    offers: list[list[int]] | None  # #11L: each seat's offer (by kind) while the offer round runs
    centre: int  # #11L: limes in the centre
    gambling: int  # gambling tokens returned for the purchase in progress (its reveals are in buf)
    picks: list[int]  # stacks chosen so far by a multi-step choice (#17L, #13L)
    hands: list[list[int]]
    draw: list[int]  # the draw stack, counts by kind (a pile: which fruit comes next is drawn at a chance node)
    dealt: list[int]  # the fruits drawn so far by the chance step in progress (#32: the seats' random fruits)
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
    decisions: int  # the actions (not the draws) of the game so far
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
        s.lime = bool(options.get("lime", False))
        s.deck = deck.deck_for(s.lime)
        s.ntypes = NUM_TYPES if s.lime else C.base_types
        if options["display"]:
            entries = deck.parse_display(options["display"])
            s.stacks = [loc for loc, _ in entries]
            s.counts = [0] * (deck.MAX_ID + 1)
            for loc, count in entries:
                s.counts[loc] = count
            s.top = len(s.deck) - options["big_stack"]
        else:
            s.stacks, s.counts, s.top = deck.first_display(s.lime)
        s.pos = [0] * n
        s.thief = -1
        s.thief2 = 0
        s.limes = C.lime.limes if s.lime else -1  # §3.2 step 3: the face-up lime pile
        s.saved = [[0] * NUM_KINDS for _ in range(n)] if s.lime else None
        s.gamble, s.gamble_pool, s.coat = None, 0, -2
        s.offers, s.centre, s.gambling = None, 0, 0
        s.hands = [[0] * NUM_KINDS for _ in range(n)]
        # §3.5 I-8: only the 60 base fruits are shuffled; limes and fruit-mix cards wait apart
        s.draw = [C.per_type if k < C.base_types else 0 for k in range(NUM_KINDS)]
        s.dealt = []
        s.discard = [0] * NUM_KINDS
        s.market = s.supply = s.ftok = s.wild = s.double = None
        s.wild_pool = s.double_pool = 0
        s.fresh = [0] * n
        s.juices = [[] for _ in range(n)]
        s.round = s.turns = 0
        s.end_triggered = s.over = False
        s.ended_by = ""
        s.decisions = 0
        s.steps = []
        s._reset_registers()
        s._legal = None
        first = options["first_player"]
        s.start = s.active = first - 1 if first else 0
        s.steps = [("call", "setup")] if first else [("first",), ("call", "setup")]  # §2.2: a random first player
        events: list[Event] = []
        s.setup_events = events
        s._run(events)  # (up to the first chance node: the first player, or the first fruit dealt)
        return s

    def _setup(self, events: list[Event]) -> None:
        """§2.2 once the first player is known: deal 2 fruits each, bring in the display's components."""
        n = self.num_players
        data: dict[str, Any] = {
            "start_player": self.start,
            "players": n,
            "game_number": self.options["game_number"],
            "display": [[loc, self.counts[loc]] for loc in self.stacks],
        }
        if self.lime:
            data["lime"] = True
            data["lime_pile"] = self.limes
        events.append(Event("setup", None, data))
        self.push(
            *[market.draw_step(seat, 2, "setup") for seat in range(n)],
            *[("call", "enter", loc) for loc in self.stacks],
            ("call", "setup_end"),
        )

    def _setup_end(self, events: list[Event]) -> None:
        if self.lime and self.market is None:  # §3.2 step 6 / §3.3: a Lime game always has a market
            events.append(Event("component", None, {"location": 0, "component": "market"}))
            self.push(("call", "begin"))
            market.create_market(self, events)
        else:
            self._begin(events)

    def _begin(self, events: list[Event]) -> None:
        self.active = self.start
        self._start_turn(self.start, False, events)

    def _reset_registers(self) -> None:
        self.target = self.named = self.last = self.peek = -1
        self.count = self.mask = 0
        self.buf, self.aux, self.paying = [], [], []
        self.buf_private = False
        self.gambling = 0
        self.picks = []
        self.dealt = []

    def _after_load(self, data: Mapping[str, Any]) -> None:
        if any(len(hand) != NUM_KINDS for hand in self.hands):
            raise ValueError("its card vectors predate the lime (replay the game's record instead)")
        if "dealt" not in data:  # rules 1 kept the draw stack in order, drawn by a generator in the state
            raise ValueError("it was saved by rules 1, whose draw stack was in order (replay its record instead)")
        self.lime = bool(self.options.get("lime", False))
        self.deck = deck.deck_for(self.lime)
        self.ntypes = NUM_TYPES if self.lime else C.base_types

    def determinize(self, seat: int, rng: random.Random) -> FabledFruitState:
        """Resample what ``seat`` cannot see: other hands and saved fruits, the draw stack, private reveals.

        The pool is sorted before shuffling, so the sample depends only on ``seat``'s view and rng.
        """
        d = self.clone()
        if d.over:  # every hand is shown at the end
            return d
        hidden_hands = [p for p in range(d.num_players) if p != seat and not (seat == d.active and p == d.peek >= 0)]
        pool: list[int] = [k for k in range(NUM_KINDS) for _ in range(d.draw[k])]
        for p in hidden_hands:
            hand = d.hands[p]
            pool += [k for k in range(NUM_KINDS) for _ in range(hand[k])]
        hidden_saved = [p for p in range(d.num_players) if p != seat] if d.saved is not None else []
        for p in hidden_saved:
            assert d.saved is not None
            pool += [k for k in range(NUM_KINDS) for _ in range(d.saved[p][k])]
        private_buf = d.buf_private and seat != d.active
        if private_buf:
            pool += d.buf
        step = d.steps[0]  # (at a chance node: fruits a deal has drawn so far that only another seat saw)
        private_deal = step[0] == "deal" and step[2] not in (-1, seat) and bool(d.dealt)
        if private_deal:
            pool += d.dealt
        pool.sort()
        rng.shuffle(pool)
        for p in hidden_hands:
            size = sum(d.hands[p])
            hand = [0] * NUM_KINDS
            for k in pool[:size]:
                hand[k] += 1
            d.hands[p] = hand
            del pool[:size]
        for p in hidden_saved:
            assert d.saved is not None
            size = sum(d.saved[p])
            saved = [0] * NUM_KINDS
            for k in pool[:size]:
                saved[k] += 1
            d.saved[p] = saved
            del pool[:size]
        if private_buf:
            size = len(d.buf)
            d.buf = sorted(pool[:size])
            del pool[:size]
        if private_deal:
            size = len(d.dealt)
            d.dealt = pool[:size]
            del pool[:size]
        draw = [0] * NUM_KINDS
        for k in pool:
            draw[k] += 1
        d.draw = draw
        d._legal = None
        return d

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int:
        if self.over:
            return -1
        step = self.steps[0]
        kind = step[0]
        if kind in _SEAT_KINDS:
            return step[1]
        return CHANCE if kind in CHANCE_STEPS else self.active

    # ------------------------------------------------------------------ chance nodes

    def _pile(self, step: Step) -> tuple[list[int], int]:
        """What a chance step draws from (counts by kind) and its outcomes' first code."""
        kind = step[0]
        if kind == "deal":
            return self.draw, CARD_OUTCOME
        return self.hands[step[2] if kind == "steal" else step[1]], HAND_OUTCOME

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.over or self.steps[0][0] not in CHANCE_STEPS:
            return []
        step = self.steps[0]
        if step[0] == "first":
            n = self.num_players
            return [(SEAT_OUTCOME + seat, 1 / n) for seat in range(n)]
        pile, base = self._pile(step)
        total = sum(pile)
        return [(base + k, count / total) for k, count in enumerate(pile) if count]

    def sample_outcome(self, rng: random.Random) -> int:
        """One ``rng.random()``: the fruit at that fraction of the pile (counted by kind), or the seat."""
        step = self.steps[0]
        kind = step[0]
        u = rng.random()
        if kind == "deal":
            pile, base = self.draw, CARD_OUTCOME
        elif kind == "first":
            return SEAT_OUTCOME + int(u * self.num_players)
        else:
            pile, base = self.hands[step[2] if kind == "steal" else step[1]], HAND_OUTCOME
        left = int(u * sum(pile))
        for k, count in enumerate(pile):
            left -= count
            if left < 0:
                return base + k
        raise AssertionError("a chance node with an empty pile")

    def _is_outcome(self, code: int) -> bool:
        if self.over or self.steps[0][0] not in CHANCE_STEPS:
            return False
        step = self.steps[0]
        if step[0] == "first":
            return 0 <= code - SEAT_OUTCOME < self.num_players
        pile, base = self._pile(step)
        return 0 <= code - base < NUM_KINDS and pile[code - base] > 0

    def chance_witnesses(self) -> tuple[int, ...] | None:
        """A fruit drawn into a hand (or #35's private look) is seen by its drawer; a fruit taken
        from a hand by the two players; a public reveal and the first player by everyone."""
        step = self.steps[0]
        kind = step[0]
        if kind == "deal":
            seen = None if step[2] < 0 else (step[2],)
        elif kind == "steal":
            seen = tuple(sorted({step[1], step[2]}))
        elif kind == "pick":
            seen = tuple(sorted({step[1], (step[1] + 1) % self.num_players}))
        else:
            return None
        if seen is not None and self._may_end_soon() and self._ends_now():
            return None  # every hand is shown at the end, which comes before anyone decides again
        return seen

    def _may_end_soon(self) -> bool:
        """Whether the game may end at the end of this turn or round (a cheap test before :meth:`_ends_now`)."""
        limit = self.options.get("action_limit", 0)
        return self.end_triggered or self.round >= self.options["max_rounds"] or bool(limit and self.decisions >= limit)

    def _ends_now(self) -> bool:
        """Whether the game ends once this random event is decided, before anyone decides again."""
        s = self.clone()
        while s.current_player == CHANCE:
            s._apply_chance(s.chance_outcomes()[0][0])
        return s.over

    def _apply_chance(self, code: int) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        step = self.steps[0]
        kind = step[0]
        if kind == "deal":  # (the step stays until its last fruit is drawn)
            k = code - CARD_OUTCOME
            draw, dealt = self.draw, self.dealt
            draw[k] -= 1
            dealt.append(k)
            if not step[3]:
                if len(dealt) < step[1]:
                    if any(draw):
                        return events  # (the next fruit of the same deal: still this chance node)
                else:  # the deal is complete
                    self.steps.pop(0)
                    market.dealt(self, step, events)
        elif kind == "steal":
            self.steps.pop(0)
            taker, victim, reason = step[1], step[2], step[3]
            k = code - HAND_OUTCOME
            self.hands[victim][k] -= 1
            self.hands[taker][k] += 1
            secret = {"fruit": KIND_NAME[k]}
            events.append(Event("steal", taker, {"from": victim, "reason": reason}, secret, taker, True))
        elif kind == "pick":
            self.steps.pop(0)
            self.dealt.append(code - HAND_OUTCOME)
        else:
            self.steps.pop(0)
            self.start = self.active = code - SEAT_OUTCOME
        self._run(events)
        return events

    def _chance_due(self, step: Step, events: list[Event]) -> bool:
        """Whether the chance step ``step`` (at the front of the queue) has something to draw now;
        if not, it is complete: what it drew goes where it was meant to."""
        kind = step[0]
        if kind == "deal":
            dealt = self.dealt
            count = step[1]
            if len(dealt) < count and not (step[3] and dealt and KIND_MASK[dealt[-1]] & (1 << self.named)):
                if any(self.draw):
                    return True
                if any(self.discard):  # §2.4.1: the discard pile becomes the new draw stack
                    total = sum(self.discard)
                    self.draw, self.discard = self.discard, [0] * NUM_KINDS
                    events.append(Event("reshuffle", None, {"cards": total}, irreversible=True))
                    return True
            market.dealt(self, step, events)
            return False
        if kind == "first":
            return True
        if kind == "steal":
            return any(self.hands[step[2]])
        if any(self.hands[step[1]]):  # "pick"
            return True
        self.dealt.append(-1)
        return False

    def is_terminal(self) -> bool:
        return self.over

    def _legal_codes(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over or self.steps[0][0] in CHANCE_STEPS else legality.legal_codes(self)
        return legal

    def _refusal(self, action: Action) -> str | None:
        if not self.over and self.steps[0][0] in CHANCE_STEPS:
            return "chance"
        return legality.refusal(self, action.code)

    def _apply_code(self, code: int) -> list[Event]:
        self._legal = None
        self.decisions += 1
        events: list[Event] = []
        step = self.steps.pop(0)
        HANDLERS[step[0]](self, step, code, events)
        self._run(events)
        return events

    # ------------------------------------------------------------------ running the queue

    def _run(self, events: list[Event]) -> None:
        while not self.over:
            step = self.steps[0]
            kind = step[0]
            if kind == "call":
                self.steps.pop(0)
                CALLS[step[1]](self, step[2] if len(step) > 2 else None, events)
            elif kind in CHANCE_STEPS:
                if self._chance_due(step, events):
                    return
                self.steps.pop(0)
            elif self._moot(step):
                self.steps.pop(0)
                self._legal = None  # (a moot move or thief step asked for its legal actions)
            else:
                return

    def _moot(self, step: Step) -> bool:
        """A decision with nothing to decide: a giver with an empty hand, an empty zone."""
        kind = step[0]
        if kind == "limeask":
            return self.limes <= 0
        if kind in SEAT_STEPS:
            return not any(self.hands[step[1]])
        if kind == "save":
            return not any(self.hands[self.active])
        if kind == "take":
            return not any(self.zone(step[1]))
        if kind in ("tpay", "opay"):
            return not any(self.hands[self.active])
        if kind in ("move", "thief"):
            return not self._legal_codes()  # no other stack to go to (the step is the current one)
        return False

    def push(self, *steps: Step) -> None:
        """Put steps at the front of the queue, in the given order."""
        self.steps[0:0] = steps

    # ------------------------------------------------------------------ turn structure

    def _start_turn(self, p: int, extra: bool, events: list[Event]) -> None:
        if not extra and p == self.start:
            self.round += 1
            events.append(Event("round", None, {"round": self.round}))  # said once, as the round begins
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
        """Payment units ``p`` holds: cards by kind (with a gamble's reveals), wild tokens, fruit
        tokens, and two units per saved fruit (§2.5.2)."""
        held = self.hands[p] + [0] * (NUM_UNITS - NUM_KINDS)
        if self.gambling:
            for k in self.buf:
                held[k] += 1
        if self.wild is not None:
            held[WILD_UNIT] = self.wild[p]
        if self.ftok is not None:
            for t in range(len(self.ftok)):
                if self.ftok[t] == p:
                    held[TOKEN_UNIT + t] = 1
        if self.saved is not None:
            for k, n in enumerate(self.saved[p]):
                held[SAVED_UNIT + k] = 2 * n
        return held

    def may_buy(self, p: int, loc: int) -> bool:
        """Whether ``p`` may buy at ``loc`` at all, payment aside (cards left; #20L's restriction)."""
        return legality.may_buy(self, p, loc) is None

    def can_buy(self, p: int, loc: int) -> bool:
        """Whether ``p`` may buy at ``loc`` and pay for it (:func:`.legality.buy`)."""
        return legality.buy(self, p, loc) is None

    def finish_purchase(self, events: list[Event]) -> None:
        p, loc = self.active, self.pos[self.active]
        paid = []
        saved_used = [0] * NUM_KINDS
        for u in self.paying:
            if u < NUM_KINDS:
                if self.gambling and u in self.buf:  # a revealed card pays before an equal one from hand
                    self.buf.remove(u)
                else:
                    self.hands[p][u] -= 1
                self.discard[u] += 1
            elif u == WILD_UNIT and self.wild is not None:
                self.wild[p] -= 1
                self.wild_pool += 1
            elif u >= SAVED_UNIT:
                saved_used[u - SAVED_UNIT] += 1
            paid.append(A.unit_name(u))
        if self.saved is not None:
            for k, used in enumerate(saved_used):
                spent = (used + 1) // 2  # a saved fruit is spent whole once either of its units is used
                self.saved[p][k] -= spent
                self.discard[k] += spent
        self.paying = []
        if self.gambling:
            leftover, self.buf, self.gambling = self.buf, [], 0
            for k in leftover:
                self.discard[k] += 1
            if leftover:
                events.append(Event("discarded", None, {"fruits": [KIND_NAME[k] for k in leftover]}))
        self.counts[loc] -= 1
        self.juices[p].append(loc)
        events.append(Event("buy", p, {"location": loc, "paid": paid, "juices": len(self.juices[p])}))
        self.push(("call", "purchased"))  # (after the new stack's components, whose market may be dealt first)
        self.refill(events)

    def purchased(self, events: list[Event]) -> None:
        """After a purchase's refill: drop empty slots, then the end of the game (§2.6, §2.10)."""
        self.drop_empty(events)
        p = self.active
        if len(self.juices[p]) >= C.targets[self.num_players] and not self.end_triggered:
            self.end_triggered = True
            events.append(Event("end_triggered", p, {"juices": len(self.juices[p])}))
            if self.options["immediate_end"]:
                return self.game_over("immediate", events)
        if not self.stacks:
            self.game_over("empty_display", events)

    def refill(self, events: list[Event]) -> None:
        """§2.6: reveal the next card onto its slot or as a new stack (empty slots are dropped next)."""
        if self.top < len(self.deck):
            card = self.deck[self.top]
            self.top += 1
            new = card not in self.stacks
            if new:
                self.stacks.append(card)
            self.counts[card] += 1
            events.append(Event("refill", None, {"location": card, "new_stack": new}))
            if new:
                self.enter_play(card, events)

    def drop_empty(self, events: list[Event]) -> None:
        """§2.6 step 3: empty slots leave the display; animals there go off it."""
        for loc in [loc for loc in self.stacks if not self.counts[loc]]:
            self.stacks.remove(loc)
            off = [seat for seat in range(self.num_players) if self.pos[seat] == loc]
            for seat in off:
                self.pos[seat] = 0
            if self.thief == loc:
                self.thief = 0
            if self.thief2 == loc:
                self.thief2 = 0
            events.append(Event("stack_gone", None, {"location": loc, "animals_off": off}))

    def enter_play(self, loc: int, events: list[Event]) -> None:
        """A location entering play brings its components (§2.6 step 2, §2.2.2)."""
        info = C.locations[loc]
        what = info.introduces
        added = ""
        if what == "thief" and self.thief < 0:
            self.thief, added = 0, "thief"
        elif what == "fruit_tokens" and self.ftok is None:
            self.ftok, added = [-1] * self.ntypes, "fruit_tokens"
        elif what == "coat" and self.coat == -2:
            self.coat, added = -1, "coat"
        elif what == "gambling" and self.gamble is None:
            self.gamble, self.gamble_pool = [0] * self.num_players, C.lime.gambling_tokens
            added = "gambling"
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

    def fallback(self, loc: int, events: list[Event]) -> None:
        """The signpost: the requirement cannot be met, so only draw 1 fruit (§2.4.4)."""
        events.append(Event("signpost", self.active, {"location": loc}))
        market.draw(self, self.active, 1, events, "signpost")

    # ------------------------------------------------------------------ results and views

    def result(self) -> Result:
        if not self.over:
            raise FruitbowlError("the game is not over yet")
        return self.standings()

    #: The score's category and tie-break as a results screen heads them ("Juices", said with ``_()``).
    SCORE_WORDS = (N_("Juices"), N_("fruits in hand"))

    def standings(self) -> Result:
        n = self.num_players
        breakdown = [{"juices": len(self.juices[p])} for p in range(n)]
        return Result.ranked(
            ("juices",),
            breakdown,
            ("fruits in hand",),
            [(self.hand_size(p),) for p in range(n)],
            truncated=self.ended_by in CUT_SHORT,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], build_view(self, seat))  # (a FabledFruitView, which clients read as JSON)

    def take_limes(self, p: int, n: int, events: list[Event], reason: str = "") -> int:
        """``p`` takes up to ``n`` limes from the lime pile (as many as are there, §2.4.9)."""
        got = min(n, max(0, self.limes))
        if got:
            self.limes -= got
            self.hands[p][LIME_KIND] += got
            events.append(Event("take_lime", p, {"count": got, "pile": self.limes, "reason": reason}))
        return got


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
    if A.GAMBLE <= code < A.GAMBLE + A.MAX_GAMBLE:
        from .lime import gamble

        return gamble(s, code - A.GAMBLE + 1, events)
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
    loc = code - A.THIEF + 1
    if len(step) > 1:  # Lime thief V2.0: the stacks are collected, then placed together (#17L)
        s.picks.append(loc)
        return
    s.thief = loc
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
    thief = dest > 0 and dest in (s.thief, s.thief2)
    if s.coat == p and (thief or occupants):  # #10L: the camouflage coat pays nothing for moving
        events.append(Event("coat", p, {"location": dest}))
        return
    pay: list[Step] = []
    if thief:
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
    limit = s.options.get("action_limit", 0)
    if limit and s.decisions >= limit:
        return s.game_over("action_limit", events)
    if s.can_extra_turn(s.active):
        s.push(("extra",))
    else:
        s.next_turn(events)


def _c_draw(s: FabledFruitState, arg: Any, events: list[Event]) -> None:
    market.draw(s, s.active, int(arg), events)


CALLS: dict[str, Callable[[FabledFruitState, Any, list[Event]], None]] = {
    "after_move": _c_after_move,
    "bought": _c_bought,
    "purchased": lambda s, arg, events: s.purchased(events),
    "finish": _c_finish,
    "draw": _c_draw,
    "setup": lambda s, arg, events: s._setup(events),
    "enter": lambda s, loc, events: s.enter_play(int(loc), events),
    "setup_end": lambda s, arg, events: s._setup_end(events),
    "begin": lambda s, arg, events: s._begin(events),
}


def register_handlers(handlers: Mapping[str, Callable[[FabledFruitState, Step, int, list[Event]], None]]) -> None:
    """The Lime expansion adds its decision kinds here (see :mod:`.lime`)."""
    for name in handlers:
        if name in HANDLERS:
            raise ValueError(f"decision {name!r} is defined twice")
    HANDLERS.update(handlers)


def register_calls(calls: Mapping[str, Callable[[FabledFruitState, Any, list[Event]], None]]) -> None:
    """Locations add their continuations here (see :mod:`.locations`)."""
    for name in calls:
        if name in CALLS:
            raise ValueError(f"continuation {name!r} is defined twice")
    CALLS.update(calls)


__all__ = ["ALL_TYPES", "FabledFruit", "FabledFruitState"]

from .legacy import FabledFruitRules1Dealer  # noqa: E402  (it reads this module's chance constants)

FabledFruit.legacy_dealers = {"1": FabledFruitRules1Dealer}
