"""OpenSpiel games for every fruitbowl game, registered as ``fruitbowl_<game>``.

    >>> import pyspiel
    >>> import fruitbowl.rl.openspiel  # registers the games
    >>> game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()  # the deal: the first tile drawn to the store
    True
    >>> len(state.chance_outcomes())  # (outcome, probability): which of the bag's tiles comes out
    54

Each game is *imperfect information* and *general sum*. Chance is **explicit**:

* A game whose engine has chance nodes (:attr:`~fruitbowl.engine.game.Game.explicit_chance`,
  Tang Hu Lu so far) has OpenSpiel chance nodes exactly at its random events (each die roll,
  each tile or card drawn), with the engine's ``chance_outcomes()`` (grouped: "which tile", not
  "which permutation"). A state holds no random generator, so a clone carries no future: a
  search on clones must sample the draws it has not seen, as one on resampled positions does.
  The ``seed`` parameter is not used (the algorithm draws the outcomes).
* The other games (until their engines are converted) have one chance node at the start that
  draws the game's seed (one of ``SEED_OUTCOMES``, mixed with the ``seed`` parameter); every
  later die roll, shuffle and draw follows from that seed inside the engine, exactly as in a
  fruitbowl record, so clones of their states still carry the future.

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
from typing import Any

import numpy as np
import pyspiel

from fruitbowl.engine import Game, all_games, get_game
from fruitbowl.engine.conformance import DEFAULT_MAX_ACTIONS
from fruitbowl.engine.game import CHANCE, State
from fruitbowl.engine.rng import derive_seed

from .rewards import rewards

#: How many distinct game seeds the opening chance node chooses from (for each ``seed`` parameter).
SEED_OUTCOMES = 1 << 16


def short_name(game: Game) -> str:
    return f"fruitbowl_{game.id}"


def _game_type(game: Game) -> pyspiel.GameType:
    parameters: dict[str, Any] = {"players": game.min_players, "seed": 0}
    parameters.update({spec.name: spec.default for spec in game.option_specs})
    parameters.update(game.rl_defaults)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"fruitbowl {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
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
        length = game.max_actions(self.num_seats, self.options) or DEFAULT_MAX_ACTIONS
        self.explicit = game.explicit_chance
        self.chance_table = game.chance_table(self.num_seats, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(self.num_seats, self.options),
            max_chance_outcomes=len(self.chance_table) if self.explicit else SEED_OUTCOMES,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=length,
        )
        full = {"players": self.num_seats, "seed": self.base_seed, **self.options}
        super().__init__(_game_type(game), info, full)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.max_game_length() if self.explicit else 1

    def initial(self) -> State:
        """The engine's first position of a game with explicit chance: at its first chance node."""
        return self.fruitbowl.new_state(self.num_seats, self.base_seed, self.options)

    def start(self, outcome: int) -> State:
        """The engine's first position for the seed an opening chance outcome names."""
        seed = derive_seed(self.base_seed, outcome)
        return self.fruitbowl.new_state(self.num_seats, seed, self.options)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return SpielObserver(self)


class SpielState(pyspiel.State):
    """One position; every call goes straight to the engine (for a game without explicit chance,
    after the opening chance node that draws the seed)."""

    def __init__(self, game: SpielGame):
        super().__init__(game)
        self.spiel_game = game
        #: None until the opening chance node has drawn the seed (games without explicit chance)
        self.engine: State | None = game.initial() if game.explicit else None
        self.num_seats = game.num_seats

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
        if self.engine is None:
            self.engine = self.spiel_game.start(int(action))
        else:
            self.engine.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.spiel_game.explicit:
                return str(self.spiel_game.chance_table[int(action)].text)
            return f"shuffle {action}"
        table = self.spiel_game.fruitbowl.action_table(self.num_seats, self.spiel_game.options)
        return str(table[int(action)].text)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_terminal()

    def returns(self) -> list[float]:
        if self.engine is None or not self.engine.is_terminal():
            return [0.0] * self.num_seats
        return rewards(self.engine.result(), self.num_seats)

    def __str__(self) -> str:
        if self.engine is None:
            return "before the shuffle"
        return json.dumps(self.engine.view(None), sort_keys=True)


class SpielObserver:
    """OpenSpiel's observer interface: a numeric tensor and a string, from one seat's view."""

    def __init__(self, game: SpielGame):
        self.game = game
        size = game.fruitbowl.observation_size(game.num_seats, game.options)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.engine is not None:
            encoded = self.game.fruitbowl.observation(state.engine, player)
            self.tensor[encoded.index] = encoded.value

    def string_from(self, state: SpielState, player: int) -> str:
        if state.engine is None:
            return "before the shuffle"
        return json.dumps(state.engine.view(player), sort_keys=True)


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
