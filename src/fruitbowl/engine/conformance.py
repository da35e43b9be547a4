"""The conformance kit: prove by playing that a game fulfils the engine contract.

Every game in fruitbowl must pass this kit for every player count and every option set it
lists in :meth:`Game.conformance_option_sets`. The kit knows nothing about any particular
game: it plays many seeded random games through the public contract (``legal_actions``,
``apply``, ``view``, ``determinize``, ``clone``, ``to_json``, records, results) and checks, at
each position, what ``docs/architecture.md`` and DESIGN "Testing" promise.

Running it on a new game
========================

::

    from fruitbowl.engine.conformance import check_all, check_game

    def test_my_game_conforms():
        check_all(MyGame(), games_per_count=300)   # every player count × option set

    # or one player count and one option set, with more control:
    report = check_game(MyGame(), 3, {"variant": "short"}, games=200, seed=7)
    print(report)

The game does not need to be registered; if it is (same id and class in
:mod:`fruitbowl.engine.registry`), replays go through :func:`fruitbowl.engine.record.replay`
exactly as a front end would load a saved record.

The first failure raises :class:`ConformanceError` (an ``AssertionError``, so pytest shows it
nicely). Its message starts with the check's name in brackets, then says which game, player
count, options and seed, the move number, the seat to act, and the last moves played, and
ends with a call that reproduces that one game::

    [legal-actions] toy-plums, 2 players, options {'match_bonus': 2}: legal actions are not sorted by code: [5, 3, 2]
      game seed 3632259989401595640 (game 1 of check_game(seed=0)), after move 0, seat 0 to act
      reproduce: check_seeded_game(game, 2, {'match_bonus': 2}, seed=3632259989401595640, full_every=1)

What is checked
===============

Each check is one function below, named ``check_<name>``; :data:`CHECKS` lists them all.
An exception escaping from the game itself is reported as ``crash``, with the same context.

Every position of every game ("cheap" checks):

* ``current-player``: a seat in range while the game runs; ``-1`` once it is over.
* ``legal-actions``: a non-empty list of the table's own :class:`Action` objects, sorted by
  code, no repeated code or text, every code in ``[0, num_distinct_actions)``.
* ``action-text``: every legal action's text (also upper-cased and padded with spaces) parses
  back to the same action with ``table.parse`` and ``state.parse_action``.
* ``illegal-action`` (light): one random non-legal code is refused with :class:`IllegalAction`.
* ``events``: ``apply`` returns a list of :class:`Event`; a secret is shown only to its owner.
* ``terminal``: once over, no legal actions and every ``apply`` is refused.
* ``game-length``: the game ends within ``game.max_actions`` (or the kit's cap, 20,000).
* ``result``: scores are the sums of the breakdown; places follow (score, *tie-breaks);
  the winners are the seats in place 1, and there is at least one.
* ``new-state``: the same seed sets up the same game twice; the table matches
  ``num_distinct_actions``.
* ``record`` and ``replay``: a :class:`Record` of the moves' texts survives a JSON round trip,
  and replaying it gives the same events at every move and the same ``to_json()`` at every
  fully checked position and at the end (so any randomness outside the state's seeded RNG, or
  an illegal attempt that changed the state, shows up here even where nothing else looked).

Fully checked positions (expensive checks, see "Sampling" below):

* ``clone``: ``clone().to_json() == to_json()``; playing on the clone leaves the original alone.
* ``json-round-trip``: ``state_from_json(json.loads(json.dumps(to_json())))`` is exact, and
  independent of the original.
* ``determinism``: the same action applied to four copies gives the same events and state.
* ``apply-forms``: applying the action as an object, as its code and as its text is the same.
* ``continuation``: a clone and a JSON copy played on with the same choices stay identical.
* ``illegal-action`` (full): every non-legal code (as code, object and text; sampled down to
  64 if the action space is larger), out-of-range codes, garbage texts and wrong types are
  refused with :class:`IllegalAction` and a non-empty message, and change nothing.
* ``refusals`` (:meth:`State._refusal`, see :mod:`.legality`): every
  legal action gets no refusal key and every other action of the table (sampled down to 64
  if the action space is larger) gets a key that :attr:`Game.refusals` turns into a non-empty
  sentence — the one a refused ``apply`` raises — and asking changes nothing. Since the legal
  actions are made from the same checks, this catches candidates the generation never
  offers although no check refuses them.
* ``view``: ``view(seat)`` for every seat and ``None`` is a JSON-ready dict, the same when asked
  twice, and asking does not change the state. Given a ``view_check`` (``check_game(...,
  view_check=fruitbowl.views.view_errors)``), each view as a client receives it (after a JSON
  round trip) must also fit the game's declared :attr:`Game.view_type`; the first error it names
  is the failure. (The kit itself stays pure Python: the check is passed in.)
* ``seed-leak``: no view and no event as shown to a viewer contains the seed (its decimal
  digits; checked when the seed has at least 9 digits, which the kit's own seeds always have)
  or anything that looks like a random generator's state (a list of 100+ large integers).
* ``view-invariance``: for several ``determinize(seat, rng)`` samples per seat, the sample's
  ``view(seat)`` and ``view(None)`` equal the original's (else the view shows something that
  seat cannot know, or determinize changes something it does know).
* ``determinize``: a sample has the same current player, and the same legal codes for the
  seat to act; it is reproducible from its ``rng``; it leaves the original unchanged and is
  independent of it; and before the end it really resamples (not every sample equals the
  true state: at least the RNG must be reseeded) — except in a game with explicit chance,
  whose states hold no future, so a position where nothing is hidden is its own sample.
* ``describe-event``: ``game.describe_event`` gives a non-empty sentence for every event and
  viewer, and the events are JSON-ready for every viewer.

Chance nodes (games with :attr:`Game.explicit_chance`, see :mod:`.chance`). The kit deals as a
table does, with a :class:`~fruitbowl.engine.chance.Dealer` seeded by the game's seed, and the
record lists the outcomes. At every chance node:

* ``chance``: only a game that declares ``explicit_chance`` has chance nodes, and only there
  are ``chance_outcomes()`` listed: a non-empty list of ``(code, probability)``, codes distinct,
  ascending and in the game's ``chance_table``, probabilities positive and summing to 1; no
  player has a legal action, and a player's action is refused without change. Fully checked:
  every outcome (sampled down to 16) applies without error and gives events; an outcome not
  listed, garbage and wrong types are refused without change; the outcome's words
  (``describe_outcome``) are a sentence.
* ``no-future``: a state of a game with explicit chance saves no random generator
  (``to_json`` has no ``rng``); fully checked: two clones resolved with different outcomes
  differ, and the original is left as it was (nothing was decided in advance).
* ``chance-witness``: fully checked: for each seat that ``chance_witnesses()`` leaves out (and
  the spectator), the view and the events as shown to it are the same whichever outcome is
  drawn: chance never reveals hidden information to the wrong seat.
* ``record`` / ``replay``: replaying the record with its outcomes, and again without them (as a
  server replays its stored moves, the seeded dealer drawing), gives the same game.

Sampling
========

Every position gets the cheap checks. The expensive checks run on every position of the
first ``full_games`` games of each :func:`check_game` call (default 3), and after that on
each position with probability ``1/full_every`` (default 10; 0 turns the sampling off),
decided by a seeded generator of its own so that the sampling never changes which moves are
played. Random move choices, sampling and the checks' own randomness (determinize samples,
which illegal codes to try) come from separate generators derived from the game's seed, so a
failing game is reproduced exactly by :func:`check_seeded_game` with ``full_every=1``.

Each game's seed is derived from the run's ``seed``, the game id, player count, options and
game number (a 63-bit number, so the seed-leak check is meaningful).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeAlias

from . import pages
from .actions import Action, normalize_text
from .chance import Dealer
from .errors import FruitbowlError, IllegalAction, UnknownGame
from .events import Event
from .game import CHANCE, Game, State
from .record import ChanceSource, Player, Record, replay
from .registry import get_game
from .result import Result
from .rng import derive_seed

#: Checks one view (as a client receives it, after a JSON round trip) against the game's declared
#: view type: the errors, one sentence each, or an empty list (``fruitbowl.views.view_errors``).
ViewCheck: TypeAlias = Callable[[Game, dict[str, Any]], list[str]]

#: A game with no declared :meth:`Game.max_actions` must still end within this many actions.
DEFAULT_MAX_ACTIONS = 20_000

#: Every check's name, as it appears in brackets at the start of a failure message.
CHECKS = (
    "crash",
    "new-state",
    "current-player",
    "legal-actions",
    "action-text",
    "illegal-action",
    "refusals",
    "events",
    "terminal",
    "game-length",
    "result",
    "record",
    "replay",
    "clone",
    "json-round-trip",
    "determinism",
    "apply-forms",
    "continuation",
    "view",
    "seed-leak",
    "view-invariance",
    "determinize",
    "describe-event",
    "chance",
    "no-future",
    "chance-witness",
)

#: Texts that no game should accept as an action.
GARBAGE_TEXTS = ("", "   ", "xyzzy plugh", "☃", "-1", "²", "1.5", "0x1", "\x00", "play play play")
#: Values that are not actions at all.
WRONG_TYPES: tuple[Any, ...] = (None, 1.5, True, False, b"0", [], {}, object())
#: Names used when asking ``describe_event`` for sentences.
PLAYER_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

_MIN_SEED_DIGITS = 9  # a shorter seed could appear in a view by coincidence
_RNG_LIKE_LENGTH = 100  # a list this long of large ints looks like a random generator's state
#: ``_RNG_LIKE_LENGTH`` integers of 7+ digits in a row in JSON text (a Mersenne Twister state is 624).
_RNG_LIKE = re.compile(r"(?:-?\d{7,}, ){" + str(_RNG_LIKE_LENGTH - 1) + "}")


class ConformanceError(AssertionError):
    """A game broke the contract. ``check`` names the failed check; the message says where."""

    def __init__(self, check: str, message: str):
        super().__init__(message)
        self.check = check


@dataclass
class ConformanceReport:
    """What one :func:`check_game` call played and checked."""

    game: str
    num_players: int
    options: dict[str, Any]
    games: int = 0
    actions: int = 0
    positions: int = 0
    fully_checked: int = 0
    longest_game: int = 0
    seconds: float = 0.0

    def __str__(self) -> str:
        return (
            f"{self.game}, {self.num_players} players, options {self.options}: {self.games} games, "
            f"{self.actions} actions (longest {self.longest_game}), {self.positions} positions, "
            f"{self.fully_checked} fully checked, {self.seconds:.2f} s"
        )


@dataclass
class Context:
    """Where the kit is: which game and seed, how far into it, and the moves so far."""

    game: Game
    num_players: int
    options: dict[str, Any]
    seed: int
    label: str = ""
    texts: list[str] = field(default_factory=list)
    #: The chance outcomes drawn so far (their texts), as the record lists them.
    chance: list[str] = field(default_factory=list)
    seat: int | None = None
    view_check: ViewCheck | None = None

    @property
    def names(self) -> list[str]:
        return [PLAYER_NAMES[s % len(PLAYER_NAMES)] for s in range(self.num_players)]

    @property
    def viewers(self) -> list[int | None]:
        return [None, *range(self.num_players)]

    def fail(self, check: str, detail: str) -> NoReturn:
        """Raise :class:`ConformanceError` for ``check`` with everything needed to reproduce it."""
        where = f"game seed {self.seed}" + (f" ({self.label})" if self.label else "")
        where += f", after move {len(self.texts)}"
        if self.seat is not None:
            where += f", seat {self.seat} to act"
        lines = [
            f"[{check}] {self.game.id}, {self.num_players} players, options {self.options}: {detail}",
            f"  {where}",
        ]
        if self.texts:
            recent = ", ".join(repr(t) for t in self.texts[-10:])
            more = "…, " if len(self.texts) > 10 else ""
            lines.append(f"  moves: {more}{recent}")
        call = f"check_seeded_game(game, {self.num_players}, {self.options!r}, seed={self.seed}, full_every=1"
        if self.view_check is not None:
            call += f", view_check={getattr(self.view_check, '__name__', 'view_check')}"
        call += ")"
        lines.append(f"  reproduce: {call}")
        raise ConformanceError(check, "\n".join(lines))


# ======================================================================= running the kit


def check_all(
    game: Game,
    games_per_count: int = 100,
    seed: int = 0,
    full_games: int = 3,
    full_every: int = 10,
    determinize_samples: int = 3,
    view_check: ViewCheck | None = None,
) -> list[ConformanceReport]:
    """Check every player count ``min_players..max_players`` × ``conformance_option_sets(n)``.

    ``games_per_count`` games are played per player count, shared out evenly (rounding up)
    among that count's option sets. ``view_check`` (for example ``fruitbowl.views.view_errors``)
    holds every checked view to the game's declared view type.
    """
    reports = []
    for n in range(game.min_players, game.max_players + 1):
        option_sets = game.conformance_option_sets(n) or [{}]
        per_set = -(-games_per_count // len(option_sets))
        for options in option_sets:
            reports.append(
                check_game(
                    game,
                    n,
                    options,
                    games=per_set,
                    seed=seed,
                    full_games=full_games,
                    full_every=full_every,
                    determinize_samples=determinize_samples,
                    view_check=view_check,
                )
            )
    return reports


def check_game(
    game: Game,
    num_players: int,
    options: Mapping[str, Any] | None = None,
    games: int = 100,
    seed: int = 0,
    full_games: int = 3,
    full_every: int = 10,
    determinize_samples: int = 3,
    view_check: ViewCheck | None = None,
) -> ConformanceReport:
    """Play ``games`` seeded random games of one player count and option set, checking each.

    Raises :class:`ConformanceError` at the first failure. See the module docstring for what
    is checked and for the sampling of the expensive checks (``full_games``, ``full_every``).
    """
    checked = game.validate_options(options, num_players)
    report = ConformanceReport(game.id, num_players, dict(options or {}))
    started = time.perf_counter()
    canonical = json.dumps(checked, sort_keys=True, default=str)
    for index in range(games):
        game_seed = derive_seed("conformance", seed, game.id, num_players, canonical, index)
        _play_one(
            game,
            num_players,
            checked,
            game_seed,
            label=f"game {index + 1} of check_game(seed={seed})",
            full_every=1 if index < full_games else full_every,
            determinize_samples=determinize_samples,
            report=report,
            view_check=view_check,
        )
    report.seconds = time.perf_counter() - started
    return report


def check_seeded_game(
    game: Game,
    num_players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    full_every: int = 1,
    determinize_samples: int = 3,
    view_check: ViewCheck | None = None,
) -> ConformanceReport:
    """Check the one game that ``seed`` plays (the seed a failure message names)."""
    checked = game.validate_options(options, num_players)
    report = ConformanceReport(game.id, num_players, dict(options or {}))
    started = time.perf_counter()
    _play_one(game, num_players, checked, seed, "", full_every, determinize_samples, report, view_check)
    report.seconds = time.perf_counter() - started
    return report


def _play_one(
    game: Game,
    num_players: int,
    options: dict[str, Any],
    seed: int,
    label: str,
    full_every: int,
    determinize_samples: int,
    report: ConformanceReport,
    view_check: ViewCheck | None = None,
) -> None:
    """Play one seeded random game, checking every position; then check its record.

    An exception that is not a :class:`ConformanceError` (the game crashed) is reported as
    the ``crash`` check, with the same context as any other failure.
    """
    ctx = Context(game, num_players, options, seed, label, view_check=view_check)
    try:
        _play_and_check(ctx, full_every, determinize_samples, report)
    except ConformanceError:
        raise
    except Exception as exc:
        ctx.fail("crash", f"the game raised {type(exc).__name__}: {exc} (its traceback is above)")


def _play_and_check(ctx: Context, full_every: int, determinize_samples: int, report: ConformanceReport) -> None:
    game, num_players, options, seed = ctx.game, ctx.num_players, ctx.options, ctx.seed
    choices = random.Random(derive_seed("choices", seed))
    sampler = random.Random(derive_seed("sampling", seed))
    checks_rng = random.Random(derive_seed("checks", seed))
    limit = game.max_actions(num_players, options)
    bound = DEFAULT_MAX_ACTIONS if limit is None else limit

    state = check_new_state(ctx)
    dealer = Dealer(seed)  # chance is dealt as a table with this seed deals it
    _deal(state, dealer, ctx, full_every == 1, checks_rng)
    snapshots: dict[int, dict[str, Any]] = {0: state.to_json()}
    events_by_move: list[list[Event]] = []
    while True:
        ctx.seat = state.current_player if not state.is_terminal() else None
        full = full_every > 0 and (full_every == 1 or sampler.randrange(full_every) == 0)
        report.positions += 1
        if full:
            report.fully_checked += 1
            snapshots[len(ctx.texts)] = state.to_json()
        if state.is_terminal():
            check_terminal(state, ctx, full)
            if full:
                check_clone(state, ctx)
                check_json_round_trip(state, ctx)
                check_views(state, ctx)
                check_determinize(state, ctx, checks_rng, determinize_samples)
            break
        check_current_player(state, ctx)
        legal = check_legal_actions(state, ctx)
        check_action_texts(state, legal, ctx)
        action = legal[choices.randrange(len(legal))]
        if full:
            check_clone(state, ctx)
            check_json_round_trip(state, ctx)
            check_determinism(state, action, ctx)
            check_apply_forms(state, action, ctx)
            check_continuation(state, ctx, checks_rng)
            check_illegal_actions(state, ctx, checks_rng, sweep=True)
            check_refusals(state, ctx, checks_rng)
            check_views(state, ctx)
            check_determinize(state, ctx, checks_rng, determinize_samples)
        else:
            check_illegal_actions(state, ctx, checks_rng, sweep=False)
        form = choices.randrange(3)
        given: Action | int | str = action if form == 0 else action.code if form == 1 else action.text
        events = state.apply(given)
        ctx.texts.append(action.text)
        check_events(events, ctx, full)
        events += _deal(state, dealer, ctx, full, checks_rng)
        events_by_move.append(events)
        if len(ctx.texts) > bound:
            declared = "max_actions" if limit is not None else "the kit's cap DEFAULT_MAX_ACTIONS"
            ctx.fail("game-length", f"the game did not end within {bound} actions ({declared})")
    snapshots[len(ctx.texts)] = state.to_json()
    check_result(state, ctx)
    record = check_record(state, ctx)
    check_replay(record, events_by_move, snapshots, ctx)
    report.games += 1
    report.actions += len(ctx.texts)
    report.longest_game = max(report.longest_game, len(ctx.texts))


# ======================================================================= the checks, in play order


def check_new_state(ctx: Context) -> State:
    """Setting up twice with one seed gives the same game; the action table has the declared size."""
    game, n = ctx.game, ctx.num_players
    state = game.new_state(n, ctx.seed, ctx.options)
    twin = game.new_state(n, ctx.seed, ctx.options)
    if state.to_json() != twin.to_json():
        where = _first_difference(state.to_json(), twin.to_json(), "to_json()")
        ctx.fail(
            "new-state",
            f"new_state with the same seed set up two different games ({where}): setup must draw "
            "only from the state's seeded RNG",
        )
    declared = game.num_distinct_actions(n, ctx.options)
    if len(state.table) != declared:
        ctx.fail("new-state", f"state.table has {len(state.table)} actions but num_distinct_actions says {declared}")
    if hasattr(state, "__dict__"):
        ctx.fail(
            "new-state",
            f"{type(state).__name__} has a __dict__, so a misspelt field is silently accepted: declare "
            "__slots__ on it (and on every class between it and State)",
        )
    return state


def _deal(state: State, dealer: Dealer, ctx: Context, full: bool, rng: random.Random) -> list[Event]:
    """Check and resolve the chance nodes ``state`` stands at, as a table's dealer would; their events."""
    events: list[Event] = []
    if not ctx.game.explicit_chance:
        if state.current_player == CHANCE or state.chance_outcomes():
            ctx.fail("chance", "the game has a chance node but does not declare explicit_chance")
        return events
    if "rng" in state.to_json():
        ctx.fail(
            "no-future", "to_json() saves a random generator: a game with explicit chance decides nothing in advance"
        )
    while state.current_player == CHANCE:
        ctx.seat = None
        check_chance_node(state, ctx, full, rng)
        outcome = dealer.draw(state)
        drawn = state.apply(outcome)
        ctx.chance.append(outcome.text)
        check_events(drawn, ctx, full)
        events += drawn
    if state.chance_outcomes():
        ctx.fail("chance", f"chance_outcomes() lists outcomes where {state.current_player} is to act, not chance")
    return events


