"""Citrus (Jeffrey D. Allers), 2–5 players: the complete rules, per ``rules/citrus.md``.

A turn is one main action — buy a market line and build every tile of it, or harvest some of
your regions for points and income — plus any number of action tiles (Money, Cart, Bull, and
Bridge/Milestone spent with a placement), then "end turn". Enclosed Fincas score at the end of
each turn; the game ends when every plantation tile is built (or the game is blocked).

The state is lean lists of ints: spaces are indices into a :class:`~.components.Board`,
tiles are kinds ``type * 2 + well``, landscape tiles and Fincas are indices into
:data:`COMPONENTS`. Regions are kept incrementally (see :mod:`.placement`).

Chance is explicit (:mod:`fruitbowl.engine.chance`, :mod:`.chance`): every random event is a
chance node the state stops at, and nothing random is decided in advance (a clone carries no
future). The events, in the order they come: the setup deals a landscape tile onto each landscape
space, draws the starting sites (variant ``random_sites``) and a Finca for each, turns up the
three open sites and draws the first player (option ``random_first``); in play, each market space
refilled draws a tile from the bag, and a Finca put on a site draws which Finca it is, then which
building site is turned up. Every outcome is public, and the piles (the bag, the Finca and site
stacks) are unordered: a draw says which tile comes out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from operator import add
from typing import Any, cast

from fruitbowl.engine import Observation
from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.errors import FruitbowlError, InvalidOption
from fruitbowl.engine.events import Event
from fruitbowl.engine.fields import Field, Fields
from fruitbowl.engine.game import CHANCE, Game, State
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.result import Result

from . import chance as K
from . import observation, text
from . import placement as PL
from .actions import BRIDGE, MILESTONE, MONEY_VALUES, Layout, table_for
from .components import BOARDS, LANDSCAPE, ROCK, SITE, Board
from .components import COMPONENTS as C
from .masks import Masks
from .refusals import REFUSALS, RULE_ANCHORS, cart_with_free_placement, three_fincas_alone, three_fincas_side
from .view import CitrusView, build_view

# Phases: which decision the current player faces.
MAIN, PLACE, SITE_CHOICE, HARVEST, AFTER, BLOCKED_SITE, OVER = range(7)
PHASE_NAMES = ("main", "place", "site", "harvest", "after", "blocked_site", "over")
TYPES = len(C.types)
#: Per board side: its landscape spaces, in space order (the order the setup deals them).
LANDSCAPE_SPACES = {
    side: tuple(t for t in range(board.size) if board.kind[t] == LANDSCAPE) for side, board in BOARDS.items()
}
CATEGORIES = ("harvests", "fincas", "penalties", "final_fincas", "final_harvest", "horses", "action_tiles")

#: A market line as the line questions read it: its tiles, the tiles per type, the types it holds.
LineFacts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=1024)
def line_facts(market: tuple[int, ...]) -> tuple[LineFacts, ...]:
    """Per market line, for a market holding these kinds (-1: empty): its tiles, in space order,
    the tiles of each type and the types it holds, ascending. Worked out once per market's
    contents rather than once per question: a market stays as it is through the passing test
    and the legal actions of several positions."""
    out = []
    for spaces in C.lines:
        tiles = [market[m] for m in spaces if market[m] >= 0]
        counts = [0] * TYPES
        for k in tiles:
            counts[k >> 1] += 1
        out.append((tuple(tiles), tuple(counts), tuple(sorted({k >> 1 for k in tiles}))))
    return tuple(out)


def _counts(counts: Sequence[int]) -> str:
    """Player counts as a reader writes them: ``2–3``, ``2, 4``."""
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


class Citrus(Game):
    id = "citrus"
    title = "Citrus"
    refusals = REFUSALS
    rule_anchors = RULE_ANCHORS
    view_type = CitrusView
    min_players = C.min_players
    max_players = C.max_players
    #: 2: chance is explicit (every draw is a chance node, and records list the outcomes).
    rules_version = "2"
    pre_chance_rules = ("1",)
    explicit_chance = True
    determinize_fits_history = True  # nothing is hidden: every draw is public, the piles are unordered
    option_specs = (
        OptionSpec(
            "board",
            str,
            "long",
            f"board side: long (any player count) or short (fewer spaces, recommended for"
            f" {_counts(C.short_recommended)} players; any count may play it)",
            choices=("long", "short"),
            label="Board side",
            choice_labels=("Long side", "Short side"),
        ),
        OptionSpec("family", bool, False, "family version: no variety rule on a Finca's roads", label="Family version"),
        OptionSpec(
            "random_sites",
            bool,
            False,
            "the starting Fincas go on building sites drawn at random",
            label="Random starting sites",
        ),
        OptionSpec(
            "free_placement",
            bool,
            False,
            "offer every line you can pay for; tiles that cannot be built go back to the market at "
            f"−{C.return_penalty} points each",
            label="Free placement",
        ),
        OptionSpec(
            "first_player",
            int,
            1,
            "the seat that starts, counted from 1 as the table shows it",
            minimum=1,
            maximum=5,
            seat=True,
            label="First player",
        ),
        OptionSpec("random_first", bool, False, "draw the start player at random instead", label="Random first player"),
        OptionSpec(
            "cart_restriction",
            bool,
            True,
            "on by default (as played on Yucata): no Cart while bought tiles wait to be built;"
            " it cannot be turned off with free placement",
            label="No Cart while bought tiles wait",
        ),
        OptionSpec(
            "horses_at_once",
            bool,
            False,
            "a variant played on Yucata: wild horses score when collected instead of at the end",
            label="Horses score at once",
        ),
        OptionSpec(
            "three_fincas",
            bool,
            False,
            f"with random starting sites on the long side: only {C.few_start_fincas} starting Fincas",
            label=f"Only {C.few_start_fincas} starting Fincas",
        ),
    )

    def validate_options(
        self, options: Mapping[str, Any] | None = None, num_players: int | None = None
    ) -> dict[str, Any]:
        checked = super().validate_options(options, num_players)
        if checked["three_fincas"]:
            if checked["board"] != "long":
                starts = len(BOARDS[checked["board"]].start_sites)
                raise InvalidOption(three_fincas_side(checked["board"], starts))
            if not checked["random_sites"]:
                raise InvalidOption(three_fincas_alone())
        if not checked["cart_restriction"] and checked["free_placement"]:
            raise InvalidOption(cart_with_free_placement())
        return checked

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return observation.observation_size(num_players, options.get("board", "long"))

    def observation(self, state: State, seat: int) -> Observation:
        assert isinstance(state, CitrusState)
        return observation.encode(state, seat)

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> CitrusState:
        self.check_player_count(num_players)
        return CitrusState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return table_for(self.validate_options(options, num_players)["board"])[0]

    def chance_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return K.CHANCE_TABLE

    def describe_outcome(self, outcome: Action, hidden: bool = False) -> str:
        return text.describe_outcome(outcome)

    def state_from_json(self, data: Mapping[str, Any]) -> CitrusState:
        return CitrusState.load(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        # §9 "Termination": ≤90 builds and ≤90 harvests, each turn ends with one action, fewer than
        # n passes between progress events, ≤15 Finca choices, ≤4 uses of each action tile kind
        # per copy, and a Bull is retaken only by a placement. A generous closed bound:
        return 2_000 + 600 * num_players

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        return [
            {},
            {"board": "short", "first_player": num_players, "cart_restriction": False},
            {"family": True, "random_sites": True, "three_fincas": True, "horses_at_once": True},
            {"board": "short", "family": True, "free_placement": True, "random_first": True},
        ]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return text.describe_event(event, viewer, names)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        return text.action_label(view, action)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return text.prompt(view, names)


class CitrusState(State):
    FIELDS = Fields(
        Field("plant", 1),
        Field("rid", 1),
        Field("rcol", 1),
        Field("rown", 1),
        Field("rcells", 1, tuples=True),
        Field("land", 1),
        Field("market", 1),
        Field("bag", 1),
        Field("fincas", 1),
        Field("scored", 1),
        Field("finca_stack", 1),
        Field("site_stack", 1),
        Field("open_sites", 1),
        Field("money", 1),
        Field("workers", 1),
        Field("points", 2),
        Field("held", 2),
        Field("horses", 2),
        Field("waiting", 1),
        Field("phase"),
        Field("player"),
        Field("first"),
        Field("turn"),
        Field("main_done"),
        Field("from_cart"),
        Field("refill_pending"),
        Field("final", 2, optional=True),
        # (defaults: a state saved by rules 1 lacks them, and _after_load refuses it with a sentence)
        Field("box", 1, default=[]),
        Field("chance", default=0),
        Field("pending", default=-1),
        Field("resume", default=0),
        Field("filled", 2, default=[]),
        # From the options; shared by copies
        Field("geo", saved=False),
        Field("tab", saved=False),
        Field("lay", saved=False),
        Field("family", saved=False),
        Field("free", saved=False),
        Field("cart_restriction", saved=False),
        # Cached answers (see the comment below and _copy_caches)
        Field("_legal", saved=False, cache=True),
        Field("_placing", saved=False, cache=True),
        Field("_buys", saved=False, cache=True),
        Field("_opts", saved=False, cache=True),
        Field("_plans", saved=False, cache=True),
        Field("_trials", saved=False, cache=True),
        Field("_kids", saved=False, cache=True),
        Field("_roads", saved=False, cache=True),
        Field("_marks", saved=False, cache=True),
        Field("_own", saved=False, cache=True),
        Field("_helpless", saved=False, cache=True),
        Field("_nearby", saved=False, cache=True),
        Field("_masks", saved=False, cache=True),
    )
    __slots__ = FIELDS.slots
    game: Citrus
    geo: Board
    tab: PL.Tables  # the board's look-up tables (placement.tables)
    lay: Layout
    plant: list[int]  # tile kind per space, -1 empty
    rid: list[int]  # region id per space, -1 without a tile
    rcol: list[int]  # per region id: type
    rown: list[int]  # per region id: owner seat, -1 neutral (or dissolved)
    rcells: list[tuple[int, ...]]  # per region id: its spaces, () once dissolved
    land: list[int]  # landscape tile (or a placed Bull) on each space, -1 none
    market: list[int]  # tile kind per market space, -1 empty
    bag: list[int]  # tiles per kind; draws are uniform over the tiles
    fincas: list[int]  # Finca tile per site, -1 none
    scored: list[int]  # 1 once a site's Finca is turned face down
    finca_stack: list[int]  # Finca tiles not drawn yet, sorted (a pile: which comes out is drawn at a chance node)
    site_stack: list[int]  # building sites not turned up yet, sorted (a pile, as the Fincas)
    open_sites: list[int]  # face-up building-site tiles, in the order they were turned
    money: list[int]
    workers: list[int]  # on the mat
    points: list[list[int]]  # per seat: harvests, fincas, penalties (during play)
    held: list[list[int]]  # face-up action tiles per seat (landscape ids, sorted)
    horses: list[list[int]]  # horse tiles per seat
    waiting: list[int]  # tiles per kind waiting to be placed
    phase: int
    player: int
    first: int
    turn: int
    main_done: bool
    from_cart: bool
    refill_pending: bool
    family: bool
    free: bool
    cart_restriction: bool
    final: list[dict[str, int]] | None
    box: list[int]  # landscape tiles not dealt, sorted, while the setup deals them ([] once it has)
    chance: int  # the random event this chance node decides (chance.NO_CHANCE: a player acts)
    pending: int  # the site whose Finca is being drawn, or -1
    resume: int  # what follows the refill being drawn (chance.RESUME_PLAY or RESUME_TURN)
    filled: list[list[int]]  # [market space, kind] drawn so far in this refill, told in one event at its end
    setup_events: list[Event]
    _legal: list[int] | None
    _placing: tuple[int, list[int], list[int]] | None  # (seat, waiting, placement codes): see _placeable
    _opts: dict[tuple[int, int], list[PL.Placement]]
    _plans: dict[tuple[int, ...], PL.Plan | None]  # search memo: (seat, *counts) -> plan (see placement._search)
    _trials: dict[int, CitrusState]  # per open site: this position with a Finca put there
    _kids: dict[tuple[int, int, int, int], CitrusState]  # (seat, type, space, mod): after that placement
    # The caches above depend only on the board (plantations, regions, landscape tiles,
    # Fincas) and each seat's workers and Bridge/Milestone tiles. Actions that change none of
    # these (buy, income, cash, cart, end turn, pass) keep them; the others replace them with
    # new dicts (see forget_answers), never clear them in place, because clones share them.
    _buys: tuple[int, int, tuple[int, ...], list[int]] | None  # (seat, money, market, buy codes): see _buy_codes
    _roads: tuple[int, ...] | None  # empty road spaces of sites with a Finca (see free_roads)
    _marks: tuple[int, ...] | None  # spaces holding a Bridge or Milestone tile (see marks)
    # per seat: its regions and its regions per type (see own_index); brought up to date by
    # every build and harvest (_own_changed), the only changes of regions and their owners
    _own: dict[int, tuple[list[int], tuple[list[int], ...]]] | None
    # per seat: placement.helpless (dropped by every action, like _buys)
    _helpless: dict[int, bool] | None
    _nearby: PL.Near | None  # placement.near of marks(), while they stand
    # the board as bitmasks (see .masks); brought up to date, never changed in place, by every
    # build, harvest and Finca (place_tile, _harvest, _put_finca), like _own
    _masks: Masks | None

    # ------------------------------------------------------------------ setup and copying

    @classmethod
    def setup(cls, game: Citrus, n: int, seed: int, options: dict[str, Any]) -> CitrusState:
        """A new game at its first chance node (the first landscape tile to deal): the setup
        is dealt by chance nodes and told in one event once complete (``seed`` is the dealer's)."""
        s = cls.__new__(cls)
        s._load_context(game, n, options)
        geo = s.geo
        short = options["board"] == "short"
        s.plant = [-1] * geo.size
        s.rid = [-1] * geo.size
        s.rcol, s.rown, s.rcells = [], [], []
        s.box = list(range(len(C.landscape)))
        s.land = [-1] * geo.size
        s.finca_stack = list(range(len(C.fincas)))
        s.fincas = [-1] * len(geo.site_letters)
        s.scored = [0] * len(geo.site_letters)
        s.site_stack = list(range(len(geo.site_letters))) if options["random_sites"] else sorted(geo.stack_sites)
        s.open_sites = []
        s.bag = C.bag(short)
        s.market = [-1] * C.market_spaces
        s.money = [C.start_money] * n
        s.workers = [C.workers] * n
        s.points = [[0, 0, 0] for _ in range(n)]
        s.held = [[] for _ in range(n)]
        s.horses = [[] for _ in range(n)]
        s.waiting = [0] * C.kinds
        s.first = 0 if options["random_first"] else options["first_player"] - 1
        s.player, s.phase, s.turn = s.first, MAIN, 0
        s.main_done = s.from_cart = s.refill_pending = False
        s.final = None
        s.chance, s.pending, s.resume, s.filled = K.NO_CHANCE, -1, K.RESUME_PLAY, []
        s._deal([])
        return s

    # ------------------------------------------------------------------ the setup's chance nodes

    def _deal(self, events: list[Event]) -> None:
        """Go on with the setup (turn 0): the next thing to draw, in order — a landscape tile per
        landscape space (space order), the starting sites (random_sites) and a Finca for each
        (site order), the three open sites, the first player (random_first) — or, with all
        drawn, tell the setup and refill the market."""
        geo = self.geo
        if self.box:
            if -1 in (self.land[t] for t in LANDSCAPE_SPACES[geo.side]):
                self.chance = K.LANDSCAPE_DRAW
                return
            self.box = []  # (the tiles left over stay in the box, unseen and never drawn)
        if self.options["random_sites"]:
            count = C.few_start_fincas if self.options["three_fincas"] else len(geo.start_sites)
            if len(self.fincas) - self.fincas.count(-1) < count:
                self.chance = K.START_DRAW
                return
        else:
            for site in geo.start_sites:
                if self.fincas[site] < 0:
                    self.chance, self.pending = K.FINCA_DRAW, site
                    return
        if len(self.open_sites) < 3 and self.site_stack:
            self.chance = K.SITE_DRAW
            return
        if self.options["random_first"]:
            self.chance = K.FIRST_DRAW
            return
        self._set_up(events)

    def _set_up(self, events: list[Event]) -> None:
        self.chance = K.NO_CHANCE
        self.player = self.first
        geo = self.geo
        events.append(
            Event(
                "setup",
                None,
                {
                    "first_player": self.first,
                    "players": self.num_players,
                    "fincas": [[geo.site_letters[i], list(C.fincas[f])] for i, f in enumerate(self.fincas) if f >= 0],
                    "open_sites": [geo.site_letters[i] for i in self.open_sites],
                },
                irreversible=True,
            )
        )
        self._refill(events, K.RESUME_TURN)

    def _load_context(self, game: Citrus, num_players: int, options: dict[str, Any]) -> None:
        self.game, self.num_players, self.options = game, num_players, options
        self.table, self.lay = table_for(options["board"])
        self.geo = BOARDS[options["board"]]
        self.tab = PL.tables(self.geo)
        self.family, self.free = options["family"], options["free_placement"]
        self.cart_restriction = options["cart_restriction"]
        self.forget_answers()
        self.setup_events = []

    def _after_load(self, data: Mapping[str, Any]) -> None:
        if "rng" in data:  # rules 1 kept the Finca and site stacks in order, drawn by a generator in the state
            raise ValueError("it was saved by rules 1, whose stacks were in order (replay its record instead)")

    def _copy_caches(self, copy: CitrusState) -> None:
        # Answers (plain data) are shared; look-ahead positions are not, because they share
        # lists with this state (see lookahead).
        copy._trials, copy._kids = {}, {}

    def scratch(self) -> CitrusState:
        """A copy for look-ahead: everything copied, and no cached answer but the free roads and
        Bridge/Milestone spaces."""
        c = self._copy_context()
        self.FIELDS.copy(self, c)
        c._legal = c._placing = c._buys = c._helpless = None
        c._opts, c._plans, c._trials, c._kids = {}, {}, {}, {}
        return c

    def lookahead(self, t: int, mod: int) -> CitrusState:
        """A copy on which only ``place_tile(p, kind, t, mod, None)`` will be called (searches).

        The lists that placement changes are copied; the others are shared with this state,
        including the landscape tiles and hands unless this placement picks up a tile or spends
        one. That is safe because a look-ahead position is only ever reached from the caches
        of the position it was made from (clones do not share them), and every action that
        changes those shared lists in place drops or replaces the caches first: a placement
        (see _place), a Bull, a new Finca; cashing Money or using a Cart only remove tiles that
        no look-ahead reads.
        """
        c = CitrusState.__new__(CitrusState)
        c.game, c.num_players, c.options, c.table, c.lay = (
            self.game,
            self.num_players,
            self.options,
            self.table,
            self.lay,
        )
        c.geo, c.tab, c.family, c.free = self.geo, self.tab, self.family, self.free
        c.cart_restriction = self.cart_restriction
        c.plant, c.rid = self.plant[:], self.rid[:]
        c.rcol, c.rown, c.rcells = self.rcol[:], self.rown[:], self.rcells[:]
        c.workers = self.workers[:]
        if mod or self.land[t] >= 0:
            c.land = self.land[:]
            c.held = [h[:] for h in self.held]
            c.horses = [h[:] for h in self.horses]
        else:
            c.land, c.held, c.horses = self.land, self.held, self.horses
        c.fincas, c.market, c.bag, c.scored = self.fincas, self.market, self.bag, self.scored
        c.finca_stack, c.site_stack, c.open_sites = self.finca_stack, self.site_stack, self.open_sites
        c.money, c.points, c.waiting = self.money, self.points, self.waiting
        c.phase, c.player, c.first, c.turn = self.phase, self.player, self.first, self.turn
        c.main_done, c.from_cart, c.refill_pending = self.main_done, self.from_cart, self.refill_pending
        c.final = self.final
        c.box, c.chance, c.pending, c.resume, c.filled = self.box, self.chance, self.pending, self.resume, self.filled
        c.setup_events = []
        c._legal = c._placing = None
        c._opts = {}
        c._plans = {}
        c._trials = {}
        c._kids = {}
        c._buys = c._helpless = None
        c._roads, c._marks, c._own = self._roads, self._marks, self._own  # (place_tile keeps _own up to date)
        c._masks = self._masks
        c._nearby = self._nearby
        return c

    def child(self, p: int, colour: int, t: int, mod: int) -> CitrusState:
        """A look-ahead copy after ``p`` builds a plain tile of ``colour`` on ``t`` (cached)."""
        key = (p, colour, t, mod)
        c = self._kids.get(key)
        if c is None:
            c = self.lookahead(t, mod)
            c.place_tile(p, colour * 2, t, mod, None)
            self._kids[key] = c
        return c

    def _place(self, p: int, kind: int, t: int, mod: int, events: list[Event]) -> None:
        """Build for real, keeping the caches of a :meth:`child` for the same placement, which has
        the same board (wells aside, which no cached answer depends on); the options are read
        off the masks afresh when asked."""
        colour = kind >> 1
        kid = self._kids.get((p, colour, t, mod))
        self.place_tile(p, kind, t, mod, events)
        roads, marks, own, masks = self._roads, self._marks, self._own, self._masks
        if kid is not None:
            self._legal, self._placing, self._opts, self._plans = None, None, kid._opts, kid._plans
            self._trials, self._kids = kid._trials, kid._kids
        else:
            self.forget_answers()
        self._roads, self._marks, self._own, self._masks = roads, marks, own, masks

    def forget_answers(self) -> None:
        """Drop the cached answers after a change to the board (new dicts: clones share them)."""
        self._legal, self._opts, self._plans, self._trials, self._kids = None, {}, {}, {}, {}
        self._placing = None
        self._roads = self._marks = self._buys = self._own = None
        self._helpless = self._nearby = self._masks = None

    def finca_trial(self, site: int) -> CitrusState:
        """This position with a Finca put on open ``site`` (a look-ahead copy, cached), for the
        placements it allows. Which Finca it is is drawn only when one is put there for real, and
        no placement depends on it (a Finca's roads do, not its values), so the trial takes any
        from the pile; it turns up no new site either (the stack is a pile: nothing is next)."""
        trial = self._trials.get(site)
        if trial is None:
            trial = self.scratch()
            trial._put_finca(site, trial.finca_stack[0])
            self._trials[site] = trial
        return trial

    def determinize(self, seat: int, rng: random.Random) -> CitrusState:
        """A copy: nobody knows more than the view shows, and what is not drawn yet (the bag, the
        Finca and site stacks, unordered piles) is not decided, so there is nothing to resample."""
        return self.clone()

    # ------------------------------------------------------------------ small queries

    def held_kinds(self, p: int) -> set[str]:
        return {C.landscape[t][0] for t in self.held[p]}

    @staticmethod
    def landscape_kind(tile: int) -> str:
        return C.landscape[tile][0]

    def free_roads(self) -> tuple[int, ...]:
        """The empty road spaces of the sites that hold a Finca (cached; a placement removes its
        space, a new Finca recomputes)."""
        roads = self._roads
        if roads is None:
            plant, site_roads = self.plant, self.geo.site_roads
            roads = self._roads = tuple(
                t for site, f in enumerate(self.fincas) if f >= 0 for t in site_roads[site] if plant[t] < 0
            )
        return roads

    def marks(self) -> tuple[int, ...]:
        """The spaces whose landscape tile is a Bridge or a Milestone (cached; a placement that
        picks one up removes its space)."""
        marks = self._marks
        if marks is None:
            land = self.land
            marks = self._marks = tuple(sorted(land.index(t) for t in PL.BRIDGES_AND_MILESTONES.intersection(land)))
        return marks

    def masks(self) -> Masks:
        """The board as bitmasks (:mod:`.masks`; cached, brought up to date by builds, harvests
        and Fincas)."""
        masks = self._masks
        if masks is None:
            masks = self._masks = Masks.of(self)
        return masks

    def near_marks(self) -> PL.Near:
        """:func:`.placement.near` of :meth:`marks` (cached with them)."""
        tables = self._nearby
        if tables is None:
            tables = self._nearby = PL.near(self.geo, self.marks())
        return tables

    def placement_options(self, p: int, colour: int) -> list[PL.Placement]:
        """:func:`.placement.placements`, cached for the position."""
        key = (p, colour)
        opts = self._opts.get(key)
        if opts is None:
            opts = self._opts[key] = PL.placements(self, p, colour)
        return opts

    def own_regions(self, p: int) -> list[int]:
        """``p``'s regions, ids ascending (a shared list: not to be changed)."""
        return self.own_index(p)[0]

    def own_index(self, p: int) -> tuple[list[int], tuple[list[int], ...]]:
        """``p``'s regions, and its regions of each type (cached; builds and harvests bring it up
        to date, see :meth:`_own_changed`; shared lists: not to be changed)."""
        memo = self._own
        if memo is None:
            memo = self._own = {}
        entry = memo.get(p)
        if entry is None:
            rown, rcells, rcol = self.rown, self.rcells, self.rcol
            regions = [r for r, o in enumerate(rown) if o == p and rcells[r]]
            by_type: tuple[list[int], ...] = tuple([] for _ in range(TYPES))
            for r in regions:
                by_type[rcol[r]].append(r)
            entry = memo[p] = (regions, by_type)
        return entry

    def finca_available(self) -> bool:
        return bool(self.finca_stack) and bool(self.open_sites)

    def market_count(self) -> int:
        return len(self.market) - self.market.count(-1)  # (an empty space holds -1)

    def line_tiles(self, line: int) -> list[int]:
        return list(line_facts(tuple(self.market))[line][0])

    def enclosed(self, site: int) -> bool:
        """Is every on-board neighbour of ``site`` filled (§7.1)?"""
        plant, land = self.plant, self.land
        return all(plant[s] >= 0 or land[s] >= 0 for s in self.tab.ring_open[site])  # rocks: filled

    def occupied(self, space: int) -> bool:
        """Filled for enclosure (§7.1): a plantation, a landscape tile or Bull, or a rock."""
        return self.plant[space] >= 0 or self.land[space] >= 0 or self.geo.kind[space] == ROCK

    def finca_totals(self, site: int) -> list[int]:
        """Per seat, the full sizes of its regions touching the site's neighbours (§7.2)."""
        totals = [0] * self.num_players
        seen: set[int] = set()
        for space in self.geo.site_ring[site]:
            r = self.rid[space]
            if r >= 0 and r not in seen:
                seen.add(r)
                owner = self.rown[r]
                if owner >= 0:
                    totals[owner] += len(self.rcells[r])
        return totals

    def finca_leaders(self, site: int) -> list[int]:
        """The seats with the largest total next to the site (§7.2), none if nobody has a tile there."""
        totals = self.finca_totals(site)
        top = max(totals)
        return [seat for seat, total in enumerate(totals) if total == top] if top > 0 else []

    def region_points(self, r: int) -> int:
        return sum(C.well_points if self.plant[s] & 1 else C.tile_points for s in self.rcells[r])

    def money_potential(self, p: int) -> int:
        cash = sum(C.landscape[t][1] for t in self.held[p] if C.landscape[t][0] == "money")
        return min(C.money_cap, self.money[p] + cash)

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int:
        if self.chance:
            return CHANCE
        return -1 if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------ chance nodes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = self.chance
        if chance == K.REFILL_DRAW:
            size = sum(self.bag)
            return [(K.TILE_OUTCOME + kind, n / size) for kind, n in enumerate(self.bag) if n]
        if chance == K.LANDSCAPE_DRAW:
            return K.grouped(self.box, K.LAND_GROUP, K.LAND_OUTCOME)
        if chance == K.FINCA_DRAW:
            return K.grouped(self.finca_stack, K.FINCA_GROUP, K.FINCA_OUTCOME)
        if chance in (K.SITE_DRAW, K.START_DRAW):
            each = 1.0 / len(self.site_stack)
            return [(K.SITE_OUTCOME + site, each) for site in self.site_stack]
        if chance == K.FIRST_DRAW:
            each = 1.0 / self.num_players
            return [(K.SEAT_OUTCOME + seat, each) for seat in range(self.num_players)]
        return []

    def sample_outcome(self, rng: random.Random) -> int:
        """The outcome a draw picks, with one ``rng.random()``: the ``floor(u × size)``-th tile
        of the bag (counted kind by kind) or of a pile, or the seat."""
        chance, u = self.chance, rng.random()
        if chance == K.REFILL_DRAW:
            bag = self.bag
            at = int(u * sum(bag))
            for kind, n in enumerate(bag):
                if at < n:
                    return K.TILE_OUTCOME + kind
                at -= n
            raise AssertionError("the bag count is inconsistent")
        if chance == K.LANDSCAPE_DRAW:
            return K.LAND_OUTCOME + K.pick_grouped(self.box, K.LAND_GROUP, u)
        if chance == K.FINCA_DRAW:
            return K.FINCA_OUTCOME + K.pick_grouped(self.finca_stack, K.FINCA_GROUP, u)
        if chance == K.FIRST_DRAW:
            return K.SEAT_OUTCOME + int(u * self.num_players)
        sites = self.site_stack
        return K.SITE_OUTCOME + sites[int(u * len(sites))]

    def _is_outcome(self, code: int) -> bool:
        chance = self.chance
        if chance == K.REFILL_DRAW:
            kind = code - K.TILE_OUTCOME
            return 0 <= kind < C.kinds and self.bag[kind] > 0
        if chance == K.LANDSCAPE_DRAW:
            return 0 <= code - K.LAND_OUTCOME < len(K.LAND_GROUPS) and any(
                K.LAND_GROUP[t] == code - K.LAND_OUTCOME for t in self.box
            )
        if chance == K.FINCA_DRAW:
            return 0 <= code - K.FINCA_OUTCOME < len(K.FINCA_GROUPS) and any(
                K.FINCA_GROUP[f] == code - K.FINCA_OUTCOME for f in self.finca_stack
            )
        if chance in (K.SITE_DRAW, K.START_DRAW):
            return code - K.SITE_OUTCOME in self.site_stack and K.SITE_OUTCOME <= code < K.TILE_OUTCOME
        return chance == K.FIRST_DRAW and 0 <= code - K.SEAT_OUTCOME < self.num_players

    def _apply_chance(self, code: int) -> list[Event]:
        self._legal = self._placing = self._buys = self._helpless = None
        events: list[Event] = []
        chance = self.chance
        if chance == K.REFILL_DRAW:
            self._refilled(code - K.TILE_OUTCOME, events)
        elif chance == K.LANDSCAPE_DRAW:
            tile = K.lowest_copy(self.box, K.LAND_GROUP, code - K.LAND_OUTCOME)
            self.box.remove(tile)
            self.land[next(t for t in LANDSCAPE_SPACES[self.geo.side] if self.land[t] < 0)] = tile
            self._deal(events)
        elif chance == K.START_DRAW:
            site = code - K.SITE_OUTCOME
            self.site_stack.remove(site)
            self.chance, self.pending = K.FINCA_DRAW, site
        elif chance == K.FINCA_DRAW:
            self._finca_drawn(K.lowest_copy(self.finca_stack, K.FINCA_GROUP, code - K.FINCA_OUTCOME), events)
        elif chance == K.SITE_DRAW:
            site = code - K.SITE_OUTCOME
            self.site_stack.remove(site)
            self.open_sites.append(site)
            if self.turn:
                self._finca_told(site, events)
            else:
                self._deal(events)
        else:
            self.first = code - K.SEAT_OUTCOME
            self._set_up(events)
        return events

    # ------------------------------------------------------------------ legality: each rule once
    #
    # Each action family has one check, returning None (legal) or the key of the rule the
    # action breaks (see fruitbowl.engine.legality; refusals.py has the sentences). The legal
    # actions are the candidates the checks let through; a refused action is explained by the
    # same check.

    def _legal_codes(self) -> list[int]:
        legal = self._legal
        if legal is None:
            if self.chance:
                return []
            legal = self._legal = sorted(self._compute_legal())  # (families never repeat a code)
        return legal

    def _compute_legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        p, lay, gates = self.player, self.lay, self._gates()
        codes: list[int] = []
        if gates["site"] is None:
            codes += [lay.site + site for site in self._site_choices(p)]
        if gates["place"] is None:
            codes += self._placeable()
        if gates["buy"] is None:
            codes += self._buy_codes(p, self.money[p])
        if gates["harvest"] is None:
            codes += [lay.harvest + min(self.rcells[r]) for r in self.own_regions(p)]
        if gates["income"] is None:
            codes.append(lay.income)
        if self.held[p]:  # (with no action tile, _refuse_tile refuses them all)
            if self._refuse_tile(p, "money") is None:
                values = self._money_values(self.held[p])
                codes += [lay.cash + i for i, v in enumerate(MONEY_VALUES) if v in values]
            if self._refuse_tile(p, "cart") is None:
                codes += [lay.cart + m for m in range(C.market_spaces) if self._market_refusal(p, m) is None]
            if self._refuse_tile(p, "bull") is None:
                codes += [lay.bull + t for t in self._bull_spaces()]
        if gates["end"] is None:
            codes.append(lay.end)
        if self._refuse_pass(p) is None:
            codes.append(lay.pass_)
        return codes

    def _refusal(self, action: Action) -> str | None:
        kind, f, p = action.kind, action.fields, self.player
        if kind == "buy":
            return self._refuse_buy(p, f["line"], self.money[p])
        if kind == "harvest":
            return self._refuse_harvest(p, f["space"])
        if kind == "income":
            return self._gate("income")
        if kind == "site":
            return self._refuse_site(f["site"])
        if kind == "place":
            return self._refuse_place(action.code)
        if kind == "cash":
            return self._refuse_cash(p, f["value"])
        if kind == "cart":
            return self._refuse_cart(p, f["market_space"])
        if kind == "bull":
            return self._refuse_bull(p, f["space"])
        if kind == "end":
            return self._gate("end")
        return self._refuse_pass(p)

    def _gates(self) -> dict[str, str | None]:
        """Per action kind, its :func:`turn_rule` now."""
        return GATES[self.phase * 8 + self.main_done * 4 + self.from_cart * 2 + self.cart_restriction]

    def _gate(self, kind: str) -> str | None:
        return self._gates()[kind]

    @staticmethod
    def _held_kinds(held: list[int]) -> set[str]:
        """The kinds of action tile in a hand: an action tile is used only while held."""
        return set(map(TILE_KIND.__getitem__, held))

    @staticmethod
    def _money_values(held: list[int]) -> set[int]:
        """The values of the Money tiles in a hand."""
        return {C.landscape[t][1] for t in held if TILE_KIND[t] == "money"}

    def _refuse_tile(self, p: int, kind: str) -> str | None:
        """An action tile (Money, Cart, Bull) is used when held and its phase allows."""
        gate = self._gate("cash" if kind == "money" else kind)
        if gate is not None:
            return gate
        return None if kind in self._held_kinds(self.held[p]) else "tile.not_held"

    def _refuse_cash(self, p: int, value: int) -> str | None:
        refused = self._refuse_tile(p, "money")
        if refused is not None:
            return refused
        return None if value in self._money_values(self.held[p]) else "tile.not_held"

    def _refuse_bull(self, p: int, space: int) -> str | None:
        """§8.4: a Bull goes on an empty space (not a rock, not a building site)."""
        refused = self._refuse_tile(p, "bull")
        if refused is not None:
            return refused
        return None if space in self._bull_spaces() else "bull.not_empty"

    def _bull_spaces(self) -> list[int]:
        """The empty spaces (neither a rock nor a building site): where a Bull may go (§8.4)."""
        kind, plant, land = self.geo.kind, self.plant, self.land
        return [s for s in range(self.geo.size) if plant[s] < 0 and land[s] < 0 and kind[s] != ROCK and kind[s] != SITE]

    def _refuse_cart(self, p: int, m: int) -> str | None:
        refused = self._refuse_tile(p, "cart")
        if refused is not None:
            return refused
        return self._market_refusal(p, m)

    def _market_refusal(self, p: int, m: int) -> str | None:
        """§8.3: a Cart takes a tile from the market that can be built (the phase aside: the
        passing test asks before the turn's first action)."""
        if self.market[m] < 0:
            return "cart.empty_space"
        if not self._cart_ok(p, m):
            return "cart.unbuildable_with_waiting" if any(self.waiting) else "cart.unbuildable"
        return None

    def _refuse_buy(self, p: int, line: int, money: int) -> str | None:
        """§5.1: a line is bought if it has tiles, the player can pay one coin per tile, and
        every tile of it can be built."""
        refused = self._gate("buy")
        if refused is not None:
            return refused
        return self._line_refusal(p, line_facts(tuple(self.market))[line], money)

    def _line_refusal(self, p: int, line: LineFacts, money: int) -> str | None:
        """A line (:func:`line_facts`), the phase aside (the passing test asks before the turn's
        first action)."""
        tiles = line[0]
        if not tiles:
            return "buy.empty_line"
        if len(tiles) > money:
            return "buy.too_dear"
        return None if self._buy_ok(p, line) else "buy.unbuildable"

    def _refuse_harvest(self, p: int, space: int) -> str | None:
        """§6: an own region, named by its first tile in reading order."""
        refused = self._gate("harvest")
        if refused is not None:
            return refused
        r = self.rid[space]
        if r < 0:
            return "harvest.no_plantation"
        if self.rown[r] != p:
            return "harvest.neutral" if self.rown[r] < 0 else "harvest.rival"
        return None if space == min(self.rcells[r]) else "harvest.first_tile"

    def _refuse_site(self, site: int) -> str | None:
        """§5.2, §5.7: the new Finca goes on a face-up site; one where the waiting tiles could
        all be built, if there is such a site."""
        refused = self._gate("site")
        if refused is not None:
            return refused
        if site not in self.open_sites:
            return "site.not_open"
        return None if site in self._site_choices(self.player) else "site.unbuildable"

    def _refuse_place(self, code: int) -> str | None:
        """§5.3 (one space: :func:`.placement.space_rule`), §8.5–§8.6 (the tile spent) and §5.7
        (the other waiting tiles must stay buildable: :meth:`_placeable`)."""
        refused = self._gate("place")
        if refused is not None:
            return refused
        kind, t, mod = self.lay.split_place(code)
        p = self.player
        if not self.waiting[kind]:
            return "place.not_waiting"
        bridge, milestone = PL.held_bridge_milestone(self.held[p])
        if mod & BRIDGE and not bridge:
            return "place.no_bridge"
        if mod & MILESTONE and not milestone:
            return "place.no_milestone"
        why: dict[int, str] = {}
        allowed = PL.space_rule(self, p, kind >> 1, (t,), why=why)
        if not allowed:
            return why[t]
        _t, needed, flags = PL.decoded(allowed[0])
        if needed != mod:
            if needed & BRIDGE and not mod & BRIDGE:
                return "place.occupied" if self.plant[t] >= 0 else "place.rock"
            if mod & BRIDGE and not needed & BRIDGE:
                return "place.bridge_not_needed"
            if needed & MILESTONE:
                return "place.not_connected"
            return "place.milestone_extends" if not flags & PL.NEW else "place.milestone_not_needed"
        return None if code in self._placeable() else "place.blocks_rest"

    def _refuse_pass(self, p: int) -> str | None:
        """§9: a player passes only when no main action is possible, even after cashing Money,
        and no Cart could be used."""
        refused = self._gate("pass")
        if refused is not None:
            return refused
        return "pass.can_act" if self.can_act(p) else None  # (a line bought with money now counts there)

    def _cart_ok(self, p: int, m: int) -> bool:
        """A Cart's tile must be buildable (§8.3), with the new Finca's roads if it brings one;
        taken while bought tiles wait (§5.6 lifted), it and those tiles must all be buildable
        (§5.7), and the purchase's pending refill covers it (no second Finca)."""
        colour = self.market[m] >> 1
        finca = not self.refill_pending and self.market_count() - 1 <= C.trigger and self.finca_available()
        if any(self.waiting):
            counts = self._waiting_colours()
            counts[colour] += 1
            if PL.solve(self, p, counts) is not None:
                return True
            return finca and any(PL.solve(self.finca_trial(site), p, counts) is not None for site in self.open_sites)
        if self.placement_options(p, colour):
            return True
        if finca:
            for site in self.open_sites:
                trial = self.finca_trial(site)
                if trial.placement_options(p, colour):
                    return True
        return False

    def _buy_codes(self, p: int, money: int) -> list[int]:
        """The lines ``p`` may buy with ``money`` (ignoring the phase: the passing test asks at
        the start of a turn); the last answer is kept for the same seat, money and market until
        the next action."""
        market, buy = self.market, self.lay.buy
        shown = tuple(market)
        known = self._buys
        if known is not None and known[0] == p and known[1] == money and known[2] == shown:
            return known[3]
        refusal = self._line_refusal
        out = [buy + line for line, facts in enumerate(line_facts(shown)) if refusal(p, facts, money) is None]
        self._buys = (p, money, shown, out)
        return out

    def _buy_ok(self, p: int, line: LineFacts) -> bool:
        """May ``p`` buy a line (:func:`line_facts`), money aside (§5.1)?"""
        tiles, counts, types = line
        if self.free:  # [ENG] at least one tile must be buildable, so every Build makes progress (§9)
            return any(self.placement_options(p, c) for c in types) or self._finca_helps(p, tiles)
        # One pass over the line's types gives what the questions below read: their options,
        # whether every type is roomy (then the line surely is buildable, before any plan is
        # made) and whether a type without options leaves the line stuck.
        total = len(tiles)
        known, option = self._opts, self.placement_options
        options: dict[int, list[PL.Placement]] = {}
        roomy = True
        empty = stuck = False
        for c in types:
            opts = known.get((p, c))
            if opts is None:
                opts = option(p, c)
            options[c] = opts
            if roomy and not PL.roomy(opts, total):
                roomy = False
            if not opts and not empty:
                empty = True
                if self._stuck_without(p, total, counts[c]):
                    stuck = True
                    break
        if roomy:
            return True
        if not stuck:
            key = (p, *counts)
            plans = self._plans
            if key in plans:  # (the search's memo: see placement._search)
                plan = plans[key]
            else:
                plan = plans[key] = PL.walk_options(self, p, list(counts), options, empty, set(), frozenset(), True)
            if plan is not None:
                return True
        if self.market_count() - total <= C.trigger and self.finca_available():
            for site in self.open_sites:
                trial = self.finca_trial(site)
                if PL.solve(trial, p, list(counts)) is not None:
                    return True
        return False

    def _stuck_without(self, p: int, total: int, n: int) -> bool:
        """Is a line of ``total`` tiles, ``n`` of them of a type with no option, surely unbuildable
        as the board stands, because nothing the others could do would give that type one
        (:func:`.placement.helpless`; the search would say so after asking the same)?"""
        if total == n:  # (only that type: nothing else is built first)
            return True
        if total > PL.NEAR + 2:
            return False
        known = self._helpless
        if known is None:
            known = self._helpless = {}
        stuck = known.get(p)
        if stuck is None:
            stuck = known[p] = PL.helpless(self, p)
        return stuck

    def _finca_helps(self, p: int, tiles: Sequence[int]) -> bool:
        if self.market_count() - len(tiles) > C.trigger or not self.finca_available():
            return False
        for site in self.open_sites:
            trial = self.finca_trial(site)
            if any(trial.placement_options(p, k >> 1) for k in tiles):
                return True
        return False

    def can_act(self, p: int) -> bool:
        """The opposite of the passing test (§9): a main action now or after cashing all Money,
        or a usable Cart."""
        if self.own_regions(p):
            return True
        if self._buy_codes(p, self.money_potential(p)):
            return True
        if not any(C.landscape[t][0] == "cart" for t in self.held[p]):
            return False
        return any(self._market_refusal(p, m) is None for m in range(C.market_spaces))

    def _waiting_colours(self) -> list[int]:
        waiting = self.waiting  # (kinds 2c and 2c + 1 are type c, without and with a well)
        return list(map(add, waiting[::2], waiting[1::2]))

    def _site_choices(self, p: int) -> list[int]:
        if self.phase == BLOCKED_SITE or self.free:
            return list(self.open_sites)
        counts = self._waiting_colours()
        if PL.solve(self, p, counts) is not None:
            return list(self.open_sites)
        good = []
        for site in self.open_sites:
            trial = self.finca_trial(site)
            if PL.solve(trial, p, counts) is not None:
                good.append(site)
        return good or list(self.open_sites)

    def _placeable(self) -> list[int]:
        """§5.7: the placements of waiting tiles, legal on their own (:func:`.placement.space_rule`),
        after which the other waiting tiles can all still be built (cached per position)."""
        p = self.player
        known = self._placing
        if known is not None and known[0] == p and known[1] == self.waiting:
            return known[2]
        counts = self._waiting_colours()
        lay, road_site, family = self.lay, self.geo.road_site, self.family
        workers, free = self.workers[p], self.free
        opts = {c: self.placement_options(p, c) for c in range(TYPES) if counts[c]}
        chosen: dict[int, list[int]] = {}  # per type: space * 4 + mod of each placement offered
        for c, options in opts.items():
            rest = counts[:]
            rest[c] -= 1
            if free or not any(rest):
                chosen[c] = [t * 4 + mod for t, mod, _flags in options]
                continue
            good: list[int] = []
            chosen[c] = good
            # A greedy plan for the rest (with one worker fewer for a placement that starts a
            # region) certifies every placement off its spaces and its roads' colours.
            base: dict[int, tuple[set[int], set[tuple[int, int]]] | None] = {}
            for t, mod, flags in options:
                new = flags & PL.NEW
                if new not in base:
                    plan = PL.greedy_plan(opts, rest, workers - (1 if new else 0), road_site, family, self, None, p)
                    base[new] = (
                        None
                        if plan is None
                        else ({u for u, _c, _m in plan}, {(road_site[u], k) for u, k, _m in plan if road_site[u] >= 0})
                    )
                room = base[new]
                ok = (
                    room is not None
                    and t not in room[0]
                    and (family or road_site[t] < 0 or (road_site[t], c) not in room[1])
                )
                if not ok and not mod:  # a plan for the rest that leaves this placement its room
                    first = (t, c, flags)
                    ok = PL.greedy_plan(opts, rest, workers, road_site, family, self, first, p) is not None
                if not ok and not PL.strands(self, p, c, t, mod, flags, rest):
                    trial = self.child(p, c, t, mod)
                    ok = PL.solve(trial, p, rest) is not None
                if ok:
                    good.append(t * 4 + mod)
        # Waiting tiles that cannot all be built (only in a position set up by hand: a line is
        # bought only if they can) must not leave the player without a move: every placement
        # legal on its own is offered, and §5.7 returns what cannot be built.
        if not any(chosen.values()):
            chosen = {c: [t * 4 + mod for t, mod, _flags in options] for c, options in opts.items()}
        out = []
        for kind, n in enumerate(self.waiting):
            if n:
                zero = lay.place_code(kind, 0, 0)  # (a placement's code is zero + space * 4 + mod)
                out += [zero + x for x in chosen[kind >> 1]]
        self._placing = (p, self.waiting[:], out)
        return out

    def _apply_code(self, code: int) -> list[Event]:
        lay, p = self.lay, self.player
        self._legal = self._placing = self._buys = self._helpless = None
        # A placement, a harvest and a Bull update the caches below; the other actions leave the
        # board as it is.
        events: list[Event] = []
        if code < lay.harvest:
            self._buy(p, code - lay.buy, events)
        elif code < lay.income:
            self._harvest_keeping(p, self.rid[code - lay.harvest], events)
        elif code == lay.income:
            self._income(p, events)
        elif code < lay.place:
            self.chance, self.pending = K.FINCA_DRAW, code - lay.site  # which Finca goes there is drawn
        elif code < lay.cash:
            kind, space, mod = lay.split_place(code)
            self.waiting[kind] -= 1
            self._place(p, kind, space, mod, events)
            self._after_placement(p, events)
        elif code < lay.cart:
            self._cash(p, MONEY_VALUES[code - lay.cash], events)
        elif code < lay.bull:
            self._cart(p, code - lay.cart, events)
        elif code < lay.end:
            opts, roads, marks, own, masks = self._opts, self._roads, self._marks, self._own, self._masks
            self.forget_answers()
            self._bull(p, code - lay.bull, events)
            self._opts, self._roads, self._marks, self._own, self._masks = opts, roads, marks, own, masks
        elif code == lay.end:
            events.append(Event("end_turn", p))
            self._end_turn(events)
        else:
            events.append(Event("pass", p))
            self._end_turn(events)
        if self.phase == PLACE and not self.chance:
            self._settle_waiting(p, events)
        return events

    # ------------------------------------------------------------------ turn structure

    def _start_turn(self, p: int, events: list[Event]) -> None:
        self.player, self.phase = p, MAIN
        self.main_done = self.from_cart = False
        self.turn += 1
        self._legal = self._placing = None
        events.append(Event("turn", p, {"turn": self.turn}))
        if self.can_act(p) or any(self.can_act(q) for q in range(self.num_players) if q != p):
            return
        events.append(Event("blocked", p))
        if self.finca_available():
            self.phase = BLOCKED_SITE
        elif self.bag_size() and self.market_count() < C.market_spaces:
            self._refill(events, K.RESUME_TURN)  # (then this turn starts again)
        else:
            self._game_over(events, blocked=True)

    def bag_size(self) -> int:
        return sum(self.bag)

    def _end_turn(self, events: list[Event]) -> None:
        plant, land, rings, scored = self.plant, self.land, self.tab.ring_open, self.scored
        for site, f in enumerate(self.fincas):
            if f < 0 or scored[site]:
                continue
            for s in rings[site]:  # enclosed (§7.1): rocks are left out of these rings
                if plant[s] < 0 and land[s] < 0:
                    break
            else:
                self._score_finca(site, events)
        if not self.bag_size() and self.market_count() == 0:
            self._game_over(events, blocked=False)
            return
        self._start_turn((self.player + 1) % self.num_players, events)

    def _score_finca(self, site: int, events: list[Event]) -> None:
        high, low = C.fincas[self.fincas[site]]
        totals = self.finca_totals(site)
        awards = finca_awards(totals, high, low)
        for seat, pts in enumerate(awards):
            self.points[seat][1] += pts
        self.scored[site] = 1
        events.append(
            Event("finca_scored", None, {"site": self.geo.site_letters[site], "totals": totals, "awards": awards})
        )

    # ------------------------------------------------------------------ market

    def _buy(self, p: int, line: int, events: list[Event]) -> None:
        taken = []
        for m in C.lines[line]:
            if self.market[m] >= 0:
                taken.append([m, self.market[m]])
                self.waiting[self.market[m]] += 1
                self.market[m] = -1
        self.money[p] -= len(taken)
        self.main_done = True
        events.append(Event("buy", p, {"line": C.line_names[line], "tiles": taken, "cost": len(taken)}))
        self._after_taking(events)

    def _cart(self, p: int, m: int, events: list[Event]) -> None:
        self._use_tile(p, "cart", 0)
        kind = self.market[m]
        self.market[m] = -1
        self.from_cart = not any(self.waiting)  # (else it joins bought tiles: §5.6 lifted)
        self.waiting[kind] += 1
        events.append(Event("cart", p, {"market_space": m, "kind": kind}))
        self._after_taking(events)

    def _after_taking(self, events: list[Event]) -> None:
        """§5.2: with 3 or fewer tiles left, a new Finca (site chosen now) and a refill later; a
        refill already pending covers a Cart taken meanwhile (§5.6)."""
        self.phase = PLACE
        if not self.refill_pending and self.market_count() <= C.trigger:
            self.refill_pending = True
            if self.finca_available():
                self.phase = SITE_CHOICE

    def _finca_drawn(self, finca: int, events: list[Event]) -> None:
        """The Finca drawn for the site waiting for one: in the setup, the deal goes on; in play,
        it is put there (with what a :meth:`finca_trial` of that site learnt), and the next
        building site is turned up if the stack has one."""
        site = self.pending
        if not self.turn:
            self.pending = -1
            self.fincas[site] = finca
            self.finca_stack.remove(finca)
            self._deal(events)
            return
        old, trial, own, masks = self._opts, self._trials.get(site), self._own, self._masks
        self.forget_answers()  # a new Finca: new roads for everyone (options: see _put_finca)
        self._opts, self._own, self._masks = old, own, masks  # (the regions stay; _put_finca updates the masks)
        self._put_finca(site, finca, trial=trial)  # (told with the site turned up: pending until then)
        if self.site_stack:
            self.chance = K.SITE_DRAW
        else:
            self._finca_told(-1, events)

    def _finca_told(self, revealed: int, events: list[Event]) -> None:
        """The new Finca is told, with the site turned up after it (-1: none was left); then the
        turn goes on as its player chose the site (§5.2, §7.5)."""
        site, self.pending = self.pending, -1
        self.chance = K.NO_CHANCE
        letters = self.geo.site_letters
        data: dict[str, Any] = {"site": letters[site], "values": list(C.fincas[self.fincas[site]])}
        data["revealed_site"] = letters[revealed] if revealed >= 0 else None
        events.append(Event("finca", self.player, data, irreversible=True))
        if self.phase == BLOCKED_SITE:
            if all(self.occupied(s) for s in self.geo.site_ring[site]):
                self._score_finca(site, events)  # §7.5: scored at once
            self._refill(events, K.RESUME_TURN)
        else:
            self.phase = PLACE
            self._settle_waiting(self.player, events)

    def _put_finca(self, site: int, finca: int, trial: CitrusState | None = None) -> None:
        """Finca ``finca`` on open ``site``: its roads open, so the options are made afresh from the
        masks when asked. With ``trial`` (this position with a Finca there, see
        :meth:`finca_trial`), the options and searches it holds are taken over."""
        self.fincas[site] = finca
        self.finca_stack.remove(finca)
        self._roads = None
        if self._masks is not None:
            self._masks = self._masks.with_finca(self, site)
        # (always a new dict: a trial's stays its own)
        if trial is None:
            self._opts = {}
        else:
            self._opts = dict(trial._opts)
            self._plans, self._kids = trial._plans, trial._kids
        self.open_sites.remove(site)

    def _refill(self, events: list[Event], resume: int = K.RESUME_PLAY) -> None:
        """Refill the market's empty spaces from the bag, in space order, a draw each (chance
        nodes, told in one event at the end); then go on with ``resume``: play as it stands, or
        (RESUME_TURN) the turn of the player to move starts."""
        self.refill_pending = False
        if -1 in self.market and self.bag_size():
            self.chance, self.resume = K.REFILL_DRAW, resume
        else:
            self._resume(resume, events)

    def _refilled(self, kind: int, events: list[Event]) -> None:
        market = self.market
        m = market.index(-1)
        market[m] = kind
        self.bag[kind] -= 1
        self.filled.append([m, kind])
        if -1 in market and self.bag_size():
            return  # the next space's draw
        events.append(Event("refill", None, {"tiles": self.filled}, irreversible=True))
        self.filled = []
        self.chance = K.NO_CHANCE
        self._resume(self.resume, events)

    def _resume(self, resume: int, events: list[Event]) -> None:
        if resume == K.RESUME_TURN:
            self._start_turn(self.player, events)

    # ------------------------------------------------------------------ building

    def place_tile(self, p: int, kind: int, t: int, mod: int, events: list[Event] | None) -> None:
        """Build ``kind`` on space ``t`` for ``p`` (legality already checked): §5.3 rules 5–7, §8.5."""
        colour = kind >> 1
        plant, rid, rown, rcol, rcells = self.plant, self.rid, self.rown, self.rcol, self.rcells
        roads, marks = self._roads, self._marks
        if roads is not None and t in roads:
            self._roads = tuple(u for u in roads if u != t)
        if marks is not None and t in marks:
            self._marks = tuple(u for u in marks if u != t)
            self._nearby = None
        replaced = -1
        if mod & BRIDGE:
            self._use_tile(p, "bridge", 0)
            if plant[t] >= 0:
                replaced = plant[t]
                self._remove_neutral(t)
                if self._masks is not None:
                    self._masks = self._masks.cleared(self, t, replaced >> 1)
        if mod & MILESTONE:
            self._use_tile(p, "milestone", 0)
        own: list[int] = []
        neutral: list[int] = []
        for nb in self.geo.orth[t]:
            pk = plant[nb]
            if pk >= 0 and pk >> 1 == colour:
                r = rid[nb]
                if rown[r] == p and r not in own:
                    own.append(r)
                elif rown[r] < 0 and r not in neutral:
                    neutral.append(r)
        plant[t] = kind
        if not own:
            target = len(rcol)
            rcol.append(colour)
            rown.append(p)
            rcells.append((t,))
            rid[t] = target
            self.workers[p] -= 1
        else:
            if len(own) > 1:
                own.sort(key=lambda r: -len(rcells[r]))
            target = own[0]
            cells = [*rcells[target], t]
            rid[t] = target
            for r in own[1:] + neutral:
                for s in rcells[r]:
                    rid[s] = target
                cells += rcells[r]
                rcells[r] = ()
                rown[r] = -1
            rcells[target] = tuple(cells)
            if len(own) > 1:
                self.workers[p] += len(own) - 1
        self._own_changed(p, colour, own[1:] if own else [target], bool(own))
        if self._masks is not None:
            self._masks = self._masks.built(self, p, colour, t, neutral)
        tile = self.land[t]
        if tile >= 0:
            self.land[t] = -1
            what = C.landscape[tile][0]
            (self.horses[p] if what == "horses" else self.held[p]).append(tile)
            self.held[p].sort()
        if events is None:
            return
        data: dict[str, Any] = {"kind": kind, "space": t, "space_label": self.geo.labels[t]}
        if replaced >= 0:
            data["replaced"] = replaced
        if not own:
            data["new_region"] = True
        else:
            if len(own) > 1:
                data["workers_back"] = len(own) - 1
            if neutral:
                data["neutral_merged"] = True
        data["region_size"] = len(rcells[target])
        if mod:
            data["bridge"], data["milestone"] = bool(mod & BRIDGE), bool(mod & MILESTONE)
        if tile >= 0:
            what, value = C.landscape[tile]
            data["pickup"] = {"kind": what, "value": value}
            if what == "horses" and self.options["horses_at_once"]:
                data["pickup"]["scored"] = True  # (§8.1 Yucata: they count on the score track now)
        events.append(Event("place", p, data))

    def _own_changed(self, p: int, colour: int, regions: list[int], gone: bool) -> None:
        """Bring ``own_index`` up to date when ``p``'s ``regions`` of ``colour`` are ``gone``
        (merged away or harvested) or new (the other seats' regions do not change). The cache
        is shared with copies, so it is replaced, never changed in place."""
        memo = self._own
        if memo is None:
            return
        entry = memo.get(p)
        if entry is None or not regions:
            return  # (the others' entries stand; p's is made when asked)
        memo = self._own = dict(memo)
        mine, by_type = entry
        if gone:
            mine = [r for r in mine if r not in regions]
            typed = [r for r in by_type[colour] if r not in regions]
        else:  # (new region ids are the highest: the lists stay ascending)
            mine = [*mine, *regions]
            typed = [*by_type[colour], *regions]
        memo[p] = (mine, (*by_type[:colour], typed, *by_type[colour + 1 :]))

    def _remove_neutral(self, t: int) -> None:
        """A Bridge removes a neutral tile (§8.5); its region is re-divided by connectivity."""
        r = self.rid[t]
        rest = [s for s in self.rcells[r] if s != t]
        self.plant[t] = -1
        self.rid[t] = -1
        self.rcells[r] = ()
        left = set(rest)
        orth = self.geo.orth
        while left:
            start = left.pop()
            group = [start]
            frontier = [start]
            while frontier:
                s = frontier.pop()
                for nb in orth[s]:
                    if nb in left:
                        left.discard(nb)
                        group.append(nb)
                        frontier.append(nb)
            new = len(self.rcol)
            self.rcol.append(self.rcol[r])
            self.rown.append(-1)
            self.rcells.append(tuple(group))
            for s in group:
                self.rid[s] = new

    def _after_placement(self, p: int, events: list[Event]) -> None:
        if any(self.waiting):
            return
        self.from_cart = False
        self.phase = AFTER if self.main_done else MAIN
        if self.refill_pending:
            self._refill(events)

    def _settle_waiting(self, p: int, events: list[Event]) -> None:
        """§5.7: waiting tiles of which none can be built go back to the market at −3 each."""
        if self._legal_codes() and any(self.lay.place <= code < self.lay.cash for code in self._legal_codes()):
            return
        returned = []
        for kind in range(C.kinds):
            for _ in range(self.waiting[kind]):
                for m in range(C.market_spaces):
                    if self.market[m] < 0:
                        self.market[m] = kind
                        returned.append([m, kind])
                        break
            self.waiting[kind] = 0
        penalty = C.return_penalty * len(returned)
        self.points[p][2] -= penalty
        refund = 0 if self.from_cart else len(returned)
        self.money[p] = min(C.money_cap, self.money[p] + refund)
        events.append(Event("returned", p, {"tiles": returned, "penalty": penalty, "refund": refund}))
        self.forget_answers()
        self._after_placement(p, events)

    # ------------------------------------------------------------------ harvest

    def _harvest(self, p: int, r: int, events: list[Event]) -> None:
        pts = self.region_points(r)
        self._own_changed(p, self.rcol[r], [r], True)
        self.points[p][0] += pts
        self.rown[r] = -1
        if self._masks is not None:
            self._masks = self._masks.harvested(self, p, self.rcol[r], self.rcells[r])
        self.workers[p] += 1
        self.main_done = True
        self.phase = HARVEST
        cells = self.rcells[r]
        events.append(
            Event(
                "harvest",
                p,
                {
                    "space": min(cells),
                    "space_label": self.geo.labels[min(cells)],
                    "type": self.rcol[r],
                    "size": len(cells),
                    "points": pts,
                },
            )
        )

    def _harvest_keeping(self, p: int, r: int, events: list[Event]) -> None:
        """Harvest, keeping what is known of the options: the region's tiles become neutral, which
        changes only what may be built on them (a Bridge may cover them) and next to them (no
        contact rule, neutral merges); the harvester's are computed afresh if its mat was empty
        (new regions become possible anywhere)."""
        old, roads, marks, own, masks = self._opts, self._roads, self._marks, self._own, self._masks
        workers, colour = self.workers[p], self.rcol[r]
        self.forget_answers()
        self._own, self._masks = own, masks  # (_harvest brings them up to date)
        self._harvest(p, r, events)
        self._roads, self._marks = roads, marks
        bridges = [PL.held_bridge_milestone(held)[0] for held in self.held]
        keep = {}
        for key, opts in old.items():
            q, c = key
            if q == p and workers == 0:  # new regions become possible for the harvester anywhere
                continue
            if c != colour and not bridges[q]:
                keep[key] = opts  # (other types, no Bridge to cover the tiles: nothing changed)
        self._opts = keep  # (the others are made afresh from the masks when asked)

    def _income(self, p: int, events: list[Event]) -> None:
        income = C.income[self.workers[p]]
        before = self.money[p]
        self.money[p] = min(C.money_cap, before + income)
        events.append(Event("income", p, {"income": income, "gained": self.money[p] - before}))
        self.phase = AFTER

    # ------------------------------------------------------------------ action tiles

    def _use_tile(self, p: int, kind: str, value: int) -> None:
        for t in self.held[p]:
            if C.landscape[t][0] == kind and (not value or C.landscape[t][1] == value):
                self.held[p].remove(t)
                return
        raise AssertionError(f"seat {p} holds no {kind} tile")

    def _cash(self, p: int, value: int, events: list[Event]) -> None:
        self._use_tile(p, "money", value)
        before = self.money[p]
        self.money[p] = min(C.money_cap, before + value)
        events.append(Event("cash", p, {"value": value, "gained": self.money[p] - before}))

    def _bull(self, p: int, space: int, events: list[Event]) -> None:
        for t in self.held[p]:
            if C.landscape[t][0] == "bull":
                self.held[p].remove(t)
                self.land[space] = t
                break
        events.append(Event("bull", p, {"space": space, "space_label": self.geo.labels[space]}))

    # ------------------------------------------------------------------ the end

    def _game_over(self, events: list[Event], blocked: bool) -> None:
        n = self.num_players
        final = [dict.fromkeys(CATEGORIES[3:], 0) for _ in range(n)]
        for site, f in enumerate(self.fincas):
            if f >= 0 and not self.scored[site]:
                for seat in self.finca_leaders(site):
                    final[seat]["final_fincas"] += C.fincas[f][1]
        for r, owner in enumerate(self.rown):
            if owner >= 0 and self.rcells[r]:
                final[owner]["final_harvest"] += self.region_points(r)
        for seat in range(n):
            final[seat]["horses"] = sum(C.landscape[t][1] for t in self.horses[seat])
            final[seat]["action_tiles"] = C.unused_action_points * len(self.held[seat])
        self.final = final
        self.phase = OVER
        events.append(Event("game_over", None, {"blocked": blocked, "final": final}))

    def result(self) -> Result:
        if self.phase != OVER:
            raise FruitbowlError("the game is not over yet")
        return self.standings()

    def standings(self) -> Result:
        """The score as it stands (final once the game is over)."""
        rows = []
        for seat in range(self.num_players):
            h, f, pen = self.points[seat]
            row = {"harvests": h, "fincas": f, "penalties": pen}
            row.update(self.final[seat] if self.final else dict.fromkeys(CATEGORIES[3:], 0))
            if self.options["horses_at_once"]:  # §8.1 Yucata: on the score track when collected
                row["horses"] = sum(C.landscape[t][1] for t in self.horses[seat])
            rows.append(row)
        return Result.ranked(CATEGORIES, rows)

    def view(self, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], build_view(self, seat))  # (a CitrusView, which clients read as JSON)


