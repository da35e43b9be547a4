"""The engine contract: a stateless :class:`Game` and one position of it, a :class:`State`.

Every front end (terminal, server, bots, RL adapters, simulations) talks to games only through
these two classes, so a game that fulfils them is playable everywhere. See
``docs/architecture.md`` for the contract as a checklist and how to add a game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .actions import Action, ActionTable
from .errors import BadPlayerCount, FruitbowlError, IllegalAction, UnsupportedFeature
from .events import Event
from .fields import Fields
from .legality import GAME_OVER, Refusal
from .observation import Observation
from .options import OptionSpec, validate_options
from .result import Result
from .rng import copy_rng, rng_from_json, rng_to_json
from .wording import _

if TYPE_CHECKING:
    from .chance import LegacyDealer

#: ``current_player`` at a chance node: a random event is to be decided (OpenSpiel's chance player
#: is -1, which here already means "the game is over"; see :mod:`.chance`).
CHANCE = -2


NO_OUTCOMES = ActionTable(())


def draw(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """The code of one outcome drawn by its probability (cumulatively, in the order listed), with
    exactly one ``rng.random()``."""
    if not outcomes:
        raise FruitbowlError("a chance node without outcomes cannot be resolved")
    u = rng.random()
    total = 0.0
    for code, probability in outcomes:
        total += probability
        if u < total:
            return code
    return outcomes[-1][0]  # (rounding: the probabilities sum to 1 within a float's precision)


class Game(ABC):
    """A game's description: identity, player counts, options, and how to start a state."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: Per refusal key (see :meth:`State._refusal`): the sentence a player reads, made from the
    #: position and the refused action ("stick 2 is full").
    refusals: ClassVar[Mapping[str, Refusal]] = {}
    #: Per refusal key: the anchor of the heading in the game's players' page
    #: (``how_to_play.md``, see :mod:`.pages`) whose paragraph states the rule, so that a
    #: refused action can link to it ("variety-on-roads").
    rule_anchors: ClassVar[Mapping[str, str]] = {}
    #: The shape of :meth:`State.view`: a ``TypedDict`` (declared in the game's ``view.py``, with
    #: ``NotRequired`` for keys shown only sometimes), or ``None`` if the game declares none.
    #: ``fruitbowl.views`` derives a JSON Schema from it and checks views against it.
    view_type: ClassVar[type | None] = None
    #: True when the game's random events are chance nodes (see :mod:`.chance`): its states hold
    #: no random generator, stop where something is drawn, and a front end's dealer decides.
    #: False: the state draws from its own seeded ``rng`` (the way of games not converted yet).
    explicit_chance: ClassVar[bool] = False
    #: Rules versions of this game from before its chance became explicit: their records and
    #: stored tables drew from a generator in the state and are refused with a sentence saying so,
    #: unless :attr:`legacy_dealers` reproduces that generator's draws.
    pre_chance_rules: ClassVar[tuple[str, ...]] = ()
    #: True when :meth:`State.determinize` is consistent with everything the seat has seen over the
    #: whole game, not only with its current view: nothing the seat once saw is hidden from it
    #: again (Tang Hu Lu: a sweet card is seen by its drawer only, and stays in that hand until the
    #: end). A search may then resample a position from ``determinize`` alone; otherwise the RL
    #: adapter replays the game's history with the unseen outcomes resampled (``rl/openspiel.py``).
    determinize_fits_history: ClassVar[bool] = False
    #: Old rules version → the :class:`~fruitbowl.engine.chance.LegacyDealer` that reproduces its
    #: engine's draws: a record of that version replays, and goes on to the end, with that dealer
    #: deciding every chance outcome (it keeps its version when saved again). A record of a
    #: version neither current nor listed here is refused.
    legacy_dealers: ClassVar[Mapping[str, type[LegacyDealer]]] = {}
    #: Option defaults for learning environments whose algorithms need a game of bounded length
    #: (OpenSpiel's ``max_game_length``), where the game's own defaults let it go on forever
    #: (Tang Hu Lu: players who only work never fill a board). A user may still pass any value.
    rl_defaults: ClassVar[Mapping[str, Any]] = {}

    def validate_options(
        self, options: Mapping[str, Any] | None = None, num_players: int | None = None
    ) -> dict[str, Any]:
        """All options typed and checked, defaults filled in; :class:`InvalidOption` if not."""
        return validate_options(self.option_specs, options, num_players)

    def check_player_count(self, num_players: int) -> None:
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise BadPlayerCount(
                _("the number of players must be a whole number; got {players}").format(players=repr(num_players))
            )
        if not self.min_players <= num_players <= self.max_players:
            raise BadPlayerCount(
                _("{game} is for {low}–{high} players; got {players}").format(
                    game=_(self.title), low=self.min_players, high=self.max_players, players=num_players
                )
            )

    @abstractmethod
    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A new game: set up with the seeded shuffle, or (``explicit_chance``) at its first chance
        node, nothing drawn yet (the seed is then the dealer's, not the state's)."""

    @abstractmethod
    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        """The fixed action space for this player count and option set."""

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any] | None = None) -> int:
        return len(self.action_table(num_players, options))

    def chance_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        """Every outcome a chance node of this game can have, with its code and text (empty for a
        game without explicit chance). Codes are their own space, apart from the actions'."""
        return NO_OUTCOMES

    def describe_outcome(self, outcome: Action, hidden: bool = False) -> str:
        """A chance outcome in words, for logs ("a strawberry tile (2★)"); ``hidden``: as a seat
        that does not witness it reads it ("a sweet card")."""
        return "a hidden outcome" if hidden else outcome.text

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a complete state saved by :meth:`State.to_json`."""

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        """An upper bound on the number of actions in one game, or ``None`` if there is none."""
        return None

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        """The option sets the conformance kit plays for this player count."""
        return [{}]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        """One plain sentence for an event as ``viewer`` may see it ("You drew…", "Ada drew…")."""
        return event.kind

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        """A longer label for an action, for menus and tooltips ("Buy the kiwi (2★) in S1 for 1")."""
        return action.text

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        """The status line for a view's viewer: who must do what now ("Choose a stick for the kiwi")."""
        return "Game over" if view.get("current_player", -1) < 0 else f"{names[view['current_player']]} to act"

    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        """Length of :meth:`observation` for this player count and option set (for learning agents)."""
        raise UnsupportedFeature(f"{self.title} has no numeric observation encoding yet")

    def observation(self, state: State, seat: int) -> Observation:
        """A fixed-length numeric encoding of what ``seat`` may know of ``state``.

        It encodes exactly the information in ``state.view(seat)`` but reads the state directly
        (building the view first would cost more than the engine's step). Values are scaled to
        about [0, 1]; the length is :meth:`observation_size`. RL adapters (PettingZoo,
        OpenSpiel) use it, so an agent sees exactly what the seat may know; the tests check it
        against an encoding of the view and against resampled hidden information.
        """
        raise UnsupportedFeature(f"{self.title} has no numeric observation encoding yet")

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # a game is a stateless description: copies of states share it

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
            "options": [spec.describe() for spec in self.option_specs],
        }