def check_chance_node(state: State, ctx: Context, full: bool, rng: random.Random) -> None:
    """Outcomes well formed (distinct, ascending, in the chance table, probabilities summing to 1),
    no player able to act; fully checked, every outcome applies, others are refused, a clone
    carries no future, and the seats that do not witness the outcome cannot tell which it was."""
    outcomes = state.chance_outcomes()
    table = state.chance_table
    if not isinstance(outcomes, list) or not outcomes:
        ctx.fail("chance", f"chance_outcomes() at a chance node is {outcomes!r}, not a non-empty list")
    codes = [code for code, _ in outcomes]
    if codes != sorted(set(codes)):
        ctx.fail("chance", f"chance outcome codes are not distinct and ascending: {codes}")
    if not all(isinstance(c, int) and 0 <= c < len(table) for c in codes):
        ctx.fail("chance", f"chance outcome codes {codes} are not all in the chance table (0..{len(table) - 1})")
    probabilities = [p for _, p in outcomes]
    if not all(p > 0 for p in probabilities) or abs(sum(probabilities) - 1.0) > 1e-9:
        ctx.fail("chance", f"chance probabilities must be positive and sum to 1; they sum to {sum(probabilities)!r}")
    if state.legal_actions() or state.is_terminal():
        ctx.fail("chance", "at a chance node no player may act, and the game is not over")
    if not full:
        return
    before = state.to_json()
    unlisted = [o for o in table.actions if o.code not in codes][:8]
    attempts: list[Action | str] = [*state.table.actions[:1], *unlisted, *GARBAGE_TEXTS[:3]]
    for attempt in attempts:
        _expect_refusal(state, attempt, ctx, "chance", f"at a chance node only {codes[:8]}… may be drawn")
    if state.to_json() != before:
        ctx.fail("chance", "refused attempts at a chance node changed the state")
    tried = codes if len(codes) <= 16 else sorted(rng.sample(codes, 16))
    witnesses = state.chance_witnesses()
    blind = [v for v in ctx.viewers if witnesses is not None and v not in witnesses]
    seen: dict[int | None, tuple[Any, Any]] = {}
    afters = []
    for code in tried:
        copy = state.clone()
        try:
            events = copy.apply(code)
        except Exception as exc:
            ctx.fail("chance", f"the outcome {table[code].text!r} listed by chance_outcomes() raised {exc!r}")
        words = ctx.game.describe_outcome(table[code], hidden=False)
        if not isinstance(words, str) or not words.strip() or pages.internal_ids(words):
            ctx.fail("chance", f"describe_outcome({table[code].text!r}) gave {words!r}")
        afters.append(copy.to_json())
        for viewer in blind:
            shown = (copy.view(viewer), [e.for_viewer(viewer) for e in events])
            if seen.setdefault(viewer, shown) != shown:
                ctx.fail(
                    "chance-witness",
                    f"viewer {viewer} is not a witness of this chance node, yet what it sees depends on the outcome "
                    f"({table[code].text!r}): chance reveals hidden information to the wrong seat",
                )
    if state.to_json() != before:
        ctx.fail("no-future", "resolving clones of a chance node changed the original")
    if len(afters) > 1 and afters[0] == afters[-1]:
        ctx.fail("no-future", "two clones resolved with different outcomes are the same position")


