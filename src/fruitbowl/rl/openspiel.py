"""OpenSpiel games for every fruitbowl game, registered as ``fruitbowl_<game>``.

    >>> import pyspiel
    >>> import fruitbowl.rl.openspiel  # registers the games
    >>> game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()  # the deal: the first tile drawn to the store
    True
    >>> len(state.chance_outcomes())  # (outcome, probability): which of the bag's tiles comes out
    54

Each game is *imperfect information*, and *zero-sum* from two players on (rank returns add up to
0; a solo game's win or loss against the house is general-sum). Chance is **explicit**:

* A game whose engine has chance nodes (:attr:`~fruitbowl.engine.game.Game.explicit_chance`:
  all four of fruitbowl's games) has OpenSpiel chance nodes exactly at its random events
  (each die roll, each tile or card drawn), with the engine's ``chance_outcomes()`` (grouped:
  "which tile", not "which permutation"). A state holds no random generator, so a clone carries
  no future: a search on clones must sample the draws it has not seen, as one on resampled
  positions does. The ``seed`` parameter is not used (the algorithm draws the outcomes).
  Such a game provides each seat's perfect-recall **information state**
  (``information_state_string`` / ``information_state_tensor``, :class:`InfoStateObserver`: what
  the seat saw, step by step, never an outcome it did not witness) and
  :meth:`SpielState.resample_from_infostate`, so OpenSpiel's ISMCTS and CFR-family code run.
* A game without explicit chance (a plugin's game that draws from a generator in its state,
  such as the example game Windfall) has one chance node at the start that draws the game's
  seed (one of ``SEED_OUTCOMES``, mixed with the ``seed`` parameter); every later die roll,
  shuffle and draw follows from that seed inside the engine, exactly as in a fruitbowl record, so
  clones of its states still carry the future, and it refuses information states with a sentence.

Parameters are ``players``, ``seed`` and the game's own options, with the defaults a game gives
learning environments (:attr:`~fruitbowl.engine.game.Game.rl_defaults`) where its own would let
a game go on forever: Tang Hu Lu is cut at ``round_limit=30`` (scored as it stands, marked cut
short), which makes ``max_game_length`` a true bound (840 decisions for 2 players; random games
last about 35). ``round_limit=0`` plays it uncut, with the kit's cap of 20,000.

Observations are the game's numeric encoding of one seat's view (``observation_tensor``) and
that view as JSON (``observation_string``); returns are the rank rewards of
:mod:`fruitbowl.rl.rewards`. States serialize (pyspiel pickles them), so
``pyspiel.random_sim_test(game, serialize=True)`` and OpenSpiel's algorithms run.
"""

from __future__ import annotations

import json
import random
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from fruitbowl.engine import Game, IllegalAction, all_games, get_game
from fruitbowl.engine.conformance import DEFAULT_MAX_ACTIONS
from fruitbowl.engine.events import Event, move_shown_to
from fruitbowl.engine.game import CHANCE, State
from fruitbowl.engine.rng import derive_seed

from .rewards import rewards

#: How many distinct game seeds the opening chance node chooses from (for each ``seed`` parameter).
SEED_OUTCOMES = 1 << 16

#: How many steps :meth:`SpielState.resample_from_infostate` replays, at most, per step of the game,
#: looking for a history consistent with the player's information before it falls back to the
#: game's ``determinize``.
RESAMPLE_BUDGET = 2

#: The most floats an information state tensor may have (Tang Hu Lu's: 1,955-4,791): a game whose
#: ``max_game_length`` is far above its real length (a million decisions where games last a few
#: hundred) provides the string only, since OpenSpiel's tools copy the whole tensor at every step.
INFOSTATE_TENSOR_LIMIT = 50_000


def short_name(game: Game) -> str:
    return f"fruitbowl_{game.id}"


def _max_game_length(game: Game, num_seats: int, options: dict[str, Any]) -> int:
    return game.max_actions(num_seats, options) or DEFAULT_MAX_ACTIONS


def _max_chance_nodes(game: Game, num_seats: int, options: dict[str, Any]) -> int:
    """A bound on the chance nodes of one game with explicit chance: the deal's (those before the
    first decision, counted once) and ``max_game_length`` more (random games draw 0.2-1.4 times
    per decision and last far fewer decisions than that bound; a game that drew more would raise
    when its information state tensor is made)."""
    state, deal = game.new_state(num_seats, 0, options), 0
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
        deal += 1
    return deal + _max_game_length(game, num_seats, options)