#: The action kinds, as the action table names them.
KINDS = ("buy", "harvest", "income", "site", "place", "cash", "cart", "bull", "end", "pass")
#: Per landscape tile id: its kind ("money", "cart", "bull", "bridge", …).
TILE_KIND = tuple(kind for kind, _value in C.landscape)


def turn_rule(phase: int, main_done: bool, from_cart: bool, cart_restriction: bool, kind: str) -> str | None:
    """Turn structure (§4–§6, §9): whether an action of ``kind`` may be taken in this phase of
    the turn at all (``None``), or the refusal key of the rule it breaks."""
    if phase in (SITE_CHOICE, BLOCKED_SITE):
        return None if kind == "site" else "site.choose_first"
    if kind == "site":
        return "site.no_finca"
    if phase == HARVEST:  # Money and the Bull at any moment (§4); no Cart inside the harvest (§6)
        if kind == "cart":
            return "harvest.no_cart"
        return None if kind in ("harvest", "income", "cash", "bull") else "harvest.unfinished"
    if kind == "income":
        return "income.after_harvest"
    if kind == "harvest":
        return None if phase == MAIN else "main.done" if main_done else "harvest.not_now"
    if kind == "buy":
        return "main.done" if main_done else None if phase == MAIN else "buy.tiles_waiting"
    if kind == "place":
        return None if phase == PLACE else "place.nothing_waiting"
    if phase == PLACE:
        if kind in ("end", "pass"):
            return "place.build_first"
        if kind == "cart" and from_cart:
            return "cart.its_tile_first"  # a Cart's tile is built at once (§8.3)
        if kind == "cart" and cart_restriction:
            return "cart.restriction"  # (§5.6)
    if kind == "end":
        return "end.main_first" if phase == MAIN else None
    if kind == "pass":
        return None if phase == MAIN else "pass.not_now"
    return None