def check_current_player(state: State, ctx: Context) -> None:
    """Exactly one seat, in range, is to act while the game runs."""
    seat = state.current_player
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < ctx.num_players:
        ctx.fail(
            "current-player", f"current_player is {seat!r} in a running game; expected a seat 0..{ctx.num_players - 1}"
        )


def check_legal_actions(state: State, ctx: Context) -> list[Action]:
    """Non-empty, the table's own actions, sorted by code, unique codes and texts, codes in range."""
    legal = state.legal_actions()
    if not isinstance(legal, list):
        ctx.fail("legal-actions", f"legal_actions() returned a {type(legal).__name__}, not a list")
    if not legal:
        ctx.fail("legal-actions", "no legal actions in a running game")
    limit = ctx.game.num_distinct_actions(ctx.num_players, ctx.options)
    codes = []
    for action in legal:
        if not isinstance(action, Action):
            ctx.fail("legal-actions", f"legal_actions() contains {action!r}, which is not an Action")
        code = action.code
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < limit:
            ctx.fail("legal-actions", f"{action!r} has code {code!r}, outside [0, num_distinct_actions={limit})")
        if state.table[code] is not action:
            ctx.fail("legal-actions", f"{action!r} is not the action table's own action for code {code}")
        if not isinstance(action.text, str) or not action.text.strip():
            ctx.fail("legal-actions", f"{action!r} has no text")
        codes.append(code)
    if codes != sorted(codes):
        ctx.fail("legal-actions", f"legal actions are not sorted by code: {codes}")
    if len(set(codes)) != len(codes):
        ctx.fail("legal-actions", f"legal actions repeat a code: {codes}")
    texts = [normalize_text(a.text) for a in legal]
    if len(set(texts)) != len(texts):
        repeated = sorted({t for t in texts if texts.count(t) > 1})
        ctx.fail("legal-actions", f"legal actions repeat a text: {repeated}")
    return legal