def _history_length(game: Game, num_seats: int, options: dict[str, Any]) -> int:
    """Floats of the history part of the information state tensor (:class:`InfoStateObserver`):
    one per step, ``max_game_length + max_chance_nodes_in_history`` steps."""
    return _max_game_length(game, num_seats, options) + _max_chance_nodes(game, num_seats, options)


def _provides_tensor(game: Game, num_seats: int, options: dict[str, Any]) -> bool:
    if not game.explicit_chance:
        return False
    return (
        game.observation_size(num_seats, options) + _history_length(game, num_seats, options) <= INFOSTATE_TENSOR_LIMIT
    )


def _game_type(game: Game, num_seats: int | None = None, options: dict[str, Any] | None = None) -> pyspiel.GameType:
    """The game's OpenSpiel type; ``num_seats`` given: the type of a game with that many players
    (zero-sum from two players on: rank returns add up to 0; a solo game's win or loss does not)."""
    parameters: dict[str, Any] = {"players": game.min_players, "seed": 0}
    parameters.update({spec.name: spec.default for spec in game.option_specs})
    parameters.update(game.rl_defaults)
    seats = game.min_players if num_seats is None else num_seats
    if options is None:
        options = game.validate_options(dict(game.rl_defaults), seats)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"fruitbowl {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if seats > 1 else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=game.explicit_chance,
        provides_information_state_tensor=_provides_tensor(game, seats, options),
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class SpielGame(pyspiel.Game):
    """A fruitbowl game with its player count and options fixed, as OpenSpiel sees it."""

    def __init__(self, game: Game, params: dict[str, Any] | None = None):
        params = dict(params or {})
        self.fruitbowl = game
        self.num_seats = int(params.pop("players", game.min_players))
        self.base_seed = int(params.pop("seed", 0))
        game.check_player_count(self.num_seats)
        self.options = game.validate_options({**game.rl_defaults, **params}, self.num_seats)
        length = _max_game_length(game, self.num_seats, self.options)
        self.explicit = game.explicit_chance
        self.chance_table = game.chance_table(self.num_seats, self.options)
        self.action_table = game.action_table(self.num_seats, self.options)
        self.num_chance_outcomes = len(self.chance_table)
        #: a game with explicit chance: its first position, which every new state copies
        self.opening = game.new_state(self.num_seats, self.base_seed, self.options) if self.explicit else None
        #: the setup's events (a game with explicit chance: they open every seat's information state)
        self.setup_events = self.opening.setup_events if self.opening is not None else []
        self.observers: dict[bool, SpielObserver | InfoStateObserver] = {}
        self.max_chance_nodes = _max_chance_nodes(game, self.num_seats, self.options) if self.explicit else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.action_table),
            max_chance_outcomes=len(self.chance_table) if self.explicit else SEED_OUTCOMES,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.num_seats > 1 else None,
            max_game_length=length,
        )
        full = {"players": self.num_seats, "seed": self.base_seed, **self.options}
        super().__init__(_game_type(game, self.num_seats, self.options), info, full)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielGame:
        return self  # a game is fixed: clones of states (OpenSpiel deep-copies them) share it

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of one game (see :func:`_max_chance_nodes`), 1 for a game
        that draws its seed."""
        return self.max_chance_nodes if self.explicit else 1

    def initial(self) -> State:
        """The engine's first position of a game with explicit chance: at its first chance node
        (a copy of :attr:`opening`, which costs a fraction of setting a game up; pyspiel makes a
        new initial state for every clone of a state too)."""
        assert self.opening is not None, "only a game with explicit chance starts from its opening"
        return self.opening.clone()

    def start(self, outcome: int) -> State:
        """The engine's first position for the seed an opening chance outcome names."""
        seed = derive_seed(self.base_seed, outcome)
        return self.fruitbowl.new_state(self.num_seats, seed, self.options)

    def observer(self, perfect_recall: bool) -> SpielObserver | InfoStateObserver:
        """The game's own observer of each kind, made once (what :class:`SpielState`'s tensors use)."""
        observer = self.observers.get(perfect_recall)
        if observer is None:
            kind = pyspiel.IIGObservationType(perfect_recall=True) if perfect_recall else None
            observer = self.observers[perfect_recall] = self.make_py_observer(kind)
        return observer

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver | InfoStateObserver:
        """The seat's observation, or with ``IIGObservationType(perfect_recall=True)`` its
        information state (:class:`InfoStateObserver`, games with explicit chance only)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            if not self.explicit:
                raise pyspiel.SpielError(
                    f"{short_name(self.fruitbowl)} provides no information state: its chance is still one seed "
                    "drawn at the start, so its history would tell every future draw; use observation_tensor "
                    "and observation_string (the seat's view)"
                )
            return InfoStateObserver(self)
        return SpielObserver(self)


# ---------------------------------------------------------------------- what each seat saw


class Step:
    """One action or chance outcome applied, with its events: what each seat saw of it.

    A seat sees a chance outcome it witnesses (:meth:`State.chance_witnesses`), and an action as
    a table's replay shows it (:func:`~fruitbowl.engine.events.move_shown_to`: its own, and
    another seat's unless one of the action's events keeps a secret from it); of the events it
    sees what :meth:`Event.for_viewer` shows it. ``None`` as the seat is a spectator.
    """

    __slots__ = ("actor", "code", "events", "seen", "tokens", "witnesses")

    def __init__(self, actor: int, code: int, events: Sequence[Event], witnesses: tuple[int, ...] | None = None):
        self.actor = actor  # a seat, or CHANCE
        self.code = code
        self.events = events
        self.witnesses = witnesses  # at a chance node: the seats that learn the outcome (None: all)
        self.seen: dict[int | None, tuple[bool, list[dict[str, Any]]]] = {}
        self.tokens: dict[int | None, str] = {}

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` knows which action or outcome this was."""
        if self.actor == CHANCE:
            return self.witnesses is None or (seat is not None and seat in self.witnesses)
        return move_shown_to(self.actor, self.events, seat)

    def seen_by(self, seat: int | None) -> tuple[bool, list[dict[str, Any]]]:
        """Whether ``seat`` knows the action or outcome, and the events as it sees them (cached)."""
        seen = self.seen.get(seat)
        if seen is None:
            seen = self.seen[seat] = (self.visible(seat), [e.for_viewer(seat) for e in self.events])
        return seen

    def token(self, seat: int | None, game: SpielGame) -> str:
        """This step as one line of ``seat``'s information state (cached: clones share steps)."""
        token = self.tokens.get(seat)
        if token is None:
            visible, events = self.seen_by(seat)
            if self.actor == CHANCE:
                what = str(game.chance_table[self.code].text) if visible else "hidden"
                head = f"chance {what}"
            else:
                head = f"p{self.actor} {game.action_table[self.code].text if visible else 'hidden'}"
            token = self.tokens[seat] = f"{head} {json.dumps(events, sort_keys=True)}"
        return token

    def symbol(self, seat: int | None, game: SpielGame) -> int:
        """This step as one float of the information state tensor's history (the numbering is
        :class:`InfoStateObserver`'s): which outcome or which seat's action, as ``seat`` knows it."""
        visible = self.visible(seat)
        chances = len(game.chance_table)
        if self.actor == CHANCE:
            return 1 + (self.code if visible else chances)
        actions = len(game.action_table)
        return 2 + chances + self.actor * (actions + 1) + (self.code if visible else actions)


