"""Juicy Fruits (Christian Stöhr), 1–4 players: the base game per ``rules/juicy_fruits.md``.

Each player owns a 5×5 island: ships on the 12 beach spaces, five fruit collectors on the
ponds. A turn is step 1 (slide a collector, advanced collector or ice cream cart straight
across free spaces: fruit per space, or ice cream / milkshake markers), step 2 (supply one
ship, claim one business token and place it, or do nothing), then optionally the juice
factory. Every claim moves the license marker; when it reaches X the round is finished,
stalls are scored, and the most points wins (ties: later in turn order). Solo is against
Pineapple (:mod:`.solo`), who plays automatically after each of your turns.

The state is lean lists of ints (grid cells hold piece codes, see :mod:`.island`) so random
playouts stay fast; legal codes are cached per state. The Mystic Island modules (option
``modules``) hook in at a few points only — the collect-or-explore choice after a collector
moves (:mod:`.mystic`), boulder checkpoints after step 1, step 2 and the end of the turn
(:mod:`.boulders`), extra tokens, offices and whales (:mod:`.new_business`) — so a base game
plays exactly as before, with the same action codes and events.

Chance is explicit (:mod:`.draws`): the state holds no random generator and stops at every
random event of the setup (the business board, each island, the first player, the statues and
boulders) and at each of Pineapple's boats; a front end's dealer decides them. Rules 1 drew them
from a generator in the state; its records replay with :mod:`.legacy`'s dealer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from fruitbowl.engine import Observation
from fruitbowl.engine.actions import Action, ActionTable
from fruitbowl.engine.chance import LegacyDealer
from fruitbowl.engine.errors import FruitbowlError, IllegalAction, InvalidOption
from fruitbowl.engine.events import Event
from fruitbowl.engine.fields import Field, Fields
from fruitbowl.engine.game import CHANCE, Game, State
from fruitbowl.engine.options import OptionSpec
from fruitbowl.engine.result import House, Result
from fruitbowl.engine.wording import N_, _

from . import actions as A
from . import boulders, business, draws, legality, mystic, new_business, observation, solo, text, view
from . import modules as M
from .components import BEACH_NAMES
from .components import COMPONENTS as C
from .island import (
    BEACH_CELLS,
    BLOCK_CELLS,
    CELLS,
    COLLECTOR,
    EMPTY,
    PONDS,
    SHIP,
    SLIDES,
    TOKEN,
    VENUE,
)
from .legacy import Rules1Dealer
from .legality import (  # (the phases, re-exported: which decision the current player faces)
    ACTION,
    ARRANGE,
    BONUS,
    DISCOUNT,
    EXPLORE,
    JUICE,
    MOVE,
    OVER,
    PLACE,
    PRODUCE,
    SPLIT,
    STATUE,
    WATCH,
    WHALE,
)
from .ships import DEMANDS, SHIP_POINTS, fill_bags, pay
from .words import token_subject

#: Score categories, in the order a results screen shows them.
CATEGORIES = ("ships", "businesses", "venues", "ice_cream", "juice", "stalls")
SHIPS, BUSINESSES, VENUES, ICE_CREAM, JUICE_PTS, STALLS = range(6)
#: Module categories follow; a game shows only those of the modules it plays.
ALL_CATEGORIES = (*CATEGORIES, "statues", "plateaus", "boulders", "offices", "whales")
STATUE_PTS, PLATEAU_PTS, BOULDER_PTS, OFFICE_PTS, WHALE_PTS = range(6, 11)
MODULE_CATEGORIES = {
    "mystic_island": (STATUE_PTS, PLATEAU_PTS),
    "boulders": (BOULDER_PTS,),
    "new_business": (OFFICE_PTS, WHALE_PTS),
}
#: Pineapple's score parts, said in the results' caption with ``_()`` ("boats 3, claims 2").
PINEAPPLE_CATEGORIES = (N_("boats"), N_("claims"))

CATEGORY = business.CATEGORY
ADVANCED_SLOT = {t: slot for slot, t in enumerate(A.ADVANCED)}
MILKSHAKE = C.milkshake
NUM_FRUITS = len(C.fruit_codes)


class JuicyFruits(Game):
    id = "juicyfruits"
    title = N_("Juicy Fruits")
    min_players = 1
    max_players = 4
    #: 2: chance is explicit (every draw is a chance node, and records list the outcomes).
    rules_version = "2"
    pre_chance_rules = ("1",)
    explicit_chance = True
    #: Rules 1's records replay with its own draws (:mod:`.legacy`).
    determinize_fits_history = True  # nothing is hidden: a determinized state is the position itself
    legacy_dealers: ClassVar[Mapping[str, type[LegacyDealer]]] = {"1": Rules1Dealer}
    refusals = text.REFUSALS
    rule_anchors = text.RULE_ANCHORS
    view_type = view.JuicyFruitsView
    #: OpenSpiel needs a realistic bound on a game's length, and the rules' own (the license track
    #: and the 30-round safety valve) allow 4,000-15,000 actions where games between random players
    #: last 60-1,540: learning environments cut a game at the end of the turn that reaches 1,600
    #: actions, score it as it stands and mark it cut short (see :meth:`max_actions`).
    rl_defaults: ClassVar[Mapping[str, Any]] = {"action_limit": 1600}
    option_specs = (
        OptionSpec(
            "juice_factory",
            bool,
            False,
            N_("play the juicy side of the score board: make juice at the end of your turns (best after a first game)"),
            label=N_("Juice factory"),
        ),
        OptionSpec(
            "solo_board",
            int,
            1,
            N_("solo only: Pineapple's solo board, from 1 (easiest) to {boards} (hardest)"),
            minimum=1,
            maximum=C.solo_boards,
            players=(1, 1),
            label=N_("Pineapple's solo board"),
            help_values={"boards": C.solo_boards},
        ),
        OptionSpec(
            "random_first",
            bool,
            True,
            N_("draw the first player at random (alone, you always start); turn it off to choose who starts"),
            label=N_("Draw the first player"),
        ),
        OptionSpec(
            "first_player",
            int,
            1,
            N_("who takes the first turn when it is not drawn at random: seat 1 is the first seat at the table"),
            minimum=1,
            maximum=4,
            seat=True,
            label=N_("First player"),
        ),
        OptionSpec(
            "forced_max_distance",
            bool,
            False,
            N_("variant: a token slid in step 1 must go as far as it can (normally you choose how far)"),
            label=N_("Slide as far as possible (variant)"),
        ),
        OptionSpec(
            "icecream_moves_license",
            bool,
            False,
            N_(
                "variant: a cart that makes at least one ice cream in step 1 also moves the license marker a space "
                "(normally only claims move it)"
            ),
            label=N_("Ice cream moves the license (variant)"),
        ),
        M.MODULES_OPTION,
        M.THREE_PER_ROW_OPTION,
        OptionSpec(
            "action_limit",
            int,
            0,
            "end the game at the end of the turn in which the players' actions reach this many and score it as it "
            "stands, marked as cut short; 0 means no limit",
            minimum=0,
            maximum=100_000,
            label="Action limit",
            internal=True,
        ),
    )

    def validate_options(
        self, options: Mapping[str, Any] | None = None, num_players: int | None = None
    ) -> dict[str, Any]:
        """As usual, plus the module checks; module options left at their defaults are dropped, so a
        base game's options (and with them its records and golden files) are exactly as before."""
        checked = super().validate_options(options, num_players)
        # (solo_board and three_per_row name the player counts they apply to: the engine checks those)
        first_default = next(spec.default for spec in self.option_specs if spec.name == "first_player")
        if checked["random_first"] and checked["first_player"] != first_default:
            raise InvalidOption(
                "option first_player applies only when random_first is off (otherwise the first player is drawn)"
            )
        if checked["three_per_row"] and "new_business" not in M.parse(checked["modules"]):
            raise InvalidOption("option three_per_row is Module 3's variant: add new_business to modules")
        for key in ("modules", "three_per_row", "action_limit", "icecream_moves_license"):
            if not checked[key]:
                del checked[key]
        return checked

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> JuicyFruitsState:
        self.check_player_count(num_players)
        return JuicyFruitsState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return A.FULL_TABLE if (options or {}).get("modules") else A.ACTION_TABLE

    def chance_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return draws.CHANCE_TABLE

    def describe_outcome(self, outcome: Action, hidden: bool = False) -> str:
        return draws.describe(outcome)  # (every draw is made face up: nothing to hide)

    def state_from_json(self, data: Mapping[str, Any]) -> JuicyFruitsState:
        return JuicyFruitsState.load(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        """The rules' bound, or with option ``action_limit`` L the last turn's end after L - 1 actions.

        Solo, you play one turn per boat left in Pineapple's bag. With more players every round
        either has a claim, and each claim moves the license marker a space nearer X (the game ends
        with the round that reaches it), or is quiet, and the 30th quiet round in a row ends the game
        (AMB-10): at most 30 × (license spaces + 1) rounds. Each seat's turn is at most
        :func:`turn_actions`; the boulders' setup (D1) adds 3 corners per other seat.
        """
        modules = bool(options.get("modules"))
        per_turn = turn_actions(modules)
        setup = len(boulders.CORNERS) - 1 if modules else 0
        setup *= num_players - 1
        if num_players == 1:
            bound = per_turn * (len(C.ships) - 2 * C.ships_per_bag)
        else:
            rounds = (C.license_start[num_players] + 1) * C.quiet_rounds_limit
            bound = setup + per_turn * num_players * rounds
        limit = options.get("action_limit", 0)
        return min(bound, max(limit - 1, setup) + per_turn) if limit else bound

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return observation.observation_size(num_players, M.parse(options.get("modules")))

    def observation(self, state: State, seat: int) -> Observation:
        assert isinstance(state, JuicyFruitsState)
        return observation.encode(state, seat)  # its length follows the modules in play

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        every_module = {"modules": M.canonical(frozenset(M.MODULES_NAMES))}
        if num_players == 1:
            return [
                {"solo_board": 1},
                {"juice_factory": True, "solo_board": 4, "forced_max_distance": True, "icecream_moves_license": True},
                {"solo_board": 2, **every_module},
                {"solo_board": 3, "action_limit": 40},  # (cut short, as learning environments cut it)
            ]
        return [
            {},
            {"juice_factory": True, "random_first": False, "first_player": num_players, "icecream_moves_license": True},
            every_module,
            {"juice_factory": True, "action_limit": 60},
        ]

    def module_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        """Every combination of modules (7 non-empty sets), alternating the juice factory; with
        all three modules at two players, the three-per-row variant too."""
        sets: list[dict[str, Any]] = []
        for mask in range(1, 8):
            chosen = frozenset(m for i, m in enumerate(M.MODULES_NAMES) if mask >> i & 1)
            options: dict[str, Any] = {"modules": M.canonical(chosen), "juice_factory": bool(mask % 2)}
            if num_players > 1:
                options.update(random_first=False, first_player=num_players)
            if mask == 7 and num_players == 2:
                options["three_per_row"] = True
            sets.append(options)
        return sets

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        return text.describe_event(event, viewer, names)

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        return text.action_label(view, action)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return text.prompt(view, names)


def turn_actions(modules: bool) -> int:
    """The most actions one turn can take, per decision kind.

    Step 1: the slide (1), then how to split an advanced collector's fruit or which markers the cart
    takes (1); with Mystic Island the collect-or-explore choice comes between (1), and an explored
    statue that needs a choice takes the place of the split (D4, D7). Step 2: supply, claim or pass
    (1); a claimed token's placement (1) and its bonus fruit (an advanced collector) or its whale's
    beach (a whale-watching token, Module 3) (1); the construction office's fruit left out comes
    before the placement (D9, 1). The juice factory: at most 2 steps a turn, and stopping ends it
    (2). Module 3's whale watching: one move per whale-watching token owned (2).
    """
    if not modules:
        return 2 + 3 + C.juice_steps_per_turn
    return 3 + 4 + C.juice_steps_per_turn + len(new_business.WHALE_TOKENS)


def _with_modules(state: JuicyFruitsState) -> bool:
    return bool(state.mods)


class JuicyFruitsState(State):
    FIELDS = Fields(
        Field("grid", 2),
        Field("mobile", 2),
        Field("reserve", 2),
        Field("parts", 2),
        Field("supplied", 2),
        Field("owned", 2),
        Field("markers", 2),
        Field("juice", 1),
        Field("pool", 1),
        Field("board", 1),
        Field("box", 1),
        Field("bags", 2),
        Field("license"),
        Field("first"),
        Field("player"),
        Field("phase"),
        Field("round"),
        Field("turns", 1),
        Field("round_claims"),
        Field("quiet_rounds"),
        Field("end_triggered"),
        Field("end_reason"),
        Field("decisions", default=0),  # actions so far (option action_limit)
        Field("moved", 1),
        Field("pending"),
        Field("juice_steps"),
        Field("pine_bag", 1),
        Field("pine_drawn", 1),
        Field("pine_claimed", 1),
        Field("pine_parts", 1),
        Field("chance", default=draws.NO_CHANCE),  # the random event this chance node decides
        Field("dealt", default=0),  # setup draws made, an index into steps
        # Mystic Island modules: saved only when a module is in play (else at _module_defaults)
        Field("statues", 1, saved_if=_with_modules),
        Field("statue_box", 1, saved_if=_with_modules),
        Field("explorers", 1, saved_if=_with_modules),
        Field("statues_won", 2, saved_if=_with_modules),
        Field("pine_statues", 1, saved_if=_with_modules),
        Field("pending_statue", saved_if=_with_modules),
        Field("moved_dir", saved_if=_with_modules),
        Field("boulder_set", 1, saved_if=_with_modules),
        Field("removed", 2, saved_if=_with_modules),
        Field("tray", 1, saved_if=_with_modules),
        Field("flag_pond", saved_if=_with_modules),
        Field("flag_gain", saved_if=_with_modules),
        Field("office_from", 2, saved_if=_with_modules),
        Field("whales", 1, saved_if=_with_modules),
        Field("watched", 1, saved_if=_with_modules),
        Field("mods", saved=False),  # (from the options)
        Field("steps", saved=False),  # (the setup's schedule of draws, from the options)
        Field("_legal", saved=False, cache=True),  # (a clone shares it: the same position)
    )
    __slots__ = FIELDS.slots
    game: JuicyFruits
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
    decisions: int  # the actions (not the draws) of the game so far
    moved: list[int]  # the step-1 move being resolved: [to cell, distance]
    pending: int  # the claimed token being placed / giving its bonus, or -1
    juice_steps: int
    pine_bag: list[int]  # Pineapple's bag (solo; sorted, drawn at a random index)
    pine_drawn: list[int]  # boats Pineapple has drawn, in order (public)
    pine_claimed: list[int]  # tokens Pineapple claimed (they left the game)
    pine_parts: list[int]  # Pineapple's boat points and claim points
    chance: int  # what the chance node decides (draws.NO_CHANCE: a player acts)
    dealt: int  # setup draws made so far (the next is steps[dealt])
    steps: tuple[draws.Step, ...]  # the setup's draws, in order
    setup_events: list[Event]
    _legal: list[int] | None
    # ---- Mystic Island modules (empty / unused in a base game)
    mods: frozenset[str]  # the modules in play (from the option)
    statues: list[int]  # Module 1: [mystic cell] statue tile number or 0
    statue_box: list[int]  # statue tiles not dealt at setup (sorted)
    explorers: list[int]  # [seat] mystic cell; in solo, index 1 is Pineapple's
    statues_won: list[list[int]]  # [seat] statue tiles collected, in order
    pine_statues: list[int]  # tiles Pineapple returned to the box
    pending_statue: int  # the statue tile (5 or 7) whose choice is being made, or 0
    moved_dir: int  # island direction of the step-1 move being resolved
    boulder_set: list[int]  # Module 2: the 4 boulders dealt (starting player's corner order)
    removed: list[list[int]]  # [seat] boulders removed, in order
    tray: list[int]  # boulders on the tray, per dealt boulder
    flag_pond: bool  # 5b: a newly claimed token went on a pond this turn
    flag_gain: int  # 7a: fruits the step-1 move gained this turn
    office_from: list[list[int]]  # Module 3: [seat][harbor, construction] first active turn, or -1
    whales: list[int]  # beach (0-3) of the whale of each whale-watching token, or -1
    watched: list[int]  # whale-watching slots already handled this end of turn

    # ------------------------------------------------------------------ setup and copying

    @classmethod
    def setup(cls, game: JuicyFruits, n: int, seed: int, options: dict[str, Any]) -> JuicyFruitsState:
        """A new game at its first chance node: nothing is drawn yet (``seed`` is the dealer's)."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, game.action_table(n, options)
        s.mods = mods = M.parse(options.get("modules"))
        three = bool(options.get("three_per_row")) and n == 2
        columns = 3 if three else business.columns_in_play(n)
        random_first = n > 1 and options["random_first"]
        s.steps = draws.schedule(n, columns, random_first, "mystic_island" in mods, "boulders" in mods)
        s.board = [EMPTY] * (business.ROWS * business.COLUMNS)
        s.box = list(range(len(C.all_tokens) if "new_business" in mods else C.base_tokens))  # the pile, then the box
        s.license = C.license_start[n]
        s.pool = [len(values) for values in C.ice_values]
        s.bags = fill_bags()
        s.grid = [[EMPTY] * CELLS for _ in range(n)]
        s.mobile = [[] for _ in range(n)]
        s.reserve = [[0] * NUM_FRUITS for _ in range(n)]
        s.parts = [[0] * len(ALL_CATEGORIES) for _ in range(n)]
        s.supplied = [[] for _ in range(n)]
        s.owned = [[] for _ in range(n)]
        s.markers = [[0] * len(C.ice_values) for _ in range(n)]
        s.juice = [0] * n
        s.first = 0 if n == 1 or random_first else options["first_player"] - 1
        s.player, s.phase, s.round, s.turns = s.first, MOVE, 0, [0] * n
        s.round_claims = s.quiet_rounds = 0
        s.end_triggered, s.end_reason, s.decisions = False, "", 0
        s.moved, s.pending, s.juice_steps = [-1, 0], -1, 0
        s.pine_bag, s.pine_drawn, s.pine_claimed, s.pine_parts = [], [], [], [0, 0]
        s._legal = None
        s._module_defaults()
        if "mystic_island" in mods:
            s.statue_box = [t.tile for t in mystic.TILES if not t.module or "boulders" in mods]  # the pile
            s.explorers = [C.mystic.base] * (n + (n == 1))
        s.dealt, s.chance = 0, s.steps[0][0]
        s.setup_events = []
        return s

    def _dealt(self, events: list[Event]) -> None:
        """The setup's last draw is made: tell it, then Pineapple's opening boat (solo), the
        others' boulder corners (D1) or the first turn."""
        n = self.num_players
        self.mobile = [sorted(c for c in range(len(g)) if COLLECTOR <= g[c] < TOKEN) for g in self.grid]
        events += draws.setup_events(self)
        if n == 1:
            self.pine_bag = sorted(self.bags[0] + self.bags[1])
            self.bags = [[], []]
            self.chance = draws.BOAT_DRAW
        elif self.bo:
            self.player, self.phase = (self.first + 1) % n, ARRANGE  # D1: the others choose their corners
        else:
            self._start_turn(self.first, events)

    def _module_defaults(self) -> None:
        """Module fields at their empty values (a base game, or a save from before the modules)."""
        n = self.num_players
        self.statues, self.statue_box, self.explorers = [0] * mystic.CELLS, [], []
        self.statues_won, self.pine_statues, self.pending_statue = [[] for _ in range(n)], [], 0
        self.moved_dir = -1
        self.boulder_set, self.removed, self.tray = [], [[] for _ in range(n)], []
        self.flag_pond, self.flag_gain = False, 0
        self.office_from = [[-1, -1] for _ in range(n)]
        self.whales, self.watched = [-1] * len(new_business.WHALE_TOKENS), []
        self._pad_parts()

    def _pad_parts(self) -> None:
        """A save from before the modules has fewer score categories: the new ones start at 0."""
        if len(self.parts[0]) < len(ALL_CATEGORIES):
            self.parts = [p + [0] * (len(ALL_CATEGORIES) - len(p)) for p in self.parts]

    @property
    def mi(self) -> bool:
        return "mystic_island" in self.mods

    @property
    def bo(self) -> bool:
        return "boulders" in self.mods

    @property
    def nb(self) -> bool:
        return "new_business" in self.mods

    def categories(self) -> list[int]:
        """Indices into ALL_CATEGORIES of the categories this game shows."""
        shown = list(range(len(CATEGORIES)))
        for module, extra in MODULE_CATEGORIES.items():
            if module in self.mods:
                shown += extra
        return shown

    def _load_context(self, game: JuicyFruits, num_players: int, options: dict[str, Any]) -> None:
        super()._load_context(game, num_players, options)
        self.mods = mods = M.parse(options.get("modules"))
        columns = 3 if options.get("three_per_row") and num_players == 2 else business.columns_in_play(num_players)
        random_first = num_players > 1 and options["random_first"]
        self.steps = draws.schedule(num_players, columns, random_first, "mystic_island" in mods, "boulders" in mods)

    def _after_load(self, data: Mapping[str, Any]) -> None:
        if not self.mods:
            self._module_defaults()
            return
        for field in self.FIELDS.fields:
            if field.saved_if is not None and field.name not in data:
                raise KeyError(field.name)
        self._pad_parts()

    def determinize(self, seat: int, rng: random.Random) -> JuicyFruitsState:
        """Nothing is hidden: every draw is made face up, and the bags and the box are sorted
        piles whose contents everyone can deduce and whose next draw is not decided yet (a chance
        node). A determinized state is a copy."""
        return self.clone()

    # ------------------------------------------------------------------ the contract

    @property
    def current_player(self) -> int:
        if self.chance:
            return CHANCE
        return -1 if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------ chance nodes (draws.py)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return draws.outcomes(self) if self.chance else []

    def sample_outcome(self, rng: random.Random) -> int:
        if self.chance == draws.BOAT_DRAW:  # (the one chance node of a running game: answered here)
            bag = self.pine_bag
            return draws.BOAT_OUT + bag[int(rng.random() * len(bag))]
        return draws.sample(self, rng)

    def _is_outcome(self, code: int) -> bool:
        return bool(self.chance) and draws.is_outcome(self, code)

    def _apply_chance(self, code: int) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        if self.chance == draws.BOAT_DRAW:
            self.chance = draws.NO_CHANCE
            opening = not self.pine_drawn
            events += solo.pineapple_turn(self, code - draws.BOAT_OUT, opening)
            if opening:
                self._start_turn(self.first, events)
            else:
                self._after_pineapple(events)
            return events
        draws.deal(self, code)
        if not self.chance:
            self._dealt(events)
        return events

    def _legal_codes(self) -> list[int]:
        if self.chance:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = legality.legal_codes(self)
        return legal

    def _refusal(self, action: Action) -> str | None:
        return legality.refusal(self, action.code)

    def parse_action(self, text: str) -> Action:
        """As usual, and ``claim NAME`` names a token by its printed name (any case)."""
        return super().parse_action(self._claim_by_name(text))

    def validate(self, action: Action | int | str) -> Action:
        return super().validate(self._claim_by_name(action) if isinstance(action, str) else action)

    def _claim_by_name(self, words: str) -> str:
        """``claim harbor office`` as ``claim X07``: of several tokens with one name (the three
        guesthouses), the one you can claim now, else the one on the business board."""
        tokens = A.named_tokens(words)
        if not tokens:
            return words
        codes = [A.claim_code(t) for t in tokens if A.claim_code(t) < len(self.table)]
        if not codes:
            raise IllegalAction(
                _("{name} is one of Module 3's tokens, which are not in play at this table").format(
                    name=token_subject(C.all_tokens[tokens[0]].name)
                ),
                rule=legality.MODULE_OFF,
            )
        legal = self._legal_codes() if self.phase != OVER else []
        on_board = [A.claim_code(t) for t in tokens if t in self.board]
        code = next((c for c in codes if c in legal), on_board[0] if on_board else codes[0])
        return self.table[code].text

    def _apply_code(self, code: int) -> list[Event]:
        self._legal = None
        self.decisions += 1
        p = self.player
        events: list[Event] = []
        if code >= A.NUM_ACTIONS:
            self._apply_module(p, code, events)
        elif code < A.SPLIT:
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
            events.append(Event("bonus", p, {"token": C.all_tokens[self.pending].id, "fruit": fruit}))
            self.pending = -1
            self._end_of_step2(events)
        elif code == A.PASS:
            events.append(Event("pass", p))
            self._end_of_step2(events)
        elif code == A.JUICE:
            self._juice(p, events)
        else:
            events.append(Event("stop", p, {"juice": self.juice[p]}))
            self._end_actions(events)
        return events

    def _apply_module(self, p: int, code: int, events: list[Event]) -> None:
        if code == A.COLLECT:
            self._collect(p, events)
        elif code == A.EXPLORE:
            self._explore(p, events)
        elif code < A.STATUE_FRUIT:
            self._score_statue(p, code - A.STATUE_SHIP, events)
        elif code < A.BOULDER:
            self._score_statue(p, code - A.STATUE_FRUIT, events)
        elif code < A.CLAIM_X:
            self._arrange(p, code - A.BOULDER, events)
        elif code < A.LEAVE_OUT:
            self._claim(p, A.claimed_token(code), events)
        elif code < A.WHALE_BEACH:
            self._claim(p, self.pending, events, leave=code - A.LEAVE_OUT)
        elif code < A.WATCH:
            slot = new_business.WHALE_TOKENS.index(self.pending)
            self.whales[slot] = code - A.WHALE_BEACH
            data = {"token": C.all_tokens[self.pending].id, "beach": BEACH_NAMES[self.whales[slot]]}
            events.append(Event("whale_placed", p, data))
            self.pending = -1
            self._end_of_step2(events)
        else:
            self._watch(p, code - A.WATCH, events)

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
        explorer = piece < TOKEN or CATEGORY[piece - TOKEN] == business.ADVANCED
        if self.mi and explorer and mystic.explorer_target(self, p, _direction, distance) >= 0:
            self.moved_dir = _direction  # D4: collect, or move the explorer instead
            events.append(Event("move", p, data))
            self.phase = EXPLORE
            return
        if piece < TOKEN:
            self.flag_gain = distance
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
        if legality.produce_codes(self) == [A.PRODUCE_CODE[(0, 0)]]:
            events.append(Event("produce", p, {"token": C.all_tokens[token].id, "ice_cream": [], "milkshake": []}))
            self._after_step1(events)
            return
        self.phase = PRODUCE

    def _split(self, p: int, code: int, events: list[Event]) -> None:
        to, distance = self.moved
        token = self.grid[p][to] - TOKEN
        first_type, second_type = C.all_tokens[token].fruits
        total = distance + 1
        first = A.ACTION_TABLE[code].fields["counts"][0]
        self.reserve[p][first_type] += first
        self.reserve[p][second_type] += total - first
        self.flag_gain = total
        gained = [[first_type, first], [second_type, total - first]]
        events.append(Event("split", p, {"token": C.all_tokens[token].id, "gained": gained}))
        self._after_step1(events)

    def _produce(self, p: int, code: int, events: list[Event]) -> None:
        to, _distance = self.moved
        token = self.grid[p][to] - TOKEN
        fields = A.ACTION_TABLE[code].fields
        ice = self._take_markers(p, C.all_tokens[token].kind, fields["ice_cream"])
        shakes = self._take_markers(p, MILKSHAKE, fields["milkshake"])
        self.parts[p][ICE_CREAM] += sum(ice) + sum(shakes)
        events.append(Event("produce", p, {"token": C.all_tokens[token].id, "ice_cream": ice, "milkshake": shakes}))
        if ice and self.options.get("icecream_moves_license") and self.license > 0:  # AMB-6's variant
            events.append(Event("license", p, {"left": self.license - 1}))
            self._advance_license(events)
        self._after_step1(events)

    def _take_markers(self, p: int, kind: int, count: int) -> list[int]:
        """The ``count`` best markers left of ``kind`` (§2.8: the best is always taken first)."""
        values = C.ice_values[kind]
        taken = []
        for _marker in range(count):
            taken.append(values[len(values) - self.pool[kind]])
            self.pool[kind] -= 1
            self.markers[p][kind] += 1
        return taken

    def _after_step1(self, events: list[Event]) -> None:
        self.moved = [-1, 0]
        self.phase = ACTION
        if self.mods:
            self.moved_dir = -1
            if self.bo:
                boulders.checkpoint(self, events)

    # ------------------------------------------------------------------ Module 1: explorers

    def _collect(self, p: int, events: list[Event]) -> None:
        """D4 'collect': the moved collector's fruit, as in a base game."""
        to, distance = self.moved
        piece = self.grid[p][to]
        if piece < TOKEN:
            fruit = piece - COLLECTOR
            self.reserve[p][fruit] += distance
            self.flag_gain = distance
            events.append(Event("collect", p, {"fruit": fruit, "count": distance}))
            self._after_step1(events)
            return
        events.append(Event("collect", p, {"token": C.all_tokens[piece - TOKEN].id, "count": distance + 1}))
        self.phase = SPLIT

    def _explore(self, p: int, events: list[Event]) -> None:
        """D4 'explore': the explorer copies the move; a statue it lands on is taken and scored."""
        _to, distance = self.moved
        target = mystic.explorer_target(self, p, self.moved_dir, distance)
        data: dict[str, Any] = {"from": self.explorers[p], "to": target, "tile": None, "points": 0}
        self.explorers[p] = target
        tile = self.statues[target]
        if not tile:
            events.append(Event("explore", p, data))
            self._after_step1(events)
            return
        self.statues[target] = 0
        self.statues_won[p].append(tile)
        data["tile"] = tile
        if mystic.needs_choice(self, p, tile):
            self.pending_statue = tile
            data["points"] = None
            events.append(Event("explore", p, data))
            self.phase = STATUE
            return
        points = mystic.statue_points(self, p, tile)
        self.parts[p][STATUE_PTS] += points
        data["points"] = points
        events.append(Event("explore", p, data))
        self._after_step1(events)

    def _score_statue(self, p: int, choice: int, events: list[Event]) -> None:
        """D7: tile 5 with the ship chosen, or tile 7 with the fruit type chosen."""
        tile = self.pending_statue
        points = mystic.statue_points(self, p, tile, choice)
        self.parts[p][STATUE_PTS] += points
        data: dict[str, Any] = {"tile": tile, "points": points}
        if mystic.TILES[tile - 1].effect == "choose_supplied_ship":
            data["ship"] = C.ships[choice].id
        else:
            data["fruit"] = choice
        events.append(Event("statue", p, data))
        self.pending_statue = 0
        self._after_step1(events)

    # ------------------------------------------------------------------ Module 2: corners at setup

    def _arrange(self, p: int, code: int, events: list[Event]) -> None:
        """D1: put a dealt boulder on this seat's next corner; the last one goes by itself."""
        corner = boulders.next_corner(self, p)
        self.grid[p][corner] = boulders.BOULDER + code
        events.append(Event("arrange", p, {"boulder": boulders.boulder_id(code), "cell": corner}))
        left = boulders.corners_left(self, p)
        if len(left) > 1:
            return
        if left:
            corner = boulders.next_corner(self, p)
            self.grid[p][corner] = boulders.BOULDER + left[0]
            events.append(Event("arrange", p, {"boulder": boulders.boulder_id(left[0]), "cell": corner}))
        following = (p + 1) % self.num_players
        if following == self.first:
            self._start_turn(self.first, events)
        else:
            self.player = following

    # ------------------------------------------------------------------ Module 3: whales at turn end

    def _watch(self, p: int, index: int, events: list[Event]) -> None:
        """D14: move one whale-watching token through free spaces (or leave it)."""
        slot, cell = divmod(index, len(self.grid[p]))
        token = new_business.WHALE_TOKENS[slot]
        grid = self.grid[p]
        start = new_business.token_cell(grid, token)
        grid[start], grid[cell] = EMPTY, TOKEN + token
        self.watched.append(slot)
        events.append(Event("watch", p, {"token": C.all_tokens[token].id, "from": start, "to": cell}))
        if any(s not in self.watched for s in new_business.owned_whales(self, p)):
            return
        self._close_turn(events)

    # ------------------------------------------------------------------ step 2

    def _supply(self, p: int, cell: int, events: list[Event]) -> None:
        grid = self.grid[p]
        ship = grid[cell] - SHIP
        pay(self.reserve[p], DEMANDS[ship])
        grid[cell] = EMPTY
        self.supplied[p].append(ship)
        self.parts[p][SHIPS] += SHIP_POINTS[ship]
        events.append(Event("supply", p, {"cell": cell, "ship": C.ships[ship].id, "points": SHIP_POINTS[ship]}))
        if self.nb and new_business.office_active(self, p, new_business.HARBOR):
            bonus = len(self.owned[p])  # +1 per business token on the island, the office included
            self.parts[p][OFFICE_PTS] += bonus
            events.append(Event("harbor_office", p, {"points": bonus}))
        self._end_of_step2(events)

    def _claim(self, p: int, token: int, events: list[Event], leave: int = -1) -> None:
        space = self.board.index(token)
        row = space // business.COLUMNS
        if leave < 0 and self.nb and new_business.office_active(self, p, new_business.CONSTRUCTION):
            self.pending, self.phase = token, DISCOUNT  # D9: which fruit the office saves
            return
        cost = C.row_costs[row] if leave < 0 else new_business.less_one(C.row_costs[row], leave)
        pay(self.reserve[p], cost)
        self.board[space] = EMPTY
        self.parts[p][BUSINESSES] += C.row_points[row]
        data: dict[str, Any] = {"token": C.all_tokens[token].id, "row": row + 1, "column": space % business.COLUMNS + 1}
        data["points"] = C.row_points[row]
        if leave >= 0:
            bonus = C.all_tokens[new_business.CONSTRUCTION].points
            self.parts[p][OFFICE_PTS] += bonus
            data["left_out"], data["office_points"] = leave, bonus
        if C.all_tokens[token].category == "admin":
            self.office_from[p][new_business.OFFICES.index(token)] = self.turns[p] + 1  # AMB-8
        events.append(Event("claim", p, data))
        self.note_claim(events)
        self.owned[p].append(token)
        self.pending = token
        self.phase = PLACE

    def note_claim(self, events: list[Event]) -> None:
        """A claim (yours or Pineapple's) moves the license marker, ignored once it is on X."""
        self.round_claims += 1
        self._advance_license(events)

    def _advance_license(self, events: list[Event]) -> None:
        """The license marker moves a space nearer X; reaching it makes this round the last."""
        if self.license > 0:
            self.license -= 1
            if self.license == 0 and not self.end_triggered:
                self.end_triggered, self.end_reason = True, "license"
                events.append(Event("end_triggered", None, {"reason": "license"}))

    def _place(self, p: int, code: int, events: list[Event]) -> None:
        token = self.pending
        spec = C.all_tokens[token]
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
        if any(cell in PONDS for cell in cells):
            self.flag_pond = True  # boulder 5b: whatever the token, before any follow-up choice
        if CATEGORY[token] == business.ADVANCED:
            self.phase = BONUS
            return
        if self.nb and token in new_business.WHALE_TOKENS:
            self.phase = WHALE  # D12: where its whale starts
            return
        self.pending = -1
        self._end_of_step2(events)

    # ------------------------------------------------------------------ end of turn

    def _end_of_step2(self, events: list[Event]) -> None:
        if self.bo:
            boulders.checkpoint(self, events)
        if self.options["juice_factory"]:
            self.juice_steps = 0
            if legality.can_make_juice(self):
                self.phase = JUICE
                return
        self._end_actions(events)

    def _juice(self, p: int, events: list[Event]) -> None:
        space = self.juice[p]
        pay(self.reserve[p], C.juice_costs[space])
        self.juice[p] = space + 1
        self.parts[p][JUICE_PTS] += C.juice_points[space]
        self.juice_steps += 1
        events.append(Event("juice", p, {"space": space + 1, "points": C.juice_points[space]}))
        if not legality.can_make_juice(self):
            self._end_actions(events)

    def _end_actions(self, events: list[Event]) -> None:
        """After juice: whale-watching moves (D14) if the player owns any, then the turn closes."""
        if self.nb and new_business.owned_whales(self, self.player):
            self.watched = []
            self.phase = WATCH
            return
        self._close_turn(events)

    def _close_turn(self, events: list[Event]) -> None:
        """Whale sightings and the last boulder checkpoint (§5.4), then the turn is over."""
        if self.nb:
            new_business.sightings(self, events)
            self.watched = []
        if self.bo:
            boulders.checkpoint(self, events)
        self._finish_turn(events)

    def _finish_turn(self, events: list[Event]) -> None:
        p = self.player
        self.turns[p] += 1
        self.juice_steps = 0
        if self.num_players == 1 and self.pine_bag:
            self.chance = draws.BOAT_DRAW  # Pineapple's turn: her boat is drawn at a chance node
            return
        self._after_turn(events)

    def _after_pineapple(self, events: list[Event]) -> None:
        if not self.pine_bag and not self.end_triggered:
            self.end_triggered, self.end_reason = True, "bag"
            events.append(Event("end_triggered", None, {"reason": "bag"}))
        self._after_turn(events)

    def _after_turn(self, events: list[Event]) -> None:
        """The end of a turn once Pineapple (solo) has played: the next turn, or the round's end."""
        p = self.player
        n = self.num_players
        if self.mods:
            self.watched = []
        limit = self.options.get("action_limit", 0)
        if limit and self.decisions >= limit and self.phase != OVER:
            self.end_reason = "action_limit"  # cut short: scored as it stands
            events.append(Event("end_triggered", None, {"reason": "action_limit"}))
            self._final_scoring(events)
            return
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
            events.append(Event("round", None, {"round": self.round}))  # said once, as the round begins
        self.player, self.phase = p, MOVE
        self._legal = None
        self.flag_pond, self.flag_gain = False, 0
        events.append(Event("turn", p, {"round": self.round}))
        moves = legality.move_codes(self)
        if moves:
            self._legal = moves  # (the legal actions of the position this action ends in)
        else:  # AMB-1: step 1 is skipped when nothing can move
            events.append(Event("no_move", p))
            self.phase = ACTION

    def _final_scoring(self, events: list[Event]) -> None:
        self.phase, self.player, self.pending = OVER, -1, -1
        for p in range(self.num_players):
            points = []
            for token in self.owned[p]:
                if CATEGORY[token] == business.STALL:
                    value = business.stall_points(
                        token,
                        self.grid[p],
                        self.owned[p],
                        len(self.supplied[p]),
                        sum(self.reserve[p]),
                        self.markers[p][MILKSHAKE],
                    )
                    points.append([C.all_tokens[token].id, value])
                    self.parts[p][STALLS] += value
            if points:
                events.append(Event("stalls", p, {"stalls": points}))
            if self.mi:
                plateau = mystic.plateau_points(self.explorers[p])
                if plateau:
                    self.parts[p][PLATEAU_PTS] += plateau
                    events.append(Event("plateau", p, {"cell": self.explorers[p], "points": plateau}))
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

    #: The score's categories and tie-break as a results screen heads them ("Ships", said with ``_()``).
    SCORE_WORDS = (
        N_("Ships"),
        N_("Businesses"),
        N_("Venues"),
        N_("Ice cream"),
        N_("Juice"),
        N_("Stalls"),
        N_("Statues"),
        N_("Plateaus"),
        N_("Boulders"),
        N_("Offices"),
        N_("Whales"),
        N_("later in turn order"),
    )

    def standings(self) -> Result:
        """The score as it stands (the final result once the game is over)."""
        n = self.num_players
        shown = self.categories()
        names = tuple(ALL_CATEGORIES[i] for i in shown)
        breakdown = [{ALL_CATEGORIES[i]: self.parts[p][i] for i in shown} for p in range(n)]
        order = [((p - self.first) % n,) for p in range(n)]
        cut = self.end_reason == "action_limit"
        base = Result.ranked(names, breakdown, ("later in turn order",), order, truncated=cut)
        if n > 1:
            return base
        pine = dict(zip(PINEAPPLE_CATEGORIES, self.pine_parts, strict=True))
        # You win only with more points than Pineapple: a level score goes to her (§9.5).
        house = House(N_("Pineapple"), self.pineapple_score(), pine, wins_ties=True)
        return Result.ranked(names, breakdown, ("later in turn order",), order, house=house, truncated=cut)

    def view(self, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], view.build_view(self, seat))