def check_action_texts(state: State, legal: Sequence[Action], ctx: Context) -> None:
    """Every legal action's text parses back (also in other case and spacing) to the same action."""
    for action in legal:
        for text in (action.text, action.text.upper(), f"  {action.text.replace(' ', '  ')} "):
            try:
                parsed = state.table.parse(text)
                checked = state.parse_action(text)
            except FruitbowlError as exc:
                ctx.fail("action-text", f"the text {text!r} of legal action {action!r} does not parse: {exc}")
            if parsed is not action or checked is not action:
                ctx.fail("action-text", f"the text {text!r} parses to {parsed!r} / {checked!r}, not {action!r}")


def check_illegal_actions(state: State, ctx: Context, rng: random.Random, sweep: bool) -> None:
    """Illegal actions raise :class:`IllegalAction` with a message and leave the state as it was.

    With ``sweep`` every non-legal code (sampled down to 64), in all three forms, plus
    out-of-range codes, garbage texts and wrong types are tried and the state compared before
    and after; without it, one random non-legal code is tried (the replay check would notice
    if it changed the state).
    """
    size = len(state.table)
    legal = {a.code for a in state.legal_actions()}
    illegal = [code for code in range(size) if code not in legal]
    if not sweep:
        if illegal:
            _expect_refusal(state, illegal[rng.randrange(len(illegal))], ctx)
        return
    if len(illegal) > 64:
        illegal = sorted(rng.sample(illegal, 64))
    attempts: list[Any] = []
    for code in illegal:
        attempts += [code, state.table[code], state.table[code].text]
    attempts += [-1, size, size + 1000, 2**70]
    attempts += [text for text in GARBAGE_TEXTS if not _names_legal(state, text, legal)]
    attempts += [*WRONG_TYPES, Action(0, "xyzzy plugh", "fake")]
    before = state.to_json()
    for attempt in attempts:
        _expect_refusal(state, attempt, ctx)
    if state.to_json() != before:
        # Find the culprit on fresh copies, to name it.
        for attempt in attempts:
            copy = ctx.game.state_from_json(before)
            with contextlib.suppress(IllegalAction):
                copy.apply(attempt)
            if copy.to_json() != before:
                where = _first_difference(before, copy.to_json(), "to_json()")
                ctx.fail("illegal-action", f"the refused apply({attempt!r}) changed the state ({where})")
        ctx.fail("illegal-action", "refused actions changed the state")
    for code in illegal[:8]:
        text = state.table[code].text
        try:
            state.parse_action(text)
        except IllegalAction:
            continue
        ctx.fail("illegal-action", f"parse_action({text!r}) accepted an action that is not legal")


