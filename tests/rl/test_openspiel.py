"""OpenSpiel's random simulation test, with serialization, on every game at every player count."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install -e '.[rl]'")

from fruitbowl.engine import all_games, get_game  # noqa: E402
from fruitbowl.rl.openspiel import SEED_OUTCOMES, register_all, short_name  # noqa: E402

GAME_COUNTS = [(g, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS, ids=lambda v: getattr(v, "id", str(v)))
def test_random_sim_test_with_serialization(game, players: int) -> None:
    spiel_game = pyspiel.load_game(short_name(game), {"players": players})
    pyspiel.random_sim_test(spiel_game, num_sims=3, serialize=True, verbose=False)


GAME_OPTION_SETS = [
    (g, g.min_players, options) for g in all_games() for options in g.conformance_option_sets(g.min_players) if options
]


@pytest.mark.parametrize(("game", "players", "options"), GAME_OPTION_SETS, ids=lambda v: getattr(v, "id", None))
def test_every_option_set_passes_the_random_sim_test(game, players: int, options: dict) -> None:
    """The expansions and variants too (Mystic Island modules, Lime campaigns…), serialized."""
    spiel_game = pyspiel.load_game(short_name(game), {"players": players, **options})
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_options_as_parameters() -> None:
    names = register_all()
    assert names == [short_name(g) for g in all_games()]
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 3, "multi_garnish": True, "first_player": 2})
    assert game.num_players() == 3 and game.num_distinct_actions() == 25
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    tanghulu = get_game("tanghulu")
    assert game.max_chance_outcomes() == len(tanghulu.chance_table(3))  # every die face, tile, card and seat
    citrus = pyspiel.load_game("fruitbowl_citrus", {"players": 2})
    assert citrus.max_chance_outcomes() == SEED_OUTCOMES  # (not converted yet: one seed draw at the start)


def test_an_openspiel_bot_plays_a_whole_game_through_the_openspiel_api() -> None:
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2, "seed": 4})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert len(returns) == 2 and abs(sum(returns)) < 1e-9


def test_observations_do_not_depend_on_hidden_information() -> None:
    import random

    game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.engine.hands[1]:  # seat 1 holds hidden sweet cards
            break
        state.apply_action(rng.choice(state.legal_actions()))
    seen = state.observation_tensor(0)
    state.engine = state.engine.determinize(0, random.Random(9))
    assert state.observation_tensor(0) == seen


# ---------------------------------------------------------------------- explicit chance (Tang Hu Lu)


def _random_play(state, rng, stop):
    """Play random outcomes and actions until ``stop(state)`` or the end."""
    while not state.is_terminal() and not stop(state):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_chance_nodes_are_the_games_own_random_events_not_a_seed() -> None:
    """The first node deals a store tile from the bag (54 tiles, each 1/54); a die roll's faces
    have the die's probabilities; every outcome is named as the event it is."""
    import numpy as np

    game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 54 and all(abs(p - 1 / 54) < 1e-12 for _, p in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).startswith("tile ")
    _random_play(state, np.random.RandomState(1), lambda s: s.is_chance_node() and len(s.chance_outcomes()) == 3)
    faces = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in state.chance_outcomes()}
    assert faces == {"die sugar": 1 / 3, "die coin": 1 / 3, "die fruit": 1 / 3}  # two faces of each
    assert game.max_chance_outcomes() > max(a for a, _ in outcomes)


def test_a_clone_carries_no_future() -> None:
    """Clones of one position, played on with the same actions but their own draws, diverge: the
    state decides no draw in advance (the old seed node let a clone know every future die)."""
    import numpy as np

    game = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2})
    state = _random_play(game.new_initial_state(), np.random.RandomState(2), lambda s: s.move_number() > 20)
    assert not state.is_chance_node() and not state.is_terminal()
    ends = set()
    for seed in range(6):
        clone = state.clone()
        rng = np.random.RandomState(seed)
        while not clone.is_chance_node():  # the same first actions, then each clone's own draw
            clone.apply_action(clone.legal_actions()[-1])
        outcomes, probabilities = zip(*clone.chance_outcomes(), strict=True)
        clone.apply_action(int(rng.choice(outcomes, p=probabilities)))
        ends.add(str(clone))
    assert len(ends) > 1
    assert "rng" not in state.engine.to_json()


def test_tang_hu_lu_declares_a_true_and_realistic_length() -> None:
    """Cut at 30 rounds by default (a game between players who only work would never end), so
    max_game_length bounds every game; round_limit=0 plays it uncut."""
    tanghulu = get_game("tanghulu")
    for players in (2, 3, 4):
        game = pyspiel.load_game("fruitbowl_tanghulu", {"players": players})
        options = tanghulu.validate_options({"round_limit": 30}, players)
        bound = tanghulu.max_actions(players, options)
        assert bound is not None and game.max_game_length() == bound < 2_500
    assert pyspiel.load_game("fruitbowl_tanghulu", {"players": 2}).max_game_length() == 840
    uncut = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2, "round_limit": 0})
    assert uncut.max_game_length() == 20_000
    state = pyspiel.load_game("fruitbowl_tanghulu", {"players": 2, "round_limit": 1}).new_initial_state()
    while not state.is_terminal():  # everyone works: the round limit ends it, scored as it stands
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            state.apply_action(11 if 11 in legal else legal[0])  # 11: work
    assert state.engine.result().truncated and len(state.returns()) == 2