class _Masked(Step):
    """A step of a resampled history (see :meth:`SpielState.resample_from_infostate`) as the
    seat it was resampled for saw it; every other seat sees only its public part (the other seats'
    secrets of the real game are not theirs in the resampled one: :class:`_Known` tells them)."""

    __slots__ = ("owner",)

    def __init__(self, step: Step, owner: int):
        super().__init__(step.actor, step.code, step.events, step.witnesses)
        self.owner = owner
        self.seen, self.tokens = step.seen, step.tokens  # (the owner's are the real step's)

    def seen_by(self, seat: int | None) -> tuple[bool, list[dict[str, Any]]]:
        return super().seen_by(seat if seat == self.owner else None)

    def visible(self, seat: int | None) -> bool:
        return super().visible(seat if seat == self.owner else None)

    def token(self, seat: int | None, game: SpielGame) -> str:
        return super().token(seat if seat == self.owner else None, game)


class _Known(Step):
    """The end of a history resampled for ``owner`` from the game's ``determinize``: every other
    seat learns what its view of the resampled position shows (its own hidden things there)."""

    __slots__ = ("engine", "owner")

    def __init__(self, owner: int, engine: State):
        super().__init__(CHANCE, -1, ())
        self.owner = owner
        self.engine = engine.clone()  # (the position resampled: play goes on from another copy)

    def token(self, seat: int | None, game: SpielGame) -> str:
        if seat is None or seat == self.owner:
            return ""
        token = self.tokens.get(seat)
        if token is None:
            token = self.tokens[seat] = f"resampled {json.dumps(self.engine.view(seat), sort_keys=True)}"
        return token