#: At most this many illegal actions per fully checked position get their refusal checked.
REFUSALS_SAMPLE = 64


def check_refusals(state: State, ctx: Context, rng: random.Random) -> None:
    """Each action gets a refusal key exactly when it is not legal, and each key a sentence."""
    legal = {a.code for a in state.legal_actions()}
    illegal = [code for code in range(len(state.table)) if code not in legal]
    if len(illegal) > REFUSALS_SAMPLE:
        illegal = sorted(rng.sample(illegal, REFUSALS_SAMPLE))
    before = state.to_json()
    refusals = ctx.game.refusals
    for code in sorted(legal):
        rule = state.refusal(code)
        if rule is not None:
            ctx.fail("refusals", f"legal action {state.table[code]!r} is refused by the rule {rule!r}")
    for n, code in enumerate(illegal):
        action = state.table[code]
        rule = state.refusal(code)
        if rule is None:
            ctx.fail("refusals", f"{action!r} is not among the legal actions, but no rule refuses it")
        if rule not in refusals:
            ctx.fail("refusals", f"{action!r} is refused by {rule!r}, which game.refusals has no sentence for")
        sentence = refusals[rule](state, action)
        if not isinstance(sentence, str) or not sentence.strip():
            ctx.fail("refusals", f"the sentence of rule {rule!r} for {action!r} is empty")
        if pages.internal_ids(sentence):  # players read the rule in words, never the reference's ids
            ctx.fail("refusals", f"the sentence of rule {rule!r} shows internal ids: {sentence!r}")
        if n < 8 and state.explain(code) != sentence:  # (a refused apply goes through the same path)
            ctx.fail("refusals", f"refusing {action!r} does not say the sentence of its rule {rule!r}")
    if state.to_json() != before:
        ctx.fail("refusals", "asking for refusal keys changed the state")


def _names_legal(state: State, text: str, legal: set[int]) -> bool:
    """Whether a garbage text happens to name a legal action of this game (then it is not garbage)."""
    try:
        return state.table.parse(text).code in legal
    except ValueError:
        return False


def _expect_refusal(
    state: State, attempt: Any, ctx: Context, check: str = "illegal-action", why: str = "it is not a legal action"
) -> None:
    """``attempt`` must be refused with :class:`IllegalAction` and a sentence (``why``: why it is not
    allowed, for the failure's message)."""
    try:
        state.apply(attempt)
    except IllegalAction as exc:
        if not str(exc).strip():
            ctx.fail(check, f"apply({attempt!r}) was refused with an empty message")
        return
    except Exception as exc:
        ctx.fail(check, f"apply({attempt!r}) raised {type(exc).__name__}: {exc} — it must raise IllegalAction")
    ctx.fail(check, f"apply({attempt!r}) was accepted, but {why}")


def check_events(events: Any, ctx: Context, full: bool) -> None:
    """A list of :class:`Event`; secrets only for their owner; at full positions, JSON and sentences."""
    if not isinstance(events, list):
        ctx.fail("events", f"apply returned {type(events).__name__}, not a list of events")
    for event in events:
        if not isinstance(event, Event):
            ctx.fail("events", f"apply returned {event!r}, which is not an Event")
        if not isinstance(event.kind, str) or not event.kind:
            ctx.fail("events", f"an event has no kind: {event!r}")
        if event.actor is not None and not 0 <= event.actor < ctx.num_players:
            ctx.fail("events", f"event {event.kind!r} has actor {event.actor!r}, not a seat")
        if event.secret is not None:
            if event.owner is None or not 0 <= event.owner < ctx.num_players:
                ctx.fail("events", f"event {event.kind!r} has a secret but its owner {event.owner!r} is not a seat")
            clash = set(event.secret) & ({"kind", "actor"} | set(event.data))
            if clash:
                ctx.fail("events", f"event {event.kind!r} uses secret keys {sorted(clash)} in its public part too")
            for viewer in ctx.viewers:
                if viewer != event.owner and set(event.secret) & set(event.for_viewer(viewer)):
                    ctx.fail("events", f"event {event.kind!r} shows its secret to viewer {viewer}")
    if full:
        check_describe_events(events, ctx)


def check_describe_events(events: Sequence[Event], ctx: Context) -> None:
    """Every event is JSON-ready for every viewer, has no seed, and has a sentence."""
    for event in events:
        try:
            json.dumps(event.to_json(), allow_nan=False)
        except (TypeError, ValueError) as exc:
            ctx.fail("describe-event", f"event {event.kind!r} is not JSON-ready: {exc}")
        for viewer in ctx.viewers:
            shown = event.for_viewer(viewer)
            try:
                text = json.dumps(shown, allow_nan=False)
            except (TypeError, ValueError) as exc:
                ctx.fail("describe-event", f"event {event.kind!r} for viewer {viewer} is not JSON-ready: {exc}")
            _check_no_seed(text, f"event {event.kind!r} as shown to viewer {viewer}", ctx)
            sentence = ctx.game.describe_event(event, viewer, ctx.names)
            if not isinstance(sentence, str) or not sentence.strip():
                ctx.fail("describe-event", f"describe_event({event.kind!r}, viewer={viewer}) gave {sentence!r}")
            if pages.internal_ids(sentence):
                ctx.fail("describe-event", f"the sentence of event {event.kind!r} shows internal ids: {sentence!r}")


