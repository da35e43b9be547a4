"""Readable Citrus positions for tests.

A position starts from a real ``new_state``; helpers then set only what a worked example
gives: regions by space labels ("E3"), market tiles, money, workers, held tiles. Labels are
column letter + row number, as in the action texts; types are the action-text names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from fruitbowl.engine import Action, Event, get_game
from fruitbowl.engine.chance import CHANCE, Dealer, Dealing
from fruitbowl.games.citrus.components import COMPONENTS as C
from fruitbowl.games.citrus.components import parse_board
from fruitbowl.games.citrus.placement import tables
from fruitbowl.games.citrus.rules import Citrus, CitrusState

GAME = cast(Citrus, get_game("citrus"))  # (typed: the tests read its states' fields)


def kind(name: str) -> int:
    """``"lime"`` or ``"lime well"`` -> tile kind."""
    words = name.split()
    return C.types.index(words[0]) * 2 + (1 if len(words) > 1 and words[1] == "well" else 0)


class DealtState(CitrusState):
    """A state whose moves resolve the chance nodes they lead to at once (market refills, a new
    Finca and the site turned up after it), as a table's seeded dealer does."""

    __slots__ = ("dealer",)
    dealer: Dealing

    def apply(self, action: Action | int | str) -> list[Event]:
        events = CitrusState.apply(self, action)
        while self.current_player == CHANCE:
            events += CitrusState.apply(self, self.dealer.draw(self))
        return events

    def clone(self) -> DealtState:
        c = super().clone()
        c.dealer = self.dealer.copy()
        return c


def dealing(state: CitrusState, seed: int = 7) -> DealtState:
    """The same position (a copy), its moves' chance resolved by the dealer seeded with ``seed``."""
    dealt = DealtState.__new__(DealtState)
    for name in CitrusState.__slots__:
        if hasattr(state, name):
            setattr(dealt, name, getattr(state, name))
    dealt.dealer = Dealer(seed)
    return dealt.clone()


def dealt(
    players: int = 3, seed: int = 7, options: dict[str, Any] | None = None, dealer: Dealing | None = None
) -> DealtState:
    """A new game as a table deals it with this seed: its setup's chance nodes resolved by the
    seeded dealer (or by ``dealer``: a rules-1 game's); their events in ``setup_events``, as a
    record's opening has them), and every move's chance after that resolved by it at once."""
    state = DealtState.__new__(DealtState)
    start = GAME.new_state(players, seed, options)
    for name in CitrusState.__slots__:
        if hasattr(start, name):
            setattr(state, name, getattr(start, name))
    state.dealer = dealer or Dealer(seed)
    while state.current_player == CHANCE:
        state.setup_events += CitrusState.apply(state, state.dealer.draw(state))
    return state


def fresh(players: int = 3, seed: int = 7, **options: Any) -> CitrusState:
    return dealt(players, seed, options)


def touch(state: CitrusState) -> None:
    """Forget cached answers after a test edits the position directly."""
    state.forget_answers()


def region(state: CitrusState, owner: int, type_name: str, labels: Iterable[str], wells: int = 0) -> int:
    """A region of ``type_name`` on ``labels`` (the first ``wells`` with wells), owned by ``owner``
    (-1 neutral); an owned region takes one worker from the owner's mat."""
    geo = state.geo
    spaces = [geo.space(label) for label in labels]
    colour = C.types.index(type_name)
    r = len(state.rcol)
    state.rcol.append(colour)
    state.rown.append(owner)
    state.rcells.append(tuple(spaces))
    for i, s in enumerate(spaces):
        state.plant[s] = colour * 2 + (1 if i < wells else 0)
        state.rid[s] = r
        state.land[s] = -1
    if owner >= 0:
        state.workers[owner] -= 1
    touch(state)
    return r


def set_market(state: CitrusState, tiles: dict[int, str]) -> None:
    """Market space number (1–12) -> tile name; every other space empty."""
    state.market = [-1] * C.market_spaces
    for number, name in tiles.items():
        state.market[number - 1] = kind(name)
    touch(state)


def give(state: CitrusState, seat: int, *kinds: str, value: int = 0) -> None:
    """Give ``seat`` landscape tiles of these kinds from the unused supply (horses/money by value)."""
    owned = {t for p in range(state.num_players) for t in state.held[p] + state.horses[p]}
    for wanted in kinds:
        free = [
            t for t, (k, v) in enumerate(C.landscape) if k == wanted and t not in owned and (not value or v == value)
        ]
        loose = [t for t in free if t not in state.land]  # in the box
        tile = loose[0] if loose else free[0]
        if tile in state.land:  # take it off the board
            state.land[state.land.index(tile)] = -1
        owned.add(tile)
        (state.horses if wanted == "horses" else state.held)[seat].append(tile)
        state.held[seat].sort()
    touch(state)


def begin_placing(state: CitrusState, seat: int, *names: str, main_done: bool = True) -> None:
    """Seat ``seat`` has tiles waiting to be built (as after a purchase)."""
    from fruitbowl.games.citrus.rules import PLACE

    state.player, state.phase, state.main_done = seat, PLACE, main_done
    for name in names:
        state.waiting[kind(name)] += 1
    touch(state)


def legal_texts(state: CitrusState) -> set[str]:
    return {a.text for a in state.legal_actions()}


SANDBOX = """
status: RECONSTRUCTED
start: A
stack:
grid:
.  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .
.  .  .  .  *  +  .  .  .  .  .
.  .  .  .  +  A  +  .  .  .  .
.  .  .  .  .  +  #  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .
"""


def sandbox(players: int) -> CitrusState:
    """An otherwise empty 11×9 board with one site A at (5,5), a landscape space at (4,4) and a
    rock at (6,6) (rules §13 E1's fixture)."""
    state = fresh(players)
    geo = parse_board("sandbox", SANDBOX.replace("stack:", "stack: "), "sandbox")
    state.geo = geo
    state.tab = tables(geo)  # (the rules read the board's look-up tables from the state)
    size = geo.size
    state.plant, state.rid, state.land = [-1] * size, [-1] * size, [-1] * size
    state.rcol, state.rown, state.rcells = [], [], []
    state.land[geo.space("E5")] = 0  # a horse tile, unclaimed
    state.fincas, state.scored = [-1], [0]
    state.workers = [C.workers] * players
    touch(state)
    return state


def finca_id(high: int) -> int:
    return next(f for f, (h, _lo) in enumerate(C.fincas) if h == high)


def events_of(events: list[Event], kind_name: str) -> list[Event]:
    return [e for e in events if e.kind == kind_name]