class Trail:
    """The steps of one game, shared by its clones: a clone that applies a step copies the list
    only if another clone has appended past its end (a search's clones cost no copy per clone)."""

    __slots__ = ("length", "rows", "steps")

    def __init__(self, steps: list[Step] | None = None):
        self.steps = steps if steps is not None else []
        self.length = len(self.steps)
        #: per seat, the information state tensor's history made so far: (steps read, their
        #: floats); a state stepping on extends it instead of redoing it (a clone shares it)
        self.rows: dict[int, tuple[int, list[float]]] = {}

    def append(self, step: Step) -> None:
        if len(self.steps) != self.length:
            self.steps = self.steps[: self.length]
        self.steps.append(step)
        self.length += 1

    def __iter__(self) -> Any:
        steps = self.steps
        return (steps[i] for i in range(self.length))

    def __len__(self) -> int:
        return self.length

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        twin = Trail.__new__(Trail)
        twin.steps, twin.length, twin.rows = self.steps, self.length, dict(self.rows)
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        return (Trail, (self.steps[: self.length],))


# ---------------------------------------------------------------------- states


class SpielState(pyspiel.State):
    """One position; every call goes straight to the engine (for a game without explicit chance,
    after the opening chance node that draws the seed)."""

    def __init__(self, game: SpielGame, engine: State | None = None, trail: Trail | None = None):
        super().__init__(game)
        self.spiel_game = game
        #: None until the opening chance node has drawn the seed (games without explicit chance)
        self.engine: State | None = engine if engine is not None else game.initial() if game.explicit else None
        self.num_seats = game.num_seats
        #: what each seat saw, step by step (games with explicit chance: their information states)
        self.trail = trail if trail is not None else Trail()
        #: the seats for which no replay of this position agreed with what they saw
        self.unreplayable: set[int] = set()

    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = engine.current_player
        if player >= 0:
            return player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.engine is not None:
            return self.engine.chance_outcomes()
        probability = 1.0 / SEED_OUTCOMES
        return [(outcome, probability) for outcome in range(SEED_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine is None or player != self.engine.current_player:
            return []
        return self.engine.legal_codes()

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        if engine is None:
            self.engine = self.spiel_game.start(int(action))
        elif not self.spiel_game.explicit:
            engine.apply(int(action))
        else:
            code, actor = int(action), engine.current_player
            # the checks ``apply`` makes, without resolving the code to an Action first (an
            # outcome or action that fails them goes through ``apply``, which raises with its rule)
            if actor == CHANCE:
                witnesses = engine.chance_witnesses()
                known = 0 <= code < self.spiel_game.num_chance_outcomes and engine._is_outcome(code)
                events = engine._apply_chance(code) if known else engine.apply(code)
                self.trail.append(Step(CHANCE, code, events, witnesses))
            else:
                events = engine._apply_code(code) if code in engine._legal_codes() else engine.apply(code)
                self.trail.append(Step(actor, code, events))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.spiel_game.explicit:
                return str(self.spiel_game.chance_table[int(action)].text)
            return f"shuffle {action}"
        return str(self.spiel_game.action_table[int(action)].text)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_terminal()

    def returns(self) -> list[float]:
        if self.engine is None or not self.engine.is_terminal():
            return [0.0] * self.num_seats
        return rewards(self.engine.result(), self.num_seats)

    # pyspiel's State answers these from C++, calling back into Python several times per call
    # (its observation_tensor even builds a new initial state to learn the tensor's size, every
    # call); a Python caller such as rl_environment gets the same answers here directly. C++
    # callers (pyspiel's own algorithms) still go through the C++ methods, which ask the same
    # observers (tests/rl checks that both agree).

    def legal_actions(self, player: int | None = None) -> list[int]:
        engine = self.engine
        if engine is not None and engine.current_player >= 0:  # (a seat to act: not chance, not over)
            if player is None or player == engine.current_player:
                return engine.legal_codes()
            if 0 <= player < self.num_seats:
                return []
        return super().legal_actions() if player is None else super().legal_actions(player)

    def is_chance_node(self) -> bool:
        return self.engine is None or self.engine.current_player == CHANCE

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self.spiel_game.observer(perfect_recall=False), player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self.spiel_game.observer(perfect_recall=True), player)

    def _tensor(self, observer: SpielObserver | InfoStateObserver, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self.num_seats:
            raise pyspiel.SpielError(f"player {seat} is not a seat of this {self.num_seats}-player game")
        return observer.tensor_list(self, seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> SpielState:
        """A position consistent with everything seat ``player_id`` has seen (its information
        state), the rest resampled; ``probability_sampler()`` (a float in [0, 1), as OpenSpiel's
        ``UniformProbabilitySampler`` gives) seeds the sample.

        A game whose ``determinize`` is consistent with the whole history
        (:attr:`~fruitbowl.engine.game.Game.determinize_fits_history`, Tang Hu Lu) resamples from it:
        the other hands, and what is not drawn yet. Otherwise the game's history is replayed with
        the chance outcomes the seat did not witness drawn again and the actions hidden from it
        chosen again (among those that look the same to it), searching back where a replay stops
        agreeing with what the seat saw (within :data:`RESAMPLE_BUDGET`; if none agrees, this
        position is resampled from ``determinize`` from then on, consistent with the seat's current
        view: Fabled Fruit, whose fruits given in public tell much about earlier hidden draws).

        The state returned has the seat's information state exactly; the other seats' information
        states are those of the resampled game. Its OpenSpiel ``history()`` is empty (the real
        history would tell the hidden outcomes); play goes on from it as from any state.
        """
        game = self.spiel_game
        engine = self.engine
        if not game.explicit or engine is None:
            raise pyspiel.SpielError(
                f"{short_name(game.fruitbowl)} cannot resample from an information state: its chance is still one "
                "seed drawn at the start (its states carry every future draw)"
            )
        if not 0 <= player_id < self.num_seats:
            raise pyspiel.SpielError(f"player {player_id} is not a seat of this {self.num_seats}-player game")
        rng = random.Random(int(float(probability_sampler()) * (1 << 53)))
        if not game.fruitbowl.determinize_fits_history and player_id not in self.unreplayable:
            replayed = self._replay(player_id, rng)
            if replayed is not None:
                return replayed
            self.unreplayable.add(player_id)  # (a search resamples one position many times: once is enough)
        sample = engine.determinize(player_id, rng)
        steps: list[Step] = [_Masked(step, player_id) for step in self.trail]
        steps.append(_Known(player_id, sample))
        return SpielState(game, sample, Trail(steps))

    def _replay(self, seat: int, rng: random.Random) -> SpielState | None:
        """The game replayed with what ``seat`` did not see drawn or chosen again, agreeing with
        all it saw; ``None`` if none was found within :data:`RESAMPLE_BUDGET` steps per step.

        A depth-first search: at each step the seat did not see, the candidates (the outcomes in
        an order drawn by their probabilities, the hidden actions that look the same to the seat
        in a random order) are tried in turn; a step that disagrees with what the seat saw later
        (a fruit given in public that the resampled hand does not hold) sends the search back to
        the latest step with candidates left."""
        game, steps = self.spiel_game, list(self.trail)
        if any(isinstance(step, _Known) for step in steps):  # (resampled before: its past is not a game's)
            return None
        engine = game.initial()
        replayed: list[Step] = []
        #: per step not seen: (its index, the position before it, candidates left)
        choices: list[tuple[int, State, list[int]]] = []
        budget = RESAMPLE_BUDGET * (len(steps) + 1)
        i = 0
        while i < len(steps):
            budget -= 1
            if budget < 0:
                return None
            step = steps[i]
            if step.visible(seat):
                again = _replay_step(engine, step, step.code, seat)
            else:
                candidates = _candidates(engine, step, seat, rng)
                choices.append((i, engine.clone(), candidates))
                again = _replay_step(engine, step, candidates.pop(), seat) if candidates else None
            while again is None:  # back to the latest step not seen with a candidate left
                while choices and not choices[-1][2]:
                    choices.pop()
                if not choices:
                    return None
                i, before, candidates = choices[-1]
                engine = before.clone()
                del replayed[i:]
                again = _replay_step(engine, steps[i], candidates.pop(), seat)
                budget -= 1
            replayed.append(again)
            i += 1
        return SpielState(game, engine, Trail(replayed))

    def __str__(self) -> str:
        if self.engine is None:
            return "before the shuffle"
        return json.dumps(self.engine.view(None), sort_keys=True)


def _candidates(engine: State, step: Step, seat: int, rng: random.Random) -> list[int]:
    """What may have happened at a step ``seat`` did not see, in the order to try them (last
    first): the chance outcomes drawn one by one by their probabilities, without repeating; or the
    legal actions that would look the same to the seat, shuffled."""
    actor = engine.current_player
    if actor != step.actor:
        return []
    if actor == CHANCE:  # (weighted order without replacement: sort by u ** (1 / p))
        keyed = sorted((rng.random() ** (1.0 / p), code) for code, p in engine.chance_outcomes() if p > 0)
        return [code for _, code in keyed]
    wanted = step.seen_by(seat)
    codes = [
        code for code in engine.legal_codes() if Step(actor, code, engine.clone().apply(code)).seen_by(seat) == wanted
    ]
    rng.shuffle(codes)
    return codes


def _replay_step(engine: State, step: Step, code: int, seat: int) -> Step | None:
    """Apply ``code`` to ``engine`` in place of ``step``: the step it makes, or ``None`` (and
    ``engine`` is to be dropped) if ``seat`` would not see it as it saw ``step``."""
    actor = engine.current_player
    if actor != step.actor:
        return None
    witnesses = engine.chance_witnesses() if actor == CHANCE else None
    try:
        again = Step(actor, code, engine.apply(code), witnesses)
    except IllegalAction:  # (what the seat saw cannot happen in this replay: a card drawn earlier)
        return None
    return again if again.seen_by(seat) == step.seen_by(seat) else None


# ---------------------------------------------------------------------- observers


def _observation_list(game: SpielGame, state: SpielState, player: int, zeros: list[float]) -> list[float]:
    """The seat's observation tensor as the list pyspiel's calls return (float32 values, as the
    observer's tensor holds them), written from the encoding's nonzero entries into a copy of
    ``zeros`` (which may be longer: the observation is its start): a fraction of the cost of
    filling the numpy tensor and converting all of it."""
    out = zeros.copy()
    if state.engine is not None:
        encoded = game.fruitbowl.observation(state.engine, player)
        for position, x in zip(encoded.index, array("f", encoded.value), strict=True):
            out[position] = x
    return out


class SpielObserver:
    """OpenSpiel's observer interface: a numeric tensor and a string, from one seat's view."""

    def __init__(self, game: SpielGame):
        self.game = game
        size = game.fruitbowl.observation_size(game.num_seats, game.options)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.zeros = [0.0] * size

    def tensor_list(self, state: SpielState, player: int) -> list[float]:
        """What :meth:`set_from` writes to the tensor, as a list (for Python callers)."""
        return _observation_list(self.game, state, player, self.zeros)

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.engine is not None:
            encoded = self.game.fruitbowl.observation(state.engine, player)
            self.tensor.put(encoded.index, encoded.value)

    def string_from(self, state: SpielState, player: int) -> str:
        if state.engine is None:
            return "before the shuffle"
        return json.dumps(state.engine.view(player), sort_keys=True)


class InfoStateObserver:
    """A seat's perfect-recall information state: everything it saw, step by step.

    The **string** has one line per step of the game (after the setup's events as the seat saw
    them): ``chance <outcome>`` or ``p<seat> <action>``, with ``hidden`` in place of an outcome
    the seat did not witness or an action kept from it, then the step's events as the seat sees
    them (JSON); its last line is the seat's current view (``now {…}``).

    The **tensor** (``information_state_tensor``) has a fixed size, ``observation_size +
    history`` floats: first the seat's current observation (``observation_tensor``; the dict's
    ``observation``), then ``history``, one float per step of the game in order, as the seat
    knows it (``history`` = ``max_game_length + max_chance_nodes_in_history``; floats after the
    last step are 0). A step is a whole number, a token for an embedding layer:

    * ``1 + outcome`` a chance outcome the seat witnessed, ``1 + C`` one it did not
      (``C`` = ``max_chance_outcomes``);
    * ``2 + C + s × (A + 1) + action`` an action of seat ``s`` the seat knows, ``… + A`` one kept
      from it (``A`` = ``num_distinct_actions``).

    Two histories the seat can tell apart by these give different tensors, ones it cannot give
    equal ones. One float a step keeps the tensor small (Tang Hu Lu, 2 players: 1,955 floats),
    because OpenSpiel copies the whole of it into a new list for every player at every step. A
    game whose tensor would exceed :data:`INFOSTATE_TENSOR_LIMIT` floats refuses it with a
    sentence (its string still works).
    """

    def __init__(self, game: SpielGame):
        self.game = game
        self.observation_size = game.fruitbowl.observation_size(game.num_seats, game.options)
        self.length = _history_length(game.fruitbowl, game.num_seats, game.options)
        size = self.observation_size + self.length
        self.refusal: str | None = None
        if not _provides_tensor(game.fruitbowl, game.num_seats, game.options):
            self.refusal = (
                f"{short_name(game.fruitbowl)} has no information state tensor: its max_game_length "
                f"({game.max_game_length():,}) is not a realistic bound yet, so the tensor would have {size:,} floats; "
                "use information_state_string"
            )
            size = self.observation_size  # (the observer is still made: the string works)
            self.length = 0
        self.tensor = np.zeros(size, np.float32)
        self.history = self.tensor[self.observation_size :]
        self.dict = {"observation": self.tensor[: self.observation_size], "history": self.history}
        self.zeros = [0.0] * size  # (the whole tensor's: tensor_list writes both parts into one copy)

    def set_from(self, state: SpielState, player: int) -> None:
        if self.refusal is not None:
            raise pyspiel.SpielError(self.refusal)
        tensor = self.tensor
        tensor.fill(0.0)
        if state.engine is None:
            return
        encoded = self.game.fruitbowl.observation(state.engine, player)
        tensor.put(encoded.index, encoded.value)
        symbols = self._symbols(state, player)
        self.history[: len(symbols)] = symbols

    def _symbols(self, state: SpielState, player: int) -> list[float]:
        """The history's steps as ``player`` knows them (extending the trail's row for the seat)."""
        game, trail = self.game, state.trail
        read, symbols = trail.rows.get(player, (0, []))
        if read < trail.length:
            symbols = symbols + [
                float(step.symbol(player, game))
                for step in trail.steps[read : trail.length]
                if not isinstance(step, _Known)
            ]
            if len(symbols) > self.length:
                raise pyspiel.SpielError(f"the game is longer than its {self.length} information state steps")
            trail.rows[player] = (trail.length, symbols)
        return symbols

    def tensor_list(self, state: SpielState, player: int) -> list[float]:
        """What :meth:`set_from` writes to the tensor, as a list (for Python callers): the
        observation's entries, the history's steps as they are (whole numbers, exact as float32)
        and zeros, which costs a fraction of converting the mostly empty tensor float by float
        (all written into one copy of the zeros)."""
        if self.refusal is not None:
            raise pyspiel.SpielError(self.refusal)
        out = _observation_list(self.game, state, player, self.zeros)
        if state.engine is not None:
            symbols = self._symbols(state, player)
            out[self.observation_size : self.observation_size + len(symbols)] = symbols
        return out

    def string_from(self, state: SpielState, player: int) -> str:
        if state.engine is None:
            return ""
        game = self.game
        lines = [f"seat {player}"]
        lines.append(f"setup {json.dumps([e.for_viewer(player) for e in game.setup_events], sort_keys=True)}")
        lines += [token for step in state.trail if (token := step.token(player, game))]
        lines.append(f"now {json.dumps(state.engine.view(player), sort_keys=True)}")
        return "\n".join(lines)


def register_all() -> list[str]:
    """Register every fruitbowl game with OpenSpiel (idempotent); returns the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in all_games():
        name = short_name(game)
        if name not in registered:
            pyspiel.register_game(_game_type(game), _game_class(game.id))
        names.append(name)
    return names


def _game_class(game_id: str) -> type[SpielGame]:
    """A :class:`SpielGame` subclass bound to one game: pyspiel registers classes, as its own
    Python games do (a registered closure crashes the interpreter at exit)."""

    def __init__(self: SpielGame, params: dict[str, Any] | None = None) -> None:
        SpielGame.__init__(self, get_game(game_id), params)

    name = f"SpielGame_{game_id}"
    cls = type(name, (SpielGame,), {"__init__": __init__, "__module__": __name__, "__qualname__": name})
    globals()[name] = cls  # findable by name, so states that refer to their game can be pickled
    return cls


register_all()