def check_terminal(state: State, ctx: Context, full: bool) -> None:
    """Over means: no legal actions, current player -1, and every action refused without change."""
    if state.legal_actions():
        ctx.fail("terminal", f"the game is over but legal_actions() is {state.legal_actions()!r}")
    if state.current_player != -1:
        ctx.fail("terminal", f"the game is over but current_player is {state.current_player!r}, not -1")
    before = state.to_json() if full else None
    codes = range(len(state.table)) if full else [0, len(state.table) - 1]
    for code in codes:
        _expect_refusal(state, code, ctx, "terminal", "the game is over")
    if before is not None and state.to_json() != before:
        ctx.fail("terminal", "refused actions after the end changed the state")


def check_result(state: State, ctx: Context) -> Result:
    """Scores are the breakdown's sums; places follow (score, *tie-breaks); winners hold place 1."""
    result = state.result()
    n = ctx.num_players
    if not isinstance(result, Result):
        ctx.fail("result", f"result() returned {type(result).__name__}, not a Result")
    for name in ("scores", "breakdown", "tiebreaks", "places"):
        if len(getattr(result, name)) != n:
            ctx.fail("result", f"result.{name} has {len(getattr(result, name))} entries for {n} players")
    for seat in range(n):
        parts = result.breakdown[seat]
        if set(parts) != set(result.categories):
            ctx.fail("result", f"seat {seat}'s breakdown has {sorted(parts)}; the categories are {result.categories}")
        total = sum(parts[c] for c in result.categories)
        if result.scores[seat] != total:
            ctx.fail("result", f"seat {seat} scores {result.scores[seat]} but the breakdown {parts} adds up to {total}")
        if len(result.tiebreaks[seat]) != len(result.tiebreak_names):
            ctx.fail("result", f"seat {seat} has tie-breaks {result.tiebreaks[seat]} for {result.tiebreak_names}")
    keys = [(result.scores[s], *result.tiebreaks[s]) for s in range(n)]
    house = result.house
    expected = tuple(
        1 + sum(1 for other in keys if other > key) + (1 if house and house.beats(key[0]) else 0) for key in keys
    )
    if tuple(result.places) != expected:
        ctx.fail("result", f"places {result.places} do not follow (score, *tie-breaks) {keys}: expected {expected}")
    winners = tuple(s for s in range(n) if result.places[s] == 1)
    if tuple(result.winners) != winners or not (winners or result.house_place == 1):
        ctx.fail("result", f"winners {result.winners} are not the seats in place 1 {winners}")
    if house is not None and sum(house.breakdown.values()) != house.score:
        ctx.fail("result", f"the house scores {house.score} but its breakdown {house.breakdown} says otherwise")
    try:
        json.dumps(result.to_json(), allow_nan=False)
    except (TypeError, ValueError) as exc:
        ctx.fail("result", f"result.to_json() is not JSON-ready: {exc}")
    if state.result().to_json() != result.to_json():
        ctx.fail("result", "result() gives a different answer when asked twice")
    return result


def check_record(state: State, ctx: Context) -> Record:
    """The game's record (texts, seed, options, result) survives JSON and parsing unchanged."""
    players = [Player(name) for name in ctx.names]
    record = Record(
        ctx.game.id,
        ctx.game.rules_version,
        dict(ctx.options),
        players,
        ctx.seed,
        list(ctx.texts),
        state.result().to_json(),
        chance=list(ctx.chance),
    )
    try:
        again = Record.from_json(json.loads(json.dumps(record.to_json())))
        parsed = Record.parse(record.dumps())
    except FruitbowlError as exc:
        ctx.fail("record", f"the game's own record is refused: {exc}")
    if again != record or parsed != record:
        ctx.fail("record", f"the record changed in a JSON round trip: {record} became {again}")
    return record


def check_replay(
    record: Record,
    events_by_move: Sequence[Sequence[Event]],
    snapshots: Mapping[int, dict[str, Any]],
    ctx: Context,
) -> None:
    """Replaying the record gives the same events at every move and the same state where saved.

    ``snapshots`` maps a move number (0 = the start) to the original run's ``to_json()``.
    A registered game is replayed with :func:`fruitbowl.engine.record.replay`, as front ends
    load saves; an unregistered one by applying the texts to a new state.
    """
    replayed = _replay_states(record, ctx)
    count = 0
    for number, state, events in replayed:
        count = number
        expected = events_by_move[number - 1]
        if not _same_events(events, expected):
            where = _first_difference(_events_json(expected), _events_json(events), "events")
            ctx.fail(
                "replay",
                f"replaying the record diverged at move {number} ({record.actions[number - 1]!r}): different "
                f"events ({where}). Randomness must come only from the state's seeded RNG",
            )
        if number in snapshots and state.to_json() != snapshots[number]:
            where = _first_difference(snapshots[number], state.to_json(), "to_json()")
            ctx.fail("replay", f"replaying the record diverged at move {number}: different state ({where})")
    if count != len(record.actions):
        ctx.fail("replay", f"the replay stopped after {count} of {len(record.actions)} moves")
    if record.chance:  # as a server replays its stored moves: the seeded dealer draws the outcomes again
        final = snapshots[len(record.actions)]
        moves_only = Record(**{**record.__dict__, "chance": []})
        last: State | None = None
        for _number, again, _events in _replay_states(moves_only, ctx):
            last = again
        if last is None or last.to_json() != final:
            ctx.fail("replay", "replaying the moves without their chance outcomes (drawn by the seeded dealer) differs")


def _replay_states(record: Record, ctx: Context) -> Iterable[tuple[int, State, list[Event]]]:
    try:
        registered = get_game(ctx.game.id)
    except UnknownGame:
        registered = None
    try:
        if registered is not None and type(registered) is type(ctx.game):
            for number, _text, state, events in replay(record):
                yield number, state, events
            return
        state = ctx.game.new_state(len(record.players), record.seed, record.options)
        chance = ChanceSource(record)
        chance.settle(state)
        for number, text in enumerate(record.actions, start=1):
            events = state.apply(text)
            yield number, state, events + chance.settle(state)
    except FruitbowlError as exc:
        ctx.fail("replay", f"the game's own record does not replay: {exc}")