class State(ABC):
    """One position. Exactly one seat is to act in every non-terminal state.

    Subclasses implement the underscored hooks; the public methods here give every game the
    same behaviour for resolving actions and refusing illegal ones.

    ``__slots__ = ()`` here makes the games' slots real: a state has no ``__dict__``, so a
    misspelt field (``s.plnat = [1]``) raises instead of quietly adding an attribute.
    """

    __slots__ = ()

    game: Game
    num_players: int
    options: dict[str, Any]
    table: ActionTable
    rng: random.Random
    setup_events: list[Event]

    # --- what subclasses implement -------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance node, or -1 once the game is over."""

    # --- chance nodes (games with ``explicit_chance``; see ``chance.py``) -----------------------

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node: ``(outcome code, probability)`` for every possible outcome, codes
        ascending and distinct, probabilities summing to 1; elsewhere empty."""
        return []

    def sample_outcome(self, rng: random.Random) -> int:
        """At a chance node: one outcome's code, drawn by its probability with exactly one
        ``rng.random()`` (what every dealer and search uses). A game may answer faster than the
        list of outcomes does (Tang Hu Lu picks from its piles directly)."""
        return draw(self.chance_outcomes(), rng)

    def chance_kind(self) -> str:
        """At a chance node: what kind of random event it is (``"die"``, ``"tile"``, ``"card"``…),
        the first word of its outcomes' texts, which a game writes as ``"<kind> <what>"``. A
        duplicate tournament's dealer draws each kind from its own stream (see ``chance.py``)."""
        code = self.chance_outcomes()[0][0]
        return self.chance_table[code].text.split(" ", 1)[0]

    def _is_outcome(self, code: int) -> bool:
        """Whether ``code`` is one of this chance node's outcomes (a game may answer faster)."""
        return any(listed == code for listed, _ in self.chance_outcomes())

    def chance_witnesses(self) -> tuple[int, ...] | None:
        """At a chance node: the seats that learn its outcome (``None``: everyone). The others'
        views and events must not depend on it (the conformance kit checks)."""
        return None

    @property
    def chance_table(self) -> ActionTable:
        return self.game.chance_table(self.num_players, self.options)

    def _apply_chance(self, code: int) -> list[Event]:
        """Apply a possible outcome's code at a chance node and return its events."""
        raise UnsupportedFeature(f"{self.game.title} has no chance nodes")

    def _outcome(self, outcome: Action | int | str) -> Action:
        table = self.chance_table
        try:
            resolved = table.resolve(outcome)
        except IllegalAction:
            try:
                action = self.table.resolve(outcome)
            except IllegalAction:
                unknown = f"{outcome!r} is not a chance outcome of {self.game.title}"
                raise IllegalAction(unknown, rule="chance") from None
            raise IllegalAction(_waiting(action), rule="chance", game=self.game.id) from None
        if not self._is_outcome(resolved.code):
            raise IllegalAction(f"{resolved.text!r} cannot be the outcome of this random event", rule="chance")
        return resolved

    @abstractmethod
    def _legal_codes(self) -> list[int]:
        """Codes of every legal action, sorted ascending, without duplicates."""

    @abstractmethod
    def _apply_code(self, code: int) -> list[Event]:
        """Apply a legal action's code and return its events."""

    @abstractmethod
    def _refusal(self, action: Action) -> str | None:
        """The key of the rule ``action`` breaks in this position (``None`` if it is legal).

        One source of legality: a game writes each rule once, as a check returning a key of
        its :attr:`Game.refusals`, and makes its legal actions from the same checks (see
        :mod:`.legality`).
        """

    def _sentence(self, action: Action, rule: str | None) -> str:
        """The sentence of the rule ``rule`` (the key ``action`` is refused by) in this position."""
        if rule is None:  # (the checks call it legal but the legal actions lack it: the kit reports this)
            return _("{action} is not legal now").format(action=repr(action.text))
        sentence = self.game.refusals.get(rule)
        if sentence is None:  # (a key without a sentence: the kit reports this too)
            return _("{action} is not allowed now (the rule {rule})").format(action=repr(action.text), rule=repr(rule))
        return sentence(self, action)

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Final result; only valid when the game is over."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), JSON-ready, shaped as the game's
        :attr:`Game.view_type` declares (a game builds it typed and returns it as a plain dict)."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with ``view(seat)``: hidden things resampled, RNG reseeded."""

    # --- copying and saving, derived from the declared fields (see ``fields.py``) ------------

    #: The state's fields, declared once (:class:`~fruitbowl.engine.fields.Fields`). A game that
    #: declares them gets :meth:`clone`, :meth:`to_json` and :meth:`load` from them; one that
    #: does not overrides the three.
    FIELDS: ClassVar[Fields]

    def clone(self) -> Self:
        """An independent copy: the same position (and, for a game without explicit chance, the
        same future draws; a game with chance nodes keeps no future in a state)."""
        c: Any = self._copy_context()
        if not self.game.explicit_chance:
            c.rng = copy_rng(self.rng)
        self.FIELDS.copy(self, c)
        self._copy_caches(c)
        return c

    def _copy_context(self) -> Self:
        """A new state of this class sharing this one's game, options and action table."""
        c: Any = type(self).__new__(type(self))
        c.game, c.num_players, c.options, c.table = self.game, self.num_players, self.options, self.table
        c.setup_events = []
        return c

    def forget_answers(self) -> None:
        """Drop every answer cached for this position. Play never needs it; call it after
        changing fields directly (a position set up by hand for a test or an editor)."""
        fields = getattr(type(self), "FIELDS", None)  # (a state without declared fields caches nothing here)
        for name in fields.caches if fields is not None else ():
            setattr(self, name, None)

    def _copy_caches(self, copy: Any) -> None:
        """Hand a clone the answers cached for this position (they are equally true of it)."""
        return None

    def to_json(self) -> dict[str, Any]:
        """The complete state (with the RNG of a game without explicit chance): for the server's
        storage only, never for a player."""
        data: dict[str, Any] = {"game": self.game.id, "num_players": self.num_players, "options": dict(self.options)}
        data.update(self.FIELDS.save(self))
        if not self.game.explicit_chance:
            data["rng"] = rng_to_json(self.rng)
        return data

    @classmethod
    def load(cls, game: Game, data: Mapping[str, Any]) -> Self:
        """The state :meth:`to_json` saved; :class:`FruitbowlError` for anything else."""
        s: Any = cls.__new__(cls)
        try:
            n = data["num_players"]
            game.check_player_count(n)
            s._load_context(game, n, game.validate_options(data["options"], n))
            cls.FIELDS.load(s, data)
            s._after_load(data)
            if not game.explicit_chance:
                s.rng = rng_from_json(data["rng"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FruitbowlError(_("not a saved {game} state: {error}").format(game=_(game.title), error=exc)) from None
        s.setup_events = []
        return s

    def _load_context(self, game: Any, num_players: int, options: dict[str, Any]) -> None:
        """Set what every position of this game shares (its game, options and action table) and
        empty caches, before the fields load; a game with more shared context extends this."""
        state: Any = self  # (the slots are declared by the game's class, not here)
        state.game, state.num_players, state.options = game, num_players, options
        state.table = game.action_table(num_players, options)
        self.forget_answers()

    def _after_load(self, data: Mapping[str, Any]) -> None:
        """Set what is derived from the loaded fields (a game with none does nothing)."""
        return None

    # --- shared behaviour ----------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()  # ``copy.deepcopy`` (as OpenSpiel clones states) is the cheap clone

    def legal_actions(self) -> list[Action]:
        """Every legal action for the current player, sorted by code (empty when terminal)."""
        actions = self.table.actions
        return [actions[code] for code in self._legal_codes()]

    def legal_codes(self) -> list[int]:
        """Codes of every legal action, ascending: what an action mask needs, without Actions."""
        return list(self._legal_codes())

    def parse_action(self, text: str) -> Action:
        """The action a text names, checked for legality here."""
        action = self.table.resolve(text)
        self._check_legal(action)
        return action

    def apply(self, action: Action | int | str) -> list[Event]:
        """Apply an action given as an object, an integer code or a text; return its events.

        At a chance node, ``action`` names one of :meth:`chance_outcomes` (a code or a text of the
        game's :attr:`chance_table`). An illegal action raises :class:`IllegalAction` and changes
        nothing.
        """
        if self.current_player == CHANCE:
            return self._apply_chance(self._outcome(action).code)
        return self._apply_code(self.validate(action).code)

    def validate(self, action: Action | int | str) -> Action:
        """The legal action named by an object, code or text; :class:`IllegalAction` if none."""
        resolved = self.table.resolve(action)
        self._check_legal(resolved)
        return resolved

    def refusal(self, action: Action | int | str) -> str | None:
        """The key of the rule an action breaks here (``None`` if legal): a stable name for a
        test or a client to match on, where :meth:`explain` gives the sentence."""
        resolved = self.table.resolve(action)
        if self.is_terminal():
            return GAME_OVER
        return self._refusal(resolved)

    def explain(self, action: Action | int | str) -> str | None:
        """Why an action is illegal in this position (the rule it breaks), or ``None`` if legal."""
        try:
            self.validate(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def _check_legal(self, action: Action) -> None:
        if self.is_terminal():
            anchor = self.game.rule_anchors.get(GAME_OVER)
            over = _("the game is over; {action} cannot be played").format(action=repr(action.text))
            raise IllegalAction(over, GAME_OVER, self.game.id, anchor)
        if action.code not in self._legal_codes():
            if self.current_player == CHANCE:
                raise IllegalAction(_waiting(action), rule="chance", game=self.game.id)
            rule = self._refusal(action)
            anchor = None if rule is None else self.game.rule_anchors.get(rule)
            raise IllegalAction(self._sentence(action, rule), rule=rule, game=self.game.id, anchor=anchor)

    def score_breakdown(self) -> tuple[dict[str, int], ...]:
        return self.result().breakdown


def _waiting(action: Action) -> str:
    """The refusal of a player's action while chance is to act."""
    return _("{action} must wait: a random event is being decided first").format(action=repr(action.text))
