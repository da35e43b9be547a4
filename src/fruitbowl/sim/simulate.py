"""Play many seeded games between bots and summarise who won.

Every game's seed, and every bot's seed, is derived from one base seed with
:func:`~fruitbowl.engine.rng.derive_seed`, so the same call always gives the same numbers.
Bots are handed only a :class:`~fruitbowl.bots.SeatHandle`, exactly as in real play.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from fruitbowl.bots import Bot, SeatHandle, make_bot
from fruitbowl.engine import Game, InvalidOption, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import _, ngettext

from .confidence import wilson
from .counts import bots_count

#: Safety net for games that never end by themselves (a table of bots that only ever work):
#: after this many actions the game is abandoned and counted as truncated.
DEFAULT_ACTION_CAP = 20_000


@dataclass(frozen=True)
class GameOutcome:
    """One finished (or abandoned) game: scores, winners, length, and whether it was cut short.

    ``scores`` is ``None`` when the game hit the action cap without a result.
    """

    seed: int
    scores: tuple[int, ...] | None
    winners: tuple[int, ...]
    actions: int
    truncated: bool


@dataclass(frozen=True)
class SimulationResult:
    """The summary ``fruitbowl simulate --json`` prints; ``wins`` split ties fractionally, and
    ``win_ci95`` is each seat's 95% Wilson interval of its win share (wins / games)."""

    game: str
    games: int
    players: int
    bots: list[str]
    options: dict[str, Any]
    seed: int
    wins: list[float]
    win_ci95: list[tuple[float, float]]
    mean_scores: list[float]
    mean_actions: float
    truncated: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["game"]
        data["win_ci95"] = [list(interval) for interval in self.win_ci95]
        return data


def _rounded(interval: tuple[float, float]) -> tuple[float, float]:
    return (round(interval[0], 4), round(interval[1], 4))


def resolve_bots(names: Sequence[str] | None, num_players: int) -> list[str]:
    """One bot name per seat (default: ``random`` everywhere), checked against the registry."""
    chosen = [n.strip().lower() for n in names] if names else ["random"] * num_players
    if len(chosen) != num_players:
        seats = ngettext(
            "--bots names {bots} for {n} seat; give one per seat",
            "--bots names {bots} for {n} seats; give one per seat",
            num_players,
        )
        raise InvalidOption(seats.format(bots=bots_count(len(chosen)), n=num_players))
    for name in chosen:
        make_bot(name, 0)  # raises InvalidOption for an unknown name
    return chosen


def play_game(
    game: Game,
    num_players: int,
    options: Mapping[str, Any],
    bots: Sequence[Bot],
    seed: int,
    action_cap: int = DEFAULT_ACTION_CAP,
) -> GameOutcome:
    """Play one game to the end with one bot per seat."""
    state = game.new_state(num_players, seed, options)
    dealer = Dealer(seed)  # chance is drawn as a Match with this seed draws it
    dealer.settle(state)
    handles = [SeatHandle(state, seat) for seat in range(num_players)]
    actions = 0
    while not state.is_terminal():
        if actions >= action_cap:
            return GameOutcome(seed, None, tuple(range(num_players)), actions, True)
        seat = state.current_player
        state.apply(bots[seat].choose(handles[seat]))
        dealer.settle(state)
        actions += 1
    result = state.result()
    return GameOutcome(seed, tuple(result.scores), result.winners, actions, result.truncated)


def simulate(
    game_id: str,
    num_games: int,
    num_players: int,
    bots: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    progress: Callable[[GameOutcome], None] | None = None,
    action_cap: int = DEFAULT_ACTION_CAP,
) -> SimulationResult:
    """Play ``num_games`` games and summarise them.

    A game abandoned at ``action_cap`` counts as a draw between all seats and is left out of
    the mean scores; both kinds of cut-short game are counted in ``truncated``.
    """
    game = get_game(game_id)
    game.check_player_count(num_players)
    checked = game.validate_options(options, num_players)
    bot_names = resolve_bots(bots, num_players)
    if num_games < 1:
        raise InvalidOption(_("the number of games must be at least 1; got {n}").format(n=num_games))

    wins = [0.0] * num_players
    score_sums = [0.0] * num_players
    scored = total_actions = truncated = 0
    started = time.perf_counter()
    for index in range(num_games):
        game_seed = derive_seed(seed, "game", index)
        seated = [make_bot(name, derive_seed(game_seed, "bot", seat)) for seat, name in enumerate(bot_names)]
        try:
            outcome = play_game(game, num_players, checked, seated, game_seed, action_cap)
        finally:
            for bot in seated:
                bot.close()
        for winner in outcome.winners:
            wins[winner] += 1 / len(outcome.winners)
        if outcome.scores is not None:
            scored += 1
            for seat, score in enumerate(outcome.scores):
                score_sums[seat] += score
        total_actions += outcome.actions
        truncated += outcome.truncated
        if progress is not None:
            progress(outcome)
    return SimulationResult(
        game=game.id,
        games=num_games,
        players=num_players,
        bots=bot_names,
        options=checked,
        seed=seed,
        wins=[round(w, 6) for w in wins],
        win_ci95=[_rounded(wilson(w, num_games)) for w in wins],
        mean_scores=[round(s / scored, 4) if scored else 0.0 for s in score_sums],
        mean_actions=round(total_actions / num_games, 4),
        truncated=truncated,
        seconds=round(time.perf_counter() - started, 4),
    )