def check_clone(state: State, ctx: Context) -> None:
    """``clone()`` is exact, and playing on the clone does not touch the original."""
    before = state.to_json()
    copy = state.clone()
    if type(copy) is not type(state):
        ctx.fail("clone", f"clone() returned a {type(copy).__name__}, not a {type(state).__name__}")
    if copy.to_json() != before:
        ctx.fail("clone", f"clone() is not exact: {_first_difference(before, copy.to_json(), 'to_json()')}")
    _check_independent(state, copy, before, "clone", "a clone", ctx)


def check_json_round_trip(state: State, ctx: Context) -> None:
    """``state_from_json(to_json())`` through real JSON is exact and independent of the original."""
    before = state.to_json()
    try:
        text = json.dumps(before, allow_nan=False)
    except (TypeError, ValueError) as exc:
        ctx.fail("json-round-trip", f"to_json() is not JSON-ready: {exc}")
    restored = ctx.game.state_from_json(json.loads(text))
    if restored.to_json() != before:
        where = _first_difference(before, restored.to_json(), "to_json()")
        ctx.fail("json-round-trip", f"state_from_json(to_json()) is not exact: {where}")
    if not state.is_terminal():
        codes = state.legal_codes()
        if restored.legal_codes() != codes:
            ctx.fail(
                "json-round-trip",
                f"the loaded copy's legal actions {restored.legal_codes()} differ from the original's {codes}:"
                " an answer cached in the original is stale, or to_json() leaves something out",
            )
        state.forget_answers()
        if state.legal_codes() != codes:
            ctx.fail(
                "legal-actions",
                f"after forget_answers() the legal actions are {state.legal_codes()}, not {codes}:"
                " a cached answer was stale",
            )
    _check_independent(state, restored, before, "json-round-trip", "a JSON copy", ctx)


def _check_independent(state: State, copy: State, before: dict[str, Any], check: str, what: str, ctx: Context) -> None:
    """Apply one legal action to ``copy``; the original must not change."""
    if copy.is_terminal():
        return
    copy.apply(copy.legal_actions()[-1])
    if state.to_json() != before:
        where = _first_difference(before, state.to_json(), "to_json()")
        ctx.fail(check, f"applying an action to {what} changed the original ({where}): it shares mutable data")


def check_determinism(state: State, action: Action, ctx: Context, copies: int = 4) -> None:
    """The same action on several identical copies gives the same events and the same state.

    Several copies, because randomness from outside the seeded RNG can agree by chance.
    """
    first = state.clone()
    events_1 = first.apply(action)
    after_1 = first.to_json()
    for _ in range(copies - 1):
        other = state.clone()
        events_2 = other.apply(action)
        after_2 = other.to_json()
        if not _same_events(events_1, events_2) or after_1 != after_2:
            where = _first_difference(
                {"events": _events_json(events_1), "state": after_1},
                {"events": _events_json(events_2), "state": after_2},
                "",
            )
            ctx.fail(
                "determinism",
                f"applying {action.text!r} to identical copies gave different results ({where}): the game draws "
                "randomness from outside its seeded RNG (the random module, time, id order…), so replays diverge",
            )


def check_apply_forms(state: State, action: Action, ctx: Context) -> None:
    """``apply(action)``, ``apply(code)`` and ``apply(text)`` give the same events and state."""
    outcomes = []
    for given in (action, action.code, action.text):
        copy = state.clone()
        events = copy.apply(given)
        outcomes.append((given, events, copy.to_json()))
    for given, events, after in outcomes[1:]:
        if not _same_events(events, outcomes[0][1]) or after != outcomes[0][2]:
            where = _first_difference(
                {"events": _events_json(outcomes[0][1]), "state": outcomes[0][2]},
                {"events": _events_json(events), "state": after},
                "",
            )
            ctx.fail("apply-forms", f"apply({given!r}) differs from apply({action!r}): {where}")


def check_continuation(state: State, ctx: Context, rng: random.Random, moves: int = 6) -> None:
    """A clone and a JSON copy, played on with the same choices, stay identical."""
    by_clone = state.clone()
    by_json = ctx.game.state_from_json(json.loads(json.dumps(state.to_json())))
    for step in range(1, moves + 1):
        if by_clone.is_terminal() or by_json.is_terminal():
            if by_clone.is_terminal() != by_json.is_terminal():
                ctx.fail("continuation", f"{step - 1} moves on, only one of a clone and a JSON copy is over")
            break
        legal = _moves(by_clone)
        if legal != _moves(by_json):
            ctx.fail("continuation", f"{step - 1} moves on, a clone and a JSON copy have different legal actions")
        code = legal[rng.randrange(len(legal))]
        events_clone, events_json = by_clone.apply(code), by_json.apply(code)
        if not _same_events(events_clone, events_json):
            where = _first_difference(_events_json(events_clone), _events_json(events_json), "events")
            ctx.fail("continuation", f"move {step} on, a clone and a JSON copy gave different events ({where})")
    if by_clone.to_json() != by_json.to_json():
        where = _first_difference(by_clone.to_json(), by_json.to_json(), "to_json()")
        ctx.fail("continuation", f"a clone and a JSON copy played on with the same moves differ ({where})")


def _moves(state: State) -> list[int]:
    """The codes that may be applied: the legal actions, or at a chance node the outcomes."""
    if state.current_player == CHANCE:
        return [code for code, _ in state.chance_outcomes()]
    return [a.code for a in state.legal_actions()]


def check_views(state: State, ctx: Context) -> None:
    """Every seat's and the spectator's view: a JSON-ready dict, stable, pure, without the seed; and the
    prompt and action labels that front ends build from the acting seat's view."""
    before = state.to_json()
    for viewer in ctx.viewers:
        view = state.view(viewer)
        if not isinstance(view, dict):
            ctx.fail("view", f"view({viewer}) is a {type(view).__name__}, not a dict")
        try:
            text = json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as exc:
            ctx.fail("view", f"view({viewer}) is not JSON-ready: {exc}")
        if state.view(viewer) != view:
            ctx.fail("view", f"view({viewer}) changes when asked twice")
        _check_no_seed(text, f"view({viewer})", ctx)
        if ctx.view_check is not None:
            errors = ctx.view_check(ctx.game, json.loads(text))
            if errors:
                count = f" ({len(errors)} errors; the first)" if len(errors) > 1 else ""
                ctx.fail("view", f"view({viewer}) does not fit the game's view type{count}: {errors[0]}")
    if not state.is_terminal():
        # What front ends show for the position: the status line and a label for every legal action.
        own = state.view(state.current_player)
        names = [f"Seat {seat + 1}" for seat in range(ctx.num_players)]
        if not isinstance(ctx.game.prompt(own, names), str):
            ctx.fail("view", "game.prompt(view, names) is not a string")
        for action in state.legal_actions():
            label = ctx.game.describe_action(own, action)
            if not isinstance(label, str) or not label:
                ctx.fail("view", f"game.describe_action(view, {action.text!r}) gave no label")
    if state.to_json() != before:
        ctx.fail("view", f"asking for views changed the state ({_first_difference(before, state.to_json(), '')})")