def turn_gates(phase: int, main_done: bool, from_cart: bool, cart_restriction: bool) -> dict[str, str | None]:
    """:func:`turn_rule` for every kind at once."""
    return {kind: turn_rule(phase, main_done, from_cart, cart_restriction, kind) for kind in KINDS}


#: :func:`turn_gates` of every situation, at ``phase * 8 + main_done * 4 + from_cart * 2 + cart_restriction``.
GATES = tuple(
    turn_gates(phase, bool(main_done), bool(from_cart), bool(restriction))
    for phase in range(len(PHASE_NAMES))
    for main_done in (0, 1)
    for from_cart in (0, 1)
    for restriction in (0, 1)
)


def finca_awards(totals: Sequence[int], high: int, low: int) -> list[int]:
    """§7.3: the highest total takes high (all tied take high, and then nobody takes low);
    otherwise the next-highest total takes low (ties each take it). Totals of 0 take part in nothing."""
    awards = [0] * len(totals)
    top = max(totals)
    if top <= 0:
        return awards
    firsts = [s for s, t in enumerate(totals) if t == top]
    for s in firsts:
        awards[s] = high
    if len(firsts) == 1:
        second = max((t for t in totals if t < top), default=0)
        if second > 0:
            for s, t in enumerate(totals):
                if t == second:
                    awards[s] = low
    return awards


# Records of rules 1 (before chance was explicit) replay, and go on, with that engine's draws.
from .legacy import CitrusRules1Dealer  # noqa: E402  (it reads this module's board tables)

Citrus.legacy_dealers = {"1": CitrusRules1Dealer}