def _check_no_seed(text: str, what: str, ctx: Context) -> None:
    """``seed-leak``: neither the seed's digits nor a random generator's state in what a viewer sees."""
    digits = str(ctx.seed)
    if len(digits) >= _MIN_SEED_DIGITS and digits in text:
        ctx.fail("seed-leak", f"{what} contains the seed {ctx.seed}")
    found = _RNG_LIKE.search(text)
    if found is not None:
        ctx.fail(
            "seed-leak",
            f"{what} has a list of {_RNG_LIKE_LENGTH}+ large integers, which looks like a random generator's state: "
            f"{found.group()[:60]}…",
        )


def check_determinize(state: State, ctx: Context, rng: random.Random, samples: int = 3) -> None:
    """``determinize(seat, rng)`` for every seat: views invariant, original untouched, truly resampled.

    The view invariance is checked on every sample; reproducibility (the same ``rng`` seed gives
    the same sample) on the first sample of the seat to act; independence (playing on a
    sample leaves the original alone) on the first sample of every seat.
    """
    before = state.to_json()
    spectator = state.view(None)
    legal = [a.code for a in state.legal_actions()]
    for seat in range(ctx.num_players):
        own = state.view(seat)
        resampled = state.is_terminal()
        for sample_number in range(samples):
            sample_seed = rng.getrandbits(64)
            sample = state.determinize(seat, random.Random(sample_seed))
            if sample is state:
                ctx.fail("determinize", f"determinize({seat}, rng) returned the state itself, not a new state")
            seen = sample.view(seat)
            if seen != own:
                where = _first_difference(own, seen, "view")
                ctx.fail(
                    "view-invariance",
                    f"view({seat}) differs in a determinize({seat}, rng) sample ({where}): the view shows something "
                    f"seat {seat} cannot know, or determinize resamples something it knows",
                )
            if sample_number == 0 and sample.view(None) != spectator:
                where = _first_difference(spectator, sample.view(None), "view")
                ctx.fail(
                    "view-invariance",
                    f"view(None) differs in a determinize({seat}, rng) sample ({where}): the spectator's view shows "
                    "hidden information",
                )
            if sample.current_player != state.current_player:
                ctx.fail("determinize", f"a determinize({seat}, rng) sample has another current player")
            if seat == state.current_player and [a.code for a in sample.legal_actions()] != legal:
                ctx.fail("determinize", f"a determinize({seat}, rng) sample gives seat {seat} other legal actions")
            if not resampled or (sample_number == 0 and seat == max(state.current_player, 0)):
                sampled = sample.to_json()
                resampled = resampled or sampled != before
                if sample_number == 0 and seat == max(state.current_player, 0):
                    twin = state.determinize(seat, random.Random(sample_seed))
                    if twin.to_json() != sampled:
                        ctx.fail("determinize", f"determinize({seat}, rng) is not reproducible from its rng")
                    # The same rng from another state with the same view must give the same sample;
                    # otherwise the sample carries the truth to whoever searches it (a cheating bot).
                    elsewhere = state.determinize(seat, random.Random(rng.getrandbits(64)))
                    if elsewhere.determinize(seat, random.Random(sample_seed)).to_json() != sampled:
                        ctx.fail(
                            "determinize",
                            f"determinize({seat}, rng) depends on hidden information: from another state with the "
                            "same view, the same rng gives another sample (sort what you resample before shuffling)",
                        )
            if sample_number == 0 and not sample.is_terminal():
                sample.apply(sample.legal_actions()[-1])
        if not resampled and not ctx.game.explicit_chance:  # (with chance nodes there may be nothing hidden)
            ctx.fail(
                "determinize",
                f"every determinize({seat}, rng) sample is the true state: hidden information and the RNG must be "
                "resampled, or a bot searching the samples would know the future",
            )
    after = state.to_json()
    if after != before:
        ctx.fail(
            "determinize",
            f"determinize, or playing on one of its samples, changed the original state "
            f"({_first_difference(before, after, 'to_json()')})",
        )


# ======================================================================= small helpers


def _same_events(first: Sequence[Event], second: Sequence[Event]) -> bool:
    """Equal events, or events that are equal as JSON (a tuple in one and a list in the other)."""
    return list(first) == list(second) or _events_json(first) == _events_json(second)


def _events_json(events: Iterable[Event]) -> list[Any]:
    """Events as plain JSON data, so copies made by different routes compare equal."""
    return [json.loads(json.dumps(e.to_json(), default=repr)) for e in events]


def _first_difference(a: Any, b: Any, path: str) -> str:
    """Where two JSON-like values first differ, as a path (``to_json().hands[1][0]: 3 vs 5``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'the first' if key in a else 'the second'}"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}")
        return f"{path}: equal"
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return _first_difference(x, y, f"{path}[{index}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} items vs {len(b)}"
        return f"{path}: equal"
    return f"{path or 'value'}: {_short(a)} vs {_short(b)}"


def check_players_page(game: Game) -> list[str]:
    """What is wrong with a game's players' page (``how_to_play.md``, see :mod:`.pages`): every
    placeholder names a value of the game's data, no internal id (AMB-7, REC-3, §5.1) reaches
    players, and every refusal key links to a heading of the page. Empty when all is well."""
    source = pages.page_source(type(game))
    if source is None:
        return [f"{game.id} has no players' page ({pages.PAGE_FILE} in its folder)"]
    problems = []
    try:
        text = pages.fill(source, pages.game_data(type(game)))
    except pages.PageError as exc:
        return [f"{game.id}'s page: {exc}"]
    problems += [f"{game.id}'s page shows the internal id {found!r}" for found in pages.internal_ids(text)]
    anchors = {h.anchor for h in pages.headings(text)}
    for key in sorted(game.refusals):
        anchor = game.rule_anchors.get(key)
        if anchor is None:
            problems.append(f"{game.id}'s refusal {key!r} names no rule of the page (Game.rule_anchors)")
        elif anchor not in anchors:
            problems.append(f"{game.id}'s refusal {key!r} links to #{anchor}, which is no heading of the page")
    return problems


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


__all__ = [
    "CHECKS",
    "DEFAULT_MAX_ACTIONS",
    "ConformanceError",
    "ConformanceReport",
    "Context",
    "check_all",
    "check_game",
    "check_players_page",
    "check_seeded_game",
]
